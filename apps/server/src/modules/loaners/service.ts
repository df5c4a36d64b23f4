import { facilityFilter } from '../../http/facility-scope.js';
import type { LoanerCarStatus, LoanerReservationRow, LoanerUsageBody } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordInvoiceChange } from '../invoices/index.js';
import { RESERVATION_ROW_SELECT } from './resource.js';

interface Current {
  scheduleId: number;
  invoiceId: number;
  facilityId: number;
  customerId: number | null;
  scheduleCarId: number | null;
  expectedReturnTime: string | null;
  visitAt: string | null;
  reservationId: number | null;
  reservationCarId: number | null;
  carTypeId: number | null;
  usageId: number | null;
  loanerCarId: number | null;
  checkOutAt: string | null;
  checkOutMileage: number | null;
  checkOutFuel: number | null;
  checkInAt: string | null;
  checkInMileage: number | null;
  checkInFuel: number | null;
}

const toDollars = (cents: number | null | undefined) =>
  cents === undefined ? undefined : cents === null ? null : (cents / 100).toFixed(2);
const time = (v: string | null | undefined) => (v ? new Date(v).getTime() : null);

/** Loaner reservations: the row of one schedule, check-out and check-in (README.md). */
export class LoanerService {
  constructor(private db: Database) {}

  async row(db: Db, scheduleId: number): Promise<LoanerReservationRow> {
    const [row] = await db.rows<LoanerReservationRow>(
      sql`${sql.raw(RESERVATION_ROW_SELECT)} where r.appointment_schedule_id = ${scheduleId}`,
    );
    if (!row) throw notFound(`Loaner reservation ${scheduleId} not found.`);
    return row;
  }

  private async lock(db: Db, scheduleId: number): Promise<Current> {
    const [cur] = await db.rows<Current>(
      sql`select s.id as "scheduleId", s.invoice_id as "invoiceId", i.facility_id as "facilityId", i.customer_id as "customerId",
            s.loaner_car_id as "scheduleCarId", s.expected_return_time as "expectedReturnTime",
            (select max(a.appointment_date_time) from appointments a where a.schedule_id = s.id) as "visitAt",
            r.id as "reservationId", r.loaner_car_id as "reservationCarId",
            coalesce(r.loaner_car_type_id, (select loaner_car_type_id from loaner_cars where id = s.loaner_car_id)) as "carTypeId",
            u.id as "usageId", u.loaner_car_id as "loanerCarId", u.check_out_at as "checkOutAt",
            u.check_out_mileage as "checkOutMileage", u.check_out_fuel::int as "checkOutFuel", u.check_in_at as "checkInAt",
            u.check_in_mileage as "checkInMileage", u.check_in_fuel::int as "checkInFuel"
          from appointment_schedules s join invoices i on i.id = s.invoice_id
          left join loaner_reservations r on r.appointment_schedule_id = s.id
          left join loaner_car_usages u on u.loaner_reservation_id = r.id
          where s.id = ${scheduleId} for update of s`,
    );
    if (!cur || (cur.scheduleCarId === null && cur.reservationId === null))
      throw notFound(`Loaner reservation ${scheduleId} not found.`);
    return cur;
  }

