import { z } from 'zod';
import { id, timestamp } from './common.js';

/**
 * The call centre (issue #22; apps/server/src/modules/call-center/README.md): call logs from the phone
 * system, call query categories and queries, working a call list, the Call Center dashboard.
 */

/** The real-time event a Call Center dashboard refreshes on (payload `{count}`: how many calls were logged). */
export const CALL_LOGGED_EVENT = 'CallLogged';

/** call_logs.result_id */
export const CALL_RESULTS = { answered: 1, missed: 2, voicemail: 3, busy: 4 } as const;
export type CallResultName = keyof typeof CALL_RESULTS;
export const CALL_RESULT_NAMES = Object.keys(CALL_RESULTS) as [CallResultName, ...CallResultName[]];
export const callResultName = (resultId: number): CallResultName =>
  (CALL_RESULT_NAMES.find((k) => CALL_RESULTS[k] === resultId) ?? 'answered') as CallResultName;

const instantIn = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a zone' });
const phoneIn = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9+().\-\s*#]*$/, 'must be a phone number');

/** One call detail record as the PBX sends it (POST /api/callLog/ingest). */
export const pbxCallRecord = z.strictObject({
  callId: z.string().trim().min(1, 'is required').max(100),
  direction: z
    .enum(['in', 'out', 'inbound', 'outbound'])
    .transform((d) => (d.startsWith('in') ? 'in' : 'out')),
  from: phoneIn,
  to: phoneIn,
  extension: z.string().trim().max(20).nullish(),
  startedAt: instantIn,
  answeredAt: instantIn.nullish(),
  endedAt: instantIn.nullish(),
  result: z.enum(CALL_RESULT_NAMES),
});
export type PbxCallRecord = z.infer<typeof pbxCallRecord>;

export const ingestResult = z.object({
  received: z.number().int(),
  created: z.number().int(),
  /** Call ids already stored (sent before): nothing changed for them. */
  duplicates: z.number().int(),
  records: z.array(
    z.object({
      callId: z.string(),
      id,
      status: z.enum(['created', 'duplicate', 'merged']),
      employeeId: id.nullable(),
      customerId: id.nullable(),
      serviceVehicleId: id.nullable(),
      invoiceId: id.nullable(),
    }),
  ),
});
export type IngestResult = z.infer<typeof ingestResult>;

const ref = z.object({ id, name: z.string() });

/** One call as the call log lists it. */
export const callLogRow = z.object({
  id,
  pbxCallId: z.string().nullable(),
  source: z.enum(['pbx', 'agent']),
  direction: z.enum(['in', 'out']),
  fromPhone: z.string().nullable(),
  toPhone: z.string().nullable(),
  /** The other party's number (from for inbound, to for outbound). */
  phone: z.string().nullable(),
  extension: z.string().nullable(),
  employee: ref.nullable(),
  facilityId: id.nullable(),
  startedAt: timestamp,
  answeredAt: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  durationSeconds: z.number().int(),
  result: z.enum(CALL_RESULT_NAMES),
  customer: ref.nullable(),
  serviceVehicleId: id.nullable(),
  invoiceId: id.nullable(),
  disposition: ref.nullable(),
  notes: z.string().nullable(),
  outcomeAt: timestamp.nullable(),
});
export type CallLogRow = z.infer<typeof callLogRow>;

const dateOrInstant = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'must be a date (YYYY-MM-DD) or an ISO date-time')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'is not a valid date');
const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** GET /api/callLog {employeeId, startDate, endDate}: dates are days in the facility's time zone (default today). */
export const callLogQuery = z.object({
  employeeId: optionalId,
  facilityId: optionalId,
  startDate: dateOrInstant.optional(),
  endDate: dateOrInstant.optional(),
});
export type CallLogQuery = z.infer<typeof callLogQuery>;

/** The criteria of a call query: a saved filter over service vehicles. Every field narrows. */
export const callQueryCriteria = z.strictObject({
  facilityIds: z.array(z.number().int().positive()).max(50).optional(),
  /** Priorities 1–6 (spec 1 §4); none given: the ready-to-call classes 1–4 and overdue follow-ups (5). */
  priorities: z.array(z.number().int().min(1).max(6)).max(6).optional(),
  kind: z.enum(['any', 'repair', 'replacement']).optional(),
  sourceIds: z.array(z.number().int().min(1).max(7)).max(7).optional(),
  /** due: a follow-up date by the end of today, not followed up; overdue: before today. */
  followUp: z.enum(['any', 'due', 'overdue']).optional(),
  /** No customer contact recorded yet. */
  noContactYet: z.boolean().optional(),
  /** Created at least / at most this many days ago. */
  minAgeDays: z.number().int().min(0).max(3650).optional(),
  maxAgeDays: z.number().int().min(0).max(3650).optional(),
});
export type CallQueryCriteria = z.infer<typeof callQueryCriteria>;

export const callQueryCategory = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  queryCount: z.number().int(),
});
export type CallQueryCategory = z.infer<typeof callQueryCategory>;

