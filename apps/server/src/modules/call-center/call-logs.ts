// Over 300 lines: the call log: PBX ingestion and its list share the record's columns and scoping.
import {
  CALL_LOGGED_EVENT,
  CALL_RESULTS,
  type CallLogQuery,
  type CallLogRow,
  type IngestResult,
  pbxCallRecord,
  type PbxCallRecord,
} from '@glass/domain/contracts';
import { can } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, validationFailed } from '../../http/errors.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { likePrefix } from '../../odata/index.js';
import type { AlertHub } from '../../realtime/hub.js';

/** At most this many records in one ingest request. */
export const MAX_INGEST_RECORDS = 500;
/** An agent's outcome and the PBX's record of the same call are merged when they start this close. */
const MERGE_WINDOW_MINUTES = 30;
/** Phones are matched on their last 10 digits; fewer than 7 digits match nothing. */
const MATCH_DIGITS = 10;
const MIN_MATCH_DIGITS = 7;

/** The other party's digits as stored in call_logs.party_digits (the last 10), or null when too short. */
export function partyDigits(phone: string | null | undefined): string | null {
  const digits = String(phone ?? '').replace(/\D/g, '');
  return digits.length >= MIN_MATCH_DIGITS ? digits.slice(-MATCH_DIGITS) : null;
}

const iso = (col: SQL) => sql`to_json(${col}) #>> '{}'`;

/** The columns of one call log row (callLogRow), over call_logs l. */
export const CALL_LOG_SELECT = sql`
  select l.id, l.pbx_call_id as "pbxCallId", l.source, l.direction, l.from_phone as "fromPhone",
         l.to_phone as "toPhone", case when l.direction = 'in' then l.from_phone else l.to_phone end as phone,
         l.extension,
         case when e.id is null then null else json_build_object('id', e.id, 'name', e.first_name || ' ' || e.last_name) end as employee,
         l.facility_id as "facilityId", ${iso(sql`l.started_at`)} as "startedAt",
         ${iso(sql`l.answered_at`)} as "answeredAt", ${iso(sql`l.ended_at`)} as "endedAt",
         l.duration_seconds as "durationSeconds",
         (case l.result_id when 2 then 'missed' when 3 then 'voicemail' when 4 then 'busy' else 'answered' end) as result,
         case when c.id is null then null else json_build_object('id', c.id,
           'name', trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))) end as customer,
         l.service_vehicle_id as "serviceVehicleId", l.invoice_id as "invoiceId",
         case when d.id is null then null else json_build_object('id', d.id, 'name', d.name) end as disposition,
         l.notes, ${iso(sql`l.outcome_at`)} as "outcomeAt"
  from call_logs l
  left join users e on e.id = l.employee_id
  left join customers c on c.id = l.customer_id
  left join dispositions d on d.id = l.disposition_id`;

/** What a phone's last digits point at: the newest customer, their newest open vehicle, the newest invoice. */
export interface PhoneMatch {
  customerId: number | null;
  serviceVehicleId: number | null;
  invoiceId: number | null;
}

/**
 * Matches a phone by its last digits through the reversed-phone indexes global search uses
 * (customers.primary/secondary_phone_rev, invoices.customer_phone_rev): range scans, no table scan.
 */
export async function matchPhone(db: Db, digits: string | null): Promise<PhoneMatch> {
  if (!digits) return { customerId: null, serviceVehicleId: null, invoiceId: null };
  const rev = likePrefix([...digits].reverse().join(''));
  const [row] = await db.rows<PhoneMatch>(
    sql`with c as (select id from customers where primary_phone_rev like ${rev}
                   union select id from customers where secondary_phone_rev like ${rev})
        select (select max(id) from c) as "customerId",
               (select sv.id from service_vehicles sv where sv.customer_id in (select id from c)
                order by (sv.priority_class < 8) desc, sv.id desc limit 1) as "serviceVehicleId",
               (select max(id) from (
                  select id from invoices where customer_phone_rev like ${rev}
                  union all select id from invoices where customer_id in (select id from c)
                  union all select id from invoices where buyer_id in (select id from c)) i) as "invoiceId"`,
  );
  return row;
}

/** The employee (and their facility) whose active phone extension this is; else the facility's front desk. */
async function matchExtension(db: Db, extension: string | null | undefined) {
  if (!extension) return { employeeId: null, facilityId: null };
  const [row] = await db.rows<{ employeeId: number | null; facilityId: number | null }>(
    sql`select e.user_id as "employeeId", coalesce(u.facility_id, e.facility_id) as "facilityId"
        from phone_extensions e left join users u on u.id = e.user_id
        where e.extension = ${extension} and e.is_active
        order by (e.user_id is not null) desc, e.id limit 1`,
  );
  return row ?? { employeeId: null, facilityId: null };
}

