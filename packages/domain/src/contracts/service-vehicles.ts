// Over 300 lines: the service vehicle routes' HTTP contract, schema by schema (one resource).
/**
 * The HTTP contract of the service vehicle routes (apps/server/src/modules/service-vehicles): request
 * schemas (JSON bodies and the text fields of the multipart edit form), and response schemas the API
 * tests parse every answer with. Types are inferred from the schemas; the web imports them.
 */
import { z } from 'zod';
import { REPLACEMENT_REPAIR_COUNT } from '../constants.js';
import { PaymentType, RepairOrderStatus, VehicleSource } from '../enums.js';
import { VIN_CHARACTER_COUNT, validateVin } from '../rules/vin.js';
import {
  amount,
  dateTime,
  facilityRef,
  idOf,
  instant,
  lockOut,
  moneyInput,
  namedRef,
  paymentTypeIdSchema,
  phoneSchema,
  phoneTypeIdSchema,
  text,
  thumbSchema,
  userRef,
} from './field-schemas.js';

/* ---------------------------------------------------------------- requests */

export const sourceIdSchema = idOf(VehicleSource, 'vehicle source');
export const roStatusIdSchema = idOf(RepairOrderStatus, 'repair order status');

const phoneIn = z.object({ phone: phoneSchema.nullish(), phoneTypeId: phoneTypeIdSchema.optional() });

