import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { FileStore } from '../../files/file-store.js';
import { trafficOf } from '../../http/traffic.js';
import { jobsOf } from '../../jobs/index.js';
import { type AlertHub, hubOf } from '../../realtime/hub.js';
import { paceBatchSize, pauseAfter, timerPause } from './import-pace.js';
import { FileContentError, type FileRow, readRows } from './readers.js';
import { XlsxError } from './xlsx-reader.js';

/**
 * The run of a file import, shared by the DMS imports (service vehicles) and the remittance imports (payment
 * lines): the import pipeline's kernel. A run claims its import by a lease (runner, heartbeat_at), streams the
 * stored file through the readers (their limits), turns each row into an item, and writes the items a batch per
 * transaction; each batch's transaction also moves `rows_done` under the lease, so after a crash or a restart
 * the next run skips exactly the rows already committed. A second runner takes over only when the heartbeat is
 * older than LEASE_SECONDS; an import started more than MAX_ATTEMPTS times is marked failed. Cancel (where the
 * table has it) is seen between batches; at shutdown (`signal`) the batch in hand is finished and the rest is
 * left queued. A run that cannot go on marks the import failed with the reason (never left half-silent).
 */

/** A runner whose heartbeat is older than this is taken to be dead; another one takes the import over. */
export const LEASE_SECONDS = 60;
/** Starts of one import (the first run and takeovers after a crash) before it is marked failed. */
export const MAX_ATTEMPTS = 3;

export interface RunDeps {
  db: Database;
  files: FileStore;
  hub: AlertHub;
  log?: { error: (obj: object, msg: string) => void };
  /** People are using the app now (http/traffic.ts): smaller batches and pauses (import-pace.ts). Absent: never. */
  busy?: () => boolean;
}

