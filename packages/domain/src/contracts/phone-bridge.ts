import { z } from 'zod';

/** Phone bridge (spec 1 §7 phoneExtensions/getRequestUri). */

const flag = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');

export const requestUriQuery = z.object({
  destinationPhone: z.string().min(1).max(40),
  useFacilityId: flag.optional(),
  facilityId: z.coerce.number().int().positive().optional(),
});

/** The URI that places the call, as a JSON string. */
export const requestUriResponse = z.string();
