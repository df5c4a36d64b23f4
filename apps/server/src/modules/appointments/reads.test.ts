import {
  appointmentAccessories,
  appointmentDetails,
  appointmentImages,
  appointmentMaterials,
  appointmentNotes,
  appointmentParts,
  appointmentRows,
} from '@glass/domain/contracts';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, parseAs } from '../../../test/harness.js';
import { multipart, PNG_1X1 } from '../../../test/multipart.js';
import type { App } from '../../app-type.js';
import { createInvoice, invoiceTestContext } from '../invoices/test-helpers.js';
import { insertVisit, installerIds, uniqueDay } from './test-helpers.js';

let app: App;
let admin: string;
let leadTech: string;
let repairTech: string;
let reviewer: string;
let ids: { leadTech: number; repairTech: number };

beforeAll(async () => {
  const t = await invoiceTestContext();
  ({ app, admin, leadTech, repairTech, reviewer } = t);
  ids = await installerIds(app);
});
afterAll(() => app.close());

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

/** The zone of facility 1 (the demo users' facility) as the server sees it. */
async function tzOf(facilityId: number) {
  const [r] = await app.deps.db.rows<{ tz: string }>(
    sql`select time_zone as tz from facilities where id = ${facilityId}`,
  );
  return r.tz;
}

