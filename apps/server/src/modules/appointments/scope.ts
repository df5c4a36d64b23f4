import type { SessionUser } from '../../auth/sessions.js';
import { assertFacilityInScope } from '../../http/facility-scope.js';

/**
 * The facility scope of one schedule's read (decision 0016, README.md "Decisions"): a facility-bound user reads
 * the schedules of their allowed facilities only (403 otherwise); the System Admin and a regional Manager every
 * facility's. The route's gate checks the invoice it names; a schedule found by its own id is checked here.
 */
export function assertScheduleInScope(
  user: Pick<SessionUser, 'allowedFacilityIds'>,
  schedule: { facilityId: number },
) {
  assertFacilityInScope(user, schedule.facilityId);
}
