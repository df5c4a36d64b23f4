// Over 300 lines: the invoice routes' HTTP contract, schema by schema (one resource).
/**
 * The HTTP contract of the invoice routes (apps/server/src/modules/invoices): request schemas the
 * server validates with and the web forms build their rules from, and response schemas the API tests
 * parse every answer with (the JSON is built by PostgreSQL, so a renamed column fails a test, not a
 * screen). Types are inferred from the schemas; the web imports them instead of writing its own.
 */
import { z } from 'zod';
import { optionalEmail, optionalState, optionalText, optionalZip } from '../resources/fields.js';
import {
  amount,
  dateTime,
  facilityRef,
  instant,
  lockOut,
  moneyInput,
  namedRef,
  paymentTypeIdSchema,
  phoneOut,
  phoneSchema,
  phoneTypeIdSchema,
  positiveId,
  text,
  thumbSchema,
  userRef,
} from './field-schemas.js';

/* ---------------------------------------------------------------- requests */

const userId = positiveId;
export const svIdParams = z.object({ serviceVehicleId: z.coerce.number().int().positive() });

/**
 * PATCH /api/Invoices/{id}: the editable fields of the detail screen. Strict, so a misspelt or
 * read-only field (totalCost, notesCount …) is a 400 rather than a silent "nothing changed".
 */
