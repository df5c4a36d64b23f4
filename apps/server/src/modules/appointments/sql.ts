import { AppointmentStatus } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';

/** An instant as ISO text with offset (the contracts' `timestamp`). */
export const iso = (col: string) => `to_json(${col}) #>> '{}'`;
/** An instant on a zone's wall clock, 'YYYY-MM-DDTHH:mm'. */
export const wall = (col: string, tz: string) => `to_char(${col} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * The columns of one visit (contracts `appointmentRow`) over `appointments a`, its schedule `s`, the
 * invoice `i`, the facility `f`, the status `st`, the part type `pt`, the installer `u`, the loaner car `lc` and the
 * waiting option `o` (see APPOINTMENT_FROM; joins, not a sub-select per row: 4 ms of a 365-visit day's 18).
 */
export const APPOINTMENT_COLUMNS = `a.id, a.schedule_id as "scheduleId", a.invoice_id as "invoiceId", a.part_type_id as "partTypeId",
  pt.name as "partTypeName", pt.is_replacement as "isReplacement", a.facility_id as "facilityId", f.name as "facilityName",
  a.installer_id as "installerId",
  u.first_name || ' ' || u.last_name as "installerName",
  ${iso('a.appointment_date_time')} as "appointmentDateTime",
  ${wall('a.appointment_date_time', 'f.time_zone')} as "localDateTime",
  ${iso('a.scheduled_time')} as "scheduledTime", ${iso('a.eta')} as eta, ${iso('a.ata')} as ata,
  ${iso('a.etc')} as etc, ${iso('a.atc')} as atc, a.status_id as "statusId", st.name as "statusName",
  case a.status_id when ${AppointmentStatus.Completed} then 'completed' when ${AppointmentStatus.ReSchedule} then 'reschedule'
    else 'scheduled' end as "group",
  ${iso('a.confirmed_date_time')} as "confirmedDateTime", a.customer_waiting as "customerWaiting",
  ${iso('a.reviewed_date_time')} as "reviewedDateTime", ${iso('a.sort_date')} as "sortDate",
  s.time_allowed as "timeAllowed", s.service_appointment as "serviceAppointment", s.service_address as "serviceAddress",
  s.city, s.state, s.zip, s.latitude, s.longitude, s.phone1, s.phone2, i.sold_to as "customerName",
  nullif(concat_ws(' ', i.vehicle_year::text, i.vehicle_make, i.vehicle_model), '') as vehicle,
  s.instructions, s.schedule_instructions as "scheduleInstructions", s.loaner_car_id as "loanerCarId",
  lc.name as "loanerCarName",
  ${iso('s.expected_return_time')} as "expectedReturnTime", s.customer_is_waiting as "customerIsWaiting",
  s.customer_waiting_option_id as "customerWaitingOptionId",
  o.name as "customerWaitingOptionName"`;

export const APPOINTMENT_FROM = `appointments a
  join appointment_schedules s on s.id = a.schedule_id
  join invoices i on i.id = a.invoice_id
  join facilities f on f.id = a.facility_id
  join appointment_statuses st on st.id = a.status_id
  join part_types pt on pt.id = a.part_type_id
  left join users u on u.id = a.installer_id
  left join loaner_cars lc on lc.id = s.loaner_car_id
  left join customer_waiting_options o on o.id = s.customer_waiting_option_id`;

/**
 * Visits matching `where` as the answer's JSON text (an array of contracts `appointmentRow`), in `order`, built by
 * PostgreSQL (decision 0001): a busy facility's day is 365 visits of 40 fields, which Node spent most of its
 * time parsing and re-serializing. Each row is named by its own sub-select, and numbered by the order, so the
 * array keeps the order exactly.
 */
export function appointmentJson(where: SQL, order: SQL): SQL {
  return sql`select coalesce(json_agg(x.r order by x.n), '[]')::text as json from (
    select (select to_json(r) from (select ${sql.raw(APPOINTMENT_COLUMNS)}) r) as r,
           row_number() over (order by ${order}) as n
      from ${sql.raw(APPOINTMENT_FROM)} where ${where}) x`;
}

/** Visits matching `where`, in day order (sort date, then time). */
export function appointmentSelect(where: SQL, order: SQL = sql`a.appointment_date_time, a.id`): SQL {
  return sql`select ${sql.raw(APPOINTMENT_COLUMNS)} from ${sql.raw(APPOINTMENT_FROM)} where ${where} order by ${order}`;
}

/** The window [start, end) of whole days in zone `tz`, starting on the day `startDate` ('YYYY-MM-DD'). */
export function dayWindow(column: string, tz: SQL, startDate: string, days: number | SQL): SQL {
  const span = typeof days === 'number' ? sql`${`${days} days`}::interval` : days;
  return sql`${sql.raw(column)} >= (${startDate}::date)::timestamp at time zone ${tz}
    and ${sql.raw(column)} < ((${startDate}::date)::timestamp + ${span}) at time zone ${tz}`;
}
