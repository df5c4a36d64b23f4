import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, facilities, users } from './core.js';
import { money, pk } from './columns.js';
import { invoiceTransactions } from './invoice-records.js';
import { invoices } from './invoices.js';
import { clearingHouses, insuranceCompanies } from './partners.js';

/** A deposit made from reconciled invoices (POST DepositInvoices/contextual; PDF per deposit). */
export const depositInvoices = pgTable(
  'deposit_invoices',
  {
    id: pk(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** The shop whose invoices these are (one slip per bank account); migration 0015. */
    facilityId: integer('facility_id').references(() => facilities.id),
    /** The sum of the items' totals, checked by the server (modules/deposits). */
    totalAmount: money('total_amount').notNull().default('0'),
    notes: text('notes'),
    pdfPath: text('pdf_path'),
  },
  (t) => [
    index('deposit_invoices_created_at_idx').on(t.createdAt),
    index('deposit_invoices_facility_idx').on(t.facilityId, t.createdAt),
    index('deposit_invoices_created_by_idx').on(t.createdById, t.createdAt),
  ],
);

/**
 * One deposited invoice item. itemType is the transaction type (1 Cash, 2 Warranty, 3 In-House).
 * The names (buyer, vehicle) and costs are a snapshot taken when the deposit is made, so the
 * deposit PDF does not change when the invoice is edited later. An invoice is on one deposit, once
 * (unique invoice_id, migration 0015).
 */
export const depositInvoiceItems = pgTable(
  'deposit_invoice_items',
  {
    id: pk(),
    depositInvoiceId: integer('deposit_invoice_id')
      .notNull()
      .references(() => depositInvoices.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    invoiceTransactionId: integer('invoice_transaction_id').references(() => invoiceTransactions.id),
    itemType: smallint('item_type').notNull(),
    laborCost: money('labor_cost').notNull().default('0'),
    partsCost: money('parts_cost').notNull().default('0'),
    taxCost: money('tax_cost').notNull().default('0'),
    totalCost: money('total_cost').notNull().default('0'),
    paymentTypeId: smallint('payment_type_id'),
    insuranceCompanyId: integer('insurance_company_id').references(() => insuranceCompanies.id),
    clearingHouseId: integer('clearing_house_id').references(() => clearingHouses.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    buyerName: text('buyer_name'),
    vehicle: text('vehicle'),
  },
  (t) => [
    index('deposit_invoice_items_deposit_idx').on(t.depositInvoiceId),
    uniqueIndex('deposit_invoice_items_invoice_uq').on(t.invoiceId),
  ],
);
