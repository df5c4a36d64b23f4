import { UserRole } from '@glass/domain';
import type { SessionUser } from '../../auth/sessions.js';
import { forbidden } from '../../http/errors.js';

/** Roles that read the appointment schedules of every facility (like the Control Room's watchers). */
const ANY_FACILITY: readonly number[] = [UserRole.SystemAdmin, UserRole.Manager];

/**
 * The facility scope of one schedule's read (README.md "Decisions"): System Admins and Managers read every
 * facility's; every other role with appointments.read reads its own facility's, and the schedules it is the
 * installer of (installers are booked across facilities). 403 otherwise.
 */
export function assertScheduleInScope(
  user: SessionUser,
  schedule: { facilityId: number; installerIds: readonly (number | null)[] },
) {
  if (ANY_FACILITY.includes(user.userRoleId)) return;
  if (user.facilityId !== null && user.facilityId === schedule.facilityId) return;
  if (schedule.installerIds.includes(user.id)) return;
  throw forbidden('You may see the appointment schedules of your own facility only.');
}
