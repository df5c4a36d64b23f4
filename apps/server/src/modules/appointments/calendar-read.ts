/** GET /api/appointmentsSchedule/calendar: the calendar's week, day or month of a facility, kept by version (decision 0013). */
import { assertFacilityInScope } from '../../http/facility-scope.js';
import { AppointmentStatus, CALENDAR_DEFAULT_START, calendarStartTime } from '@glass/domain';
import {
  type CalendarAnswer,
  CALENDAR_ENTRY_FIELDS,
  type CalendarEntry,
  calendarVisit,
  type CalendarView,
} from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { KeptJson } from '../../http/send-json.js';
import { cachedAnswer } from './answer-cache.js';
import { facilityZone } from './read-service.js';
import { dayWindow } from './sql.js';

/** The calendar window of a view: the day; the week (Sunday to Saturday); the month's weeks. */
export function calendarWindow(startDate: string, view: CalendarView): { start: string; end: string } {
  const d = new Date(`${startDate}T00:00:00Z`);
  const day = (x: Date) => x.toISOString().slice(0, 10);
  const add = (x: Date, n: number) => new Date(x.getTime() + n * 86_400_000);
  if (view === 'Day') return { start: startDate, end: day(add(d, 1)) };
  if (view === 'Week') {
    const s = add(d, -d.getUTCDay());
    return { start: day(s), end: day(add(s, 7)) };
  }
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const s = add(first, -first.getUTCDay());
  const e = add(next, (7 - next.getUTCDay()) % 7);
  return { start: day(s), end: day(e) };
}

const days = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);

/**
 * The calendar's visits as the answer's tuples (contracts `calendarEntry`, columns in CALENDAR_ENTRY_FIELDS'
 * order), in time order. A busy week is 1,500 visits, so only what the calendar draws is read (the rest is read
 * on click), from the visits alone: their length and customer are copies kept by the database (migration 0024),
 * where two look-ups per visit took most of the statement's time. JSON.stringify builds the answer: PostgreSQL
 * spent 7 ms of a 10 ms statement building its JSON (decision 0012).
 */
const calendarColumns = (tz: string): Record<(typeof CALENDAR_ENTRY_FIELDS)[number], SQL> => ({
  id: sql`a.id`,
  invoiceId: sql`a.invoice_id`,
  partTypeId: sql`a.part_type_id`,
  installerId: sql`a.installer_id`,
  localDateTime: sql`to_char(a.appointment_date_time at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI')`,
  timeAllowed: sql`a.time_allowed`,
  statusId: sql`a.status_id`,
  customerName: sql`a.customer_name`,
});
const calendarSql = (tz: string, start: string, span: number, where: SQL) => {
  const columns = calendarColumns(tz);
  return sql`
  select ${sql.join(
    CALENDAR_ENTRY_FIELDS.map((k) => columns[k]),
    sql`, `,
  )}
    from appointments a
   where ${dayWindow('a.appointment_date_time', sql`${tz}`, start, span)}
     and a.status_id <> ${AppointmentStatus.Cancelled} ${where}
   order by a.appointment_date_time, a.id`;
};

/** GET /api/appointmentsSchedule/calendar: the answer's JSON text and its compressed forms (contracts `calendarAnswer`). */
export async function calendar(
  db: Database,
  user: SessionUser,
  q: {
    startDate: string;
    view: CalendarView;
    installerId?: number;
    facilityId?: number;
    repairs?: boolean;
    replacements?: boolean;
  },
): Promise<KeptJson> {
  const facilityId = q.facilityId ?? user.facilityId ?? undefined;
  // Decision 0016: a facility-bound user's calendar is one of their allowed facilities (the gate checked a
  // facilityId asked for; this covers the default, and a bound user without any facility).
  if (user.allowedFacilityIds !== null) assertFacilityInScope(user, facilityId ?? null);
  const { start, end } = calendarWindow(q.startDate, q.view);
  const key = JSON.stringify([
    'calendar',
    facilityId,
    start,
    q.view,
    q.installerId,
    q.repairs,
    q.replacements,
  ]);
  return cachedAnswer(db, facilityId, key, () =>
    calendarText(db, { ...q, facilityId, startDate: start }, end),
  );
}

async function calendarText(db: Database, q: Parameters<typeof calendar>[2], end: string): Promise<string> {
  const { facilityId, startDate: start } = q;
  const tz = await facilityZone(db, facilityId);
  const where: SQL[] = [];
  if (facilityId) where.push(sql`and a.facility_id = ${facilityId}`);
  if (q.installerId) where.push(sql`and a.installer_id = ${q.installerId}`);
  // Repairs (chips) and replacements (glass) are the part types' two kinds; both switched off shows none.
  const kinds: SQL[] = [];
  if (q.repairs === false) kinds.push(sql`and is_replacement`);
  if (q.replacements === false) kinds.push(sql`and not is_replacement`);
  if (kinds.length)
    where.push(sql`and a.part_type_id in (select id from part_types where true ${sql.join(kinds, sql` `)})`);
  // A named prepared statement on PostgreSQL, its rows as the answer's tuples (Database.listTuples).
  const appointments = await db.listTuples<CalendarEntry>(
    calendarSql(tz, start, days(start, end), sql.join(where, sql` `)),
  );
  const lanes = new Set<number>();
  const shown = new Set<number>();
  let first: string | undefined;
  for (const entry of appointments) {
    const a = calendarVisit(entry);
    if (a.installerId) lanes.add(a.installerId);
    shown.add(a.partTypeId);
    const time = a.localDateTime.slice(11);
    if (!first || time < first) first = time;
  }
  const [names] = await db.rows<{ installers: string; partTypes: string }>(
    sql`select
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name)
                order by u.last_name, u.first_name, u.id), '[]')::text from users u
        where (u.is_installer and u.is_active ${facilityId ? sql`and u.facility_id = ${facilityId}` : sql``}
               ${q.installerId ? sql`and u.id = ${q.installerId}` : sql``})
           or u.id = any(${`{${[...lanes].join(',')}}`}::int[])) as installers,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by id), '[]')::text
         from part_types where id = any(${`{${[...shown].join(',')}}`}::int[])) as "partTypes"`,
  );
  const head: Omit<CalendarAnswer, 'installers' | 'partTypes' | 'appointments'> = {
    startDate: start,
    endDate: end,
    view: q.view,
    timeZone: tz,
    scrollTo: first ? calendarStartTime(first) : CALENDAR_DEFAULT_START,
  };
  return `${JSON.stringify(head).slice(0, -1)},"installers":${names.installers},"partTypes":${names.partTypes},"appointments":${JSON.stringify(appointments)}}`;
}
