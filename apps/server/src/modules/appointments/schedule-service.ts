import { assertFacilityInScope, facilityFilter } from '../../http/facility-scope.js';
import {
  AppointmentStatus,
  CALENDAR_DEFAULT_START,
  ConversationClass,
  calendarStartTime,
  invoiceNotFound,
  NEW_CONVERSATION_TITLE_COLOR_ID,
} from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  type AppointmentChanged,
  type AppointmentRow,
  type AppointmentSchedule,
  type CalendarAnswer,
  CALENDAR_ENTRY_FIELDS,
  type CalendarEntry,
  calendarVisit,
  type CalendarView,
  type DayRelatedRecords,
  type ScheduleDetails,
  type ScheduleDetailsQuery,
  type ScheduleListAnswer,
  type ScheduleSaveAnswer,
  type scheduleSaveBody,
} from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { AlertHub } from '../../realtime/hub.js';
import type { ConversationWriter } from '../conversations/index.js';
import { recordInvoiceChange } from '../invoices/index.js';
import { reservationRowOf } from '../loaners/index.js';
import { cachedAnswer } from './answer-cache.js';
import { assertInvoiceExists, facilityZone, todayInZone } from './read-service.js';
import { assertScheduleInScope } from './scope.js';
import { APPOINTMENT_COLUMNS, APPOINTMENT_FROM, appointmentSelect, dayWindow, iso, wall } from './sql.js';

type SaveBody = z.output<typeof scheduleSaveBody>;

/** Visits that hold their installer's time: Scheduled, Arrived, Completed (not ReSchedule or Cancelled). */
const HOLDS_TIME = [AppointmentStatus.Scheduled, AppointmentStatus.Arrived, AppointmentStatus.Completed];
const inList = (ids: readonly number[]) => sql.raw(ids.join(', '));

const SCHEDULE_COLUMNS = `s.id, s.invoice_id as "invoiceId", s.part_type_id as "partTypeId", s.installer_id as "installerId",
  s.service_address as "serviceAddress", s.city, s.state, s.zip, s.phone1, s.phone1_allow_text as "phone1AllowText",
  s.phone2, s.phone2_allow_text as "phone2AllowText", s.email, s.allow_email as "allowEmail",
  s.service_appointment as "serviceAppointment", s.time_allowed as "timeAllowed", s.loaner_car_id as "loanerCarId",
  ${iso('s.expected_return_time')} as "expectedReturnTime",
  ${wall('s.expected_return_time', 'f.time_zone')} as "localExpectedReturnTime",
  s.customer_is_waiting as "customerIsWaiting", s.customer_waiting_option_id as "customerWaitingOptionId",
  s.instructions, s.schedule_instructions as "scheduleInstructions", s.latitude, s.longitude`;

/** The schedules of an invoice with their current (newest) visit. */
export async function schedulesOf(
  db: Db,
  invoiceId: number,
  partTypeId?: number,
): Promise<AppointmentSchedule[]> {
  const schedules = await db.rows<Omit<AppointmentSchedule, 'current'>>(
    sql`select ${sql.raw(SCHEDULE_COLUMNS)} from appointment_schedules s
        join invoices i on i.id = s.invoice_id join facilities f on f.id = i.facility_id
        where s.invoice_id = ${invoiceId} ${partTypeId ? sql`and s.part_type_id = ${partTypeId}` : sql``}
        order by s.part_type_id`,
  );
  if (!schedules.length) return [];
  const current = await db.rows<AppointmentRow>(
    sql`select distinct on (a.schedule_id) ${sql.raw(APPOINTMENT_COLUMNS)} from ${sql.raw(APPOINTMENT_FROM)}
        where a.invoice_id = ${invoiceId} order by a.schedule_id, a.id desc`,
  );
  return schedules.map((s) => ({ ...s, current: current.find((c) => c.scheduleId === s.id) ?? null }));
}

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

