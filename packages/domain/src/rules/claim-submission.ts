/**
 * Insurance claim submissions (issue #35 item 2): the life of one send of an invoice to its clearing house.
 * Sent → Acknowledged → Rejected (reason code and text) or Accepted → Paid / Short-paid / Denied; an open
 * submission is Withdrawn when the invoice is unsubmitted or unfinalized. Every state but Sent, Acknowledged and
 * Accepted is final for that submission: a claim that bounced is fixed and sent again as a new submission (a
 * resubmission), so the history of every send is kept. A short payment may still be paid in full later.
 *
 * Decisions where the issue is silent: a clearing house may accept without acknowledging first (Sent → Accepted);
 * a rejection may come before or after an acknowledgment; a denial comes only after acceptance (before it, the
 * answer is a rejection); payments come from remittances or funding, never recorded by hand.
 */
import { invoiceMoney, type MoneyValue, toCents } from './invoice-money.js';

export const ClaimSubmissionState = {
  Sent: 'Sent',
  Acknowledged: 'Acknowledged',
  Rejected: 'Rejected',
  Accepted: 'Accepted',
  Paid: 'Paid',
  ShortPaid: 'ShortPaid',
  Denied: 'Denied',
  Withdrawn: 'Withdrawn',
} as const;
export type ClaimSubmissionState = (typeof ClaimSubmissionState)[keyof typeof ClaimSubmissionState];

const S = ClaimSubmissionState;

const NEXT: Readonly<Record<ClaimSubmissionState, readonly ClaimSubmissionState[]>> = {
  [S.Sent]: [S.Acknowledged, S.Rejected, S.Accepted, S.Withdrawn],
  [S.Acknowledged]: [S.Rejected, S.Accepted, S.Withdrawn],
  [S.Accepted]: [S.Paid, S.ShortPaid, S.Denied, S.Withdrawn],
  [S.ShortPaid]: [S.Paid],
  [S.Rejected]: [],
  [S.Paid]: [],
  [S.Denied]: [],
  [S.Withdrawn]: [],
};

/** The states a submission may move to from `from` (none from a final state). */
export function nextClaimStates(from: ClaimSubmissionState): readonly ClaimSubmissionState[] {
  return NEXT[from] ?? [];
}

export function canMoveClaim(from: ClaimSubmissionState, to: ClaimSubmissionState): boolean {
  return nextClaimStates(from).includes(to);
}

/** Staff record these by hand (most answers arrive by phone or on a portal); payments come from remittances. */
export const MANUAL_CLAIM_STATES: readonly ClaimSubmissionState[] = [
  S.Acknowledged,
  S.Rejected,
  S.Accepted,
  S.Denied,
];

/** Still expecting an answer or money: withdrawn when the invoice is unsubmitted or unfinalized. */
export function isOpenClaim(state: ClaimSubmissionState): boolean {
  return state === S.Sent || state === S.Acknowledged || state === S.Accepted;
}

/**
 * Whom a submission waits on, for the work queue: the shop must fix and resend a rejection and decide on a short
 * payment or a denial (appeal or write off); the insurer owes an answer or money on an open one; none when closed.
 */
export function claimWaitingOn(state: ClaimSubmissionState): 'shop' | 'insurer' | null {
  if (state === S.Rejected || state === S.ShortPaid || state === S.Denied) return 'shop';
  if (isOpenClaim(state)) return 'insurer';
  return null;
}

/**
 * When an invoice is sent to its clearing house: at submit, or at finalize for a clearing house that requires
 * finalization (submit alone then sends nothing and says so).
 */
export function claimSendsAt(requiresFinalization: boolean): 'submit' | 'finalize' {
  return requiresFinalization ? 'finalize' : 'submit';
}

/** What a move needs besides a legal transition: a rejection names its reason (code and text). */
export function claimMoveProblem(
  from: ClaimSubmissionState,
  to: ClaimSubmissionState,
  detail: { reasonCode?: string | null; reasonText?: string | null } = {},
): string | null {
  if (!canMoveClaim(from, to)) return `A submission that is ${from} cannot become ${to}.`;
  if (to === S.Rejected && !(detail.reasonCode?.trim() && detail.reasonText?.trim()))
    return 'A rejection needs its reason code and text.';
  return null;
}

/** The states whose submissions wait on the shop, and on the insurer (the queue's SQL is built from these). */
export const CLAIM_STATES_WAITING_ON_SHOP: readonly ClaimSubmissionState[] = Object.values(S).filter(
  (s) => claimWaitingOn(s) === 'shop',
);
export const CLAIM_STATES_WAITING_ON_INSURER: readonly ClaimSubmissionState[] = Object.values(S).filter(
  (s) => claimWaitingOn(s) === 'insurer',
);

/** An invoice's stored money as a claim reads it (the invoice's columns). */
export interface ClaimMoneyInput {
  laborCost: MoneyValue;
  partsCost: MoneyValue;
  taxCost: MoneyValue;
  deductible?: MoneyValue;
  deposit?: MoneyValue;
}

/**
 * The amount claimed from the insurer, in cents: the invoice's balance (invoice-money.ts: its stored total less
 * the customer's deductible and deposit, which the customer pays), never below 0.
 */
export function claimAmountCents(invoice: ClaimMoneyInput): number {
  const m = invoiceMoney({
    labor: toCents(invoice.laborCost),
    parts: toCents(invoice.partsCost),
    tax: toCents(invoice.taxCost),
    deductible: invoice.deductible,
    deposit: invoice.deposit,
  });
  return Math.max(0, m.balance);
}

/**
 * A payment recorded on a submission (Paid or ShortPaid, from a remittance): the state it takes, given what
 * was claimed and what is paid in all (cents). Paid once the whole claim is paid, else ShortPaid.
 */
export function claimPaymentState(claimedCents: number, paidCents: number): ClaimSubmissionState {
  return paidCents >= claimedCents ? S.Paid : S.ShortPaid;
}
