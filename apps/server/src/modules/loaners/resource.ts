import type { LoanerReservationRow } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/unit-of-work.js';
import { f, lookup, nn, out } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/** The car of a row: the one checked out, else the one reserved (which follows the schedule's, decision 0019). */
const CAR = 'coalesce(u.loaner_car_id, r.loaner_car_id)';
const EXPECTED_RETURN = 'coalesce(r.expected_return, s.expected_return_time)';
const cents = (col: string) => `(round(${col} * 100))::int`;

/**
 * GET /api/LoanerReservations (spec 2 §7 "Loaner reservations: OData GET on appointment schedules"): every
 * appointment schedule that carries a loaner car or a reservation, with its reservation, check-out/check-in
 * (loaner_car_usages) and the driver's insurance and licence. Row id = the schedule's id. Every schedule with a
 * loaner car has its reservation row (the database keeps it, decision 0019), so the list is read from the reservations,
 * newest appointment first through loaner_reservations_date_idx. Its filters (date, facility, car) read the
 * reservation and its usage; the schedule and invoice are left joins on their keys (a reservation's schedule
 * and invoice always exist: foreign keys), which PostgreSQL leaves out of the count.
 */
export const loanerReservationsResource: ODataResource = {
  name: 'LoanerReservations',
  from: `loaner_reservations r
    left join appointment_schedules s on s.id = r.appointment_schedule_id
    left join invoices i on i.id = r.invoice_id
    left join loaner_car_usages u on u.loaner_reservation_id = r.id
    left join loaner_cars lc on lc.id = ${CAR}
    left join customers c on c.id = i.customer_id`,
  where: 'r.appointment_schedule_id is not null',
  fields: {
    id: nn('r.appointment_schedule_id', 'number'),
    reservationId: f('r.id', 'number'),
    invoiceId: nn('r.invoice_id', 'number'),
    facilityId: nn('r.facility_id', 'number'),
    facilityName: lookup({ from: 'facilities', key: 'id', on: 'r.facility_id', value: 'x.name' }, 'string'),
    customerName: f(
      "nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), '')",
      'string',
    ),
    customerPhone: out('c.primary_phone', 'string'),
    reservedTypeId: f('coalesce(r.loaner_car_type_id, lc.loaner_car_type_id)', 'number'),
    reservedType: lookup(
      {
        from: 'loaner_car_types',
        key: 'id',
        on: 'coalesce(r.loaner_car_type_id, lc.loaner_car_type_id)',
        value: 'x.name',
      },
      'string',
    ),
    loanerCarId: f(CAR, 'number'),
    carName: f('lc.name', 'string'),
    licensePlate: f('lc.license_plate', 'string'),
    vehicle: out("nullif(trim(concat_ws(' ', lc.year, lc.make, lc.model)), '')", 'string'),
    appointmentDate: nn('r.appointment_date', 'datetime'),
    expectedReturn: f(EXPECTED_RETURN, 'datetime'),
    state: nn(
      `case when r.cancelled_at is not null then 'cancelled' when u.check_in_at is not null then 'returned'
        when u.check_out_at is not null then 'out' else 'reserved' end`,
      'string',
    ),
    overdue: nn(
      `(u.check_out_at is not null and u.check_in_at is null and r.cancelled_at is null
        and ${EXPECTED_RETURN} is not null and ${EXPECTED_RETURN} < now())`,
      'boolean',
    ),
    usageId: f('u.id', 'number'),
    checkOutAt: f('u.check_out_at', 'datetime'),
    checkOutMileage: f('u.check_out_mileage', 'number'),
    checkOutFuel: f('u.check_out_fuel::int', 'number'),
    checkInAt: f('u.check_in_at', 'datetime'),
    checkInMileage: f('u.check_in_mileage', 'number'),
    checkInFuel: f('u.check_in_fuel::int', 'number'),
    policyNumber: f('u.policy_number', 'string'),
    bodilyInjuryLimitCents: out(cents('u.bodily_injury_limit'), 'number'),
    perAccidentLimitCents: out(cents('u.per_accident_limit'), 'number'),
    propertyDamageLimitCents: out(cents('u.property_damage_limit'), 'number'),
    insuranceCompanyId: f('u.insurance_company_id', 'number'),
    insuranceCompanyName: lookup(
      { from: 'insurance_companies', key: 'id', on: 'u.insurance_company_id', value: 'x.name' },
      'string',
    ),
    driverLicenseName: f('u.driver_license_name', 'string'),
    driverLicenseNumber: f('u.driver_license_number', 'string'),
    driverLicenseState: f('u.driver_license_state', 'string'),
  },
  defaultOrderBy: 'r.appointment_date desc',
  key: 'r.appointment_schedule_id',
  defaultTop: 50,
  maxTop: 500,
  search: ['customerName', 'carName', 'licensePlate'],
};

/** `select <every field> from <the list>`: one row by schedule id, as the list renders it (the PUT's answer). */
export const RESERVATION_ROW_SELECT = `select ${Object.entries(loanerReservationsResource.fields)
  .map(([k, field]) => `${field.sql} as "${k}"`)
  .join(', ')} from ${loanerReservationsResource.from}`;

/**
 * The reservation row of one appointment schedule as the list renders it, or undefined when the schedule
 * carries no loaner and never had a reservation (GET appointmentsSchedule/details shows it).
 */
export async function reservationRowOf(
  db: Db,
  scheduleId: number,
): Promise<LoanerReservationRow | undefined> {
  const [row] = await db.rows<LoanerReservationRow>(
    sql`${sql.raw(RESERVATION_ROW_SELECT)} where r.appointment_schedule_id = ${scheduleId}`,
  );
  return row;
}
