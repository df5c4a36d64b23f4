import { PaymentType, RepairOrderStatus, VehicleSource } from '@glass/domain';
import { z } from 'zod';

/** Request shapes of the service vehicle routes, one place so routes and tests agree. */

const text = (max = 100) => z.string().trim().max(max);
const idOf = (values: Record<string, number>, what: string) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(values).includes(v), `Unknown ${what}`);
const dateTime = z.iso.datetime({ offset: true });
const money = z.number().min(0).max(1_000_000);

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const sourceIdSchema = idOf(VehicleSource, 'vehicle source');
export const roStatusIdSchema = idOf(RepairOrderStatus, 'repair order status');
export const paymentTypeIdSchema = idOf(PaymentType, 'payment type');
export const phoneTypeIdSchema = z
  .number()
  .int()
  .min(-1)
  .max(5)
  .refine((v) => v !== 0, 'Unknown phone type');
/** Phones are stored as digits only (customers.ts); punctuation typed by staff is dropped. */
export const phoneSchema = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .refine((s) => s === '' || (s.length >= 7 && s.length <= 15), 'Phone must have 7 to 15 digits');

const phone = z.object({ phone: phoneSchema.nullish(), phoneTypeId: phoneTypeIdSchema.optional() });

export const createBody = z.object({
  facilityId: z.number().int().positive().optional(),
  /** 1-3 repairs, 4 replacement, 0 pending. */
  repairCount: z.number().int().min(0).max(4).default(0),
  vehicle: z
    .object({
      year: z.number().int().min(1900).max(2100).nullish(),
      make: text(50).nullish(),
      model: text(50).nullish(),
      vin: text(30).nullish(),
      licenseTag: text(15).nullish(),
      licenseState: text(2).nullish(),
      serviceTag: text(30).nullish(),
      stockNumber: text(30).nullish(),
      topper: text(30).nullish(),
      bodyStyle: text(50).nullish(),
      color: text(30).nullish(),
      mileage: z.number().int().min(0).max(2_000_000).nullish(),
      sourceId: sourceIdSchema.nullish(),
    })
    .default({}),
  /** Optional contents for the default repair lines, in line order; at most repairCount of them. */
  repairs: z
    .array(
      z.object({
        description: text(200).optional(),
        location: text(100).nullish(),
        amount: money.optional(),
      }),
    )
    .max(3)
    .default([]),
  repairOrder: z
    .object({
      repairOrderNumber: text(30).nullish(),
      openedAt: dateTime.nullish(),
      statusId: roStatusIdSchema.optional(),
      statusDescription: text(50).nullish(),
    })
    .default({}),
  customer: z
    .object({
      firstName: text(50).optional(),
      lastName: text(50).optional(),
      email: z.email().max(200).nullish(),
      contact: z.object({ primaryPhone: phone.optional(), secondaryPhone: phone.optional() }).optional(),
    })
    .optional(),
  paymentTypeId: paymentTypeIdSchema.optional(),
  serviceAdvisorName: text(100).nullish(),
  leadTechnicianId: z.number().int().positive().nullish(),
  internal: z.boolean().optional(),
  promisedDateTime: dateTime.nullish(),
  windshieldChecked: z.boolean().optional(),
  windshieldNotes: text(2000).nullish(),
});
export type CreateInput = z.infer<typeof createBody>;

/**
 * PATCH /api/ServiceVehicles/{id}: the flags and dates the screens change in place. Strict, so a
 * misspelt field is a 400 rather than a silent "nothing changed".
 */
export const patchBody = z
  .object({
    followedUp: z.boolean(),
    followUpDate: dateTime.nullable(),
    flagged: z.boolean(),
    readyToCall: z.boolean(),
    readyForParts: z.boolean(),
    readyToSchedule: z.boolean(),
    windshieldChecked: z.boolean(),
    windshieldNotes: text(2000).nullable(),
    serviceAdvisorName: text(100).nullable(),
    promisedDateTime: dateTime.nullable(),
    inspectedAt: dateTime.nullable(),
    leadTechnicianId: z.number().int().positive().nullable(),
    internal: z.boolean(),
    paymentTypeId: paymentTypeIdSchema,
  })
  .partial()
  .strict();
export type PatchInput = z.infer<typeof patchBody>;

export const thumbBody = z.object({
  thumb: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'Thumb must be 1, -1 or 0' }),
  serviceVehicleId: z.number().int().optional(),
});

const quote = z
  .object({
    invoiceId: z.number().int().positive().nullish(),
    cog: money.nullish(),
    partNumber: text(50).nullish(),
    partTypeId: z.number().int().positive().nullish(),
    quoted: money.nullish(),
    gradeId: z.number().int().positive().nullish(),
    manufacturer: text(100).nullish(),
  })
  .default({});

export const quickQuoteBody = z.object({
  serviceVehicleId: z.number().int().positive(),
  quote1: quote,
  quote2: quote,
});
export const quickQuoteUpdateBody = z.object({ quote1: quote.optional(), quote2: quote.optional() });
export type QuoteInput = z.infer<typeof quote>;
