import { AppointmentStatus } from '@glass/domain';
import {
  APPOINTMENT_CHANGED_EVENT,
  RECORD_CHANGED_EVENT,
  type RecordChanged,
  UNWATCH_RECORD_EVENT,
  WATCH_RECORD_EVENT,
  WATCHED_RECORDS_MAX,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { installerIds, insertVisit } from '../modules/appointments/test-helpers.js';
import { createInvoice } from '../modules/invoices/test-helpers.js';
import { createSv } from '../modules/service-vehicles/test-helpers.js';
import { connected, openSocket } from './test-helpers.js';

/**
 * Live record pages (issue #34 item 2) and the facility rooms: a socket follows a record it may read, within its
 * facility scope, and hears each committed change with who made it; appointment changes reach only the sockets
 * of users who may reach the appointment's facility (and the installer).
 */
let app: App;
let url: string;
const tokens: Record<string, string> = {};
let assistantFacility: number;
let otherFacility: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const who of ['admin', 'adminAssistant', 'repairTech', 'reviewer'] as const)
    tokens[who] = await login(app, DEMO[who]);
  const [me] = await app.deps.db.rows<{ facilityId: number }>(
    sql`select facility_id as "facilityId" from users where user_name = ${DEMO.adminAssistant.userName}`,
  );
  assistantFacility = me.facilityId;
  const [other] = await app.deps.db.rows<{ id: number }>(
    sql`select id from facilities where id <> ${assistantFacility}
          and id not in (select uf.facility_id from user_facilities uf join users u on u.id = uf.user_id
                         where u.user_name = ${DEMO.adminAssistant.userName})
        order by id limit 1`,
  );
  otherFacility = other.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

