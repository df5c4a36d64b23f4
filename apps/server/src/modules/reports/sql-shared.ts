/** What the reports' statements share (reports-sql.ts). */
import { sql } from 'drizzle-orm';

/** Exact cents of a money sum (numeric with 2 decimals) as a JS number. */
export const cents = (expr: string) => sql.raw(`coalesce(round(${expr} * 100), 0)::bigint::float8`);

/** Invoices of the facilities in scope opened within each one's local range. */
export const INVOICES_IN_RANGE = sql`fr join invoices i on i.facility_id = fr.id
  and i.open_date_time >= fr.lo and i.open_date_time < fr.hi`;

export const PERIOD_FORMAT = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

export const personName = (alias: string) =>
  sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);
