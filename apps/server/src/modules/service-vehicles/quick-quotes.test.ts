import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createSv, type SvTestContext, svTestContext } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
});
afterAll(() => t.app.close());

const quote1 = {
  cog: 210.5,
  partNumber: 'FW04455',
  partTypeId: 2,
  quoted: 379,
  gradeId: 1,
  manufacturer: 'Pilkington',
};

describe('/api/QuickQuotes', () => {
  it('POST adds quote 1 and quote 2; GET by ServiceVehicleId lists them newest first', async () => {
    const sv = await createSv(t.app, t.admin, { repairCount: 4 });
    const res = await api.post('/api/QuickQuotes', t.leadTech, {
      serviceVehicleId: sv.id,
      quote1,
      quote2: { partNumber: 'FW04455-AM', gradeId: 3, quoted: 259 },
    });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        serviceVehicleId: sv.id,
        quotedAt: expect.any(String),
        quotedBy: 'Luis Ortega',
      }),
    );
    expect(q.quote1).toEqual({ invoiceId: null, ...quote1 });
    expect(q.quote2).toEqual(
      expect.objectContaining({ partNumber: 'FW04455-AM', gradeId: 3, quoted: 259, cog: null }),
    );

    const list = (await api.get(`/api/QuickQuotes?ServiceVehicleId=${sv.id}`, t.reviewer)).json();
    expect(list.value).toEqual([q]);
    const odata = (await api.get(`/api/QuickQuotes?$filter=serviceVehicleId eq ${sv.id}`, t.reviewer)).json();
    expect(odata.value).toEqual([q]);
    const detail = (await api.get(`/api/ServiceVehicle/${sv.id}`, t.admin)).json();
    expect(detail.history[0]).toEqual(expect.objectContaining({ activity: 'Quick quote added' }));
  });

  it('PUT changes only what differs; the same values again write nothing', async () => {
    const sv = await createSv(t.app, t.admin, { repairCount: 4 });
    const q = (await api.post('/api/QuickQuotes', t.admin, { serviceVehicleId: sv.id, quote1 })).json();
    const res = await api.put(`/api/QuickQuotes/${q.id}`, t.admin, { quote1: { ...quote1, quoted: 399 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().quote1.quoted).toBe(399);
    const history = async () =>
      (await api.get(`/api/ServiceVehicleHistory?ServiceVehicleId=${sv.id}`, t.admin)).json().value as any[];
    const after = await history();
    expect(after[0]).toEqual(
      expect.objectContaining({ activity: 'Quick quote updated', details: 'quote1.quoted: 379 → 399' }),
    );
    await api.put(`/api/QuickQuotes/${q.id}`, t.admin, { quote1: { ...quote1, quoted: 399 } });
    expect(await history()).toHaveLength(after.length);
  });

  it('refuses unknown part types, grades and invoices with 400 naming the field; 404 for unknown ids', async () => {
    const sv = await createSv(t.app, t.admin);
    const bad = await api.post('/api/QuickQuotes', t.admin, {
      serviceVehicleId: sv.id,
      quote1: { partTypeId: 999 },
      quote2: { gradeId: 999 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['quote1.partTypeId']).toBeDefined();
    const inv = await api.post('/api/QuickQuotes', t.admin, {
      serviceVehicleId: sv.id,
      quote2: { invoiceId: 99999999 },
    });
    expect(inv.json().errors['quote2.invoiceId']).toBeDefined();
    const money = await api.post('/api/QuickQuotes', t.admin, {
      serviceVehicleId: sv.id,
      quote1: { cog: -1 },
    });
    expect(money.json().errors['quote1.cog']).toBeDefined();
    expect((await api.post('/api/QuickQuotes', t.admin, { serviceVehicleId: 99999999 })).statusCode).toBe(
      404,
    );
    expect((await api.put('/api/QuickQuotes/99999999', t.admin, { quote1: {} })).statusCode).toBe(404);
  });

  it('GET /api/QuickQuotes/Lists gives the part types and grades a quote picks from', async () => {
    const res = await api.get('/api/QuickQuotes/Lists', t.reviewer);
    expect(res.statusCode).toBe(200);
    const { partTypes, grades } = res.json();
    expect(partTypes).toEqual(expect.arrayContaining([{ id: 2, name: 'Windshield' }]));
    expect(grades.map((g: { name: string }) => g.name)).toEqual(
      expect.arrayContaining(['OEM', 'OEE', 'Aftermarket']),
    );
  });
});
