import { isOutstanding } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceTestContext,
} from '../test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

const MISSING = 2_000_000_000;
const q = encodeURIComponent;

describe('GET /api/Invoices/summary', () => {
  it('counts what the list filter selects', async () => {
    const a = await createInvoice(t.app, t.admin);
    const b = await createInvoice(t.app, t.admin);
    await api.post(`/api/Invoices/${a.id}/submit`, t.admin);
    const filter = q(`id in (${a.id}, ${b.id})`);
    const res = await api.get(`/api/Invoices/summary?$filter=${filter}`, t.reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 2, submitted: 1, signed: 0, replacement: 0 });
    const list = (await api.get(`/api/Invoices?$filter=${filter}&$count=true`, t.reviewer)).json();
    expect(list['@odata.count']).toBe(2);
  });

  it('answers 400 on a bad filter', async () => {
    const res = await api.get(`/api/Invoices/summary?$filter=${q('nope eq 1')}`, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.$filter).toBeTruthy();
  });
});

describe('GET /api/Invoices/outstanding', () => {
  it('lists unpaid and missing-reference invoices as the domain rule says, 25 at most', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const one = async () =>
      (await api.get(`/api/Invoices/outstanding?$filter=${q(`id eq ${id}`)}`, t.reviewer)).json().value[0];
    await api.patch(`/api/Invoices/${id}`, t.admin, { paymentTypeId: 0 });
    expect(await one()).toEqual(expect.objectContaining({ id, outstandingReason: 'Unpaid' }));
    await api.patch(`/api/Invoices/${id}`, t.admin, {
      paymentTypeId: 1,
      deductibleAmount: 100,
      deductiblePaymentTypeId: 5,
      referenceNumber: null,
    });
    expect((await one())?.outstandingReason).toBe('Missing reference');
    await api.patch(`/api/Invoices/${id}`, t.admin, { referenceNumber: 'RO-1' });
    expect(await one()).toBeUndefined();

    const page = await api.get('/api/Invoices/outstanding?$top=100&$count=true', t.reviewer);
    const body = page.json();
    expect(body.value.length).toBeLessThanOrEqual(25);
    const ids = body.value.map((r: { id: number }) => r.id);
    if (ids.length) {
      const rows = await t.app.deps.db.rows<any>(
        sql`select payment_type_id as "paymentTypeId", reference_number as "referenceNumber", funded, funded_at as "fundedAt",
              void, lost, json_build_object('value', deductible_amount::float8, 'paymentTypeId', deductible_payment_type_id) as "deductiblePayment",
              json_build_object('value', deposit_amount::float8, 'paymentTypeId', deposit_payment_type_id) as "depositPayment"
            from invoices where id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      expect(rows.every((r) => isOutstanding(r))).toBe(true);
    }
  });
});

describe('finalizing', () => {
  it('lists submitted invoices with their clearing house and finalizes in bulk, reporting refusals', async () => {
    const [insurer] = await t.app.deps.db.rows<{ id: number; chId: number; chName: string }>(
      sql`select ic.id, ch.id as "chId", ch.name as "chName" from insurance_companies ic
          join clearing_houses ch on ch.id = ic.clearing_house_id where not ic.inactive order by ic.id limit 1`,
    );
    const a = await createInvoice(t.app, t.admin);
    const b = await createInvoice(t.app, t.admin);
    await api.patch(`/api/Invoices/${a.id}`, t.admin, { paymentTypeId: 1, insuranceCompanyId: insurer.id });
    await api.post(`/api/Invoices/${a.id}/submit`, t.admin);
    const listed = (
      await api.get(`/api/Invoices/finalizing?$filter=${q(`id in (${a.id}, ${b.id})`)}`, t.reviewer)
    ).json();
    expect(listed.value).toEqual([
      expect.objectContaining({ id: a.id, clearingHouse: { id: insurer.chId, name: insurer.chName } }),
    ]);

    const res = await api.post('/api/Invoices/finalize', t.adminAssistant, {
      invoiceIds: [a.id, b.id, MISSING],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      finalized: [a.id],
      refused: [
        { id: b.id, message: `Invoice ${b.id} is not submitted; submit it before finalizing it.` },
        { id: MISSING, message: expect.stringContaining(String(MISSING)) },
      ],
    });
    expect((await api.get(`/api/Invoices/${a.id}`, t.admin)).json().finalized).toBe(true);
    const again = await api.post('/api/Invoices/finalize', t.admin, { invoiceIds: [a.id] });
    expect(again.json().refused).toEqual([{ id: a.id, message: `Invoice ${a.id} is already finalized.` }]);
    const after = (
      await api.get(`/api/Invoices/finalizing?$filter=${q(`id eq ${a.id}`)}`, t.reviewer)
    ).json();
    expect(after.value).toEqual([]);
  });

  it('validates (400) and needs invoice.finalize (403)', async () => {
    expect(
      (await api.post('/api/Invoices/finalize', t.admin, { invoiceIds: [] })).json().errors.invoiceIds,
    ).toBeTruthy();
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await api.post('/api/Invoices/finalize', t.admin, { invoiceIds: many })).statusCode).toBe(400);
    expect((await api.post('/api/Invoices/finalize', t.leadTech, { invoiceIds: [1] })).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the record routes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/Invoices/summary',
      '/api/InvoicesHistory',
      '/api/InvoiceTransactions/{id}',
      '/api/Invoices/finalize',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
