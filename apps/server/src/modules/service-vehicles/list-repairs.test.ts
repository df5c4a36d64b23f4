import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createSv, type SvTestContext, svTestContext } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
});
afterAll(() => t.app.close());

describe('GET /api/ServiceVehicles lists only vehicles with repairs > 0 (spec 1 §5)', () => {
  it('a pending vehicle (0 repairs) is not listed, whatever the query asks', async () => {
    const pending = await createSv(t.app, t.admin, { repairCount: 0 });
    const withRepairs = await createSv(t.app, t.admin, { repairCount: 1 });
    const ids = (q: string) =>
      api
        .get(`/api/ServiceVehicles?$select=id&${q}`, t.admin)
        .then((r) => r.json().value.map((v: { id: number }) => v.id));
    expect(await ids(`$filter=id eq ${pending.id}`)).toEqual([]);
    expect(await ids(`$filter=id eq ${withRepairs.id}`)).toEqual([withRepairs.id]);
    expect(await ids(`$filter=repairCount eq 0&$top=5`)).toEqual([]);
    expect(await ids(`$filter=repairCount eq 0 or id eq ${pending.id}&$top=5`)).toEqual([]);
    // The newest-first drive variant shows the new vehicle with repairs, not the pending one.
    const drive = await ids('$orderby=id desc&$top=50');
    expect(drive).toContain(withRepairs.id);
    expect(drive).not.toContain(pending.id);
    // Its detail still opens.
    expect((await api.get(`/api/ServiceVehicle/${pending.id}`, t.admin)).statusCode).toBe(200);
  });

  it('the default list and its count hold no row with 0 repairs', async () => {
    const res = await api.get(
      '/api/ServiceVehicles?$select=id,repairCount&$orderby=priority asc,id desc&$top=100&$count=true',
      t.reviewer,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.value.length).toBeGreaterThan(0);
    expect(body.value.every((v: { repairCount: number }) => v.repairCount > 0)).toBe(true);
    const zero = await api.get(
      '/api/ServiceVehicles?$filter=repairCount le 0&$count=true&$top=0',
      t.reviewer,
    );
    expect(zero.json()['@odata.count']).toBe(0);
  });
});
