import { REFERENCE_REQUIRED } from '@glass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInvoice,
  type InvoiceTestContext,
  invoiceClient,
  invoiceHistory,
  invoiceTestContext,
} from '../test-helpers.js';
import { SUBMITTED_AT_ONLY_CLEARED } from '../schemas.js';

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

  it('unsubmits as spec 2 §7 writes it: {submitted: false, submittedAt: null}', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await api.post(`/api/Invoices/${id}/submit`, t.admin)).json().submittedAt).not.toBeNull();
    const res = await api.patch(`/api/Invoices/${id}`, t.leadTech, { submitted: false, submittedAt: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ submitted: false, submittedAt: null }));
    expect((await invoiceHistory(t.app, id))[0].activity).toBe('Unsubmitted');
    // Sent again on an unsubmitted invoice: nothing changes, no history entry.
    const before = (await invoiceHistory(t.app, id)).length;
    const again = await api.patch(`/api/Invoices/${id}`, t.leadTech, { submitted: false, submittedAt: null });
    expect(again.statusCode).toBe(200);
    expect(await invoiceHistory(t.app, id)).toHaveLength(before);
  });

  it('submittedAt is only ever cleared with submitted false: any other use is a 400 that changes nothing', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const submitted = (await api.post(`/api/Invoices/${id}/submit`, t.admin)).json();
    for (const body of [
      { submittedAt: null },
      { submitted: true, submittedAt: null },
      { submitted: false, submittedAt: '2024-01-01T00:00:00Z' },
      { submitted: true, submittedAt: '2024-01-01T00:00:00Z' },
      { submittedAt: '' },
      { submittedAt: 0 },
    ]) {
      const res = await api.patch(`/api/Invoices/${id}`, t.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.submittedAt).toEqual([SUBMITTED_AT_ONLY_CLEARED]);
    }
    const after = (await api.get(`/api/Invoices/${id}`, t.admin)).json();
    expect(after).toMatchObject({ submitted: true, submittedAt: submitted.submittedAt });
  });

  it('each status field needs its own right: a Lead Technician (submit, not finalize) cannot unfinalize alongside an unsubmit', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    await api.post(`/api/Invoices/${id}/submit`, t.admin);
    expect((await api.post(`/api/Invoices/${id}/finalize`, t.admin)).statusCode).toBe(200);
    const res = await api.patch(`/api/Invoices/${id}`, t.leadTech, {
      submitted: false,
      submittedAt: null,
      finalized: false,
    });
    expect(res.statusCode).toBe(403);
    expect((await api.get(`/api/Invoices/${id}`, t.admin)).json()).toMatchObject({
      submitted: true,
      finalized: true,
    });
  });

  it('a Repair Technician may edit but not submit through PATCH (403)', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await api.patch(`/api/Invoices/${id}`, t.repairTech, { topper: 'X1' })).statusCode).toBe(200);
    expect((await api.patch(`/api/Invoices/${id}`, t.repairTech, { submitted: true })).statusCode).toBe(403);
  });
});
