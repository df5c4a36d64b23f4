/**
 * An invoice's money, computed in one place (spec 2 §3: invoice laborCost, partsCost, taxCost, totalCost,
 * deductiblePayment, depositPayment; facility taxRate is the "labor tax rate"). The server stores what
 * this computes (labor_cost, parts_cost, tax_cost, total_cost) on every write that changes the lines;
 * the detail screen, the lists and the PDF show those stored figures, totalled here.
 *
 * Rules (all amounts integer cents):
 * - labor = the sum of the repair lines' amounts; parts = the sum of the replacement parts' prices;
 *   each amount is converted to whole cents exactly (money columns hold 2 decimals).
 * - tax = labor × the facility's tax rate, computed once on the labor total (not per line) and rounded
 *   to the nearest cent, halves away from zero (PostgreSQL's round(numeric, 2)). Parts are not taxed:
 *   the spec names the facility rate the "labor tax rate".
 * - total = labor + parts + tax.
 * - balance = total − deductible − deposit: what is left to collect once the customer's deductible and
 *   deposit are paid. It may be negative (more was paid than charged).
 *
 * Choices where the spec is silent: accessories (spec 2 §7: accessoryId, invoiceId) carry no amount on
 * the invoice and add nothing; recorded transactions do not change the balance.
 */

/** A money value as stored ('64.90', '1000') or sent (64.9). */
export type MoneyValue = string | number | null | undefined;

const MONEY_TEXT = /^(-)?(\d+)(?:\.(\d*))?$/;

/** Whole cents of a money value ('64.9' → 6490, 12.345 → 1235); null and undefined are 0. */
export function toCents(value: MoneyValue): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
    return roundHalfAway(value * 100);
  }
  const m = MONEY_TEXT.exec(value.trim());
  if (!m) throw new RangeError(`Not an amount: ${value}`);
  const [, minus, whole, fraction = ''] = m;
  const digits = fraction.padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  // A third decimal rounds half away from zero; further decimals only matter when it is exactly 5.
  if (Number(digits[2]) >= 5) cents += 1;
  return minus ? -cents : cents;
}

const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** The sum of several money values in cents. */
export function sumCents(values: readonly MoneyValue[]): number {
  return values.reduce<number>((sum, v) => sum + toCents(v), 0);
}

/** Cents as a money text for storage or an API: 6490 → '64.90', -5 → '-0.05'. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parts per million of a rate ('0.0825' → 82500). */
function ratePpm(rate: string | number): bigint {
  const n = typeof rate === 'number' ? rate : Number(rate);
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`Not a tax rate: ${rate}`);
  return BigInt(Math.round(n * 1_000_000));
}

/** Tax on labor cents at a rate (a fraction, '0.0825'), to the nearest cent, halves away from zero. */
export function laborTax(laborCents: number, taxRate: string | number): number {
  const product = BigInt(laborCents) * ratePpm(taxRate);
  const abs = product < 0n ? -product : product;
  const rounded = (abs + 500_000n) / 1_000_000n;
  return Number(product < 0n ? -rounded : rounded);
}

interface MoneyBase {
  /** Labor in cents (use sumCents over the repair amounts). */
  labor: number;
  /** Parts in cents (use sumCents over the part prices). */
  parts: number;
  deductible?: MoneyValue;
  deposit?: MoneyValue;
}

/**
 * What the invoice's money depends on: labor and parts with either the facility's tax rate (a write
 * computing the tax) or the tax already computed and stored (a screen or PDF showing it).
 */
export type InvoiceMoneyInput = MoneyBase & ({ taxRate: string | number } | { tax: number });

export interface InvoiceMoney {
  labor: number;
  parts: number;
  tax: number;
  total: number;
  deductible: number;
  deposit: number;
  balance: number;
}

/** The invoice's money in cents (the rules at the top of this file). */
export function invoiceMoney(input: InvoiceMoneyInput): InvoiceMoney {
  const { labor, parts } = input;
  const tax = 'tax' in input ? input.tax : laborTax(labor, input.taxRate);
  const total = labor + parts + tax;
  const deductible = toCents(input.deductible);
  const deposit = toCents(input.deposit);
  return { labor, parts, tax, total, deductible, deposit, balance: total - deductible - deposit };
}

/**
 * Labor, parts, tax and total in cents: one invoice's stored figures, one deposit item, or the sum of
 * many (a deposit's total, a payment type's subtotal on the deposit slip, the reconcile list's totals).
 */
export interface MoneyTotals {
  labor: number;
  parts: number;
  tax: number;
  total: number;
}

export const NO_MONEY: MoneyTotals = Object.freeze({ labor: 0, parts: 0, tax: 0, total: 0 });

/** A row's stored money (`laborCost`, `partsCost`, `taxCost`, `totalCost` as the API or SQL writes them) in cents. */
export function rowMoney(row: {
  laborCost: MoneyValue;
  partsCost: MoneyValue;
  taxCost: MoneyValue;
  totalCost: MoneyValue;
}): MoneyTotals {
  return {
    labor: toCents(row.laborCost),
    parts: toCents(row.partsCost),
    tax: toCents(row.taxCost),
    total: toCents(row.totalCost),
  };
}

/** The column-by-column sum of several rows' money: each total is the exact sum of its column, in cents. */
export function addMoney(rows: Iterable<MoneyTotals>): MoneyTotals {
  const sum = { ...NO_MONEY };
  for (const r of rows) {
    sum.labor += r.labor;
    sum.parts += r.parts;
    sum.tax += r.tax;
    sum.total += r.total;
  }
  return sum;
}

/** Whether two amounts in cents are the same money (a client's figures against the server's). */
export function sameMoney(a: MoneyTotals, b: MoneyTotals): boolean {
  return a.labor === b.labor && a.parts === b.parts && a.tax === b.tax && a.total === b.total;
}
