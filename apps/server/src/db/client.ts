import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { renderSql } from '../odata/render-sql.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Orm = PgDatabase<any, Schema>;

/**
 * One database handle for both dialect hosts: PGlite (embedded, default) and a PostgreSQL server.
 * `orm` is Drizzle; `rows()` runs a Drizzle `sql` fragment (always parameterized) and returns plain rows.
 * Timestamps come back as ISO-like text, never as JS Date objects (see ../shared/PERFORMANCE.md).
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  rows<T = Record<string, unknown>>(query: SQL, tx?: Orm): Promise<T[]>;
  /**
   * `rows()` for the hot read queries of the lists: on a PostgreSQL server the statement is prepared once
   * per connection (by its text) so that, once PostgreSQL settles on a generic plan, it is not planned on
   * every request. Only the first MAX_PREPARED distinct texts of a process are prepared, which bounds the
   * statements each connection keeps; later ones run as plain queries. Rows come with pg's parsers (the
   * lists read only JSON text, counts and keys).
   */
  listRows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Raw pg pool when on a PostgreSQL server (LISTEN/NOTIFY, socket.io adapter). */
  pool?: pg.Pool;
  /** The embedded client when on PGlite. */
  pglite?: PGlite;
}

/** Statement names by SQL text, shared by the connections of a pool (see Database.listRows). */
const MAX_PREPARED = 200;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_PREPARED) {
    name = `list_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const TEXT_TYPES = [1082, 1114, 1184, 1083, 1266]; // date, timestamp, timestamptz, time, timetz
for (const oid of TEXT_TYPES) pg.types.setTypeParser(oid, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v)); // bigint counts fit in a double here
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric money amounts as numbers

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** A PGlite data dump (dumpDataDir) to start from; tests use it to skip re-seeding. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.PG_POOL_MAX ?? 10),
    });
    const orm = drizzlePg(pool, { schema }) as unknown as Orm;
    return {
      kind: 'postgres',
      orm,
      pool,
      async rows<T>(query: SQL, tx?: Orm) {
        const res: any = await (tx ?? orm).execute(query);
        return res.rows as T[];
      },
      async listRows<T>(query: SQL) {
        const { sql: text, params } = renderSql(query);
        const res = await pool.query({ name: statementName(text), text, values: params });
        return res.rows as T[];
      },
      ping: () =>
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (!opts.memory) {
    dataPath = path.join(opts.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  const parsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (v: string) => v]));
  const client = new PGlite({
    dataDir: dataPath,
    loadDataDir: opts.loadDataDir,
    parsers: { ...parsers, 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  await client.waitReady;
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  const rows = async <T>(query: SQL, tx?: Orm) => {
    const res: any = await (tx ?? orm).execute(query);
    return res.rows as T[];
  };
  return {
    kind: 'pglite',
    orm,
    pglite: client,
    rows,
    listRows: (query) => rows(query),
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}

export async function migrateDatabase(db: Database): Promise<void> {
  if (db.kind === 'postgres') await migratePg(db.orm as any, { migrationsFolder });
  else await migratePglite(db.orm as any, { migrationsFolder });
}

export { sql };
