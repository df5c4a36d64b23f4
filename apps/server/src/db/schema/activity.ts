import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, users } from './core.js';
import { pk } from './columns.js';

/**
 * Audit trail of user actions. sessionId is the sessions.id of the login (no foreign key:
 * sessions are purged, the log is kept). Listed by date range, optionally by session, top 20.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: pk(),
    activityDate: ts('activity_date').notNull().defaultNow(),
    sessionId: integer('session_id'),
    userId: integer('user_id').references(() => users.id),
    activity: text('activity').notNull(),
    activityType: text('activity_type').notNull().default(''),
    clientIp: text('client_ip'),
    recordType: text('record_type'),
    recordId: integer('record_id'),
  },
  (t) => [
    index('activity_logs_date_idx').on(t.activityDate),
    index('activity_logs_session_idx').on(t.sessionId, t.activityDate),
    index('activity_logs_user_idx').on(t.userId, t.activityDate),
  ],
);

/** Name/value parameters of a log entry; paramId identifies the parameter kind (e.g. 443). */
export const activityLogDetails = pgTable(
  'activity_log_details',
  {
    id: pk(),
    activityLogId: integer('activity_log_id')
      .notNull()
      .references(() => activityLogs.id, { onDelete: 'cascade' }),
    paramId: integer('param_id').notNull().default(0),
    name: text('name').notNull(),
    value: text('value'),
  },
  (t) => [
    index('activity_log_details_log_idx').on(t.activityLogId),
    index('activity_log_details_param_idx').on(t.paramId, t.activityLogId),
  ],
);
