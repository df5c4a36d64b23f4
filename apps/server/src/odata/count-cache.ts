import type { SQL } from 'drizzle-orm';
import { sharedRun } from '../shared-run.js';
import { renderSql } from './render-sql.js';

/**
 * Large counts are cached briefly (docs/decisions/0004-count-cache.md). Counting a big window (a month of
 * invoices, every open service vehicle) costs as much as the page itself and changes little from one
 * second to the next, so a count of at least LARGE rows is reused for TTL_MS per identical query.
 * Small counts, where a user has narrowed the list and expects exact numbers, are never cached.
 */
const TTL_MS = 5_000;
/**
 * A large list count past its TTL is still answered for this long while one run refreshes it in the background
 * (decision 0004, amended for issue #36): no reader of a big list waits for its recount (a third of a second for
 * every listed service vehicle, more under load), which was the tail of the lists' p99.
 */
export const COUNT_STALE_MS = 25_000;
const LARGE = 10_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { value: unknown; until: number }>();
/** Aggregates being computed: callers of the same query share one run instead of each starting theirs. */
const running = new Map<string, Promise<unknown>>();

function cacheKey(query: SQL): string {
  const { sql, params } = renderSql(query);
  return `${sql}\u0000${JSON.stringify(params)}`;
}

function remember(key: string, value: unknown, rows: number, ttlMs = TTL_MS): void {
  if (rows >= LARGE) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { value, until: Date.now() + ttlMs });
  } else cache.delete(key);
}

/**
 * Any aggregate by the same rule: cached when `rowsCounted(value)` is large (the invoice list's summary).
 * `ttlMs`: how long a large value is kept (TTL_MS, 5 s, unless given: the reports keep theirs longer, decision 0031).
 * `staleMs` (the reports, decision 0031): for that long after the TTL, the kept value is still answered while one
 * run refreshes it in the background, so that no reader waits for the recomputation of a large aggregate (a year
 * of sales: seconds under load); past it, callers wait for the run as without.
 */
export async function cachedAggregate<T>(
  query: SQL,
  run: (q: SQL) => Promise<T>,
  rowsCounted: (value: T) => number,
  opts: { staleMs?: number; ttlMs?: number } = {},
): Promise<T> {
  const key = cacheKey(query);
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.until > now) return hit.value as T;
  // When an entry expires under load, every request in flight would count at once; they share one run.
  const refresh = () =>
    sharedRun(running as Map<string, Promise<T>>, key, () =>
      run(query).then((value) => {
        remember(key, value, rowsCounted(value), opts.ttlMs);
        return value;
      }),
    );
  if (hit && opts.staleMs && hit.until + opts.staleMs > now) {
    // A failed refresh keeps the old value until the window ends; the next reader starts another.
    refresh().catch(() => {});
    return hit.value as T;
  }
  return refresh();
}

/** The cached count of this query, if one is fresh (a count found some other way can then be skipped). */
export function knownCount(countSql: SQL): number | undefined {
  const hit = cache.get(cacheKey(countSql));
  return hit && hit.until > Date.now() ? (hit.value as number) : undefined;
}

/** A count of this query found some other way (with the page's keys), kept by the same rule as cachedCount. */
export function rememberCount(countSql: SQL, count: number): void {
  remember(cacheKey(countSql), count, count);
}

export function cachedCount(countSql: SQL, run: (q: SQL) => Promise<number>): Promise<number> {
  return cachedAggregate(countSql, run, (count) => count, { staleMs: COUNT_STALE_MS });
}

/** Entries kept and counts in flight, for GET /metrics (the soak run watches them stay bounded). */
export function countCacheSize(): { entries: number; running: number } {
  return { entries: cache.size, running: running.size };
}
