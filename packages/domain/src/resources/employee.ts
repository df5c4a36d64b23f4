/**
 * Employee create and update (spec 1 §3 "User list item", §7 Users; issue 5): role, facility,
 * brand, active flag; a 3-digit user name, unique; an initial 6-digit password following the
 * password rules (spec 1 §5, `newPasswordProblems`). On update the password is optional: given,
 * it resets the employee's password and ends their sessions.
 */
import { z } from 'zod';
import { USER_ROLE_OPTIONS } from '../enums.js';
import { newPasswordProblems } from '../rules/password.js';
import { flag, optionalEmail, optionalId, optionalPhone, requiredText } from './fields.js';

export const USER_NAME_THREE_DIGITS = 'User name must be 3 digits';
export const USER_NAME_TAKEN = 'This user name is already used';

const ROLE_IDS = USER_ROLE_OPTIONS.map((o) => o.value) as number[];

const optionalPin = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'number' ? String(v) : v),
  z.string().nullable(),
);

const employeeFields = {
  userName: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: USER_NAME_THREE_DIGITS })
      .trim()
      .regex(/^\d{3}$/, USER_NAME_THREE_DIGITS),
  ),
  firstName: requiredText('First Name', 100),
  lastName: requiredText('Last Name', 100),
  email: optionalEmail(),
  phone: optionalPhone(),
  userRoleId: z.coerce
    .number({ error: 'Role is required' })
    .int()
    .refine((r) => ROLE_IDS.includes(r), 'Role is not valid'),
  /** The home facility (decision 0016): authority, set by someone above the employee. */
  facilityId: optionalId('Facility'),
  /** Facilities granted on top of the home facility; absent leaves them as they are. */
  extraFacilityIds: z
    .array(
      z.coerce
        .number({ error: 'Facility is not valid' })
        .int()
        .positive('Facility is not valid')
        .max(2147483647),
    )
    .max(100, 'At most 100 extra facilities')
    .optional(),
  brandId: optionalId('Brand'),
  isActive: flag(true),
  isInstaller: flag(false),
  password: optionalPin,
  /** The User attributes (object name User) edited on the form; absent leaves them as they are. */
  attributes: z
    .array(
      z.object({
        attributeNameId: z.coerce.number().int().positive('Attribute is not valid'),
        value: z.preprocess((v) => v ?? '', z.string().max(500, 'Value must be at most 500 characters')),
      }),
    )
    .max(100)
    .optional(),
};

function passwordRule(required: boolean) {
  return (v: { password: string | null }, ctx: z.RefinementCtx) => {
    if (v.password === null && !required) return;
    for (const message of newPasswordProblems(v.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message });
  };
}

export const employeeCreateSchema = z.object(employeeFields).superRefine(passwordRule(true));
export const employeeUpdateSchema = z.object(employeeFields).superRefine(passwordRule(false));

export type EmployeeInput = z.output<typeof employeeCreateSchema>;

export const NAVIGATION_STATE_TOO_LARGE = 'Navigation state is too large';
const NAV_SCALAR = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/**
 * The user's saved navigation state (spec 1 §3 "User list item" stateNavigation): the last
 * visited path of this app plus a few small values, so it follows the user to another device.
 */
export const stateNavigationSchema = z
  .object({
    lastPath: z
      .string({ error: 'lastPath is required' })
      .max(500, 'lastPath must be at most 500 characters')
      .regex(/^\/(?![/\\])/, 'lastPath must be a path of this app, starting with /'),
  })
  .catchall(NAV_SCALAR)
  .refine((v) => Object.keys(v).length <= 20, NAVIGATION_STATE_TOO_LARGE);

export type StateNavigation = z.output<typeof stateNavigationSchema>;
