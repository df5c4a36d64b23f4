// Over 300 lines: the appointment routes' HTTP contract, schema by schema (one resource).
import { z } from 'zod';
import { US_STATES } from '../us-states.js';
import { id, timestamp } from './common.js';
import { loanerReservationRow } from './loaners.js';

/**
 * Appointments (issue #18, spec 2 §2, §3, §4, §7): the lists (mine, facility), the calendar, one
 * invoice's appointment details, and the schedule form (appointmentsSchedule/*).
 *
 * Times: `appointmentDateTime` etc. are instants (ISO with offset). `localDateTime` is the same
 * instant on the wall clock of the appointment's facility ('YYYY-MM-DDTHH:mm'), which is what the
 * calendar and lists show; a schedule save sends the wall clock of the invoice's facility.
 */

const flag = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');
const ymd = z.iso.date();
const yesNo = z
  .enum(['YES', 'NO', 'Yes', 'No', 'yes', 'no', 'true', 'false'])
  .transform((v) => /^(yes|true)$/i.test(v));

export { APPOINTMENT_CHANGED_EVENT } from '../realtime-events.js';
/** A visit booked, moved or updated (its invoice), or an installer's route of a day reordered (invoiceId null). */
export const appointmentChanged = z.object({
  invoiceId: id.nullable(),
  facilityId: id.nullable(),
  installerId: id.nullable(),
});
export type AppointmentChanged = z.infer<typeof appointmentChanged>;

export const appointmentGroupName = z.enum(['completed', 'reschedule', 'scheduled']);

/** One visit as the lists, the calendar and the details show it. */
export const appointmentRow = z.object({
  id,
  scheduleId: id,
  invoiceId: id,
  partTypeId: id,
  partTypeName: z.string(),
  /** The part type is replacement glass (part type 1 is a chip repair). */
  isReplacement: z.boolean(),
  facilityId: id,
  facilityName: z.string(),
  installerId: id.nullable(),
  installerName: z.string().nullable(),
  appointmentDateTime: timestamp,
  /** appointmentDateTime on the facility's wall clock, 'YYYY-MM-DDTHH:mm'. */
  localDateTime: z.string(),
  scheduledTime: timestamp.nullable(),
  eta: timestamp.nullable(),
  ata: timestamp.nullable(),
  etc: timestamp.nullable(),
  atc: timestamp.nullable(),
  statusId: id,
  statusName: z.string(),
  group: appointmentGroupName,
  confirmedDateTime: timestamp.nullable(),
  customerWaiting: z.boolean(),
  reviewedDateTime: timestamp.nullable(),
  sortDate: timestamp.nullable(),
  timeAllowed: z.number().int(),
  serviceAppointment: z.boolean(),
  serviceAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  customerName: z.string().nullable(),
  vehicle: z.string().nullable(),
  instructions: z.string().nullable(),
  scheduleInstructions: z.string().nullable(),
  loanerCarId: id.nullable(),
  loanerCarName: z.string().nullable(),
  expectedReturnTime: timestamp.nullable(),
  customerIsWaiting: z.boolean(),
  customerWaitingOptionId: id.nullable(),
  customerWaitingOptionName: z.string().nullable(),
});
export type AppointmentRow = z.infer<typeof appointmentRow>;
export const appointmentRows = z.array(appointmentRow);

/** GET /api/appointments {mineOnly, startDate}: the day's visits (mine: where I am the installer). */
export const appointmentsQuery = z.object({
  mineOnly: flag.optional(),
  startDate: ymd.optional(),
});
/** GET /api/appointments/facility {appointmentStartDate}: the day's visits of my current facility. */
export const facilityAppointmentsQuery = z.object({
  appointmentStartDate: ymd.optional(),
  facilityId: z.coerce.number().int().positive().optional(),
});

/** GET /api/appointments/details|images|… {invoiceId, partTypeId?} */
export const invoiceAppointmentQuery = z.object({
  invoiceId: z.coerce.number().int().positive(),
  partTypeId: z.coerce.number().int().positive().optional(),
});

/** GET /api/appointments/details: every visit of the invoice (newest first) with its schedule. */
export const appointmentDetails = z.object({
  invoiceId: id,
  facilityId: id,
  timeZone: z.string(),
  customerName: z.string().nullable(),
  vehicle: z.string().nullable(),
  vin: z.string().nullable(),
  appointments: appointmentRows,
});
export type AppointmentDetails = z.infer<typeof appointmentDetails>;

