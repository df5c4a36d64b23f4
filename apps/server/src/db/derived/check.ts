import { sql } from 'drizzle-orm';
import type { Db } from '../unit-of-work.js';
import { DERIVED, type DerivedCopy } from './catalogue.js';

/** How far one copy is from its recomputation: rows it has that it should not, plus rows it lacks. */
export interface Drift {
  name: string;
  /** Rows that differ (null: a change-counter, nothing to recompute). */
  drift: number | null;
  /** After a repair: the rows that still differ (0 unless something wrote meanwhile). */
  afterRepair?: number;
}

/** The rows a copy holds: its `actual` query, or the key and copied columns of its table. */
export function actualOf(copy: DerivedCopy): string {
  return (
    copy.actual ??
    `select ${[...copy.target.key, ...copy.target.columns].join(', ')} from ${copy.target.table}`
  );
}

/** The statement that counts a copy's drift exactly, row by row (both directions, duplicates counted). */
export function driftQuery(copy: DerivedCopy): string | null {
  if (!copy.expected) return null;
  return `with expected as (${copy.expected}), actual as (${actualOf(copy)})
    select ((select count(*) from (select * from expected except all select * from actual) missing)
          + (select count(*) from (select * from actual except all select * from expected) extra))::int as n`;
}

/** The statements that rewrite what differs: the declared repair, or for a row-copy an update from `expected`. */
export function repairStatements(copy: DerivedCopy): string[] {
  if (copy.repair) return copy.repair;
  if (!copy.expected) return [];
  if (copy.pattern !== 'row-copy' || copy.target.columns.length === 0)
    throw new Error(`derived copy ${copy.name} needs a declared repair`);
  const { table, key, columns } = copy.target;
  const t = (c: string) => `t.${c}`;
  const e = (c: string) => `e.${c}`;
  return [
    `update ${table} t set ${columns.map((c) => `${c} = e.${c}`).join(', ')}
       from (${copy.expected}) e
      where ${key.map((k) => `${t(k)} = ${e(k)}`).join(' and ')}
        and row(${columns.map(t).join(', ')}) is distinct from row(${columns.map(e).join(', ')})`,
  ];
}

function selected(only?: readonly string[]): DerivedCopy[] {
  if (!only?.length) return [...DERIVED];
  const unknown = only.filter((n) => !DERIVED.some((c) => c.name === n));
  if (unknown.length) throw new Error(`no derived copy named ${unknown.join(', ')}`);
  return DERIVED.filter((c) => only.includes(c.name));
}

/** Counts each copy's drift; nothing is written. */
export async function checkDerived(db: Db, only?: readonly string[]): Promise<Drift[]> {
  const out: Drift[] = [];
  for (const copy of selected(only)) {
    const q = driftQuery(copy);
    if (!q) {
      out.push({ name: copy.name, drift: null });
      continue;
    }
    const [row] = await db.rows<{ n: number }>(sql.raw(q));
    out.push({ name: copy.name, drift: Number(row?.n ?? 0) });
  }
  return out;
}

/** Rewrites the copies (each in its own transaction, in catalogue order: a copy of a copy comes after it). */
export async function repairDerived(db: Db, only?: readonly string[]): Promise<void> {
  for (const copy of selected(only)) {
    const statements = repairStatements(copy);
    if (!statements.length) continue;
    await db.transaction(async (tx) => {
      for (const s of statements) await tx.rows(sql.raw(s));
    });
  }
}

/** Counts, repairs what drifted, and counts again. */
export async function checkAndRepairDerived(db: Db, only?: readonly string[]): Promise<Drift[]> {
  const before = await checkDerived(db, only);
  const drifted = before.filter((d) => d.drift).map((d) => d.name);
  if (!drifted.length) return before;
  await repairDerived(db, drifted);
  const after = new Map((await checkDerived(db, drifted)).map((d) => [d.name, d.drift ?? 0]));
  return before.map((d) => (after.has(d.name) ? { ...d, afterRepair: after.get(d.name) } : d));
}
