/** The schedule form's reads: an invoice's schedules, the day's list, the day's related records, one schedule's details. */
import { facilityFilter } from '../../http/facility-scope.js';
import { AppointmentStatus, invoiceNotFound } from '@glass/domain';
import type {
  AppointmentRow,
  AppointmentSchedule,
  DayRelatedRecords,
  ScheduleDetails,
  ScheduleDetailsQuery,
  ScheduleListAnswer,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, notFound } from '../../http/errors.js';
import { reservationRowOf } from '../loaners/index.js';
import { assertInvoiceExists, facilityZone, todayInZone } from './read-service.js';
import { assertScheduleInScope } from './scope.js';
import { APPOINTMENT_COLUMNS, APPOINTMENT_FROM, appointmentSelect, dayWindow, iso, wall } from './sql.js';

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
