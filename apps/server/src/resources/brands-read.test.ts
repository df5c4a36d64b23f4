import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-type.js';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const call = async (method: 'GET' | 'POST', url: string, who: keyof typeof DEMO, payload?: object) =>
  app.inject({ method, url, headers: auth(await login(app, DEMO[who])), ...(payload ? { payload } : {}) });

describe('Brands are a pick list every role reads (the STA Phones Brand filter)', () => {
  it.each(['leadTech', 'repairTech', 'adminAssistant', 'reviewer'] as const)(
    '%s reads GET /api/Brands and one brand',
    async (who) => {
      const list = await call('GET', '/api/Brands?$select=id,name&$top=500', who);
      expect(list.statusCode).toBe(200);
      const brands = list.json().value;
      expect(brands.length).toBeGreaterThan(0);
      expect(brands[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
      expect((await call('GET', `/api/Brands/${brands[0].id}`, who)).statusCode).toBe(200);
    },
  );

  it('only managers write them: a Lead Technician creating a brand is a 403', async () => {
    const res = await call('POST', '/api/Brands', 'leadTech', { name: 'Nope', shortName: 'NO' });
    expect(res.statusCode).toBe(403);
  });

  it('no token is a 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/Brands' })).statusCode).toBe(401);
  });
});
