/**
 * Remittance matching (issue #35 item 4, decision 0025): one payment line of an insurer's or clearing house's
 * payment file (a remittance) against the invoices it may pay, and what becomes of it.
 *
 * - **Keys**: the line's claim number and reference number are compared with the invoice's claim number and
 *   reference number (invoices.claim_number, invoices.reference_number: the insurer's claim no. and the
 *   shop's reference), after normalising (case, spaces, dashes, dots, slashes and other punctuation dropped:
 *   `clm-00 123` is `CLM00123`); the line's invoice number with the invoice's id (`INV-000123` is 123).
 * - **Exact first**: a key equal (or the invoice number) and the amount paid equal to what the insurer owes
 *   (total − deductible − deposit, invoice-money's balance) is an exact match, confidence 100.
 * - **Then fuzzy**: a key equal but the amount different is a short or over payment (confidence 95 when a
 *   claim or reference number is equal, 90 on the invoice number alone); a key that is equal once reduced to
 *   its digits (`CLM-123` / `123`, at least four digits) scores 80, a key one edit away (a typo, at least
 *   five characters) 60; the amount agreeing (paid or billed equal to the amount owed) adds 10, up to 89 for
 *   a fuzzy key (a fuzzy key never funds on its own). A line whose invoice number names one invoice while
 *   its claim number is another's is a conflict: 50.
 * - **Decision**: confidence at least REMITTANCE_CONFIDENCE_THRESHOLD (90) on one invoice, that invoice open
 *   (funding's fundProblem is the check) and the amount paid equal to what it owes → **fund**; paid less on
 *   such a match → **short pay**: the invoice is funded with the amount paid (the money arrived and goes on a
 *   deposit like any funding; rules/funding.ts records "the amount … received") and the claim becomes
 *   Short-paid with the difference kept on the line; anything else → **exception**, with the reason: no
 *   invoice, an uncertain match, several invoices as likely, an invoice already funded (or void, lost,
 *   refused, with nothing owed), an overpayment, nothing paid (a denial).
 *
 * The server decides each line the same way against the invoices as they are inside the funding's
 * transaction (the invoice's row lock): a second funding of one invoice is refused there (409), so an
 * invoice is never funded twice, whatever the file holds.
 */
import { fundProblem } from './funding.js';

/** One payment line as read from the file (its mapped columns). Amounts in integer cents. */
export interface RemittancePaymentLine {
  claimNumber?: string | null;
  referenceNumber?: string | null;
  invoiceNumber?: string | null;
  paidCents: number;
  billedCents?: number | null;
  payerName?: string | null;
  /** 'YYYY-MM-DD'. */
  paidOn?: string | null;
}

/** An invoice the line may pay. */
export interface RemittanceCandidate {
  id: number;
  claimNumber?: string | null;
  referenceNumber: string | null;
  /** What the insurer owes: total − deductible − deposit, in cents. */
  amountOwedCents: number;
  /** Total of the invoice in cents (funding's check: something to collect); default the amount owed. */
  totalCents?: number;
  funded: boolean;
  void?: boolean;
  lost?: boolean;
  paymentTypeId?: number | null;
}

export type RemittanceMatchKind = 'exact' | 'amount' | 'fuzzy' | 'none';
export type RemittanceDecision = 'fund' | 'shortPay' | 'exception';

export interface RemittanceMatch {
  /** The most likely invoice (also for an exception, as the queue's suggestion), or null. */
  invoiceId: number | null;
  kind: RemittanceMatchKind;
  /** 0–100. */
  confidence: number;
  decision: RemittanceDecision;
  /** Why the line is an exception (null when it funds). */
  reason: string | null;
  /** What the insurer still owes after a short payment (cents); 0 otherwise. */
  shortCents: number;
  /** The other invoices as likely as the first (several candidates). */
  alternatives: number[];
}

/** A match at least this sure funds on its own; below it, a person confirms. */
export const REMITTANCE_CONFIDENCE_THRESHOLD = 90;

