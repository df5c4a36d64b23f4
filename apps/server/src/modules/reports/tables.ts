import type { ReportColumn, ReportColumnType, ReportRow, ReportTable } from '@glass/domain/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';
import { cachedAggregate } from '../../odata/count-cache.js';

/** A column list from `[key, title, type]` triples. */
export const cols = (...list: [string, string, ReportColumnType][]): ReportColumn[] =>
  list.map(([key, title, type]) => ({ key, title, type }));

/** Whole cents of an average, halves away from zero (money is never fractional cents). */
export const avgCents = (totalCents: number, count: number): number | null =>
  count > 0 ? Math.sign(totalCents) * Math.round(Math.abs(totalCents) / count) : null;

/** A share in percent with one decimal (83.4), or null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

/** The column-by-column sum of numeric columns over rows (the totals line); other columns null. */
export function sumRows(rows: ReportRow[], keys: string[], label: Record<string, string>): ReportRow {
  const total: ReportRow = { ...label };
  for (const k of keys)
    total[k] = rows.reduce((s, r) => s + (typeof r[k] === 'number' ? (r[k] as number) : 0), 0);
  return total;
}

export function table(t: Omit<ReportTable, 'total' | 'chart'> & Partial<ReportTable>): ReportTable {
  return { total: null, chart: null, ...t };
}

/** Numbers from SQL (counts as int, cents as float8 of a bigint) are plain JS numbers. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Runs a report's grouped statement through the aggregates' rule (docs/decisions/0004-count-cache.md):
 * requests for the same report, filters and scope while it runs share that run, and an answer that counted
 * 10,000 rows or more (the sum of its `counted` column) is reused for KEEP_MS, and for REFRESH_MS after that while
 * one run refreshes it in the background (decision 0031). Smaller answers are always fresh.
 */
export function aggregate(db: Db, counted: string, query: SQL): Promise<Record<string, unknown>[]> {
  return cachedAggregate(
    query,
    (q) => db.rows<Record<string, unknown>>(q),
    (rows) => rows.reduce((n, r) => n + num(r[counted]), 0),
    { ttlMs: KEEP_MS, staleMs: REFRESH_MS },
  );
}

/**
 * How long a large report's answer is kept (decision 0031, amended for issue #36): a minute. Recomputing a year of
 * a chain's sales every 5 s for whoever keeps the report open cost a core's worth of the day's CPU.
 */
export const KEEP_MS = 60_000;
/** How long past KEEP_MS a large report's answer is still shown while it is recomputed. */
const REFRESH_MS = 60_000;
