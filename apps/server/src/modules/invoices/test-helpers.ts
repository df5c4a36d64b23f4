import { type ClaimSubmissionState, centsText } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import { checkContract } from '../../../test/contract-check.js';
import { auth, DEMO, login } from '../../../test/harness.js';
import { createSv, type SvTestContext, svTestContext } from '../service-vehicles/test-helpers.js';
import { moveClaimSubmission } from './claims/claim-moves.js';

export type InvoiceTestContext = SvTestContext & { adminAssistant: string };

/** One app and a token per role the invoice tests use. */
export async function invoiceTestContext(): Promise<InvoiceTestContext> {
  const t = await svTestContext();
  return { ...t, adminAssistant: await login(t.app, DEMO.adminAssistant) };
}

export function invoiceClient(app: App) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    app
      .inject({
        method,
        url,
        headers: auth(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      // Every invoice answer is parsed with its contract schema (test/contract-check.ts).
      .then((res) => checkContract(method, url, res));
  return {
    get: (url: string, token: string) => call('GET', url, token),
    post: (url: string, token: string, payload: unknown = {}) => call('POST', url, token, payload),
    put: (url: string, token: string, payload?: unknown) => call('PUT', url, token, payload),
    patch: (url: string, token: string, payload: unknown) => call('PATCH', url, token, payload),
    delete: (url: string, token: string) => call('DELETE', url, token),
  };
}

/**
 * A fresh invoice of its own (a new service vehicle, initiated through the API), so tests on a shared
 * PostgreSQL database never touch demo invoices. Returns the invoice and service vehicle ids.
 */
export async function createInvoice(app: App, token: string) {
  const sv = await createSv(app, token);
  const res = await app.inject({
    method: 'POST',
    url: `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
    headers: auth(token),
  });
  if (res.statusCode !== 201) throw new Error(`invoice failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().invoiceId as number, serviceVehicleId: sv.id as number };
}

/** The invoice's history entries, newest first. */
export function invoiceHistory(app: App, id: number) {
  return app.deps.db.rows<{ activity: string; details: string | null; userId: number }>(
    sql`select activity, details, user_id as "userId" from invoice_history where invoice_id = ${id}
        order by activity_date desc, id desc`,
  );
}

/* ----------------------------------------------------------------------------------------------------------------
 * Claim submissions for tests of other areas (reports, the Control Room): a clearing house of the test's own with an
 * insurer, an insured invoice in a chosen facility submitted through the API (the send writes the submission), and
 * moves through the API routes or, for payments, the submissions' one writer as the remittance import calls it.
 */

export interface TestClearingHouse {
  id: number;
  name: string;
  insurerId: number;
  insurer: string;
}

let made = 0;

/** A clearing house (sends at submit) with a mailbox and an e-mail address, and an insurer pointing at it. */
export async function testClearingHouse(app: App, label = 'TPA'): Promise<TestClearingHouse> {
  const tag = `${Date.now()}-${process.pid}-${++made}`;
  const db = app.deps.db;
  const [mailbox] = await db.rows<{ id: number }>(
    sql`insert into mailboxes (name, smtp_server, port, account, from_email)
        values (${`Claims desk ${tag}`}, '127.0.0.1', 2525, 'claims', 'claims@shop.example') returning id`,
  );
  const [ch] = await db.rows<{ id: number; name: string }>(
    sql`insert into clearing_houses (name, email, requires_finalization, mailbox_id)
        values (${`${label} ${tag}`}, ${`claims-${tag}@tpa.example`}, false, ${mailbox.id}) returning id, name`,
  );
  const insurer = `Insurer of ${label} ${tag}`;
  const [ic] = await db.rows<{ id: number }>(
    sql`insert into insurance_companies (name, clearing_house_id) values (${insurer}, ${ch.id}) returning id`,
  );
  return { ...ch, insurerId: ic.id, insurer };
}

/**
 * An invoice of its own in `facilityId`, insured by the house's insurer (424.75 total, 100.00 deductible: 324.75
 * claimed), submitted through the API by `token` (a role that may reach the facility). Returns the invoice and
 * its submission.
 */
export async function submittedClaim(
  app: App,
  token: string,
  h: TestClearingHouse,
  facilityId: number,
): Promise<{ invoiceId: number; submissionId: number }> {
  const { id } = await createInvoice(app, token);
  const db = app.deps.db;
  await db.rows(
    sql`update invoices set insurance_company_id = ${h.insurerId}, labor_cost = 300, parts_cost = 100,
          tax_cost = 24.75, total_cost = 424.75, deductible_amount = 100, claim_number = ${`CLM-${id}`},
          facility_id = ${facilityId}
        where id = ${id}`,
  );
  const res = await invoiceClient(app).post(`/api/Invoices/${id}/submit`, token, {});
  if (res.statusCode !== 200) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  const [s] = await db.rows<{ id: number }>(
    sql`select id from claim_submissions where invoice_id = ${id} order by id desc limit 1`,
  );
  if (!s) throw new Error(`invoice ${id} sent no claim`);
  return { invoiceId: id, submissionId: s.id };
}

/** A move by hand through its route (`acknowledge`, `accept`, `deny`, `reject` with its reason). */
export async function moveClaim(
  app: App,
  token: string,
  submissionId: number,
  action: 'acknowledge' | 'accept' | 'deny' | 'reject',
  body: Record<string, unknown> = {},
) {
  const res = await invoiceClient(app).post(`/api/claimSubmissions/${submissionId}/${action}`, token, body);
  if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.statusCode} ${res.body}`);
}

/** A payment as the remittance import records it (Paid or ShortPaid with the amount), in its own transaction. */
export function payClaim(app: App, submissionId: number, to: ClaimSubmissionState, paymentCents: number) {
  return app.deps.db.transaction((tx) =>
    moveClaimSubmission(
      tx,
      null,
      submissionId,
      { user: null, source: 'remittance' },
      { to, paymentCents, note: `test payment ${centsText(paymentCents)}` },
    ),
  );
}
