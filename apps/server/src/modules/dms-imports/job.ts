import { createHash, randomUUID } from 'node:crypto';
import {
  type DmsMapping,
  type DmsRowValues,
  dmsRepairCount,
  dmsRowReason,
  validateDmsRow,
} from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../files/file-store.js';
import type { AlertHub } from '../../realtime/hub.js';
import { type DmsVehicleRow, facilityTimeZone, upsertDmsVehicles } from '../service-vehicles/index.js';
import { FileContentError, readRows } from './readers.js';
import { emitProgress } from './service.js';
import { XlsxError } from './xlsx-reader.js';

export const DMS_IMPORT_JOB = 'dms-import';
/** A runner whose heartbeat is older than this is taken to be dead; another one takes the import over. */
export const LEASE_SECONDS = 60;
/** Starts of one import (the first run and takeovers after a crash) before it is marked failed. */
export const MAX_ATTEMPTS = 3;
/** Batches of one facility run one at a time (pg_advisory_xact_lock(DMS_LOCK, facility)). */
const DMS_LOCK = 4_726_023;

export interface RunDeps {
  db: Database;
  files: FileStore;
  hub: AlertHub;
  log?: { error: (obj: object, msg: string) => void };
}

export interface RunOptions {
  /** Rows per transaction (default 1000). */
  batchSize?: number;
  /** Aborted at shutdown: the batch in hand is finished, the rest is left for the next start. */
  signal?: AbortSignal;
  /** Test hook: runs before each batch is written; throwing there simulates a crash mid-import. */
  beforeBatch?: (batch: number) => void | Promise<void>;
}

interface Claimed {
  facilityId: number;
  userId: number | null;
  filePath: string;
  format: 'csv' | 'xlsx';
  headers: string[];
  mapping: DmsMapping;
  defaultRepairCount: number;
  rowsDone: number;
  attempts: number;
  cancelRequested: boolean;
}

class LeaseLost extends Error {}

/** Thrown by a test's beforeBatch hook: the run stops as a crashed process would, touching nothing. */
export class ImportInterrupted extends Error {}

/** The digest of what a row imports: the same row imported again changes nothing. */
export function rowHash(values: DmsRowValues, repairCount: number): string {
  return createHash('sha1')
    .update(JSON.stringify({ ...values, repairCount: values.repairCount === null ? null : repairCount }))
    .digest('base64url');
}

async function importer(db: Database, userId: number | null): Promise<SessionUser> {
  const [u] = await db.rows<SessionUser>(
    sql`select id, user_name as "userName", first_name as "firstName", last_name as "lastName",
               user_role_id as "userRoleId", facility_id as "facilityId", null::int as "brandId",
               null::int as "tzo", null::int as "sessionId"
        from users where id = ${userId}`,
  );
  // An import whose user was removed still runs, in the system's name.
  return (
    u ?? {
      id: 0,
      sessionId: 0,
      userName: 'system',
      firstName: 'System',
      lastName: '',
      userRoleId: 1,
      facilityId: null,
      brandId: null,
      tzo: null,
    }
  );
}

/**
 * The import job (queue name `dms-import`, payload {importId}): streams the stored file, validates every row
 * with the mapping and writes the service vehicles a batch per transaction through the service-vehicles
 * area. Each batch's transaction also moves the import's counters and `rows_done`, so after a crash or a
 * restart the next run skips exactly the rows already committed; the row digests make a repeated row a
 * no-op anyway. The run holds the import by a lease (runner, heartbeat_at): a second runner for the same
 * import takes over only when the heartbeat is older than LEASE_SECONDS. Cancel is seen between batches.
 * A run that cannot go on marks the import failed with the reason (never left half-silent).
 */
