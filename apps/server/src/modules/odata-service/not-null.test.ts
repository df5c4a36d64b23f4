import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import type { ODataResource } from '../../odata/types.js';
import { ENTITY_SETS } from './entity-sets.js';

let app: App;
/** table → column → nullable, from the migrated test database. */
let columns: Map<string, Map<string, boolean>>;

beforeAll(async () => {
  app = await createTestApp();
  const rows = await app.deps.db.rows<{ t: string; c: string; nullable: string }>(
    sql`select table_name as t, column_name as c, is_nullable as nullable from information_schema.columns
        where table_schema = current_schema()`,
  );
  columns = new Map();
  for (const r of rows) {
    if (!columns.has(r.t)) columns.set(r.t, new Map());
    columns.get(r.t)!.set(r.c, r.nullable === 'YES');
  }
});
afterAll(() => app?.close());

/** The resource and every expanded child, once each. */
function withChildren(resource: ODataResource, seen = new Set<ODataResource>()): ODataResource[] {
  if (seen.has(resource)) return [];
  seen.add(resource);
  return [resource, ...Object.values(resource.expand ?? {}).flatMap((e) => withChildren(e.resource, seen))];
}

/**
 * Fields that are a plain column of the resource's base table (`alias.column`, the first table of
 * `from`): their nullability is the column's, whatever joins follow.
 */
function baseColumns(resource: ODataResource) {
  const m = /^\s*([a-z_][a-z0-9_]*)\s+(?:as\s+)?([a-z_][a-z0-9_]*)/i.exec(resource.from);
  if (!m) return [];
  const [, table, alias] = m;
  return Object.entries(resource.fields).flatMap(([key, field]) => {
    const col = new RegExp(`^${alias}\\.([a-z_][a-z0-9_]*)$`).exec(field.sql.trim());
    return col ? [{ key, field, table, column: col[1] }] : [];
  });
}

describe('notNull declarations of the OData lists', () => {
  const resources = [...new Set(ENTITY_SETS.flatMap((s) => withChildren(s.resource)))];

  it('declare notNull only on columns that are NOT NULL (else nulls would sort on the wrong end)', async () => {
    const wrong: string[] = [];
    for (const resource of resources) {
      const plain = baseColumns(resource);
      for (const { key, field, table, column } of plain) {
        if (field.notNull && columns.get(table)?.get(column) !== false)
          wrong.push(`${resource.name}.${key} (${table}.${column})`);
      }
      // A notNull expression (a priority, a coalesce): never null on the seeded rows.
      for (const [key, field] of Object.entries(resource.fields)) {
        if (!field.notNull || plain.some((c) => c.key === key)) continue;
        const [row] = await app.deps.db.rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.raw(resource.from)} where (${sql.raw(field.sql)}) is null`,
        );
        if (row.n > 0) wrong.push(`${resource.name}.${key} (${row.n} null rows)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declare every sortable NOT NULL base column of the big lists notNull, so their sorts use plain indexes', () => {
    // The declared admin lists (resources/) are small tables: a sort there costs nothing either way.
    const adminLists = new Set(
      ENTITY_SETS.filter((s) => s.resource.from.endsWith(' t')).map((s) => s.resource),
    );
    const missing: string[] = [];
    for (const resource of resources.filter((r) => !adminLists.has(r))) {
      for (const { key, field, table, column } of baseColumns(resource)) {
        if (field.sort === false || field.notNull) continue;
        if (columns.get(table)?.get(column) === false && resource.key.trim() !== field.sql.trim())
          missing.push(`${resource.name}.${key} (${table}.${column})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
