import { UserRole } from '@glass/domain';
import { scheduleDetails, scheduleSaveBody } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO, grantFacilities, login, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { createInvoice, invoiceTestContext } from '../invoices/test-helpers.js';
import { installerIds, uniqueDay } from './test-helpers.js';

/** GET /api/appointmentsSchedule/details (README.md "Scheduling"). */

let app: App;
let admin: string;
let manager: string;
let assistant: string;
let repairTech: string;
let reviewer: string;
let none: string;
let ids: { leadTech: number; repairTech: number };
let assistantFacility: number;

const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const details = (query: string, token = assistant) =>
  get(`/api/appointmentsSchedule/details?${query}`, token);

/** An account of role None (may sign in, nothing else); made once per database. */
async function noneToken() {
  const who = { userName: '873', password: '802467' };
  const [exists] = await app.deps.db.rows(sql`select 1 from users where user_name = ${who.userName}`);
  if (!exists) {
    const created = await post('/api/users', admin, {
      ...who,
      firstName: 'Nell',
      lastName: 'Norole',
      email: 'nell.norole@example.com',
      userRoleId: UserRole.None,
      facilityId: 1,
      brandId: 1,
      isActive: true,
      isInstaller: false,
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
  }
  return login(app, who);
}

beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin, manager, repairTech, reviewer } = t);
  assistant = t.adminAssistant;
  ids = await installerIds(app);
  none = await noneToken();
  const [a] = await app.deps.db.rows<{ facilityId: number }>(
    sql`select facility_id as "facilityId" from users where user_name = '104'`,
  );
  assistantFacility = a.facilityId;
});
afterAll(() => app.close());

/** The facility a demo user works at now. */
async function facilityOf(userName: string): Promise<number> {
  const [u] = await app.deps.db.rows<{ facilityId: number }>(
    sql`select facility_id as "facilityId" from users where user_name = ${userName}`,
  );
  return u.facilityId;
}

/** A new invoice of the assistant's facility. */
async function invoice() {
  const { id } = await createInvoice(app, admin);
  await app.deps.db.rows(sql`update invoices set facility_id = ${assistantFacility} where id = ${id}`);
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
  phone2: '7135550102',
  phone2AllowText: false,
  email: 'pat@example.com',
  allowEmail: true,
  serviceAppointment: true,
  timeAllowed: 90,
  customerIsWaiting: true,
  instructions: 'Gate <b>code</b> 12',
  scheduleInstructions: 'Confirm the part first',
  latitude: 29.94,
  longitude: -95.52,
  ...extra,
});

