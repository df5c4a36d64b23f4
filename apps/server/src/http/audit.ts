import { sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';

/**
 * Parameter ids of activity log details, so one parameter can be traced across logs
 * (GET /api/ActivityLogDetails?ParamId=443 finds every log that touched an invoice id).
 * Names not listed get 0.
 */
export const PARAM_IDS: Record<string, number> = {
  userId: 101,
  facilityId: 102,
  onDuty: 103,
  tiles: 104,
  serviceVehicleId: 201,
  conversationId: 301,
  messageGroupId: 302,
  parkLine: 303,
  invoiceId: 443,
  appointmentId: 501,
};

export interface AuditEntry {
  activity: string;
  type: 'create' | 'update' | 'delete' | 'action' | 'session';
  recordType?: string;
  recordId?: number;
  details?: Record<string, unknown>;
}

/**
 * Writes an activity log row and its details. Pass the unit of work of the change, so the log commits
 * or rolls back with it.
 */
export async function audit(db: Db, user: SessionUser | undefined, entry: AuditEntry): Promise<number> {
  const [log] = await db.rows<{ id: number }>(
    sql`insert into activity_logs (session_id, user_id, activity, activity_type, record_type, record_id)
        values (${user?.sessionId ?? null}, ${user?.id ?? null}, ${entry.activity}, ${entry.type},
                ${entry.recordType ?? null}, ${entry.recordId ?? null})
        returning id`,
  );
  const details = Object.entries(entry.details ?? {}).filter(([, v]) => v !== undefined);
  if (entry.recordType && entry.recordId != null) {
    const key =
      entry.recordType === 'Invoice'
        ? 'invoiceId'
        : entry.recordType === 'ServiceVehicle'
          ? 'serviceVehicleId'
          : undefined;
    if (key && !details.some(([k]) => k === key)) details.push([key, entry.recordId]);
  }
  if (details.length === 0) return log.id;
  const values = details.map(
    ([name, value]) =>
      sql`(${log.id}, ${PARAM_IDS[name] ?? 0}, ${name}, ${value === null ? null : typeof value === 'string' ? value : JSON.stringify(value)})`,
  );
  await db.rows(
    sql`insert into activity_log_details (activity_log_id, param_id, name, value) values ${sql.join(values, sql`, `)}`,
  );
  return log.id;
}
