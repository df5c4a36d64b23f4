import { canManageRole, isFacilityBound, mayGrantFacilities, userRoleLabel } from '@glass/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { Db } from '../../db/unit-of-work.js';

/**
 * Security issue #12 (role escalation): nobody may grant a role, or change an account holding a
 * role, that permits an action their own role does not (`canManageRole` in packages/domain). Every
 * write to another user (employee create and update, password reset, deactivation, profile picture,
 * User attributes) goes through these checks before it changes anything.
 */
export function assertCanGrant(actor: SessionUser, roleId: number) {
  if (!canManageRole(actor.userRoleId, roleId)) {
    throw forbidden(
      `Your role (${userRoleLabel(actor.userRoleId)}) may not give the ${userRoleLabel(roleId)} role: it permits actions yours does not.`,
    );
  }
}

export interface TargetUser {
  userRoleId: number;
  isActive: boolean;
  facilityId: number | null;
  brandId: number | null;
}

/**
 * Reads the target user inside the caller's transaction, locked against a concurrent role change
 * (`for update` when the caller is about to update the row, otherwise `for share`), and refuses
 * when the actor may not manage their current role. `missing` says how an unknown id answers: 404
 * when it is the address, 400 naming the field when it came in the body.
 */
export async function assertCanManageUser(
  db: Db,
  actor: SessionUser,
  userId: number,
  opts: { lock: 'update' | 'share'; missing: { field: string } | 'notFound' },
): Promise<TargetUser> {
  const [target] = await db.rows<TargetUser>(
    sql`select user_role_id as "userRoleId", is_active as "isActive", facility_id as "facilityId",
          brand_id as "brandId"
        from users where id = ${userId} ${opts.lock === 'update' ? sql`for update` : sql`for share`}`,
  );
  if (!target) {
    const message = `Employee ${userId} not found`;
    throw opts.missing === 'notFound' ? notFound(message) : badRequest(opts.missing.field, message);
  }
  if (!canManageRole(actor.userRoleId, target.userRoleId)) {
    throw forbidden(
      `Your role (${userRoleLabel(actor.userRoleId)}) may not change employee ${userId}: their role (${userRoleLabel(target.userRoleId)}) permits actions yours does not.`,
    );
  }
  return target;
}

/**
 * Decision 0016: nobody grants facilities above their own. A facility-bound actor (docs/security.md "Facility
 * scope") may give an employee a home and extra facilities only from their own allowed set, and never an
 * account without a home facility (a Manager without one is regional, every other role would reach nothing).
 */
export function assertMayGrantFacilities(
  actor: SessionUser,
  roleId: number,
  homeFacilityId: number | null,
  extraFacilityIds: readonly number[],
) {
  if (!mayGrantFacilities(actor.allowedFacilityIds, [homeFacilityId, ...extraFacilityIds])) {
    throw forbidden('You may give an employee only facilities you are allowed yourself.');
  }
  if (!isFacilityBound({ userRoleId: roleId, homeFacilityId }) && actor.allowedFacilityIds !== null) {
    throw forbidden('You may not give an employee every facility.');
  }
}