describe('appointment reads', () => {
  it("lists the day's appointments, mine only, and the facility's, grouped by status", async () => {
    const day = uniqueDay();
    const { id: inv1 } = await createInvoice(app, admin);
    const { id: inv2 } = await createInvoice(app, admin);
    const [{ facilityId }] = await app.deps.db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from invoices where id = ${inv1}`,
    );
    const tz = await tzOf(facilityId);
    const [{ at1, at2 }] = await app.deps.db.rows<{ at1: string; at2: string }>(
      sql`select to_json((${day}::date + time '09:30') at time zone ${tz}) #>> '{}' as at1,
                 to_json((${day}::date + time '13:00') at time zone ${tz}) #>> '{}' as at2`,
    );
    await insertVisit(app, { invoiceId: inv1, installerId: ids.leadTech, at: at1 });
    await insertVisit(app, { invoiceId: inv2, installerId: ids.repairTech, at: at2, statusId: 3 });

    const mine = parseAs(
      appointmentRows,
      await get(`/api/appointments?mineOnly=true&startDate=${day}`, leadTech),
    );
    expect(mine.map((a) => a.invoiceId)).toEqual([inv1]);
    expect(mine[0]).toMatchObject({
      localDateTime: `${day}T09:30`,
      statusName: 'Scheduled',
      group: 'scheduled',
      installerId: ids.leadTech,
      city: 'Houston',
    });
    const all = parseAs(appointmentRows, await get(`/api/appointments?startDate=${day}`, admin));
    expect(all.filter((a) => [inv1, inv2].includes(a.invoiceId)).map((a) => [a.invoiceId, a.group])).toEqual([
      [inv1, 'scheduled'],
      [inv2, 'completed'],
    ]);
    const fac = parseAs(
      appointmentRows,
      await get(`/api/appointments/facility?appointmentStartDate=${day}&facilityId=${facilityId}`, admin),
    );
    expect(fac.map((a) => a.invoiceId)).toEqual(expect.arrayContaining([inv1, inv2]));
    // Another day has none of them.
    const other = parseAs(appointmentRows, await get(`/api/appointments?startDate=2030-01-01`, admin));
    expect(other.some((a) => [inv1, inv2].includes(a.invoiceId))).toBe(false);
  });

  it("keeps a facility's day and the day's list only while nothing they show changes, whoever writes", async () => {
    const day = uniqueDay();
    const { id: invoiceId } = await createInvoice(app, admin);
    const { db } = app.deps;
    const [{ facilityId }] = await db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from invoices where id = ${invoiceId}`,
    );
    const tz = await tzOf(facilityId);
    const [{ at }] = await db.rows<{ at: string }>(
      sql`select to_json((${day}::date + time '10:00') at time zone ${tz}) #>> '{}' as at`,
    );
    await insertVisit(app, { invoiceId, installerId: ids.leadTech, at });
    const facilityDay = async () =>
      parseAs(
        appointmentRows,
        await get(`/api/appointments/facility?appointmentStartDate=${day}&facilityId=${facilityId}`, admin),
      ).find((a) => a.invoiceId === invoiceId);
    const mine = async () =>
      parseAs(appointmentRows, await get(`/api/appointments?mineOnly=true&startDate=${day}`, leadTech)).find(
        (a) => a.invoiceId === invoiceId,
      );
    expect(await facilityDay()).toMatchObject({ statusName: 'Scheduled' });
    expect(await mine()).toMatchObject({ statusName: 'Scheduled' });
    // Plain SQL on the visit, its schedule and its invoice's vehicle: each shows at once (migration 0026).
    await db.rows(sql`update appointments set status_id = 2 where invoice_id = ${invoiceId}`);
    expect(await facilityDay()).toMatchObject({ statusName: 'Arrived' });
    expect(await mine()).toMatchObject({ statusName: 'Arrived' });
    await db.rows(
      sql`update appointment_schedules set service_address = '99 Oak Ave' where invoice_id = ${invoiceId}`,
    );
    expect(await facilityDay()).toMatchObject({ serviceAddress: '99 Oak Ave' });
    expect(await mine()).toMatchObject({ serviceAddress: '99 Oak Ave' });
    await db.rows(
      sql`update invoices set vehicle_year = 2021, vehicle_make = 'Kia', vehicle_model = 'Soul' where id = ${invoiceId}`,
    );
    expect(await facilityDay()).toMatchObject({ vehicle: '2021 Kia Soul' });
    const [{ name }] = await db.rows<{ name: string }>(
      sql`select name from appointment_statuses where id = 2`,
    );
    await db.rows(sql`update appointment_statuses set name = 'On site' where id = 2`);
    try {
      expect(await facilityDay()).toMatchObject({ statusName: 'On site' });
    } finally {
      await db.rows(sql`update appointment_statuses set name = ${name} where id = 2`);
    }
    await db.rows(sql`delete from appointments where invoice_id = ${invoiceId}`);
    expect(await facilityDay()).toBeUndefined();
    expect(await mine()).toBeUndefined();
  });

  it('reads the details, images, accessories, parts, materials and notes of an invoice', async () => {
    const { id } = await createInvoice(app, admin);
    const { appointmentId } = await insertVisit(app, {
      invoiceId: id,
      installerId: ids.repairTech,
      at: `${uniqueDay()}T15:00:00Z`,
      statusId: 3,
    });
    const [u] = await app.deps.db.rows<{ id: number }>(
      sql`insert into appointment_status_updates (appointment_id, invoice_id, part_type_id, status_id, user_id, note)
          values (${appointmentId}, ${id}, 2, 3, ${ids.repairTech}, 'Done, <b>clean</b>') returning id`,
    );
    await app.deps.db.rows(
      sql`insert into appointment_status_update_materials (status_update_id, material_id, quantity) values (${u.id}, 1, 2)`,
    );
    await app.deps.db.rows(
      sql`insert into appointment_status_update_files (status_update_id, path) values (${u.id}, ${`appointments/${id}/a.jpg`})`,
    );
    const details = parseAs(
      appointmentDetails,
      await get(`/api/appointments/details?invoiceId=${id}`, repairTech),
    );
    expect(details.appointments.map((a) => a.id)).toEqual([appointmentId]);
    expect(details.appointments[0].group).toBe('completed');
    const notes = parseAs(appointmentNotes, await get(`/api/appointments/notes?invoiceId=${id}`, repairTech));
    expect(notes.map((n) => n.note)).toEqual(['Done, <b>clean</b>']);
    const materials = parseAs(
      appointmentMaterials,
      await get(`/api/appointments/materials?invoiceId=${id}`, admin),
    );
    expect(materials).toEqual([expect.objectContaining({ materialId: 1, quantity: '2.00' })]);
    const images = parseAs(appointmentImages, await get(`/api/appointments/images?invoiceId=${id}`, admin));
    expect(images.map((i) => i.path)).toEqual([`appointments/${id}/a.jpg`]);
    parseAs(appointmentAccessories, await get(`/api/appointments/accessories?invoiceId=${id}`, admin));
    parseAs(appointmentParts, await get(`/api/appointments/parts?invoiceId=${id}&partTypeId=2`, admin));
  });

  it("the installer's photo and note reach the office (thumbnail and full image), within the facility scope", async () => {
    const { id } = await createInvoice(app, admin);
    await insertVisit(app, { invoiceId: id, installerId: ids.repairTech, at: new Date().toISOString() });
    const body = multipart(
      { InvoiceId: String(id), PartTypeId: '2', StatusId: '2', Note: 'Chip on the driver side' },
      { name: 'windshield.png', type: 'image/png', data: PNG_1X1, field: 'Files' },
    );
    const posted = await app.inject({
      method: 'POST',
      url: '/api/appointments/status',
      headers: { ...auth(repairTech), ...body.headers },
      payload: body.payload,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const [image] = parseAs(
      appointmentImages,
      await get(`/api/appointments/images?invoiceId=${id}`, reviewer),
    );
    const notes = parseAs(appointmentNotes, await get(`/api/appointments/notes?invoiceId=${id}`, reviewer));
    expect(notes).toEqual([
      expect.objectContaining({
        note: 'Chip on the driver side',
        statusName: 'Arrived',
        userName: expect.any(String),
      }),
    ]);
    const thumb = await get(`/api/files/${image.path}?thumb=1`, reviewer);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await get(`/api/files/${image.path}`, reviewer)).statusCode).toBe(200);

    // The invoice moves to another facility: the facility-bound office (reviewer, manager) reads none of it,
    // neither the records (403) nor the photo (404, like a missing file); the System Admin still does.
    const [other] = await app.deps.db.rows<{ id: number }>(
      sql`select id from facilities where id <> 1 order by id limit 1`,
    );
    await app.deps.db.rows(sql`update invoices set facility_id = ${other.id} where id = ${id}`);
    for (const route of ['images', 'notes', 'materials', 'parts', 'accessories', 'details'])
      expect((await get(`/api/appointments/${route}?invoiceId=${id}`, reviewer)).statusCode, route).toBe(403);
    expect((await get(`/api/files/${image.path}?thumb=1`, reviewer)).statusCode).toBe(404);
    expect((await get(`/api/files/${image.path}`, reviewer)).statusCode).toBe(404);
    expect((await get(`/api/files/${image.path}?thumb=1`, admin)).statusCode).toBe(200);
  });

  it('checks the query, the invoice, the token and the role', async () => {
    expect((await get('/api/appointments?startDate=tomorrow', admin)).statusCode).toBe(400);
    expect((await get('/api/appointments?mineOnly=maybe', admin)).statusCode).toBe(400);
    expect((await get('/api/appointments/details', admin)).statusCode).toBe(400);
    expect((await get('/api/appointments/details?invoiceId=999999999', admin)).statusCode).toBe(404);
    expect((await get('/api/appointments/notes?invoiceId=999999999', admin)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
    // Every staff role with appointments.read (the reviewer reads everything).
    expect((await get('/api/appointments/facility', reviewer)).statusCode).toBe(200);
  });
});

