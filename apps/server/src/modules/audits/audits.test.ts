import { invoiceAudit, odataPage, pendingAuditCounts, pendingAuditRow } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO, grantFacilities, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import type { UserAlert } from '../../realtime/hub.js';
import { createInvoice, invoiceHistory, invoiceTestContext } from '../invoices/test-helpers.js';
import { auditsRequiredBy } from '../invoices/index.js';

let app: App;
let admin: string;
let leadTech: string;
let leadTechId: number;
let assistant: string;

beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin, leadTech } = t);
  assistant = t.adminAssistant;
  const [u] = await app.deps.db.rows<{ id: number }>(
    sql`select id from users where user_name = ${DEMO.leadTech.userName}`,
  );
  leadTechId = u.id;
});
afterAll(() => app.close());

const post = (url: string, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

/** A submitted invoice of its own that passes every check but the ones `broken` leaves out. */
async function submittedInvoice(broken: { photos?: boolean; signature?: boolean } = {}) {
  const { id } = await createInvoice(app, admin);
  await app.deps.db.rows(
    sql`update invoices set signed = ${!broken.signature}, vin = '1HGCM82633A004352', payment_type_id = 4,
          lead_technician_id = ${leadTechId} where id = ${id}`,
  );
  if (!broken.photos)
    await app.deps.db.rows(
      sql`insert into invoice_images (invoice_id, path, caption) values (${id}, ${`invoices/${id}/photo.jpg`}, 'glass')`,
    );
  const submitted = await post(`/api/Invoices/${id}/submit`, admin);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return id;
}

describe('Pending Audits', () => {
  it('lists submitted invoices waiting for their audit, oldest first, with counts per facility', async () => {
    const a = await submittedInvoice();
    const b = await submittedInvoice();
    const res = await get(
      `/api/PendingAudits?$filter=${encodeURIComponent(`id eq ${a} or id eq ${b}`)}&$count=true`,
      assistant,
    );
    const page = parseAs(odataPage(pendingAuditRow), res);
    expect(page.value.map((r) => r.id)).toEqual([a, b]);
    const counts = parseAs(pendingAuditCounts, await get('/api/PendingAudits/counts', assistant));
    expect(counts.total).toBeGreaterThanOrEqual(2);
    expect(counts.facilities.find((f) => f.facilityId === 1)?.count).toBeGreaterThanOrEqual(2);
    // Lead technicians do not audit.
    expect((await get('/api/PendingAudits', leadTech)).statusCode).toBe(403);
  });

  it('computes the checklist on the server; pass needs every check, then the invoice leaves the queue', async () => {
    const id = await submittedInvoice({ photos: true });
    const audit = parseAs(invoiceAudit, await get(`/api/PendingAudits/${id}`, assistant));
    expect(audit).toMatchObject({ invoiceId: id, submitted: true, passed: false, auditsRequired: false });
    expect(Object.fromEntries(audit.checks.map((c) => [c.key, c.status]))).toEqual({
      approval: 'pass',
      photos: 'fail',
      vin: 'pass',
      reference: 'notApplicable',
      insurance: 'notApplicable',
      customerApproval: 'notApplicable',
      amounts: 'pass',
    });
    const refused = await post(`/api/PendingAudits/${id}/pass`, assistant);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(`Invoice ${id} cannot pass its audit: Photos failed.`);

    await app.deps.db.rows(sql`insert into invoice_images (invoice_id, path) values (${id}, 'x/y.jpg')`);
    const passed = parseAs(
      invoiceAudit,
      await post(`/api/PendingAudits/${id}/pass`, assistant, { note: 'ok' }),
    );
    expect(passed).toMatchObject({ passed: true, history: [{ outcome: 'passed', reason: 'ok' }] });
    expect((await invoiceHistory(app, id))[0]).toMatchObject({ activity: 'Audit passed' });
    const listed = await get(`/api/PendingAudits?$filter=${encodeURIComponent(`id eq ${id}`)}`, assistant);
    expect(listed.json().value).toEqual([]);
    expect((await post(`/api/PendingAudits/${id}/pass`, assistant)).statusCode).toBe(409);
  });

  it('an approval request not yet approved fails its check (customer_approvals)', async () => {
    const id = await submittedInvoice();
    await app.deps.db.rows(
      sql`insert into customer_approvals (invoice_id, channel, sent_to, expires_at)
          values (${id}, 'sms', '7135550199', now() + interval '7 days')`,
    );
    const audit = parseAs(invoiceAudit, await get(`/api/PendingAudits/${id}`, assistant));
    expect(audit.checks.find((c) => c.key === 'customerApproval')).toMatchObject({ status: 'fail' });
    await app.deps.db.rows(sql`update customer_approvals set approved = true where invoice_id = ${id}`);
    const again = parseAs(invoiceAudit, await get(`/api/PendingAudits/${id}`, assistant));
    expect(again.checks.find((c) => c.key === 'customerApproval')).toMatchObject({ status: 'pass' });
  });

  it('return un-submits the invoice, writes history and tells the lead technician with a NewMessage alert', async () => {
    const id = await submittedInvoice({ signature: true });
    const noReason = await post(`/api/PendingAudits/${id}/return`, assistant, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual(['Give the reason the invoice is returned']);

    const pushed: UserAlert[] = [];
    const { hubOf } = await import('../../realtime/hub.js');
    const stop = hubOf(app).onPush((alerts) => pushed.push(...alerts));
    const res = await post(`/api/PendingAudits/${id}/return`, assistant, { reason: 'No signature on file' });
    stop();
    const body = parseAs(invoiceAudit, res);
    expect(body).toMatchObject({
      submitted: false,
      passed: false,
      history: [{ outcome: 'returned', reason: 'No signature on file' }],
    });
    expect(body.history[0].failedChecks).toEqual(['Customer signature or verbal approval']);
    const history = (await invoiceHistory(app, id)).map((h) => h.activity);
    expect(history.slice(0, 2)).toEqual(['Audit returned', 'Unsubmitted']);

    // The lead technician's NewMessage alert, in a system conversation linked to the invoice.
    expect(pushed).toContainEqual(
      expect.objectContaining({
        userId: leadTechId,
        alert: expect.objectContaining({ type: 'NewMessage', recordId: id }),
      }),
    );
    const [conv] = await app.deps.db.rows<{ classNameId: number; subject: string; message: string }>(
      sql`select c.class_name_id as "classNameId", c.subject, m.message from conversations c
          join messages m on m.conversation_id = c.id where c.invoice_id = ${id}`,
    );
    expect(conv).toMatchObject({ classNameId: 1, subject: `Invoice ${id} returned by audit` });
    expect(conv.message).toContain('No signature on file');
    const alerts = await get('/api/self/alerts', leadTech);
    if (alerts.statusCode === 200) expect(JSON.stringify(alerts.json())).toContain(`"recordId":${id}`);

    // Returned, it is no longer in the queue; returning again is refused.
    expect((await post(`/api/PendingAudits/${id}/return`, assistant, { reason: 'again' })).statusCode).toBe(
      409,
    );
    expect((await post(`/api/PendingAudits/${id}/return`, leadTech, { reason: 'x' })).statusCode).toBe(403);
  });
});

describe('the audit gate of finalizing and sending (option AuditsRequired)', () => {
  let facilityId: number;
  let before: string;
  let ungrant = async () => {};
  beforeAll(async () => {
    // A facility of its own, so the other test files (which finalize in facility 1) never meet the gate.
    [{ id: facilityId }] = await app.deps.db.rows<{ id: number }>(
      sql`select max(id)::int as id from facilities`,
    );
    [{ value: before }] = await app.deps.db.rows<{ value: string }>(
      sql`select value from options where name = 'AuditsRequired'`,
    );
    await app.deps.db.rows(
      sql`update options set value = ${String(facilityId)} where name = 'AuditsRequired'`,
    );
    // The assistant who audits is granted that facility (decision 0016: they are bound to their own).
    ungrant = await grantFacilities(app, DEMO.adminAssistant, [facilityId]);
  });
  afterAll(async () => {
    await ungrant();
    await app.deps.db.rows(sql`update options set value = ${before} where name = 'AuditsRequired'`);
  });

  it('is off by default and reads true or facility ids', () => {
    expect(before).toBe('false');
    expect(auditsRequiredBy('false', 1)).toBe(false);
    expect(auditsRequiredBy('true', 1)).toBe(true);
    expect(auditsRequiredBy('3, 7', 7)).toBe(true);
    expect(auditsRequiredBy('3, 7', 1)).toBe(false);
  });

  it('refuses to finalize or send an invoice that has not passed, naming the failed checks (409)', async () => {
    const id = await submittedInvoice({ photos: true });
    await app.deps.db.rows(sql`update invoices set facility_id = ${facilityId} where id = ${id}`);
    const finalize = await post(`/api/Invoices/${id}/finalize`, admin);
    expect(finalize.statusCode).toBe(409);
    expect(finalize.json().detail).toBe(
      `Invoice ${id} cannot be finalized before it passes its audit; failed checks: Photos.`,
    );
    const bulk = await post('/api/Invoices/finalize', admin, { invoiceIds: [id] });
    expect(bulk.json().refused).toEqual([{ id, message: expect.stringContaining('passes its audit') }]);
    const send = await post('/api/Invoices/sendCustomerInvoice', admin, {
      invoiceId: id,
      email: 'a@example.com',
    });
    expect(send.statusCode).toBe(409);
    expect(send.json().detail).toMatch(/cannot be sent before it passes its audit; failed checks: Photos/);

    await app.deps.db.rows(sql`insert into invoice_images (invoice_id, path) values (${id}, 'x/z.jpg')`);
    // Every check passes now, but no auditor has passed it yet.
    const waiting = await post(`/api/Invoices/${id}/finalize`, admin);
    expect(waiting.json().detail).toBe(
      `Invoice ${id} cannot be finalized before it passes its audit; it is waiting in Pending Audits.`,
    );
    const audit = parseAs(invoiceAudit, await get(`/api/PendingAudits/${id}`, assistant));
    expect(audit.auditsRequired).toBe(true);
    expect((await post(`/api/PendingAudits/${id}/pass`, assistant)).statusCode).toBe(200);
    const finalized = await post(`/api/Invoices/${id}/finalize`, admin);
    expect(finalized.statusCode, finalized.body).toBe(200);
  });

  it('a pass counts for its submission only: un-submitted and submitted again, it waits for a new audit', async () => {
    const id = await submittedInvoice();
    await app.deps.db.rows(sql`update invoices set facility_id = ${facilityId} where id = ${id}`);
    expect((await post(`/api/PendingAudits/${id}/pass`, assistant)).statusCode).toBe(200);
    expect((await post(`/api/Invoices/${id}/unsubmit`, admin)).statusCode).toBe(200);
    // submitted_at has a new value at the next submit.
    await new Promise((r) => setTimeout(r, 5));
    expect((await post(`/api/Invoices/${id}/submit`, admin)).statusCode).toBe(200);
    expect((await post(`/api/Invoices/${id}/finalize`, admin)).statusCode).toBe(409);
    const listed = await get(`/api/PendingAudits?$filter=${encodeURIComponent(`id eq ${id}`)}`, assistant);
    expect(listed.json().value).toHaveLength(1);
  });
});