/**
 * The records of an ingest body: one record, an array of them, or `{records: [...]}`. Every row is
 * checked before anything is stored; a bad one is a 400 naming it (`records[2].startedAt`).
 */
export function parseIngestBody(body: unknown): PbxCallRecord[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { records?: unknown }).records)
      ? (body as { records: unknown[] }).records
      : body && typeof body === 'object'
        ? [body]
        : undefined;
  if (!list || list.length === 0) throw badRequest('records', 'Send one call record or a list of them');
  if (list.length > MAX_INGEST_RECORDS)
    throw badRequest('records', `Send at most ${MAX_INGEST_RECORDS} call records at once`);
  const errors: Record<string, string[]> = {};
  const out: PbxCallRecord[] = [];
  const seen = new Map<string, number>();
  list.forEach((raw, i) => {
    const parsed = pbxCallRecord.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length ? `records[${i}].${issue.path.join('.')}` : `records[${i}]`;
        (errors[field] ??= []).push(`Row ${i + 1}: ${issue.path.join('.') || 'record'} ${issue.message}`);
      }
      return;
    }
    const r = parsed.data;
    const times = [r.startedAt, r.answeredAt, r.endedAt].map((t) => (t ? Date.parse(t) : undefined));
    if (times[1] !== undefined && times[1] < (times[0] as number))
      (errors[`records[${i}].answeredAt`] ??= []).push(`Row ${i + 1}: answeredAt is before startedAt`);
    if (times[2] !== undefined && times[2] < (times[0] as number))
      (errors[`records[${i}].endedAt`] ??= []).push(`Row ${i + 1}: endedAt is before startedAt`);
    const dup = seen.get(r.callId);
    if (dup !== undefined)
      (errors[`records[${i}].callId`] ??= []).push(`Row ${i + 1}: callId repeats row ${dup + 1}`);
    seen.set(r.callId, i);
    out.push(r);
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return out;
}

const talkSeconds = (r: PbxCallRecord) => {
  if (!r.answeredAt || !r.endedAt || r.result !== 'answered') return 0;
  return Math.max(0, Math.round((Date.parse(r.endedAt) - Date.parse(r.answeredAt)) / 1000));
};

/** Tells every open Call Center dashboard (users who may see it) that calls were logged. */
export async function announceCalls(db: Db, hub: AlertHub, count: number) {
  if (count === 0) return;
  const users = await db.rows<{ id: number; role: number }>(
    sql`select id, user_role_id as role from users where is_active`,
  );
  const readers = users.filter((u) => can(u.role, 'callCenter.read')).map((u) => u.id);
  hub.emitToUsers(readers, CALL_LOGGED_EVENT, { count });
}

export class CallLogService {
  constructor(
    private db: Database,
    private hub: AlertHub,
  ) {}

  /**
   * Stores the PBX's call records (README "Call records from the phone system"): each once by its call id;
   * matched to the employee by extension and to the customer, service vehicle and invoice by the last digits.
   */
  ingest(body: unknown): Promise<IngestResult> {
    const records = parseIngestBody(body);
    return this.db.transaction(async (work) => {
      const result: IngestResult = { received: records.length, created: 0, duplicates: 0, records: [] };
      for (const r of records) {
        const [existing] = await work.rows<{ id: number } & PhoneMatch & { employeeId: number | null }>(
          sql`select id, employee_id as "employeeId", customer_id as "customerId",
                     service_vehicle_id as "serviceVehicleId", invoice_id as "invoiceId"
              from call_logs where pbx_call_id = ${r.callId}`,
        );
        if (existing) {
          result.duplicates += 1;
          const { id, ...rest } = existing;
          result.records.push({ callId: r.callId, id, status: 'duplicate', ...rest });
          continue;
        }
        const party = partyDigits(r.direction === 'in' ? r.from : r.to);
        const who = await matchExtension(work, r.extension);
        const match = await matchPhone(work, party);
        const values = {
          resultId: CALL_RESULTS[r.result],
          duration: talkSeconds(r),
        };
        // An outcome an agent recorded before this record arrived: the same call, fill it in.
        const [agentRow] =
          who.employeeId && party
            ? await work.rows<{ id: number } & PhoneMatch>(
                sql`select id, customer_id as "customerId", service_vehicle_id as "serviceVehicleId",
                         invoice_id as "invoiceId"
                  from call_logs
                  where source = 'agent' and pbx_call_id is null and employee_id = ${who.employeeId}
                    and party_digits = ${party} and direction = ${r.direction}
                    and started_at between ${r.startedAt}::timestamptz - make_interval(mins => ${MERGE_WINDOW_MINUTES})
                                       and ${r.startedAt}::timestamptz + make_interval(mins => ${MERGE_WINDOW_MINUTES})
                  order by abs(extract(epoch from started_at - ${r.startedAt}::timestamptz)) limit 1
                  for update`,
              )
            : [];
        if (agentRow) {
          await work.rows(
            sql`update call_logs set pbx_call_id = ${r.callId}, source = 'pbx', extension = ${r.extension ?? null},
                  from_phone = ${r.from}, to_phone = ${r.to}, started_at = ${r.startedAt},
                  answered_at = ${r.answeredAt ?? null}, ended_at = ${r.endedAt ?? null},
                  duration_seconds = ${values.duration}, result_id = ${values.resultId}
                where id = ${agentRow.id}`,
          );
          const { id, ...rest } = agentRow;
          result.records.push({
            callId: r.callId,
            id,
            status: 'merged',
            employeeId: who.employeeId,
            ...rest,
          });
          continue;
        }
        const [row] = await work.rows<{ id: number }>(
          sql`insert into call_logs (pbx_call_id, source, employee_id, facility_id, direction, from_phone, to_phone,
                extension, party_digits, started_at, answered_at, ended_at, duration_seconds, result_id,
                customer_id, service_vehicle_id, invoice_id)
              values (${r.callId}, 'pbx', ${who.employeeId}, ${who.facilityId}, ${r.direction}, ${r.from}, ${r.to},
                ${r.extension ?? null}, ${party}, ${r.startedAt}, ${r.answeredAt ?? null}, ${r.endedAt ?? null},
                ${values.duration}, ${values.resultId}, ${match.customerId}, ${match.serviceVehicleId},
                ${match.invoiceId})
              on conflict (pbx_call_id) where pbx_call_id is not null do nothing
              returning id`,
        );
        if (!row) {
          // Sent twice at the same moment: the other request stored it.
          const [other] = await work.rows<{ id: number }>(
            sql`select id from call_logs where pbx_call_id = ${r.callId}`,
          );
          result.duplicates += 1;
          result.records.push({
            callId: r.callId,
            id: other.id,
            status: 'duplicate',
            employeeId: who.employeeId,
            ...match,
          });
          continue;
        }
        result.created += 1;
        result.records.push({
          callId: r.callId,
          id: row.id,
          status: 'created',
          employeeId: who.employeeId,
          ...match,
        });
      }
      const changed = result.records.filter((r) => r.status !== 'duplicate').length;
      work.afterCommit(() => announceCalls(this.db, this.hub, changed));
      return result;
    });
  }