export const appointmentImage = z.object({
  id,
  statusUpdateId: id,
  fileId: id.nullable(),
  path: z.string(),
  statusId: id,
  createdAt: timestamp,
});
export const appointmentImages = z.array(appointmentImage);
export type AppointmentImage = z.infer<typeof appointmentImage>;

export const appointmentAccessory = z.object({ id, name: z.string(), partNumber: z.string().nullable() });
export const appointmentAccessories = z.array(appointmentAccessory);
export type AppointmentAccessory = z.infer<typeof appointmentAccessory>;

export const appointmentPart = z.object({
  id,
  partTypeId: id.nullable(),
  partTypeName: z.string().nullable(),
  partNumber: z.string().nullable(),
  description: z.string().nullable(),
  statusId: id,
  statusName: z.string(),
});
export const appointmentParts = z.array(appointmentPart);
export type AppointmentPart = z.infer<typeof appointmentPart>;

export const appointmentMaterial = z.object({
  id,
  statusUpdateId: id,
  materialId: id,
  name: z.string(),
  quantity: z.string(),
});
export const appointmentMaterials = z.array(appointmentMaterial);
export type AppointmentMaterial = z.infer<typeof appointmentMaterial>;

/** Notes written with status updates from the field. */
export const appointmentNote = z.object({
  id,
  appointmentId: id.nullable(),
  partTypeId: id.nullable(),
  statusId: id,
  statusName: z.string(),
  note: z.string(),
  userName: z.string().nullable(),
  createdAt: timestamp,
});
export const appointmentNotes = z.array(appointmentNote);
export type AppointmentNote = z.infer<typeof appointmentNote>;

// ---------------------------------------------------------------------------------------------
// appointmentsSchedule/*

export const calendarView = z.enum(['Day', 'Week', 'Month']);
export type CalendarView = z.infer<typeof calendarView>;

/** GET /api/appointmentsSchedule/calendar */
export const calendarQuery = z.object({
  startDate: ymd,
  view: calendarView.default('Week'),
  installerId: z.coerce.number().int().positive().optional(),
  facilityId: z.coerce.number().int().positive().optional(),
  /** Page attribute switches YES/NO; both absent means both shown. */
  repairs: yesNo.optional(),
  replacements: yesNo.optional(),
});
/**
 * One visit as the calendar draws it: when, how long, whose lane, its status colour and its title, as a tuple
 * in the order of CALENDAR_ENTRY_FIELDS (`calendarVisit` names them). A week of a busy facility holds 1,500
 * visits: as objects they were 250 KB, as tuples 100 KB, and an answer over 128 KB costs several times more to
 * send (bench/RESULTS.md, decision 0012). So the rest of a visit (address, phones, loaner…) is read on click
 * (`GET /api/appointments/details`), and names the answer would repeat are given once: the installer's in the
 * answer's `installers`, the part type's in its `partTypes`, the status's by the domain's
 * `appointmentStatusLabel`.
 */
export const calendarEntry = z.tuple([
  id,
  id,
  id,
  id.nullable(),
  /** On the facility's wall clock, 'YYYY-MM-DDTHH:mm'. */
  z.string(),
  /** Minutes. */
  z.number().int(),
  id,
  z.string().nullable(),
]);
export type CalendarEntry = z.infer<typeof calendarEntry>;
export const CALENDAR_ENTRY_FIELDS = [
  'id',
  'invoiceId',
  'partTypeId',
  'installerId',
  'localDateTime',
  'timeAllowed',
  'statusId',
  'customerName',
] as const;
type EntryFields = typeof CALENDAR_ENTRY_FIELDS;
/** A calendar entry with its fields named. */
export type CalendarVisit = {
  [I in keyof EntryFields & `${number}` as EntryFields[I]]: CalendarEntry[I & keyof CalendarEntry];
};
export const calendarVisit = (entry: CalendarEntry): CalendarVisit =>
  Object.fromEntries(CALENDAR_ENTRY_FIELDS.map((k, i) => [k, entry[i]])) as CalendarVisit;