export const invoicePatchFields = z
  .object({
    paymentTypeId: paymentTypeIdSchema,
    insuranceCompanyId: positiveId.nullable(),
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
    deductibleAmount: moneyInput.nullable(),
    deductiblePaymentTypeId: paymentTypeIdSchema.nullable(),
    depositAmount: moneyInput.nullable(),
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
/** The invoice's own columns of a PATCH. */
export type InvoicePatch = z.infer<typeof invoicePatchFields>;

/** Accessories to add: `{accessoryId, invoiceId}`; invoiceId must be the invoice of the URL. */
export const accessoriesToAdd = z
  .array(z.object({ accessoryId: positiveId, invoiceId: positiveId }))
  .min(1)
  .max(50);

/** The message when submittedAt is sent other than as `null` next to `submitted: false`. */
export const SUBMITTED_AT_ONLY_CLEARED =
  'submittedAt can only be cleared: send null together with submitted false (the server stamps it on submit)';

const phonePatch = z
  .object({ phone: phoneSchema.nullable(), phoneTypeId: phoneTypeIdSchema })
  .partial()
  .strict();

/**
 * PATCH /api/Invoices/{id} `customer` / `buyer`: the changed fields of the invoice's customer or
 * buyer as the detail shows them, with the person's id (spec 2 §5: a nested change keeps its id).
 */
export const personPatch = z
  .object({
    id: positiveId,
    firstName: optionalText('First name', 50),
    lastName: optionalText('Last name', 50),
    companyName: optionalText('Company', 100),
    primaryPhone: phonePatch,
    secondaryPhone: phonePatch,
    doNotCall: z.boolean(),
    doNotText: z.boolean(),
    email: optionalEmail('E-mail'),
    doNotEmail: z.boolean(),
    address: z
      .object({
        line1: optionalText('Address', 200),
        line2: optionalText('Address line 2', 200),
        city: optionalText('City', 100),
        state: optionalState(),
        zip: optionalZip(),
      })
      .partial()
      .strict(),
  })
  .partial()
  .required({ id: true })
  .strict();
export type PersonPatch = z.infer<typeof personPatch>;

/**
 * `customer` / `buyer`: changed fields of the invoice's people with their id.
 * `submittedAt`: spec 2 §7 lists it among the PATCH fields and §4 unsubmits as "submitted becomes false
 * and submittedAt is cleared", so `{submitted: false, submittedAt: null}` is accepted; the server stamps
 * submittedAt itself on submit, so any other value, or null without submitted false, is a 400.
 */
export const invoicePatchBody = invoicePatchFields
  .extend({
    accessories: accessoriesToAdd,
    customer: personPatch,
    buyer: personPatch,
    submittedAt: z.null({ error: SUBMITTED_AT_ONLY_CLEARED }),
  })
  .partial()
  .strict()
  .superRefine((body, ctx) => {
    if ('submittedAt' in body && body.submitted !== false) {
      ctx.addIssue({ code: 'custom', path: ['submittedAt'], message: SUBMITTED_AT_ONLY_CLEARED });
    }
  });
export type InvoicePatchBody = z.infer<typeof invoicePatchBody>;

export const invoiceThumbBody = z.object({
  invoiceId: positiveId.optional(),
  thumb: thumbSchema,
});

export const lostBody = z.object({ lostReasonId: positiveId });

const invoiceIdQuery = z.coerce.number().int().positive();
export const lockListQuery = z.object({ InvoiceId: invoiceIdQuery });

export const noteListQuery = z.object({ InvoiceId: invoiceIdQuery });
export const noteBody = z.object({
  invoiceId: positiveId,
  subject: text(200).optional(),
  note: z.string().trim().min(1, 'Note is required').max(8000),
});
export const noteUpdate = noteBody.omit({ invoiceId: true }).partial();
export type NoteBody = z.infer<typeof noteBody>;
export type NoteUpdate = z.infer<typeof noteUpdate>;

export const repairBody = z.object({
  invoiceId: positiveId,
  lineNumber: z.number().int().min(1).max(99).optional(),
  description: text(200).min(1, 'Description is required'),
  location: text(100).nullish(),
  amount: moneyInput,
});
export const repairUpdate = repairBody.omit({ invoiceId: true }).partial();
export type RepairBody = z.infer<typeof repairBody>;
export type RepairUpdate = z.infer<typeof repairUpdate>;
/** What the web's repair form sends (the invoice id comes from the URL). */
export type RepairInput = Omit<z.input<typeof repairBody>, 'invoiceId'>;

export const deleteAccessoriesBody = z.object({ accessoryIds: z.array(positiveId).min(1).max(50) });

export const historyListQuery = z.object({
  InvoiceId: invoiceIdQuery,
  ContactItem: z.stringbool().optional(),
});
export const historyBody = z.object({
  invoiceId: positiveId,
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
  invoiceId: positiveId,
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
  invoiceId: positiveId,
  partTypeId: positiveId,
  partNumber: text(50).nullish(),
  description: text(500).nullish(),
  vendorId: positiveId.nullish(),
  cost: moneyInput.nullish(),
  price: moneyInput,
  statusId: positiveId,
});
export const partUpdate = partBody.omit({ invoiceId: true }).partial();
export type PartBody = z.infer<typeof partBody>;
export type PartUpdate = z.infer<typeof partUpdate>;

/** POST /api/Invoices/finalize: 1 to 200 invoices at once. */
export const finalizeBody = z.object({ invoiceIds: z.array(positiveId).min(1).max(200) });

/* --------------------------------------------------------------- responses */

const str = z.string().nullable();
const int = z.number().int();

export const invoicePerson = z.object({
  id: int,
  firstName: str,
  lastName: str,
  companyName: str,
  primaryPhone: phoneOut,
  secondaryPhone: phoneOut,
  doNotCall: z.boolean(),
  doNotText: z.boolean(),
  email: str,
  doNotEmail: z.boolean(),
  address: z.object({ line1: str, line2: str, city: str, state: str, zip: str }),
});

export const invoiceRepair = z.object({
  id: int,
  lineNumber: int,
  description: z.string(),
  location: str,
  amount,
});

export const invoiceHistoryEntry = z.object({
  id: int,
  activityDate: instant,
  activity: z.string(),
  user: str,
  details: str,
  isContact: z.boolean(),
});

const payment = z.object({ value: amount.nullable(), paymentTypeId: int.nullable() });

/** The body of GET /api/Invoices/{id} and of every write on one invoice (spec 2 §3 "Invoice (detail)"). */
export const invoiceDetail = z.object({
  id: int,
  facility: facilityRef.nullable(),
  lock: lockOut.nullable(),
  paymentTypeId: int,
  insuranceCompany: z.object({ id: int, name: z.string(), clearingHouseId: int.nullable() }).nullable(),
  referenceNumber: str,
  claimNumber: str,
  policyNumber: str,
  lossDateTime: instant.nullable(),
  languageId: int.nullable(),
  advertisementSourceNotes: str,
  customer: invoicePerson.nullable(),
  buyer: invoicePerson.nullable(),
  soldTo: str,
  administrator: userRef.nullable(),
  leadTechnician: userRef.nullable(),
  repairTechnician: userRef.nullable(),
  autoGlassAssociate: userRef.nullable(),
  adminAssistant: userRef.nullable(),
  createdBy: userRef.nullable(),
  initiated: z.boolean(),
  pending: z.boolean(),
  confirmed: z.boolean(),
  completed: z.boolean(),
  repairCompleted: z.boolean(),
  scheduled: z.boolean(),
  signed: z.boolean(),
  flagged: z.boolean(),
  void: z.boolean(),
  snailMail: z.boolean(),
  inspection: z.boolean(),
  lost: z.boolean(),
  lostReason: namedRef.nullable(),
  submitted: z.boolean(),
  submittedAt: instant.nullable(),
  funded: z.boolean(),
  fundedAt: instant.nullable(),
  finalized: z.boolean(),
  finalizedAt: instant.nullable(),
  followedUp: z.boolean(),
  repairApproved: z.boolean(),
  hasVerbalSignature: z.boolean(),
  replacement: z.boolean(),
  thumb: int,
  windshieldChecked: z.boolean(),
  windshieldNotes: str,
  openDateTime: instant.nullable(),
  actionDate: instant.nullable(),
  workCompletedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  totalCost: amount,
  laborCost: amount,
  partsCost: amount,
  taxCost: amount,
  followUpAt: instant.nullable(),
  followUpById: int.nullable(),
  followUpForId: int.nullable(),
  deductiblePayment: payment,
  depositPayment: payment,
  vehicleDetails: z.object({
    year: int.nullable(),
    make: str,
    model: str,
    vin: str,
    mileage: int.nullable(),
  }),
  tagDetails: z.object({ licensePlate: str, licenseState: str, serviceTag: str }),
  topper: str,
  roNumber: str,
  repairCount: int,
  notesCount: int,
  serviceAddress: z.object({ line1: str, city: str, state: str, zip: str }),
  repairs: z.array(invoiceRepair),
  serviceVehicle: z
    .object({
      id: int,
      stockNumber: str,
      factory: str,
      internal: z.boolean().nullable(),
      internalTotal: amount.nullable(),
      warrantyTotal: amount.nullable(),
      customerTotal: amount.nullable(),
      serviceAdvisor: str,
      repairOrder: z.object({
        number: str,
        statusId: int.nullable(),
        total: amount.nullable(),
        openedAt: instant.nullable(),
      }),
      vehicle: z.object({ bodyStyle: str, color: str, serviceTag: str, sourceId: int.nullable() }),
    })
    .nullable(),
  parkedItem: z.object({ id: int, parkLine: int, parkedByUserId: int.nullable() }).nullable(),
  previousInvoiceId: int.nullable(),
  nextInvoiceId: int.nullable(),
  history: z.array(invoiceHistoryEntry),
  accessories: z.array(z.object({ id: int, accessoryId: int, name: z.string() })),
  parts: z.array(
    z.object({
      id: int,
      partTypeId: int.nullable(),
      partType: str,
      partNumber: str,
      description: str,
      vendorId: int.nullable(),
      vendor: str,
      cost: amount.nullable(),
      price: amount,
      statusId: int,
      status: z.string(),
      orderedAt: instant.nullable(),
      receivedAt: instant.nullable(),
    }),
  ),
  /** Installer visits scheduled for the invoice, each with its latest appointment. */
  appointmentSchedules: z.array(
    z.object({
      id: int,
      partTypeId: int.nullable(),
      scheduledAt: instant.nullable(),
      status: str,
      installer: userRef.nullable(),
    }),
  ),
  /** Sum of the non-void transactions. */
  transactionsTotal: amount,
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;
export type InvoicePerson = z.infer<typeof invoicePerson>;
export type InvoicePhone = z.infer<typeof phoneOut>;
export type InvoiceRepair = z.infer<typeof invoiceRepair>;
export type InvoiceHistoryEntry = z.infer<typeof invoiceHistoryEntry>;
export type { UserRef } from './field-schemas.js';

/** GET /api/InvoiceNotes, POST/PUT answers. */
export const invoiceNote = z.object({
  id: int,
  createdAt: instant,
  lastEditedAt: instant.nullable(),
  invoiceId: int,
  note: z.string(),
  author: str,
  subject: z.string(),
  inUtc: z.boolean(),
  userId: int.nullable(),
});
export type InvoiceNote = z.infer<typeof invoiceNote>;

/** GET /api/InvoiceLocks rows. */
export const invoiceLockRow = z.object({
  id: int,
  invoiceId: int,
  userId: int,
  user: z.string().nullable(),
  lockedAt: instant,
});

/** GET/POST /api/InvoicesHistory. */
export const invoiceHistoryRow = z.object({
  id: int,
  invoiceId: int,
  activity: z.string(),
  activityDateTime: instant,
  details: str,
  contactItem: z.boolean(),
  activityLogId: int.nullable(),
  user: userRef.nullable(),
});
export type InvoiceHistoryRow = z.infer<typeof invoiceHistoryRow>;

/** GET/POST/PUT /api/InvoiceTransactions. */
export const invoiceTransaction = z.object({
  id: int,
  invoiceId: int,
  transactionTypeId: int,
  transactionType: z.string(),
  statusId: int,
  status: z.string(),
  amount,
  paymentTypeId: int.nullable(),
  reference: str,
  fundedAt: instant.nullable(),
  createdAt: instant,
  user: userRef.nullable(),
});
export type InvoiceTransaction = z.infer<typeof invoiceTransaction>;

/** GET/POST /api/Invoices/{id}/ExtraImages. */
export const invoiceExtraImage = z.object({
  id: int,
  url: z.string(),
  caption: str,
  createdAt: instant,
  user: userRef.nullable(),
});
export type InvoiceExtraImage = z.infer<typeof invoiceExtraImage>;

/** GET /api/Invoices/summary. */
export const invoiceSummary = z.object({ total: int, submitted: int, signed: int, replacement: int });
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

/** POST /api/Invoices/finalize. */
export const finalizeResult = z.object({
  finalized: z.array(int),
  refused: z.array(z.object({ id: int, message: z.string() })),
});
export type FinalizeResult = z.infer<typeof finalizeResult>;

/** POST /api/Invoices/{id}/pdf (201) and GET /api/Invoices/{id}/previousPdfs rows. */
export const invoicePdfVersion = z.object({
  id: int,
  createdAt: instant,
  path: z.string(),
  user: userRef.nullable().optional(),
});
export type InvoicePdfVersion = z.infer<typeof invoicePdfVersion>;

/** POST /api/Invoices/{id}/pdf/link. */
export const invoicePdfLink = z.object({ url: z.string(), fileName: z.string(), expiresAt: instant });

/** GET /api/Invoices/{id}/SignaturePath. */
export const signaturePath = z.object({ path: str, signedAt: instant.nullable() });
export type SignaturePath = z.infer<typeof signaturePath>;

/** POST /api/Invoices/sendCustomerInvoice. */
export const sentInvoiceEmail = z.object({ outboxId: int, to: z.string(), subject: z.string() });

/** POST /api/Invoices/{id}/sendTechText. */
export const sentTechText = z.object({
  id: int,
  phone: z.string(),
  message: z.string(),
  sentAt: instant,
  outboxId: int,
});

/** GET /api/Invoices/{id}/techTexts rows. */
export const techTextRow = z.object({
  id: int,
  phone: z.string(),
  message: z.string(),
  sentAt: instant,
  sender: userRef.nullable(),
  status: z.string().nullable(),
});
export type TechTextRow = z.infer<typeof techTextRow>;

/** POST /api/Invoices/createInvoiceFromServiceVehicle/{id}: 201 new, 200 the existing one. */
export const createdInvoice = z.object({ invoiceId: int, created: z.boolean() });
export type CreatedInvoice = z.infer<typeof createdInvoice>;

/** The work flow actions answered by POST /api/Invoices/{id}/{action}. */
export type InvoiceFlow =
  | 'submit'
  | 'unsubmit'
  | 'finalize'
  | 'unfinalize'
  | 'followUp'
  | 'markAsVerballyApproved'
  | 'void';

/* ------------------------------------------------------------------ lists */

const nullableInt = int.nullable();
/**
 * A row of GET /api/Invoices (OData; paths `a/b` arrive nested). `$select` answers a subset, so the
 * tests read such pages with `.partial()`.
 */
export const invoiceListRow = z.object({
  id: int,
  facilityId: int,
  facility: z.object({ shortName: z.string(), name: z.string() }),
  totalCost: amount,
  paymentTypeId: int,
  insuranceCompanyId: nullableInt,
  insuranceCompany: str,
  referenceNumber: str,
  claimNumber: str,
  soldTo: str,
  customerPhone: str,
  customerId: nullableInt,
  buyerId: nullableInt,
  licensePlate: str,
  serviceTag: str,
  roNumber: str,
  topper: str,
  vin: str,
  vehicleDetails: z.object({ year: nullableInt, make: str, model: str }),
  adminAssistantId: nullableInt,
  leadTechnicianId: nullableInt,
  autoGlassAssociateId: nullableInt,
  adminAssistant: str,
  leadTech: str,
  autoGlassAssociate: str,
  initiated: z.boolean(),
  pending: z.boolean(),
  completed: z.boolean(),
  repairCompleted: z.boolean(),
  submitted: z.boolean(),
  submittedAt: instant.nullable(),
  funded: z.boolean(),
  fundedAt: instant.nullable(),
  void: z.boolean(),
  inspection: z.boolean(),
  lost: z.boolean(),
  signed: z.boolean(),
  replacement: z.boolean(),
  snailMail: z.boolean(),
  finalized: z.boolean(),
  flagged: z.boolean(),
  followedUp: z.boolean(),
  thumb: int,
  windshieldChecked: z.boolean(),
  openDateTime: instant,
  followUpAt: instant.nullable(),
  notesCount: int,
  repairCount: int,
  serviceVehicleId: nullableInt,
  serviceAddress: z.object({ line1: str, city: str, state: str, zip: str }),
  lockedBy: str,
  parkedLine: nullableInt,
});
export type InvoiceListRow = z.infer<typeof invoiceListRow>;
/** GET /api/Invoices/outstanding rows. */
export const outstandingInvoiceRow = invoiceListRow.extend({
  outstandingReason: z.enum(['Unpaid', 'Missing reference']),
});
export type OutstandingInvoiceRow = z.infer<typeof outstandingInvoiceRow>;
/** GET /api/Invoices/finalizing rows. */
export const finalizingInvoiceRow = invoiceListRow.extend({
  clearingHouseId: nullableInt,
  clearingHouse: namedRef.nullable(),
});
export type FinalizingInvoiceRow = z.infer<typeof finalizingInvoiceRow>;
export type SentInvoiceEmail = z.infer<typeof sentInvoiceEmail>;
export type SentTechText = z.infer<typeof sentTechText>;
