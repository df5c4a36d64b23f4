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

describe('PATCH /api/Invoices/{id} customer and buyer', () => {
  it('writes only the changed customer fields with one history entry', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const customer = (await api.get(`/api/Invoices/${id}`, t.admin)).json().customer;
    const res = await api.patch(`/api/Invoices/${id}`, t.leadTech, {
      customer: {
        id: customer.id,
        primaryPhone: { phone: '(713) 555-0177' },
        doNotText: true,
        address: { state: 'tx', zip: '77001' },
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().customer;
    expect(after.primaryPhone).toEqual({
      phone: '7135550177',
      phoneTypeId: customer.primaryPhone.phoneTypeId,
    });
    expect(after).toEqual(expect.objectContaining({ doNotText: true, firstName: customer.firstName }));
    expect(after.address).toEqual(expect.objectContaining({ state: 'TX', zip: '77001' }));
    const history = await invoiceHistory(t.app, id);
    expect(history[0].activity).toBe('Customer updated');
    expect(history[0].details).toContain('customer.primaryPhone.phone:');

    const count = history.length;
    const again = await api.patch(`/api/Invoices/${id}`, t.leadTech, {
      customer: { id: customer.id, primaryPhone: { phone: '713-555-0177' } },
    });
    expect(again.statusCode).toBe(200);
    expect(await invoiceHistory(t.app, id)).toHaveLength(count);
  });

  it('refuses a foreign person id, bad values and a finalized invoice', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const other = await createInvoice(t.app, t.admin);
    const mine = (await api.get(`/api/Invoices/${id}`, t.admin)).json().customer;
    const theirs = (await api.get(`/api/Invoices/${other.id}`, t.admin)).json().customer;

    const foreign = await api.patch(`/api/Invoices/${id}`, t.admin, {
      customer: { id: theirs.id, firstName: 'X' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty(['customer.id']);

    const bad = await api.patch(`/api/Invoices/${id}`, t.admin, {
      customer: { id: mine.id, email: 'not-mail', address: { state: 'ZZ' } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json().customer.email).toBe(mine.email);

    await api.post(`/api/Invoices/${id}/submit`, t.admin);
    await api.post(`/api/Invoices/${id}/finalize`, t.admin);
    const closed = await api.patch(`/api/Invoices/${id}`, t.admin, {
      customer: { id: mine.id, lastName: 'Late' },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(`Invoice ${id} is finalized; unfinalize it before changing it.`);
  });
});