export const calendarAnswer = z.object({
  startDate: ymd,
  endDate: ymd,
  view: calendarView,
  timeZone: z.string(),
  /** First visible time of the Day/Week view ('HH:mm'), domain calendarStartTime. */
  scrollTo: z.string(),
  /** The lanes: active installers of the facility, and any other installer with a visit shown. */
  installers: z.array(z.object({ id, name: z.string() })),
  /** The part types of the visits shown. */
  partTypes: z.array(z.object({ id, name: z.string() })),
  appointments: z.array(calendarEntry),
});
export type CalendarAnswer = z.infer<typeof calendarAnswer>;

/** GET /api/appointmentsSchedule/list {invoiceId, startDate, employeeId}: the installer's day and the invoice's schedules. */
export const scheduleListQuery = z.object({
  invoiceId: z.coerce.number().int().positive().optional(),
  startDate: ymd.optional(),
  employeeId: z.coerce.number().int().positive().optional(),
});

export const appointmentSchedule = z.object({
  id,
  invoiceId: id,
  partTypeId: id,
  installerId: id.nullable(),
  serviceAddress: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone1: z.string().nullable(),
  phone1AllowText: z.boolean(),
  phone2: z.string().nullable(),
  phone2AllowText: z.boolean(),
  email: z.string().nullable(),
  allowEmail: z.boolean(),
  serviceAppointment: z.boolean(),
  timeAllowed: z.number().int(),
  loanerCarId: id.nullable(),
  expectedReturnTime: timestamp.nullable(),
  /** expectedReturnTime on the facility's wall clock. */
  localExpectedReturnTime: z.string().nullable(),
  customerIsWaiting: z.boolean(),
  customerWaitingOptionId: id.nullable(),
  instructions: z.string().nullable(),
  scheduleInstructions: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The current visit (latest), if any. */
  current: appointmentRow.nullable(),
});
export type AppointmentSchedule = z.infer<typeof appointmentSchedule>;

export const scheduleListAnswer = z.object({
  startDate: ymd,
  timeZone: z.string(),
  schedules: z.array(appointmentSchedule),
  /** The installer's visits that day (any invoice). */
  dayAppointments: appointmentRows,
});
export type ScheduleListAnswer = z.infer<typeof scheduleListAnswer>;

/** GET /api/appointmentsSchedule/dayRelatedRecords {invoiceId}: what the form starts from. */
export const dayRelatedQuery = z.object({ invoiceId: z.coerce.number().int().positive() });
export const dayRelatedRecords = z.object({
  invoiceId: id,
  facilityId: id,
  facilityName: z.string(),
  timeZone: z.string(),
  isReplacement: z.boolean(),
  customerName: z.string().nullable(),
  vehicle: z.string().nullable(),
  /** Prefill from the invoice's customer and service address. */
  defaults: z.object({
    serviceAddress: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone1: z.string().nullable(),
    phone2: z.string().nullable(),
    email: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  partTypes: z.array(z.object({ id, name: z.string(), isReplacement: z.boolean() })),
  loanerCars: z.array(z.object({ id, name: z.string(), loanerCarTypeName: z.string() })),
  schedules: z.array(appointmentSchedule),
});
export type DayRelatedRecords = z.infer<typeof dayRelatedRecords>;

/**
 * GET /api/appointmentsSchedule/details (spec 2 §7 lists it without parameters; our design): one
 * schedule by `id`, or by `invoiceId` (+ `partTypeId` when the invoice has schedules for several part
 * types). Exactly one of `id` and `invoiceId`.
 */
export const scheduleDetailsQuery = z
  .object({
    id: z.coerce.number().int().positive('id is a positive whole number').optional(),
    invoiceId: z.coerce.number().int().positive('invoiceId is a positive whole number').optional(),
    partTypeId: z.coerce.number().int().positive('partTypeId is a positive whole number').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.id === undefined && q.invoiceId === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'Give the schedule id or the invoiceId' });
    if (q.id !== undefined && q.invoiceId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['invoiceId'], message: 'Give either id or invoiceId, not both' });
    if (q.id !== undefined && q.partTypeId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['partTypeId'], message: 'partTypeId goes with invoiceId only' });
  });
export type ScheduleDetailsQuery = z.infer<typeof scheduleDetailsQuery>;

/**
 * The answer: the schedule as the save form needs it (every field of spec 2 §3 "Appointment schedule
 * save", the current visit's time on the facility's wall clock as `appointmentDateTime`), the names
 * shown beside the ids, the loaner reservation (the /loaner-reservations row; null without a loaner)
 * and every visit with its status, newest first.
 */
