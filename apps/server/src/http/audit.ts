import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import type { Db } from '../db/unit-of-work.js';
import { logDetailParamId, recordTypeNamed } from '../records/registry.js';

/**
 * Parameter ids of activity log details, so one parameter can be traced across logs
 * (GET /api/ActivityLogDetails?ParamId=443 finds every log that touched an invoice id). The detail naming
 * a record ('invoiceId' 443, 'serviceVehicleId' 201) is declared with its record type
 * (records/registry.ts `logDetail`). Names in neither get 0.
 */
export const PARAM_IDS: Record<string, number> = {
  userId: 101,
  facilityId: 102,
  onDuty: 103,
  tiles: 104,
  conversationId: 301,
  messageGroupId: 302,
  parkLine: 303,
  appointmentId: 501,
};

/** The parameter id an activity log detail of that name is stored with (0: none). */
export const paramIdOf = (name: string): number =>
  (Object.hasOwn(PARAM_IDS, name) ? PARAM_IDS[name] : logDetailParamId(name)) ?? 0;

export interface AuditEntry {
  activity: string;
  type: 'create' | 'update' | 'delete' | 'action' | 'session';
  recordType?: string;
  recordId?: number;
  details?: Record<string, unknown>;
}

/** The detail rows of an entry: its details, plus the detail naming its record when the record type declares one. */
function detailsOf(entry: AuditEntry): Array<[string, unknown]> {
  const details = Object.entries(entry.details ?? {}).filter(([, v]) => v !== undefined);
  const key = recordTypeNamed(entry.recordType)?.logDetail?.name;
  if (key && entry.recordId != null && !details.some(([k]) => k === key)) details.push([key, entry.recordId]);
  return details;
}

const detailValues = (logId: number | SQL, details: Array<[string, unknown]>) =>
  details.map(
    ([name, value]) =>
      sql`(${logId}, ${paramIdOf(name)}, ${name}, ${value === null ? null : typeof value === 'string' ? value : JSON.stringify(value)})`,
  );

/**
 * Writes an activity log row and its details. Pass the unit of work of the change, so the log commits
 * or rolls back with it.
 */
export function audit(db: Db, user: SessionUser | undefined, entry: AuditEntry): Promise<number> {
  return auditWith(db, user, entry);
}

/**
 * audit(), and the change's own row that names the log (a record's history entry), in one statement: one round
 * trip instead of three, each of which a write's transaction held its row locks through (issue #36). `more` is
 * an insert given the new log's id as SQL. Answers the log id.
 */
export async function auditWith(
  db: Db,
  user: SessionUser | undefined,
  entry: AuditEntry,
  more?: (logId: SQL) => SQL,
): Promise<number> {
  const details = detailsOf(entry);
  const logId = sql`(select id from log)`;
  const [log] = await db.rows<{ id: number }>(
    sql`with log as (
          insert into activity_logs (session_id, user_id, activity, activity_type, record_type, record_id)
          values (${user?.sessionId ?? null}, ${user?.id ?? null}, ${entry.activity}, ${entry.type},
                  ${entry.recordType ?? null}, ${entry.recordId ?? null})
          returning id)${
            details.length
              ? sql`, details as (insert into activity_log_details (activity_log_id, param_id, name, value)
                     values ${sql.join(detailValues(logId, details), sql`, `)})`
              : sql``
          }${more ? sql`, more as (${more(logId)})` : sql``}
        select id from log`,
  );
  return Number(log.id);
}

/**
 * audit() for many entries of one user in two statements (a remittance batch's fundings): the rows are the
 * same as one audit() each, in the order given; answers their ids in that order. The rows go as one JSON
 * parameter (a thousand entries as VALUES would be seven thousand parameters to build, send and parse).
 */
export async function auditMany(
  db: Db,
  user: SessionUser | undefined,
  entries: readonly AuditEntry[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = JSON.stringify(
    entries.map((e, ord) => ({
      ord,
      a: e.activity,
      t: e.type,
      rt: e.recordType ?? null,
      ri: e.recordId ?? null,
    })),
  );
  const logs = await db.rows<{ id: number }>(
    sql`insert into activity_logs (session_id, user_id, activity, activity_type, record_type, record_id)
        select ${user?.sessionId ?? null}::int, ${user?.id ?? null}::int, v.a, v.t, v.rt, v.ri
        from jsonb_to_recordset(${rows}::jsonb) as v(ord int, a text, t text, rt text, ri int)
        order by v.ord
        returning id`,
  );
  // The rows are inserted, and their identities drawn, in the order of the select.
  const ids = logs.map((l) => Number(l.id)).sort((a, b) => a - b);
  if (ids.length !== entries.length) throw new Error('activity log rows missing');
  const details = entries.flatMap((e, i) =>
    detailsOf(e).map(([name, value]) => ({
      log: ids[i],
      p: paramIdOf(name),
      n: name,
      v: value === null ? null : typeof value === 'string' ? value : JSON.stringify(value),
    })),
  );
  if (details.length)
    await db.rows(
      sql`insert into activity_log_details (activity_log_id, param_id, name, value)
          select v.log, v.p, v.n, v.v
          from jsonb_to_recordset(${JSON.stringify(details.map((d, ord) => ({ ...d, ord })))}::jsonb)
            as v(log int, p int, n text, v text, ord int)
          order by v.ord`,
    );
  return ids;
}
