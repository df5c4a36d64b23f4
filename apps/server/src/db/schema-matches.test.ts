import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import type { App } from '../app-type.js';
import * as schema from './schema/index.js';

/**
 * The Drizzle schema (db/schema/*.ts, what queries are typed by) against the database the migrations build
 * (issue #33 item 5, docs/data-model.md "Migrations"): migrations from 0005 on are written by hand, so nothing
 * else keeps the two together. Same tables, same columns with the same types and nullability; every index the
 * schema declares exists; every other index is made by name in a hand-written migration (trigram, partial and
 * expression indexes, which the schema does not model).
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const tables = Object.values(schema as Record<string, unknown>)
  .filter((t): t is PgTable => t instanceof PgTable)
  .map((t) => getTableConfig(t));

/** Tables made at run time by a library, not by the migrations: socket.io's PostgreSQL adapter (realtime/). */
const NOT_MIGRATED = ['socket_io_attachments'];

/** A Drizzle column's SQL type as information_schema spells it (udt_name, numeric precision and scale). */
function asDatabase(type: string): string {
  const numeric = /^numeric\((\d+), ?(\d+)\)$/.exec(type);
  if (numeric) return `numeric(${numeric[1]},${numeric[2]})`;
  const names: Record<string, string> = {
    integer: 'int4',
    smallint: 'int2',
    bigint: 'int8',
    'double precision': 'float8',
    boolean: 'bool',
    'timestamp with time zone': 'timestamptz',
    'text[]': '_text',
    'integer[]': '_int4',
  };
  return names[type] ?? type;
}

describe('the Drizzle schema is the migrated database', () => {
  it('same tables, columns, types and nullability', async () => {
    const cols = await app.deps.db.rows<{
      table: string;
      column: string;
      type: string;
      precision: number | null;
      scale: number | null;
      nullable: string;
    }>(
      sql`select c.table_name as "table", c.column_name as "column", c.udt_name as type,
                 c.numeric_precision as precision, c.numeric_scale as scale, c.is_nullable as nullable
          from information_schema.columns c join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = 'public' and not (c.table_name = any(${`{${NOT_MIGRATED.join(',')}}`}::text[]))
          order by 1, 2`,
    );
    const inDatabase = cols.map(
      (c) =>
        `${c.table}.${c.column} ${c.type === 'numeric' && c.precision !== null ? `numeric(${c.precision},${c.scale})` : c.type}${c.nullable === 'YES' ? '' : ' not null'}`,
    );
    const inSchema = tables
      .flatMap((t) =>
        t.columns.map(
          (c) => `${t.name}.${c.name} ${asDatabase(c.getSQLType())}${c.notNull ? ' not null' : ''}`,
        ),
      )
      .sort();
    expect(inSchema).toEqual([...inDatabase].sort());
  });

  it('every declared index exists; every other index is made by name in a hand-written migration', async () => {
    const indexes = await app.deps.db.rows<{ table: string; name: string }>(
      sql`select tablename as "table", indexname as name from pg_indexes where schemaname = 'public'
            and not (tablename = any(${`{${NOT_MIGRATED.join(',')}}`}::text[]))`,
    );
    const declared = new Set<string>();
    const missing: string[] = [];
    for (const t of tables) {
      for (const i of t.indexes) {
        const name = i.config.name as string;
        declared.add(name);
        if (!indexes.some((x) => x.name === name)) missing.push(`${t.name}: ${name}`);
      }
      for (const u of t.uniqueConstraints) declared.add(u.getName() as string);
      for (const p of t.primaryKeys) declared.add(p.getName());
    }
    expect(missing).toEqual([]);
    const dir = path.join(import.meta.dirname, 'migrations');
    const handWritten = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= 5)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const made = (name: string) =>
      new RegExp(
        `create\\s+(unique\\s+)?index\\s+(concurrently\\s+)?(if\\s+not\\s+exists\\s+)?"?${name}"?\\s`,
        'i',
      ).test(handWritten) || new RegExp(`constraint\\s+"?${name}"?\\s`, 'i').test(handWritten);
    const unexplained = indexes
      .filter((x) => !declared.has(x.name) && !x.name.endsWith('_pkey') && !made(x.name))
      .map((x) => `${x.table}: ${x.name}`);
    expect(unexplained).toEqual([]);
  });
});
