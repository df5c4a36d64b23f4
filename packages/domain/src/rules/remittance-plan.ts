/**
 * A remittance's lines as one import decides them (issue #35 item 4, decision 0025): the key that makes a
 * re-import idempotent, and the model of a whole file the property tests check (never funded twice, funded
 * totals equal the funded lines).
 */
import {
  invoiceNumberOf,
  matchRemittanceLine,
  normalizeClaimKey,
  type RemittanceCandidate,
  type RemittancePaymentLine,
} from './remittance-match.js';

/**
 * The key that makes a re-import idempotent: the clearing house, the line's keys (normalised), the amount
 * and the paid date. The same line again (in this file or a later one) is a duplicate and is never funded
 * again. The server stores its digest.
 */
export function remittanceLineKey(clearingHouseId: number | null, line: RemittancePaymentLine): string {
  return [
    clearingHouseId ?? 0,
    normalizeClaimKey(line.claimNumber),
    normalizeClaimKey(line.referenceNumber),
    invoiceNumberOf(line.invoiceNumber) ?? normalizeClaimKey(line.invoiceNumber),
    line.paidCents,
    line.paidOn ?? '',
  ].join('|');
}

/** What one line of a planned file does (the property tests' model of an import). */
export interface PlannedLine {
  key: string;
  outcome: 'Funded' | 'ShortPaid' | 'Exception' | 'Duplicate';
  invoiceId: number | null;
  paidCents: number;
}

/**
 * A whole file decided line by line as the import job does: a line whose key was seen before (this file or
 * `imported`, the keys of earlier imports) is a duplicate; each funding marks its invoice funded before the
 * next line is matched. Pure (the candidates are copied).
 */
export function planRemittance(
  clearingHouseId: number | null,
  lines: readonly RemittancePaymentLine[],
  candidates: readonly RemittanceCandidate[],
  imported: ReadonlySet<string> = new Set(),
): PlannedLine[] {
  const invoices = candidates.map((c) => ({ ...c }));
  const seen = new Set(imported);
  return lines.map((line): PlannedLine => {
    const key = remittanceLineKey(clearingHouseId, line);
    if (seen.has(key)) return { key, outcome: 'Duplicate', invoiceId: null, paidCents: line.paidCents };
    seen.add(key);
    const m = matchRemittanceLine(line, invoices);
    if (m.decision === 'exception')
      return { key, outcome: 'Exception', invoiceId: m.invoiceId, paidCents: line.paidCents };
    const target = invoices.find((c) => c.id === m.invoiceId);
    if (target) target.funded = true;
    return {
      key,
      outcome: m.decision === 'fund' ? 'Funded' : 'ShortPaid',
      invoiceId: m.invoiceId,
      paidCents: line.paidCents,
    };
  });
}