/** POST /api/ServiceVehicle: a new vehicle from a dealer repair order. */
export const svCreateBody = z.object({
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
        amount: moneyInput.optional(),
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
      contact: z.object({ primaryPhone: phoneIn.optional(), secondaryPhone: phoneIn.optional() }).optional(),
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
export type SvCreateInput = z.infer<typeof svCreateBody>;
/** What a client sends (defaults not yet applied). */
export type SvCreateRequest = z.input<typeof svCreateBody>;

/**
 * PATCH /api/ServiceVehicles/{id}: the flags and dates the screens change in place. Strict, so a
 * misspelt field is a 400 rather than a silent "nothing changed".
 */
export const svPatchBody = z
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
export type SvPatchInput = z.infer<typeof svPatchBody>;

export const svThumbBody = z.object({
  thumb: thumbSchema,
  serviceVehicleId: z.number().int().optional(),
});

const quote = z
  .object({
    invoiceId: z.number().int().positive().nullish(),
    cog: moneyInput.nullish(),
    partNumber: text(50).nullish(),
    partTypeId: z.number().int().positive().nullish(),
    quoted: moneyInput.nullish(),
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
export type QuickQuotePart = z.input<typeof quote>;

/* ------------------------------------------- PUT /api/ServiceVehicle/{id} form */

/**
 * A text field of the multipart edit form (spec 2 §7). Form values are strings; a blank value clears
 * the field, or sets its "none" value where the column cannot be empty. Each field is two parts:
 * `stored`, the schema of the value kept, which declares the field's limits once (a text's length, a
 * number's range, the amounts' cents) for the server and for the web form's inputs (`limitsOf`), and
 * `parse`, which reads the raw value (a number or boolean from a web form input is read as its text)
 * against those limits. A failed parse stops there; its messages are the 400's and the form's.
 */
const formField = <T extends z.ZodType>(stored: T, parse: (raw: string, ctx: z.RefinementCtx) => unknown) =>
  z.preprocess((v, ctx) => parse(v === null || v === undefined ? '' : String(v), ctx), stored);

/** Trimmed text of at most `max` characters ("At most 50 characters"); blank is null or `opts.blank`. */
const formText = (max: number, opts: { upper?: boolean; blank?: string | null } = {}) =>
  formField(
    z
      .string()
      .max(max, { error: `At most ${max} characters` })
      .nullable(),
    (raw) => {
      const v = raw.trim();
      if (v === '') return opts.blank === undefined ? null : opts.blank;
      return opts.upper ? v.toUpperCase() : v;
    },
  );

/**
 * A whole number the `stored` schema allows (its range, and its values where only some are known);
 * anything else is "Unknown value …". Blank is null, `opts.blank`, or "Required".
 */
const formInt = (stored: z.ZodNumber, opts: { blank?: number | 'required' } = {}) =>
  formField(stored.nullable(), (raw, ctx) => {
    const v = raw.trim();
    if (v === '') {
      if (opts.blank !== 'required') return opts.blank ?? null;
      ctx.addIssue({ code: 'custom', message: 'Required' });
      return z.NEVER;
    }
    if (!/^-?\d+$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
      return z.NEVER;
    }
    const n = Number(v);
    if (!stored.safeParse(n).success) {
      ctx.addIssue({ code: 'custom', message: `Unknown value ${v}` });
      return z.NEVER;
    }
    return n;
  });

/** A whole number in `min`..`max` that is one of `values` (an enum's ids). */
const oneOf = (values: number[]) =>
  z
    .number()
    .int()
    .min(Math.min(...values))
    .max(Math.max(...values))
    .refine((n) => values.includes(n));

/** Dollars typed with at most 2 decimals, up to 999,999,999.99 (the column is numeric(12,2)). */
const quoteAmount = z.number().min(0).max(999_999_999.99).multipleOf(0.01);
const formMoney = formField(quoteAmount.nullable(), (raw, ctx) => {
  const v = raw.trim();
  if (v === '') return null;
  const n = Number(v);
  if (!/^\d+(\.\d{1,2})?$/.test(v) || !quoteAmount.safeParse(n).success) {
    ctx.addIssue({ code: 'custom', message: 'Must be an amount with at most 2 decimals' });
    return z.NEVER;
  }
  return n;
});

const formBool = formField(z.boolean(), (raw, ctx) => {
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  ctx.addIssue({ code: 'custom', message: 'Must be true or false' });
  return z.NEVER;
});

/**
 * A phone as typed: at most 20 characters (punctuation and spaces allowed), 7 to 15 digits; stored
 * as its digits. The typed text's length is the declared limit (the digits are always shorter).
 */
const phoneTyped = z.string().max(20);
const formPhone = formField(phoneTyped.nullable(), (raw, ctx) => {
  const typed = raw.trim();
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return null;
  if (!phoneTyped.safeParse(typed).success) {
    ctx.addIssue({ code: 'custom', message: `At most ${phoneTyped.maxLength} characters` });
    return z.NEVER;
  }
  if (digits.length < 7 || digits.length > 15) {
    ctx.addIssue({ code: 'custom', message: 'Phone must have 7 to 15 digits' });
    return z.NEVER;
  }
  return digits;
});

/** Blank means none; otherwise `validateVin` (17 characters, allowed letters, check digit), every problem listed. */
const formVin = formField(z.string().length(VIN_CHARACTER_COUNT).nullable(), (raw, ctx) => {
  if (raw.trim() === '') return null;
  const result = validateVin(raw);
  if (result.valid) return result.vin;
  for (const p of result.problems) ctx.addIssue({ code: 'custom', message: p.message });
  return z.NEVER;
});

const formPhoneType = formInt(oneOf([-1, 1, 2, 3, 4, 5]), { blank: -1 });

/**
 * The text fields of PUT /api/ServiceVehicle/{id}, by the name the form posts (matched case-insensitively).
 * The server parses the form with it (`edit-fields.ts`) and the web edit form takes every input's limit
 * and rule from it (`sv-edit-fields.ts`).
 */
export const svEditFields = z.object({
  vin: formVin,
  roNumber: formText(30),
  roStatusId: formInt(oneOf(Object.values(RepairOrderStatus)), { blank: -1 }),
  vehicleYear: formInt(z.number().int().min(1900).max(2100)),
  vehicleMake: formText(50),
  vehicleModel: formText(50),
  color: formText(30),
  state: formText(2, { upper: true }),
  licenseTag: formText(15, { upper: true }),
  serviceTag: formText(30),
  stockNumber: formText(30),
  mileage: formInt(z.number().int().min(0).max(2_000_000)),
  facilityId: formInt(
    z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    { blank: 'required' },
  ),
  sourceId: formInt(oneOf(Object.values(VehicleSource))),
  paymentTypeId: formInt(oneOf(Object.values(PaymentType)), { blank: 0 }),
  repairQuoteAmount: formMoney,
  replacementQuoteAmount: formMoney,
  repairCount: formInt(z.number().int().min(0).max(REPLACEMENT_REPAIR_COUNT), { blank: 'required' }),
  windshieldChecked: formBool,
  windshieldNotes: formText(2000),
  serviceAdvisorName: formText(100),
  firstName: formText(50, { blank: '' }),
  lastName: formText(50, { blank: '' }),
  phone1: formPhone,
  phone1TypeId: formPhoneType,
  phone2: formPhone,
  phone2TypeId: formPhoneType,
});
export type SvEditField = keyof typeof svEditFields.shape;
/** The stored values of the edit form's fields (every one optional: only posted fields change). */
export type SvEditValues = Partial<z.output<typeof svEditFields>>;

/* --------------------------------------------------------------- responses */

const str = z.string().nullable();
const int = z.number().int();
const phoneOut = z.object({ phone: str, phoneTypeId: int.nullable() });

export const svRepair = z.object({ id: int, lineNumber: int, description: str, location: str, amount });
export const svHistoryEntry = z.object({
  id: int,
  activityDate: instant,
  activity: z.string(),
  user: str,
  details: str,
  activityLogId: int.nullable(),
  isContact: z.boolean(),
});
export const svImages = z.object({
  roImagePath: str,
  insuranceCardImagePath: str,
  windshieldImagePaths: z.array(z.string()),
});

/** The body of GET /api/ServiceVehicle/{id} and of every write on one vehicle (spec 1 §3). */
export const svDetail = z.object({
  id: int,
  facility: facilityRef.nullable(),
  paymentTypeId: int,
  lock: lockOut.nullable(),
  followedUp: z.boolean(),
  followUpDate: instant.nullable(),
  readyForParts: z.boolean(),
  readyToCall: z.boolean(),
  readyToSchedule: z.boolean(),
  okToCall: z.boolean(),
  lastContactAt: instant.nullable(),
  vehicle: z.object({
    year: int.nullable(),
    make: str,
    model: str,
    vin: str,
    licenseTag: str,
    licenseState: str,
    serviceTag: str,
    stockNumber: str,
    topper: str,
    bodyStyle: str,
    color: str,
    mileage: int.nullable(),
    sourceId: int.nullable(),
  }),
  repairOrder: z.object({
    repairOrderNumber: str,
    openedAt: instant.nullable(),
    closedAt: instant.nullable(),
    statusDescription: str,
    statusId: int.nullable(),
    total: amount.nullable(),
  }),
  customer: z
    .object({
      id: int,
      firstName: str,
      lastName: str,
      email: str,
      doNotCall: z.boolean(),
      doNotText: z.boolean(),
      doNotEmail: z.boolean(),
      contact: z.object({ primaryPhone: phoneOut, secondaryPhone: phoneOut }),
    })
    .nullable(),
  internal: z.boolean(),
  createdBy: userRef.nullable(),
  createdAt: instant,
  updatedAt: instant,
  leadTechnician: userRef.nullable(),
  inspectedAt: instant.nullable(),
  promisedDateTime: instant.nullable(),
  invoiceId: int.nullable(),
  serviceAdvisorName: str,
  void: z.boolean(),
  lost: z.boolean(),
  lostReason: namedRef.nullable(),
  flagged: z.boolean(),
  repairCount: int,
  windshieldChecked: z.boolean(),
  windshieldNotes: str,
  replacementPartsCount: int,
  thumb: int,
  repairs: z.array(svRepair),
  parkedItem: z
    .object({
      id: int,
      parkLine: int,
      parkedAt: instant,
      parkedByUserId: int.nullable(),
      parkedBy: str,
      parkedForUserId: int.nullable(),
      parkedFor: str,
      parkedForMessageGroupId: int.nullable(),
      parkedForMessageGroup: str,
    })
    .nullable(),
  notesCount: int,
  history: z.array(svHistoryEntry),
  lastDisposition: z.object({ id: int, name: z.string(), at: instant.nullable() }).nullable(),
  priority: int,
  priorityColor: str,
  repairQuoteAmount: amount.nullable(),
  replacementQuoteAmount: amount.nullable(),
  factory: str,
  internalTotal: amount.nullable(),
  warrantyTotal: amount.nullable(),
  customerTotal: amount.nullable(),
  images: svImages,
});
export type SvDetail = z.infer<typeof svDetail>;
export type SvRepair = z.infer<typeof svRepair>;
export type SvHistoryEntry = z.infer<typeof svHistoryEntry>;
export type SvImages = z.infer<typeof svImages>;
export type { UserRef as SvUserRef } from './field-schemas.js';

/** GET /api/ServiceVehicle/Accessories/{id}: those on the vehicle's invoice. */
export const svAccessory = z.object({
  id: int,
  accessoryId: int,
  name: z.string(),
  partNumber: str,
  price: z.union([z.number(), z.string()]).nullable(),
  requiresCalibration: z.boolean().nullable(),
});
export type SvAccessory = z.infer<typeof svAccessory>;

/** GET /api/VinLookup/history rows, newest first. */
export const vinLookup = z.object({
  id: int,
  vin: z.string(),
  serviceVehicleId: int.nullable(),
  lookedUpAt: instant,
  user: str,
  source: str,
  year: int.nullable(),
  make: str,
  model: str,
  bodyStyle: str,
});
export type VinLookup = z.infer<typeof vinLookup>;

/** GET /api/ServiceVehicle/Sources and the quick-quote pick lists. */
export const svSources = z.array(namedRef);
export const quickQuoteLists = z.object({ partTypes: z.array(namedRef), grades: z.array(namedRef) });
export type SvSources = z.infer<typeof svSources>;
export type QuickQuoteLists = z.infer<typeof quickQuoteLists>;

/* ------------------------------------------------------------------ lists */

const nullableInt = int.nullable();
/**
 * A row of GET /api/ServiceVehicles and of the My lists (OData; paths `a/b` arrive nested). `$select`
 * answers a subset, so the tests read such pages with `.partial()`.
 */
export const svListRow = z.object({
  id: int,
  createdAt: instant,
  updatedAt: instant,
  flagged: z.boolean(),
  followUpDate: instant.nullable(),
  followedUp: z.boolean(),
  activityDate: instant,
  inspectedAt: instant.nullable(),
  promisedDateTime: instant.nullable(),
  repairCount: int,
  serviceAdvisorName: str,
  hasServiceAdvisor: z.boolean().nullable(),
  windshieldChecked: z.boolean(),
  windshieldNotes: str,
  internal: z.boolean(),
  void: z.boolean(),
  lost: z.boolean(),
  readyToCall: z.boolean(),
  readyForParts: z.boolean(),
  readyToSchedule: z.boolean(),
  okToCall: z.boolean(),
  lastContactAt: instant.nullable(),
  invoiceId: nullableInt,
  thumb: int,
  paymentTypeId: int,
  notesCount: int,
  facilityId: int,
  leadTechnicianId: nullableInt,
  createdById: nullableInt,
  customerId: nullableInt,
  sourceId: nullableInt,
  vehicle: z.object({
    year: nullableInt,
    make: str,
    model: str,
    vin: str,
    licenseTag: str,
    serviceTag: str,
    stockNumber: str,
  }),
  repairOrder: z.object({ repairOrderNumber: str, statusId: int, openedAt: instant.nullable() }),
  facility: z.object({ name: z.string(), shortName: z.string() }),
  leadTechnician: str,
  locked: z.boolean(),
  lockedBy: str,
  customer: z.object({
    firstName: str,
    lastName: str,
    primaryPhone: str,
    primaryPhoneTypeId: nullableInt,
    secondaryPhone: str,
    secondaryPhoneTypeId: nullableInt,
  }),
  parkLine: nullableInt,
  priority: int,
  priorityColor: str,
});
export type SvListRow = z.infer<typeof svListRow>;

/** The latest tech request of a My Requests row. */
export const svRequest = z.object({
  conversationId: int,
  subject: str,
  startedAt: instant.nullable(),
  startedByUserId: nullableInt,
  startedBy: str,
  lastMessageAt: instant.nullable(),
  unread: z.union([z.boolean(), z.number()]).nullable(),
});
/** GET /api/listMyServiceVehicles and /api/listMyRequests: `{items, total}`. */
export const myServiceVehicles = z.object({
  items: z.array(svListRow.extend({ request: svRequest.nullable().optional() })),
  total: int,
});
export type MyServiceVehicles = z.infer<typeof myServiceVehicles>;

/**
 * The stages of My Pipeline, in the order a sale moves through them (docs/decisions/0018-my-pipeline.md):
 * the user's open work from first contact to the money.
 */
export const PIPELINE_STAGES = [
  { stage: 'noContact', title: 'No contact yet' },
  { stage: 'contacted', title: 'Contacted' },
  { stage: 'invoiced', title: 'Invoiced' },
  { stage: 'completed', title: 'Completed, not funded' },
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number]['stage'];

/** GET /api/listMyPipeline: each stage with its total and a page of its rows (priority order). */
export const myPipeline = z.object({
  stages: z.array(
    z.object({
      stage: z.enum(PIPELINE_STAGES.map((s) => s.stage) as [PipelineStage, ...PipelineStage[]]),
      title: z.string(),
      total: int,
      items: z.array(svListRow),
    }),
  ),
});
export type MyPipeline = z.infer<typeof myPipeline>;

/** GET /api/ServiceVehicleHistory rows (OData, newest first). */
export const svHistoryRow = z.object({
  id: int,
  serviceVehicleId: int,
  activityDate: instant,
  activity: z.string(),
  userId: nullableInt,
  user: str,
  details: str,
  activityLogId: nullableInt,
  isContact: z.boolean(),
});
export type SvHistoryRow = z.infer<typeof svHistoryRow>;

const quoteOut = z.object({
  invoiceId: nullableInt,
  cog: amount.nullable(),
  partNumber: str,
  partTypeId: nullableInt,
  quoted: amount.nullable(),
  gradeId: nullableInt,
  manufacturer: str,
});
/** GET /api/QuickQuotes rows (OData) and the POST/PUT answers. */
export const quickQuote = z.object({
  id: int,
  quotedAt: instant,
  serviceVehicleId: int,
  quotedById: nullableInt,
  quotedBy: str,
  quote1: quoteOut,
  quote2: quoteOut,
});
export type QuickQuote = z.infer<typeof quickQuote>;
