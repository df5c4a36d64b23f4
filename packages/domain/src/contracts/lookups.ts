import { z } from 'zod';
import { id } from './common.js';

/** Pick lists the session start-up reads whole (spec 1 §3 "Session state"). */

/** GET /api/customerWaitingOptions, /api/loanerCarTypes, /api/Dispositions, /api/LostReasons, /api/PartTypes, /api/ReplacementPartStatuses */
export const pickList = z.array(z.object({ id, name: z.string() }));

/** GET /api/MessageGroups */
export const messageGroup = z.object({ id, name: z.string(), description: z.string().nullable() });
export type MessageGroup = z.infer<typeof messageGroup>;
export const messageGroups = z.array(messageGroup);

/** GET /api/FacilitiesOData rows. */
export const facilityODataRow = z.looseObject({
  id,
  name: z.string(),
  shortName: z.string(),
  code: z.string(),
  brandId: id.nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isActive: z.boolean(),
  timeZone: z.string(),
});
export type FacilityODataRow = z.infer<typeof facilityODataRow>;
