import type { SQL } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';
import { isoLocalTimestamp, isoTimestamp } from './timestamps.js';

export type Schema = typeof schema;
export type Orm = PgDatabase<any, Schema>;

/** Something to run when a unit of work ends; its errors are reported, never thrown at the caller. */
export type WorkHook = () => void | Promise<void>;

type EventListener = (payload: unknown) => void;

/**
 * What the units of work of one database announce once committed (a record changed), heard in the same process
 * by whoever listens on that database (the real-time layer pushes it to the record's room). One per database, so
 * two apps in one process (tests) never hear each other's changes.
 */
export class DbEvents {
  private listeners = new Map<string, Set<EventListener>>();

  /** Listens to `name`; returns the function that stops listening. */
  on(name: string, listener: EventListener): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Calls every listener of `name` (a listener's error is the caller's: run it from a hook, which reports it). */
  emit(name: string, payload: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload);
  }
}

/**
 * The query surface every service takes: either the database itself or a unit of work (one open
 * transaction). Code written against `Db` runs the same in both; it never receives a database and a
 * transaction side by side.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** Drizzle, bound to the transaction inside a unit of work. */
  readonly orm: Orm;
  /** Runs a Drizzle `sql` fragment (always parameterized) and returns plain rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Runs `fn` in a unit of work. On the database this opens a transaction; inside a unit of work it opens
   * a savepoint whose hooks join the enclosing work (they run when the outermost transaction ends).
   * A transaction PostgreSQL rolls back as a deadlock (40P01) or serialization failure (40001) is run again,
   * `fn` and all, a few times after a short random pause (decision 0033): `fn` must be the whole unit of work,
   * and what it does outside the database goes in afterCommit/onRollback hooks. `{ retry: false }` for an `fn`
   * that cannot run twice (it consumes a stream). A savepoint is never retried alone: its error rolls back the
   * enclosing transaction, which is.
   */
  transaction<T>(fn: (work: UnitOfWork) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `fn` once the change is committed (and never when it rolls back): alerts, socket pushes, caches.
   * On the database itself every statement has already committed, so `fn` runs at once.
   */
  afterCommit(fn: WorkHook): void;
  /**
   * Runs `fn` if the change rolls back: files written for it are removed this way. On the database
   * itself nothing rolls back, so `fn` is never run.
   */
  onRollback(fn: WorkHook): void;
  /** The database's change announcements (shared by the database and each of its units of work). */
  readonly events: DbEvents;
}

export interface TransactionOptions {
  /** False when `fn` cannot run a second time (it reads a stream, or acts outside the database): default true. */
  retry?: boolean;
}

/** One open transaction with the database's query surface plus its commit and rollback hooks. */
export interface UnitOfWork extends Db {
  readonly inTransaction: true;
}

/** How a hook's failure is reported (the work itself has already ended). */
let reportHookError: (err: unknown) => void = (err) => {
  console.error('unit of work hook failed', err);
};

/** Where hook failures go (the app points it at its logger). */
export function onHookError(report: (err: unknown) => void) {
  reportHookError = report;
}

/** Runs hooks in order, each awaited; a failing hook is reported and the rest still run. */
export async function runHooks(hooks: readonly WorkHook[]): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (err) {
      reportHookError(err);
    }
  }
}

/** `rows()` over a Drizzle handle (the database's or a transaction's). */
export async function rowsOf<T>(orm: Orm, query: SQL): Promise<T[]> {
  const res: any = await orm.execute(query);
  return isoTimestampColumns(res) as T[];
}

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;

/**
 * The result's timestamp columns as ISO 8601 (db/timestamps.ts). Drizzle passes its own parsers with each query,
 * which keep PostgreSQL's text form; the columns are found by their type in the result's field list.
 */
function isoTimestampColumns(res: {
  rows: Record<string, unknown>[];
  fields?: { name: string; dataTypeID: number }[];
}) {
  const zoned = res.fields?.filter((f) => f.dataTypeID === TIMESTAMPTZ_OID).map((f) => f.name) ?? [];
  const local = res.fields?.filter((f) => f.dataTypeID === TIMESTAMP_OID).map((f) => f.name) ?? [];
  if (!zoned.length && !local.length) return res.rows;
  for (const row of res.rows) {
    for (const name of zoned) if (typeof row[name] === 'string') row[name] = isoTimestamp(row[name]);
    for (const name of local) if (typeof row[name] === 'string') row[name] = isoLocalTimestamp(row[name]);
  }
  return res.rows;
}

