import { type ClaimSubmissionState, canMoveClaim, claimPaymentState, toCents } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { moveClaimSubmission } from '../invoices/index.js';

/**
 * The one step of a remittance that touches the claim submissions (issue #35, decision 0024): the invoice's open
 * submission (the newest Sent, Acknowledged, Accepted or Short-paid one) records the payment through the submissions' one
 * writer (`moveClaimSubmission`): Paid when the amount claimed is covered, Short-paid otherwise, the amount on the
 * event and in the invoice's history, the source naming the remittance. A submission still Sent or Acknowledged
 * is Accepted first: a payment is the insurer's acceptance.
 *
 * A Short-paid claim paid in full becomes Paid; a further payment that leaves it short is not recorded on it (the
 * import sends a payment for an invoice already funded to its exceptions queue before it gets here).
 *
 * Runs inside the line's unit of work, so a funding that rolls back takes this with it. Answers the submission's
 * new state, or null when the invoice has no open submission (a claim sent outside the app, or none).
 */
export async function markClaimPaid(
  tx: Db,
  invoiceId: number,
  paidCents: number,
  source: string,
  user: SessionUser | null = null,
): Promise<ClaimSubmissionState | null> {
  const [open] = await tx.rows<{ id: number; state: ClaimSubmissionState; claimed: string; paid: string }>(
    sql`select id, state, amount_claimed::text as claimed, amount_paid::text as paid from claim_submissions
        where invoice_id = ${invoiceId} and state in ('Sent', 'Acknowledged', 'Accepted', 'ShortPaid')
        order by id desc limit 1`,
  );
  if (!open) return null;
  const target = claimPaymentState(toCents(open.claimed), toCents(open.paid) + paidCents);
  const by = { user, source };
  if (!canMoveClaim(open.state, target)) {
    if (!canMoveClaim(open.state, 'Accepted')) return null;
    await moveClaimSubmission(tx, null, open.id, by, { to: 'Accepted' });
  }
  await moveClaimSubmission(tx, null, open.id, by, { to: target, paymentCents: paidCents });
  return target;
}
