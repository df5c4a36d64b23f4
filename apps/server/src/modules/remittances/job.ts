import { randomUUID } from 'node:crypto';
import { parseRemittanceRow, type RemittanceMapping, remittanceRowReason } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../files/file-store.js';
import type { AlertHub } from '../../realtime/hub.js';
import { FileContentError, readRows, XlsxError } from '../dms-imports/index.js';
import { FundingService } from '../reconcile/index.js';
import { importBatch, type LineRecord } from './import-lines.js';
import { emitProgress } from './service.js';

export const REMITTANCE_IMPORT_JOB = 'remittance-import';
/** A runner whose heartbeat is older than this is taken to be dead; another one takes the import over. */
export const LEASE_SECONDS = 60;
/** Starts of one import before it is marked failed. */
export const MAX_ATTEMPTS = 3;
/**
 * Batches of all remittance imports run one at a time (pg_advisory_xact_lock): each locks many invoices, so two
 * files paying the same invoices in another order could otherwise deadlock.
 */
const REMITTANCE_LOCK = 4_726_035;

export interface RunDeps {
  db: Database;
  files: FileStore;
  hub: AlertHub;
  log?: { error: (obj: object, msg: string) => void };
}

export interface RunOptions {
  /** Lines per transaction (default 200). */
  batchSize?: number;
  signal?: AbortSignal;
  /** Test hook: runs before each batch is written; throwing there simulates a crash. */
  beforeBatch?: (batch: number) => void | Promise<void>;
}

interface Claimed {
  clearingHouseId: number | null;
  userId: number | null;
  filePath: string;
  format: 'csv' | 'xlsx';
  mapping: RemittanceMapping;
  rowsDone: number;
  attempts: number;
  scope: number[] | null;
}

class LeaseLost extends Error {}
/** Thrown by a test's beforeBatch hook: the run stops as a crashed process would. */
export class RemittanceInterrupted extends Error {}

/** The user an import funds as: its starter, within the facilities it was started with. */
export async function importer(
  db: Database,
  userId: number | null,
  scope: number[] | null,
): Promise<SessionUser> {
  const [u] = await db.rows<Omit<SessionUser, 'allowedFacilityIds' | 'sessionId'>>(
    sql`select id, user_name as "userName", first_name as "firstName", last_name as "lastName",
               user_role_id as "userRoleId", facility_id as "facilityId", facility_id as "homeFacilityId",
               brand_id as "brandId", null::int as tzo
        from users where id = ${userId}`,
  );
  const base = u ?? {
    id: 0,
    userName: 'system',
    firstName: 'System',
    lastName: '',
    userRoleId: 1,
    facilityId: null,
    homeFacilityId: null,
    brandId: null,
    tzo: null,
  };
  return { ...base, sessionId: 0, allowedFacilityIds: scope };
}

/**
 * The import job (queue `remittance-import`, payload {importId}): streams the stored file through the DMS
 * imports' readers (their limits), reads each row as a payment line with the mapping, and records, matches and
 * funds the lines a batch per transaction; each batch also moves `rows_done` (the resume point) under the run's
 * lease (runner, heartbeat_at), as the DMS import does. A run that cannot go on marks the import failed.
 */
export async function runRemittanceImport(
  deps: RunDeps,
  importId: number,
  opts: RunOptions = {},
): Promise<void> {
  const token = randomUUID();
  const [claimed] = await deps.db.rows<Claimed>(
    sql`update remittance_imports set runner = ${token}, heartbeat_at = now(), state = 'running',
          started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
        where id = ${importId} and state in ('queued', 'running')
          and (runner is null or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning clearing_house_id as "clearingHouseId", created_by_id as "userId", file_path as "filePath", format,
          mapping, rows_done as "rowsDone", attempts, scope_facility_ids as scope`,
  );
  if (!claimed) return;
  const finish = async (state: 'completed' | 'failed' | 'queued', error?: string, total?: number) => {
    await deps.db.rows(
      sql`update remittance_imports set state = ${state}, error = ${error ?? null}, runner = null, updated_at = now(),
            rows_total = coalesce(${total ?? null}::int, rows_total),
            finished_at = ${state === 'queued' ? null : sql`now()`}
          where id = ${importId} and runner = ${token}`,
    );
    await emitProgress(deps, importId);
  };
  if (claimed.attempts > MAX_ATTEMPTS)
    return finish(
      'failed',
      `The import stopped ${MAX_ATTEMPTS} times without finishing; ${claimed.rowsDone} lines were imported. Start it again to continue.`,
    );
  await emitProgress(deps, importId);
  const scope = claimed.scope === null ? null : claimed.scope.map(Number);
  const ctx = {
    importId,
    clearingHouseId: claimed.clearingHouseId,
    scope,
    user: await importer(deps.db, claimed.userId, scope),
    funding: new FundingService(deps.db),
  };
  const batchSize = opts.batchSize ?? 200;
  const spreadsheet = claimed.format === 'xlsx';
  let seen = 0;
  let batchNo = 0;
  let batch: LineRecord[] = [];
  let lastEmit = 0;

  const flush = async (): Promise<boolean> => {
    batchNo++;
    await opts.beforeBatch?.(batchNo);
    const lines = batch;
    batch = [];
    await deps.db.transaction(async (tx) => {
      // No JIT compilation for the batch's statements: the planner prices each candidate probe over a lateral
      // key (a partial expression index has no statistics it uses) at thousands of rows, so a batch's
      // statement looks costly enough to compile (a second or two) while it runs in milliseconds.
      await tx.rows(sql`select pg_advisory_xact_lock(${REMITTANCE_LOCK}), set_config('jit', 'off', true)`);
      await importBatch(tx, ctx, lines);
      const [moved] = await tx.rows<{ id: number }>(
        sql`update remittance_imports set rows_done = ${seen}, heartbeat_at = now(), updated_at = now()
            where id = ${importId} and runner = ${token} returning id`,
      );
      if (!moved) throw new LeaseLost();
    });
    if (Date.now() - lastEmit > 1000) {
      lastEmit = Date.now();
      await emitProgress(deps, importId);
    }
    if (opts.signal?.aborted) {
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
      const parsed = parseRemittanceRow(row.cells, claimed.mapping, { spreadsheet });
      batch.push({
        lineNo: row.rowNumber,
        values: parsed.values,
        cells: row.cells,
        reason: parsed.values ? null : `Line ${row.rowNumber}: ${remittanceRowReason(parsed.errors)}`,
      });
      if (batch.length >= batchSize && !(await flush())) return;
    }
    if (batch.length && !(await flush())) return;
    await finish('completed', undefined, seen);
  } catch (err) {
    if (err instanceof LeaseLost || err instanceof RemittanceInterrupted) return;
    const reason =
      err instanceof FileContentError || err instanceof XlsxError
        ? err.message
        : `The import failed after ${claimed.rowsDone} lines: ${err instanceof Error ? err.message : String(err)}`;
    deps.log?.error({ err, importId }, 'Remittance import failed');
    await finish('failed', reason).catch(() => {});
  }
}

/** Imports a previous process left queued or running: queued again (see the DMS imports' recoverImports). */
export async function recoverRemittanceImports(
  db: Database,
  enqueue: (id: number) => Promise<void>,
  { sole }: { sole: boolean },
): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(
    sql`update remittance_imports set runner = null, state = 'queued', updated_at = now()
        where state in ('queued', 'running')
          and (${sole} or runner is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning id`,
  );
  for (const { id } of rows) await enqueue(id);
  return rows.map((r) => r.id);
}
