import { type RemittanceRowValues, toCents } from '@glass/domain';
import type { RemittanceExceptionsPage, RemittanceLine } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { cachedAggregate } from '../../odata/count-cache.js';
import { decideChosen, fundDecision } from './funding.js';
import { candidateOf } from './matching.js';
import type { RemittanceDeps } from './service.js';

/** The exceptions queue (issue #35 item 4): the lines a person confirms, reassigns or dismisses. */

const cents = (column: string) => sql.raw(`coalesce((${column} * 100)::bigint, 0)::int`);

const LINE_JSON = sql`json_build_object(
  'id', l.id, 'importId', l.import_id, 'lineNo', l.line_no, 'claimNumber', l.claim_number,
  'referenceNumber', l.reference_number, 'invoiceNumber', l.invoice_number,
  'paidCents', (l.paid_amount * 100)::bigint, 'billedCents', (l.billed_amount * 100)::bigint,
  'payerName', l.payer_name, 'paidOn', to_char(l.paid_on, 'YYYY-MM-DD'), 'checkNumber', l.check_number,
  'invoiceId', l.matched_invoice_id, 'facilityId', i.facility_id,
  'invoiceOwedCents', ((i.total_cost - coalesce(i.deductible_amount, 0) - coalesce(i.deposit_amount, 0)) * 100)::bigint,
  'matchKind', l.match_kind, 'confidence', l.confidence, 'outcome', l.outcome,
  'reason', coalesce(l.resolution_note, l.reason),
  'shortCents', ${cents('l.short_amount')}, 'fundedCents', ${cents('l.funded_amount')},
  'alternatives', to_json(l.alternatives),
  'resolvedBy', case when ru.id is not null then json_build_object('id', ru.id, 'name', ru.first_name || ' ' || ru.last_name) end,
  'resolvedAt', to_json(l.resolved_at), 'createdAt', to_json(l.created_at))`;

const LINE_FROM = sql`from remittance_lines l left join invoices i on i.id = l.matched_invoice_id
  left join users ru on ru.id = l.resolved_by_id`;

/**
 * GET /api/RemittanceExceptions: the lines of one outcome (default Exception), oldest first, a page at a time.
 * A line with an invoice shows only to users allowed that invoice's facility; a line without one to every
 * user who may fund (the route's role).
 */
