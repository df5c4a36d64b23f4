import { z } from 'zod';
import { paymentTypeIdSchema } from '../service-vehicles/schemas.js';
import { personPatch } from './people-patch.js';

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
export const patchFields = z
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
/** The invoice's own columns of a PATCH (patch-columns.ts). */
export type InvoicePatch = z.infer<typeof patchFields>;

const id = z.number().int().positive();
/** Accessories to add: `{accessoryId, invoiceId}`; invoiceId must be the invoice of the URL. */
export const accessoriesToAdd = z
  .array(z.object({ accessoryId: id, invoiceId: id }))
  .min(1)
  .max(50);
/** `customer` / `buyer`: changed fields of the invoice's people with their id (people-patch.ts). */
export const patchBody = patchFields
  .extend({ accessories: accessoriesToAdd, customer: personPatch, buyer: personPatch })
  .partial()
  .strict();
export type InvoicePatchBody = z.infer<typeof patchBody>;

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

export const deleteAccessoriesBody = z.object({ accessoryIds: z.array(id).min(1).max(50) });

const invoiceIdQuery = z.coerce.number().int().positive();
export const historyListQuery = z.object({
  InvoiceId: invoiceIdQuery,
  ContactItem: z.stringbool().optional(),
});
export const historyBody = z.object({
  invoiceId: id,
  activity: text(200).min(1, 'Activity is required'),
  activityDateTime: dateTime.optional(),
  details: text(4000).nullish(),
  contactItem: z.boolean().optional(),
});
export type HistoryBody = z.infer<typeof historyBody>;

/** Transaction types 1 Cash, 2 Warranty, 3 In-House; statuses 0 open, 1 funded, 2 void. */
export const transactionListQuery = z.object({ InvoiceId: invoiceIdQuery });
const reference = text(50).nullish();
export const transactionBody = z.object({
  invoiceId: id,
  transactionTypeId: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'Transaction type must be 1 (Cash), 2 (Warranty) or 3 (In-House)',
  }),
  amount: z.number().positive().max(1_000_000),
  paymentTypeId: paymentTypeIdSchema.nullish(),
  reference,
});
export const transactionUpdate = z
  .object({
    statusId: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      error: 'Status must be 0 (open), 1 (funded) or 2 (void)',
    }),
    amount: z.number().positive().max(1_000_000),
    reference,
  })
  .partial();
export type TransactionBody = z.infer<typeof transactionBody>;
export type TransactionUpdate = z.infer<typeof transactionUpdate>;

export const partBody = z.object({
  invoiceId: id,
  partTypeId: id,
  partNumber: text(50).nullish(),
  description: text(500).nullish(),
  vendorId: id.nullish(),
  cost: money.nullish(),
  price: money,
  statusId: id,
});
export const partUpdate = partBody.omit({ invoiceId: true }).partial();
export type PartBody = z.infer<typeof partBody>;
export type PartUpdate = z.infer<typeof partUpdate>;

/** POST /api/Invoices/finalize: 1 to 200 invoices at once. */
export const finalizeBody = z.object({ invoiceIds: z.array(id).min(1).max(200) });
