import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney } from './money-format';

describe('money on screen', () => {
  it('prints cents as dollars with a thousands separator', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
  });

  it('prints API amounts through whole cents', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(64.9)).toBe('$64.90');
    expect(formatMoney('0.125')).toBe('$0.13');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});
