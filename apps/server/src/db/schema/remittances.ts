import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt, users } from './core.js';
import { money, pk } from './columns.js';
import { invoices } from './invoices.js';
import { clearingHouses } from './partners.js';

/**
 * Remittance imports (issue #35 item 4, migration 0033, decision 0025): an insurer's or clearing house's payment
 * file (in the file store, `file_path`, stored_files owner 'RemittanceImport') and its background import. Its
 * counts and sums are read from its lines (no copy); `rows_done` is the job's resume point, moved with each
 * batch's transaction; `runner`/`heartbeat_at` the job's lease; `scope_facility_ids` the facilities of whoever
 * started it (null: all), the only invoices its lines may fund.
 */
export const remittanceImports = pgTable(
  'remittance_imports',
  {
    id: pk(),
    clearingHouseId: integer('clearing_house_id').references(() => clearingHouses.id),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    headers: jsonb('headers').notNull().default(sql`'[]'::jsonb`),
    mapping: jsonb('mapping'),
    state: text('state', { enum: ['uploaded', 'queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('uploaded'),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    error: text('error'),
    scopeFacilityIds: integer('scope_facility_ids').array(),
    runner: text('runner'),
    heartbeatAt: ts('heartbeat_at'),
    attempts: smallint('attempts').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('remittance_imports_created_idx').on(t.createdAt),
    index('remittance_imports_active_idx').on(t.state).where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/**
 * One payment line of an import: its parsed fields (null when the row could not be read: `cells` keeps it), the
 * invoice matched or suggested, how (kind, confidence 0–100, the other invoices as likely), and what became of it
 * (outcome; who resolved an exception and when). `line_key` is unique: the same line again is a Duplicate.
 */
export const remittanceLines = pgTable(
  'remittance_lines',
  {
    id: pk(),
    importId: integer('import_id')
      .notNull()
      .references(() => remittanceImports.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    claimNumber: text('claim_number'),
    referenceNumber: text('reference_number'),
    invoiceNumber: text('invoice_number'),
    paidAmount: money('paid_amount'),
    billedAmount: money('billed_amount'),
    payerName: text('payer_name'),
    paidOn: date('paid_on', { mode: 'string' }),
    checkNumber: text('check_number'),
    cells: jsonb('cells'),
    matchedInvoiceId: integer('matched_invoice_id').references(() => invoices.id),
    matchKind: text('match_kind', { enum: ['exact', 'amount', 'fuzzy', 'none'] })
      .notNull()
      .default('none'),
    confidence: smallint('confidence').notNull().default(0),
    alternatives: integer('alternatives').array().notNull().default(sql`'{}'`),
    outcome: text('outcome', {
      enum: ['Funded', 'ShortPaid', 'Exception', 'Confirmed', 'Reassigned', 'Dismissed', 'Duplicate'],
    }).notNull(),
    reason: text('reason'),
    shortAmount: money('short_amount').notNull().default('0'),
    fundedAmount: money('funded_amount').notNull().default('0'),
    lineKey: text('line_key'),
    duplicateOfId: integer('duplicate_of_id').references((): AnyPgColumn => remittanceLines.id),
    resolutionNote: text('resolution_note'),
    resolvedById: integer('resolved_by_id').references(() => users.id),
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('remittance_lines_import_line_idx').on(t.importId, t.lineNo),
    uniqueIndex('remittance_lines_key_idx').on(t.lineKey).where(sql`${t.lineKey} is not null`),
    index('remittance_lines_outcome_idx').on(t.outcome, t.id),
    index('remittance_lines_import_outcome_idx').on(t.importId, t.outcome),
    index('remittance_lines_invoice_idx').on(t.matchedInvoiceId),
  ],
);

/** The column mapping saved per clearing house (field → header name), offered at its next upload. */
export const remittanceMappings = pgTable('remittance_mappings', {
  clearingHouseId: integer('clearing_house_id')
    .primaryKey()
    .references(() => clearingHouses.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').notNull(),
  updatedById: integer('updated_by_id').references(() => users.id),
  updatedAt: updatedAt(),
});
