import {
  CLAIM_STATES_WAITING_ON_INSURER,
  CLAIM_STATES_WAITING_ON_SHOP,
  type ClaimSubmissionState,
  claimWaitingOn,
} from '@glass/domain';
import type {
  ClaimQueueCounts,
  ClaimQueueQuery,
  ClaimSubmission,
} from '@glass/domain/contracts/claim-submissions';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Db } from '../../../db/unit-of-work.js';
import { facilityFilter } from '../../../http/facility-scope.js';
import { f, nn, out } from '../../../odata/fields.js';
import type { ODataResource } from '../../../odata/types.js';
import { assertInvoiceExists } from '../invoice-record.js';
import { claimNotFound } from './claim-moves.js';

const person = (idSql: string) =>
  `(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${idSql})`;

/** The submissions (with their events, oldest first), newest first; `where` over the alias s. */
async function submissions(db: Db, where: SQL): Promise<ClaimSubmission[]> {
  const rows = await db.rows<Omit<ClaimSubmission, 'waitingOn'>>(
    sql`select s.id, s.invoice_id as "invoiceId", s.state,
          json_build_object('id', ch.id, 'name', ch.name) as "clearingHouse",
          case when ic.id is not null then json_build_object('id', ic.id, 'name', ic.name) end as "insuranceCompany",
          s.sent_at as "sentAt", ${sql.raw(person('s.sent_by_id'))} as "sentBy", s.sent_on as "sentOn",
          s.resubmission_of as "resubmissionOf", s.outbox_id as "outboxId", o.status as "outboxStatus",
          s.pdf_file_id as "pdfId", s.amount_claimed as "amountClaimed", s.amount_paid as "amountPaid",
          s.reason_code as "reasonCode", s.reason_text as "reasonText", s.state_changed_at as "stateChangedAt",
          ${sql.raw(person('s.state_changed_by_id'))} as "stateChangedBy", s.state_changed_source as "stateChangedSource",
          coalesce((select json_agg(json_build_object('id', e.id, 'fromState', e.from_state, 'toState', e.to_state,
                      'at', e.at, 'by', ${sql.raw(person('e.by_user_id'))}, 'source', e.source,
                      'reasonCode', e.reason_code, 'reasonText', e.reason_text, 'amount', e.amount, 'note', e.note)
                    order by e.at, e.id)
                    from claim_submission_events e where e.submission_id = s.id), '[]') as events
        from claim_submissions s join clearing_houses ch on ch.id = s.clearing_house_id
          left join insurance_companies ic on ic.id = s.insurance_company_id
          left join notify_outbox o on o.id = s.outbox_id
        where ${where} order by s.id desc`,
  );
  return rows.map((r) => ({ ...r, waitingOn: claimWaitingOn(r.state) }));
}

/** GET /api/Invoices/{id}/claimSubmissions: every send of the invoice, newest first; 404 for an unknown invoice. */
export async function invoiceClaimSubmissions(db: Db, invoiceId: number): Promise<ClaimSubmission[]> {
  await assertInvoiceExists(db, invoiceId);
  return submissions(db, sql`s.invoice_id = ${invoiceId}`);
}

/** One submission as a move answers it. */
export async function claimSubmission(db: Db, id: number): Promise<ClaimSubmission> {
  const [row] = await submissions(db, sql`s.id = ${id}`);
  if (!row) throw claimNotFound(id);
  return row;
}

const list = (states: readonly ClaimSubmissionState[]) => states.map((s) => `'${s}'`).join(', ');
const SHOP = list(CLAIM_STATES_WAITING_ON_SHOP);
const WAITING = list([...CLAIM_STATES_WAITING_ON_SHOP, ...CLAIM_STATES_WAITING_ON_INSURER]);
/**
 * The latest submission of its invoice (a resubmission replaces the one before it in the queue): the derived
 * marker superseded_at (migration 0037). With WAITING, the predicate of claim_submissions_waiting_idx, in the
 * same order (the index is used only when the planner sees the same list), so a page reads its rows from it.
 */
const LATEST = 's.superseded_at is null';
const WAITING_ON = `(case when s.state in (${SHOP}) then 'shop' else 'insurer' end)`;

/**
 * GET /api/claimQueue (issue #35 item 3): the latest submission of each invoice whose claim waits on someone (the
 * domain's claimWaitingOn: a rejection, short payment or denial on the shop; an open one on the insurer), oldest
 * state change first. An OData list: $filter over the fields, $orderby, $top/$skip, $count; the route adds the
 * screen's shortcuts (waitingOn, clearingHouseId, reasonCode, state) and the facility scope (facilityId).
 */
