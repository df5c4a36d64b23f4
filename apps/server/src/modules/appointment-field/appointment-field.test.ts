import { AppointmentStatus as S } from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  installerDay,
  installerRoutes,
  markResult,
  problem,
  statusUpdateResult,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO, parseAs } from '../../../test/harness.js';
import { PNG_1X1 } from '../../../test/multipart.js';
import type { App } from '../../app-type.js';
import { createInvoice, invoiceHistory, invoiceTestContext } from '../invoices/test-helpers.js';

let app: App;
let admin: string;
let repairTech: string;
let leadTech: string;
let reviewer: string;
let repairTechId: number;
let leadTechId: number;

const userId = async (userName: string) =>
  (await app.deps.db.rows<{ id: number }>(sql`select id from users where user_name = ${userName}`))[0].id;

beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin, repairTech, leadTech, reviewer } = t);
  repairTechId = await userId(DEMO.repairTech.userName);
  leadTechId = await userId(DEMO.leadTech.userName);
});
afterAll(() => app.close());

/** An invoice of its own with a schedule (part type 1) and one visit for the installer at `at`. */
async function bookVisit(installerId: number, at = new Date()) {
  const { id: invoiceId } = await createInvoice(app, admin);
  const [s] = await app.deps.db.rows<{ id: number }>(
    sql`insert into appointment_schedules (invoice_id, part_type_id, installer_id, service_address, city, state, zip, phone1,
          phone1_allow_text, service_appointment, time_allowed, instructions, latitude, longitude)
        values (${invoiceId}, 1, ${installerId}, '12 Elm St', 'Houston', 'TX', '77001', '7135550100', true, true, 45,
                'Park in the back', 29.95, -95.5)
        returning id`,
  );
  const [a] = await app.deps.db.rows<{ id: number }>(
    sql`insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, installer_id, appointment_date_time, status_id)
        select ${s.id}, ${invoiceId}, 1, i.facility_id, ${installerId}, ${at.toISOString()}::timestamptz, 1 from invoices i where i.id = ${invoiceId}
        returning id`,
  );
  return { invoiceId, scheduleId: s.id, appointmentId: a.id };
}

