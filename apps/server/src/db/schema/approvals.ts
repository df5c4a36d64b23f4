import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, users } from './core.js';
import { pk } from './columns.js';
import { customers } from './customers.js';
import { invoices } from './invoices.js';
import { notifyOutbox } from './mail.js';

/**
 * A request to the customer to approve the work, sent by SMS or e-mail. The id is a random
 * guid because it is the only secret in the public link /sign-approval/{id}.
 */
export const customerApprovals = pgTable(
  'customer_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    sentTo: text('sent_to').notNull(),
    sentByUserId: integer('sent_by_user_id').references(() => users.id),
    outboxId: integer('outbox_id').references(() => notifyOutbox.id),
    sentAt: ts('sent_at').notNull().defaultNow(),
    pageViewedAt: ts('page_viewed_at'),
    responseReceivedAt: ts('response_received_at'),
    response: text('response'),
    responseComments: text('response_comments'),
    approved: boolean('approved').notNull().default(false),
    declined: boolean('declined').notNull().default(false),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    signaturePath: text('signature_path'),
  },
  (t) => [
    index('customer_approvals_invoice_idx').on(t.invoiceId, t.sentAt),
    index('customer_approvals_sent_at_idx').on(t.sentAt),
  ],
);

/** Customer opt-in to texts/e-mail through /customer-opt-in/{hash}. */
export const customerOptIns = pgTable(
  'customer_opt_ins',
  {
    id: pk(),
    hash: text('hash').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    phone: text('phone'),
    email: text('email'),
    optInText: boolean('opt_in_text').notNull().default(false),
    optInEmail: boolean('opt_in_email').notNull().default(false),
    respondedAt: ts('responded_at'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_opt_ins_hash_uq').on(t.hash),
    index('customer_opt_ins_customer_idx').on(t.customerId),
  ],
);
