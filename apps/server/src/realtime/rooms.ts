import { sql } from 'drizzle-orm';
import { extraFacilitiesSql } from '../auth/facility-sql.js';
import { allowedFacilitiesOf } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';

/** The room of the sockets whose users may reach a facility (decision 0016). */
export const facilityRoom = (facilityId: number) => `facility:${facilityId}`;
/** The room of the sockets whose users reach every facility (not facility-bound). */
export const EVERY_FACILITY_ROOM = 'facility:*';

/** The facility rooms of a scope: one per allowed facility, or the room of every facility. */
export function facilityRooms(allowed: readonly number[] | null): string[] {
  return allowed === null ? [EVERY_FACILITY_ROOM] : allowed.map(facilityRoom);
}

/** Whether two scopes allow the same facilities. */
export function sameScope(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** A socket user's role and facility scope now, from the database (undefined when inactive or gone). */
export async function socketScope(
  db: Db,
  userId: number,
): Promise<{ userRoleId: number; allowedFacilityIds: number[] | null } | undefined> {
  const [row] = await db.rows<{ userRoleId: number; homeFacilityId: number | null; extra: unknown }>(
    sql`select u.user_role_id as "userRoleId", u.facility_id as "homeFacilityId", ${extraFacilitiesSql()} as extra
          from users u where u.id = ${userId} and u.is_active`,
  );
  if (!row) return undefined;
  return {
    userRoleId: row.userRoleId,
    allowedFacilityIds: allowedFacilitiesOf(row),
  };
}