export async function exceptionsPage(
  db: Database,
  user: SessionUser,
  q: { importId?: number; outcome: string; page: number; pageSize: number },
): Promise<RemittanceExceptionsPage> {
  const where = sql`l.outcome = ${q.outcome}
    and (${q.importId ?? null}::int is null or l.import_id = ${q.importId ?? null}::int)
    and (l.matched_invoice_id is null or ${facilityFilter(user, sql`i.facility_id`)})`;
  // A queue of 10,000 lines or more is counted by the lists' rule (decision 0004) with the reports' background
  // refresh (0031): a facility-bound clerk's count probes every line's invoice (0.3–0.5 s for 17,000 lines under
  // load), and the exact figure of so long a queue changes nothing for the person working it. Smaller queues are
  // counted every time.
  const total = await cachedAggregate(
    sql`select count(*)::int as total ${LINE_FROM} where ${where}`,
    async (q) => (await db.rows<{ total: number }>(q))[0]?.total ?? 0,
    (n) => n,
    { staleMs: 25_000 },
  );
  const rows = await db.rows<{ j: RemittanceLine }>(
    sql`select ${LINE_JSON} as j ${LINE_FROM} where ${where} order by l.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return { value: rows.map((r) => normalizeLine(r.j)), total, page: q.page, pageSize: q.pageSize };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const normalizeLine = (j: RemittanceLine): RemittanceLine => ({
  ...j,
  paidCents: num(j.paidCents),
  billedCents: num(j.billedCents),
  invoiceOwedCents: num(j.invoiceOwedCents),
  alternatives: j.alternatives ?? [],
});

export async function loadLine(db: Database, id: number): Promise<RemittanceLine> {
  const [row] = await db.rows<{ j: RemittanceLine }>(
    sql`select ${LINE_JSON} as j ${LINE_FROM} where l.id = ${id}`,
  );
  if (!row) throw notFound(`Remittance line ${id} not found.`);
  return normalizeLine(row.j);
}

interface LockedLine {
  id: number;
  importId: number;
  lineNo: number;
  outcome: string;
  invoiceId: number | null;
  values: RemittanceRowValues | null;
}

async function lockLine(tx: Db, id: number) {
  const [row] = await tx.rows<
    LockedLine & { paid: string | null; billed: string | null } & Record<string, unknown>
  >(
    sql`select id, import_id as "importId", line_no as "lineNo", outcome, matched_invoice_id as "invoiceId",
          claim_number as "claimNumber", reference_number as "referenceNumber", invoice_number as "invoiceNumber",
          paid_amount::text as paid, billed_amount::text as billed, payer_name as "payerName",
          to_char(paid_on, 'YYYY-MM-DD') as "paidOn", check_number as "checkNumber"
        from remittance_lines where id = ${id} for update`,
  );
  if (!row) throw notFound(`Remittance line ${id} not found.`);
  if (row.outcome !== 'Exception')
    throw conflict(`Remittance line ${id} is ${row.outcome}; only an exception can be resolved.`);
  const values: RemittanceRowValues | null =
    row.paid === null
      ? null
      : {
          claimNumber: row.claimNumber as string | null,
          referenceNumber: row.referenceNumber as string | null,
          invoiceNumber: row.invoiceNumber as string | null,
          paidCents: toCents(row.paid),
          billedCents: row.billed === null ? null : toCents(row.billed),
          payerName: row.payerName as string | null,
          paidOn: row.paidOn as string | null,
          checkNumber: row.checkNumber as string | null,
        };
  return { ...row, values };
}

/**
 * POST /api/RemittanceLines/{id}/confirm (the suggested invoice) and /reassign {invoiceId} (another one): the
 * line's payment funds that invoice through reconcile's funding, in one transaction with the line's new
 * outcome (Confirmed or Reassigned; a short payment keeps its difference). 409: the line is not an exception
 * any more (also the second of two at once), has no invoice to confirm or no amount, the invoice cannot be
 * funded (already funded, void, …) or is overpaid.
 */
export async function resolveByFunding(
  deps: RemittanceDeps,
  user: SessionUser,
  lineId: number,
  chosen: { invoiceId?: number },
) {
  await deps.db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    const invoiceId = chosen.invoiceId ?? line.invoiceId;
    if (invoiceId === null || invoiceId === undefined)
      throw conflict(`Remittance line ${lineId} has no invoice to confirm; reassign it to one.`);
    if (!line.values)
      throw conflict(`Remittance line ${lineId} has no paid amount that can be read; dismiss it.`);
    const invoice = await candidateOf(tx, invoiceId);
    if (!invoice) throw badRequest('invoiceId', `Invoice ${invoiceId} not found.`);
    if (user.allowedFacilityIds !== null && !user.allowedFacilityIds.includes(invoice.facilityId))
      throw badRequest('invoiceId', `Invoice ${invoiceId} is not in a facility you may reach.`);
    const decided = decideChosen(line.values, invoice);
    if (decided.decision === 'exception')
      throw conflict(decided.reason ?? 'The line cannot fund this invoice.');
    const { match, fundedCents } = await fundDecision(
      tx,
      {
        funding: deps.funding,
        user,
        importId: line.importId,
        lineNo: line.lineNo,
        source: 'remittance exception',
      },
      line.values,
      decided,
    );
    if (match.decision === 'exception') throw conflict(match.reason ?? 'The invoice cannot be funded.');
    await tx.rows(
      sql`update remittance_lines set outcome = ${chosen.invoiceId === undefined ? 'Confirmed' : 'Reassigned'},
            matched_invoice_id = ${invoiceId}, short_amount = ${(match.shortCents / 100).toFixed(2)}::numeric,
            funded_amount = ${(fundedCents / 100).toFixed(2)}::numeric, resolved_by_id = ${user.id},
            resolved_at = now()
          where id = ${lineId}`,
    );
  });
  return loadLine(deps.db, lineId);
}

/** POST /api/RemittanceLines/{id}/dismiss {reason}: nothing funded; the line leaves the queue with the reason. */
export async function dismissLine(db: Database, user: SessionUser, lineId: number, reason: string) {
  await db.transaction(async (tx) => {
    await lockLine(tx, lineId);
    await tx.rows(
      sql`update remittance_lines set outcome = 'Dismissed', resolution_note = ${`Dismissed: ${reason}`},
            resolved_by_id = ${user.id}, resolved_at = now()
          where id = ${lineId}`,
    );
  });
  return loadLine(db, lineId);
}