class Work implements UnitOfWork {
  readonly inTransaction = true as const;
  readonly commits: WorkHook[] = [];
  readonly rollbacks: WorkHook[] = [];
  /** Set when this work or one of its savepoints may not run twice (`retry: false`): its transaction is not retried. */
  runsOnce = false;

  constructor(
    readonly kind: Db['kind'],
    readonly orm: Orm,
    readonly events: DbEvents,
    private readonly parent?: Work,
  ) {}

  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
    return rowsOf<T>(this.orm, query);
  }

  transaction<T>(fn: (work: UnitOfWork) => Promise<T>, options?: TransactionOptions): Promise<T> {
    // A savepoint: a deadlock aborts the enclosing transaction, which is retried whole (unless something in it
    // may not run twice).
    if (options?.retry === false) this.markRunsOnce();
    return runUnitOfWork(this.kind, this.orm, this.events, fn, this);
  }

  markRunsOnce() {
    this.runsOnce = true;
    this.parent?.markRunsOnce();
  }

  afterCommit(fn: WorkHook) {
    this.commits.push(fn);
  }

  onRollback(fn: WorkHook) {
    this.rollbacks.push(fn);
  }
}

/**
 * The SQLSTATEs of a transaction PostgreSQL rolled back because of another one, which may well go through when run
 * again: 40P01 deadlock detected (it chose this one to abort), 40001 serialization failure.
 */
export const TRANSIENT_CONFLICTS: ReadonlySet<string> = new Set(['40P01', '40001']);

/** Whether `err` (a pg or PGlite error, or one Drizzle wrapped as its `cause`) is a transient conflict. */
export function isTransientConflict(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CONFLICTS.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * How often a transaction is run in all when it keeps losing to transient conflicts, and the pause before each
 * further run: random (two transactions that deadlocked, retried at once, could meet in the same order again)
 * and growing, about 2-12, 2-22 and 2-42 ms. The last failure is thrown (HTTP 503, http/errors.ts).
 */
export const TRANSACTION_ATTEMPTS = 4;
const retryPauseMs = (attempt: number) => 2 + Math.random() * 5 * 2 ** attempt;

/**
 * Opens a transaction on `orm` (a savepoint when `parent` is given), runs `fn` in it, and then the
 * hooks: after a commit the afterCommit hooks in order, after a rollback the onRollback hooks in reverse
 * order (then the error is rethrown). A savepoint that is released hands its hooks to the parent, since
 * the parent may still roll back; one that rolls back runs its own onRollback hooks at once.
 * A transaction of its own (no `parent`) that fails with a transient conflict is run again, a fresh unit of work
 * after a pause, at most TRANSACTION_ATTEMPTS times in all; not when `retry: false` was given to it or to one
 * of its savepoints. A failed run's onRollback hooks have run before the next one, its afterCommit hooks never do.
 */
export async function runUnitOfWork<T>(
  kind: Db['kind'],
  orm: Orm,
  events: DbEvents,
  fn: (work: UnitOfWork) => Promise<T>,
  parent?: Work,
  options: TransactionOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let work: Work | undefined;
    let result: T;
    try {
      result = await orm.transaction((tx) => {
        work = new Work(kind, tx as Orm, events, parent);
        if (options.retry === false) work.runsOnce = true;
        return fn(work);
      });
    } catch (err) {
      if (work) await runHooks([...work.rollbacks].reverse());
      const again = !parent && !work?.runsOnce && options.retry !== false && attempt < TRANSACTION_ATTEMPTS;
      if (!again || !isTransientConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs(attempt)));
      continue;
    }
    if (work) {
      if (parent) {
        parent.commits.push(...work.commits);
        parent.rollbacks.push(...work.rollbacks);
      } else {
        await runHooks(work.commits);
      }
    }
    return result;
  }
}
