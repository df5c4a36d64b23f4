import { type ClaimSubmissionState, canMoveClaim, centsText, toCents } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';

/**
 * The one step of a remittance that touches the claim submissions (issue #35 items 1–2, another branch's
 * migration 0032: `claim_submissions`, `claim_submission_events`): the invoice's open submission (the newest
 * Sent, Acknowledged, Accepted, or Short-paid one) records the payment: `amount_paid` grows by the line's amount,
 * and the state becomes Paid when the amount claimed is covered, Short-paid otherwise (a submission that was
 * still Sent or Acknowledged is Accepted first: a payment is the insurer's acceptance), each move with its
 * event (source, amount, who).
 *
 * Until that table exists in this database (`to_regclass('claim_submissions')`) it does nothing and answers
 * null; the remittance's funding does not depend on it. Runs inside the line's unit of work, so a funding that
 * rolls back takes this with it. Answers the submission's new state, or null when there is none to mark.
 */
export async function markClaimPaid(
  tx: Db,
  invoiceId: number,
  paidCents: number,
  source: string,
  byUserId: number | null = null,
): Promise<ClaimSubmissionState | null> {
  const [table] = await tx.rows<{ name: string | null }>(
    sql`select to_regclass('claim_submissions')::text as name`,
  );
  if (!table?.name) return null;
  const [open] = await tx.rows<{ id: number; state: ClaimSubmissionState; claimed: string; paid: string }>(
    sql`select id, state, amount_claimed::text as claimed, amount_paid::text as paid from claim_submissions
        where invoice_id = ${invoiceId} and state in ('Sent', 'Acknowledged', 'Accepted', 'ShortPaid')
        order by id desc limit 1 for update`,
  );
  if (!open) return null;
  const paid = toCents(open.paid) + paidCents;
  const target: ClaimSubmissionState = paid >= toCents(open.claimed) ? 'Paid' : 'ShortPaid';
  const short = Math.max(0, toCents(open.claimed) - paid);
  const moves: [ClaimSubmissionState, ClaimSubmissionState][] = [];
  let from = open.state;
  if (!canMoveClaim(from, target) && canMoveClaim(from, 'Accepted')) {
    moves.push([from, 'Accepted']);
    from = 'Accepted';
  }
  // Short-paid again (a second partial payment): the amount moves, the state stays.
  if (from !== target) {
    if (!canMoveClaim(from, target)) return null;
    moves.push([from, target]);
  }
  for (const [a, b] of moves)
    await tx.rows(
      sql`insert into claim_submission_events (submission_id, from_state, to_state, at, by_user_id, source, amount, note)
          values (${open.id}, ${a}, ${b}, now(), ${byUserId}, ${source},
            ${b === 'Accepted' ? null : centsText(paidCents)}::numeric,
            ${b === 'ShortPaid' ? `Short by ${centsText(short)}` : null})`,
    );
  await tx.rows(
    sql`update claim_submissions set state = ${target}, amount_paid = ${centsText(paid)}::numeric,
          state_changed_at = now(), state_changed_by_id = ${byUserId}, state_changed_source = ${source}
        where id = ${open.id}`,
  );
  return target;
}
