import { type MoneyValue, toCents } from './invoice-money';

/**
 * Money on screen, one formatter for every screen (issue #15): integer cents as US dollars with a
 * thousands separator, 123456 → '$1,234.56', -500 → '-$5.00'. Amounts are computed in cents
 * (invoice-money.ts); this only prints them.
 */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A money value as the API sends it ('1234.5', 1234.5) on screen: '$1,234.50'; null, undefined, ''
 * and text that is not an amount print as '' (nothing to show).
 */
export function formatMoney(value: MoneyValue): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return formatCents(toCents(value));
  } catch {
    return '';
  }
}
