/**
 * Customer approvals and opt-in (spec 2 §3 "CustomerApproval": sentAt, pageViewedAt, responseReceivedAt,
 * response, responseComments, approved, declined, clientIp, userAgent; issue #19). Pure rules both the
 * server (its SQL mirrors `approvalState`, see modules/approvals/resource.ts) and the screens use.
 *
 * An approval request is in exactly one state:
 * - approved / declined: the customer answered (an approval answers once, so these are final);
 * - voided: unanswered, and staff replaced it with a newer request, or the invoice's price changed after
 *   it was sent (its total or the customer's share, so the customer never approves an old price), or the
 *   invoice was voided or lost;
 * - expired: unanswered and past its expiry (links stay valid `ApprovalLinkValidDays`, default 14 days);
 * - viewed: the customer opened the page; sent: not yet.
 */
export const APPROVAL_STATES = ['sent', 'viewed', 'approved', 'declined', 'expired', 'voided'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_STATE_LABELS: Readonly<Record<ApprovalState, string>> = {
  sent: 'Sent',
  viewed: 'Viewed',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
  voided: 'Voided',
};

export const APPROVAL_CHANNELS = ['sms', 'email'] as const;
export type ApprovalChannel = (typeof APPROVAL_CHANNELS)[number];
export const APPROVAL_CHANNEL_LABELS: Readonly<Record<ApprovalChannel, string>> = {
  sms: 'Text',
  email: 'E-mail',
};

/** Days an approval link stays valid when the option `ApprovalLinkValidDays` is not a whole number 1..365. */
export const DEFAULT_APPROVAL_LINK_DAYS = 14;

/** The option's value as days: a whole number from 1 to 365, otherwise the default (14). */
export function approvalLinkDays(option: string | number | null | undefined): number {
  const n = typeof option === 'number' ? option : Number(String(option ?? '').trim());
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : DEFAULT_APPROVAL_LINK_DAYS;
}

export interface ApprovalFacts {
  approved: boolean;
  declined: boolean;
  voidedAt: string | Date | null;
  expiresAt: string | Date;
  pageViewedAt: string | Date | null;
  /** The invoice's price is no longer the one sent, or the invoice is void or lost (see `approvalIsStale`). */
  stale: boolean;
}

const time = (v: string | Date) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

/** The state of an approval request at `now` (the rules at the top of this file, in that order). */
export function approvalState(a: ApprovalFacts, now: Date = new Date()): ApprovalState {
  if (a.approved) return 'approved';
  if (a.declined) return 'declined';
  if (a.voidedAt || a.stale) return 'voided';
  if (now.getTime() >= time(a.expiresAt)) return 'expired';
  return a.pageViewedAt ? 'viewed' : 'sent';
}

/** Whether the customer may still answer: neither answered, voided nor expired. */
export const isOpenApproval = (state: ApprovalState) => state === 'sent' || state === 'viewed';

/**
 * What the customer is asked to approve, as one text: the invoice total and the customer's share (the
 * deductible), in cents (invoiceMoney), `'15995|5000'`. Stored when the request is sent; the request is
 * void as soon as the invoice's current key differs. The server's SQL builds the same text from the
 * stored money columns (modules/approvals/sql.ts), and a test keeps the two equal.
 */
export function approvalPriceKey(money: { total: number; deductible: number }): string {
  return `${money.total}|${money.deductible}`;
}

/** Whether an unanswered request no longer stands for the invoice as it is now (amounts in cents). */
export function approvalIsStale(
  sentKey: string | null,
  invoice: { total: number; deductible: number; void: boolean; lost: boolean },
): boolean {
  if (invoice.void || invoice.lost) return true;
  return sentKey !== null && sentKey !== approvalPriceKey(invoice);
}

/* ------------------------------------------------------------------ opt-in */

/**
 * A customer's consent to texts and to e-mails, each: unknown (never asked or never answered: texts are
 * allowed and the first text to a new number carries the opt-in link), in, or out (nothing is sent).
 * The latest answer on the opt-in page counts.
 */
export const OPT_IN_STATES = ['unknown', 'in', 'out'] as const;
export type OptInState = (typeof OPT_IN_STATES)[number];
export const OPT_IN_STATE_LABELS: Readonly<Record<OptInState, string>> = {
  unknown: 'Not asked yet',
  in: 'Opted in',
  out: 'Opted out',
};

export interface ConsentAnswer {
  texts: boolean;
  emails: boolean;
}

/** The consent state of both channels from the customer's latest answer (none: unknown). */
export function optInStates(latest: ConsentAnswer | null | undefined): {
  texts: OptInState;
  emails: OptInState;
} {
  if (!latest) return { texts: 'unknown', emails: 'unknown' };
  return { texts: latest.texts ? 'in' : 'out', emails: latest.emails ? 'in' : 'out' };
}

/**
 * The customer's do-not-text / do-not-email flags follow their answer on the opt-in page: a channel they
 * chose is allowed, the other is not.
 */
export const flagsFromConsent = (answer: ConsentAnswer) => ({
  doNotText: !answer.texts,
  doNotEmail: !answer.emails,
});

/** The consent wording the opt-in page shows and the server stores with each answer. */
export function consentWording(business: string): string {
  return (
    `I agree that ${business} may contact me about my vehicle's glass work (approvals, appointments and ` +
    'invoices) by the channels I choose here. Message and data rates may apply. I can change this choice ' +
    'at any time with this link.'
  );
}

/** '7135550199' → '(•••) •••-0199': the opt-in page shows which number the business has, not all of it. */
export function maskPhone(digits: string | null | undefined): string | null {
  const d = (digits ?? '').replace(/\D/g, '');
  if (d.length < 4) return null;
  return `(•••) •••-${d.slice(-4)}`;
}

/** 'maria.lopez@example.com' → 'm•••@example.com'. */
export function maskEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim();
  const at = e.lastIndexOf('@');
  if (at < 1) return null;
  return `${e[0]}•••${e.slice(at)}`;
}
