import { z } from 'zod';
import { id, timestamp } from './common.js';

export { type FacilitySave, facilitySaveSchema } from '../resources/facility.js';

/** Facilities (spec 2 §3 "Facility", §7 facilities). FacilitiesOData is with the lookups. */

const flag = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');

/** GET /api/facilities query. */
export const facilitiesQuery = z.object({
  IsActive: flag.optional(),
  SearchTerm: z.string().max(200).optional(),
});

/** GET /api/facilities/latlong query. */
export const latLongQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
});

/** GET /api/facilities/picture query. */
export const facilityPictureQuery = z.object({ FilePath: z.string().max(300).optional() });

/** The facility row of spec 2 §3, as the list and the detail send it. */
export const facility = z.object({
  id,
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  brandId: id.nullable(),
  brandName: z.string().nullable(),
  didPhone: z.string().nullable(),
  tzo: z.number().int(),
  timeZone: z.string(),
  /** numeric(6,4) as PostgreSQL writes it ("0.0825"). */
  taxRate: z.union([z.string(), z.number()]),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  iconImageFile: z.string().nullable(),
  logoImageFile: z.string().nullable(),
  isActive: z.boolean(),
});
export type Facility = z.infer<typeof facility>;
/** GET /api/facilities */
export const facilities = z.array(facility);

/** GET /api/facilities/{id}, POST /api/facilities: the row with its service writers, traffic and attributes. */
export const facilityDetail = facility.extend({
  serviceWriters: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      isActive: z.boolean(),
    }),
  ),
  trafficCounts: z.array(z.object({ trafficDateTime: timestamp, trafficCount: z.number().int() })),
  attributes: z.array(
    z.object({
      nameId: id,
      name: z.string(),
      tooltipText: z.string().nullable(),
      settingValueListId: id.nullable(),
      value: z.string().nullable(),
      values: z.array(z.string()),
    }),
  ),
});
export type FacilityDetail = z.infer<typeof facilityDetail>;

/** GET /api/facilities/latlong: active facilities with a position, nearest first. */
export const facilityDistance = z.object({
  id,
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  /** Miles from the point. */
  distance: z.number(),
  shortName: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
});
export type FacilityDistance = z.infer<typeof facilityDistance>;
export const facilityDistances = z.array(facilityDistance);

/** GET /api/facilities/mapConfig */
export const mapConfig = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
  defaultPosition: z.object({ latitude: z.number(), longitude: z.number() }),
});
export type MapConfig = z.infer<typeof mapConfig>;

/** POST /api/facilities/uploadIcon and uploadLogo */
export const facilityImageResponse = z.object({ filePath: z.string() });
