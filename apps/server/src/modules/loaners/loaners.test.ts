import { loanerCarStatus, loanerReservationRow, odataPage, problem } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auth, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { createInvoice, invoiceHistory, invoiceTestContext } from '../invoices/test-helpers.js';

let app: App;
let admin: string;
let assistant: string;
let repairTech: string;
let reviewer: string;

beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin, repairTech, reviewer } = t);
  assistant = t.adminAssistant;
});
afterAll(() => app.close());

const put = (id: number, token: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/LoanerCarUsages/${id}`, headers: auth(token), payload });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

/** A loaner car of its own (facility 1), so tests on a shared database never meet another test's car. */
async function ownCar() {
  const [car] = await app.deps.db.rows<{ id: number }>(
    sql`insert into loaner_cars (facility_id, loaner_car_type_id, name, license_plate, mileage)
        values (1, 1, ${`Test Loaner ${Math.random().toString(36).slice(2, 8)}`}, 'TST-001', 1000) returning id`,
  );
  return car.id;
}

/** An invoice with a schedule carrying the car and one visit tomorrow; returns the schedule (= row) id. */
async function scheduleWithLoaner(carId: number) {
  const { id: invoiceId } = await createInvoice(app, admin);
  const [s] = await app.deps.db.rows<{ id: number }>(
    sql`insert into appointment_schedules (invoice_id, part_type_id, loaner_car_id, expected_return_time)
        values (${invoiceId}, 1, ${carId}, now() + interval '2 days') returning id`,
  );
  await app.deps.db.rows(
    sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, appointment_date_time)
        select ${s.id}, ${invoiceId}, 1, facility_id, now() + interval '1 day' from invoices where id = ${invoiceId}`,
  );
  return { scheduleId: s.id, invoiceId };
}

const row = async (id: number, token = assistant) => {
  const page = parseAs(
    odataPage(loanerReservationRow),
    await get(`/api/LoanerReservations?$filter=${encodeURIComponent(`id eq ${id}`)}`, token),
  );
  return page.value[0];
};

