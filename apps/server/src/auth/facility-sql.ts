import { UserRole } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The facility scope of a user row `u`, in SQL (decision 0016), so the session, /api/self and the switch read
 * it the same way: `extra` = the granted facilities; `working` = the switch when it is still allowed (an
 * extra facility taken back falls back to the home facility), else the home facility.
 */
export const extraFacilitiesSql = (u: SQL = sql.raw('u')): SQL =>
  sql`coalesce((select array_agg(uf.facility_id order by uf.facility_id) from user_facilities uf
                where uf.user_id = ${u}.id), '{}'::int[])`;

/** Whether the user row is not facility-bound (System Admin, or a Manager without a home facility). */
export const unboundSql = (u: SQL = sql.raw('u')): SQL =>
  sql`(${u}.user_role_id = ${UserRole.SystemAdmin}
       or (${u}.user_role_id = ${UserRole.Manager} and ${u}.facility_id is null))`;

export const workingFacilitySql = (u: SQL = sql.raw('u')): SQL =>
  sql`case when ${u}.working_facility_id is not null and (
              ${unboundSql(u)} or ${u}.working_facility_id = ${u}.facility_id
              or exists (select 1 from user_facilities uw
                         where uw.user_id = ${u}.id and uw.facility_id = ${u}.working_facility_id))
           then ${u}.working_facility_id else ${u}.facility_id end`;