const open = async (token: string) => {
  const s = openSocket(url, token);
  sockets.push(s);
  await connected(s);
  return s;
};
const watch = (s: Socket, body: unknown) => s.timeout(5000).emitWithAck(WATCH_RECORD_EVENT, body);
/** The next event of that name within `ms`, or undefined. */
const next = <T>(s: Socket, event: string, ms = 5000) =>
  new Promise<T | undefined>((resolve) => {
    const timer = setTimeout(() => {
      s.off(event, on);
      resolve(undefined);
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    s.once(event, on);
  });
const thumbUp = (id: number) =>
  app.inject({
    method: 'POST',
    url: `/api/ServiceVehicle/${id}/thumb`,
    headers: auth(tokens.admin),
    payload: { thumb: 1 },
  });

describe('WatchRecord', () => {
  it('follows a record of the facility scope; refuses other facilities, unknown records, bad input and roles', async () => {
    const s = await open(tokens.adminAssistant);
    const mine = await createSv(app, tokens.admin, { facilityId: assistantFacility });
    const theirs = await createSv(app, tokens.admin, { facilityId: otherFacility });
    expect(await watch(s, { recordType: 'ServiceVehicle', id: mine.id })).toEqual({ ok: true });
    expect(await watch(s, { recordType: 'ServiceVehicle', id: theirs.id })).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect(await watch(s, { recordType: 'ServiceVehicle', id: 2_000_000_000 })).toEqual({
      ok: false,
      error: 'notFound',
    });
    for (const bad of [null, {}, { recordType: 'Users', id: 1 }, { recordType: 'Invoice', id: '1 or 1=1' }])
      expect(await watch(s, bad)).toEqual({ ok: false, error: 'invalid' });
    // A record of another facility is not followed: its changes never reach this socket.
    const heard = next<RecordChanged>(s, RECORD_CHANGED_EVENT, 1500);
    expect((await thumbUp(theirs.id)).statusCode).toBeLessThan(300);
    expect(await heard).toBeUndefined();
  });

  it('follows at most WATCHED_RECORDS_MAX records at once; leaving one makes room', async () => {
    const s = await open(tokens.admin);
    const ids: number[] = [];
    for (let k = 0; k <= WATCHED_RECORDS_MAX; k++) ids.push((await createSv(app, tokens.admin)).id);
    const answers = [];
    for (const id of ids) answers.push(await watch(s, { recordType: 'ServiceVehicle', id }));
    expect(answers.slice(0, WATCHED_RECORDS_MAX).every((a) => a.ok)).toBe(true);
    expect(answers[WATCHED_RECORDS_MAX]).toEqual({ ok: false, error: 'limit' });
    s.emit(UNWATCH_RECORD_EVENT, { recordType: 'ServiceVehicle', id: ids[0] });
    expect(await watch(s, { recordType: 'ServiceVehicle', id: ids[WATCHED_RECORDS_MAX] })).toEqual({
      ok: true,
    });
  });
});

describe('RecordChanged', () => {
  it("reaches the record's followers once committed, with who changed what; not other sockets", async () => {
    const sv = await createSv(app, tokens.admin, { facilityId: assistantFacility });
    const follower = await open(tokens.adminAssistant);
    const bystander = await open(tokens.admin);
    expect(await watch(follower, { recordType: 'ServiceVehicle', id: sv.id })).toEqual({ ok: true });
    const heard = next<RecordChanged>(follower, RECORD_CHANGED_EVENT);
    const unheard = next<RecordChanged>(bystander, RECORD_CHANGED_EVENT, 1500);
    expect((await thumbUp(sv.id)).statusCode).toBeLessThan(300);
    const change = await heard;
    expect(change).toMatchObject({
      recordType: 'ServiceVehicle',
      id: sv.id,
      by: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(change?.notice).toBe(`${change?.by?.name}: ${change?.activity}`);
    expect(change?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    expect(await unheard).toBeUndefined();
  });

  it('says "<installer> marked Arrived" on the invoice when the installer reports a status', async () => {
    const { id: invoiceId } = await createInvoice(app, tokens.admin);
    const { repairTech } = await installerIds(app);
    await insertVisit(app, { invoiceId, installerId: repairTech, at: new Date().toISOString() });
    const follower = await open(tokens.admin);
    expect(await watch(follower, { recordType: 'Invoice', id: invoiceId })).toEqual({ ok: true });
    const heard = next<RecordChanged>(follower, RECORD_CHANGED_EVENT);
    const res = await app.inject({
      method: 'POST',
      url: '/api/appointments/status',
      headers: auth(tokens.repairTech),
      payload: { InvoiceId: invoiceId, PartTypeId: 2, StatusId: AppointmentStatus.Arrived },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [name] = await app.deps.db.rows<{ name: string }>(
      sql`select first_name || ' ' || last_name as name from users where id = ${repairTech}`,
    );
    expect(await heard).toMatchObject({
      recordType: 'Invoice',
      id: invoiceId,
      activity: 'Appointment Arrived',
      notice: `${name.name} marked Arrived`,
      by: { id: repairTech, name: name.name },
    });
  });

  it('is not sent for a change that was refused', async () => {
    const sv = await createSv(app, tokens.admin);
    const follower = await open(tokens.admin);
    expect(await watch(follower, { recordType: 'ServiceVehicle', id: sv.id })).toEqual({ ok: true });
    const unheard = next<RecordChanged>(follower, RECORD_CHANGED_EVENT, 1500);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/ServiceVehicle/${sv.id}/thumb`,
      headers: auth(tokens.admin),
      payload: { thumb: 7 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await unheard).toBeUndefined();
  });
});

describe('AppointmentChanged', () => {
  /** An invoice of its own at a facility, with a visit of the repair tech now. */
  const visitAt = async (facilityId: number) => {
    const sv = await createSv(app, tokens.admin, { facilityId });
    const res = await app.inject({
      method: 'POST',
      url: `/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`,
      headers: auth(tokens.admin),
    });
    const invoiceId = res.json().invoiceId as number;
    const { repairTech } = await installerIds(app);
    await insertVisit(app, { invoiceId, installerId: repairTech, at: new Date().toISOString() });
    return invoiceId;
  };
  const confirm = (invoiceId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/appointments/markappointmentconfirmed',
      headers: auth(tokens.admin),
      payload: { invoiceId, partTypeId: 2 },
    });

  it("reaches users of the appointment's facility and of every facility, not users of other facilities", async () => {
    const mine = await visitAt(assistantFacility);
    const theirs = await visitAt(otherFacility);
    const admin = await open(tokens.admin);
    const assistant = await open(tokens.adminAssistant);

    let heard = [next(admin, APPOINTMENT_CHANGED_EVENT), next(assistant, APPOINTMENT_CHANGED_EVENT)];
    expect((await confirm(mine)).statusCode).toBeLessThan(300);
    expect(await heard[0]).toMatchObject({ invoiceId: mine, facilityId: assistantFacility });
    expect(await heard[1]).toMatchObject({ invoiceId: mine });

    heard = [next(admin, APPOINTMENT_CHANGED_EVENT), next(assistant, APPOINTMENT_CHANGED_EVENT, 1500)];
    expect((await confirm(theirs)).statusCode).toBeLessThan(300);
    expect(await heard[0]).toMatchObject({ invoiceId: theirs, facilityId: otherFacility });
    expect(await heard[1]).toBeUndefined();
  });
});
