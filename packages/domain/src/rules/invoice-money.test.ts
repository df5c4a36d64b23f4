import { describe, expect, it } from 'vitest';
import {
  addMoney,
  centsText,
  invoiceMoney,
  laborTax,
  NO_MONEY,
  rowMoney,
  sameMoney,
  sumCents,
  toCents,
} from './invoice-money.js';

describe('invoice money (spec 2 §3: totalCost; facility taxRate is the labor tax rate)', () => {
  it('converts money values to whole cents exactly', () => {
    expect(toCents('64.90')).toBe(6490);
    expect(toCents('64.9')).toBe(6490);
    expect(toCents(64.9)).toBe(6490);
    expect(toCents('1000')).toBe(100000);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('12.345')).toBe(1235);
    expect(toCents('12.3449')).toBe(1234);
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(() => toCents('12,50')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(sumCents(['59.95', '29.95', '19.95'])).toBe(10985);
  });

  it('writes cents as money text', () => {
    expect(centsText(6490)).toBe('64.90');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(0)).toBe('0.00');
    expect(centsText(-105)).toBe('-1.05');
  });

  it('taxes labor once on the total at the facility rate, to the nearest cent, halves up', () => {
    // The example: repair line 64.90 at 8.25 % → 5.354 25 → 5.35.
    expect(laborTax(6490, '0.0825')).toBe(535);
    expect(laborTax(6490, 0.0825)).toBe(535);
    // 59.95 × 8.25 % = 4.945 875 → 4.95 (the seeded one-line repair invoices).
    expect(laborTax(5995, '0.0825')).toBe(495);
    // Exactly half a cent rounds up: 10.00 × 0.0525 % = 0.5 cent → 1 cent.
    expect(laborTax(1000, '0.0005')).toBe(1);
    // Once on the total, not per line: 3 × 0.10 at 5 % is 1.5 cents → 2, not 3 × 1.
    expect(laborTax(sumCents(['0.10', '0.10', '0.10']), '0.05')).toBe(2);
    expect(laborTax(0, '0.0825')).toBe(0);
    expect(laborTax(123456, '0')).toBe(0);
    // Large amounts stay exact (no floating point on the product).
    expect(laborTax(9_999_999_999, '0.0825')).toBe(825_000_000); // 824 999 999.9175
    expect(laborTax(9_999_999_990, '0.0825')).toBe(824_999_999); // 824 999 999.175
    expect(() => laborTax(100, '-0.1')).toThrow(RangeError);
  });

  it('adds labor, parts and tax to the total; parts are not taxed', () => {
    expect(invoiceMoney({ labor: 6490, parts: 0, taxRate: '0.0825' })).toEqual({
      labor: 6490,
      parts: 0,
      tax: 535,
      total: 7025,
      deductible: 0,
      deposit: 0,
      balance: 7025,
    });
    const m = invoiceMoney({ labor: 12000, parts: 18099, taxRate: '0.0825' });
    expect(m.tax).toBe(990);
    expect(m.total).toBe(12000 + 18099 + 990);
  });

  it('balance is the total less the deductible and the deposit, and may go below zero', () => {
    const m = invoiceMoney({
      labor: 10000,
      parts: 5000,
      taxRate: '0.0825',
      deductible: '100',
      deposit: 25.5,
    });
    expect(m).toMatchObject({ tax: 825, total: 15825, deductible: 10000, deposit: 2550, balance: 3275 });
    expect(invoiceMoney({ labor: 1000, parts: 0, tax: 0, deposit: '20.00' }).balance).toBe(-1000);
  });

  it('a stored tax is shown as stored (the screen and the PDF total what the server wrote)', () => {
    const m = invoiceMoney({ labor: 6490, parts: 100, tax: 535, deductible: null, deposit: undefined });
    expect(m).toMatchObject({ tax: 535, total: 7125, balance: 7125 });
  });
});

describe('money of rows and sums of rows (issue #20: deposit and reconcile totals)', () => {
  it('reads a row of stored figures in cents and adds rows column by column', () => {
    const a = rowMoney({ laborCost: '59.95', partsCost: 0, taxCost: 4.95, totalCost: '64.90' });
    expect(a).toEqual({ labor: 5995, parts: 0, tax: 495, total: 6490 });
    const b = rowMoney({ laborCost: 0.1, partsCost: 0.2, taxCost: null, totalCost: 0.3 });
    expect(b).toEqual({ labor: 10, parts: 20, tax: 0, total: 30 });
    expect(addMoney([a, b])).toEqual({ labor: 6005, parts: 20, tax: 495, total: 6520 });
    expect(addMoney([])).toEqual(NO_MONEY);
    expect(sameMoney(a, { ...a })).toBe(true);
    expect(sameMoney(a, { ...a, tax: 496 })).toBe(false);
  });
});
