import { z } from 'zod';
import { AppointmentStatus } from '../enums.js';
import { id, timestamp } from './common.js';

/**
 * The installer in the field (issue #18 items 3 and 4; apps/server/src/modules/appointment-field/README.md):
 * the installer's day, the status call, the marks and the routes.
 */

const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a calendar date');
const latitude = z.coerce
  .number()
  .min(-90, 'Latitude is between -90 and 90')
  .max(90, 'Latitude is between -90 and 90');
const longitude = z.coerce
  .number()
  .min(-180, 'Longitude is between -180 and 180')
  .max(180, 'Longitude is between -180 and 180');
const statusIds = Object.values(AppointmentStatus) as number[];

/** GET /api/appointments/my-day {date?}: the signed-in installer's stops of a day (default today). */
export const myDayQuery = z.object({ date: ymd.optional() });

export const stopPart = z.object({
  id,
  partNumber: z.string().nullable(),
  description: z.string().nullable(),
  statusName: z.string().nullable(),
});
export const stopMaterial = z.object({ id, name: z.string(), quantity: z.number() });

export const installerStop = z.object({
  appointmentId: id,
  scheduleId: id,
  invoiceId: id,
  partTypeId: id,
  partTypeName: z.string().nullable(),
  facilityId: id,
  statusId: id,
  statusName: z.string(),
  /** The statuses the server accepts next (Scheduled → Arrived → Completed, or ReSchedule / Cancelled). */
  nextStatusIds: z.array(id),
  appointmentDateTime: timestamp,
  eta: timestamp.nullable(),
  ata: timestamp.nullable(),
  atc: timestamp.nullable(),
  timeAllowed: z.number().int(),
  serviceAppointment: z.boolean(),
  stopOrder: z.number().int().nullable(),
  customerName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phones: z.array(z.object({ phone: z.string(), allowText: z.boolean() })),
  vehicle: z.object({
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    vin: z.string().nullable(),
  }),
  parts: z.array(stopPart),
  accessories: z.array(z.object({ id, name: z.string() })),
  materials: z.array(stopMaterial),
  instructions: z.string().nullable(),
  scheduleInstructions: z.string().nullable(),
  customerWaiting: z.boolean(),
  customerWaitingOption: z.string().nullable(),
  loaner: z.object({ id, name: z.string(), licensePlate: z.string().nullable() }).nullable(),
  confirmedDateTime: timestamp.nullable(),
  reviewedDateTime: timestamp.nullable(),
});
export type InstallerStop = z.infer<typeof installerStop>;

export const installerDay = z.object({
  date: z.string(),
  timeZone: z.string(),
  installerId: id,
  start: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  stops: z.array(installerStop),
});
export type InstallerDay = z.infer<typeof installerDay>;

/**
 * POST /api/appointments/status, multipart (spec 2 §7): InvoiceId, PartTypeId, StatusId, Latitude,
 * Longitude, Note, Materials[] (material ids, or `id:quantity`), Files (photos), and the idempotency key
 * as the `Idempotency-Key` header or the `ClientKey` field.
 */
export const statusFields = z.object({
  InvoiceId: z.coerce.number().int().positive('InvoiceId is required'),
  PartTypeId: z.coerce.number().int().positive('PartTypeId is required'),
  StatusId: z.coerce
    .number()
    .int()
    .refine((v) => statusIds.includes(v), 'StatusId is not an appointment status'),
  Latitude: latitude.optional(),
  Longitude: longitude.optional(),
  Note: z.string().trim().max(2000, 'Note is at most 2000 characters').optional(),
  /**
   * The visit and its status as the installer saw them (an update queued offline, issue #34 item 3): when the
   * office has since replaced the visit or changed its status, the update is a 409 conflict and changes nothing.
   */
  AppointmentId: z.coerce.number().int().positive('AppointmentId is a visit id').optional(),
  SeenStatusId: z.coerce
    .number()
    .int()
    .refine((v) => statusIds.includes(v), 'SeenStatusId is not an appointment status')
    .optional(),
  ClientKey: z
    .string()
    .trim()
    .min(8, 'The idempotency key is 8 to 100 characters')
    .max(100, 'The idempotency key is 8 to 100 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'The idempotency key uses letters, digits and . _ : -')
    .optional(),
});
export type StatusFields = z.infer<typeof statusFields>;

export const statusUpdateResult = z.object({
  statusUpdateId: id,
  appointmentId: id,
  invoiceId: id,
  partTypeId: id,
  statusId: id,
  statusName: z.string(),
  createdAt: timestamp,
  photos: z.number().int(),
  /** True when this was the same call sent again (same key): nothing changed. */
  replayed: z.boolean(),
});
export type StatusUpdateResult = z.infer<typeof statusUpdateResult>;

/** POST /api/appointments/markappointmentconfirmed | markcustomerwaiting | markAppointmentReviewed. */
export const markBody = z.object({
  invoiceId: z.number().int().positive(),
  partTypeId: z.number().int().positive(),
});
export type MarkBody = z.infer<typeof markBody>;
export const markResult = z.object({
  appointmentId: id,
  invoiceId: id,
  partTypeId: id,
  confirmedDateTime: timestamp.nullable(),
  customerWaiting: z.boolean(),
  reviewedDateTime: timestamp.nullable(),
});
export type MarkResult = z.infer<typeof markResult>;

/** POST /api/appointments/route and /facility/route (spec 2 §7). */
export const routeBody = z.object({
  installerId: z.number().int().positive(),
  routeDate: ymd,
  autoUpdate: z.boolean().default(false),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  currentStatus: z.string().trim().max(100).nullable().optional(),
  appointmentIds: z.array(z.number().int().positive()).max(100, 'At most 100 stops'),
});
export type RouteBody = z.infer<typeof routeBody>;

/** GET /api/appointments/route {userId, facilityId, startDate}. */
export const routeQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
  facilityId: z.coerce.number().int().positive().optional(),
  startDate: ymd.optional(),
});

export const routeStop = z.object({
  appointmentId: id,
  invoiceId: id,
  partTypeId: id,
  stopOrder: z.number().int().nullable(),
  statusId: id,
  statusName: z.string(),
  appointmentDateTime: timestamp,
  timeAllowed: z.number().int(),
  customerName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type RouteStopRow = z.infer<typeof routeStop>;

export const installerRoute = z.object({
  /** Null when nothing was saved yet: the stops come in appointment time order. */
  id: id.nullable(),
  installerId: id,
  installerName: z.string(),
  facilityId: id.nullable(),
  routeDate: z.string(),
  autoUpdate: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  currentStatus: z.string().nullable(),
  updatedAt: timestamp.nullable(),
  /** The zone the day (and the stops' times) is read in: the installer's facility's, or the facility asked for. */
  timeZone: z.string(),
  /** Where the route starts: its saved position, else the installer's facility (null when neither is known). */
  start: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  stops: z.array(routeStop),
});
export type InstallerRoute = z.infer<typeof installerRoute>;
export const installerRoutes = z.array(installerRoute);
