import { z } from 'zod';
import { paymentTypeIdSchema } from '../service-vehicles/schemas.js';

/** Request shapes of the invoice routes, one place so routes and tests agree. */

const text = (max = 100) => z.string().trim().max(max);
const dateTime = z.iso.datetime({ offset: true });
const money = z.number().min(0).max(1_000_000);
const userId = z.number().int().positive();

export const idParams = z.object({ id: z.coerce.number().int().positive() });
export const svIdParams = z.object({ serviceVehicleId: z.coerce.number().int().positive() });

/**
 * PATCH /api/Invoices/{id}: the editable fields of the detail screen. Strict, so a misspelt or
 * read-only field (totalCost, notesCount …) is a 400 rather than a silent "nothing changed".
 */
export const patchBody = z
  .object({
    paymentTypeId: paymentTypeIdSchema,
    insuranceCompanyId: z.number().int().positive().nullable(),
    referenceNumber: text(50).nullable(),
    claimNumber: text(50).nullable(),
    policyNumber: text(50).nullable(),
    lossDateTime: dateTime.nullable(),
    languageId: z.number().int().min(1).max(10),
    advertisementSourceNotes: text(500).nullable(),
    administratorId: userId.nullable(),
    leadTechnicianId: userId.nullable(),
    repairTechnicianId: userId.nullable(),
    autoGlassAssociateId: userId.nullable(),
    flagged: z.boolean(),
    snailMail: z.boolean(),
    inspection: z.boolean(),
    followedUp: z.boolean(),
    followUpAt: dateTime.nullable(),
    followUpForId: userId.nullable(),
    windshieldChecked: z.boolean(),
    windshieldNotes: text(2000).nullable(),
    deductibleAmount: money.nullable(),
    deductiblePaymentTypeId: paymentTypeIdSchema.nullable(),
    depositAmount: money.nullable(),
    depositPaymentTypeId: paymentTypeIdSchema.nullable(),
    actionDate: dateTime.nullable(),
    vehicleYear: z.number().int().min(1900).max(2100).nullable(),
    vehicleMake: text(50).nullable(),
    vehicleModel: text(50).nullable(),
    vin: text(30).nullable(),
    mileage: z.number().int().min(0).max(2_000_000).nullable(),
    licensePlate: text(15).nullable(),
    licenseState: text(2).nullable(),
    serviceTag: text(30).nullable(),
    topper: text(30).nullable(),
    /** false unsubmits (submittedAt cleared); true is the same as POST submit. */
    submitted: z.boolean(),
    /** false unfinalizes; true is the same as POST finalize. */
    finalized: z.boolean(),
  })
  .partial()
  .strict();
export type InvoicePatch = z.infer<typeof patchBody>;

export const thumbBody = z.object({
  invoiceId: z.number().int().positive().optional(),
  thumb: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'Thumb must be 1, -1 or 0' }),
});

export const lostBody = z.object({ lostReasonId: z.number().int().positive() });

export const lockListQuery = z.object({ InvoiceId: z.coerce.number().int().positive() });

export const noteListQuery = z.object({ InvoiceId: z.coerce.number().int().positive() });
export const noteBody = z.object({
  invoiceId: z.number().int().positive(),
  subject: text(200).optional(),
  note: z.string().trim().min(1, 'Note is required').max(8000),
});
export const noteUpdate = noteBody.omit({ invoiceId: true }).partial();
export type NoteBody = z.infer<typeof noteBody>;
export type NoteUpdate = z.infer<typeof noteUpdate>;

export const repairBody = z.object({
  invoiceId: z.number().int().positive(),
  lineNumber: z.number().int().min(1).max(99).optional(),
  description: text(200).min(1, 'Description is required'),
  location: text(100).nullish(),
  amount: money,
});
export const repairUpdate = repairBody.omit({ invoiceId: true }).partial();
export type RepairBody = z.infer<typeof repairBody>;
export type RepairUpdate = z.infer<typeof repairUpdate>;
