import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, facilities, ts, updatedAt, users } from './core.js';
import { pk } from './columns.js';
import { invoices } from './invoices.js';
import { serviceVehicles } from './service-vehicles.js';

/**
 * DMS imports (issue #23, migration 0018): one uploaded export and its background import. The file itself
 * is in the file store (`file_path`, stored_files owner 'DmsImport'). The counters and `rows_done` (data
 * rows handled, the resume point) move with each batch's transaction, so a restarted job continues where
 * the last committed batch ended. `runner` and `heartbeat_at` are the job's lease on the import: a second
 * runner takes over only once the heartbeat is stale.
 */
export const dmsImports = pgTable(
  'dms_imports',
  {
    id: pk(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').references(() => users.id),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    status: text('status', {
      enum: ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'],
    })
      .notNull()
      .default('uploaded'),
    headers: jsonb('headers').notNull().default(sql`'[]'::jsonb`),
    mapping: jsonb('mapping'),
    defaultRepairCount: smallint('default_repair_count').notNull().default(1),
    totalRows: integer('total_rows'),
    rowsDone: integer('rows_done').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    error: text('error'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    runner: text('runner'),
    heartbeatAt: ts('heartbeat_at'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dms_imports_created_idx').on(t.createdAt),
    index('dms_imports_facility_idx').on(t.facilityId, t.createdAt),
    index('dms_imports_active_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** The rows an import skipped, with the reason and the row's cells (the failed-rows CSV). */
export const dmsImportErrors = pgTable(
  'dms_import_errors',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => dmsImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/** The column mapping saved per facility, offered at its next upload. */
export const dmsColumnMappings = pgTable('dms_column_mappings', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id, { onDelete: 'cascade' }),
  /** Field → header name (names, not positions: the next file may order its columns differently). */
  mapping: jsonb('mapping').notNull(),
  defaultRepairCount: smallint('default_repair_count').notNull().default(1),
  updatedById: integer('updated_by_id').references(() => users.id),
  updatedAt: updatedAt(),
});

/**
 * The service vehicles made by DMS imports, by facility and RO number: a later file with the same RO
 * updates that vehicle instead of adding one. `row_hash` is the digest of the row's imported values, so a
 * row that did not change since the last import is counted unchanged and writes nothing.
 */
export const dmsImportedVehicles = pgTable(
  'dms_imported_vehicles',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    roNumber: text('ro_number').notNull(),
    serviceVehicleId: integer('service_vehicle_id')
      .notNull()
      .references(() => serviceVehicles.id, { onDelete: 'cascade' }),
    rowHash: text('row_hash').notNull(),
    importId: integer('import_id').references(() => dmsImports.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.facilityId, t.roNumber] }),
    index('dms_imported_vehicles_sv_idx').on(t.serviceVehicleId),
  ],
);

/**
 * Pending Audits (issue #23): each pass or return of an invoice by an auditor, with the checklist as it
 * was. An invoice has passed its audit when its latest audit is a pass made for its current submission
 * (`submitted_at` equal to the invoice's).
 */
export const invoiceAudits = pgTable(
  'invoice_audits',
  {
    id: pk(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['passed', 'returned'] }).notNull(),
    reason: text('reason'),
    checks: jsonb('checks').notNull(),
    submittedAt: ts('submitted_at'),
    auditedById: integer('audited_by_id').references(() => users.id),
    auditedAt: ts('audited_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_audits_invoice_idx').on(t.invoiceId, t.auditedAt)],
);