export const claimQueueResource: ODataResource = {
  name: 'ClaimQueue',
  // Left joins on keys the foreign keys guarantee (the same rows as inner joins): the planner drops a join whose
  // columns a statement does not read, so $count reads claim_submissions alone (its facility is a copy, 0038).
  from: `claim_submissions s left join invoices i on i.id = s.invoice_id
    left join facilities fa on fa.id = s.facility_id
    left join clearing_houses ch on ch.id = s.clearing_house_id
    left join insurance_companies ic on ic.id = s.insurance_company_id`,
  where: `${LATEST} and s.state in (${WAITING})`,
  fields: {
    id: nn('s.id', 'number'),
    invoiceId: nn('s.invoice_id', 'number'),
    customerName: out(
      `(select nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') from customers c
        where c.id = coalesce(i.customer_id, i.buyer_id))`,
      'string',
    ),
    facilityId: nn('s.facility_id', 'number'),
    facilityName: nn('fa.name', 'string'),
    clearingHouseId: nn('s.clearing_house_id', 'number'),
    clearingHouseName: nn('ch.name', 'string'),
    insuranceCompanyId: f('s.insurance_company_id', 'number'),
    insuranceCompanyName: f('ic.name', 'string'),
    claimNumber: f('i.claim_number', 'string'),
    state: nn('s.state', 'string'),
    waitingOn: nn(WAITING_ON, 'string'),
    reasonCode: f('s.reason_code', 'string'),
    reasonText: f('s.reason_text', 'string'),
    amountClaimed: nn('s.amount_claimed', 'number'),
    amountPaid: nn('s.amount_paid', 'number'),
    sentAt: nn('s.sent_at', 'datetime'),
    stateChangedAt: nn('s.state_changed_at', 'datetime'),
    ageDays: nn('(floor(extract(epoch from (now() - s.state_changed_at)) / 86400))::int', 'number'),
    sendCount: out(
      '(select count(*)::int from claim_submissions p where p.invoice_id = s.invoice_id and p.id <= s.id)',
      'number',
    ),
  },
  defaultOrderBy: 's.state_changed_at asc',
  key: 's.id',
  defaultTop: 50,
  maxTop: 500,
};

type Facet = 'waitingOn' | 'clearingHouseId' | 'reasonCode';

/** The states of each side, from the domain's rule: the "waiting on" shortcut is a plain state list. */
const WAITING_ON_STATES = { shop: SHOP, insurer: list(CLAIM_STATES_WAITING_ON_INSURER) } as const;

/** One facet's shortcut filter as SQL over the queue's aliases (true when the query does not set it). */
function facetWhere(q: ClaimQueueQuery, facet: Facet): SQL {
  if (facet === 'waitingOn' && q.waitingOn) return sql.raw(`s.state in (${WAITING_ON_STATES[q.waitingOn]})`);
  if (facet === 'clearingHouseId' && q.clearingHouseId)
    return sql`s.clearing_house_id = ${q.clearingHouseId}`;
  if (facet === 'reasonCode' && q.reasonCode) return sql`s.reason_code = ${q.reasonCode}`;
  return sql`true`;
}

/** The screen's shortcut filters as SQL over the queue's aliases. */
export function claimQueueWhere(q: ClaimQueueQuery): SQL {
  const parts: SQL[] = [
    facetWhere(q, 'waitingOn'),
    facetWhere(q, 'clearingHouseId'),
    facetWhere(q, 'reasonCode'),
  ];
  if (q.state) parts.push(sql`s.state = ${q.state}`);
  return sql.join(parts, sql` and `);
}

/**
 * GET /api/claimQueue/counts: the queue counted by whom it waits on, by clearing house and by reason. One
 * statement over one scan of the queue, grouped by clearing house, reason and state (a few dozen groups): each
 * facet counts under the other filters but not its own. It reads claim_submissions_waiting_counts_idx alone
 * (the facility is the submission's copy, migration 0038); the clearing houses' names are joined to the groups.
 */
export async function claimQueueCounts(
  db: Db,
  user: Pick<SessionUser, 'allowedFacilityIds'>,
  q: ClaimQueueQuery,
): Promise<ClaimQueueCounts> {
  const [row] = await db.rows<ClaimQueueCounts & { shop: number; insurer: number }>(
    sql`with q as materialized (
          select s.clearing_house_id as ch_id, s.reason_code,
                 s.state in (${sql.raw(SHOP)}) as shop, ${facetWhere(q, 'waitingOn')} as w,
                 ${facetWhere(q, 'clearingHouseId')} as c, ${facetWhere(q, 'reasonCode')} as r, count(*)::int as n
            from claim_submissions s
           where ${sql.raw(claimQueueResource.where ?? 'true')} and ${facilityFilter(user, sql`s.facility_id`)}
             and ${q.state ? sql`s.state = ${q.state}` : sql`true`}
           group by s.clearing_house_id, s.reason_code, s.state)
        select coalesce(sum(n) filter (where w and c and r), 0)::int as total,
               coalesce(sum(n) filter (where c and r and shop), 0)::int as shop,
               coalesce(sum(n) filter (where c and r and not shop), 0)::int as insurer,
               (select coalesce(json_agg(x order by x.count desc, x.name), '[]')
                  from (select g.id, ch.name, g.count
                          from (select ch_id as id, sum(n)::int as count from q where w and r group by ch_id) g
                          join clearing_houses ch on ch.id = g.id) x) as "clearingHouses",
               (select coalesce(json_agg(x order by x.count desc, x."reasonCode"), '[]')
                  from (select reason_code as "reasonCode", sum(n)::int as count from q
                         where w and c and reason_code is not null group by reason_code) x) as reasons
          from q`,
  );
  return {
    total: row.total,
    waitingOn: { shop: row.shop, insurer: row.insurer },
    clearingHouses: row.clearingHouses,
    reasons: row.reasons,
  };
}
