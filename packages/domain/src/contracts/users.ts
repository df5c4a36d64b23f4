import { z } from 'zod';
import { id } from './common.js';
import { facilityRef } from './session.js';

export {
  employeeCreateSchema,
  employeeUpdateSchema,
  stateNavigationSchema,
  type StateNavigation,
} from '../resources/employee.js';

/** Users, employees and duty (spec 1 §4 "Duty", §7 Users). */

const flag = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');

/** GET /api/Users/GetOnDuty, POST /api/Users/ToggleOnDuty */
export const dutyState = z.object({ onDuty: z.boolean() });
export type DutyState = z.infer<typeof dutyState>;

/** POST /api/Users/ToggleOnDuty: flips when onDuty is omitted; the device's location when known. */
export const toggleDutyBody = z
  .object({
    onDuty: z.boolean().optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .optional();

/** POST /api/Users/SelectFacility */
export const selectFacilityBody = z.object({ facilityId: z.number().int().positive() });
export const selectFacilityResponse = z.object({ facility: facilityRef });
export type SelectFacilityResponse = z.infer<typeof selectFacilityResponse>;

/** GET /api/users/employeeList: active employees for pickers. */
export const employeeListItem = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  userRoleId: id,
  facilityId: id.nullable(),
  isInstaller: z.boolean(),
});
export type Employee = z.infer<typeof employeeListItem>;
export const employeeList = z.array(employeeListItem);

/** GET /api/users query. */
export const employeesQuery = z.object({
  IsActive: flag.optional(),
  SearchTerm: z.string().max(200).optional(),
});

/** The User list item of spec 1 §3 (GET /api/users, GET/POST/PUT /api/users/{id}). */
export const employee = z.object({
  id,
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userRoleId: id,
  /** The home facility (decision 0016). */
  facilityId: id.nullable(),
  /** Facilities granted on top of the home facility. */
  extraFacilityIds: z.array(id),
  brandId: id.nullable(),
  isActive: z.boolean(),
  isInstaller: z.boolean(),
  isOnDuty: z.boolean(),
  photo: z.string().nullable(),
  stateNavigation: z.record(z.string(), z.unknown()).nullable(),
  facility: facilityRef.nullable(),
  subscriptions: z.array(
    z.object({
      id,
      userId: id,
      messageGroupId: id,
      groupName: z.string(),
      groupDescription: z.string().nullable(),
      always: z.boolean(),
      onDuty: z.boolean(),
      useSms: z.boolean(),
    }),
  ),
  attributeValues: z.array(
    z.object({ id, attributeNameId: id, name: z.string(), value: z.string().nullable() }),
  ),
});
export type EmployeeItem = z.infer<typeof employee>;
export const employees = z.array(employee);

/** GET /api/users/installers query. */
export const installersQuery = z.object({
  startDate: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  view: z.enum(['Day', 'Week', 'Month']).optional(),
  isActive: flag.optional(),
});

/** GET /api/users/installers: with their appointment count in the window. */
export const installer = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  facilityId: id.nullable(),
  facility: z.object({ id, name: z.string(), shortName: z.string() }).nullable(),
  isActive: z.boolean(),
  isOnDuty: z.boolean(),
  appointmentCount: z.number().int(),
});
export type Installer = z.infer<typeof installer>;
export const installers = z.array(installer);

/** GET /api/users/adminAssistants */
export const adminAssistant = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  facilityId: id.nullable(),
});
export type AdminAssistant = z.infer<typeof adminAssistant>;
export const adminAssistants = z.array(adminAssistant);

/** GET /api/users/profilePicture query; POST answers the stored file. */
export const profilePictureQuery = z.object({ FilePath: z.string().max(300).optional() });
export const profilePictureResponse = z.object({ filePath: z.string(), photo: z.string() });

/** GET /api/users/me/stateNavigation: the saved state or null. */
export const stateNavigationResponse = z.looseObject({ lastPath: z.string() }).nullable();