export const scheduleDetails = appointmentSchedule.extend({
  /** The save body's name for invoiceId. */
  scheduleInvoiceId: id,
  facilityId: id,
  facilityName: z.string(),
  timeZone: z.string(),
  partTypeName: z.string(),
  installerName: z.string().nullable(),
  customerName: z.string().nullable(),
  vehicle: z.string().nullable(),
  /** The current visit's time on the facility's wall clock ('YYYY-MM-DDTHH:mm'), null before a first visit. */
  appointmentDateTime: z.string().nullable(),
  loanerCarName: z.string().nullable(),
  customerWaitingOptionName: z.string().nullable(),
  loanerReservation: loanerReservationRow.nullable(),
  appointments: appointmentRows,
});
export type ScheduleDetails = z.infer<typeof scheduleDetails>;

const STATE_CODES = US_STATES.map((s) => s.code) as [string, ...string[]];
const optText = (max: number) => z.string().trim().max(max).nullish();
/** 'YYYY-MM-DDTHH:mm' (facility wall clock) or an ISO instant with offset. */
const dateTime = z.iso.datetime({ local: true }).or(z.iso.datetime({ offset: true }));

/**
 * The longest time a visit may be allowed, in minutes (the save's limit, the only writer of time_allowed): the
 * overlap check looks no further back than this for a visit still running at the new one's start.
 */
export const TIME_ALLOWED_MAX_MINUTES = 720;

/** POST /api/appointmentsSchedule/save (spec 2 §3 "Appointment schedule save"). */
export const scheduleSaveBody = z
  .object({
    scheduleInvoiceId: z.number().int().positive(),
    partTypeId: z.number().int().positive(),
    installerId: z.number().int().positive(),
    appointmentDateTime: dateTime,
    serviceAddress: optText(200),
    city: optText(100),
    state: z.enum(STATE_CODES).nullish(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Zip is 5 digits (or ZIP+4)')
      .nullish()
      .or(z.literal('')),
    phone1: optText(30),
    phone1AllowText: z.boolean().default(false),
    phone2: optText(30),
    phone2AllowText: z.boolean().default(false),
    email: z.email().nullish().or(z.literal('')),
    allowEmail: z.boolean().default(false),
    serviceAppointment: z.boolean().default(false),
    timeAllowed: z.number().int().min(5).max(TIME_ALLOWED_MAX_MINUTES),
    loanerCarId: z.number().int().positive().nullish(),
    expectedReturnTime: dateTime.nullish(),
    customerIsWaiting: z.boolean().default(false),
    customerWaitingOptionId: z.number().int().positive().nullish(),
    instructions: optText(2000),
    scheduleInstructions: optText(2000),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.serviceAppointment && !b.serviceAddress?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['serviceAddress'],
        message: 'A service appointment needs the service address',
      });
    if (b.loanerCarId && !b.expectedReturnTime)
      ctx.addIssue({
        code: 'custom',
        path: ['expectedReturnTime'],
        message: 'A loaner car needs the expected return time',
      });
    // Two wall-clock times compare as text; with an offset the server compares the instants.
    const wallClock = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
    if (
      b.expectedReturnTime &&
      wallClock.test(b.expectedReturnTime) &&
      wallClock.test(b.appointmentDateTime) &&
      b.expectedReturnTime.slice(0, 16) <= b.appointmentDateTime.slice(0, 16)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['expectedReturnTime'],
        message: 'The expected return time is after the appointment time',
      });
    if ((b.latitude == null) !== (b.longitude == null))
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Latitude and longitude go together' });
  });
export type ScheduleSaveBody = z.input<typeof scheduleSaveBody>;

/** POST /api/appointmentsSchedule/cancel {invoiceId, partTypeId, note?} */
export const scheduleCancelBody = z.object({
  invoiceId: z.number().int().positive(),
  partTypeId: z.number().int().positive(),
  note: optText(500),
});

export const scheduleSaveAnswer = z.object({
  schedule: appointmentSchedule,
  /** What the save did: booked a first visit, moved the current one, booked a new visit after a ReSchedule, or only edited. */
  action: z.enum(['booked', 'moved', 'rebooked', 'updated', 'cancelled']),
});
export type ScheduleSaveAnswer = z.infer<typeof scheduleSaveAnswer>;
