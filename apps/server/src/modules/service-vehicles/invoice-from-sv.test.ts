import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, grantFacilities } from '../../../test/harness.js';
import { client, createSv, type SvTestContext, svTestContext, VALID_VIN } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
let ungrant = async () => {};
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
  // The lead tech also works at facility 3 (decision 0016), where the first vehicle below is.
  ungrant = await grantFacilities(t.app, DEMO.leadTech, [3]);
});
afterAll(async () => {
  await ungrant();
  await t.app.close();
});

const initiate = (id: number, token = t.leadTech) =>
  api.post(`/api/Invoices/createInvoiceFromServiceVehicle/${id}`, token);

describe('POST /api/Invoices/createInvoiceFromServiceVehicle/{id}', () => {
  it('makes the invoice from the vehicle, links it, and the vehicle then has priority 9', async () => {
    const sv = await createSv(t.app, t.leadTech, {
      repairCount: 2,
      paymentTypeId: 5,
      facilityId: 3,
      repairs: [{ description: 'Star break', amount: 59.95 }, { amount: 29.95 }],
    });
    await api.put(`/api/ServiceVehicle/${sv.id}/markOkToCall`, t.leadTech);
    const res = await initiate(sv.id);
    expect(res.statusCode).toBe(201);
    const { invoiceId, created } = res.json();
    expect(created).toBe(true);
    expect(invoiceId).toBeGreaterThan(0);

    const [inv] = await t.app.deps.db.rows<Record<string, unknown>>(
      sql`select facility_id, customer_id, payment_type_id, reference_number, vin, vehicle_make, service_vehicle_id, ro_number,
                 repair_count, replacement, initiated, sold_to, customer_phone, labor_cost, tax_cost, total_cost, created_by_id
          from invoices where id = ${invoiceId}`,
    );
    expect(inv).toEqual(
      expect.objectContaining({
        facility_id: 3,
        customer_id: sv.customer.id,
        payment_type_id: 5,
        reference_number: sv.repairOrder.repairOrderNumber,
        vin: VALID_VIN,
        vehicle_make: 'Honda',
        service_vehicle_id: sv.id,
        ro_number: sv.repairOrder.repairOrderNumber,
        repair_count: 2,
        replacement: false,
        initiated: true,
        sold_to: 'Pat Testcase',
        customer_phone: '7135550199',
        // Labor 89.90, tax 8.25 % of labor (7.416 75 → 7.42), total 97.32.
        labor_cost: 89.9,
        tax_cost: 7.42,
        total_cost: 97.32,
        created_by_id: 103,
      }),
    );
    const lines = await t.app.deps.db.rows<{ description: string; amount: number }>(
      sql`select description, amount from invoice_repairs where invoice_id = ${invoiceId} order by line_number`,
    );
    expect(lines).toEqual([
      { description: 'Star break', amount: 59.95 },
      { description: 'Chip repair', amount: 29.95 },
    ]);
    const [ih] = await t.app.deps.db.rows<{ activity: string }>(
      sql`select activity from invoice_history where invoice_id = ${invoiceId}`,
    );
    expect(ih.activity).toBe('Invoice created');

    const detail = (await api.get(`/api/ServiceVehicle/${sv.id}`, t.admin)).json();
    expect(detail).toEqual(expect.objectContaining({ invoiceId, priority: 9 }));
    expect(detail.history[0]).toEqual(
      expect.objectContaining({ activity: 'Invoice created', details: `Invoice ${invoiceId}` }),
    );
    const row = (
      await api.get(`/api/ServiceVehicles?$filter=id eq ${sv.id}&$select=id,priority,invoiceId`, t.admin)
    ).json();
    expect(row.value).toEqual([{ id: sv.id, priority: 9, invoiceId }]);
  });

  it('a second call makes no second invoice: 200 with the same id', async () => {
    const sv = await createSv(t.app, t.admin);
    const first = (await initiate(sv.id)).json();
    const again = await initiate(sv.id, t.admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ invoiceId: first.invoiceId, created: false });
    const [{ n }] = await t.app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from invoices where service_vehicle_id = ${sv.id}`,
    );
    expect(n).toBe(1);
  });

  it('concurrent calls still make one invoice', async () => {
    const sv = await createSv(t.app, t.admin);
    const results = await Promise.all([initiate(sv.id), initiate(sv.id), initiate(sv.id)]);
    const ids = new Set(results.map((r) => r.json().invoiceId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });

  it('a replacement becomes a replacement invoice without repair lines', async () => {
    const sv = await createSv(t.app, t.admin, { repairCount: 4 });
    const { invoiceId } = (await initiate(sv.id)).json();
    const [inv] = await t.app.deps.db.rows<{ replacement: boolean; total: number }>(
      sql`select replacement, total_cost as total from invoices where id = ${invoiceId}`,
    );
    expect(inv).toEqual({ replacement: true, total: 0 });
  });

  it('refuses void or lost vehicles and foreign locks (409), unknown ids (404), and roles without invoice.initiate (403)', async () => {
    const voided = await createSv(t.app, t.admin);
    await api.put(`/api/ServiceVehicle/${voided.id}/void`, t.admin);
    const v = await initiate(voided.id);
    expect(v.statusCode).toBe(409);
    expect(v.json().detail).toContain('void');
    const locked = await createSv(t.app, t.admin);
    await api.put(`/api/ServiceVehicle/${locked.id}/lock`, t.manager);
    const l = await initiate(locked.id);
    expect(l.statusCode).toBe(409);
    expect(l.json().detail).toBe(`Service Vehicle ${locked.id} is locked by Marcus Bell.`);
    expect((await initiate(99999999)).statusCode).toBe(404);
    expect((await initiate(locked.id, t.repairTech)).statusCode).toBe(403);
    expect((await initiate(locked.id, t.reviewer)).statusCode).toBe(403);
  });
});
