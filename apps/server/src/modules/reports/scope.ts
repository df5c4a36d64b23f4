import { reportScope } from '@glass/domain';
import type { ReportQuery } from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { forbidden } from '../../http/errors.js';

/** One facility a report covers, with its local range as instants (`lo` included, `hi` excluded). */
export interface ReportFacility {
  id: number;
  name: string;
  timeZone: string;
}

/**
 * The facilities condition of a report: the request's facility and brand filters within the user's
 * scope (rules/report-range.ts). A facility-bound user asking for another facility is refused (403).
 */
export function facilityCondition(user: SessionUser, q: ReportQuery): SQL {
  const scope = reportScope(user);
  if (scope.kind === 'none') throw forbidden('Reports need a facility on your account.');
  if (scope.kind === 'facilities' && q.facilityId !== undefined && !scope.ids.includes(q.facilityId))
    throw forbidden('You may see the reports of your own facilities only.');
  const parts: SQL[] = [sql`true`];
  if (scope.kind === 'facilities') parts.push(sql`f.id = any(${`{${scope.ids.join(',')}}`}::int[])`);
  if (q.facilityId !== undefined) parts.push(sql`f.id = ${q.facilityId}`);
  if (q.brandId !== undefined) parts.push(sql`f.brand_id = ${q.brandId}`);
  return sql.join(parts, sql` and `);
}

/**
 * The `fr` common table expression: each facility in scope with the range as instants of its own time
 * zone — `lo` is the start of the `from` day there, `hi` the start of the day after `to`. Joined to a
 * table's `(facility_id, <time>)` index, each facility reads exactly its local days.
 */
export function facilityRangesCte(user: SessionUser, q: ReportQuery): SQL {
  return sql`fr as materialized (
    select f.id, f.name, f.time_zone as tz,
      (${q.from}::date::timestamp at time zone f.time_zone) as lo,
      ((${q.to}::date + 1)::timestamp at time zone f.time_zone) as hi,
      least(${q.to}::date, (now() at time zone f.time_zone)::date) as as_of
    from facilities f where ${facilityCondition(user, q)})`;
}

export async function facilitiesInScope(
  db: Db,
  user: SessionUser,
  q: ReportQuery,
): Promise<ReportFacility[]> {
  return db.rows<ReportFacility>(
    sql`select f.id, f.name, f.time_zone as "timeZone" from facilities f
        where ${facilityCondition(user, q)} order by f.name, f.id`,
  );
}