/** Texts of the exceptions (the queue shows them). */
export const REMITTANCE_REASONS = {
  noMatch: 'No invoice matches the claim, reference or invoice number',
  uncertain: (c: number) => `Uncertain match (confidence ${c})`,
  several: 'Several invoices match as well',
  conflict: 'The invoice number and the claim or reference number name different invoices',
  overpaid: (paid: number, owed: number) =>
    `Overpayment: paid ${centsLabel(paid)}, the insurer owes ${centsLabel(owed)}`,
  nothingPaid: 'Nothing paid (a denial or a zero line)',
  negative: 'A negative amount (a take-back) is not funded',
} as const;

const centsLabel = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A claim or reference number reduced for comparison: upper case, letters and digits only. */
export function normalizeClaimKey(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** The digits of a key without leading zeros ('CLM-00123' → '123'); '' when it has none. */
export function claimKeyDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/** An invoice number as the invoice's id ('INV-000123', '#123', '123' → 123), or undefined. */
export function invoiceNumberOf(value: string | null | undefined): number | undefined {
  const t = (value ?? '').trim();
  if (!/^(?:[A-Za-z]{0,4}[-# ]*)?\d{1,10}$/.test(t)) return undefined;
  const n = Number(t.replace(/\D/g, ''));
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** Whether a and b are at most one edit (insert, delete, replace, swap of neighbours) apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return (
      diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]]
    );
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}

type KeyStrength = 'exact' | 'digits' | 'near' | null;

/** How well one of the line's keys meets one of the invoice's. */
function keyStrength(lineKeys: readonly string[], invoiceKeys: readonly string[]): KeyStrength {
  let best: KeyStrength = null;
  for (const raw of lineKeys) {
    const l = normalizeClaimKey(raw);
    if (!l) continue;
    for (const rawInv of invoiceKeys) {
      const k = normalizeClaimKey(rawInv);
      if (!k) continue;
      if (l === k) return 'exact';
      const dl = claimKeyDigits(l);
      if (dl.length >= 4 && dl === claimKeyDigits(k)) best = 'digits';
      else if (best === null && l.length >= 5 && k.length >= 5 && withinOneEdit(l, k)) best = 'near';
    }
  }
  return best;
}

interface Scored {
  candidate: RemittanceCandidate;
  confidence: number;
  kind: RemittanceMatchKind;
  conflict: boolean;
}

function score(line: RemittancePaymentLine, c: RemittanceCandidate): Scored {
  const lineKeys = [line.claimNumber, line.referenceNumber].filter((k): k is string => !!k?.trim());
  const invoiceKeys = [c.claimNumber, c.referenceNumber].filter((k): k is string => !!k?.trim());
  const key = keyStrength(lineKeys, invoiceKeys);
  const byNumber = invoiceNumberOf(line.invoiceNumber) === c.id;
  const amountAgrees =
    line.paidCents === c.amountOwedCents ||
    (line.billedCents !== null && line.billedCents !== undefined && line.billedCents === c.amountOwedCents);
  const paidInFull = line.paidCents === c.amountOwedCents;
  // The line names this invoice by number, but its claim or reference number is clearly another one.
  const conflict = byNumber && lineKeys.length > 0 && invoiceKeys.length > 0 && key === null;
  let confidence = 0;
  if (conflict) confidence = 50;
  else if (key === 'exact') confidence = byNumber || paidInFull ? 100 : 95;
  else if (byNumber) confidence = paidInFull ? 100 : 90;
  else if (key === 'digits') confidence = Math.min(89, 80 + (amountAgrees ? 9 : 0));
  else if (key === 'near') confidence = Math.min(89, 60 + (amountAgrees ? 10 : 0));
  const sure = key === 'exact' || (byNumber && !conflict);
  const kind: RemittanceMatchKind =
    confidence === 0 ? 'none' : sure && paidInFull ? 'exact' : sure ? 'amount' : 'fuzzy';
  return { candidate: c, confidence, kind, conflict };
}

/**
 * Matches one payment line against the invoices it may pay (those found by its keys or its amount) and
 * decides what becomes of it. Pure: the server calls it with the invoices as they are under their lock.
 */
export function matchRemittanceLine(
  line: RemittancePaymentLine,
  candidates: readonly RemittanceCandidate[],
  threshold = REMITTANCE_CONFIDENCE_THRESHOLD,
): RemittanceMatch {
  const scored = candidates
    .map((c) => score(line, c))
    .filter((s) => s.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence || a.candidate.id - b.candidate.id);
  const best = scored[0];
  const exception = (reason: string, extra: Partial<RemittanceMatch> = {}): RemittanceMatch => ({
    invoiceId: best?.candidate.id ?? null,
    kind: best?.kind ?? 'none',
    confidence: best?.confidence ?? 0,
    decision: 'exception',
    reason,
    shortCents: 0,
    alternatives: [],
    ...extra,
  });
  if (!best) return exception(REMITTANCE_REASONS.noMatch);
  const alternatives = scored
    .slice(1)
    .filter((s) => s.candidate.id !== best.candidate.id && s.confidence >= best.confidence - 5)
    .map((s) => s.candidate.id);
  if (line.paidCents < 0) return exception(REMITTANCE_REASONS.negative, { alternatives });
  if (line.paidCents === 0) return exception(REMITTANCE_REASONS.nothingPaid, { alternatives });
  // The invoice number names one invoice and the claim or reference number another: a person decides.
  const named = invoiceNumberOf(line.invoiceNumber);
  const namedOther =
    named !== undefined && named !== best.candidate.id && candidates.some((c) => c.id === named);
  if (best.conflict || namedOther) return exception(REMITTANCE_REASONS.conflict, { alternatives });
  if (best.confidence < threshold)
    return exception(REMITTANCE_REASONS.uncertain(best.confidence), { alternatives });
  if (alternatives.length) return exception(REMITTANCE_REASONS.several, { alternatives });
  return decideFunding(line.paidCents, best.candidate, {
    invoiceId: best.candidate.id,
    kind: best.kind,
    confidence: best.confidence,
  });
}

/**
 * What a payment does to a chosen invoice (the matcher's sure match, or the invoice a person confirmed or
 * reassigned the line to): fund in full, short pay, or an exception with the reason.
 */
export function decideFunding(
  paidCents: number,
  invoice: RemittanceCandidate,
  match: Pick<RemittanceMatch, 'invoiceId' | 'kind' | 'confidence'> = {
    invoiceId: invoice.id,
    kind: 'exact',
    confidence: 100,
  },
): RemittanceMatch {
  const base = { ...match, shortCents: 0, alternatives: [] as number[] };
  if (paidCents < 0) return { ...base, decision: 'exception', reason: REMITTANCE_REASONS.negative };
  if (paidCents === 0) return { ...base, decision: 'exception', reason: REMITTANCE_REASONS.nothingPaid };
  const problem = fundProblem(invoice.id, {
    funded: invoice.funded,
    void: invoice.void ?? false,
    lost: invoice.lost ?? false,
    totalCost: (invoice.totalCents ?? invoice.amountOwedCents) / 100,
    paymentTypeId: invoice.paymentTypeId ?? null,
  });
  if (problem) return { ...base, decision: 'exception', reason: problem };
  if (paidCents > invoice.amountOwedCents)
    return {
      ...base,
      decision: 'exception',
      reason: REMITTANCE_REASONS.overpaid(paidCents, invoice.amountOwedCents),
    };
  if (paidCents < invoice.amountOwedCents)
    return { ...base, decision: 'shortPay', reason: null, shortCents: invoice.amountOwedCents - paidCents };
  return { ...base, decision: 'fund', reason: null };
}
