import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceHistory,
  invoiceTestContext,
} from '../test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
let statusIds: Record<string, number>;
let partTypeId: number;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
  const statuses = (await api.get('/api/ReplacementPartStatuses', t.reviewer)).json() as {
    id: number;
    name: string;
  }[];
  statusIds = Object.fromEntries(statuses.map((s) => [s.name, s.id]));
  partTypeId = (await api.get('/api/PartTypes', t.reviewer))
    .json()
    .find((p: any) => p.name === 'Windshield').id;
});
afterAll(() => t.app.close());

const MISSING = 2_000_000_000;
const finalize = async (id: number) => {
  await api.post(`/api/Invoices/${id}/submit`, t.admin);
  expect((await api.post(`/api/Invoices/${id}/finalize`, t.admin)).statusCode).toBe(200);
};

describe('replacement parts', () => {
  it('adds and edits parts, recomputing partsCost and the total, stamping orderedAt', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const before = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
    const res = await api.post('/api/InvoiceParts', t.repairTech, {
      invoiceId: id,
      partTypeId,
      partNumber: 'FW01234',
      description: 'Windshield',
      vendorId: 1,
      cost: 60,
      price: 100,
      statusId: statusIds.Needed,
    });
    expect(res.statusCode).toBe(201);
    const detail = res.json();
    expect(detail.parts).toEqual([
      expect.objectContaining({
        partType: 'Windshield',
        partNumber: 'FW01234',
        price: 100,
        status: 'Needed',
        orderedAt: null,
      }),
    ]);
    expect(detail.partsCost).toBe(100);
    expect(detail.totalCost).toBe(before.laborCost + 100 + before.taxCost);
    const partId = detail.parts[0].id;
    const edited = (
      await api.put(`/api/InvoiceParts/${partId}`, t.admin, { price: 150, statusId: statusIds.Ordered })
    ).json();
    expect(edited.partsCost).toBe(150);
    expect(edited.parts[0]).toEqual(
      expect.objectContaining({ status: 'Ordered', orderedAt: expect.any(String) }),
    );
    const history = await invoiceHistory(t.app, id);
    expect(history[0].activity).toBe('Parts changed');
    // The part is named as the screen shows it, never by its database id (which reads like an invoice number).
    expect(history[0].details).toBe(
      `Part Windshield FW01234 edited: price: 100 → 150; statusId: ${statusIds.Needed} → ${statusIds.Ordered}`,
    );
    expect(history[0].details).not.toContain(String(partId));
    expect(history[1].details).toBe('Part added: Windshield FW01234');
    const described = (
      await api.post('/api/InvoiceParts', t.admin, {
        invoiceId: id,
        partTypeId,
        description: 'Lower molding, driver side',
        price: 20,
        statusId: statusIds.Needed,
      })
    ).statusCode;
    expect(described).toBe(201);
    expect((await invoiceHistory(t.app, id))[0].details).toBe(
      'Part added: Windshield (Lower molding, driver side)',
    );
  });

  it('validates (400), checks role (403), invoice (404) and refuses a finalized invoice (409)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const part = { invoiceId: id, partTypeId, price: 10, statusId: statusIds.Needed };
    const noPrice = await api.post('/api/InvoiceParts', t.admin, { ...part, price: undefined });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().errors.price).toBeTruthy();
    const vendor = await api.post('/api/InvoiceParts', t.admin, { ...part, vendorId: MISSING });
    expect(vendor.json().errors.vendorId).toEqual([`Unknown vendor ${MISSING}`]);
    expect((await api.post('/api/InvoiceParts', t.reviewer, part)).statusCode).toBe(403);
    expect((await api.post('/api/InvoiceParts', t.admin, { ...part, invoiceId: MISSING })).statusCode).toBe(
      404,
    );
    expect((await api.put(`/api/InvoiceParts/${MISSING}`, t.admin, { price: 1 })).statusCode).toBe(404);
    await finalize(id);
    const closed = await api.post('/api/InvoiceParts', t.admin, part);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(`Invoice ${id} is finalized; unfinalize it before changing it.`);
  });
});