describe('kept appointment answers, compressed once (decision 0030)', () => {
  it('sends the Brotli or gzip bytes the client accepts, the same JSON as uncompressed, and never a stale one', async () => {
    const day = uniqueDay();
    const invoices: number[] = [];
    for (let i = 0; i < 3; i++) invoices.push((await createInvoice(app, admin)).id);
    const [{ facilityId }] = await app.deps.db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from invoices where id = ${invoices[0]}`,
    );
    const tz = await tzOf(facilityId);
    const at = async (time: string) =>
      (
        await app.deps.db.rows<{ at: string }>(
          sql`select to_json((${day}::date + ${time}::time) at time zone ${tz}) #>> '{}' as at`,
        )
      )[0].at;
    for (const [k, id] of invoices.entries())
      await insertVisit(app, { invoiceId: id, installerId: ids.leadTech, at: await at(`${9 + k}:00`) });
    const url = `/api/appointments/facility?appointmentStartDate=${day}&facilityId=${facilityId}`;
    const fetchAs = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { ...auth(admin), ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
      });
    const plain = await fetchAs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const decoded = (res: Awaited<ReturnType<typeof fetchAs>>) =>
      res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString()
        : zlib.gunzipSync(res.rawPayload).toString();

    const br = await fetchAs('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(decoded(br)).toBe(plain.body);
    const gz = await fetchAs('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain.body);
    expect((await fetchAs('gzip;q=0.5, br;q=0.8')).headers['content-encoding']).toBe('br');
    expect((await fetchAs('identity')).headers['content-encoding']).toBeUndefined();
    expect((await fetchAs('*;q=0')).headers['content-encoding']).toBeUndefined();

    // A new visit: the compressed answer is the new one.
    const { id: added } = await createInvoice(app, admin);
    await insertVisit(app, { invoiceId: added, installerId: ids.leadTech, at: await at('15:00') });
    const after = JSON.parse(decoded(await fetchAs('br'))) as { invoiceId: number }[];
    expect(after.map((a) => a.invoiceId)).toEqual(expect.arrayContaining([...invoices, added]));

    // The calendar's week is kept the same way (compressed from 1 KB on, as every answer).
    const weekAs = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: `/api/appointmentsSchedule/calendar?startDate=${day}&view=Week&facilityId=${facilityId}`,
        headers: { ...auth(admin), 'accept-encoding': encoding },
      });
    const week = await weekAs('identity');
    expect(week.statusCode).toBe(200);
    const weekBr = await weekAs('br');
    if (week.body.length >= 1024) {
      expect(weekBr.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(weekBr.rawPayload).toString()).toBe(week.body);
    } else expect(weekBr.body).toBe(week.body);
  });
});
