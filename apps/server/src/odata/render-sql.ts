import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
/** Rendering a large fragment costs about a millisecond; a compiled list query is rendered once. */
const rendered = new WeakMap<SQL, { sql: string; params: unknown[] }>();

/** The SQL text and parameters Drizzle would send (remembered per fragment, which is never changed). */
export function renderSql(query: SQL): { sql: string; params: unknown[] } {
  let r = rendered.get(query);
  if (!r) {
    const q = dialect.sqlToQuery(query);
    r = { sql: q.sql, params: q.params };
    rendered.set(query, r);
  }
  return r;
}

/**
 * A rendered query as a fragment again, with `values` in place of the parameters whose value is one of its
 * keys: a few chunks, cheap to render, for a query whose text is fixed and whose parameters change.
 * The text's `$n` are its parameters (the engine puts every literal into a parameter).
 */
export function withParams(query: { sql: string; params: unknown[] }, values: Map<unknown, unknown>): SQL {
  const parts = query.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) chunks.push(sql.raw(part));
    else {
      const value = query.params[Number(part) - 1];
      chunks.push(sql`${sql.param(values.has(value) ? values.get(value) : value)}`);
    }
  });
  return sql.join(chunks);
}

/**
 * Statements that should be planned with their parameters on every run rather than prepared once: a
 * fragment search (ILIKE) is fast only when the planner sees the pattern (a trigram index for a rare
 * fragment, the ordered index for a common one), while a prepared statement settles on a generic plan
 * that assumes a default match rate for any pattern. Database.listRows does not prepare these.
 */
const planEachRun = new WeakSet<SQL>();
export function planEachTime<T extends SQL | undefined>(query: T): T {
  if (query) planEachRun.add(query);
  return query;
}
export function wantsFreshPlan(query: SQL): boolean {
  return planEachRun.has(query);
}

const planOnceSet = new WeakSet<SQL>();
/**
 * Marks a statement whose generic plan is known to be right for every parameter value (the installer's day:
 * one installer's visits of one day): Database.listRows runs it on sessions that keep one generic plan per
 * statement (`plan_cache_mode = force_generic_plan`). Left to choose, PostgreSQL planned it again on every
 * call, which cost as much as running it (0.81× the bare endpoint; 1.29× with one plan, bench/RESULTS.md
 * 2026-11-27). Measured and not taken for the invoice list (no gain) nor the calendar (slower). A statement
 * marked planEachTime as well is planned each time.
 */
export function planOnce<T extends SQL | undefined>(query: T): T {
  if (query) planOnceSet.add(query);
  return query;
}
export function wantsOnePlan(query: SQL): boolean {
  return planOnceSet.has(query) && !planEachRun.has(query);
}
