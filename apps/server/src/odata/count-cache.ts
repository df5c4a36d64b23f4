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
const LARGE = 10_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { value: unknown; until: number }>();
/** Aggregates being computed: callers of the same query share one run instead of each starting theirs. */
const running = new Map<string, Promise<unknown>>();

/** Any aggregate by the same rule: cached when `rowsCounted(value)` is large (the invoice list's summary). */
export async function cachedAggregate<T>(
  query: SQL,
  run: (q: SQL) => Promise<T>,
  rowsCounted: (value: T) => number,
): Promise<T> {
  const { sql, params } = renderSql(query);
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.value as T;
  // When an entry expires under load, every request in flight would count at once; they share one run.
  return sharedRun(running as Map<string, Promise<T>>, key, () =>
    run(query).then((value) => {
      if (rowsCounted(value) >= LARGE) {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(key, { value, until: Date.now() + TTL_MS });
      } else cache.delete(key);
      return value;
    }),
  );
}

export function cachedCount(countSql: SQL, run: (q: SQL) => Promise<number>): Promise<number> {
  return cachedAggregate(countSql, run, (count) => count);
}
