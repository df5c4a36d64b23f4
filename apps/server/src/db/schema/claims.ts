import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, users } from './core.js';
import { money, pk } from './columns.js';
import { invoicePdfs } from './invoice-records.js';
import { invoices } from './invoices.js';
import { notifyOutbox } from './mail.js';
import { clearingHouses, insuranceCompanies } from './partners.js';

/** The states of packages/domain rules/claim-submission.ts, as the check constraint spells them. */
const CLAIM_STATES = [
  'Sent',
  'Acknowledged',
  'Rejected',
  'Accepted',
  'Paid',
  'ShortPaid',
  'Denied',
  'Withdrawn',
] as const;

/**
 * Claim submissions (issue #35, migration 0032, decision 0024): one send of an invoice to its insurer's
 * clearing house: the e-mail (`outbox_id`), the PDF sent (`pdf_file_id`, an invoice_pdfs row), the amount
 * claimed. A resubmission is a new row naming the previous one (`resubmission_of`). `state` moves by the
 * domain's rules; `state_changed_*` say who (a user) or what (`source`, e.g. 'remittance') moved it last. One
 * open submission (Sent, Acknowledged, Accepted) per invoice. The facility is the invoice's (a derived copy).
 */
export const claimSubmissions = pgTable(
  'claim_submissions',
  {
    id: pk(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    clearingHouseId: integer('clearing_house_id')
      .notNull()
      .references(() => clearingHouses.id),
    insuranceCompanyId: integer('insurance_company_id').references(() => insuranceCompanies.id),
    state: text('state', { enum: CLAIM_STATES }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    /** Null when a batch or the system sent it. */
    sentById: integer('sent_by_id').references(() => users.id),
    /** The work flow step that sent it: 'submit' or 'finalize' (the clearing house's requiresFinalization). */
    sentOn: text('sent_on', { enum: ['submit', 'finalize'] }).notNull(),
    resubmissionOf: integer('resubmission_of').references((): AnyPgColumn => claimSubmissions.id),
    outboxId: integer('outbox_id').references(() => notifyOutbox.id, { onDelete: 'set null' }),
    pdfFileId: integer('pdf_file_id').references(() => invoicePdfs.id, { onDelete: 'set null' }),
    amountClaimed: money('amount_claimed').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    stateChangedAt: ts('state_changed_at').notNull().defaultNow(),
    stateChangedById: integer('state_changed_by_id').references(() => users.id),
    /** Null: a person moved it; else what did ('remittance' …). */
    stateChangedSource: text('state_changed_source'),
    /**
     * Derived (migration 0037, db/derived "claim-superseded"): the sent_at of the next submission of the same
     * invoice; null for the latest. Written only by the trigger claim_submissions_supersede.
     */
    supersededAt: ts('superseded_at'),
    /**
     * Derived (migration 0038, db/derived "claim-facility"): the invoice's facility, for the work queue's scope
     * and counts. Written only by the triggers claim_submissions_facility and invoices_claim_submission_facility.
     */
    facilityId: integer('facility_id').notNull(),
  },
  (t) => [
    uniqueIndex('claim_submissions_one_open_uq')
      .on(t.invoiceId)
      .where(sql`${t.state} in ('Sent', 'Acknowledged', 'Accepted')`),
    index('claim_submissions_queue_idx').on(t.state, t.stateChangedAt),
    index('claim_submissions_house_idx').on(t.clearingHouseId, t.state),
    index('claim_submissions_invoice_idx').on(t.invoiceId),
    /** Migration 0037: the work queue's page (the queue's own predicate, states in the domain's order). */
    index('claim_submissions_waiting_idx')
      .on(t.stateChangedAt, t.id)
      .where(
        sql`${t.supersededAt} is null and ${t.state} in ('Rejected', 'ShortPaid', 'Denied', 'Sent', 'Acknowledged', 'Accepted')`,
      ),
    /** Migration 0038: the queue's counts and $count, from this index alone. */
    index('claim_submissions_waiting_counts_idx')
      .on(t.facilityId, t.clearingHouseId, t.state, t.reasonCode)
      .where(
        sql`${t.supersededAt} is null and ${t.state} in ('Rejected', 'ShortPaid', 'Denied', 'Sent', 'Acknowledged', 'Accepted')`,
      ),
    /** Migration 0035: the receivables report's submissions sent in a range. */
    index('claim_submissions_sent_at_idx').on(t.sentAt),
    check(
      'claim_submissions_state_check',
      sql`${t.state} in ('Sent', 'Acknowledged', 'Rejected', 'Accepted', 'Paid', 'ShortPaid', 'Denied', 'Withdrawn')`,
    ),
    check('claim_submissions_sent_on_check', sql`${t.sentOn} in ('submit', 'finalize')`),
  ],
);

/** Every state change of a submission: its creation as Sent and its withdrawal included. */
export const claimSubmissionEvents = pgTable(
  'claim_submission_events',
  {
    id: pk(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => claimSubmissions.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    at: ts('at').notNull().defaultNow(),
    byUserId: integer('by_user_id').references(() => users.id),
    /** Null: a person; else what moved it ('remittance' …). */
    source: text('source'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** The amount claimed (Sent) or paid (Paid, ShortPaid). */
    amount: money('amount'),
    note: text('note'),
  },
  (t) => [index('claim_submission_events_submission_idx').on(t.submissionId, t.at)],
);
