import { UserRole } from '../enums.js';

/**
 * The facility scope (decision 0016, docs/security.md "Facility scope"). Two ideas kept apart:
 * - the facilities a person is **allowed**: their home facility plus the extra facilities someone above them
 *   granted. This is authority, set only by another user (never by oneself);
 * - the facility a person is **working at** (the shell's switch, spec 1 §7): a default for screens and new
 *   records, one of the allowed facilities, never authority.
 *
 * Who is facility-bound: every role but the System Admin and a regional Manager (a Manager without a home
 * facility). A bound user reads and writes only the data of their allowed facilities, for reads and writes
 * alike; a bound user with no home and no extra facility reaches no facility's data.
 */
export type FacilityScope = { kind: 'all' } | { kind: 'facilities'; ids: readonly number[] };

export interface FacilityHolder {
  userRoleId: number;
  homeFacilityId: number | null;
  extraFacilityIds: readonly number[];
}

export function isFacilityBound(user: { userRoleId: number; homeFacilityId: number | null }): boolean {
  if (user.userRoleId === UserRole.SystemAdmin) return false;
  if (user.userRoleId === UserRole.Manager && user.homeFacilityId === null) return false;
  return true;
}

export function facilityScope(user: FacilityHolder): FacilityScope {
  if (!isFacilityBound(user)) return { kind: 'all' };
  const ids = new Set<number>();
  if (user.homeFacilityId !== null) ids.add(user.homeFacilityId);
  for (const id of user.extraFacilityIds) ids.add(id);
  return { kind: 'facilities', ids: [...ids].sort((a, b) => a - b) };
}

/** The allowed facility ids, or null for every facility (an unbound user). */
export function allowedFacilityIds(user: FacilityHolder): number[] | null {
  const s = facilityScope(user);
  return s.kind === 'all' ? null : [...s.ids];
}

export function mayReachFacility(allowed: readonly number[] | null, facilityId: number | null): boolean {
  if (allowed === null) return true;
  return facilityId !== null && allowed.includes(facilityId);
}

/**
 * Whether an actor may give an employee these allowed facilities (home + extras): an unbound actor any;
 * a bound actor only facilities of their own allowed set (nobody grants a facility above their own), and
 * never an empty home (a regional account) when the target role would then be unbound.
 */
export function mayGrantFacilities(
  actorAllowed: readonly number[] | null,
  facilityIds: readonly (number | null)[],
): boolean {
  if (actorAllowed === null) return true;
  return facilityIds.every((id) => id !== null && actorAllowed.includes(id));
}