  /**
   * PUT /api/LoanerCarUsages/{id}: check-out, check-in, insurance and licence. Fields left out keep their
   * values. 400: check-in before a check-out, mileage or time below the check-out's; 409: the car is out
   * on another reservation.
   */
  async saveUsage(
    user: SessionUser,
    scheduleId: number,
    body: LoanerUsageBody,
  ): Promise<LoanerReservationRow> {
    return this.db.transaction(async (tx) => {
      const cur = await this.lock(tx, scheduleId);
      const pick = <K extends keyof LoanerUsageBody & keyof Current>(k: K) =>
        (body[k] === undefined ? cur[k] : body[k]) as Current[K];
      const carId = pick('loanerCarId') ?? cur.reservationCarId ?? cur.scheduleCarId;
      const checkOutAt = pick('checkOutAt');
      const checkOutMileage = pick('checkOutMileage');
      const checkInAt = pick('checkInAt');
      const checkInMileage = pick('checkInMileage');
      const checkingIn = checkInAt !== null || checkInMileage !== null || pick('checkInFuel') !== null;
      if (checkingIn && checkOutAt === null)
        throw badRequest(
          body.checkInAt !== undefined ? 'checkInAt' : 'checkInMileage',
          'Check the car out before checking it in',
        );
      if (checkOutAt !== null && checkOutMileage === null)
        throw badRequest('checkOutMileage', 'Enter the mileage at check-out');
      if (checkInAt !== null && checkInMileage === null)
        throw badRequest('checkInMileage', 'Enter the mileage at check-in');
      if (checkInMileage !== null && checkOutMileage !== null && checkInMileage < checkOutMileage)
        throw badRequest(
          'checkInMileage',
          `Check-in mileage (${checkInMileage}) cannot be below the check-out mileage (${checkOutMileage})`,
        );
      if (checkInAt !== null && checkOutAt !== null && (time(checkInAt) ?? 0) < (time(checkOutAt) ?? 0))
        throw badRequest('checkInAt', 'Check-in cannot be before check-out');
      if (checkOutAt !== null && carId === null)
        throw badRequest('loanerCarId', 'Choose the car to check out');
      if (carId !== null && body.loanerCarId !== undefined) {
        const [car] = await tx.rows(sql`select 1 from loaner_cars where id = ${carId} and is_active`);
        if (!car) throw badRequest('loanerCarId', `Loaner car ${carId} not found or inactive`);
      }
      if (body.insuranceCompanyId) {
        const [ins] = await tx.rows(
          sql`select 1 from insurance_companies where id = ${body.insuranceCompanyId}`,
        );
        if (!ins)
          throw badRequest('insuranceCompanyId', `Insurance company ${body.insuranceCompanyId} not found`);
      }
      if (carId !== null && checkOutAt !== null && checkInAt === null) {
        // The car may be out once: lock the car row, then look for another open usage.
        await tx.rows(sql`select 1 from loaner_cars where id = ${carId} for update`);
        const [other] = await tx.rows<{ invoiceId: number | null; checkOutAt: string; name: string }>(
          sql`select r.invoice_id as "invoiceId", u.check_out_at as "checkOutAt", lc.name
              from loaner_car_usages u join loaner_reservations r on r.id = u.loaner_reservation_id
              join loaner_cars lc on lc.id = u.loaner_car_id
              where u.loaner_car_id = ${carId} and u.check_out_at is not null and u.check_in_at is null
                and r.cancelled_at is null and r.appointment_schedule_id is distinct from ${scheduleId} limit 1`,
        );
        if (other)
          throw conflict(
            `${other.name} is out with invoice ${other.invoiceId ?? '?'} since ${new Date(other.checkOutAt).toISOString().slice(0, 10)}; check it in first.`,
          );
      }
      // The reservation follows its schedule; the database writes it (decision 0019). A car chosen at check-out
      // and a new expected return are the schedule's. A cancelled reservation (its schedule carries no car any
      // more) stays as it is; the car checked out is kept in the usage.
      const carChanged =
        body.loanerCarId !== undefined &&
        carId !== null &&
        cur.scheduleCarId !== null &&
        carId !== cur.scheduleCarId;
      if (carChanged || body.expectedReturn !== undefined) {
        await tx.rows(
          sql`update appointment_schedules
                set loaner_car_id = ${carChanged ? sql`${carId}` : sql`loaner_car_id`},
                    expected_return_time = ${body.expectedReturn === undefined ? sql`expected_return_time` : sql`${body.expectedReturn}::timestamptz`},
                    updated_at = now()
              where id = ${scheduleId}`,
        );
      }
      // A schedule whose car was set while the triggers were off has none yet: the one writer makes it.
      if (cur.reservationId === null) {
        await tx.rows(sql`select loaner_reservations_sync(array[${scheduleId}]::int[])`);
      }
      const [reservation] = await tx.rows<{ id: number }>(
        sql`select id from loaner_reservations where appointment_schedule_id = ${scheduleId}`,
      );
      if (!reservation) throw notFound(`Loaner reservation ${scheduleId} not found.`);
      const reservationId = reservation.id;
      const v = {
        checkOutFuel: pick('checkOutFuel'),
        checkInFuel: pick('checkInFuel'),
      };
      const keep = <T>(value: T | undefined, column: string) =>
        value === undefined ? sql.raw(`loaner_car_usages.${column}`) : sql`${value}`;
      await tx.rows(
        sql`insert into loaner_car_usages (loaner_reservation_id, loaner_car_id, check_out_at, check_out_mileage, check_out_fuel,
              check_in_at, check_in_mileage, check_in_fuel, user_id)
            values (${reservationId}, ${checkOutAt === null ? null : carId}, ${checkOutAt}, ${checkOutMileage}, ${v.checkOutFuel},
                    ${checkInAt}, ${checkInMileage}, ${v.checkInFuel}, ${user.id})
            on conflict (loaner_reservation_id) do update set loaner_car_id = excluded.loaner_car_id,
              check_out_at = excluded.check_out_at, check_out_mileage = excluded.check_out_mileage,
              check_out_fuel = excluded.check_out_fuel, check_in_at = excluded.check_in_at,
              check_in_mileage = excluded.check_in_mileage, check_in_fuel = excluded.check_in_fuel, user_id = excluded.user_id,
              updated_at = now()`,
      );
      await tx.rows(
        sql`update loaner_car_usages set
              policy_number = ${keep(body.policyNumber, 'policy_number')},
              bodily_injury_limit = ${keep(toDollars(body.bodilyInjuryLimitCents), 'bodily_injury_limit')},
              per_accident_limit = ${keep(toDollars(body.perAccidentLimitCents), 'per_accident_limit')},
              property_damage_limit = ${keep(toDollars(body.propertyDamageLimitCents), 'property_damage_limit')},
              insurance_company_id = ${keep(body.insuranceCompanyId, 'insurance_company_id')},
              driver_license_name = ${keep(body.driverLicenseName, 'driver_license_name')},
              driver_license_number = ${keep(body.driverLicenseNumber, 'driver_license_number')},
              driver_license_state = ${keep(body.driverLicenseState, 'driver_license_state')}
            where loaner_reservation_id = ${reservationId}`,
      );
      if (checkInMileage !== null && carId !== null && cur.checkInMileage !== checkInMileage) {
        await tx.rows(
          sql`update loaner_cars set mileage = greatest(coalesce(mileage, 0), ${checkInMileage}), updated_at = now() where id = ${carId}`,
        );
      }
      const activity =
        cur.checkInAt === null && checkInAt !== null
          ? 'Loaner checked in'
          : cur.checkOutAt === null && checkOutAt !== null
            ? 'Loaner checked out'
            : 'Loaner usage updated';
      const row = await this.row(tx, scheduleId);
      const details =
        activity === 'Loaner checked in'
          ? `${row.carName ?? 'Car'}: mileage ${checkInMileage}, fuel ${v.checkInFuel ?? '?'}/8`
          : activity === 'Loaner checked out'
            ? `${row.carName ?? 'Car'}: mileage ${checkOutMileage}, fuel ${v.checkOutFuel ?? '?'}/8`
            : (row.carName ?? undefined);
      await recordInvoiceChange(tx, user, cur.invoiceId, { activity, details });
      return row;
    });
  }

