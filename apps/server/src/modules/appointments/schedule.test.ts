import {
  APPOINTMENT_CHANGED_EVENT,
  calendarAnswer,
  CALENDAR_ENTRY_FIELDS,
  calendarVisit,
  dayRelatedRecords,
  scheduleListAnswer,
  scheduleSaveAnswer,
  TIME_ALLOWED_MAX_MINUTES,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { hubOf, type UserAlert } from '../../realtime/hub.js';
import { createInvoice, invoiceHistory, invoiceTestContext } from '../invoices/test-helpers.js';
import { installerIds, uniqueDay } from './test-helpers.js';

let app: App;
let admin: string;
let assistant: string;
let repairTech: string;
let reviewer: string;
let ids: { leadTech: number; repairTech: number };
let facilityId: number;
const alerts: UserAlert[] = [];
const events: { userId: number; event: string; payload: unknown }[] = [];

beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin, repairTech, reviewer } = t);
  assistant = t.adminAssistant;
  ids = await installerIds(app);
  hubOf(app).onPush((a) => alerts.push(...a));
  hubOf(app).onEmit((userId, event, payload) => events.push({ userId, event, payload }));
});
afterAll(() => app.close());

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

async function invoice() {
  const { id } = await createInvoice(app, admin);
  const [row] = await app.deps.db.rows<{ facilityId: number }>(
    sql`select facility_id as "facilityId" from invoices where id = ${id}`,
  );
  facilityId = row.facilityId;
  return id;
}

const form = (invoiceId: number, at: string, extra: Record<string, unknown> = {}) => ({
  scheduleInvoiceId: invoiceId,
  partTypeId: 2,
  installerId: ids.leadTech,
  appointmentDateTime: at,
  serviceAddress: '12 Elm St',
  city: 'Houston',
  state: 'TX',
  zip: '77002',
  phone1: '7135550101',
  phone1AllowText: true,
  email: 'pat@example.com',
  allowEmail: true,
  serviceAppointment: true,
  timeAllowed: 90,
  customerIsWaiting: false,
  instructions: 'Gate <b>code</b> 12',
  latitude: 29.94,
  longitude: -95.52,
  ...extra,
});

/** A loaner car of this test run alone (other test files reserve the demo cars). */
async function ownLoanerCar() {
  const [car] = await app.deps.db.rows<{ id: number }>(
    sql`insert into loaner_cars (facility_id, loaner_car_type_id, name)
        values (${facilityId}, (select id from loaner_car_types order by id limit 1), ${`Test car ${Date.now() % 100000}`})
        returning id`,
  );
  return car.id;
}

