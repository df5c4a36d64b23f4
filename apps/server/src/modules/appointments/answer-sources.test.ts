import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { DERIVED, derivedCopy } from '../../db/derived/catalogue.js';
import { APPOINTMENT_COLUMNS, APPOINTMENT_FROM } from './sql.js';

/**
 * Decision 0013's rule, enforced (issue #33 item 4): the appointment answers are kept while the per-facility
 * versions are unchanged, so every column those answers read must raise a version when it changes. The columns
 * are derived from the answer's declared SQL (APPOINTMENT_COLUMNS over APPOINTMENT_FROM, join conditions
 * included); each must be a source of the appointment versions in the catalogue of derived data, directly or
 * through a copy onto a table that is one (a customer's name reaches the visits through their copy). The
 * catalogue's sources are in turn checked against the triggers of the database.
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** `alias → table` of a FROM clause (`appointments a join appointment_schedules s on …`). */
function aliases(from: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of from.matchAll(/(?:^|join)\s+(\w+)\s+(\w+)\s+(?:on|$)/gm)) out.set(m[2], m[1]);
  const [first] = from.trim().split(/\s+/, 2);
  out.set(from.trim().split(/\s+/)[1], first);
  return out;
}

/** Every `table.column` the answer reads. */
function readColumns(): string[] {
  const map = aliases(APPOINTMENT_FROM);
  const read = new Set<string>();
  for (const m of `${APPOINTMENT_COLUMNS} ${APPOINTMENT_FROM}`.matchAll(/\b([a-z]{1,2})\.([a-z_0-9]+)\b/g)) {
    const table = map.get(m[1]);
    if (!table) throw new Error(`alias ${m[1]} is not in APPOINTMENT_FROM`);
    // A joined row's own key is never rewritten: what points at it (the visit's columns) is what changes.
    if (m[2] !== 'id' || table === 'appointments') read.add(`${table}.${m[2]}`);
  }
  return [...read].sort();
}

describe('decision 0013: what the appointment answers read raises the versions', () => {
  const versions = derivedCopy('appointment-versions');
  const direct = (table: string, column: string) => {
    const cols = versions.sources[table];
    return !!cols && (cols.includes('*') || cols.includes(column));
  };
  const covered = (table: string, column: string) =>
    direct(table, column) ||
    DERIVED.some(
      (c) =>
        c.pattern === 'row-copy' &&
        c.sources[table]?.includes(column) &&
        c.target.columns.length > 0 &&
        direct(c.target.table, '*'),
    );

  it('the answer reads the tables its FROM names, and every column it reads is a source of the versions', () => {
    const read = readColumns();
    expect(read.length).toBeGreaterThan(30);
    expect(read).toContain('invoices.sold_to');
    expect(read.filter((c) => !covered(...(c.split('.') as [string, string])))).toEqual([]);
  });

  it("the catalogue's sources of the versions are what the triggers watch", async () => {
    const triggers = await app.deps.db.rows<{ tbl: string; name: string; def: string; cols: string[] }>(
      sql`select c.relname as tbl, t.tgname as name, pg_get_triggerdef(t.oid) as def,
                 array(select a.attname::text from unnest(t.tgattr) k
                        join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k) as cols
            from pg_trigger t join pg_class c on c.oid = t.tgrelid
           where t.tgname = any(${`{${versions.triggers.map((t) => t.name).join(',')}}`}::text[])`,
    );
    const watched = new Map<string, Set<string>>();
    // The trigger on appointment_version_raises is the counters' own writer at commit (migration 0039), not a source.
    for (const t of triggers.filter((x) => x.tbl !== 'appointment_version_raises')) {
      const set = watched.get(t.tbl) ?? new Set<string>();
      const when = /WHEN \(([\s\S]+)\) EXECUTE/.exec(t.def)?.[1];
      const cols = when ? [...when.matchAll(/old\.(\w+)/gi)].map((m) => m[1]) : t.cols;
      // An update trigger with no column list and no WHEN watches every column; insert and delete triggers
      // watch rows coming and going, not columns.
      if (!cols.length && /UPDATE/.test(t.def.split(' ON ')[0])) set.add('*');
      for (const c of cols) set.add(c);
      watched.set(t.tbl, set);
    }
    const asDeclared = Object.fromEntries(
      Object.entries(versions.sources).map(([table, cols]) => [table, [...cols].sort()]),
    );
    const asWatched = Object.fromEntries(
      [...watched].map(([table, cols]) => [table, cols.has('*') ? ['*'] : [...cols].sort()]),
    );
    expect(asWatched).toEqual(asDeclared);
  });
});