describe('loaner reservations', () => {
  it('lists schedules with a loaner, filtered by facility, car and date', async () => {
    const car = await ownCar();
    const { scheduleId, invoiceId } = await scheduleWithLoaner(car);
    const r = await row(scheduleId);
    expect(r).toMatchObject({
      id: scheduleId,
      invoiceId,
      loanerCarId: car,
      state: 'reserved',
      overdue: false,
    });
    const byCar = parseAs(
      odataPage(loanerReservationRow),
      await get(
        `/api/LoanerReservations?$filter=${encodeURIComponent(`loanerCarId eq ${car} and facilityId eq 1 and appointmentDate ge ${new Date(Date.now() - 86_400_000).toISOString()}`)}`,
        assistant,
      ),
    );
    expect(byCar.value.map((x) => x.id)).toEqual([scheduleId]);
    expect((await get('/api/LoanerReservations', reviewer)).statusCode).toBe(200);
    expect((await get('/api/LoanerReservations', repairTech)).statusCode).toBe(403);
    expect((await get('/api/LoanerReservations?$filter=nope eq 1', assistant)).statusCode).toBe(400);
  });

  it('every schedule with a car has its reservation row; its car and facility follow, whoever writes them', async () => {
    const [first, second] = [await ownCar(), await ownCar()];
    const { scheduleId, invoiceId } = await scheduleWithLoaner(first);
    const { db } = app.deps;
    // Plain SQL, not the form: the database keeps the reservation (decision 0019).
    await db.rows(sql`update appointment_schedules set loaner_car_id = ${second} where id = ${scheduleId}`);
    expect(await row(scheduleId)).toMatchObject({ loanerCarId: second });
    const filtered = async (filter: string) =>
      parseAs(
        odataPage(loanerReservationRow),
        // The System Admin reaches every facility (decision 0016): the row moves to another facility below.
        await get(`/api/LoanerReservations?$count=true&$filter=${encodeURIComponent(filter)}`, admin),
      );
    expect((await filtered(`loanerCarId eq ${second}`)).value.map((x) => x.id)).toEqual([scheduleId]);
    expect((await filtered(`loanerCarId eq ${first}`)).value).toEqual([]);
    const [other] = await db.rows<{ id: number }>(
      sql`select id from facilities where id <> (select facility_id from invoices where id = ${invoiceId})
          order by id limit 1`,
    );
    await db.rows(sql`update invoices set facility_id = ${other.id} where id = ${invoiceId}`);
    expect(await row(scheduleId, admin)).toMatchObject({ facilityId: other.id });
    expect(
      (await filtered(`facilityId eq ${other.id} and loanerCarId eq ${second}`)).value.map((x) => x.id),
    ).toEqual([scheduleId]);
    // The assistant works at facility 1 only: the row left their list with its invoice.
    const theirs = parseAs(
      odataPage(loanerReservationRow),
      await get(
        `/api/LoanerReservations?$filter=${encodeURIComponent(`loanerCarId eq ${second}`)}`,
        assistant,
      ),
    );
    expect(theirs.value).toEqual([]);
    // The list holds every schedule that carries a car or had a reservation, no more, no fewer.
    const [{ n }] = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from appointment_schedules s where s.loaner_car_id is not null
            or exists (select 1 from loaner_reservations r where r.appointment_schedule_id = s.id)`,
    );
    expect((await filtered('id gt 0'))['@odata.count']).toBe(n);
  });

  it('checks a car out and in with mileage and fuel; check-in mileage below check-out is a 400', async () => {
    const car = await ownCar();
    const { scheduleId, invoiceId } = await scheduleWithLoaner(car);
    const out = await put(scheduleId, assistant, {
      checkOutAt: new Date().toISOString(),
      checkOutMileage: 1200,
      checkOutFuel: 8,
      policyNumber: 'POL-77',
      bodilyInjuryLimitCents: 2_500_000,
      perAccidentLimitCents: 5_000_000,
      propertyDamageLimitCents: 2_500_000,
      insuranceCompanyId: 1,
      driverLicenseName: 'Pat Driver',
      driverLicenseNumber: 'D1234567',
      driverLicenseState: 'TX',
    });
    const o = parseAs(loanerReservationRow, out);
    expect(o).toMatchObject({
      state: 'out',
      checkOutMileage: 1200,
      checkOutFuel: 8,
      bodilyInjuryLimitCents: 2_500_000,
      driverLicenseNumber: 'D1234567',
      insuranceCompanyId: 1,
    });
    expect(o.reservationId).not.toBeNull();
    expect((await invoiceHistory(app, invoiceId))[0].activity).toBe('Loaner checked out');

    // The fleet shows who has it and when it is due back.
    const fleet = parseAs(
      z.array(loanerCarStatus),
      await get('/api/LoanerCarStatus?facilityId=1', assistant),
    );
    expect(fleet.find((c) => c.id === car)?.out).toMatchObject({
      reservationId: scheduleId,
      invoiceId,
      overdue: false,
    });

    // The same car on another reservation while out: 409.
    const second = await scheduleWithLoaner(car);
    const twice = await put(second.scheduleId, assistant, {
      checkOutAt: new Date().toISOString(),
      checkOutMileage: 1200,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/is out with invoice/);

    const low = await put(scheduleId, assistant, {
      checkInAt: new Date().toISOString(),
      checkInMileage: 1100,
      checkInFuel: 4,
    });
    expect(low.statusCode).toBe(400);
    expect(parseAs(problem, low).errors).toHaveProperty('checkInMileage');
    expect((await row(scheduleId)).state).toBe('out');

    const back = parseAs(
      loanerReservationRow,
      await put(scheduleId, assistant, {
        checkInAt: new Date().toISOString(),
        checkInMileage: 1350,
        checkInFuel: 6,
      }),
    );
    expect(back).toMatchObject({
      state: 'returned',
      checkInMileage: 1350,
      checkInFuel: 6,
      policyNumber: 'POL-77',
    });
    expect((await invoiceHistory(app, invoiceId))[0]).toMatchObject({
      activity: 'Loaner checked in',
      details: expect.stringContaining('mileage 1350, fuel 6/8'),
    });
    const [c] = await app.deps.db.rows<{ mileage: number }>(
      sql`select mileage from loaner_cars where id = ${car}`,
    );
    expect(c.mileage).toBe(1350);
    // Back in: the other reservation may take it now.
    expect(
      (
        await put(second.scheduleId, assistant, {
          checkOutAt: new Date().toISOString(),
          checkOutMileage: 1350,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an overdue car stands out', async () => {
    const car = await ownCar();
    const { scheduleId } = await scheduleWithLoaner(car);
    await put(scheduleId, assistant, {
      checkOutAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      checkOutMileage: 10,
      expectedReturn: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(await row(scheduleId)).toMatchObject({ state: 'out', overdue: true });
    const overdue = parseAs(
      odataPage(loanerReservationRow),
      await get(
        `/api/LoanerReservations?$filter=${encodeURIComponent(`overdue eq true and loanerCarId eq ${car}`)}`,
        assistant,
      ),
    );
    expect(overdue.value.map((x) => x.id)).toEqual([scheduleId]);
  });

  it('validates and checks roles', async () => {
    const car = await ownCar();
    const { scheduleId } = await scheduleWithLoaner(car);
    const cases: [object, string][] = [
      [{ checkInAt: new Date().toISOString(), checkInMileage: 5 }, 'checkInAt'],
      [{ checkOutAt: new Date().toISOString() }, 'checkOutMileage'],
      [{ checkOutFuel: 9 }, 'checkOutFuel'],
      [{ checkOutMileage: -1 }, 'checkOutMileage'],
      [{ checkOutAt: 'yesterday', checkOutMileage: 1 }, 'checkOutAt'],
      [{ driverLicenseState: 'Texas' }, 'driverLicenseState'],
      [{ insuranceCompanyId: 999999999 }, 'insuranceCompanyId'],
      [{ loanerCarId: 999999999 }, 'loanerCarId'],
      [
        {
          checkOutAt: new Date().toISOString(),
          checkOutMileage: 10,
          checkInAt: new Date(Date.now() - 86_400_000).toISOString(),
          checkInMileage: 20,
        },
        'checkInAt',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await put(scheduleId, assistant, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(parseAs(problem, res).errors ?? {})).toContain(field);
    }
    expect((await row(scheduleId)).state).toBe('reserved');
    expect((await put(scheduleId, repairTech, { checkOutMileage: 1 })).statusCode).toBe(403);
    expect((await put(scheduleId, reviewer, { checkOutMileage: 1 })).statusCode).toBe(403);
    expect((await put(999999999, admin, { checkOutMileage: 1 })).statusCode).toBe(404);
  });
});

describe('loaner cars (declared admin resource)', () => {
  it('lists, creates and updates loaner cars; VIN is checked', async () => {
    const list = await get('/api/loanerCars?$top=5', assistant);
    expect(list.statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/loanerCars',
      headers: auth(assistant),
      payload: {
        name: 'Fleet test car',
        facilityId: 1,
        loanerCarTypeId: 2,
        licensePlate: 'FLT-9',
        vin: '1HGCM82633A004352',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/loanerCars',
      headers: auth(assistant),
      payload: { name: 'Bad VIN', facilityId: 1, loanerCarTypeId: 2, vin: 'IOQ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('vin');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/loanerCars',
          headers: auth(repairTech),
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