export async function runImport(deps: RunDeps, importId: number, opts: RunOptions = {}): Promise<void> {
  const token = randomUUID();
  const [claimed] = await deps.db.rows<Claimed>(
    sql`update dms_imports set runner = ${token}, heartbeat_at = now(), status = 'running',
          started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
        where id = ${importId} and status in ('queued', 'running')
          and (runner is null or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning facility_id as "facilityId", user_id as "userId", file_path as "filePath", format, headers,
          mapping, default_repair_count as "defaultRepairCount", rows_done as "rowsDone", attempts,
          cancel_requested as "cancelRequested"`,
  );
  if (!claimed) return;
  const finish = async (
    status: 'completed' | 'failed' | 'cancelled' | 'queued',
    error?: string,
    total?: number,
  ) => {
    await deps.db.rows(
      sql`update dms_imports set status = ${status}, error = ${error ?? null}, runner = null, updated_at = now(),
            total_rows = coalesce(${total ?? null}::int, total_rows),
            finished_at = ${status === 'queued' ? null : sql`now()`}
          where id = ${importId} and runner = ${token}`,
    );
    await emitProgress(deps, importId);
  };
  if (claimed.cancelRequested) return finish('cancelled');
  if (claimed.attempts > MAX_ATTEMPTS)
    return finish(
      'failed',
      `The import stopped ${MAX_ATTEMPTS} times without finishing; ${claimed.rowsDone} rows were imported. Resume it to continue.`,
    );
  await emitProgress(deps, importId);

  const user = await importer(deps.db, claimed.userId);
  const batchSize = opts.batchSize ?? 1000;
  const timeZone = await facilityTimeZone(deps.db, claimed.facilityId);
  const options = { spreadsheet: claimed.format === 'xlsx', headers: claimed.headers };
  let seen = 0;
  let batchNo = 0;
  let valid: DmsVehicleRow[] = [];
  let ros = new Set<string>();
  let invalid: { rowNumber: number; reason: string; cells: string[] }[] = [];
  let cells = new Map<number, string[]>();
  let lastEmit = 0;

  /** Writes the batch and moves the checkpoint; returns whether to go on (false: cancelled). */
  const flush = async (): Promise<boolean> => {
    batchNo++;
    await opts.beforeBatch?.(batchNo);
    const rows = valid;
    const bad = invalid;
    const rowCells = cells;
    valid = [];
    invalid = [];
    cells = new Map();
    ros = new Set();
    const state = await deps.db.transaction(async (tx) => {
      await tx.rows(sql`select pg_advisory_xact_lock(${DMS_LOCK}, ${claimed.facilityId})`);
      const out = await upsertDmsVehicles(tx, user, {
        facilityId: claimed.facilityId,
        importId,
        rows,
        timeZone,
      });
      const failed = [...bad, ...out.failed.map((f) => ({ ...f, cells: rowCells.get(f.rowNumber) ?? [] }))];
      if (failed.length) {
        await tx.rows(
          sql`insert into dms_import_errors (import_id, row_number, reason, cells)
              select ${importId}, x.row_number, x.reason, x.cells
              from json_to_recordset(${JSON.stringify(failed.map((f) => ({ row_number: f.rowNumber, reason: f.reason, cells: f.cells })))}::json)
                as x(row_number int, reason text, cells jsonb)
              on conflict do nothing`,
        );
      }
      const [moved] = await tx.rows<{ cancelRequested: boolean }>(
        sql`update dms_imports set rows_done = ${seen}, created_count = created_count + ${out.created},
              updated_count = updated_count + ${out.updated}, unchanged_count = unchanged_count + ${out.unchanged},
              failed_count = failed_count + ${failed.length}, heartbeat_at = now(), updated_at = now()
            where id = ${importId} and runner = ${token}
            returning cancel_requested as "cancelRequested"`,
      );
      if (!moved) throw new LeaseLost();
      return moved;
    });
    if (Date.now() - lastEmit > 1000) {
      lastEmit = Date.now();
      await emitProgress(deps, importId);
    }
    if (state.cancelRequested) {
      await finish('cancelled');
      return false;
    }
    if (opts.signal?.aborted) {
      // Shutting down: the next start (or another process) resumes from here.
      await finish('queued');
      return false;
    }
    return true;
  };

  try {
    let header = true;
    for await (const row of readRows(deps.files, claimed.filePath, claimed.format)) {
      if (header) {
        header = false;
        continue;
      }
      seen++;
      if (seen <= claimed.rowsDone) continue;
      const checked = validateDmsRow(row.cells, claimed.mapping, options);
      if (!checked.values) {
        invalid.push({ rowNumber: row.rowNumber, reason: dmsRowReason(checked.errors), cells: row.cells });
      } else {
        // One RO twice in a batch: the earlier one is written first, so the later one updates it.
        if (ros.has(checked.values.roNumber) && !(await flushAt(seen - 1))) return;
        const repairCount = dmsRepairCount(checked.values, claimed.defaultRepairCount);
        valid.push({
          rowNumber: row.rowNumber,
          values: checked.values,
          repairCount,
          hash: rowHash(checked.values, repairCount),
        });
        ros.add(checked.values.roNumber);
        cells.set(row.rowNumber, row.cells);
      }
      if (valid.length + invalid.length >= batchSize && !(await flush())) return;
    }
    if ((valid.length || invalid.length) && !(await flush())) return;
    await finish('completed', undefined, seen);
  } catch (err) {
    if (err instanceof LeaseLost || err instanceof ImportInterrupted) return;
    const reason =
      err instanceof FileContentError || err instanceof XlsxError
        ? err.message
        : `The import failed after ${claimed.rowsDone} rows: ${err instanceof Error ? err.message : String(err)}`;
    deps.log?.error({ err, importId }, 'DMS import failed');
    await finish('failed', reason).catch(() => {});
  }

  /** Flushes with the checkpoint one row back (the row in hand is not written yet). */
  async function flushAt(upTo: number): Promise<boolean> {
    const keep = seen;
    seen = upTo;
    const go = await flush();
    seen = keep;
    return go;
  }
}

/**
 * Imports a previous process left queued or running (a restart, a crash): queued again, and resumed from
 * their last committed batch by whichever process takes the job. `sole`: this is the only process (PGlite),
 * so a runner still named on a row is certainly dead and is cleared at once; otherwise only runners whose
 * heartbeat is stale are, and pg-boss retries the jobs of dead processes too (the lease keeps one runner).
 */
export async function recoverImports(
  db: Database,
  enqueue: (id: number) => Promise<void>,
  { sole }: { sole: boolean },
): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(
    sql`update dms_imports set runner = null, status = 'queued', updated_at = now()
        where status in ('queued', 'running')
          and (${sole} or runner is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning id`,
  );
  for (const { id } of rows) await enqueue(id);
  return rows.map((r) => r.id);
}