async function book(body: object) {
  const res = await post('/api/appointmentsSchedule/save', assistant, body);
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/appointmentsSchedule/details', () => {
  it('answers the schedule as the save form needs it, with the loaner reservation and every visit', async () => {
    const id = await invoice();
    const day = uniqueDay();
    const [car] = await app.deps.db.rows<{ id: number; name: string }>(
      sql`insert into loaner_cars (facility_id, loaner_car_type_id, name)
          values (${assistantFacility}, (select id from loaner_car_types order by id limit 1), ${`Details car ${id}`})
          returning id, name`,
    );
    const body = form(id, `${day}T09:00`, { loanerCarId: car.id, expectedReturnTime: `${day}T17:00` });
    await book(body);
    // The installer reports ReSchedule; the office books the visit again at 13:00.
    await app.deps.db.rows(sql`update appointments set status_id = 4 where invoice_id = ${id}`);
    await book({ ...body, appointmentDateTime: `${day}T13:00` });

    const [{ scheduleId }] = await app.deps.db.rows<{ scheduleId: number }>(
      sql`select id as "scheduleId" from appointment_schedules where invoice_id = ${id}`,
    );
    const byId = parseAs(scheduleDetails, await details(`id=${scheduleId}`));
    const byInvoice = parseAs(scheduleDetails, await details(`invoiceId=${id}`));
    const byPart = parseAs(scheduleDetails, await details(`invoiceId=${id}&partTypeId=2`));
    expect(byInvoice).toEqual(byId);
    expect(byPart).toEqual(byId);
    expect(byId).toMatchObject({
      id: scheduleId,
      invoiceId: id,
      scheduleInvoiceId: id,
      facilityId: assistantFacility,
      partTypeId: 2,
      installerId: ids.leadTech,
      installerName: 'Luis Ortega',
      appointmentDateTime: `${day}T13:00`,
      serviceAddress: '12 Elm St',
      state: 'TX',
      phone2: '7135550102',
      phone2AllowText: false,
      allowEmail: true,
      customerIsWaiting: true,
      instructions: 'Gate <b>code</b> 12',
      scheduleInstructions: 'Confirm the part first',
      loanerCarId: car.id,
      loanerCarName: car.name,
      localExpectedReturnTime: `${day}T17:00`,
      latitude: 29.94,
      longitude: -95.52,
    });
    expect(byId.loanerReservation).toMatchObject({
      id: scheduleId,
      invoiceId: id,
      loanerCarId: car.id,
      carName: car.name,
      state: 'reserved',
    });
    expect(byId.appointments.map((a) => [a.localDateTime, a.statusName])).toEqual([
      [`${day}T13:00`, 'Scheduled'],
      [`${day}T09:00`, 'ReSchedule'],
    ]);
    expect(byId.current?.localDateTime).toBe(`${day}T13:00`);
    // Every field of the save form is there: the answer, cut to the save body, is a valid save.
    const keys = Object.keys(scheduleSaveBody.shape) as string[];
    const again = Object.fromEntries(
      keys.map((k) => [
        k,
        (byId as Record<string, unknown>)[k === 'expectedReturnTime' ? 'localExpectedReturnTime' : k],
      ]),
    );
    expect(scheduleSaveBody.safeParse(again).success).toBe(true);
    expect(again).toMatchObject({ ...body, appointmentDateTime: `${day}T13:00` });

    // Without a loaner: null reservation.
    const plain = await invoice();
    await book(form(plain, `${day}T15:00`, { installerId: ids.repairTech }));
    const p = parseAs(scheduleDetails, await details(`invoiceId=${plain}`));
    expect(p.loanerReservation).toBeNull();
    expect(p.appointments).toHaveLength(1);
  });

  it('400 names the field of a bad or missing parameter', async () => {
    const cases: [string, string][] = [
      ['', 'id'],
      ['id=abc', 'id'],
      ['id=0', 'id'],
      ['invoiceId=-4', 'invoiceId'],
      ['id=1&invoiceId=1', 'invoiceId'],
      ['id=1&partTypeId=2', 'partTypeId'],
      ['invoiceId=1&partTypeId=x', 'partTypeId'],
    ];
    for (const [q, field] of cases) {
      const res = await details(q);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors), q).toContain(field);
    }
    // An invoice with schedules for two part types needs the part type.
    const id = await invoice();
    const day = uniqueDay();
    await book(form(id, `${day}T08:00`));
    await book(form(id, `${day}T10:00`, { partTypeId: 3 }));
    const two = await details(`invoiceId=${id}`);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors.partTypeId[0]).toMatch(/has 2 appointment schedules/);
    expect(parseAs(scheduleDetails, await details(`invoiceId=${id}&partTypeId=3`)).partTypeId).toBe(3);
  });

  it('404 for an unknown schedule, an unknown invoice, an invoice without a schedule', async () => {
    const noSchedule = await invoice();
    for (const q of ['id=2000000000', 'invoiceId=2000000000', `invoiceId=${noSchedule}`]) {
      const res = await details(q);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().detail).toBeTruthy();
    }
    const id = await invoice();
    await book(form(id, `${uniqueDay()}T08:00`));
    expect((await details(`invoiceId=${id}&partTypeId=4`)).statusCode).toBe(404);
  });

  it('needs appointments.read: role None is refused, a token is required', async () => {
    const id = await invoice();
    await book(form(id, `${uniqueDay()}T08:00`));
    // The Reviewer reads the schedules of the facility they work at now (other test files move people on a
    // shared PostgreSQL database).
    await app.deps.db.rows(
      sql`update invoices set facility_id = ${await facilityOf('106')} where id = ${id}`,
    );
    expect((await details(`invoiceId=${id}`, none)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/appointmentsSchedule/details?invoiceId=${id}` }))
        .statusCode,
    ).toBe(401);
    expect((await details(`invoiceId=${id}`, reviewer)).statusCode).toBe(200);
  });

  it("refuses another facility's schedule to everyone bound to other facilities, its installer too (decision 0016)", async () => {
    const id = await invoice();
    await book(form(id, `${uniqueDay()}T08:00`, { installerId: ids.repairTech }));
    // A facility none of the demo staff but the System Admin is allowed.
    const mine = [await facilityOf('104'), await facilityOf('106')];
    const [other] = await app.deps.db.rows<{ id: number }>(
      sql`select id from facilities where id <> ${mine[0]} and id <> ${mine[1]} order by id limit 1`,
    );
    await app.deps.db.rows(sql`update invoices set facility_id = ${other.id} where id = ${id}`);
    const refused = await details(`invoiceId=${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/facility you are not allowed/);
    for (const token of [reviewer, manager, repairTech])
      expect((await details(`invoiceId=${id}`, token)).statusCode).toBe(403);
    const ok = parseAs(scheduleDetails, await details(`invoiceId=${id}`, admin));
    expect(ok.facilityId).toBe(other.id);
    // An installer booked at another facility is granted it, and then reads the schedule.
    const ungrant = await grantFacilities(app, DEMO.repairTech, [other.id]);
    try {
      expect(parseAs(scheduleDetails, await details(`invoiceId=${id}`, repairTech)).facilityId).toBe(
        other.id,
      );
    } finally {
      await ungrant();
    }
  });
});
