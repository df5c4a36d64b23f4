import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-type.js';
import { problem, searchResult } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';

let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.admin);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url, headers: auth(token) });

/** One seeded service vehicle with an RO number, and its facility. */
async function vehicleWithRo() {
  const res = await get(
    '/api/ServiceVehicles?$filter=repairOrder/repairOrderNumber ne null&$top=1&$select=id,facilityId,repairOrder',
  );
  const [sv] = res.json().value;
  return { id: sv.id as number, facilityId: sv.facilityId as number, ro: sv.repairOrder.repairOrderNumber };
}

describe('global search by RO number (spec 1 §5: the RO number field needs a facility)', () => {
  it('without a facility is a 400 naming facilityId', async () => {
    const { ro } = await vehicleWithRo();
    for (const url of [
      `/api/search?roNumber=${encodeURIComponent(ro)}`,
      `/api/search?roNumber=${encodeURIComponent(ro)}&facilityId=`,
      `/api/search?roNumber=${encodeURIComponent(ro)}&lastName=a`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      const body = parseAs(problem, res);
      expect(Object.keys(body.errors ?? {})).toEqual(['facilityId']);
      expect(body.errors?.facilityId[0]).toMatch(/facility/i);
    }
  });

  it('with its facility finds the service vehicle', async () => {
    const sv = await vehicleWithRo();
    const res = await get(`/api/search?roNumber=${encodeURIComponent(sv.ro)}&facilityId=${sv.facilityId}`);
    expect(res.statusCode).toBe(200);
    expect(parseAs(searchResult, res).serviceVehicles.map((v) => v.id)).toContain(sv.id);
  });

  it('a blank RO number is no RO search', async () => {
    const res = await get('/api/search?roNumber=%20%20&lastName=a');
    expect(res.statusCode).toBe(200);
  });
});
