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

const post = (id: number, action: string, token = t.adminAssistant, body: unknown = {}) =>
  api.post(`/api/Invoices/${id}/${action}`, token, body);
const lastActivity = async (id: number) => (await invoiceHistory(t.app, id))[0]?.activity;

describe('submit, unsubmit, finalize, unfinalize', () => {
  it('runs the happy path with a history entry each', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const sub = await post(id, 'submit');
    expect(sub.statusCode).toBe(200);
    expect(sub.json().submitted).toBe(true);
    expect(sub.json().submittedAt).not.toBeNull();
    expect(await lastActivity(id)).toBe('Submitted');
    const fin = await post(id, 'finalize');
    expect(fin.json()).toEqual(expect.objectContaining({ finalized: true, finalizedAt: expect.any(String) }));
    expect(await lastActivity(id)).toBe('Finalized');
    expect((await post(id, 'unfinalize')).json().finalized).toBe(false);
    expect(await lastActivity(id)).toBe('Unfinalized');
    const unsub = await api.patch(`/api/Invoices/${id}`, t.adminAssistant, { submitted: false });
    expect(unsub.json()).toEqual(expect.objectContaining({ submitted: false, submittedAt: null }));
    expect(await lastActivity(id)).toBe('Unsubmitted');
    const n = (await invoiceHistory(t.app, id)).length;
    expect((await post(id, 'unsubmit')).statusCode).toBe(200);
    expect(await invoiceHistory(t.app, id)).toHaveLength(n);
  });

  it('refuses forbidden transitions with 409 and a readable message', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const early = await post(id, 'finalize');
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(`Invoice ${id} is not submitted; submit it before finalizing it.`);
    await post(id, 'submit');
    expect((await post(id, 'void')).json().detail).toBe(
      `Invoice ${id} is submitted; unsubmit it before marking it void.`,
    );
    await post(id, 'finalize');
    const edit = await api.patch(`/api/Invoices/${id}`, t.admin, { claimNumber: 'X' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(`Invoice ${id} is finalized; unfinalize it before changing it.`);
    expect((await post(id, 'thumb', t.admin, { invoiceId: id, thumb: 1 })).statusCode).toBe(409);
    expect((await post(id, 'followUp')).statusCode).toBe(409);
    const unsub = await post(id, 'unsubmit');
    expect(unsub.statusCode).toBe(409);
    expect(unsub.json().detail).toBe(`Invoice ${id} is finalized; unfinalize it before unsubmitting it.`);
    expect((await post(id, 'unfinalize')).statusCode).toBe(200);
    expect((await api.patch(`/api/Invoices/${id}`, t.admin, { claimNumber: 'X' })).statusCode).toBe(200);
  });

  it('a void or lost invoice cannot be submitted; Repair Order without reference cannot be submitted', async () => {
    const v = await createInvoice(t.app, t.admin);
    expect((await post(v.id, 'void')).json().void).toBe(true);
    expect(await lastActivity(v.id)).toBe('Voided');
    expect((await post(v.id, 'submit')).json().detail).toBe(
      `Invoice ${v.id} is void; a void invoice cannot be submitted.`,
    );
    const l = await createInvoice(t.app, t.admin);
    const lost = await post(l.id, 'lost', t.admin, { lostReasonId: 1 });
    expect(lost.json()).toEqual(expect.objectContaining({ lost: true, lostReason: expect.any(Object) }));
    expect((await post(l.id, 'submit')).statusCode).toBe(409);
    expect(
      (await post(l.id, 'lost', t.admin, { lostReasonId: 99999 })).json().errors.lostReasonId,
    ).toBeDefined();
    expect((await post(l.id, 'lost', t.admin, {})).json().errors.lostReasonId).toBeDefined();
  });

  it('a void invoice is not marked lost, nor a lost one void (the domain allowedActions offers neither)', async () => {
    const v = await createInvoice(t.app, t.admin);
    await post(v.id, 'void');
    const lost = await post(v.id, 'lost', t.admin, { lostReasonId: 1 });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().detail).toBe(`Invoice ${v.id} is void; a void invoice cannot be marked lost.`);
    const l = await createInvoice(t.app, t.admin);
    await post(l.id, 'lost', t.admin, { lostReasonId: 1 });
    const voided = await post(l.id, 'void');
    expect(voided.statusCode).toBe(409);
    expect(voided.json().detail).toBe(`Invoice ${l.id} is lost; a lost invoice cannot be marked void.`);
    expect((await api.get(`/api/Invoices/${l.id}`, t.admin)).json().void).toBe(false);
  });

  it('roles: Lead Technician may not finalize, Reviewer may not submit (403); unknown id 404', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    expect((await post(id, 'submit', t.leadTech)).statusCode).toBe(200);
    expect((await post(id, 'finalize', t.leadTech)).statusCode).toBe(403);
    expect((await post(id, 'submit', t.reviewer)).statusCode).toBe(403);
    expect((await post(99999999, 'submit')).statusCode).toBe(404);
  });
});

describe('follow up, verbal approval, thumb', () => {
  it('sets the flag once with a history entry; repeating changes nothing', async () => {
    const { id } = await createInvoice(t.app, t.admin);
    const fu = await post(id, 'followUp', t.repairTech);
    expect(fu.json().followedUp).toBe(true);
    expect(fu.json().followUpById).not.toBeNull();
    expect(await lastActivity(id)).toBe('Followed up');
    const va = await post(id, 'markAsVerballyApproved', t.repairTech);
    expect(va.json()).toEqual(expect.objectContaining({ hasVerbalSignature: true, repairApproved: true }));
    expect(await lastActivity(id)).toBe('Marked as verbally approved');
    const up = await post(id, 'thumb', t.repairTech, { invoiceId: id, thumb: 1 });
    expect(up.json().thumb).toBe(1);
    const n = (await invoiceHistory(t.app, id)).length;
    await post(id, 'thumb', t.repairTech, { invoiceId: id, thumb: 1 });
    await post(id, 'followUp', t.repairTech);
    expect(await invoiceHistory(t.app, id)).toHaveLength(n);
    expect((await post(id, 'thumb', t.admin, { invoiceId: id, thumb: 2 })).json().errors.thumb).toBeDefined();
    expect((await post(id, 'thumb', t.admin, { invoiceId: id + 1, thumb: 0 })).statusCode).toBe(400);
    expect((await post(id, 'thumb', t.reviewer, { invoiceId: id, thumb: 0 })).statusCode).toBe(403);
  });
});
