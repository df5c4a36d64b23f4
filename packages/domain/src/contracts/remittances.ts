import { z } from 'zod';
import { REMITTANCE_FIELD_KEYS, type RemittanceField } from '../rules/remittance-file.js';
import { id, timestamp } from './common.js';

/**
 * Remittance imports (issue #35 item 4, decision 0025; apps/server/src/modules/remittances/README.md): an
 * insurer's or clearing house's payment file uploaded, mapped (saved per clearing house), previewed, imported
 * in the background; each line matched to an invoice and funded, short-paid, or left in the exceptions queue.
 * Money in integer cents.
 */

export const REMITTANCE_IMPORT_STATES = ['uploaded', 'queued', 'running', 'completed', 'failed'] as const;
export type RemittanceImportState = (typeof REMITTANCE_IMPORT_STATES)[number];

export const REMITTANCE_OUTCOMES = [
  'Funded',
  'ShortPaid',
  'Exception',
  'Confirmed',
  'Reassigned',
  'Dismissed',
  'Duplicate',
] as const;
export type RemittanceOutcome = (typeof REMITTANCE_OUTCOMES)[number];

/** The real-time event that carries an import's progress (to the user who started it). */
export const REMITTANCE_IMPORT_PROGRESS_EVENT = 'RemittanceImportProgress';

const fieldEnum = z.enum(REMITTANCE_FIELD_KEYS as [RemittanceField, ...RemittanceField[]]);

/** Field → column index (0-based) of the file's header; null or absent: not read. */
export const remittanceMapping = z.partialRecord(fieldEnum, z.number().int().min(0).max(999).nullable());
export type RemittanceMappingBody = z.infer<typeof remittanceMapping>;

export const remittanceImport = z.object({
  id,
  clearingHouseId: id.nullable(),
  clearingHouseName: z.string().nullable(),
  createdBy: z.object({ id, name: z.string() }).nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.enum(['csv', 'xlsx']),
  state: z.enum(REMITTANCE_IMPORT_STATES),
  headers: z.array(z.string()),
  mapping: remittanceMapping.nullable(),
  rowsTotal: z.number().int().nullable(),
  rowsDone: z.number().int(),
  /** Sum of the paid amounts of the file's lines read so far (duplicates and unreadable lines left out). */
  totalPaidCents: z.number().int(),
  /** Sum of what this import funded (full and short payments, and exceptions resolved since). */
  fundedCents: z.number().int(),
  fundedCount: z.number().int(),
  shortPaidCount: z.number().int(),
  exceptionCount: z.number().int(),
  duplicateCount: z.number().int(),
  error: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
});
export type RemittanceImport = z.infer<typeof remittanceImport>;

/** POST /api/Remittances (multipart: ClearingHouseId optional, then File). */
export const remittanceUploadResult = z.object({
  import: remittanceImport,
  /** The clearing house's saved mapping when its columns are in this file, else the recogniser's. */
  suggestedMapping: remittanceMapping,
  mappingSource: z.enum(['saved', 'recognised']),
  sample: z.array(z.array(z.string())),
});
export type RemittanceUploadResult = z.infer<typeof remittanceUploadResult>;

export const remittancePreviewBody = z.object({ mapping: remittanceMapping });
export type RemittancePreviewBody = z.infer<typeof remittancePreviewBody>;
export const remittanceStartBody = remittancePreviewBody;

const cellError = z.object({ field: fieldEnum, column: z.number().int(), message: z.string() });

export const remittanceLineValues = z.object({
  claimNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  paidCents: z.number().int(),
  billedCents: z.number().int().nullable(),
  payerName: z.string().nullable(),
  paidOn: z.string().nullable(),
  checkNumber: z.string().nullable(),
});

export const remittancePreviewRow = z.object({
  rowNumber: z.number().int(),
  cells: z.array(z.string()),
  values: remittanceLineValues.nullable(),
  errors: z.array(cellError),
});

export const remittancePreviewResult = z.object({
  totalRows: z.number().int(),
  validRows: z.number().int(),
  failedRows: z.number().int(),
  /** Sum of the valid rows' paid amounts: the total the remittance's own footer should show. */
  totalPaidCents: z.number().int(),
  rows: z.array(remittancePreviewRow),
  errorRows: z.array(remittancePreviewRow),
});
export type RemittancePreviewResult = z.infer<typeof remittancePreviewResult>;

/** PUT /api/RemittanceMappings/{clearingHouseId}: the mapping by header name (field → header). */
export const remittanceSavedMapping = z.object({
  clearingHouseId: id,
  mapping: z.partialRecord(fieldEnum, z.string().trim().min(1).max(200)),
  updatedAt: timestamp.nullable(),
});
export const remittanceSaveMappingBody = z.object({
  mapping: z.partialRecord(fieldEnum, z.string().trim().min(1).max(200)),
});

/** One line of an import as the exceptions queue shows it. */
export const remittanceLine = z.object({
  id,
  importId: id,
  lineNo: z.number().int(),
  claimNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  paidCents: z.number().int().nullable(),
  billedCents: z.number().int().nullable(),
  payerName: z.string().nullable(),
  paidOn: z.string().nullable(),
  checkNumber: z.string().nullable(),
  /** The invoice matched or suggested (the invoice a resolution funded). */
  invoiceId: id.nullable(),
  /** That invoice's facility (null when no invoice is matched). */
  facilityId: id.nullable(),
  invoiceOwedCents: z.number().int().nullable(),
  matchKind: z.enum(['exact', 'amount', 'fuzzy', 'none']),
  confidence: z.number().int(),
  outcome: z.enum(REMITTANCE_OUTCOMES),
  reason: z.string().nullable(),
  shortCents: z.number().int(),
  fundedCents: z.number().int(),
  /** The other invoices as likely (several candidates). */
  alternatives: z.array(id),
  resolvedBy: z.object({ id, name: z.string() }).nullable(),
  resolvedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type RemittanceLine = z.infer<typeof remittanceLine>;

export const remittanceExceptionsQuery = z.object({
  importId: z.coerce.number().int().positive().optional(),
  /** Default Exception (the queue); ShortPaid lists the short payments to follow up. */
  outcome: z.enum(REMITTANCE_OUTCOMES).default('Exception'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const remittanceExceptionsPage = z.object({
  value: z.array(remittanceLine),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RemittanceExceptionsPage = z.infer<typeof remittanceExceptionsPage>;

export const remittanceReassignBody = z.object({ invoiceId: z.number().int().positive().max(2_147_483_647) });
export const remittanceDismissBody = z.object({ reason: z.string().trim().min(1).max(500) });
