/**
 * The HTTP contract of deposits (apps/server/src/modules/deposits, issue #20): spec 2 §3 "DepositInvoice:
 * id, createdBy, createdAt, deposits (each: invoice id, item type, laborCost, partsCost, taxCost,
 * totalCost, payment type, insurance company, clearing house, facility, buyer, vehicle)".
 */
import { z } from 'zod';
import { amount, instant, moneyInput, positiveId, text } from './field-schemas.js';
import { transactionTypeIdSchema } from './reconcile.js';

const int = z.number().int();
const str = z.string().nullable();

/* ---------------------------------------------------------------- requests */

/**
 * One item of POST /api/DepositInvoices/contextual, as the reconcile row showed it. The server checks the
 * money and the item type against the invoice (409 when it changed since it was listed) and takes the
 * other fields (payment type, insurance company, clearing house, facility, buyer, vehicle) from the invoice
 * itself, so the deposit keeps what was true when it was made.
 */
export const depositItemInput = z.object({
  invoiceId: positiveId,
  itemType: transactionTypeIdSchema,
  laborCost: moneyInput,
  partsCost: moneyInput,
  taxCost: moneyInput,
  totalCost: moneyInput,
  paymentTypeId: int.nullish(),
  insuranceCompanyId: int.nullish(),
  clearingHouseId: int.nullish(),
  facilityId: int.nullish(),
  buyerName: text(200).nullish(),
  vehicle: text(200).nullish(),
});
export type DepositItemInput = z.infer<typeof depositItemInput>;

/** At most this many invoices on one deposit. */
export const MAX_DEPOSIT_ITEMS = 1000;

/**
 * POST /api/DepositInvoices/contextual {DepositInvoiceInvoiceViewModels}: funded invoices of one facility,
 * each at most once. `total`, when sent, must be the sum of the items' totals (400 otherwise).
 */
export const depositCreateBody = z.object({
  DepositInvoiceInvoiceViewModels: z
    .array(depositItemInput)
    .min(1, 'Choose at least one funded invoice')
    .max(MAX_DEPOSIT_ITEMS, `At most ${MAX_DEPOSIT_ITEMS} invoices on one deposit`),
  total: z.number().min(0).max(1_000_000_000).optional(),
  notes: text(500).optional(),
});
export type DepositCreateBody = z.infer<typeof depositCreateBody>;

/* --------------------------------------------------------------- responses */

/** One deposited invoice (a snapshot taken when the deposit was made). */
export const depositItem = z.object({
  id: int,
  invoiceId: int,
  invoiceTransactionId: int.nullable(),
  itemType: int,
  laborCost: amount,
  partsCost: amount,
  taxCost: amount,
  totalCost: amount,
  paymentTypeId: int.nullable(),
  insuranceCompanyId: int.nullable(),
  insuranceCompanyName: str,
  clearingHouseId: int.nullable(),
  clearingHouseName: str,
  facilityId: int.nullable(),
  facilityName: str,
  buyerName: str,
  vehicle: str,
});
export type DepositItem = z.infer<typeof depositItem>;

/** A deposit of GET /api/DepositInvoices (with `$expand=deposits`, its items). */
export const depositRow = z.object({
  id: int,
  createdAt: instant,
  createdById: int,
  createdBy: z.string(),
  facilityId: int.nullable(),
  facilityName: str,
  total: amount,
  itemCount: int,
  notes: str,
  deposits: z.array(depositItem).optional(),
});
export type DepositRow = z.infer<typeof depositRow>;

/** POST /api/DepositInvoices/contextual answers the deposit with its items. */
export const createdDeposit = depositRow.extend({ deposits: z.array(depositItem) });
export type CreatedDeposit = z.infer<typeof createdDeposit>;