  /** Each loaner car and, when it is out, who has it and when it is due back. */
  /** The fleet's state; `scope`: the caller's allowed facilities (decision 0016), null for every one. */
  fleet(
    facilityId: number | undefined,
    scope: { allowedFacilityIds: number[] | null },
  ): Promise<LoanerCarStatus[]> {
    return this.db.rows<LoanerCarStatus>(
      sql`select lc.id, lc.name, lc.facility_id as "facilityId", f.name as "facilityName", t.name as "typeName",
            lc.license_plate as "licensePlate", lc.mileage, lc.is_active as "isActive",
            (select json_build_object('reservationId', r.appointment_schedule_id, 'invoiceId', r.invoice_id,
                'customerName', nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''),
                'checkOutAt', u.check_out_at, 'expectedReturn', r.expected_return,
                'overdue', coalesce(r.expected_return < now(), false))
               from loaner_car_usages u join loaner_reservations r on r.id = u.loaner_reservation_id
               left join customers c on c.id = r.customer_id
               where u.loaner_car_id = lc.id and u.check_out_at is not null and u.check_in_at is null and r.cancelled_at is null
               order by u.check_out_at desc limit 1) as out
          from loaner_cars lc left join facilities f on f.id = lc.facility_id
          left join loaner_car_types t on t.id = lc.loaner_car_type_id
          where lc.is_active ${facilityId ? sql`and lc.facility_id = ${facilityId}` : sql``}
            and ${facilityFilter(scope, sql`lc.facility_id`)}
          order by f.name, lc.name`,
    );
  }
}
