import {
  centsText,
  claimMoveProblem,
  ClaimSubmissionState as S,
  type ClaimSubmissionState,
  ConversationClass,
  NEW_CONVERSATION_TITLE_COLOR_ID,
  toCents,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/sessions.js';
import type { Db } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../http/errors.js';
import type { AlertPusher } from '../../alerts/index.js';
import { type ConversationWriter, postSystemNotice } from '../../conversations/index.js';
import { invoiceHistory } from '../invoice-record.js';

/** Who or what moves a submission: a person (`user`), or the system with a `source` ('remittance' …). */
export interface ClaimMover {
  /** Null when no person did (a remittance import, a batch). */
  user: SessionUser | null;
  /** Null for a person; else what moved it ('remittance' …), kept as state_changed_source and on the event. */
  source?: string | null;
}

/** One state change of a submission. */
export interface ClaimMove {
  to: ClaimSubmissionState;
  reasonCode?: string | null;
  reasonText?: string | null;
  /**
   * A payment (Paid, ShortPaid), in cents: added to the submission's amount_paid and kept as the event's amount.
   * The caller picks the state with the domain's claimPaymentState(claimed, paid so far + this).
   */
  paymentCents?: number | null;
  /** Free text on the event (a note typed by staff; the remittance line that moved it). */
  note?: string | null;
}

/** Where rejection alerts go out (modules/alerts, modules/conversations); without it, none is sent. */
export interface ClaimAlerts {
  hub: AlertPusher;
  writer: ConversationWriter;
}

interface LockedSubmission {
  id: number;
  invoiceId: number;
  state: ClaimSubmissionState;
  amountClaimed: string;
  amountPaid: string;
  sentById: number | null;
  clearingHouse: string;
}

export const claimNotFound = (id: number) => notFound(`Claim submission ${id} not found.`);

/** The submission's row, locked until the unit of work ends (two moves of one submission queue here). */
export async function lockSubmission(tx: Db, id: number): Promise<LockedSubmission> {
  const [row] = await tx.rows<LockedSubmission>(
    sql`select s.id, s.invoice_id as "invoiceId", s.state, s.amount_claimed::text as "amountClaimed",
          s.amount_paid::text as "amountPaid", s.sent_by_id as "sentById", ch.name as "clearingHouse"
        from claim_submissions s join clearing_houses ch on ch.id = s.clearing_house_id
        where s.id = ${id} for update of s`,
  );
  if (!row) throw claimNotFound(id);
  return row;
}

/** The history entry of a move, as the invoice's history shows it. */
function activityOf(row: LockedSubmission, move: ClaimMove, paidCents: number): string {
  const reason = [move.reasonCode, move.reasonText].filter((x) => x?.trim()).join(' ');
  switch (move.to) {
    case S.Acknowledged:
      return `Claim acknowledged by ${row.clearingHouse}`;
    case S.Accepted:
      return `Claim accepted by ${row.clearingHouse}`;
    case S.Rejected:
      return `Claim rejected: ${reason}`;
    case S.Denied:
      return reason ? `Claim denied: ${reason}` : `Claim denied by ${row.clearingHouse}`;
    case S.Paid:
      return `Claim paid: ${centsText(paidCents)}`;
    case S.ShortPaid:
      return `Claim short-paid: ${centsText(paidCents)} of ${centsText(toCents(row.amountClaimed))}`;
    case S.Withdrawn:
      return `Claim withdrawn from ${row.clearingHouse}`;
    default:
      return `Claim ${move.to}`;
  }
}

/**
 * Moves a submission to `move.to` in the caller's unit of work, by the domain's rules (409 with the domain's
 * message on an illegal move or a rejection without its reason): the row locked first (select … for update),
 * its state and who moved it, one claim_submission_events row, the invoice's history entry, and for a
 * rejection a NewMessage to the invoice's admin assistant (alertRejection). The invoice's own lock is not
 * checked: an answer from the clearing house is a fact to record, like a payment (decision 0024).
 * The remittance import calls this with `{ user: null, source: 'remittance' }`.
 */
export async function moveClaimSubmission(
  tx: Db,
  alerts: ClaimAlerts | null,
  id: number,
  by: ClaimMover,
  move: ClaimMove,
): Promise<void> {
  const row = await lockSubmission(tx, id);
  const problem = claimMoveProblem(row.state, move.to, move);
  if (problem) throw conflict(problem);
  const reasonCode = move.reasonCode?.trim() || null;
  const reasonText = move.reasonText?.trim() || null;
  const note = move.note?.trim() || null;
  const payment = move.paymentCents ?? null;
  const paidCents = toCents(row.amountPaid) + (payment ?? 0);
  const userId = by.user?.id ?? null;
  const source = by.user ? (by.source ?? null) : (by.source ?? 'system');
  await tx.rows(
    sql`update claim_submissions set state = ${move.to}, state_changed_at = now(),
          state_changed_by_id = ${userId}, state_changed_source = ${source},
          reason_code = coalesce(${reasonCode}, reason_code), reason_text = coalesce(${reasonText}, reason_text),
          amount_paid = ${centsText(paidCents)}::numeric
        where id = ${id}`,
  );
  await tx.rows(
    sql`insert into claim_submission_events (submission_id, from_state, to_state, by_user_id, source, reason_code,
          reason_text, amount, note)
        values (${id}, ${row.state}, ${move.to}, ${userId}, ${source}, ${reasonCode}, ${reasonText},
          ${payment === null ? null : centsText(payment)}::numeric, ${note})`,
  );
  await invoiceHistory.record(tx, by.user ?? undefined, row.invoiceId, {
    activity: activityOf(row, { ...move, reasonCode, reasonText }, paidCents),
    details: note,
    params: { claimSubmissionId: id, ...(source ? { source } : {}) },
  });
  if (move.to === S.Rejected && alerts) await alertRejection(tx, alerts, row, by, { reasonCode, reasonText });
}

/**
 * A bounced claim is the shop's to fix: its admin assistant (invoices.admin_assistant_id; without one, whoever
 * sent the claim) gets a NewMessage in a system conversation linked to the invoice, as a returned audit tells
 * the lead technician (modules/audits). Nobody is told of their own rejection, nor an inactive user.
 */
async function alertRejection(
  tx: Db,
  alerts: ClaimAlerts,
  row: LockedSubmission,
  by: ClaimMover,
  reason: { reasonCode: string | null; reasonText: string | null },
) {
  const [who] = await tx.rows<{ id: number }>(
    sql`select u.id from invoices i join users u on u.id = coalesce(i.admin_assistant_id, ${row.sentById})
        where i.id = ${row.invoiceId} and u.is_active`,
  );
  if (!who || who.id === by.user?.id) return;
  const subject = `Claim of invoice ${row.invoiceId} rejected`;
  const message = `${row.clearingHouse} rejected the claim of invoice ${row.invoiceId}: ${reason.reasonCode} ${reason.reasonText}. Fix the invoice and submit it again.`;
  const record = { recordType: 'Invoice' as const, recordId: row.invoiceId };
  if (by.user) {
    const sender = await alerts.writer.sender(tx, by.user.id);
    await alerts.writer.create(tx, {
      classNameId: ConversationClass.SystemRequest,
      titleColorId: NEW_CONVERSATION_TITLE_COLOR_ID,
      subject,
      description: 'Claim submissions',
      message,
      sender,
      recipientUserIds: [who.id],
      messageGroupIds: [],
      record,
    });
  } else {
    await postSystemNotice(tx, alerts.hub, {
      userId: who.id,
      subject,
      message,
      record,
      senderName: row.clearingHouse,
    });
  }
}