export interface RunOptions {
  /** Rows per transaction (each import's default otherwise). */
  batchSize?: number;
  /** Aborted at shutdown: the batch in hand is finished, the rest is left for the next start. */
  signal?: AbortSignal;
  /** Test hook: runs before each batch is written; throwing there simulates a crash mid-import. */
  beforeBatch?: (batch: number) => void | Promise<void>;
  /** How the run pauses after a batch while the app is busy (tests record it); default a timer. */
  pause?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Thrown by a test's beforeBatch hook: the run stops as a crashed process would, touching nothing. */
export class ImportInterrupted extends Error {}
class LeaseLost extends Error {}

/** What every import row claims: the stored file, the resume point and the starts so far. */
export interface ClaimedImport {
  filePath: string;
  format: 'csv' | 'xlsx';
  rowsDone: number;
  attempts: number;
}

/** An import table: its name, and the names of its state and total columns (the two tables differ there). */
export interface ImportTable {
  name: 'dms_imports' | 'remittance_imports';
  state: 'status' | 'state';
  total: 'total_rows' | 'rows_total';
  /** Has `cancel_requested` (the DMS imports). */
  cancellable: boolean;
}

/** One import's work, given its claimed row: how rows become items and how a batch of items is written. */
export interface ImportWork<I> {
  /** Rows per transaction when the options give none. */
  batchSize: number;
  /** The statement that starts each batch's transaction (its lock, settings). */
  begin: SQL;
  /** The item a data row becomes (an invalid row too: its reason is written with the batch). */
  item(row: FileRow): I;
  /** Items that must not share a batch (the same RO twice: the earlier is written first, the later updates it). */
  keyOf?(item: I): string | undefined;
  /** Writes a batch; answers more assignments for the import row in the same transaction (its counters). */
  write(tx: Db, items: I[]): Promise<SQL | undefined>;
}

export interface ImportSpec<C extends ClaimedImport, I> {
  deps: RunDeps;
  importId: number;
  opts: RunOptions;
  table: ImportTable;
  /** More columns of the import row the work needs (`x as "x"`, …). */
  claim: SQL;
  /** 'rows' or 'lines', in the messages. */
  noun: string;
  /** What the user does after MAX_ATTEMPTS ("Resume it to continue."). */
  again: string;
  /** The log line of a failed run. */
  failure: string;
  /** Tells the import's watchers its progress (socket.io). */
  progress: (importId: number) => Promise<void>;
  /** The work of this import, once claimed (may read more, e.g. the user it runs as). */
  work: (claimed: C) => Promise<ImportWork<I>>;
}

export async function runFileImport<C extends ClaimedImport, I>(spec: ImportSpec<C, I>): Promise<void> {
  const { deps, importId, opts, table } = spec;
  const t = sql.identifier(table.name);
  const state = sql.identifier(table.state);
  const token = randomUUID();
  const [claimed] = await deps.db.rows<C & { cancelRequested: boolean }>(
    sql`update ${t} set runner = ${token}, heartbeat_at = now(), ${state} = 'running',
          started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
        where id = ${importId} and ${state} in ('queued', 'running')
          and (runner is null or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning file_path as "filePath", format, rows_done as "rowsDone", attempts,
          ${table.cancellable ? sql`cancel_requested` : sql`false`} as "cancelRequested", ${spec.claim}`,
  );
  if (!claimed) return;
  /** The progress being told between batches (one at a time; never rejects); awaited before the run ends. */
  let telling: Promise<void> | undefined;
  const finish = async (
    to: 'completed' | 'failed' | 'cancelled' | 'queued',
    error?: string,
    total?: number,
  ) => {
    await telling;
    await deps.db.rows(
      sql`update ${t} set ${state} = ${to}, error = ${error ?? null}, runner = null, updated_at = now(),
            ${sql.identifier(table.total)} = coalesce(${total ?? null}::int, ${sql.identifier(table.total)}),
            finished_at = ${to === 'queued' ? null : sql`now()`}
          where id = ${importId} and runner = ${token}`,
    );
    await spec.progress(importId);
  };
  if (claimed.cancelRequested) return finish('cancelled');
  if (claimed.attempts > MAX_ATTEMPTS)
    return finish(
      'failed',
      `The import stopped ${MAX_ATTEMPTS} times without finishing; ${claimed.rowsDone} ${spec.noun} were imported. ${spec.again}`,
    );
  await spec.progress(importId);

  let work: ImportWork<I>;
  const busy = () => deps.busy?.() ?? false;
  // Batches share PostgreSQL's cores with the requests: smaller while people use the app (import-pace.ts).
  const batchSize = () => opts.batchSize ?? paceBatchSize(work.batchSize, busy());
  let seen = 0;
  let batchNo = 0;
  let batch: I[] = [];
  let keys = new Set<string>();
  let lastEmit = 0;

  /** Writes the batch with the checkpoint `upTo`; answers whether to go on (false: cancelled or shutting down). */
  const flush = async (upTo: number): Promise<boolean> => {
    batchNo++;
    await opts.beforeBatch?.(batchNo);
    const items = batch;
    batch = [];
    keys = new Set();
    const began = performance.now();
    const moved = await deps.db.transaction(async (tx) => {
      await tx.rows(work.begin);
      const more = await work.write(tx, items);
      const [row] = await tx.rows<{ cancelRequested: boolean }>(
        sql`update ${t} set rows_done = ${upTo}, heartbeat_at = now(), updated_at = now()${more ? sql`, ${more}` : sql``}
            where id = ${importId} and runner = ${token}
            returning ${table.cancellable ? sql`cancel_requested` : sql`false`} as "cancelRequested"`,
      );
      if (!row) throw new LeaseLost();
      return row;
    });
    if (!telling && Date.now() - lastEmit > 1000) {
      lastEmit = Date.now();
      // Told while the next batch is read and written, not before it: the remittance import's progress sums
      // its lines (0.2–0.3 s a second on glass_bench under load, a sixth of the run when awaited).
      telling = spec.progress(importId).then(
        () => {
          telling = undefined;
        },
        (err) => {
          telling = undefined;
          deps.log?.error({ err, importId }, `${spec.failure}: progress not told`);
        },
      );
    }
    if (moved.cancelRequested) {
      await finish('cancelled');
      return false;
    }
    if (!opts.signal?.aborted && busy())
      await (opts.pause ?? timerPause)(pauseAfter(performance.now() - began), opts.signal);
    if (opts.signal?.aborted) {
      // Shutting down: the next start (or another process) resumes from here.
      await finish('queued');
      return false;
    }
    return true;
  };

  try {
    work = await spec.work(claimed);
    let header = true;
    for await (const row of readRows(deps.files, claimed.filePath, claimed.format)) {
      if (header) {
        header = false;
        continue;
      }
      seen++;
      if (seen <= claimed.rowsDone) continue;
      const item = work.item(row);
      const key = work.keyOf?.(item);
      // A key already in the batch: the batch is written first, with the checkpoint one row back.
      if (key !== undefined && keys.has(key) && !(await flush(seen - 1))) return;
      batch.push(item);
      if (key !== undefined) keys.add(key);
      if (batch.length >= batchSize() && !(await flush(seen))) return;
    }
    if (batch.length && !(await flush(seen))) return;
    await finish('completed', undefined, seen);
  } catch (err) {
    if (err instanceof LeaseLost || err instanceof ImportInterrupted) {
      await telling;
      return;
    }
    const reason =
      err instanceof FileContentError || err instanceof XlsxError
        ? err.message
        : `The import failed after ${claimed.rowsDone} ${spec.noun}: ${err instanceof Error ? err.message : String(err)}`;
    deps.log?.error({ err, importId }, spec.failure);
    await finish('failed', reason).catch(() => {});
  }
}

/**
 * Imports a previous process left queued or running (a restart, a crash): queued again, and resumed from
 * their last committed batch by whichever process takes the job. `sole`: this is the only process (PGlite),
 * so a runner still named on a row is certainly dead and is cleared at once; otherwise only runners whose
 * heartbeat is stale are, and pg-boss retries the jobs of dead processes too (the lease keeps one runner).
 */
export async function recoverFileImports(
  db: Database,
  table: ImportTable,
  enqueue: (id: number) => Promise<void>,
  { sole }: { sole: boolean },
): Promise<number[]> {
  const state = sql.identifier(table.state);
  const rows = await db.rows<{ id: number }>(
    sql`update ${sql.identifier(table.name)} set runner = null, ${state} = 'queued', updated_at = now()
        where ${state} in ('queued', 'running')
          and (${sole} or runner is null or heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        returning id`,
  );
  for (const { id } of rows) await enqueue(id);
  return rows.map((r) => r.id);
}

/**
 * Starts this process's worker of an import queue (once per app and queue): at start-up through the jobs layer
 * (jobs/workers.ts, from main.ts), or at the first import a process queues. It then picks up the imports a
 * previous process left queued or running, which resume after their last committed batch.
 */
export function ensureFileImportWorker(
  app: App,
  job: string,
  table: ImportTable,
  run: (deps: RunDeps, importId: number, opts: RunOptions) => Promise<void>,
): Promise<void> {
  const byJob = workers.get(app) ?? new Map<string, Promise<void>>();
  workers.set(app, byJob);
  let start = byJob.get(job);
  if (!start) {
    start = (async () => {
      const jobs = jobsOf(app);
      const { db, config } = app.deps;
      const traffic = trafficOf(app);
      const deps: RunDeps = {
        db,
        files: new FileStore(db, config),
        hub: hubOf(app),
        log: app.log,
        busy: () => traffic.busy(),
      };
      await jobs.start();
      await jobs.work<{ importId: number }>(
        job,
        (data, ctx) => run(deps, Number(data.importId), { signal: ctx.signal }),
        // A run marks its import failed itself; a retry is for a process that died (its lease expired).
        { retryLimit: 3, retryDelaySeconds: 5, leaseSeconds: 60 * 60 },
      );
      await recoverFileImports(db, table, (importId) => jobs.enqueue(job, { importId }).then(() => {}), {
        sole: jobs.kind === 'in-process',
      });
    })();
    byJob.set(job, start);
  }
  return start;
}

const workers = new WeakMap<object, Map<string, Promise<void>>>();
