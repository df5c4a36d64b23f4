import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, users } from './core.js';
import { money, pk } from './columns.js';
import { activityLogs } from './activity.js';
import { invoices } from './invoices.js';
import { windshieldAccessories } from './lookups.js';

const invoiceRef = () =>
  integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' });

/** Repair lines, each with an amount. */
export const invoiceRepairs = pgTable(
  'invoice_repairs',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    lineNumber: smallint('line_number').notNull().default(1),
    description: text('description').notNull().default(''),
    location: text('location'),
    amount: money('amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoice_repairs_invoice_idx').on(t.invoiceId)],
);

/** Accessories on the replaced glass (PATCH sends the list; deleteAccessories clears it). */
export const invoiceAccessories = pgTable(
  'invoice_accessories',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    accessoryId: integer('accessory_id')
      .notNull()
      .references(() => windshieldAccessories.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_accessories_uq').on(t.invoiceId, t.accessoryId),
    index('invoice_accessories_accessory_idx').on(t.accessoryId),
  ],
);

/** Notes; inUtc marks notes whose createdAt is UTC (legacy notes were local time). */
export const invoiceNotes = pgTable(
  'invoice_notes',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    userId: integer('user_id').references(() => users.id),
    subject: text('subject').notNull().default(''),
    note: text('note').notNull(),
    inUtc: boolean('in_utc').notNull().default(true),
    createdAt: createdAt(),
    lastEditedAt: ts('last_edited_at'),
  },
  (t) => [index('invoice_notes_invoice_idx').on(t.invoiceId, t.createdAt)],
);

/** Invoice history; isContact entries are customer contacts (the ContactItem filter). */
export const invoiceHistory = pgTable(
  'invoice_history',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    activityDate: ts('activity_date').notNull().defaultNow(),
    activity: text('activity').notNull(),
    userId: integer('user_id').references(() => users.id),
    details: text('details'),
    activityLogId: integer('activity_log_id').references(() => activityLogs.id),
    isContact: boolean('is_contact').notNull().default(false),
  },
  (t) => [index('invoice_history_invoice_idx').on(t.invoiceId, t.activityDate)],
);

/** At most one lock per invoice (LockForCurrentUser replaces it). */
export const invoiceLocks = pgTable(
  'invoice_locks',
  {
    id: pk(),
    invoiceId: invoiceRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lockedAt: ts('locked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_locks_invoice_uq').on(t.invoiceId),
    index('invoice_locks_user_idx').on(t.userId),
  ],
);
