import { z } from 'zod';
import { id, timestamp } from './common.js';

/**
 * The Control Room (issue #21 item 2, /control-room; apps/server/src/modules/control-room/README.md): one
 * facility's live board for today. Every figure is computed by the database with the same rules as the
 * screens it summarises (priority of spec 1 §4, the My Service Vehicles follow-up filter, parked badge ages).
 */

/** Real-time event of a facility's board: something on it changed; the client reads the board again. */
export const CONTROL_ROOM_CHANGED_EVENT = 'ControlRoomChanged';
/** The client asks to follow one facility's board ({facilityId}); answered by ack {ok, error?}. */
export const CONTROL_ROOM_WATCH_EVENT = 'ControlRoomWatch';
/** How many alerts the board lists (the latest). */
export const CONTROL_ROOM_ALERTS = 10;
/** How many of the day's claim rejections the board lists (the latest; the count is of all). */
export const CONTROL_ROOM_REJECTIONS = 20;

export const controlRoomQuery = z.object({
  /** Default: the user's own facility. */
  facilityId: z.coerce.number().int().positive().optional(),
});
export type ControlRoomQuery = z.infer<typeof controlRoomQuery>;

export const controlRoomChanged = z.object({ facilityId: id });
export type ControlRoomChanged = z.infer<typeof controlRoomChanged>;

const count = z.number().int().min(0);
const priorityColor = z.enum(['red', 'green']).nullable();

export const boardFacility = z.object({ id, name: z.string(), shortName: z.string().nullable() });
export type BoardFacility = z.infer<typeof boardFacility>;

export const boardServiceVehicle = z.object({
  id,
  createdAt: timestamp,
  priority: z.number().int(),
  vehicle: z.string(),
  repairOrderNumber: z.string().nullable(),
});

export const boardStop = z.object({
  appointmentId: id,
  invoiceId: id,
  statusId: z.number().int(),
  status: z.string(),
  at: timestamp,
  eta: timestamp.nullable(),
  ata: timestamp.nullable(),
  stopOrder: z.number().int().nullable(),
  address: z.string().nullable(),
});
export type BoardStop = z.infer<typeof boardStop>;

export const boardInstaller = z.object({
  installerId: id,
  name: z.string(),
  total: count,
  completed: count,
  /** The visit in progress (Arrived), else the next Scheduled one in route order; null when the day is done. */
  currentStop: boardStop.nullable(),
});
export type BoardInstaller = z.infer<typeof boardInstaller>;

export const boardParked = z.object({
  id,
  parkLine: z.number().int(),
  recordType: z.enum(['Invoice', 'ServiceVehicle']),
  recordNumber: id,
  parkedAt: timestamp,
  parkedBy: z.string(),
  parkedFor: z.string(),
  /** Age colour when the board was read (spec 2 §9); the screen recomputes it as time passes. */
  color: z.enum(['green', 'yellow', 'red']),
});
export type BoardParked = z.infer<typeof boardParked>;

export const boardOnDuty = z.object({
  id,
  name: z.string(),
  roleId: z.number().int(),
  since: timestamp.nullable(),
});

export const boardAlert = z.object({
  id,
  type: z.string(),
  createdAt: timestamp,
  recordType: z.string().nullable(),
  recordId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  parkedBy: z.string().nullable(),
  parkedFor: z.string().nullable(),
  followUpFor: z.string().nullable(),
});
export type BoardAlert = z.infer<typeof boardAlert>;

/** A claim the clearing house rejected today (issue #35 item 5): what the billing office must fix and resend. */
export const boardRejection = z.object({
  /** The claim submission. */
  id,
  invoiceId: id,
  clearingHouse: z.string(),
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  /** When it was recorded as Rejected. */
  at: timestamp,
  /** Who recorded it (a person's name), else null with what did (`source`, e.g. 'remittance'). */
  by: z.string().nullable(),
  source: z.string().nullable(),
});
export type BoardRejection = z.infer<typeof boardRejection>;

export const controlRoomBoard = z.object({
  facility: boardFacility.extend({ timeZone: z.string() }),
  /** The facilities this user may watch (the picker and the wall's rotation). */
  facilities: z.array(boardFacility),
  /** When the database read the board, and today's date in the facility's zone. */
  readAt: timestamp,
  today: z.string(),
  serviceVehicles: z.object({
    /** Open vehicles (not invoiced, lost or void; repairs > 0 as every list), one entry per priority 1–6. */
    byPriority: z.array(z.object({ priority: z.number().int(), color: priorityColor, count })),
    open: count,
    /** Priority 1 and 2: ready to call, no contact yet. */
    readyNoContact: count,
    oldestReadyNoContact: boardServiceVehicle.nullable(),
  }),
  followUps: z.object({
    serviceVehicles: z.object({ overdue: count, dueToday: count }),
    invoices: z.object({ overdue: count, dueToday: count }),
  }),
  appointments: z.object({
    total: count,
    byStatus: z.array(z.object({ statusId: z.number().int(), status: z.string(), count })),
    installers: z.array(boardInstaller),
  }),
  parked: z.array(boardParked),
  onDuty: z.array(boardOnDuty),
  alerts: z.array(boardAlert),
  /**
   * Claim submissions of the facility's invoices moved to Rejected today (the facility's day): how many, and the
   * latest CONTROL_ROOM_REJECTIONS of them, newest first.
   */
  rejections: z.object({ today: count, latest: z.array(boardRejection) }),
});
export type ControlRoomBoard = z.infer<typeof controlRoomBoard>;