/** A multipart body with text fields (repeatable) and any number of files. */
function form(fields: [string, string][], files: { name: string; type: string; data: Buffer }[] = []) {
  const boundary = `----glass${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of fields)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const status = (
  token: string,
  fields: [string, string][],
  files: { name: string; type: string; data: Buffer }[] = [],
  headers: Record<string, string> = {},
) => {
  const body = form(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/appointments/status',
    headers: { ...auth(token), ...body.headers, ...headers },
    payload: body.payload,
  });
};
const post = (url: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });
const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const png = { name: 'glass.png', type: 'image/png', data: PNG_1X1 };
const visitStatus = async (appointmentId: number) =>
  (
    await app.deps.db.rows<{ s: number }>(
      sql`select status_id as s from appointments where id = ${appointmentId}`,
    )
  )[0].s;

describe("the installer's day", () => {
  it("lists today's stops of the signed-in installer with address, phones, vehicle, instructions and next statuses", async () => {
    const mine = await bookVisit(repairTechId);
    const other = await bookVisit(leadTechId);
    const day = parseAs(installerDay, await get('/api/appointments/my-day', repairTech));
    const stop = day.stops.find((s) => s.appointmentId === mine.appointmentId);
    expect(stop).toMatchObject({
      invoiceId: mine.invoiceId,
      statusName: 'Scheduled',
      nextStatusIds: [S.Arrived, S.ReSchedule, S.Cancelled],
      address: '12 Elm St',
      phones: [{ phone: '7135550100', allowText: true }],
      instructions: 'Park in the back',
      timeAllowed: 45,
    });
    expect(day.stops.some((s) => s.appointmentId === other.appointmentId)).toBe(false);
    expect(day.start).not.toBeNull();
    // Another day: not there.
    const tomorrow = parseAs(installerDay, await get('/api/appointments/my-day?date=2001-01-01', repairTech));
    expect(tomorrow.stops).toEqual([]);
    expect((await get('/api/appointments/my-day?date=yesterday', repairTech)).statusCode).toBe(400);
  });
});

describe('POST /api/appointments/status', () => {
  it('Scheduled → Arrived with a photo, location and materials: history, live event; then Completed', async () => {
    const v = await bookVisit(repairTechId);
    const events: unknown[] = [];
    const { hubOf } = await import('../../realtime/hub.js');
    const stop = hubOf(app).onEmit((_user, event, payload) => {
      if (event === APPOINTMENT_CHANGED_EVENT) events.push(payload);
    });
    const res = await status(
      repairTech,
      [
        ['InvoiceId', String(v.invoiceId)],
        ['PartTypeId', '1'],
        ['StatusId', String(S.Arrived)],
        ['Latitude', '29.9501'],
        ['Longitude', '-95.5002'],
        ['Note', 'On site'],
        ['Materials[]', '1'],
        ['Materials[]', '2:3'],
      ],
      [png, { ...png, name: 'second.png' }],
    );
    const result = parseAs(statusUpdateResult, res);
    expect(result).toMatchObject({ statusId: S.Arrived, statusName: 'Arrived', photos: 2, replayed: false });
    expect(await visitStatus(v.appointmentId)).toBe(S.Arrived);
    const [row] = await app.deps.db.rows<{ lat: number; files: number; mats: number; ata: string | null }>(
      sql`select u.latitude as lat, (select count(*)::int from appointment_status_update_files f where f.status_update_id = u.id) as files,
            (select count(*)::int from appointment_status_update_materials m where m.status_update_id = u.id) as mats,
            (select ata from appointments where id = u.appointment_id) as ata
          from appointment_status_updates u where u.id = ${result.statusUpdateId}`,
    );
    expect(row).toMatchObject({ lat: 29.9501, files: 2, mats: 2 });
    expect(row.ata).not.toBeNull();
    const history = await invoiceHistory(app, v.invoiceId);
    expect(history[0].activity).toBe('Appointment Arrived');
    expect(history[0].details).toContain('Scheduled → Arrived');
    expect(history[0].details).toContain('Photos: 2');
    expect(events).toContainEqual(
      expect.objectContaining({ invoiceId: v.invoiceId, installerId: repairTechId }),
    );
    stop();
    // The photo is served to someone who may read the invoice.
    const [file] = await app.deps.db.rows<{ path: string }>(
      sql`select path from appointment_status_update_files where status_update_id = ${result.statusUpdateId} limit 1`,
    );
    expect((await get(`/api/files/${file.path}`, admin)).statusCode).toBe(200);

    const done = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Completed)],
    ]);
    expect(parseAs(statusUpdateResult, done).statusName).toBe('Completed');
    // Completed is final.
    const again = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Arrived)],
    ]);
    expect(again.statusCode).toBe(409);
  });

  it('refuses other transitions with 409 and changes nothing', async () => {
    const v = await bookVisit(repairTechId);
    const skip = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Completed)],
    ]);
    expect(skip.statusCode).toBe(409);
    expect(parseAs(problem, skip).detail).toBe(
      `The appointment of invoice ${v.invoiceId} is Scheduled; it cannot become Completed.`,
    );
    const same = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Scheduled)],
    ]);
    expect(same.statusCode).toBe(409);
    expect(await visitStatus(v.appointmentId)).toBe(S.Scheduled);
    // ReSchedule / Cancelled with a note are fine.
    const cancelled = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Cancelled)],
      ['Note', 'Customer not home'],
    ]);
    expect(cancelled.statusCode).toBe(200);
    expect((await invoiceHistory(app, v.invoiceId))[0].details).toContain('Note: Customer not home');
  });

  it('is idempotent with a client key: the same call twice makes one update', async () => {
    const v = await bookVisit(repairTechId);
    const fields: [string, string][] = [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Arrived)],
    ];
    const key = `test-${v.invoiceId}-${Date.now()}`;
    const first = parseAs(
      statusUpdateResult,
      await status(repairTech, fields, [png], { 'idempotency-key': key }),
    );
    const second = parseAs(
      statusUpdateResult,
      await status(repairTech, fields, [png], { 'idempotency-key': key }),
    );
    expect(first.replayed).toBe(false);
    expect(second).toMatchObject({ statusUpdateId: first.statusUpdateId, replayed: true, photos: 1 });
    // The key as a form field works the same; sent at once twice, still one update.
    const key2 = `${key}-b`;
    const [a, b] = await Promise.all([
      status(repairTech, [...fields.slice(0, 2), ['StatusId', String(S.Completed)], ['ClientKey', key2]]),
      status(repairTech, [...fields.slice(0, 2), ['StatusId', String(S.Completed)], ['ClientKey', key2]]),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().statusUpdateId).toBe(b.json().statusUpdateId);
    const [n] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from appointment_status_updates where appointment_id = ${v.appointmentId}`,
    );
    expect(n.n).toBe(2);
    expect(
      (await invoiceHistory(app, v.invoiceId)).filter((h) => h.activity.startsWith('Appointment ')).length,
    ).toBe(2);
    // The same key for another change is a conflict.
    const misuse = await status(
      repairTech,
      [...fields.slice(0, 2), ['StatusId', String(S.Cancelled)], ['Note', 'x']],
      [],
      {
        'idempotency-key': key,
      },
    );
    expect(misuse.statusCode).toBe(409);
  });

  it('validates: 400 naming the field, nothing changed', async () => {
    const v = await bookVisit(repairTechId);
    const base: [string, string][] = [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
    ];
    const cases: [[string, string][], string, { name: string; type: string; data: Buffer }[]?][] = [
      [
        [
          ['PartTypeId', '1'],
          ['StatusId', '2'],
        ],
        'InvoiceId',
      ],
      [[...base, ['StatusId', '9']], 'StatusId'],
      [[...base, ['StatusId', String(S.Cancelled)]], 'Note'],
      [[...base, ['StatusId', String(S.ReSchedule)], ['Note', '  ']], 'Note'],
      [[...base, ['StatusId', '2'], ['Latitude', '95'], ['Longitude', '1']], 'Latitude'],
      [[...base, ['StatusId', '2'], ['Latitude', '29.9']], 'Longitude'],
      [[...base, ['StatusId', '2'], ['Materials[]', 'glue']], 'Materials'],
      [[...base, ['StatusId', '2'], ['Materials[]', '999999']], 'Materials'],
      [
        [...base, ['StatusId', '2']],
        'Files',
        [{ name: 'x.png', type: 'image/png', data: Buffer.from('%PDF-1.4 not an image') }],
      ],
      [[...base, ['StatusId', '2'], ['ClientKey', 'short']], 'ClientKey'],
    ];
    for (const [fields, field, files] of cases) {
      const res = await status(repairTech, fields, files ?? []);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(parseAs(problem, res).errors ?? {}), res.body).toContain(field);
    }
    expect(await visitStatus(v.appointmentId)).toBe(S.Scheduled);
    const none = await status(repairTech, [
      ['InvoiceId', '999999999'],
      ['PartTypeId', '1'],
      ['StatusId', '2'],
    ]);
    expect(none.statusCode).toBe(404);
  });

  it('checks roles: a reviewer may not, another installer may not, the office may', async () => {
    const v = await bookVisit(leadTechId);
    const fields: [string, string][] = [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Arrived)],
    ];
    expect((await status(reviewer, fields)).statusCode).toBe(403);
    // A repair technician on the lead technician's visit.
    expect((await status(repairTech, fields)).statusCode).toBe(403);
    // Lead technicians hold appointments.write (the office's right), like admins.
    expect((await status(leadTech, fields)).statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'POST', url: '/api/appointments/status', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an update queued offline (AppointmentId, SeenStatusId)', () => {
  it('is a 409 naming the office change when the visit was replaced or its status changed, and changes nothing', async () => {
    const v = await bookVisit(repairTechId);
    const fields = (seen: number, appointmentId = v.appointmentId): [string, string][] => [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Arrived)],
      ['AppointmentId', String(appointmentId)],
      ['SeenStatusId', String(seen)],
    ];
    // The office rescheduled meanwhile: the current visit is another one.
    const replaced = await status(repairTech, fields(S.Scheduled, v.appointmentId + 100_000));
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().detail).toBe(
      `Changed by the office: the visit of invoice ${v.invoiceId} was rescheduled since; this update was not applied.`,
    );
    // The office marked it Arrived itself: the installer's Arrived was made from Scheduled.
    const office = await status(admin, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Arrived)],
    ]);
    expect(office.statusCode).toBe(200);
    const stale = await status(repairTech, fields(S.Scheduled));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      `Changed by the office: the visit of invoice ${v.invoiceId} is now Arrived; this update was not applied.`,
    );
    const history = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from invoice_history where invoice_id = ${v.invoiceId} and activity = 'Appointment Arrived'`,
    );
    expect(history[0].n).toBe(1);
    // Made from what it now is: accepted.
    const completed = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Completed)],
      ['AppointmentId', String(v.appointmentId)],
      ['SeenStatusId', String(S.Arrived)],
    ]);
    expect(completed.statusCode).toBe(200);
  });

  it('refuses a SeenStatusId that is not a status (400 naming it)', async () => {
    const v = await bookVisit(repairTechId);
    const res = await status(repairTech, [
      ['InvoiceId', String(v.invoiceId)],
      ['PartTypeId', '1'],
      ['StatusId', String(S.Arrived)],
      ['SeenStatusId', '99'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('SeenStatusId');
  });
});

describe('marks', () => {
  it('confirmed, customer waiting and reviewed: set, written to history; installers and reviewers may not', async () => {
    const v = await bookVisit(repairTechId);
    const body = { invoiceId: v.invoiceId, partTypeId: 1 };
    const c = parseAs(markResult, await post('/api/appointments/markappointmentconfirmed', admin, body));
    expect(c.confirmedDateTime).not.toBeNull();
    const w = parseAs(markResult, await post('/api/appointments/markcustomerwaiting', admin, body));
    expect(w.customerWaiting).toBe(true);
    const r = parseAs(markResult, await post('/api/appointments/markAppointmentReviewed', admin, body));
    expect(r.reviewedDateTime).not.toBeNull();
    expect((await invoiceHistory(app, v.invoiceId)).map((h) => h.activity).slice(0, 3)).toEqual([
      'Appointment reviewed',
      'Customer waiting',
      'Appointment confirmed',
    ]);
    expect((await post('/api/appointments/markappointmentconfirmed', repairTech, body)).statusCode).toBe(403);
    expect((await post('/api/appointments/markappointmentconfirmed', reviewer, body)).statusCode).toBe(403);
    const bad = await post('/api/appointments/markcustomerwaiting', admin, { invoiceId: 'x', partTypeId: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('invoiceId');
    expect(
      (await post('/api/appointments/markcustomerwaiting', admin, { invoiceId: 999999999, partTypeId: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('routes', () => {
  it('the installer saves his own route in the order given; GET answers it; the office saves anyone’s', async () => {
    // Now and a minute later: both on today's route in the facility's time zone.
    const t0 = new Date();
    const a = await bookVisit(repairTechId, t0);
    const b = await bookVisit(repairTechId, new Date(t0.getTime() + 60_000));
    const day = parseAs(installerDay, await get(`/api/appointments/my-day`, repairTech)).date;
    const body = {
      installerId: repairTechId,
      routeDate: day,
      autoUpdate: true,
      latitude: 29.94,
      longitude: -95.52,
      currentStatus: 'Planned',
      appointmentIds: [b.appointmentId, a.appointmentId],
    };
    const events: unknown[] = [];
    const { hubOf } = await import('../../realtime/hub.js');
    const stop = hubOf(app).onEmit((_user, event, payload) => {
      if (event === APPOINTMENT_CHANGED_EVENT) events.push(payload);
    });
    const saved = await post('/api/appointments/route', repairTech, body);
    stop();
    expect(saved.statusCode, saved.body).toBe(200);
    // Open calendars, route views and boards hear that the route changed.
    expect(events).toEqual([{ invoiceId: null, facilityId: expect.any(Number), installerId: repairTechId }]);
    const [route] = parseAs(
      installerRoutes,
      await get(`/api/appointments/route?userId=${repairTechId}&startDate=${day}`, repairTech),
    );
    const ids = route.stops
      .map((s) => s.appointmentId)
      .filter((id) => id === a.appointmentId || id === b.appointmentId);
    expect(ids).toEqual([b.appointmentId, a.appointmentId]);
    expect(route).toMatchObject({ autoUpdate: true, latitude: 29.94, currentStatus: 'Planned' });
    // The start is the saved position; the day is read in the installer's facility's zone.
    expect(route.start).toEqual({ latitude: 29.94, longitude: -95.52 });
    const [{ tz }] = await app.deps.db.rows<{ tz: string }>(
      sql`select f.time_zone as tz from users u join facilities f on f.id = u.facility_id where u.id = ${repairTechId}`,
    );
    expect(route.timeZone).toBe(tz);
    // Without a saved route the start is the installer's facility.
    const [empty] = parseAs(
      installerRoutes,
      await get(`/api/appointments/route?userId=${repairTechId}&startDate=2001-02-03`, admin),
    );
    const [home] = await app.deps.db.rows<{ latitude: number; longitude: number }>(
      sql`select f.latitude, f.longitude from users u join facilities f on f.id = u.facility_id where u.id = ${repairTechId}`,
    );
    expect(empty).toMatchObject({ id: null, stops: [] });
    expect(empty.start).toEqual(home.latitude == null ? null : home);
    // My day follows the route order.
    const stops = parseAs(installerDay, await get(`/api/appointments/my-day?date=${day}`, repairTech)).stops;
    const order = stops
      .map((s) => s.appointmentId)
      .filter((id) => id === a.appointmentId || id === b.appointmentId);
    expect(order).toEqual([b.appointmentId, a.appointmentId]);

    // Someone else's appointment is not a stop of this route.
    const foreign = await bookVisit(leadTechId, t0);
    const bad = await post('/api/appointments/route', repairTech, {
      ...body,
      appointmentIds: [foreign.appointmentId],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['appointmentIds']);
    const twice = await post('/api/appointments/route', repairTech, {
      ...body,
      appointmentIds: [a.appointmentId, a.appointmentId],
    });
    expect(twice.statusCode).toBe(400);
    // Another installer's route: not his; the office may.
    expect(
      (
        await post('/api/appointments/route', repairTech, {
          ...body,
          installerId: leadTechId,
          appointmentIds: [],
        })
      ).statusCode,
    ).toBe(403);
    expect((await post('/api/appointments/facility/route', repairTech, body)).statusCode).toBe(403);
    const office = await post('/api/appointments/facility/route', admin, {
      ...body,
      appointmentIds: [a.appointmentId, b.appointmentId],
    });
    expect(office.statusCode).toBe(200);
    const facility = parseAs(
      installerRoutes,
      await get(`/api/appointments/route?facilityId=1&startDate=${day}`, admin),
    );
    expect(facility.find((r) => r.installerId === repairTechId)?.stops.map((s) => s.appointmentId)).toEqual(
      expect.arrayContaining([a.appointmentId, b.appointmentId]),
    );
    expect((await get('/api/appointments/route', reviewer)).statusCode).toBe(200);
    expect(
      (await post('/api/appointments/route', admin, { ...body, routeDate: '2026-13-01' })).statusCode,
    ).toBe(400);
  });
});
