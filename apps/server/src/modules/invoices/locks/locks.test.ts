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

const lockOf = async (id: number) => (await api.get(`/api/InvoiceLocks?InvoiceId=${id}`, t.reviewer)).json();

describe('invoice locks', () => {
  it('locks for the current user, keeps others out (409 naming the holder) and removes own lock', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const res = await api.put(`/api/Invoices/${id}/LockForCurrentUser`, t.leadTech);
    expect(res.statusCode).toBe(200);
    expect(res.json().lock.user.name).toBeTruthy();
    expect((await api.put(`/api/Invoices/${id}/LockForCurrentUser`, t.leadTech)).statusCode).toBe(200);
    const [lock] = await lockOf(id);
    expect(lock).toEqual(expect.objectContaining({ invoiceId: id, userId: res.json().lock.user.id }));
    const holder = res.json().lock.user.name;

    const taken = await api.put(`/api/Invoices/${id}/LockForCurrentUser`, t.repairTech);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(`Invoice ${id} is locked by ${holder}.`);
    const edit = await api.patch(`/api/Invoices/${id}`, t.repairTech, { topper: 'T' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toContain(holder);
    expect((await api.post(`/api/Invoices/${id}/submit`, t.admin)).statusCode).toBe(409);
    expect((await api.patch(`/api/Invoices/${id}`, t.leadTech, { topper: 'T' })).statusCode).toBe(200);

    const other = await api.delete(`/api/InvoiceLocks/${lock.id}`, t.repairTech);
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toContain(holder);
    expect((await api.delete(`/api/InvoiceLocks/${lock.id}`, t.leadTech)).statusCode).toBe(204);
    expect(await lockOf(id)).toEqual([]);
    expect((await api.delete(`/api/InvoiceLocks/${lock.id}`, t.leadTech)).statusCode).toBe(404);
  });

  it("a manager removes someone else's lock (locks.override); Reviewer may not lock (403)", async () => {
    const { id } = await createInvoice(t.app, t.admin);
    await api.put(`/api/Invoices/${id}/LockForCurrentUser`, t.repairTech);
    const [lock] = await lockOf(id);
    expect((await api.delete(`/api/InvoiceLocks/${lock.id}`, t.manager)).statusCode).toBe(204);
    expect((await api.put(`/api/Invoices/${id}/LockForCurrentUser`, t.reviewer)).statusCode).toBe(403);
    expect((await api.put('/api/Invoices/99999999/LockForCurrentUser', t.admin)).statusCode).toBe(404);
    expect((await api.get('/api/InvoiceLocks?InvoiceId=abc', t.admin)).json().errors.InvoiceId).toBeDefined();
  });
});
