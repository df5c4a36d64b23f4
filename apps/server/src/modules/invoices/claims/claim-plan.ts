import { ClaimSubmissionState as S, type ClaimSubmissionState, isOpenClaim } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Db } from '../../../db/unit-of-work.js';
import { conflict } from '../../../http/errors.js';
import { moveClaimSubmission } from './claim-moves.js';
import {
  type ClaimContext,
  type ClaimRoute,
  claimRouteOf,
  type ClaimSender,
  type ClaimStep,
  noClaimEmail,
} from './claim-send.js';

interface OpenSubmission {
  id: number;
  state: ClaimSubmissionState;
  sentOn: ClaimStep;
}

/** The invoice's open submission (Sent, Acknowledged, Accepted: at most one), locked; undefined when none. */
async function openSubmission(tx: Db, invoiceId: number): Promise<OpenSubmission | undefined> {
  const rows = await tx.rows<OpenSubmission>(
    sql`select id, state, sent_on as "sentOn" from claim_submissions
        where invoice_id = ${invoiceId} and state in ('Sent', 'Acknowledged', 'Accepted') for update`,
  );
  return rows.find((r) => isOpenClaim(r.state));
}

/** What a work flow change does to the invoice's claim. */
export type ClaimPlan =
  | { kind: 'send'; route: ClaimRoute }
  | { kind: 'waits'; route: ClaimRoute }
  | { kind: 'withdraw'; submissionId: number }
  | { kind: 'none' };

/**
 * Read in the work flow's transaction, after the invoice's row lock, for a change of submitted or finalized:
 * - submitted or finalized at the clearing house's step (the domain's claimSendsAt) sends, unless a submission
 *   is still open (it is with the clearing house already);
 * - submitted for a clearing house that requires finalization sends nothing and says so (`waits`);
 * - unsubmitted withdraws the open submission; unfinalized withdraws one sent at finalize. A claim sent at submit
 *   stays with the clearing house while the shop reopens its own books: only unsubmitting takes it back
 *   (decision 0024).
 */
export async function claimPlan(
  tx: Db,
  invoiceId: number,
  change: { submitted?: boolean; finalized?: boolean },
): Promise<ClaimPlan> {
  if (change.submitted === false || change.finalized === false) {
    const open = await openSubmission(tx, invoiceId);
    if (open && (change.submitted === false || open.sentOn === 'finalize'))
      return { kind: 'withdraw', submissionId: open.id };
    return { kind: 'none' };
  }
  const steps: ClaimStep[] = [];
  if (change.submitted) steps.push('submit');
  if (change.finalized) steps.push('finalize');
  if (steps.length === 0) return { kind: 'none' };
  const route = await claimRouteOf(tx, invoiceId);
  if (!route) return { kind: 'none' };
  if (steps.includes(route.sendsAt))
    return (await openSubmission(tx, invoiceId)) ? { kind: 'none' } : { kind: 'send', route };
  return change.submitted ? { kind: 'waits', route } : { kind: 'none' };
}

/** The history's word on a submit that sends nothing yet. */
export const waitsForFinalize = (route: ClaimRoute) => `${route.name} receives it at finalize`;

/**
 * Runs a work flow change's claim plan in its transaction (action-service.ts, after the invoice's history
 * entry): a send (or, in a batch, its collection), or a withdrawal.
 */
export async function runClaimPlan(
  tx: Db,
  user: SessionUser,
  invoiceId: number,
  plan: ClaimPlan,
  sender: ClaimSender | undefined,
  context: ClaimContext | undefined,
): Promise<void> {
  if (plan.kind === 'withdraw') {
    await moveClaimSubmission(tx, null, plan.submissionId, { user }, { to: S.Withdrawn });
    return;
  }
  if (plan.kind !== 'send') return;
  if (!plan.route.email) throw conflict(noClaimEmail(plan.route, invoiceId));
  // A service joining another's unit of work has no sender; none of those submits or finalizes.
  if (!sender)
    throw new Error(`Invoice ${invoiceId} must be sent to its clearing house: no ClaimSender here`);
  const pdf = context?.pdfs.get(invoiceId) ?? (await sender.renderIn(tx, invoiceId));
  const item = { invoiceId, route: plan.route, pdf };
  if (context?.collect) context.collect.push(item);
  else await sender.send(tx, user, [item], plan.route.sendsAt);
}
