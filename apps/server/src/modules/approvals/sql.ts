import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';

/**
 * The approval state in SQL, the domain's `approvalState` (packages/domain rules/approvals.ts) over the
 * aliases `a` (customer_approvals) and `i` (its invoice). Kept as text so the OData list, the invoice's
 * section and other areas' checks read one definition; approvals.test.ts compares it with the domain rule.
 */
export const PRICE_KEY_SQL = (i = 'i') =>
  `round(${i}.total_cost * 100)::bigint || '|' || round(coalesce(${i}.deductible_amount, 0) * 100)::bigint`;

/** Unanswered and no longer standing for the invoice: replaced, re-priced, or the invoice void or lost. */
export const STALE_SQL = (a = 'a', i = 'i') =>
  `(${a}.voided_at is not null or ${i}.void or ${i}.lost
    or (${a}.price_key is not null and ${a}.price_key <> ${PRICE_KEY_SQL(i)}))`;

export const STATE_SQL = (a = 'a', i = 'i') =>
  `case when ${a}.approved then 'approved' when ${a}.declined then 'declined'
        when ${STALE_SQL(a, i)} then 'voided'
        when now() >= ${a}.expires_at then 'expired'
        when ${a}.page_viewed_at is not null then 'viewed' else 'sent' end`;

/**
 * "An approved customer approval" of an invoice, as a condition over an invoice id expression: a request
 * the customer approved (answers are final, so a later price change does not undo it; the approval
 * keeps the price it was given for in price_key). For other areas (pending audits, issue #23).
 */
export const approvedApprovalExists = (invoiceId: SQL): SQL =>
  sql`exists (select 1 from customer_approvals ca where ca.invoice_id = ${invoiceId} and ca.approved)`;

export interface InvoiceApprovalStatus {
  invoiceId: number;
  /** At least one approval was requested. */
  requested: boolean;
  /** At least one request was approved by the customer. */
  approved: boolean;
  /** The state of the latest request (null when none). */
  latestState: string | null;
}

/**
 * Approval status of several invoices in one query (pending audits: "an approved customer approval where
 * one was requested"): requested, approved, and the latest request's state. Invoices without a request
 * answer requested false.
 */
export async function invoiceApprovalStatus(
  db: Db,
  invoiceIds: readonly number[],
): Promise<InvoiceApprovalStatus[]> {
  if (invoiceIds.length === 0) return [];
  return db.rows<InvoiceApprovalStatus>(
    sql`select x.id as "invoiceId", count(a.id) > 0 as requested, coalesce(bool_or(a.approved), false) as approved,
          (select ${sql.raw(STATE_SQL('l', 'li'))} from customer_approvals l join invoices li on li.id = l.invoice_id
           where l.invoice_id = x.id order by l.sent_at desc, l.id desc limit 1) as "latestState"
        from (select value::int as id from json_array_elements_text(${JSON.stringify(invoiceIds)}::json)) x
        left join customer_approvals a on a.invoice_id = x.id
        group by x.id order by x.id`,
  );
}
