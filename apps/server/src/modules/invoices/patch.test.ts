import { REFERENCE_REQUIRED } from '@glass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceHistory,
  invoiceTestContext,
} from './test-helpers.js';

let t: InvoiceTestContext;
let api: ReturnType<typeof invoiceClient>;
beforeAll(async () => {
  t = await invoiceTestContext();
  api = invoiceClient(t.app);
});
afterAll(() => t.app.close());

describe('PATCH /api/Invoices/{id}', () => {
  it('writes only changed fields with one history entry; an unchanged PATCH writes nothing', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const before = (await invoiceHistory(t.app, id)).length;
    const res = await api.patch(`/api/Invoices/${id}`, t.leadTech, {
      claimNumber: 'CL-1',
      deductibleAmount: 100,
      flagged: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ claimNumber: 'CL-1' }));
    expect(Number(res.json().deductiblePayment.value)).toBe(100);
    const after = await invoiceHistory(t.app, id);
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toEqual(
      expect.objectContaining({
        activity: 'Invoice updated',
        details: 'claimNumber: (none) → CL-1; deductibleAmount: (none) → 100',
      }),
    );
    const again = await api.patch(`/api/Invoices/${id}`, t.leadTech, {
      claimNumber: 'CL-1',
      deductibleAmount: 100.0,
    });
    expect(again.json().updatedAt).toBe(res.json().updatedAt);
    expect((await api.patch(`/api/Invoices/${id}`, t.leadTech, {})).statusCode).toBe(200);
    expect(await invoiceHistory(t.app, id)).toHaveLength(before + 1);
  });

  it('payment type 5 needs a reference: 400 on referenceNumber', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const res = await api.patch(`/api/Invoices/${id}`, t.admin, { paymentTypeId: 5, referenceNumber: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.referenceNumber).toEqual([REFERENCE_REQUIRED]);
    const ok = await api.patch(`/api/Invoices/${id}`, t.admin, { paymentTypeId: 5, referenceNumber: 'RO-9' });
    expect(ok.json()).toEqual(expect.objectContaining({ paymentTypeId: 5, referenceNumber: 'RO-9' }));
    const clear = await api.patch(`/api/Invoices/${id}`, t.admin, { referenceNumber: null });
    expect(clear.statusCode).toBe(400);
  });

  it('refuses unknown or read-only fields and bad values (400 naming the field); 404; Reviewer 403', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await api.patch(`/api/Invoices/${id}`, t.admin, { totalCost: 5 })).statusCode).toBe(400);
    const bad = await api.patch(`/api/Invoices/${id}`, t.admin, { flagged: 'yes', followUpAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['flagged', 'followUpAt']));
    const tech = await api.patch(`/api/Invoices/${id}`, t.admin, { leadTechnicianId: 99999 });
    expect(tech.json().errors.leadTechnicianId).toBeDefined();
    const missing = await api.patch('/api/Invoices/99999999', t.admin, { flagged: true });
    expect(missing.statusCode).toBe(404);
    expect((await api.patch(`/api/Invoices/${id}`, t.reviewer, { flagged: true })).statusCode).toBe(403);
  });

  it('a Repair Technician may edit but not submit through PATCH (403)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await api.patch(`/api/Invoices/${id}`, t.repairTech, { topper: 'X1' })).statusCode).toBe(200);
    expect((await api.patch(`/api/Invoices/${id}`, t.repairTech, { submitted: true })).statusCode).toBe(403);
  });
});
