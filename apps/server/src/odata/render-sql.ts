import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/** The SQL text and parameters Drizzle would send, for tests and logs. */
export function renderSql(query: SQL): { sql: string; params: unknown[] } {
  const q = dialect.sqlToQuery(query);
  return { sql: q.sql, params: q.params };
}
