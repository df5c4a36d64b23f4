// Over 300 lines: one import's life (upload, mapping, the streamed run, its report), one state machine.
import {
  csvCell,
  DMS_FIELD_KEYS,
  DMS_MAX_ROWS,
  type DmsField,
  type DmsMapping,
  dmsRepairCount,
  headerProblem,
  mappingProblem,
  recogniseColumns,
  validateDmsRow,
} from '@glass/domain';
import {
  DMS_IMPORT_PROGRESS_EVENT,
  type DmsImport,
  type DmsPreviewBody,
  type DmsPreviewResult,
  type DmsPreviewRow,
  type DmsUploadResult,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../files/file-store.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import { assertReference } from '../../records/index.js';
import { workInTurns } from './import-pace.js';
import { FileContentError, readHead, readRows } from './readers.js';
import { receiveFile } from './upload.js';
import { XlsxError } from './xlsx-reader.js';
import { dmsImportType } from './record-type.js';

export interface DmsDeps {
  db: Database;
  files: FileStore;
  hub: AlertHub;
  /** Queues the import job (jobs/): the routes pass the app's queue. */
  enqueue: (importId: number) => Promise<void>;
  /** Whether people are using the app now (http/traffic.ts): the preview then works in shorter turns. */
  busy?: () => boolean;
}

/** One import as the contract's dmsImport (alias d). */
export const IMPORT_JSON = sql`json_build_object(
  'id', d.id, 'facilityId', d.facility_id, 'facilityName', f.name,
  'user', case when u.id is not null then json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) end,
  'fileName', d.file_name, 'fileSize', d.file_size, 'format', d.format, 'status', d.status, 'headers', d.headers,
  'mapping', d.mapping, 'defaultRepairCount', d.default_repair_count, 'totalRows', d.total_rows,
  'rowsDone', d.rows_done, 'created', d.created_count, 'updated', d.updated_count, 'unchanged', d.unchanged_count,
  'failed', d.failed_count, 'error', d.error, 'cancelRequested', d.cancel_requested,
  'createdAt', to_json(d.created_at), 'startedAt', to_json(d.started_at), 'finishedAt', to_json(d.finished_at))`;

export async function loadImport(db: Database, id: number): Promise<DmsImport> {
  const [row] = await db.rows<{ j: DmsImport }>(
    sql`select ${IMPORT_JSON} as j from dms_imports d left join facilities f on f.id = d.facility_id
        left join users u on u.id = d.user_id where d.id = ${id}`,
  );
  if (!row) throw notFound(`DMS import ${id} not found.`);
  return row.j;
}

/** Tells the user who started the import where it stands (their open screens update the progress bar). */
export async function emitProgress(deps: Pick<DmsDeps, 'db' | 'hub'>, id: number) {
  const imp = await loadImport(deps.db, id);
  if (imp.user) deps.hub.emitToUser(imp.user.id, DMS_IMPORT_PROGRESS_EVENT, imp);
  return imp;
}

const contentError = (err: unknown) =>
  err instanceof FileContentError || err instanceof XlsxError ? badRequest('File', err.message) : err;

/** A saved mapping (field → header name) as column indexes of these headers, when every name is there. */
function savedToIndexes(saved: Record<string, string>, headers: readonly string[]): DmsMapping | undefined {
  const lower = headers.map((h) => h.trim().toLowerCase());
  const mapping: DmsMapping = {};
  for (const [field, name] of Object.entries(saved)) {
    if (!DMS_FIELD_KEYS.includes(field as DmsField)) continue;
    const index = lower.indexOf(String(name).trim().toLowerCase());
    if (index < 0) return undefined;
    mapping[field as DmsField] = index;
  }
  return mapping.roNumber === undefined ? undefined : mapping;
}

/**
 * POST /api/DmsImports: streams the file into the file store (checked on the way), reads its header and
 * first rows, and records the import (status uploaded) with the mapping to offer. A file that cannot be
 * imported is a 400 on File and leaves nothing behind.
 */
export async function uploadImport(
  deps: DmsDeps,
  req: FastifyRequest,
  user: SessionUser,
  queryFacilityId: number | undefined,
): Promise<DmsUploadResult> {
  const facilityOf = async (fields: Map<string, string>) => {
    const given = fields.get('facilityid');
    const facilityId = given ? Number(given) : (queryFacilityId ?? user.facilityId);
    if (!facilityId || !Number.isInteger(facilityId) || facilityId < 1)
      throw badRequest('FacilityId', 'Choose a facility');
    await assertReference(deps.db, 'facility', facilityId, 'FacilityId');
    return facilityId;
  };
  const received = await receiveFile(
    req,
    (source, fileName, format) =>
      deps.files.saveStream(
        source,
        {
          filename: fileName,
          ext: format,
          mime:
            format === 'xlsx'
              ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              : 'text/csv',
          folder: 'dms-imports',
        },
        { ownerUserId: user.id, ownerType: dmsImportType.recordType },
      ),
    // The facility is checked before the file is stored (when its field comes first, as the screen sends it).
    async (fields) => void (await facilityOf(fields)),
  );
  // The file and its registration go if what follows fails (saveStream registered it on its own).
  const discard = async () => {
    await deps.db.rows(sql`delete from stored_files where path = ${received.path}`).catch(() => {});
    await deps.files.discard([received.path]).catch(() => {});
  };
  try {
    const facilityId = await facilityOf(received.fields);
    const head = await readHead(deps.files, received.path, received.format, 5).catch((err) => {
      throw contentError(err);
    });
    const problem = headerProblem(head.headers);
    if (problem) throw badRequest('File', problem);
    if (head.rows.length === 0) throw badRequest('File', 'The file has column names but no rows');
    const [saved] = await deps.db.rows<{ mapping: Record<string, string>; defaultRepairCount: number }>(
      sql`select mapping, default_repair_count as "defaultRepairCount" from dms_column_mappings
          where facility_id = ${facilityId}`,
    );
    const fromSaved = saved ? savedToIndexes(saved.mapping, head.headers) : undefined;
    const [created] = await deps.db.rows<{ id: number }>(
      sql`insert into dms_imports (facility_id, user_id, file_name, file_path, file_size, format, headers,
            default_repair_count)
          values (${facilityId}, ${user.id}, ${received.fileName.slice(0, 255)}, ${received.path}, ${received.size},
            ${received.format}, ${JSON.stringify(head.headers)}::jsonb, ${saved?.defaultRepairCount ?? 1})
          returning id`,
    );
    await deps.db.rows(sql`update stored_files set owner_id = ${created.id} where path = ${received.path}`);
    return {
      import: await loadImport(deps.db, created.id),
      suggestedMapping: fromSaved ?? recogniseColumns(head.headers),
      mappingSource: fromSaved ? 'saved' : 'recognised',
      sample: head.rows.map((r) => r.cells),
    };
  } catch (err) {
    await discard();
    throw err;
  }
}

const PREVIEW_ROWS = 20;
const PREVIEW_ERRORS = 50;

function checkMapping(imp: DmsImport, mapping: DmsMapping) {
  const problem = mappingProblem(mapping, imp.headers.length);
  if (problem) throw badRequest('mapping', problem);
}

/**
 * POST /api/DmsImports/{id}/preview: every row validated with the mapping; the first rows as they will be
 * imported and the first failing rows, with the errors per cell. Records the number of rows.
 */
export async function previewImport(
  deps: Pick<DmsDeps, 'db' | 'files' | 'busy'>,
  id: number,
  body: DmsPreviewBody,
): Promise<DmsPreviewResult> {
  const imp = await loadImport(deps.db, id);
  checkMapping(imp, body.mapping);
  const [{ filePath }] = await deps.db.rows<{ filePath: string }>(
    sql`select file_path as "filePath" from dms_imports where id = ${id}`,
  );
  const result: DmsPreviewResult = { totalRows: 0, validRows: 0, failedRows: 0, rows: [], errorRows: [] };
  const options = { spreadsheet: imp.format === 'xlsx', headers: imp.headers };
  let header = true;
  // Every row is validated in this request: in turns, so that the requests arriving meanwhile are served.
  const turn = workInTurns(() => deps.busy?.() ?? false);
  try {
    for await (const row of readRows(deps.files, filePath, imp.format)) {
      await turn();
      if (header) {
        header = false;
        continue;
      }
      result.totalRows++;
      if (result.totalRows > DMS_MAX_ROWS)
        throw badRequest('File', `The file has more than ${DMS_MAX_ROWS.toLocaleString('en-US')} rows`);
      const checked = validateDmsRow(row.cells, body.mapping, options);
      const values = checked.values
        ? { ...checked.values, repairCount: dmsRepairCount(checked.values, body.defaultRepairCount) }
        : null;
      const shown: DmsPreviewRow = {
        rowNumber: row.rowNumber,
        cells: row.cells,
        values,
        errors: checked.errors,
      };
      if (checked.values) result.validRows++;
      else {
        result.failedRows++;
        if (result.errorRows.length < PREVIEW_ERRORS) result.errorRows.push(shown);
      }
      if (result.rows.length < PREVIEW_ROWS) result.rows.push(shown);
    }
  } catch (err) {
    throw contentError(err);
  }
  if (imp.status === 'uploaded')
    await deps.db.rows(sql`update dms_imports set total_rows = ${result.totalRows} where id = ${id}`);
  return result;
}

/** The mapping kept for the facility: by header name, so the next export may order its columns otherwise. */
async function saveMapping(db: Database, imp: DmsImport, mapping: DmsMapping, count: number, userId: number) {
  const byName: Record<string, string> = {};
  for (const field of DMS_FIELD_KEYS) {
    const col = mapping[field];
    if (col !== undefined && col !== null) byName[field] = imp.headers[col] ?? '';
  }
  await db.rows(
    sql`insert into dms_column_mappings (facility_id, mapping, default_repair_count, updated_by_id)
        values (${imp.facilityId}, ${JSON.stringify(byName)}::jsonb, ${count}, ${userId})
        on conflict (facility_id) do update set mapping = excluded.mapping,
          default_repair_count = excluded.default_repair_count, updated_by_id = excluded.updated_by_id,
          updated_at = now()`,
  );
}

/** POST /api/DmsImports/{id}/start: saves the mapping for the facility and queues the import job. */
export async function startImport(deps: DmsDeps, user: SessionUser, id: number, body: DmsPreviewBody) {
  const imp = await loadImport(deps.db, id);
  if (imp.status !== 'uploaded') throw conflict(`DMS import ${id} has already been started.`);
  checkMapping(imp, body.mapping);
  const [moved] = await deps.db.rows<{ id: number }>(
    sql`update dms_imports set status = 'queued', mapping = ${JSON.stringify(body.mapping)}::jsonb,
          default_repair_count = ${body.defaultRepairCount}, updated_at = now()
        where id = ${id} and status = 'uploaded' returning id`,
  );
  if (!moved) throw conflict(`DMS import ${id} has already been started.`);
  await saveMapping(deps.db, imp, body.mapping, body.defaultRepairCount, user.id);
  await deps.enqueue(id);
  return emitProgress(deps, id);
}

/** POST /api/DmsImports/{id}/resume: a cancelled or failed import continues after its last committed batch. */
export async function resumeImport(deps: DmsDeps, id: number) {
  const imp = await loadImport(deps.db, id);
  if (imp.status !== 'cancelled' && imp.status !== 'failed')
    throw conflict(`DMS import ${id} is ${imp.status}; only a cancelled or failed import can be resumed.`);
  await deps.db.rows(
    sql`update dms_imports set status = 'queued', cancel_requested = false, error = null, runner = null,
          attempts = 0, finished_at = null, updated_at = now()
        where id = ${id} and status in ('cancelled', 'failed')`,
  );
  await deps.enqueue(id);
  return emitProgress(deps, id);
}

/**
 * POST /api/DmsImports/{id}/cancel: a queued import stops at once; a running one after the batch in hand
 * (what was imported stays). Finished imports: 409.
 */
export async function cancelImport(deps: DmsDeps, id: number) {
  const imp = await loadImport(deps.db, id);
  if (imp.status === 'uploaded' || imp.status === 'queued') {
    await deps.db.rows(
      sql`update dms_imports set status = 'cancelled', cancel_requested = true, finished_at = now(),
            updated_at = now() where id = ${id} and status in ('uploaded', 'queued')`,
    );
  } else if (imp.status === 'running') {
    await deps.db.rows(
      sql`update dms_imports set cancel_requested = true, updated_at = now() where id = ${id} and status = 'running'`,
    );
  } else throw conflict(`DMS import ${id} is ${imp.status}; it cannot be cancelled.`);
  return emitProgress(deps, id);
}

/**
 * GET /api/DmsImports/{id}/failedRows: the skipped rows as CSV, one line each with its row number, the
 * reason and the row's own cells under the file's column names; every cell escaped (rules/csv.ts), so a
 * formula such as =HYPERLINK(…) stays text in a spreadsheet. Streamed a thousand rows at a time.
 */
export async function* failedRowsCsv(db: Database, imp: DmsImport): AsyncGenerator<string> {
  yield `${['Row', 'Reason', ...imp.headers].map(csvCell).join(',')}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await db.rows<{ rowNumber: number; reason: string; cells: string[] }>(
      sql`select row_number as "rowNumber", reason, cells from dms_import_errors
          where import_id = ${imp.id} and row_number > ${after} order by row_number limit 1000`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => `${[r.rowNumber, r.reason, ...r.cells].map(csvCell).join(',')}\r\n`).join('');
    after = rows[rows.length - 1].rowNumber;
  }
}

/** The vehicles an import created or last updated, first 50 by RO number (the screen links to them). */
export function importedVehicles(db: Database, id: number) {
  return db.rows<{ id: number; roNumber: string }>(
    sql`select service_vehicle_id as id, ro_number as "roNumber" from dms_imported_vehicles
        where import_id = ${id} order by ro_number limit 50`,
  );
}
