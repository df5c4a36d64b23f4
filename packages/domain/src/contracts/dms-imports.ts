import { z } from 'zod';
import { REPLACEMENT_REPAIR_COUNT } from '../constants.js';
import { DMS_FIELD_KEYS, type DmsField } from '../rules/dms-import.js';
import { id, timestamp } from './common.js';

/**
 * DMS imports (issue #23, /dms-imports; apps/server/src/modules/dms-imports/README.md): upload a CSV or
 * XLSX export, map its columns, preview, import in the background, history with the failed rows as CSV.
 */

export const DMS_IMPORT_STATUSES = [
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const;
export type DmsImportStatus = (typeof DMS_IMPORT_STATUSES)[number];
/** The states an import stays in until the job ends it. */
export const DMS_ACTIVE_STATUSES: readonly DmsImportStatus[] = ['queued', 'running'];

/** The real-time event that carries an import's progress (socket.io, to the user who started it). */
export const DMS_IMPORT_PROGRESS_EVENT = 'DmsImportProgress';

const fieldEnum = z.enum(DMS_FIELD_KEYS as [DmsField, ...DmsField[]]);

/** Field → column index (0-based) of the file's header; null or absent: not imported. */
export const dmsMapping = z.partialRecord(fieldEnum, z.number().int().min(0).max(999).nullable());
export type DmsMappingBody = z.infer<typeof dmsMapping>;

export const dmsRepairCount = z.coerce.number().int().min(1).max(REPLACEMENT_REPAIR_COUNT);

/** One import as the history and the progress bar show it. */
export const dmsImport = z.object({
  id,
  facilityId: id,
  facilityName: z.string().nullable(),
  user: z.object({ id, name: z.string() }).nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(DMS_IMPORT_STATUSES),
  headers: z.array(z.string()),
  mapping: dmsMapping.nullable(),
  defaultRepairCount: z.number().int(),
  /** Data rows of the file (the header not counted), once known. */
  totalRows: z.number().int().nullable(),
  /** Data rows handled so far (the progress). */
  rowsDone: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Why the import failed (status failed), or what stopped it. */
  error: z.string().nullable(),
  cancelRequested: z.boolean(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
});
export type DmsImport = z.infer<typeof dmsImport>;

/** POST /api/DmsImports (multipart: `File`, `FacilityId`): the stored upload and what it looks like. */
export const dmsUploadResult = z.object({
  import: dmsImport,
  /** The mapping offered: the facility's saved one when its columns are in this file, else the recogniser's. */
  suggestedMapping: dmsMapping,
  mappingSource: z.enum(['saved', 'recognised']),
  /** The first data rows as they are in the file. */
  sample: z.array(z.array(z.string())),
});
export type DmsUploadResult = z.infer<typeof dmsUploadResult>;

export const dmsPreviewBody = z.object({
  mapping: dmsMapping,
  defaultRepairCount: dmsRepairCount.default(1),
});
export type DmsPreviewBody = z.infer<typeof dmsPreviewBody>;

export const dmsStartBody = dmsPreviewBody;
export type DmsStartBody = z.infer<typeof dmsStartBody>;

export const dmsCellError = z.object({ field: fieldEnum, column: z.number().int(), message: z.string() });

/** The values a row imports (rules/dms-import.ts DmsRowValues), with the repair count it gets. */
export const dmsRowValues = z.looseObject({
  roNumber: z.string(),
  roStatusId: z.number().int(),
  openedAt: z.string().nullable(),
  vin: z.string().nullable(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  tag: z.string().nullable(),
  serviceTag: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone1: z.string().nullable(),
  phone1TypeId: z.number().int(),
  phone2: z.string().nullable(),
  phone2TypeId: z.number().int(),
  serviceAdvisor: z.string().nullable(),
  notes: z.string().nullable(),
  repairCount: z.number().int().nullable(),
});

export const dmsPreviewRow = z.object({
  /** The row's line in the file (the header is row 1). */
  rowNumber: z.number().int(),
  cells: z.array(z.string()),
  values: dmsRowValues.nullable(),
  errors: z.array(dmsCellError),
});
export type DmsPreviewRow = z.infer<typeof dmsPreviewRow>;

/** POST /api/DmsImports/{id}/preview: every row validated; the first rows and the first failing ones shown. */
export const dmsPreviewResult = z.object({
  totalRows: z.number().int(),
  validRows: z.number().int(),
  failedRows: z.number().int(),
  rows: z.array(dmsPreviewRow),
  errorRows: z.array(dmsPreviewRow),
});
export type DmsPreviewResult = z.infer<typeof dmsPreviewResult>;

/** GET /api/DmsImports/{id}/vehicles: the service vehicles the import created or last updated (first 50 by RO). */
export const dmsImportVehicles = z.array(z.object({ id, roNumber: z.string() }));
export type DmsImportVehicles = z.infer<typeof dmsImportVehicles>;