describe('appointment schedule save', () => {
  it('books an appointment: schedule and visit, invoice history, an alert to the installer, a live event', async () => {
    const id = await invoice();
    const day = uniqueDay();
    alerts.length = 0;
    events.length = 0;
    const res = await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T09:00`));
    const saved = parseAs(scheduleSaveAnswer, res);
    expect(saved.action).toBe('booked');
    expect(saved.schedule).toMatchObject({
      invoiceId: id,
      installerId: ids.leadTech,
      state: 'TX',
      timeAllowed: 90,
    });
    expect(saved.schedule.current).toMatchObject({ localDateTime: `${day}T09:00`, statusName: 'Scheduled' });
    const history = await invoiceHistory(app, id);
    expect(history[0]).toMatchObject({ activity: 'Appointment scheduled' });
    expect(history[0].details).toContain('Luis Ortega');
    expect(alerts).toEqual([
      expect.objectContaining({
        userId: ids.leadTech,
        alert: expect.objectContaining({ type: 'NewMessage', recordType: 'Invoice', recordId: id }),
      }),
    ]);
    expect(events).toContainEqual({
      userId: 0,
      event: APPOINTMENT_CHANGED_EVENT,
      payload: { invoiceId: id, facilityId, installerId: ids.leadTech },
    });
    const [inv] = await app.deps.db.rows<{ scheduled: boolean }>(
      sql`select scheduled from invoices where id = ${id}`,
    );
    expect(inv.scheduled).toBe(true);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const id = await invoice();
    const day = uniqueDay();
    const cases: [Record<string, unknown>, string][] = [
      [{ state: 'XX' }, 'state'],
      [{ zip: '7700' }, 'zip'],
      [{ email: 'not-an-email' }, 'email'],
      [{ timeAllowed: 0 }, 'timeAllowed'],
      [{ appointmentDateTime: 'tomorrow' }, 'appointmentDateTime'],
      [{ serviceAddress: '' }, 'serviceAddress'],
      [{ loanerCarId: 1 }, 'expectedReturnTime'],
      [{ loanerCarId: 1, expectedReturnTime: `${day}T09:00` }, 'expectedReturnTime'],
      [{ latitude: 100 }, 'latitude'],
      [{ installerId: undefined }, 'installerId'],
    ];
    for (const [extra, field] of cases) {
      const res = await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T10:00`, extra));
      expect(res.statusCode, field).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    // Server-side reference checks: not an installer, unknown part type.
    const notInstaller = await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(id, `${day}T10:00`, {
        installerId: (
          await app.deps.db.rows<{ id: number }>(sql`select id from users where user_name = '104'`)
        )[0].id,
      }),
    );
    expect(notInstaller.statusCode).toBe(400);
    expect(notInstaller.json().errors).toHaveProperty('installerId');
    const badPart = await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(id, `${day}T10:00`, { partTypeId: 999 }),
    );
    expect(badPart.statusCode).toBe(400);
    expect(badPart.json().errors).toHaveProperty('partTypeId');
    const badOption = await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(id, `${day}T10:00`, { customerIsWaiting: true, customerWaitingOptionId: 999 }),
    );
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().errors).toHaveProperty('customerWaitingOptionId');
    const rows = await app.deps.db.rows(sql`select 1 from appointment_schedules where invoice_id = ${id}`);
    expect(rows).toEqual([]);
    expect(
      (await post('/api/appointmentsSchedule/save', assistant, form(999999999, `${day}T10:00`))).statusCode,
    ).toBe(404);
  });

  it('checks the role: repair technicians and reviewers may not book', async () => {
    const id = await invoice();
    const body = form(id, `${uniqueDay()}T10:00`);
    expect((await post('/api/appointmentsSchedule/save', repairTech, body)).statusCode).toBe(403);
    expect((await post('/api/appointmentsSchedule/save', reviewer, body)).statusCode).toBe(403);
    expect(
      (await post('/api/appointmentsSchedule/cancel', repairTech, { invoiceId: id, partTypeId: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/appointmentsSchedule/save', payload: body })).statusCode,
    ).toBe(401);
  });

  it("refuses a booking that overlaps the installer's other appointment with 409 naming it", async () => {
    const day = uniqueDay();
    const a = await invoice();
    const b = await invoice();
    expect(
      (await post('/api/appointmentsSchedule/save', assistant, form(a, `${day}T09:00`))).statusCode,
    ).toBe(200);
    const clash = await post('/api/appointmentsSchedule/save', assistant, form(b, `${day}T10:00`));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(
      `Luis Ortega is already booked from ${day.slice(5, 7)}/${day.slice(8)}/${day.slice(0, 4)} 09:00 to 10:30 (invoice ${a}).`,
    );
    // Right after it ends is free; another installer at the same time is free.
    expect(
      (await post('/api/appointmentsSchedule/save', assistant, form(b, `${day}T10:30`))).statusCode,
    ).toBe(200);
    const c = await invoice();
    const other = await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(c, `${day}T09:00`, { installerId: ids.repairTech }),
    );
    expect(other.statusCode).toBe(200);
  });

  it('finds the clash with a visit of the longest allowed time that started almost that long before', async () => {
    const day = uniqueDay();
    const [a, b] = [await invoice(), await invoice()];
    const long = form(a, `${day}T00:10`, { timeAllowed: TIME_ALLOWED_MAX_MINUTES });
    expect((await post('/api/appointmentsSchedule/save', assistant, long)).statusCode).toBe(200);
    expect(
      (await post('/api/appointmentsSchedule/save', assistant, form(b, `${day}T12:00`))).statusCode,
    ).toBe(409);
    expect(
      (await post('/api/appointmentsSchedule/save', assistant, form(b, `${day}T12:10`))).statusCode,
    ).toBe(200);
  });

  it('two concurrent bookings of the same installer and time: one wins, the other gets 409', async () => {
    const day = uniqueDay();
    const [a, b] = [await invoice(), await invoice()];
    const results = await Promise.all([
      post('/api/appointmentsSchedule/save', assistant, form(a, `${day}T14:00`)),
      post('/api/appointmentsSchedule/save', admin, form(b, `${day}T14:30`)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const booked = await app.deps.db.rows(
      sql`select a.id from appointments a where a.invoice_id in (${a}, ${b}) and a.status_id = 1`,
    );
    expect(booked).toHaveLength(1);
  });

  it('refuses one loaner car on two overlapping reservations, also when both arrive together', async () => {
    const day = uniqueDay();
    const [a, b, c, d] = [await invoice(), await invoice(), await invoice(), await invoice()];
    const car = await ownLoanerCar();
    const loaner = (at: string, ret: string) => ({
      loanerCarId: car,
      expectedReturnTime: `${day}T${ret}`,
      appointmentDateTime: `${day}T${at}`,
    });
    const first = await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(a, '', { ...loaner('08:00', '17:00') }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const [res] = await app.deps.db.rows<{ loanerCarId: number; cancelledAt: string | null }>(
      sql`select loaner_car_id as "loanerCarId", cancelled_at as "cancelledAt" from loaner_reservations
          where invoice_id = ${a}`,
    );
    expect(res).toEqual({ loanerCarId: car, cancelledAt: null });
    const taken = await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(b, '', { ...loaner('12:00', '18:00'), installerId: ids.repairTech }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toMatch(
      /^Loaner car Test car \d+ is already reserved from .* 08:00 to .* 17:00 \(invoice \d+\)\.$/,
    );
    // After the return it is free again.
    expect(
      (
        await post(
          '/api/appointmentsSchedule/save',
          assistant,
          form(b, '', { ...loaner('17:00', '19:00'), installerId: ids.repairTech }),
        )
      ).statusCode,
    ).toBe(200);
    // Concurrently, on the next day: one of two wins.
    const next = uniqueDay();
    const both = await Promise.all([
      post(
        '/api/appointmentsSchedule/save',
        assistant,
        form(c, `${next}T08:00`, { loanerCarId: car, expectedReturnTime: `${next}T12:00` }),
      ),
      post(
        '/api/appointmentsSchedule/save',
        admin,
        form(d, `${next}T09:00`, {
          loanerCarId: car,
          expectedReturnTime: `${next}T13:00`,
          installerId: ids.repairTech,
        }),
      ),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().detail).toMatch(/^Loaner car /);
  });

  it('the loaner reservation follows each save and cancel (written by the database, decision 0019)', async () => {
    const day = uniqueDay();
    const id = await invoice();
    const car = await ownLoanerCar();
    const reservation = async () => {
      const [r] = await app.deps.db.rows<{
        loanerCarId: number;
        at: string;
        ret: string | null;
        cancelled: boolean;
        n: number;
      }>(
        sql`select r.loaner_car_id as "loanerCarId", to_json(r.appointment_date) #>> '{}' as at,
                   to_json(r.expected_return) #>> '{}' as ret, r.cancelled_at is not null as cancelled,
                   (select count(*)::int from loaner_reservations x where x.invoice_id = ${id}) as n
            from loaner_reservations r where r.invoice_id = ${id}`,
      );
      return r;
    };
    const visitAt = async () => {
      const [v] = await app.deps.db.rows<{ at: string }>(
        sql`select to_json(appointment_date_time) #>> '{}' as at from appointments where invoice_id = ${id}
            order by id desc limit 1`,
      );
      return v.at;
    };
    const save = async (at: string, extra: Record<string, unknown>) => {
      const res = await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T${at}`, extra));
      expect(res.statusCode, res.body).toBe(200);
    };
    await save('08:00', { loanerCarId: car, expectedReturnTime: `${day}T17:00` });
    const booked = await reservation();
    expect(booked).toMatchObject({ loanerCarId: car, cancelled: false, n: 1 });
    expect(booked.at).toBe(await visitAt());
    // Moved: the reservation's date follows the visit.
    await save('10:00', { loanerCarId: car, expectedReturnTime: `${day}T18:00` });
    const moved = await reservation();
    expect(moved.at).toBe(await visitAt());
    expect(moved.at).not.toBe(booked.at);
    expect(moved.ret).not.toBe(booked.ret);
    // Saved without a car: cancelled, the car kept; with one again: active.
    await save('10:00', {});
    expect(await reservation()).toMatchObject({ loanerCarId: car, cancelled: true, n: 1 });
    await save('10:00', { loanerCarId: car, expectedReturnTime: `${day}T18:00` });
    expect(await reservation()).toMatchObject({ cancelled: false, n: 1 });
    // The visit cancelled cancels the reservation; booked again, it is active again.
    expect(
      (await post('/api/appointmentsSchedule/cancel', assistant, { invoiceId: id, partTypeId: 2 }))
        .statusCode,
    ).toBe(200);
    expect(await reservation()).toMatchObject({ cancelled: true });
    await save('11:00', { loanerCarId: car, expectedReturnTime: `${day}T18:00` });
    const rebooked = await reservation();
    expect(rebooked).toMatchObject({ cancelled: false, n: 1 });
    expect(rebooked.at).toBe(await visitAt());
  });

  it('moves an appointment (history keeps the old time), rebooks after a ReSchedule, cancels', async () => {
    const day = uniqueDay();
    const id = await invoice();
    await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T09:00`));
    alerts.length = 0;
    const moved = parseAs(
      scheduleSaveAnswer,
      await post(
        '/api/appointmentsSchedule/save',
        assistant,
        form(id, `${day}T11:00`, { installerId: ids.repairTech }),
      ),
    );
    expect(moved.action).toBe('moved');
    expect(moved.schedule.current).toMatchObject({
      localDateTime: `${day}T11:00`,
      installerId: ids.repairTech,
    });
    const [h] = await invoiceHistory(app, id);
    expect(h.activity).toBe('Appointment rescheduled');
    expect(h.details).toContain('09:00');
    expect(h.details).toContain('11:00');
    // Both the new and the former installer are told.
    expect(alerts.map((a) => a.userId).sort()).toEqual([ids.leadTech, ids.repairTech].sort());
    // Same time and installer, other details: only an update.
    const updated = parseAs(
      scheduleSaveAnswer,
      await post(
        '/api/appointmentsSchedule/save',
        assistant,
        form(id, `${day}T11:00`, { installerId: ids.repairTech, instructions: 'Call first' }),
      ),
    );
    expect(updated.action).toBe('updated');
    // The installer asks for a reschedule; saving books a new visit and keeps the old one.
    await app.deps.db.rows(sql`update appointments set status_id = 4 where invoice_id = ${id}`);
    const rebooked = parseAs(
      scheduleSaveAnswer,
      await post(
        '/api/appointmentsSchedule/save',
        assistant,
        form(id, `${day}T15:00`, { installerId: ids.repairTech }),
      ),
    );
    expect(rebooked.action).toBe('rebooked');
    const visits = await app.deps.db.rows<{ statusId: number }>(
      sql`select status_id as "statusId" from appointments where invoice_id = ${id} order by id`,
    );
    expect(visits.map((v) => v.statusId)).toEqual([4, 1]);
    const cancelled = parseAs(
      scheduleSaveAnswer,
      await post('/api/appointmentsSchedule/cancel', assistant, {
        invoiceId: id,
        partTypeId: 2,
        note: 'Customer sold the car',
      }),
    );
    expect(cancelled.action).toBe('cancelled');
    expect(cancelled.schedule.current?.statusName).toBe('Cancelled');
    const [last] = await invoiceHistory(app, id);
    expect(last).toMatchObject({ activity: 'Appointment cancelled' });
    expect(last.details).toContain('Customer sold the car');
    expect(
      (await post('/api/appointmentsSchedule/cancel', assistant, { invoiceId: id, partTypeId: 2 }))
        .statusCode,
    ).toBe(409);
    const [inv] = await app.deps.db.rows<{ scheduled: boolean }>(
      sql`select scheduled from invoices where id = ${id}`,
    );
    expect(inv.scheduled).toBe(false);
    // An arrived visit is not moved.
    const other = await invoice();
    await post('/api/appointmentsSchedule/save', assistant, form(other, `${day}T18:00`));
    await app.deps.db.rows(sql`update appointments set status_id = 2 where invoice_id = ${other}`);
    expect(
      (await post('/api/appointmentsSchedule/save', assistant, form(other, `${day}T19:00`))).statusCode,
    ).toBe(409);
  });
});

describe('calendar, list and day related records', () => {
  it('shows the week, the day per installer, and filters repairs and replacements', async () => {
    const day = uniqueDay();
    const a = await invoice();
    const b = await invoice();
    await post('/api/appointmentsSchedule/save', assistant, form(a, `${day}T07:00`));
    await post(
      '/api/appointmentsSchedule/save',
      assistant,
      form(b, `${day}T13:00`, { partTypeId: 1, installerId: ids.repairTech }),
    );
    const week = parseAs(
      calendarAnswer,
      await get(
        `/api/appointmentsSchedule/calendar?startDate=${day}&view=Week&facilityId=${facilityId}`,
        assistant,
      ),
    );
    expect(week.appointments.map((x) => calendarVisit(x).invoiceId)).toEqual(expect.arrayContaining([a, b]));
    expect(week.view).toBe('Week');
    // Only what the calendar draws, as tuples (calendarVisit names them); the names once, beside them.
    const first = week.appointments.map(calendarVisit).find((x) => x.invoiceId === a);
    expect(week.appointments[0]).toHaveLength(CALENDAR_ENTRY_FIELDS.length);
    expect(first).toMatchObject({
      localDateTime: `${day}T07:00`,
      statusId: 1,
      partTypeId: 2,
      timeAllowed: 90,
    });
    expect(week.partTypes.map((p) => p.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(week.installers.find((i) => i.id === first?.installerId)?.name).toBeTruthy();
    expect(new Date(`${week.startDate}T00:00:00Z`).getUTCDay()).toBe(0);
    const dayView = parseAs(
      calendarAnswer,
      await get(
        `/api/appointmentsSchedule/calendar?startDate=${day}&view=Day&facilityId=${facilityId}`,
        assistant,
      ),
    );
    // The earliest is 07:00, so the day opens at 08:00.
    expect(dayView.scrollTo).toBe('08:00');
    expect(dayView.installers.map((i) => i.id)).toEqual(
      expect.arrayContaining([ids.leadTech, ids.repairTech]),
    );
    const noRepairs = parseAs(
      calendarAnswer,
      await get(
        `/api/appointmentsSchedule/calendar?startDate=${day}&view=Day&facilityId=${facilityId}&repairs=NO`,
        assistant,
      ),
    );
    expect(noRepairs.appointments.map((x) => calendarVisit(x).invoiceId)).toContain(a);
    expect(noRepairs.appointments.map((x) => calendarVisit(x).invoiceId)).not.toContain(b);
    const mine = parseAs(
      calendarAnswer,
      await get(
        `/api/appointmentsSchedule/calendar?startDate=${day}&view=Month&installerId=${ids.repairTech}&facilityId=${facilityId}`,
        assistant,
      ),
    );
    expect(mine.appointments.every((x) => calendarVisit(x).installerId === ids.repairTech)).toBe(true);
    expect(
      (await get(`/api/appointmentsSchedule/calendar?startDate=${day}&view=Year`, assistant)).statusCode,
    ).toBe(400);
    expect((await get('/api/appointmentsSchedule/calendar', assistant)).statusCode).toBe(400);
  });

  it("keeps each visit's length and customer as its schedule and invoice change, whoever writes them", async () => {
    const day = uniqueDay();
    const id = await invoice();
    await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T10:00`, { timeAllowed: 120 }));
    const entry = async () => {
      const week = parseAs(
        calendarAnswer,
        await get(
          `/api/appointmentsSchedule/calendar?startDate=${day}&view=Day&facilityId=${facilityId}`,
          assistant,
        ),
      );
      return week.appointments.map(calendarVisit).find((x) => x.invoiceId === id);
    };
    expect(await entry()).toMatchObject({ timeAllowed: 120 });
    // The copies are the database's (migration 0024): plain SQL moves them too, and a direct write is recomputed.
    const { db } = app.deps;
    await db.rows(sql`update appointment_schedules set time_allowed = 45 where invoice_id = ${id}`);
    await db.rows(sql`update invoices set sold_to = 'Renamed Customer' where id = ${id}`);
    expect(await entry()).toMatchObject({ timeAllowed: 45, customerName: 'Renamed Customer' });
    await db.rows(
      sql`update appointments set customer_name = 'x', time_allowed = 1 where invoice_id = ${id}`,
    );
    expect(await entry()).toMatchObject({ timeAllowed: 45, customerName: 'Renamed Customer' });
    // A move through the form keeps them on the new visit.
    await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T14:00`, { timeAllowed: 30 }));
    expect(await entry()).toMatchObject({
      localDateTime: `${day}T14:00`,
      timeAllowed: 30,
      customerName: 'Renamed Customer',
    });
  });

  it('answers a repeated week from its cache only while nothing it shows has changed, whoever writes', async () => {
    const day = uniqueDay();
    const id = await invoice();
    await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T10:00`));
    const url = `/api/appointmentsSchedule/calendar?startDate=${day}&view=Week&facilityId=${facilityId}`;
    const week = async () => parseAs(calendarAnswer, await get(url, assistant));
    const mine = async () => (await week()).appointments.map(calendarVisit).find((x) => x.invoiceId === id);
    // Screens asking at once get the same answer.
    const [one, two] = await Promise.all([get(url, assistant), get(url, assistant)]);
    expect(one.body).toBe(two.body);
    expect(await mine()).toMatchObject({ statusId: 1 });
    const { db } = app.deps;
    const versions = async () =>
      Object.fromEntries(
        (
          await db.rows<{ f: number; v: string }>(
            sql`select facility_id as f, version::text as v from appointment_versions`,
          )
        ).map((r) => [r.f, r.v]),
      );
    // A visit written by plain SQL, its installer renamed, its part type renamed, its facility's zone moved,
    // the visit deleted: each shows at once (migration 0026 counts every writer).
    await db.rows(sql`update appointments set status_id = 2 where invoice_id = ${id}`);
    expect(await mine()).toMatchObject({ statusId: 2 });
    const installer = (await mine())!.installerId!;
    const [{ first }] = await db.rows<{ first: string }>(
      sql`select first_name as first from users where id = ${installer}`,
    );
    await db.rows(sql`update users set first_name = 'Renamed' where id = ${installer}`);
    expect((await week()).installers.find((i) => i.id === installer)?.name).toMatch(/^Renamed /);
    await db.rows(sql`update users set first_name = ${first} where id = ${installer}`);
    const [{ name }] = await db.rows<{ name: string }>(sql`select name from part_types where id = 2`);
    await db.rows(sql`update part_types set name = 'Renamed part' where id = 2`);
    expect((await week()).partTypes.find((p) => p.id === 2)?.name).toBe('Renamed part');
    await db.rows(sql`update part_types set name = ${name} where id = 2`);
    const [{ tz }] = await db.rows<{ tz: string }>(
      sql`select time_zone as tz from facilities where id = ${facilityId}`,
    );
    const other = tz === 'America/New_York' ? 'America/Chicago' : 'America/New_York';
    await db.rows(sql`update facilities set time_zone = ${other} where id = ${facilityId}`);
    try {
      expect((await week()).timeZone).toBe(other);
    } finally {
      await db.rows(sql`update facilities set time_zone = ${tz} where id = ${facilityId}`);
    }
    expect((await week()).timeZone).toBe(tz);
    // Writing one facility's visits leaves the other facilities' answers alone.
    const before = await versions();
    await db.rows(sql`delete from appointments where invoice_id = ${id}`);
    expect(await mine()).toBeUndefined();
    const after = await versions();
    expect(Number(after[facilityId])).toBeGreaterThan(Number(before[facilityId]));
    for (const f of Object.keys(before).filter((f) => f !== String(facilityId)))
      expect(after[f]).toBe(before[f]);
  });

  it('lists the schedules of an invoice and the installer day; day related records prefill the form', async () => {
    const day = uniqueDay();
    const id = await invoice();
    await post('/api/appointmentsSchedule/save', assistant, form(id, `${day}T09:00`));
    const list = parseAs(
      scheduleListAnswer,
      await get(
        `/api/appointmentsSchedule/list?invoiceId=${id}&startDate=${day}&employeeId=${ids.leadTech}`,
        assistant,
      ),
    );
    expect(list.schedules.map((s) => s.partTypeId)).toEqual([2]);
    expect(list.dayAppointments.map((x) => x.invoiceId)).toContain(id);
    const related = parseAs(
      dayRelatedRecords,
      await get(`/api/appointmentsSchedule/dayRelatedRecords?invoiceId=${id}`, assistant),
    );
    expect(related.invoiceId).toBe(id);
    expect(related.partTypes.length).toBeGreaterThan(0);
    expect(related.schedules).toHaveLength(1);
    expect(
      (await get('/api/appointmentsSchedule/dayRelatedRecords?invoiceId=999999999', assistant)).statusCode,
    ).toBe(404);
    expect((await get('/api/appointmentsSchedule/list?invoiceId=abc', assistant)).statusCode).toBe(400);
  });
});
