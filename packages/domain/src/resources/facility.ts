/**
 * Facility save (spec 2 §3 "Facility", §5 "Facility save"): one body creates (facilityId -1) or
 * updates a facility with its service writers, traffic counts and attributes. postalCode is sent
 * from the form's zip; a traffic count is an integer; an attribute value defaults to ''.
 * The same schema validates the form and the server.
 */
import { z } from 'zod';
import { NEW_FACILITY_ID } from '../constants.js';
import { canonicalTimeZone } from '../rules/time-zone.js';
import {
  flag,
  intWithDefault,
  optionalEmail,
  optionalId,
  optionalNumber,
  optionalPhone,
  optionalState,
  optionalText,
  optionalZip,
  requiredText,
} from './fields.js';

/**
 * Paths the upload routes hand out; anything else is refused, so a save cannot point elsewhere. Two
 * shapes: the file store's `<folder>/YYYY/MM/<name>_<timestamp>_<16 hex>.<ext>` (issue #16: one store for
 * every upload) and the `<folder>/<uuid>.<ext>` of pictures uploaded before it, which stay valid.
 */
export const STORED_IMAGE_PATH =
  /^(facilities|users)\/(?:[a-z0-9-]{8,64}|\d{4}\/\d{2}\/[A-Za-z0-9_-]{1,60}_\d{8}T\d{9}_[0-9a-f]{16})\.(png|jpg|gif|webp)$/;

const imagePath = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().regex(STORED_IMAGE_PATH, `${label} is not an uploaded image`).nullable(),
  );

export const serviceWriterSchema = z.object({
  id: optionalId('Service writer'),
  name: requiredText('Service writer name', 100),
  email: optionalEmail('Service writer email'),
  phone: optionalPhone('Service writer phone'),
  isActive: flag(true),
});

export const trafficCountSchema = z.object({
  trafficDateTime: z.iso.datetime({ offset: true, error: 'Traffic date and time is not valid' }),
  trafficCount: z.coerce
    .number({ error: 'Traffic count must be a whole number' })
    .int('Traffic count must be a whole number')
    .min(0, 'Traffic count cannot be negative')
    .max(1_000_000, 'Traffic count is too large'),
});

export const facilityAttributeSchema = z.object({
  nameId: z.coerce.number().int().positive('Attribute is not valid'),
  value: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().max(500)),
});

/**
 * The facility's IANA time zone (issue #16), stored in its canonical spelling. Optional: without it a new
 * facility gets the zone of its tzo, and a saved one keeps its zone unless its tzo changes.
 */
const optionalTimeZone = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: 'Time Zone must be an IANA time zone name, e.g. America/Chicago' })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const zone = canonicalTimeZone(v);
      if (!zone) {
        ctx.addIssue({
          code: 'custom',
          message: 'Time Zone is not a known IANA time zone, e.g. America/Chicago',
        });
        return z.NEVER;
      }
      return zone;
    }),
);

export const facilitySaveSchema = z.preprocess(
  (v) => {
    // The form's zip field travels as postalCode.
    if (v && typeof v === 'object' && !('postalCode' in v) && 'zip' in v)
      return { ...v, postalCode: (v as { zip: unknown }).zip };
    return v;
  },
  z.object({
    facilityId: z.coerce
      .number({ error: 'facilityId is required' })
      .int()
      .min(NEW_FACILITY_ID)
      .refine((n) => n !== 0, 'facilityId is not valid'),
    code: requiredText('Facility Number', 20),
    name: requiredText('Name', 200),
    shortName: requiredText('Short Name', 50),
    brandId: optionalId('Brand'),
    didPhone: optionalPhone('Facility DID'),
    tzo: intWithDefault('Time Zone Offset', 300, -900, 900),
    timeZone: optionalTimeZone,
    taxRate: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : v),
      z.coerce
        .number({ error: 'Labor Tax Rate must be a number' })
        .min(0, 'Labor Tax Rate cannot be negative')
        .max(1, 'Labor Tax Rate must be a fraction, e.g. 0.0825'),
    ),
    address: optionalText('Address'),
    city: optionalText('City', 100),
    state: optionalState(),
    postalCode: optionalZip('Zip'),
    latitude: optionalNumber('Latitude', -90, 90),
    longitude: optionalNumber('Longitude', -180, 180),
    iconImageFile: imagePath('Icon'),
    logoImageFile: imagePath('Logo'),
    isActive: flag(true),
    serviceWriters: z.array(serviceWriterSchema).max(200).default([]),
    trafficCounts: z.array(trafficCountSchema).max(1000).default([]),
    attributes: z.array(facilityAttributeSchema).max(200).default([]),
  }),
);

export type FacilitySave = z.output<typeof facilitySaveSchema>;
