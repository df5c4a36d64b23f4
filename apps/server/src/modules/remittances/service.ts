import {
  DMS_MAX_ROWS,
  headerProblem,
  parseRemittanceRow,
  REMITTANCE_FIELD_KEYS,
  type RemittanceField,
  type RemittanceMapping,
  recogniseRemittanceColumns,
  remittanceMappingProblem,
} from '@glass/domain';
import {
  REMITTANCE_IMPORT_PROGRESS_EVENT,
  type RemittanceImport,
  type RemittancePreviewResult,
  type RemittanceUploadResult,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../files/file-store.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import { FileContentError, readHead, readRows, receiveFile, XlsxError } from '../dms-imports/index.js';
import type { FundingService } from '../reconcile/index.js';
import { saveMapping, savedToIndexes } from './mappings.js';
import { remittanceImportType } from './record-type.js';

export interface RemittanceDeps {
  db: Database;
  files: FileStore;
  hub: AlertHub;
  funding: FundingService;
  enqueue: (importId: number) => Promise<void>;
}

/** One import as the contract's remittanceImport (alias r), its counts and sums read from its lines. */
const IMPORT_JSON = sql`json_build_object(
  'id', r.id, 'clearingHouseId', r.clearing_house_id, 'clearingHouseName', ch.name,
  'createdBy', case when u.id is not null then json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) end,
  'fileName', r.file_name, 'fileSize', r.file_size, 'format', r.format, 'state', r.state, 'headers', r.headers,
  'mapping', r.mapping, 'rowsTotal', r.rows_total, 'rowsDone', r.rows_done,
  'totalPaidCents', coalesce(c.paid, 0), 'fundedCents', coalesce(c.funded, 0),
  'fundedCount', coalesce(c.funded_count, 0), 'shortPaidCount', coalesce(c.short_count, 0),
  'exceptionCount', coalesce(c.exception_count, 0), 'duplicateCount', coalesce(c.duplicate_count, 0),
  'error', r.error, 'createdAt', to_json(r.created_at), 'startedAt', to_json(r.started_at),
  'finishedAt', to_json(r.finished_at))`;

const COUNTS = sql`left join lateral (
    select sum((l.paid_amount * 100)::bigint) filter (where l.outcome <> 'Duplicate')::bigint as paid,
      sum((l.funded_amount * 100)::bigint)::bigint as funded,
      count(*) filter (where l.outcome = 'Funded')::int as funded_count,
      count(*) filter (where l.outcome = 'ShortPaid')::int as short_count,
      count(*) filter (where l.outcome = 'Exception')::int as exception_count,
      count(*) filter (where l.outcome = 'Duplicate')::int as duplicate_count
    from remittance_lines l where l.import_id = r.id) c on true`;

export async function loadRemittanceImport(db: Database, id: number): Promise<RemittanceImport> {
  const [row] = await db.rows<{ j: RemittanceImport }>(
    sql`select ${IMPORT_JSON} as j from remittance_imports r
          left join clearing_houses ch on ch.id = r.clearing_house_id
          left join users u on u.id = r.created_by_id ${COUNTS}
        where r.id = ${id}`,
  );
  if (!row) throw notFound(`Remittance import ${id} not found.`);
  return { ...row.j, totalPaidCents: Number(row.j.totalPaidCents), fundedCents: Number(row.j.fundedCents) };
}

/** The latest imports, newest first (the screen's history). */
export async function listRemittanceImports(db: Database, limit = 50): Promise<RemittanceImport[]> {
  const rows = await db.rows<{ j: RemittanceImport }>(
    sql`select ${IMPORT_JSON} as j from (select * from remittance_imports order by id desc limit ${limit}) r
          left join clearing_houses ch on ch.id = r.clearing_house_id
          left join users u on u.id = r.created_by_id ${COUNTS}
        order by r.id desc`,
  );
  return rows.map((r) => ({
    ...r.j,
    totalPaidCents: Number(r.j.totalPaidCents),
    fundedCents: Number(r.j.fundedCents),
  }));
}

export async function emitProgress(deps: Pick<RemittanceDeps, 'db' | 'hub'>, id: number) {
  const imp = await loadRemittanceImport(deps.db, id);
  if (imp.createdBy) deps.hub.emitToUser(imp.createdBy.id, REMITTANCE_IMPORT_PROGRESS_EVENT, imp);
  return imp;
}

const contentError = (err: unknown) =>
  err instanceof FileContentError || err instanceof XlsxError ? badRequest('File', err.message) : err;

async function assertClearingHouse(db: Database, id: number | undefined, field: string) {
  if (id === undefined) return;
  const [row] = await db.rows(sql`select 1 from clearing_houses where id = ${id}`);
  if (!row) throw badRequest(field, `Unknown clearing house ${id}`);
}

/**
 * POST /api/Remittances: the DMS imports' upload (checked and streamed into the file store, 400 on File for a
 * file that cannot be read), its header and first rows, and the import (state uploaded) with the mapping to
 * offer: the clearing house's saved one when its columns are all in this file, else the recogniser's.
 */
export async function uploadRemittance(
  deps: RemittanceDeps,
  req: FastifyRequest,
  user: SessionUser,
  queryClearingHouseId: number | undefined,
): Promise<RemittanceUploadResult> {
  const clearingHouseOf = async (fields: Map<string, string>) => {
    const given = fields.get('clearinghouseid')?.trim();
    if (!given) return queryClearingHouseId;
    const id = Number(given);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw badRequest('ClearingHouseId', 'Choose a clearing house');
    return id;
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
          folder: 'remittances',
        },
        { ownerUserId: user.id, ownerType: remittanceImportType.recordType },
      ),
    async (fields) => assertClearingHouse(deps.db, await clearingHouseOf(fields), 'ClearingHouseId'),
  );
  const discard = async () => {
    await deps.db.rows(sql`delete from stored_files where path = ${received.path}`).catch(() => {});
    await deps.files.discard([received.path]).catch(() => {});
  };
  try {
    const clearingHouseId = await clearingHouseOf(received.fields);
    await assertClearingHouse(deps.db, clearingHouseId, 'ClearingHouseId');
    const head = await readHead(deps.files, received.path, received.format, 5).catch((err) => {
      throw contentError(err);
    });
    const problem = headerProblem(head.headers);
    if (problem) throw badRequest('File', problem);
    if (head.rows.length === 0) throw badRequest('File', 'The file has column names but no rows');
    const [saved] = clearingHouseId
      ? await deps.db.rows<{ mapping: Record<string, string> }>(
          sql`select mapping from remittance_mappings where clearing_house_id = ${clearingHouseId}`,
        )
      : [];
    const fromSaved = saved ? savedToIndexes(saved.mapping, head.headers) : undefined;
    const [created] = await deps.db.rows<{ id: number }>(
      sql`insert into remittance_imports (clearing_house_id, file_name, file_path, file_size, format, headers,
            created_by_id)
          values (${clearingHouseId ?? null}, ${received.fileName.slice(0, 255)}, ${received.path}, ${received.size},
            ${received.format}, ${JSON.stringify(head.headers)}::jsonb, ${user.id})
          returning id`,
    );
    await deps.db.rows(sql`update stored_files set owner_id = ${created.id} where path = ${received.path}`);
    return {
      import: await loadRemittanceImport(deps.db, created.id),
      suggestedMapping: fromSaved ?? recogniseRemittanceColumns(head.headers),
      mappingSource: fromSaved ? 'saved' : 'recognised',
      sample: head.rows.map((r) => r.cells),
    };
  } catch (err) {
    await discard();
    throw err;
  }
}

