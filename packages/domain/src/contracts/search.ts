import { z } from 'zod';
import { id, personName, timestamp } from './common.js';

/** Global search and the Phone dialog (spec 1 §5, §7 search). */

const digits = (min: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(11)
    .regex(min ? /^[0-9.-]+$/ : /^[0-9.-]*$/, 'Digits only');
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** GET /api/search: every filled field narrows both lists. */
export const searchQuery = z.object({
  phone: digits(0).optional(),
  firstName: text(50),
  lastName: text(50),
  vin: text(17),
  licenseTag: text(10),
  facilityId: optionalId,
  roNumber: text(30),
  invoiceId: optionalId,
  referenceNumber: text(50),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** GET /api/phone/lookup */
export const phoneLookupQuery = z.object({ phone: digits(1) });

/** Spec 1 §3 "Invoice (search fields)": the invoice list's fields global search selects. */
export const invoiceSearchRow = z.looseObject({
  id,
  facilityId: id,
  facility: z.object({ shortName: z.string().nullable() }).nullable(),
  lockedBy: z.string().nullable(),
  paymentTypeId: id.nullable(),
  soldTo: z.string().nullable(),
  customerPhone: z.string().nullable(),
  serviceVehicleId: id.nullable(),
  vehicleDetails: z
    .object({ year: z.number().nullable(), make: z.string().nullable(), model: z.string().nullable() })
    .nullable(),
  void: z.boolean(),
  lost: z.boolean(),
  openDateTime: timestamp.nullable(),
  notesCount: z.number().int().nullable(),
  thumb: z.number().int().nullable(),
  replacement: z.boolean().nullable(),
  referenceNumber: z.string().nullable(),
  followUpAt: timestamp.nullable(),
  serviceAddress: z
    .object({
      line1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
    })
    .nullable(),
  licensePlate: z.string().nullable(),
  roNumber: z.string().nullable(),
});
export type InvoiceSearchRow = z.infer<typeof invoiceSearchRow>;

/** Spec 1 §3 "Service vehicle list row" as global search and the Phone dialog list it. */
export const serviceVehicleSearchRow = z.looseObject({
  id,
  createdAt: timestamp,
  flagged: z.boolean(),
  followUpDate: timestamp.nullable(),
  inspectedAt: timestamp.nullable(),
  promisedDateTime: timestamp.nullable(),
  repairCount: z.number().int(),
  serviceAdvisorName: z.string().nullable(),
  windshieldChecked: z.boolean(),
  internal: z.boolean(),
  void: z.boolean(),
  lost: z.boolean(),
  locked: z.boolean(),
  lockedBy: z.string().nullable(),
  invoiceId: id.nullable(),
  facilityId: id,
  leadTechnician: z.string().nullable(),
  vehicle: z.object({
    year: z.number().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    vin: z.string().nullable(),
    licenseTag: z.string().nullable(),
    serviceTag: z.string().nullable(),
  }),
  repairOrder: z.object({
    repairOrderNumber: z.string().nullable(),
    statusId: id,
    openedAt: timestamp.nullable(),
  }),
  facility: z.object({ name: z.string().nullable(), shortName: z.string().nullable() }).nullable(),
  customer: personName
    .extend({ primaryPhone: z.string().nullish(), secondaryPhone: z.string().nullish() })
    .nullable(),
});
export type ServiceVehicleSearchRow = z.infer<typeof serviceVehicleSearchRow>;

/** GET /api/search */
export const searchResult = z.object({
  invoices: z.array(invoiceSearchRow),
  serviceVehicles: z.array(serviceVehicleSearchRow),
});
export type SearchResult = z.infer<typeof searchResult>;

/** A customer the Phone dialog found. */
export const customerMatch = z.object({
  id,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  primaryPhone: z.string().nullable(),
  primaryPhoneTypeId: id.nullable(),
  secondaryPhone: z.string().nullable(),
  secondaryPhoneTypeId: id.nullable(),
  doNotCall: z.boolean(),
});
export type CustomerMatch = z.infer<typeof customerMatch>;

/** GET /api/phone/lookup */
export const phoneLookupResult = searchResult.extend({ customers: z.array(customerMatch) });
export type PhoneLookupResult = z.infer<typeof phoneLookupResult>;
