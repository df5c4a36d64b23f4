import { z } from 'zod';
import { id } from './common.js';

/** Session (spec 1 §7 "Session"): login, the signed-in user, password change. */

/** The facility a user works at, as the session and the facility list carry it. */
export const facilityRef = z.looseObject({
  id,
  name: z.string(),
  shortName: z.string(),
  brandId: id.nullish(),
  /** IANA zone of the facility's dates (issue #16); the FacilitiesOData list carries it. */
  timeZone: z.string().nullish(),
});
export type FacilityRef = z.infer<typeof facilityRef>;

export const loginBody = z.object({
  userName: z.string().trim().min(1, 'User name is required').max(20),
  password: z.string().min(1, 'Password is required').max(20),
  tzo: z.coerce.number().int().min(-900).max(900).optional(),
});
export type LoginBody = z.input<typeof loginBody>;

/** GET /api/self */
export const selfUser = z.object({
  id,
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userRole: id,
  userRoleId: id,
  isOnDuty: z.boolean(),
  /** The facility the user is working at (the shell's switch; a default, never authority). */
  facility: facilityRef.nullable(),
  /** The home facility (decision 0016). */
  homeFacilityId: id.nullable(),
  /** The facilities the switch offers and the data reaches; null: every facility (not facility-bound). */
  allowedFacilityIds: z.array(id).nullable(),
});
export type SelfUser = z.infer<typeof selfUser>;

/** POST /api/login */
export const loginResponse = z.object({ token: z.string(), user: selfUser });
export type LoginResponse = z.infer<typeof loginResponse>;

const pin = z.string().max(20);
/** PUT /api/users/password: the rules themselves (rules/password) run in the service, each on its field. */
export const passwordBody = z.object({
  currentPassword: pin.optional(),
  newPassword: pin.optional(),
  confirmPassword: pin.optional(),
});
export type PasswordBody = z.input<typeof passwordBody>;

/** PUT /api/users/password: a fresh token for this session (the others end). */
export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;