describe('accessories', () => {
  it('adds through PATCH and removes through deleteAccessories, with history', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const [a, b] = await t.app.deps.db.rows<{ id: number; name: string }>(
      sql`select id, name from windshield_accessories where is_active order by id limit 2`,
    );
    const added = await api.patch(`/api/Invoices/${id}`, t.repairTech, {
      accessories: [
        { accessoryId: a.id, invoiceId: id },
        { accessoryId: b.id, invoiceId: id },
      ],
    });
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .accessories.map((x: any) => x.accessoryId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Accessories added');
    const again = await api.patch(`/api/Invoices/${id}`, t.admin, {
      accessories: [{ accessoryId: a.id, invoiceId: id }],
    });
    expect(again.json().accessories).toHaveLength(2);
    const removed = await api.post(`/api/Invoices/${id}/deleteAccessories`, t.admin, {
      accessoryIds: [a.id],
    });
    expect(removed.json().accessories).toEqual([
      expect.objectContaining({ accessoryId: b.id, name: b.name }),
    ]);
    expect((await invoiceHistory(t.app, id))[0]).toEqual(
      expect.objectContaining({ activity: 'Accessories removed', details: a.name }),
    );
  });

  it('refuses a foreign invoiceId or unknown accessory (400), readers (403), unknown (404), finalized (409)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const foreign = await api.patch(`/api/Invoices/${id}`, t.admin, {
      accessories: [{ accessoryId: 1, invoiceId: id + 1 }],
    });
    expect(foreign.json().errors.accessories).toBeTruthy();
    const unknown = await api.patch(`/api/Invoices/${id}`, t.admin, {
      claimNumber: 'C1',
      accessories: [{ accessoryId: MISSING, invoiceId: id }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().claimNumber).toBeNull();
    expect(
      (await api.post(`/api/Invoices/${id}/deleteAccessories`, t.admin, { accessoryIds: [] })).statusCode,
    ).toBe(400);
    expect(
      (await api.post(`/api/Invoices/${id}/deleteAccessories`, t.reviewer, { accessoryIds: [1] })).statusCode,
    ).toBe(403);
    expect(
      (await api.post(`/api/Invoices/${MISSING}/deleteAccessories`, t.admin, { accessoryIds: [1] }))
        .statusCode,
    ).toBe(404);
    await finalize(id);
    const closed = await api.patch(`/api/Invoices/${id}`, t.admin, {
      accessories: [{ accessoryId: 1, invoiceId: id }],
    });
    expect(closed.statusCode).toBe(409);
  });
});

describe('transactions', () => {
  it('adds, funds and voids; the detail totals non-void transactions', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const res = await api.post('/api/InvoiceTransactions', t.adminAssistant, {
      invoiceId: id,
      transactionTypeId: 1,
      amount: 120.5,
      paymentTypeId: 4,
    });
    expect(res.statusCode).toBe(201);
    const tx = res.json();
    expect(tx).toEqual(
      expect.objectContaining({
        transactionType: 'Cash',
        statusId: 0,
        status: 'Open',
        amount: 120.5,
        fundedAt: null,
      }),
    );
    await api.post('/api/InvoiceTransactions', t.adminAssistant, {
      invoiceId: id,
      transactionTypeId: 3,
      amount: 10,
    });
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().transactionsTotal).toBe(130.5);
    const funded = await api.put(`/api/InvoiceTransactions/${tx.id}`, t.admin, {
      statusId: 1,
      reference: 'R-9',
    });
    expect(funded.json()).toEqual(
      expect.objectContaining({ status: 'Funded', reference: 'R-9', fundedAt: expect.any(String) }),
    );
    const reopen = await api.put(`/api/InvoiceTransactions/${tx.id}`, t.admin, { statusId: 0 });
    expect(reopen.statusCode).toBe(409);
    expect((await api.put(`/api/InvoiceTransactions/${tx.id}`, t.admin, { statusId: 2 })).json().status).toBe(
      'Void',
    );
    expect((await api.put(`/api/InvoiceTransactions/${tx.id}`, t.admin, { amount: 1 })).statusCode).toBe(409);
    const list = (await api.get(`/api/InvoiceTransactions?InvoiceId=${id}`, t.reviewer)).json();
    expect(list).toHaveLength(2);
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().transactionsTotal).toBe(10);
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Transaction updated');
  });

  it('validates (400), checks role (403) and invoice (404); allowed on a finalized invoice', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const body = { invoiceId: id, transactionTypeId: 1, amount: 5 };
    expect(
      (await api.post('/api/InvoiceTransactions', t.admin, { ...body, transactionTypeId: 4 })).json().errors
        .transactionTypeId,
    ).toBeTruthy();
    expect(
      (await api.post('/api/InvoiceTransactions', t.admin, { ...body, amount: -1 })).json().errors.amount,
    ).toBeTruthy();
    const ro = await api.post('/api/InvoiceTransactions', t.admin, { ...body, paymentTypeId: 5 });
    expect(ro.json().errors.reference).toEqual(['Reference is required for Repair Order payments']);
    expect((await api.post('/api/InvoiceTransactions', t.reviewer, body)).statusCode).toBe(403);
    expect(
      (await api.post('/api/InvoiceTransactions', t.admin, { ...body, invoiceId: MISSING })).statusCode,
    ).toBe(404);
    expect((await api.get(`/api/InvoiceTransactions?InvoiceId=${MISSING}`, t.admin)).statusCode).toBe(404);
    expect((await api.put(`/api/InvoiceTransactions/${MISSING}`, t.admin, { statusId: 1 })).statusCode).toBe(
      404,
    );
    await finalize(id);
    expect((await api.post('/api/InvoiceTransactions', t.admin, body)).statusCode).toBe(201);
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().appointmentSchedules).toEqual([]);
  });
});
