/**
 * Fixtures for tests of other areas that need claim submissions (reports, the Control Room): a clearing house
 * of the test's own with an insurer, an insured invoice in a chosen facility, submitted through the API (the
 * send writes the submission), and moves through the API routes or, for payments, the submissions' one writer
 * as the remittance import calls it.
 */
import { type ClaimSubmissionState, centsText } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { App } from '../../../app-type.js';
import { createInvoice, invoiceClient } from '../test-helpers.js';
import { moveClaimSubmission } from './claim-moves.js';

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
