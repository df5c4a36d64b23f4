import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositSlip } from './deposit-slip.js';
import { addMoney, centsText, invoiceMoney, rowMoney, toCents } from './invoice-money.js';
import { formatCents } from './money-format.js';

const item = (
  invoiceId: number,
  paymentTypeId: number | null,
  labor: string,
  parts: string,
  tax: string,
) => ({
  invoiceId,
  paymentTypeId,
  laborCost: labor,
  partsCost: parts,
  taxCost: tax,
  totalCost: centsText(toCents(labor) + toCents(parts) + toCents(tax)),
});

describe('deposit slip (spec 2 §3 DepositInvoice: deposits each with payment type and costs)', () => {
  it('groups the items by payment type in the list order, invoices ascending, with subtotals and a total', () => {
    const slip = depositSlip([
      item(30, 6, '10.00', '0', '0.83'),
      item(12, 1, '59.95', '0', '4.95'),
      item(11, 1, '100.10', '20.00', '8.26'),
      item(40, null, '5.00', '0', '0'),
    ]);
    expect(slip.groups.map((g) => g.label)).toEqual(['Ins', 'Check', 'No payment type']);
    expect(slip.groups[0].items.map((i) => i.item.invoiceId)).toEqual([11, 12]);
    expect(slip.groups[0].subtotal).toEqual({ labor: 16005, parts: 2000, tax: 1321, total: 19326 });
    expect(slip.total.total).toBe(19326 + 1083 + 500);
    expect(slip.count).toBe(4);
  });

  it('an empty deposit has no groups and a zero total', () => {
    expect(depositSlip([])).toEqual({
      groups: [],
      total: { labor: 0, parts: 0, tax: 0, total: 0 },
      count: 0,
    });
  });

  // Issue #20 "Money is exact": for random sets of items, the deposit's total (the sum of its items), the
  // slip's subtotals and total, and the printed figures agree to the cent.
  it('totals, subtotals and printed figures agree to the cent for random items (property)', () => {
    const arbItem = fc.record({
      invoiceId: fc.integer({ min: 1, max: 1_000_000 }),
      paymentTypeId: fc.constantFrom(null, 0, 1, 2, 4, 5, 6, 7, 8),
      labor: fc.integer({ min: 0, max: 5_000_000 }),
      parts: fc.integer({ min: 0, max: 5_000_000 }),
      rate: fc.constantFrom('0', '0.0625', '0.0825', '0.07', '0.1'),
    });
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 60 }), (raw) => {
        const items = raw.map((r) => {
          const m = invoiceMoney({ labor: r.labor, parts: r.parts, taxRate: r.rate });
          // As the API sends them: numbers of dollars (numeric(12,2) in JSON).
          return {
            invoiceId: r.invoiceId,
            paymentTypeId: r.paymentTypeId,
            laborCost: Number(centsText(m.labor)),
            partsCost: Number(centsText(m.parts)),
            taxCost: Number(centsText(m.tax)),
            totalCost: Number(centsText(m.total)),
            expected: m,
          };
        });
        const slip = depositSlip(items);
        const deposit = addMoney(items.map(rowMoney));
        expect(slip.total).toEqual(deposit);
        expect(deposit.total).toBe(items.reduce((s, i) => s + i.expected.total, 0));
        expect(deposit.total).toBe(deposit.labor + deposit.parts + deposit.tax);
        expect(addMoney(slip.groups.map((g) => g.subtotal))).toEqual(slip.total);
        // The printed text reads back as the same cents.
        const printed = formatCents(slip.total.total).replace(/[$,]/g, '');
        expect(toCents(printed)).toBe(slip.total.total);
        for (const g of slip.groups)
          expect(toCents(formatCents(g.subtotal.total).replace(/[$,]/g, ''))).toBe(g.subtotal.total);
      }),
      { numRuns: 300 },
    );
  });
});