export const callQuery = z.object({
  id,
  categoryId: id,
  categoryName: z.string(),
  name: z.string(),
  criteria: callQueryCriteria,
  /** The user's own query (theirs to delete); false: shared in the category. */
  mine: z.boolean(),
  userId: id.nullable(),
});
export type CallQuery = z.infer<typeof callQuery>;

export const categoryNameParams = z.object({ name: z.string().trim().min(1).max(100) });

/** POST /api/CallQueryCategories/my/queries */
export const myCallQueryBody = z.strictObject({
  name: z.string().trim().min(1, 'Give the query a name').max(100),
  categoryId: z.number().int().positive().optional(),
  criteria: callQueryCriteria.default({}),
});
export type MyCallQueryBody = z.input<typeof myCallQueryBody>;

/** One record of a call list. */
export const callListRecord = z.object({
  serviceVehicleId: id,
  priority: z.number().int(),
  priorityColor: z.string().nullable(),
  facility: z.object({ id, shortName: z.string() }),
  customer: z
    .object({
      id,
      name: z.string(),
      primaryPhone: z.string().nullable(),
      secondaryPhone: z.string().nullable(),
    })
    .nullable(),
  vehicle: z.string(),
  repairCount: z.number().int(),
  sourceId: z.number().int().nullable(),
  followUpDate: timestamp.nullable(),
  lastContactAt: timestamp.nullable(),
  lastDisposition: z.object({ id, name: z.string(), at: timestamp.nullable() }).nullable(),
  okToCall: z.boolean(),
  createdAt: timestamp,
  lockedBy: z.string().nullable(),
});
export type CallListRecord = z.infer<typeof callListRecord>;

/** GET /api/CallQueries/{id}/list: the first records of the list (read only) and how many match. */
export const callList = z.object({
  query: callQuery,
  total: z.number().int(),
  records: z.array(callListRecord),
});
export type CallList = z.infer<typeof callList>;

/** POST /api/CallQueries/{id}/next */
export const nextRecordBody = z.strictObject({
  /** Records the agent skipped in this session: not handed out again now. */
  excludeIds: z.array(z.number().int().positive()).max(500).optional(),
});
export const nextRecordAnswer = z.object({
  /** The record now locked for the agent; null when the list has nothing left that is free. */
  record: callListRecord.nullable(),
  /** Free records left after this one. */
  remaining: z.number().int(),
});
export type NextRecordAnswer = z.infer<typeof nextRecordAnswer>;

/** POST /api/CallManager/records/{id}/outcome: one step writes the call log link, history and activity log. */
export const callOutcomeBody = z.strictObject({
  dispositionId: z.number().int().positive(),
  result: z.enum(CALL_RESULT_NAMES).default('answered'),
  notes: z.string().trim().max(2000).optional(),
  followUpDate: instantIn.nullish(),
  okToCall: z.boolean().optional(),
  /** The number called (digits); default: the customer's primary phone. */
  phone: phoneIn.optional(),
  /** When the call was placed (default now). */
  calledAt: instantIn.optional(),
  callQueryId: z.number().int().positive().optional(),
  /** Release the record's lock afterwards (default true). */
  release: z.boolean().default(true),
});
export type CallOutcomeBody = z.input<typeof callOutcomeBody>;
export const callOutcomeAnswer = z.object({ callLogId: id, serviceVehicleId: id, historyLogId: id });

const stats = z.object({
  made: z.number().int(),
  received: z.number().int(),
  /** Answered calls the phone system recorded (their talk time is known). */
  answered: z.number().int(),
  /** Outcomes an agent recorded as answered with no phone-system record of the call (yet): no talk time. */
  reportedAnswered: z.number().int(),
  missed: z.number().int(),
  /** Over the phone system's answered calls with a talk time; agent-reported calls never count. */
  avgTalkSeconds: z.number().int(),
  outcomes: z.number().int(),
});
export type CallStats = z.infer<typeof stats>;

export const callCenterDashboardQuery = z.object({
  facilityId: optionalId,
  startDate: dateOrInstant.optional(),
  endDate: dateOrInstant.optional(),
});

/** GET /api/CallCenter/dashboard */
export const callCenterDashboard = z.object({
  range: z.object({ startDate: z.string(), endDate: z.string(), timeZone: z.string() }),
  totals: stats,
  agents: z.array(stats.extend({ employeeId: id, name: z.string(), facilityId: id.nullable() })),
  facilities: z.array(stats.extend({ facilityId: id.nullable(), name: z.string() })),
  /** Open service vehicles ready to call, per priority class 1–4. */
  queue: z.array(z.object({ priority: z.number().int(), count: z.number().int() })),
  followUps: z.object({ due: z.number().int(), overdue: z.number().int() }),
  /** Missed inbound calls in the range nobody called back since. */
  missedNotCalledBack: z.array(callLogRow),
});
export type CallCenterDashboard = z.infer<typeof callCenterDashboard>;
