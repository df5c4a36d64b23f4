import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { requestUriResponse } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const uri = (token: string, query: string) =>
  app.inject({ method: 'GET', url: `/api/phoneExtensions/getRequestUri?${query}`, headers: auth(token) });

describe('phone bridge: getRequestUri', () => {
  it("fills the user's extension template with the dialled digits", async () => {
    const admin = await login(app, DEMO.admin);
    const res = await uri(admin, 'destinationPhone=(713) 555-0100');
    expect(res.statusCode, res.body).toBe(200);
    expect(parseAs(requestUriResponse, res)).toMatch(/^(tel|sip):7135550100/);
  });

  it("uses the facility's extension and DID when asked", async () => {
    const admin = await login(app, DEMO.admin);
    const res = await uri(admin, 'destinationPhone=7135550100&useFacilityId=true&facilityId=3');
    expect(parseAs(requestUriResponse, res)).toBe('tel:7135550100');
  });

  it('refuses a destination that is not a phone number, and roles that may not call', async () => {
    const admin = await login(app, DEMO.admin);
    expect((await uri(admin, 'destinationPhone=abc')).statusCode).toBe(400);
    const tech = await login(app, DEMO.repairTech);
    expect((await uri(tech, 'destinationPhone=7135550100')).statusCode).toBe(403);
  });

  it('a template with a scheme that could run script is refused when declared', async () => {
    const admin = await login(app, DEMO.admin);
    const res = await app.inject({
      method: 'POST',
      url: '/api/phoneExtensions',
      headers: auth(admin),
      payload: { name: 'Evil', extension: '1', uriTemplate: 'javascript:alert({destinationPhone})' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.uriTemplate[0]).toMatch(/must start with tel:/);
  });
});
