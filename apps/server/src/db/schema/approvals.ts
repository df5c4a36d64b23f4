import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, users } from './core.js';
import { pk } from './columns.js';
import { customers } from './customers.js';
import { invoices } from './invoices.js';
import { notifyOutbox } from './mail.js';

/**
 * A request to the customer to approve the work, sent by SMS or e-mail. The id is a random
 * guid because it is the only secret in the public link /sign-approval/{id}. Its state is derived
 * (packages/domain rules/approvals.ts, modules/approvals/sql.ts): answered (approved/declined), voided
 * (voided_at, or the invoice's price_key moved on), expired (expires_at), viewed, sent. Migration 0014
 * added expires_at, voided_at, void_reason, price_key and signer_name.
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
    /** The link answers until then (sent_at + ApprovalLinkValidDays, default 14 days). */
    expiresAt: ts('expires_at').notNull(),
    /** Set when a newer request replaced this one, or the invoice's price changed before an answer. */
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    /** The invoice's price when sent: total and deductible in cents, 'total|deductible' (approvalPriceKey). */
    priceKey: text('price_key'),
    /** The name the customer typed beside (or instead of) drawing the signature. */
    signerName: text('signer_name'),
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

/**
 * Every answer on the opt-in page (migration 0014): what the customer chose, the consent wording shown,
 * when and from where. The latest answer of a customer is their consent state (rules/approvals.ts).
 */
export const customerConsents = pgTable(
  'customer_consents',
  {
    id: pk(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    optInId: integer('opt_in_id').references(() => customerOptIns.id, { onDelete: 'set null' }),
    texts: boolean('texts').notNull(),
    emails: boolean('emails').notNull(),
    phone: text('phone'),
    email: text('email'),
    consentText: text('consent_text').notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_consents_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Requests to the public customer pages' API per client address and fixed window (migration 0014):
 * every request counts, and so does every link that did not open (modules/approvals/throttle.ts).
 */
export const publicRateLimits = pgTable(
  'public_rate_limits',
  {
    address: text('address').notNull(),
    windowStart: ts('window_start').notNull(),
    requests: integer('requests').notNull().default(0),
    misses: integer('misses').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'public_rate_limits_pk', columns: [t.address, t.windowStart] })],
);
