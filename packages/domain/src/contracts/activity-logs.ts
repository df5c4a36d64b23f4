import { z } from 'zod';
import { id, odataPage, timestamp } from './common.js';

/** Activity logs (spec 2 §3 ActivityLog, §7 "Activity logs"). The OData options themselves stay the server's. */

const when = z.iso.datetime({ offset: true }).or(z.iso.date());
const optionalId = z.coerce.number().int().min(0).optional();

/** GET /api/ActivityLogs plain parameters (besides the OData options). */
export const activityLogsParams = z.object({
  StartDate: when.optional(),
  EndDate: when.optional(),
  SessionId: optionalId,
});
/** GET /api/ActivityLogDetails plain parameters. */
export const activityLogDetailsParams = z.object({
  ActivityLogId: optionalId,
  ParamId: optionalId,
  Value: z.string().max(200).optional(),
});

export const activityLogDetail = z.looseObject({
  id,
  paramId: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
});

/** One ActivityLogs row ($select may leave fields out, so the fields besides id are optional). */
export const activityLog = z.looseObject({
  id,
  activityDate: timestamp.optional(),
  sessionId: id.nullish(),
  userId: id.nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  activity: z.string().optional(),
  activityType: z.string().optional(),
  recordType: z.string().nullish(),
  recordId: id.nullish(),
  clientIp: z.string().nullish(),
  details: z.array(activityLogDetail).optional(),
});
export type ActivityLog = z.infer<typeof activityLog>;
export const activityLogs = odataPage(activityLog);

/** One ActivityLogDetails row with its log's activity and date. */
export const activityLogDetailRow = activityLogDetail.extend({
  activityLogId: id.optional(),
  activityLog: z.looseObject({ activity: z.string().nullish(), activityDate: timestamp.nullish() }).nullish(),
});
export type ActivityLogDetailRow = z.infer<typeof activityLogDetailRow>;
export const activityLogDetails = odataPage(activityLogDetailRow);
