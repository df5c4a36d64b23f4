import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { renderSql, wantsFreshPlan, wantsOnePlan } from '../odata/render-sql.js';
import { DEFAULT_READ_POOL_MAX, type PgOptions } from '../config.js';
import * as schema from './schema/index.js';
import { isoLocalTimestamp, isoTimestamp } from './timestamps.js';
import { type Db, DbEvents, type Orm, rowsOf, runHooks, runUnitOfWork } from './unit-of-work.js';

export type { Db, Orm, Schema, TransactionOptions, UnitOfWork } from './unit-of-work.js';

/**
 * One database handle for both dialect hosts: PGlite (embedded, default) and a PostgreSQL server.
 * `orm` is Drizzle; `rows()` runs a Drizzle `sql` fragment (always parameterized) and returns plain rows.
 * Timestamps come back as ISO-like text, never as JS Date objects (see ../shared/PERFORMANCE.md).
 * Services take a `Db` (unit-of-work.ts): this database or one of its units of work.
 */
export interface Database extends Db {
  /**
   * `rows()` for the hot read queries of the lists: on a PostgreSQL server the statement is prepared once
   * per connection (by its text) so that, once PostgreSQL settles on a generic plan, it is not planned on
   * every request. Only the first MAX_PREPARED distinct texts of a database are prepared, which bounds the
   * statements each connection keeps; later ones run as plain queries. A statement marked planOnce
   * (render-sql.ts) keeps one generic plan, one marked planEachTime runs unnamed and is planned with its
   * values. Rows come with pg's parsers (the lists read only JSON text, counts and keys).
   */
  listRows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * A fixed, trusted SQL text with `$1…` parameters, for the hottest reads (the invoice detail): the text is
   * given once, so nothing is rendered or looked up per call (rendering and hashing the detail's 8 KB of SQL
   * for listRows cost about 60 µs a request); on a PostgreSQL server it runs as a prepared statement like
   * listRows (within MAX_PREPARED). Rows as listRows gives them.
   */
  statement<T = Record<string, unknown>>(text: string): (params: readonly unknown[]) => Promise<T[]>;
  /**
   * listRows with each row as an array of its columns, in the select's order: for a long answer sent as tuples
   * (the calendar), no object is built per row.
   */
  listTuples<T extends unknown[] = unknown[]>(query: SQL): Promise<T[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Statement names handed out (at most MAX_PREPARED; 0 on PGlite), for GET /metrics. */
  preparedStatements(): number;
  /** Raw pg pool when on a PostgreSQL server (LISTEN/NOTIFY, socket.io adapter). */
  pool?: pg.Pool;
  /** The read statements' own pool on a PostgreSQL server (absent when they share `pool`: PG_READ_POOL_MAX=0). */
  readPool?: pg.Pool;
  /** The embedded client when on PGlite. */
  pglite?: PGlite;
}

/**
 * Statement names by SQL text, shared by the connections of one pool (see Database.listRows): at most
 * MAX_PREPARED texts get a name, in the order they are first run. One per database (a server process opens one).
 */
const MAX_PREPARED = 200;
function statementNamer() {
  const names = new Map<string, string>();
  return {
    name(text: string): string | undefined {
      let name = names.get(text);
      if (!name && names.size < MAX_PREPARED) {
        name = `list_${names.size}`;
        names.set(text, name);
      }
      return name;
    },
    size: () => names.size,
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Dates and times stay text; timestamps become ISO 8601 (db/timestamps.ts), the one form answers use.
const TEXT_PARSERS: Record<number, (v: string) => string> = {
  1082: (v) => v, // date
  1114: isoLocalTimestamp, // timestamp
  1184: isoTimestamp, // timestamptz
  1083: (v) => v, // time
  1266: (v) => v, // timetz
};
for (const [oid, parse] of Object.entries(TEXT_PARSERS)) pg.types.setTypeParser(Number(oid), parse);
pg.types.setTypeParser(20, (v) => Number(v)); // bigint counts fit in a double here
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric money amounts as numbers

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** A PGlite data dump (dumpDataDir) to start from; tests use it to skip re-seeding. */
  loadDataDir?: Blob;
  /**
   * Pool and session settings on a PostgreSQL server (config.pg; main.ts passes them). Without them:
   * PG_POOL_MAX or 10 connections, PG_READ_POOL_MAX or the machine's cores (at least 2) for the reads, and no statement timeout (the seed and
   * tools run long statements).
   */
  pg?: Partial<PgOptions>;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const o = opts.pg ?? {};
    const settings: pg.PoolConfig = {
      connectionString: opts.databaseUrl,
      max: o.poolMax ?? Number(process.env.PG_POOL_MAX ?? 10),
      // Every session: a runaway statement is cancelled; pg_stat_activity names the app.
      statement_timeout: o.statementTimeoutMs || undefined,
      application_name: o.applicationName ?? 'glass-shop',
      connectionTimeoutMillis: o.connectTimeoutMs ?? 0,
      idleTimeoutMillis: o.idleTimeoutMs ?? 10_000,
    };
    // An idle connection the server closed (a restart, a terminated backend) is an 'error' event on its pool:
    // unheard, it would end the process. The pool drops it and opens a new one for the next query.
    const opened = (p: pg.Pool) => {
      p.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
      return p;
    };
    const pool = opened(new pg.Pool(settings));
    // The read statements (listRows, listTuples, statement) run on connections of their own (decision 0036):
    // however many readers there are, they wait for one of these, never for the pool of the writes and
    // transactions, and at most readPoolMax of them (twice that with the plan-once sessions) run at once.
    const readMax = o.readPoolMax ?? Number(process.env.PG_READ_POOL_MAX ?? DEFAULT_READ_POOL_MAX);
    const readPool = readMax > 0 ? opened(new pg.Pool({ ...settings, max: readMax })) : pool;
    // Statements marked planOnce (render-sql.ts) run on sessions of their own that keep one generic plan per
    // statement; every other statement keeps PostgreSQL's choice (forcing generic plans everywhere made the
    // service vehicle lists slower, and plans even unnamed statements without their values). Opened on first use.
    let onePlan: pg.Pool | undefined;
    const names = statementNamer();
    const statementName = names.name;
    const poolFor = (query: SQL, name: string | undefined) =>
      name && wantsOnePlan(query)
        ? (onePlan ??= opened(
            new pg.Pool({
              ...settings,
              max: readMax > 0 ? readMax : settings.max,
              options: '-c plan_cache_mode=force_generic_plan',
            }),
          ))
        : readPool;
    const orm: Orm = drizzlePg(pool, { schema });
    return {
      kind: 'postgres',
      orm,
      pool,
      readPool: readPool === pool ? undefined : readPool,
      rows: <T>(query: SQL) => rowsOf<T>(orm, query),
      ...workOn('postgres', orm),
      async listRows<T>(query: SQL) {
        const { sql: text, params } = renderSql(query);
        const name = wantsFreshPlan(query) ? undefined : statementName(text);
        const res = await poolFor(query, name).query({ name, text, values: params });
        return res.rows as T[];
      },
      async listTuples<T extends unknown[]>(query: SQL) {
        const { sql: text, params } = renderSql(query);
        const name = wantsFreshPlan(query) ? undefined : statementName(text);
        const res = await poolFor(query, name).query({ name, text, values: params, rowMode: 'array' });
        return res.rows as T[];
      },
      statement<T>(text: string) {
        const name = statementName(text);
        return async (params: readonly unknown[]) =>
          (await readPool.query({ name, text, values: [...params] })).rows as T[];
      },
      ping: () =>
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
      close: () =>
        Promise.all([pool.end(), readPool === pool ? undefined : readPool.end(), onePlan?.end()]).then(
          () => undefined,
        ),
      preparedStatements: names.size,
    };
  }
  let dataPath: string | undefined;
  if (!opts.memory) {
    dataPath = path.join(opts.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  const client = new PGlite({
    dataDir: dataPath,
    loadDataDir: opts.loadDataDir,
    // Trigram indexes (migration 0011) serve contains/startswith/endswith; the extension's code must be loaded here.
    extensions: { pg_trgm },
    parsers: { ...TEXT_PARSERS, 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  await client.waitReady;
  const orm: Orm = drizzlePglite(client, { schema });
  const rows = <T>(query: SQL) => rowsOf<T>(orm, query);
  return {
    kind: 'pglite',
    orm,
    pglite: client,
    rows,
    ...workOn('pglite', orm),
    listRows: (query) => rows(query),
    async listTuples<T extends unknown[]>(query: SQL) {
      const { sql: text, params } = renderSql(query);
      return (await client.query<T>(text, params, { rowMode: 'array' })).rows;
    },
    statement<T>(text: string) {
      return async (params: readonly unknown[]) => (await client.query<T>(text, [...params])).rows;
    },
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
    preparedStatements: () => 0,
  };
}

/** The unit-of-work part of a database: transactions, and hooks that run at once or never. */
function workOn(
  kind: Db['kind'],
  orm: Orm,
): Pick<Db, 'transaction' | 'afterCommit' | 'onRollback' | 'events'> {
  const events = new DbEvents();
  return {
    events,
    transaction: (fn, options) => runUnitOfWork(kind, orm, events, fn, undefined, options),
    afterCommit: (fn) => void runHooks([fn]),
    onRollback: () => {},
  };
}

/** pg_advisory_lock key held while migrating: one process migrates, the others wait and find nothing to do. */
export const MIGRATION_LOCK = 4_726_100;

/**
 * Applies the pending migrations. On PostgreSQL, under a session advisory lock on a dedicated connection,
 * so several processes starting together (a rolling deploy, two replicas) apply each migration once: the
 * first takes the lock and migrates, the others wait for it and then see every migration applied.
 * PGlite is one process and needs none.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  if (db.kind === 'postgres' && db.pool) {
    // A migration may backfill a large table: no statement timeout on its connection.
    const client = await db.pool.connect();
    let locked = false;
    try {
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      locked = true;
      await migratePg(drizzlePg(client, { schema }) as any, { migrationsFolder });
    } finally {
      let keep = true;
      if (locked)
        keep = await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).then(
          () => true,
          () => false,
        );
      await client.query('reset statement_timeout').catch(() => {});
      // A connection whose unlock failed may still hold the lock: close it rather than pool it.
      client.release(!keep);
    }
  } else if (db.kind === 'postgres') await migratePg(db.orm as any, { migrationsFolder });
  else await migratePglite(db.orm as any, { migrationsFolder });
}

export { sql };
