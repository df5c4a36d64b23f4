import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, users } from './core.js';
import { money, pk } from './columns.js';
import { storedFiles } from './files.js';
import { invoices } from './invoices.js';
import { partTypes, replacementPartStatuses } from './lookups.js';
import { notifyOutbox } from './mail.js';
import { vendors } from './partners.js';

const invoiceRef = () =>
  integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' });

/** Extra images of an invoice (GET invoices/{id}/ExtraImages). */
export const invoiceImages = pgTable(
  'invoice_images',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    fileId: integer('file_id').references(() => storedFiles.id),
    path: text('path').notNull(),
    caption: text('caption'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_images_invoice_idx').on(t.invoiceId, t.createdAt)],
);

/** Every rendered invoice PDF (previousPdfs, lastPdf). */
export const invoicePdfs = pgTable(
  'invoice_pdfs',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    path: text('path').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_pdfs_invoice_idx').on(t.invoiceId, t.createdAt)],
);

/** Customer signatures: kind 'invoice' (taken in person), 'approval' or 'initiate' (public pages). */
export const invoiceSignatures = pgTable(
  'invoice_signatures',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    kind: text('kind', { enum: ['invoice', 'approval', 'initiate'] })
      .notNull()
      .default('invoice'),
    path: text('path').notNull(),
    signerName: text('signer_name'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    signedAt: ts('signed_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_signatures_invoice_idx').on(t.invoiceId, t.signedAt)],
);

/** Money movements: type 1 Cash, 2 Warranty, 3 In-House; status 0 open, 1 funded, 2 void. */
export const invoiceTransactions = pgTable(
  'invoice_transactions',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    transactionTypeId: smallint('transaction_type_id').notNull(),
    statusId: smallint('status_id').notNull().default(0),
    amount: money('amount').notNull(),
    paymentTypeId: smallint('payment_type_id'),
    reference: text('reference'),
    fundedAt: ts('funded_at'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_transactions_invoice_idx').on(t.invoiceId),
    index('invoice_transactions_status_idx').on(t.statusId),
  ],
);

/** Texts sent to a technician about an invoice (POST invoices/{id}/sendTechText). */
export const sentTechTexts = pgTable(
  'sent_tech_texts',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    senderUserId: integer('sender_user_id').references(() => users.id),
    technicianId: integer('technician_id').references(() => users.id),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    outboxId: integer('outbox_id').references(() => notifyOutbox.id),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [index('sent_tech_texts_invoice_idx').on(t.invoiceId, t.sentAt)],
);

/** Replacement glass and parts ordered for an invoice, with their status. */
export const replacementParts = pgTable(
  'replacement_parts',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    partTypeId: integer('part_type_id').references(() => partTypes.id),
    partNumber: text('part_number'),
    description: text('description'),
    vendorId: integer('vendor_id').references(() => vendors.id),
    cost: money('cost'),
    price: money('price'),
    statusId: integer('status_id')
      .notNull()
      .references(() => replacementPartStatuses.id),
    orderedAt: ts('ordered_at'),
    receivedAt: ts('received_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('replacement_parts_invoice_idx').on(t.invoiceId),
    index('replacement_parts_status_idx').on(t.statusId),
  ],
);
