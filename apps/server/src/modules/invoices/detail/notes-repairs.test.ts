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
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

describe('invoice notes', () => {
  it('adds, lists and edits notes; notesCount follows', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const add = await api.post('/api/InvoiceNotes', t.leadTech, {
      invoiceId: id,
      subject: 'Call',
      note: 'Left VM',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual(
      expect.objectContaining({
        invoiceId: id,
        subject: 'Call',
        note: 'Left VM',
        inUtc: true,
        lastEditedAt: null,
      }),
    );
    expect(add.json().author).toBeTruthy();
    await api.post('/api/InvoiceNotes', t.leadTech, { invoiceId: id, note: 'Second' });
    const list = await api.get(`/api/InvoiceNotes?InvoiceId=${id}`, t.reviewer);
    expect(list.json().map((n: { note: string }) => n.note)).toEqual(['Second', 'Left VM']);
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().notesCount).toBe(2);
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Note added');

    const edit = await api.put(`/api/InvoiceNotes/${add.json().id}`, t.leadTech, { note: 'Left voicemail' });
    expect(edit.json()).toEqual(expect.objectContaining({ note: 'Left voicemail', subject: 'Call' }));
    expect(edit.json().lastEditedAt).not.toBeNull();
    expect((await api.put(`/api/InvoiceNotes/${add.json().id}`, t.admin, { note: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('validates (400 with field), 404 unknown, Reviewer 403', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const bad = await api.post('/api/InvoiceNotes', t.admin, { invoiceId: id, note: ' ' });
    expect(bad.json().errors.note).toBeDefined();
    expect(
      (await api.post('/api/InvoiceNotes', t.admin, { invoiceId: 99999999, note: 'x' })).statusCode,
    ).toBe(404);
    expect((await api.put('/api/InvoiceNotes/99999999', t.admin, { note: 'x' })).statusCode).toBe(404);
    expect((await api.post('/api/InvoiceNotes', t.reviewer, { invoiceId: id, note: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('invoice repairs', () => {
  it('adds and edits repair lines; the server recomputes labor and total', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const start = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
    expect(start).toMatchObject({ laborCost: 0, partsCost: 0, taxCost: 0, totalCost: 0 });
    const add = await api.post('/api/InvoiceRepairs', t.leadTech, {
      invoiceId: id,
      description: 'Chip',
      amount: 45.5,
    });
    expect(add.statusCode).toBe(201);
    // Tax is 8.25 % of labor (facility 1): 3.753 75 → 3.75.
    expect(add.json()).toMatchObject({ laborCost: 45.5, taxCost: 3.75, totalCost: 49.25 });
    const line = add.json().repairs.find((r: { description: string }) => r.description === 'Chip');
    expect(line.lineNumber).toBe(start.repairs.length + 1);
    const edit = await api.put(`/api/InvoiceRepairs/${line.id}`, t.leadTech, { amount: 60 });
    expect(edit.json()).toMatchObject({ laborCost: 60, taxCost: 4.95, totalCost: 64.95 });
    expect(Number(edit.json().laborCost)).toBeCloseTo(
      Number(edit.json().totalCost) - Number(edit.json().partsCost) - Number(edit.json().taxCost),
    );
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Repairs changed');
  });

  it('refuses a finalized invoice (409), bad amounts (400), unknown ids (404), Reviewer (403)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const bad = await api.post('/api/InvoiceRepairs', t.admin, {
      invoiceId: id,
      description: 'X',
      amount: -1,
    });
    expect(bad.json().errors.amount).toBeDefined();
    expect((await api.put('/api/InvoiceRepairs/99999999', t.admin, { amount: 1 })).statusCode).toBe(404);
    const body = { invoiceId: id, description: 'X', amount: 1 };
    expect((await api.post('/api/InvoiceRepairs', t.reviewer, body)).statusCode).toBe(403);
    await api.post(`/api/Invoices/${id}/submit`, t.admin);
    await api.post(`/api/Invoices/${id}/finalize`, t.admin);
    expect((await api.post('/api/InvoiceRepairs', t.admin, body)).statusCode).toBe(409);
  });
});