function checkMapping(imp: RemittanceImport, mapping: RemittanceMapping) {
  const problem = remittanceMappingProblem(mapping, imp.headers.length);
  if (problem) throw badRequest('mapping', problem);
}

const filePathOf = async (db: Database, id: number) =>
  (
    await db.rows<{ filePath: string }>(
      sql`select file_path as "filePath" from remittance_imports where id = ${id}`,
    )
  )[0].filePath;

/** POST /api/Remittances/{id}/preview: every row read with the mapping; the first rows, the failing ones, the total. */
export async function previewRemittance(
  deps: Pick<RemittanceDeps, 'db' | 'files'>,
  id: number,
  mapping: RemittanceMapping,
): Promise<RemittancePreviewResult> {
  const imp = await loadRemittanceImport(deps.db, id);
  checkMapping(imp, mapping);
  const filePath = await filePathOf(deps.db, id);
  const result: RemittancePreviewResult = {
    totalRows: 0,
    validRows: 0,
    failedRows: 0,
    totalPaidCents: 0,
    rows: [],
    errorRows: [],
  };
  let header = true;
  try {
    for await (const row of readRows(deps.files, filePath, imp.format)) {
      if (header) {
        header = false;
        continue;
      }
      result.totalRows++;
      if (result.totalRows > DMS_MAX_ROWS)
        throw badRequest('File', `The file has more than ${DMS_MAX_ROWS.toLocaleString('en-US')} rows`);
      const parsed = parseRemittanceRow(row.cells, mapping, { spreadsheet: imp.format === 'xlsx' });
      const shown = {
        rowNumber: row.rowNumber,
        cells: row.cells,
        values: parsed.values,
        errors: parsed.errors,
      };
      if (parsed.values) {
        result.validRows++;
        result.totalPaidCents += parsed.values.paidCents;
      } else {
        result.failedRows++;
        if (result.errorRows.length < 50) result.errorRows.push(shown);
      }
      if (result.rows.length < 20) result.rows.push(shown);
    }
  } catch (err) {
    throw contentError(err);
  }
  if (imp.state === 'uploaded')
    await deps.db.rows(sql`update remittance_imports set rows_total = ${result.totalRows} where id = ${id}`);
  return result;
}

/**
 * POST /api/Remittances/{id}/start: saves the mapping for the clearing house (when the import has one) and
 * queues the job, which funds within the starter's facility scope. 409 once started.
 */
export async function startRemittance(
  deps: RemittanceDeps,
  user: SessionUser,
  id: number,
  mapping: RemittanceMapping,
) {
  const imp = await loadRemittanceImport(deps.db, id);
  if (imp.state !== 'uploaded') throw conflict(`Remittance import ${id} has already been started.`);
  checkMapping(imp, mapping);
  const scope = user.allowedFacilityIds === null ? null : `{${user.allowedFacilityIds.join(',')}}`;
  const [moved] = await deps.db.rows<{ id: number }>(
    sql`update remittance_imports set state = 'queued', mapping = ${JSON.stringify(mapping)}::jsonb,
          scope_facility_ids = ${scope}::int[], updated_at = now()
        where id = ${id} and state = 'uploaded' returning id`,
  );
  if (!moved) throw conflict(`Remittance import ${id} has already been started.`);
  if (imp.clearingHouseId) {
    const byName: Partial<Record<RemittanceField, string>> = {};
    for (const field of REMITTANCE_FIELD_KEYS) {
      const col = mapping[field];
      if (col !== undefined && col !== null) byName[field] = imp.headers[col] ?? '';
    }
    await saveMapping(deps.db, imp.clearingHouseId, byName, user.id);
  }
  await deps.enqueue(id);
  return emitProgress(deps, id);
}