/** GET /api/appointmentsSchedule/calendar: the answer's JSON text (contracts `calendarAnswer`). */
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
): Promise<string> {
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

/** GET /api/appointmentsSchedule/list {invoiceId, startDate, employeeId}: the invoice's schedules, the installer's day. */
export async function scheduleList(
  db: Db,
  user: SessionUser,
  q: { invoiceId?: number; startDate?: string; employeeId?: number },
): Promise<ScheduleListAnswer> {
  let facilityId = user.facilityId;
  if (q.invoiceId) {
    const [inv] = await db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from invoices where id = ${q.invoiceId}`,
    );
    if (!inv) throw notFound(invoiceNotFound(q.invoiceId));
    facilityId = inv.facilityId;
  }
  const tz = await facilityZone(db, facilityId);
  const startDate = q.startDate ?? (await todayInZone(db, tz));
  const schedules = q.invoiceId ? await schedulesOf(db, q.invoiceId) : [];
  const dayAppointments = q.employeeId
    ? await db.rows<AppointmentRow>(
        appointmentSelect(
          sql`a.installer_id = ${q.employeeId} and a.status_id <> ${AppointmentStatus.Cancelled}
              and ${facilityFilter(user, sql`a.facility_id`)}
              and ${dayWindow('a.appointment_date_time', sql`${tz}`, startDate, 1)}`,
        ),
      )
    : [];
  return { startDate, timeZone: tz, schedules, dayAppointments };
}

/** GET /api/appointmentsSchedule/dayRelatedRecords {invoiceId}: what the schedule form starts from. */
export async function dayRelatedRecords(db: Db, invoiceId: number): Promise<DayRelatedRecords> {
  const [inv] = await db.rows<Omit<DayRelatedRecords, 'partTypes' | 'loanerCars' | 'schedules'>>(
    sql`select i.id as "invoiceId", i.facility_id as "facilityId", f.name as "facilityName", f.time_zone as "timeZone",
          i.replacement as "isReplacement", i.sold_to as "customerName",
          nullif(concat_ws(' ', i.vehicle_year::text, i.vehicle_make, i.vehicle_model), '') as vehicle,
          json_build_object(
            'serviceAddress', coalesce(i.service_address_line1, c.address_line1),
            'city', coalesce(i.service_city, c.city), 'state', coalesce(i.service_state, c.state),
            'zip', coalesce(i.service_zip, c.zip), 'phone1', coalesce(c.primary_phone, i.customer_phone),
            'phone2', c.secondary_phone, 'email', c.email,
            'latitude', i.service_latitude, 'longitude', i.service_longitude) as defaults
        from invoices i join facilities f on f.id = i.facility_id left join customers c on c.id = i.customer_id
        where i.id = ${invoiceId}`,
  );
  if (!inv) throw notFound(invoiceNotFound(invoiceId));
  const partTypes = await db.rows<DayRelatedRecords['partTypes'][number]>(
    sql`select id, name, is_replacement as "isReplacement" from part_types where is_active order by sort_order, id`,
  );
  const loanerCars = await db.rows<DayRelatedRecords['loanerCars'][number]>(
    sql`select lc.id, lc.name, t.name as "loanerCarTypeName" from loaner_cars lc
        join loaner_car_types t on t.id = lc.loaner_car_type_id
        where lc.is_active and lc.facility_id = ${inv.facilityId} order by lc.name, lc.id`,
  );
  return { ...inv, partTypes, loanerCars, schedules: await schedulesOf(db, invoiceId) };
}

/**
 * GET /api/appointmentsSchedule/details {id | invoiceId, partTypeId?}: one schedule as the save form needs
 * it, with its loaner reservation and every visit (newest first). 404 for an unknown schedule or invoice
 * (or an invoice without a schedule); 400 naming partTypeId when the invoice has several; 403 outside the
 * user's facility scope (scope.ts).
 */
export async function scheduleDetails(
  db: Db,
  user: SessionUser,
  q: ScheduleDetailsQuery,
): Promise<ScheduleDetails> {
  let scheduleId = q.id;
  if (scheduleId === undefined) {
    const invoiceId = q.invoiceId as number;
    await assertInvoiceExists(db, invoiceId);
    const found = await db.rows<{ id: number }>(
      sql`select id from appointment_schedules where invoice_id = ${invoiceId}
          ${q.partTypeId ? sql`and part_type_id = ${q.partTypeId}` : sql``} order by part_type_id`,
    );
    if (!found.length)
      throw notFound(
        `Invoice ${invoiceId} has no appointment schedule${q.partTypeId ? ` for part type ${q.partTypeId}` : ''}.`,
      );
    if (found.length > 1)
      throw badRequest(
        'partTypeId',
        `Invoice ${invoiceId} has ${found.length} appointment schedules; give the partTypeId`,
      );
    scheduleId = found[0].id;
  }
  const [head] = await db.rows<
    Omit<ScheduleDetails, 'current' | 'loanerReservation' | 'appointments' | 'appointmentDateTime'> & {
      visitInstallerIds: number[];
    }
  >(
    sql`select ${sql.raw(SCHEDULE_COLUMNS)}, s.invoice_id as "scheduleInvoiceId", i.facility_id as "facilityId",
          f.name as "facilityName", f.time_zone as "timeZone", pt.name as "partTypeName",
          (select u.first_name || ' ' || u.last_name from users u where u.id = s.installer_id) as "installerName",
          i.sold_to as "customerName",
          nullif(concat_ws(' ', i.vehicle_year::text, i.vehicle_make, i.vehicle_model), '') as vehicle,
          (select lc.name from loaner_cars lc where lc.id = s.loaner_car_id) as "loanerCarName",
          (select o.name from customer_waiting_options o where o.id = s.customer_waiting_option_id) as "customerWaitingOptionName",
          (select coalesce(json_agg(distinct a.installer_id), '[]'::json) from appointments a
            where a.schedule_id = s.id and a.installer_id is not null) as "visitInstallerIds"
        from appointment_schedules s join invoices i on i.id = s.invoice_id
        join facilities f on f.id = i.facility_id join part_types pt on pt.id = s.part_type_id
        where s.id = ${scheduleId}`,
  );
  if (!head) throw notFound(`Appointment schedule ${scheduleId} not found.`);
  const { visitInstallerIds, ...schedule } = head;
  void visitInstallerIds;
  assertScheduleInScope(user, { facilityId: schedule.facilityId });
  const appointments = await db.rows<AppointmentRow>(
    appointmentSelect(sql`a.schedule_id = ${scheduleId}`, sql`a.appointment_date_time desc, a.id desc`),
  );
  // The current visit is the newest row, as schedulesOf and the save decide it.
  const current = appointments.reduce<AppointmentRow | null>((c, a) => (!c || a.id > c.id ? a : c), null);
  return {
    ...schedule,
    appointmentDateTime: current?.localDateTime ?? null,
    current,
    loanerReservation: (await reservationRowOf(db, scheduleId)) ?? null,
    appointments,
  };
}

interface InvoiceTarget {
  id: number;
  facilityId: number;
  customerId: number | null;
  void: boolean;
  lost: boolean;
  tz: string;
}

/** Locks the invoice row for the booking (not the user lock: booking is not an edit of the invoice). */
async function lockInvoice(tx: Db, invoiceId: number): Promise<InvoiceTarget> {
  const [inv] = await tx.rows<InvoiceTarget>(
    sql`select i.id, i.facility_id as "facilityId", i.customer_id as "customerId", i.void, i.lost, f.time_zone as tz
        from invoices i join facilities f on f.id = i.facility_id where i.id = ${invoiceId} for no key update of i`,
  );
  if (!inv) throw notFound(invoiceNotFound(invoiceId));
  if (inv.void || inv.lost)
    throw conflict(`Invoice ${invoiceId} is ${inv.void ? 'void' : 'lost'}; it cannot be scheduled.`);
  return inv;
}

/** A wall-clock time of the facility or an ISO instant, as SQL for the instant. */
const instant = (value: string, tz: string) =>
  /[zZ]|[+-]\d{2}:?\d{2}$/.test(value)
    ? sql`${value}::timestamptz`
    : sql`(${value}::timestamp at time zone ${tz})`;

interface CurrentVisit {
  id: number;
  statusId: number;
  installerId: number | null;
  at: string;
  local: string;
}

/** Scheduling: save (book, move, rebook, edit) and cancel, with the overlap and loaner rules. */
export class ScheduleService {
  constructor(
    private db: Database,
    private writer: ConversationWriter,
    private hub: AlertHub,
  ) {}

  save(user: SessionUser, body: SaveBody): Promise<ScheduleSaveAnswer> {
    const invoiceId = body.scheduleInvoiceId;
    return this.db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, invoiceId);
      const [part] = await tx.rows<{ name: string }>(
        sql`select name from part_types where id = ${body.partTypeId} and is_active`,
      );
      if (!part) throw badRequest('partTypeId', 'The part type is not known');
      // Locks in one order (installer, then loaner car) so concurrent saves queue instead of both passing the checks.
      const [installer] = await tx.rows<{ id: number; name: string; ok: boolean }>(
        sql`select id, first_name || ' ' || last_name as name, is_installer and is_active as ok
            from users where id = ${body.installerId} for no key update`,
      );
      if (!installer?.ok) throw badRequest('installerId', 'The installer is not an active installer');
      let car: { id: number; name: string; loanerCarTypeId: number } | undefined;
      if (body.loanerCarId) {
        [car] = await tx.rows<{ id: number; name: string; loanerCarTypeId: number }>(
          sql`select id, name, loaner_car_type_id as "loanerCarTypeId" from loaner_cars
              where id = ${body.loanerCarId} and is_active for no key update`,
        );
        if (!car) throw badRequest('loanerCarId', 'The loaner car is not an active loaner car');
      }
      if (body.customerWaitingOptionId) {
        const [opt] = await tx.rows(
          sql`select 1 from customer_waiting_options where id = ${body.customerWaitingOptionId} and is_active`,
        );
        if (!opt) throw badRequest('customerWaitingOptionId', 'The customer waiting option is not known');
      }
      const [when] = await tx.rows<{ at: string; local: string; ret: string | null }>(
        sql`select to_json(x.at) #>> '{}' as at, to_char(x.at at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as local,
              to_json(x.ret) #>> '{}' as ret
            from (select ${instant(body.appointmentDateTime, inv.tz)} as at,
                   ${body.expectedReturnTime ? instant(body.expectedReturnTime, inv.tz) : sql`null::timestamptz`} as ret) x`,
      );
      if (when.ret && Date.parse(when.ret) <= Date.parse(when.at))
        throw badRequest('expectedReturnTime', 'The expected return time is after the appointment time');

      const [existing] = await tx.rows<{ id: number; installerId: number | null }>(
        sql`select id, installer_id as "installerId" from appointment_schedules
            where invoice_id = ${invoiceId} and part_type_id = ${body.partTypeId} for no key update`,
      );
      const [current] = existing
        ? await tx.rows<CurrentVisit>(
            sql`select a.id, a.status_id as "statusId", a.installer_id as "installerId",
                  to_json(a.appointment_date_time) #>> '{}' as at,
                  to_char(a.appointment_date_time at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as local
                from appointments a where a.schedule_id = ${existing.id} order by a.id desc limit 1 for no key update`,
          )
        : [];
      const sameTime = current ? Date.parse(current.at) === Date.parse(when.at) : false;
      const sameInstaller = current?.installerId === body.installerId;
      let action: ScheduleSaveAnswer['action'];
      if (!current) action = 'booked';
      else if (current.statusId === AppointmentStatus.Scheduled)
        action = sameTime && sameInstaller ? 'updated' : 'moved';
      else if (
        current.statusId === AppointmentStatus.ReSchedule ||
        current.statusId === AppointmentStatus.Cancelled
      )
        action = 'rebooked';
      else if (sameTime && sameInstaller) action = 'updated';
      else
        throw conflict(
          `The ${part.name} appointment of invoice ${invoiceId} is ${current.statusId === AppointmentStatus.Arrived ? 'under way' : 'completed'}; it can no longer be moved.`,
        );

      // The installer's other visits that hold time and overlap [at, at + timeAllowed).
      const end = sql`(${when.at}::timestamptz + make_interval(mins => ${body.timeAllowed}))`;
      const keep = action === 'moved' || action === 'updated' ? (current?.id ?? 0) : 0;
      const [clash] = await tx.rows<{ invoiceId: number; from: string; to: string }>(
        sql`select a.invoice_id as "invoiceId",
              to_char(a.appointment_date_time at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as "from",
              to_char((a.appointment_date_time + make_interval(mins => s.time_allowed)) at time zone ${inv.tz}, 'HH24:MI') as "to"
            from appointments a join appointment_schedules s on s.id = a.schedule_id
            where a.installer_id = ${body.installerId} and a.id <> ${keep}
              and a.status_id in (${inList(HOLDS_TIME)})
              and a.appointment_date_time < ${end}
              and a.appointment_date_time + make_interval(mins => s.time_allowed) > ${when.at}::timestamptz
            order by a.appointment_date_time limit 1`,
      );
      if (clash)
        throw conflict(
          `${installer.name} is already booked from ${clash.from} to ${clash.to} (invoice ${clash.invoiceId}).`,
        );
      if (car && when.ret) {
        const [taken] = await tx.rows<{ invoiceId: number | null; from: string; to: string }>(
          sql`select r.invoice_id as "invoiceId",
                to_char(r.appointment_date at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as "from",
                to_char(coalesce(r.expected_return, r.appointment_date + interval '1 day') at time zone ${inv.tz},
                        'MM/DD/YYYY HH24:MI') as "to"
              from loaner_reservations r
              where r.loaner_car_id = ${car.id} and r.cancelled_at is null
                and r.appointment_schedule_id is distinct from ${existing?.id ?? null}::int
                and r.appointment_date < ${when.ret}::timestamptz
                and coalesce(r.expected_return, r.appointment_date + interval '1 day') > ${when.at}::timestamptz
              order by r.appointment_date limit 1`,
        );
        if (taken)
          throw conflict(
            `Loaner car ${car.name} is already reserved from ${taken.from} to ${taken.to}${taken.invoiceId ? ` (invoice ${taken.invoiceId})` : ''}.`,
          );
      }

      const values = sql`${body.installerId}, ${body.serviceAddress || null}, ${body.city || null}, ${body.state || null},
        ${body.zip || null}, ${body.phone1 || null}, ${body.phone1AllowText}, ${body.phone2 || null}, ${body.phone2AllowText},
        ${body.email || null}, ${body.allowEmail}, ${body.serviceAppointment}, ${body.timeAllowed}, ${body.loanerCarId ?? null},
        ${when.ret}::timestamptz, ${body.customerIsWaiting}, ${body.customerWaitingOptionId ?? null},
        ${body.instructions || null}, ${body.scheduleInstructions || null}, ${body.latitude ?? null}, ${body.longitude ?? null}`;
      const [schedule] = await tx.rows<{ id: number }>(
        sql`insert into appointment_schedules (invoice_id, part_type_id, installer_id, service_address, city, state, zip,
              phone1, phone1_allow_text, phone2, phone2_allow_text, email, allow_email, service_appointment, time_allowed,
              loaner_car_id, expected_return_time, customer_is_waiting, customer_waiting_option_id, instructions,
              schedule_instructions, latitude, longitude, created_by_id)
            values (${invoiceId}, ${body.partTypeId}, ${values}, ${user.id})
            on conflict (invoice_id, part_type_id) do update set installer_id = excluded.installer_id,
              service_address = excluded.service_address, city = excluded.city, state = excluded.state, zip = excluded.zip,
              phone1 = excluded.phone1, phone1_allow_text = excluded.phone1_allow_text, phone2 = excluded.phone2,
              phone2_allow_text = excluded.phone2_allow_text, email = excluded.email, allow_email = excluded.allow_email,
              service_appointment = excluded.service_appointment, time_allowed = excluded.time_allowed,
              loaner_car_id = excluded.loaner_car_id, expected_return_time = excluded.expected_return_time,
              customer_is_waiting = excluded.customer_is_waiting,
              customer_waiting_option_id = excluded.customer_waiting_option_id, instructions = excluded.instructions,
              schedule_instructions = excluded.schedule_instructions, latitude = excluded.latitude,
              longitude = excluded.longitude, updated_at = now()
            returning id`,
      );
      if (action === 'booked' || action === 'rebooked') {
        await tx.rows(
          sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, installer_id, appointment_date_time,
                scheduled_time, eta, etc, status_id, customer_waiting, sort_date)
              values (${schedule.id}, ${invoiceId}, ${body.partTypeId}, ${inv.facilityId}, ${body.installerId}, ${when.at}::timestamptz,
                ${when.at}::timestamptz, ${when.at}::timestamptz, ${end}, ${AppointmentStatus.Scheduled}, ${body.customerIsWaiting},
                ${when.at}::timestamptz)`,
        );
      } else if (current) {
        await tx.rows(
          sql`update appointments set installer_id = ${body.installerId}, appointment_date_time = ${when.at}::timestamptz,
                scheduled_time = ${when.at}::timestamptz, eta = ${when.at}::timestamptz, etc = ${end},
                sort_date = case when ${sameTime} then sort_date else ${when.at}::timestamptz end,
                customer_waiting = ${body.customerIsWaiting}, updated_at = now()
              where id = ${current.id}`,
        );
      }
      // The loaner reservation follows the schedule and its visit: the database writes it (decision 0019).
      await tx.rows(
        sql`update invoices set scheduled = true, updated_at = now() where id = ${invoiceId} and not scheduled`,
      );

      const what = `${part.name} with ${installer.name} on ${when.local}`;
      const activity = {
        booked: 'Appointment scheduled',
        rebooked: 'Appointment scheduled again',
        moved: 'Appointment rescheduled',
        updated: 'Appointment updated',
        cancelled: 'Appointment cancelled',
      }[action];
      const details =
        action === 'moved' && current
          ? `${part.name}: ${current.local}${sameInstaller ? '' : ' (another installer)'} → ${when.local} with ${installer.name}`
          : what;
      await recordInvoiceChange(tx, user, invoiceId, { activity, details });
      if (action !== 'updated') {
        const told = [body.installerId];
        if (current?.installerId && current.installerId !== body.installerId && action === 'moved')
          told.push(current.installerId);
        await this.tell(
          tx,
          user,
          invoiceId,
          told,
          `${activity}: invoice ${invoiceId}`,
          `${activity} — ${details}`,
        );
      }
      this.announce(tx, { invoiceId, facilityId: inv.facilityId, installerId: body.installerId });
      if (current?.installerId && current.installerId !== body.installerId)
        this.announce(tx, { invoiceId, facilityId: inv.facilityId, installerId: current.installerId });
      const [saved] = await schedulesOf(tx, invoiceId, body.partTypeId);
      return { schedule: saved, action };
    });
  }

  /** Cancels the current visit (its row stays, status Cancelled), the loaner reservation too; history and alert. */
  cancel(
    user: SessionUser,
    body: { invoiceId: number; partTypeId: number; note?: string | null },
  ): Promise<ScheduleSaveAnswer> {
    return this.db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, body.invoiceId);
      const [current] = await tx.rows<CurrentVisit & { scheduleId: number; partName: string }>(
        sql`select a.id, a.schedule_id as "scheduleId", a.status_id as "statusId", a.installer_id as "installerId",
              to_json(a.appointment_date_time) #>> '{}' as at, pt.name as "partName",
              to_char(a.appointment_date_time at time zone ${inv.tz}, 'MM/DD/YYYY HH24:MI') as local
            from appointments a join part_types pt on pt.id = a.part_type_id
            where a.invoice_id = ${body.invoiceId} and a.part_type_id = ${body.partTypeId}
            order by a.id desc limit 1 for no key update of a`,
      );
      if (!current) throw notFound(`Invoice ${body.invoiceId} has no appointment for this part type.`);
      if (
        current.statusId !== AppointmentStatus.Scheduled &&
        current.statusId !== AppointmentStatus.ReSchedule
      )
        throw conflict(
          `The appointment of invoice ${body.invoiceId} is not scheduled; it cannot be cancelled.`,
        );
      await tx.rows(
        sql`update appointments set status_id = ${AppointmentStatus.Cancelled}, updated_at = now() where id = ${current.id}`,
      );
      await tx.rows(
        sql`insert into appointment_status_updates (appointment_id, invoice_id, part_type_id, status_id, user_id, note)
            values (${current.id}, ${body.invoiceId}, ${body.partTypeId}, ${AppointmentStatus.Cancelled}, ${user.id}, ${body.note || null})`,
      );
      // The visit cancelled cancels its loaner reservation (the database's rule, decision 0019).
      await tx.rows(
        sql`update invoices set scheduled = exists (select 1 from appointments a where a.invoice_id = ${body.invoiceId}
              and a.status_id in (${inList([AppointmentStatus.Scheduled, AppointmentStatus.Arrived])})), updated_at = now()
            where id = ${body.invoiceId}`,
      );
      const details = `${current.partName} on ${current.local}${body.note ? `: ${body.note}` : ''}`;
      await recordInvoiceChange(tx, user, body.invoiceId, { activity: 'Appointment cancelled', details });
      if (current.installerId)
        await this.tell(
          tx,
          user,
          body.invoiceId,
          [current.installerId],
          `Appointment cancelled: invoice ${body.invoiceId}`,
          `Appointment cancelled — ${details}`,
        );
      this.announce(tx, {
        invoiceId: body.invoiceId,
        facilityId: inv.facilityId,
        installerId: current.installerId,
      });
      const [saved] = await schedulesOf(tx, body.invoiceId, body.partTypeId);
      return { schedule: saved, action: 'cancelled' };
    });
  }

  /** A system conversation linked to the invoice: its message makes the installer's NewMessage alert. */
  private async tell(
    tx: Db,
    user: SessionUser,
    invoiceId: number,
    userIds: number[],
    subject: string,
    message: string,
  ) {
    const recipients = [...new Set(userIds)].filter((id) => id !== user.id);
    if (!recipients.length) return;
    const sender = await this.writer.sender(tx, user.id);
    await this.writer.create(tx, {
      classNameId: ConversationClass.SystemRequest,
      titleColorId: NEW_CONVERSATION_TITLE_COLOR_ID,
      subject,
      description: 'Appointments',
      message,
      sender,
      recipientUserIds: recipients,
      messageGroupIds: [],
      record: { recordType: 'Invoice', recordId: invoiceId },
    });
  }

  /** Every open calendar redraws once the change is committed. */
  private announce(tx: Db, payload: AppointmentChanged) {
    tx.afterCommit(() => this.hub.broadcast(APPOINTMENT_CHANGED_EVENT, payload));
  }
}