  /** GET /api/callLog: the calls of a day range (facility time zone), newest first, at most 500. */
  async list(user: SessionUser, q: CallLogQuery): Promise<CallLogRow[]> {
    const range = await dayRange(this.db, q.facilityId ?? user.facilityId, q.startDate, q.endDate);
    const where: SQL[] = [sql`l.started_at >= ${range.from}`, sql`l.started_at < ${range.to}`];
    if (q.employeeId) where.push(sql`l.employee_id = ${q.employeeId}`);
    if (q.facilityId) where.push(sql`l.facility_id = ${q.facilityId}`);
    // Only the caller's allowed facilities (issue #31, decision 0016).
    if (user.allowedFacilityIds !== null) where.push(facilityFilter(user, sql`l.facility_id`));
    return this.db.rows<CallLogRow>(
      sql`${CALL_LOG_SELECT} where ${sql.join(where, sql` and `)} order by l.started_at desc, l.id desc limit 500`,
    );
  }

  /** The user's own last 20 calls (Call Status). */
  mine(user: SessionUser): Promise<CallLogRow[]> {
    return this.db.rows<CallLogRow>(
      sql`${CALL_LOG_SELECT} where l.employee_id = ${user.id} order by l.started_at desc, l.id desc limit 20`,
    );
  }
}

/** A range of days in a facility's time zone (default today), as instants; ISO date-times are taken as given. */
export async function dayRange(
  db: Db,
  facilityId: number | null | undefined,
  startDate?: string,
  endDate?: string,
): Promise<{ from: string; to: string; startDate: string; endDate: string; timeZone: string }> {
  const [row] = await db.rows<{
    from: string;
    to: string;
    startDate: string;
    endDate: string;
    timeZone: string;
  }>(
    sql`with z as (select coalesce((select time_zone from facilities where id = ${facilityId ?? null}), 'America/Chicago') as tz),
        d as (select z.tz,
                coalesce(${startDate ?? null}::text, ((now() at time zone z.tz)::date)::text) as s,
                coalesce(${endDate ?? null}::text, ${startDate ?? null}::text, ((now() at time zone z.tz)::date)::text) as e
              from z)
        select to_json(case when length(s) > 10 then s::timestamptz else (s::date)::timestamp at time zone tz end) #>> '{}' as "from",
               to_json(case when length(e) > 10 then e::timestamptz else (e::date + 1)::timestamp at time zone tz end) #>> '{}' as "to",
               left(s, 10) as "startDate", left(e, 10) as "endDate", tz as "timeZone"
        from d`,
  );
  if (Date.parse(row.to) <= Date.parse(row.from)) throw badRequest('endDate', 'endDate is before startDate');
  return row;
}
