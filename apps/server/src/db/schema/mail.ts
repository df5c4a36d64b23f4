import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { brands, createdAt, ts, updatedAt } from './core.js';
import { pk } from './columns.js';

/**
 * Outgoing SMTP accounts per brand. The SMTP password lives in password_secret: services must
 * select columns explicitly and never return it (the form only ever writes it).
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: pk(),
    name: text('name').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    smtpServer: text('smtp_server').notNull(),
    port: integer('port').notNull().default(587),
    account: text('account').notNull(),
    fromEmail: text('from_email').notNull(),
    passwordSecret: text('password_secret'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mailboxes_brand_idx').on(t.brandId)],
);

/** E-mail and text templates; the usage flags say which send actions may offer the template. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: pk(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    salutation: text('salutation').notNull().default(''),
    body: text('body').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id),
    isActive: boolean('is_active').notNull().default(true),
    forRepairInvoices: boolean('for_repair_invoices').notNull().default(false),
    forReplacementInvoices: boolean('for_replacement_invoices').notNull().default(false),
    forRepairServiceVehicles: boolean('for_repair_service_vehicles').notNull().default(false),
    forReplacementServiceVehicles: boolean('for_replacement_service_vehicles').notNull().default(false),
    forCustomerText: boolean('for_customer_text').notNull().default(false),
    forCustomerEmail: boolean('for_customer_email').notNull().default(false),
    forTechText: boolean('for_tech_text').notNull().default(false),
    forClearingHouse: boolean('for_clearing_house').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_templates_brand_idx').on(t.brandId),
    index('email_templates_active_idx').on(t.isActive, t.name),
  ],
);

/**
 * SMS and e-mail outbox: requests are written here in the business transaction and a sender
 * drains the pending rows, so a slow SMTP/SMS provider never blocks a request.
 */
export const notifyOutbox = pgTable(
  'notify_outbox',
  {
    id: pk(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** Extra e-mail data (cc, bcc, attachment paths), kept as JSON text. */
    meta: text('meta'),
    mailboxId: integer('mailbox_id').references(() => mailboxes.id),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
    /** What the message is about, for the record's history (Invoice, ServiceVehicle …). */
    recordType: text('record_type'),
    recordId: integer('record_id'),
    /** When a pending row may be tried; pushed back after each failed attempt (backoff, migration 0010). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** When a sender marked the row 'sending'; long past it (the lease), the sender is taken as dead. */
    claimedAt: ts('claimed_at'),
    /** SMS segments the text is billed as, counted when queued (null for e-mail). */
    segments: smallint('segments'),
  },
  (t) => [
    index('notify_outbox_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending')`),
    index('notify_outbox_failed_idx').on(t.id).where(sql`status = 'failed'`),
    index('notify_outbox_record_idx').on(t.recordType, t.recordId),
  ],
);
