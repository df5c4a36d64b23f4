/**
 * A deposit's figures (spec 2 §3 "DepositInvoice: id, createdBy, createdAt, deposits (each: invoice id,
 * item type, laborCost, partsCost, taxCost, totalCost, payment type, …)"). The spec shows no slip; ours
 * (issue #20): one line per item grouped by payment type, each group with its subtotals, then the
 * deposit's total. Every figure is integer cents added by invoice-money.ts, so the slip, the deposit's
 * stored total and the reconcile totals of the same invoices agree to the cent.
 */
import { PAYMENT_TYPE_OPTIONS, paymentTypeLabel } from '../enums.js';
import { addMoney, type MoneyTotals, type MoneyValue, rowMoney } from './invoice-money.js';

export interface DepositSlipItem {
  invoiceId: number;
  paymentTypeId: number | null;
  laborCost: MoneyValue;
  partsCost: MoneyValue;
  taxCost: MoneyValue;
  totalCost: MoneyValue;
}

export interface DepositSlipGroup<T extends DepositSlipItem> {
  paymentTypeId: number | null;
  /** The payment type's name ('Ins', 'Check'), or 'No payment type'. */
  label: string;
  items: { item: T; money: MoneyTotals }[];
  subtotal: MoneyTotals;
}

export interface DepositSlip<T extends DepositSlipItem> {
  groups: DepositSlipGroup<T>[];
  total: MoneyTotals;
  count: number;
}

const NO_PAYMENT_TYPE = 'No payment type';
const ORDER = new Map<number, number>(PAYMENT_TYPE_OPTIONS.map((o, i) => [o.value, i]));
const rank = (id: number | null) => (id === null ? Number.MAX_SAFE_INTEGER : (ORDER.get(id) ?? ORDER.size));

/**
 * The slip: groups in the payment types' list order (Pending, Ins, Credit, Cash …; none last), items by
 * invoice number within a group; the total is the sum of the subtotals, which is the sum of the items.
 */
export function depositSlip<T extends DepositSlipItem>(items: readonly T[]): DepositSlip<T> {
  const byType = new Map<number | null, DepositSlipGroup<T>>();
  for (const item of items) {
    const key = item.paymentTypeId ?? null;
    let group = byType.get(key);
    if (!group) {
      const label = key === null ? NO_PAYMENT_TYPE : paymentTypeLabel(key as never) || `Payment type ${key}`;
      group = { paymentTypeId: key, label, items: [], subtotal: { labor: 0, parts: 0, tax: 0, total: 0 } };
      byType.set(key, group);
    }
    group.items.push({ item, money: rowMoney(item) });
  }
  const groups = [...byType.values()].sort((a, b) => rank(a.paymentTypeId) - rank(b.paymentTypeId));
  for (const group of groups) {
    group.items.sort((a, b) => a.item.invoiceId - b.item.invoiceId);
    group.subtotal = addMoney(group.items.map((i) => i.money));
  }
  return { groups, total: addMoney(groups.map((g) => g.subtotal)), count: items.length };
}
