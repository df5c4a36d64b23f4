/**
 * The HTTP contract of reconcile (apps/server/src/modules/reconcile, issue #20): the list of spec 2 §3
 * "Reconcile invoice row" with the totals of the whole filtered set, and funding / unfunding an invoice.
 */
import { z } from 'zod';
import { TransactionType } from '../enums.js';
import { amount, dateTime, idOf, instant, positiveId, text } from './field-schemas.js';

const int = z.number().int();
const str = z.string().nullable();
const bool = z.boolean();

/* ---------------------------------------------------------------- requests */

/**
 * GET /api/ReconcileInvoices: the OData options plus the list's own parameters. `start`/`end` bound
 * OpenDateTime (default: the start of the day one year ago to the end of today, server time); the three
 * names are case-insensitive fragments of the looked-up insurance company, facility and lead
 * technician names (spec 2 §5 "client-side filters", run on the server here).
 */
export const reconcileQuery = z.looseObject({
  start: dateTime.optional(),
  end: dateTime.optional(),
  insuranceCompanyName: text(100).optional(),
  facilityName: text(100).optional(),
  leadTechnicianName: text(100).optional(),
});
export type ReconcileQuery = z.infer<typeof reconcileQuery>;

export const transactionTypeIdSchema = idOf(TransactionType, 'transaction type');

/**
 * POST /api/ReconcileInvoices/{id}/fund: the transaction recorded with the funding. With
 * `invoiceTransactionId` (the row's open transaction) that transaction is funded with these values;
 * without, a new one is added.
 */
export const fundBody = z.object({
  transactionTypeId: transactionTypeIdSchema,
  amount: z.number().positive('Amount must be more than 0').max(1_000_000),
  reference: text(50).optional(),
  invoiceTransactionId: positiveId.optional(),
});
export type FundBody = z.infer<typeof fundBody>;

/** POST /api/ReconcileInvoices/{id}/unfund. */
export const unfundBody = z.object({
  reason: text(500).min(1, 'Reason is required'),
});
export type UnfundBody = z.infer<typeof unfundBody>;

/* --------------------------------------------------------------- responses */

/** One row (spec 2 §3 "Reconcile invoice row"; `id` is the invoice number) plus what the screen needs. */
export const reconcileRow = z.object({
  id: int,
  flagged: bool,
  isThumbsUp: bool,
  isReplacement: bool,
  parkLine: int.nullable(),
  referenceNumber: str,
  /** Sold to. */
  buyerName: str,
  openAt: instant,
  paymentTypeId: int,
  deductible: amount.nullable(),
  deposit: amount.nullable(),
  insuranceCompanyId: int.nullable(),
  insuranceCompanyName: str,
  clearingHouseId: int.nullable(),
  facilityId: int,
  facilityName: z.string(),
  leadTechnicianId: int.nullable(),
  leadTechnicianName: str,
  vehicle: z.string(),
  isFinalized: bool,
  isFunded: bool,
  isVoid: bool,
  isLost: bool,
  fundedAt: instant.nullable(),
  fundedBy: str,
  totalCost: amount,
  laborCost: amount,
  partsCost: amount,
  taxCost: amount,
  /** The type (1 Cash, 2 Warranty, 3 In-House) of the invoice's transaction below. */
  itemType: int.nullable(),
  /** The invoice's funded transaction, else its open one (the largest, then the first), else null. */
  invoiceTransactionId: int.nullable(),
  showFundedButton: bool,
  /** The deposit the invoice is on, if any. */
  depositId: int.nullable(),
});
export type ReconcileRow = z.infer<typeof reconcileRow>;

/** The totals of every row the request selects (not only the page), in integer cents. */
export const reconcileTotals = z.object({
  count: int,
  laborCents: int,
  partsCents: int,
  taxCents: int,
  totalCents: int,
});
export type ReconcileTotals = z.infer<typeof reconcileTotals>;

/** A page of GET /api/ReconcileInvoices: the OData page with `totals`. */
export const reconcilePage = z.looseObject({
  value: z.array(reconcileRow.partial().extend({ id: int })),
  '@odata.count': int.optional(),
  '@odata.nextLink': z.string().optional(),
  totals: reconcileTotals,
});
export type ReconcilePage = z.infer<typeof reconcilePage>;
