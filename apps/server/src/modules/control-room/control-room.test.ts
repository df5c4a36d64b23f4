import { calendarDayInTimeZone, servicePriority } from '@glass/domain';
import {
  CONTROL_ROOM_CHANGED_EVENT,
  CONTROL_ROOM_WATCH_EVENT,
  controlRoomBoard,
} from '@glass/domain/contracts/control-room';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { hubOf } from '../../realtime/hub.js';
import { connected, openSocket } from '../../realtime/test-helpers.js';
import { moveClaim, submittedClaim, testClearingHouse } from '../invoices/test-helpers.js';
import { createSv } from '../service-vehicles/test-helpers.js';
import { boardRoom, COALESCE_MS, Coalescer, MAX_WAIT_MS } from './board-events.js';

let app: App;
let url: string;
const tokens: Record<string, string> = {};
let assistantFacility: number;
/** A facility of this file's own: on a shared database no other test file writes to it, so its events are ours. */
let ownFacility: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const who of ['admin', 'manager', 'adminAssistant', 'leadTech', 'reviewer'] as const)
    tokens[who] = await login(app, DEMO[who]);
  const [row] = await app.deps.db.rows<{ f: number }>(
    sql`select facility_id as f from users where user_name = '104'`,
  );
  assistantFacility = row.f;
  const code = `CR${process.pid % 100000}${Date.now() % 100000}`;
  const [own] = await app.deps.db.rows<{ id: number }>(
    sql`insert into facilities (code, name, short_name) values (${code}, ${`Control Room test ${code}`}, ${code}) returning id`,
  );
  ownFacility = own.id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

const get = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/control-room${query}`, headers: auth(token) });
const board = async (facilityId: number) =>
  parseAs(controlRoomBoard, await get(tokens.admin, `?facilityId=${facilityId}`));

/** The board events of one facility this app emits from now on. */
function recordEvents(facilityId: number) {
  const events: number[] = [];
  const off = hubOf(app).onRoomEmit((room, event) => {
    if (room === boardRoom(facilityId) && event === CONTROL_ROOM_CHANGED_EVENT) events.push(Date.now());
  });
  return { events, off };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(20);
  return check();
}

describe('GET /api/control-room: figures', () => {
  it('agree with independent computations on the seeded data', async () => {
    const facilityId = 1;
    const b = await board(facilityId);
    const [{ tz }] = await app.deps.db.rows<{ tz: string }>(
      sql`select time_zone as tz from facilities where id = ${facilityId}`,
    );
    const today = calendarDayInTimeZone(Date.now(), tz);
    expect(b.facility.id).toBe(facilityId);
    expect(b.today).toBe(today);

    // Service vehicles: the domain's priority rule over the open rows, in the facility's day.
    const svs = await app.deps.db.rows<any>(sql`
      select s.id, s.lost, s.void, s.invoice_id as "invoiceId", s.ready_to_call as "readyToCall",
             s.ready_for_parts as "readyForParts", s.repair_count as "repairCount", s.followed_up as "followedUp",
             s.last_contact_at as "lastContactAt", s.created_at as "createdAt",
             to_char(s.follow_up_date at time zone ${tz}, 'YYYY-MM-DD') as "followUpDay"
        from service_vehicles s where s.facility_id = ${facilityId} and s.repair_count > 0`);
    const open = svs
      .map((s) => ({
        ...s,
        priority: servicePriority(
          {
            ...s,
            followUpDate: s.followUpDay ? `${s.followUpDay}T12:00:00Z` : null,
            history: s.lastContactAt ? [{ isContact: true }] : [],
          },
          { today, tzo: 0 },
        ).priority,
      }))
      .filter((s) => s.priority < 8);
    expect(b.serviceVehicles.open).toBe(open.length);
    for (const p of [1, 2, 3, 4, 5, 6]) {
      const entry = b.serviceVehicles.byPriority.find((x) => x.priority === p)!;
      expect(entry.count, `priority ${p}`).toBe(open.filter((s) => s.priority === p).length);
      expect(entry.color).toBe(p <= 2 ? 'red' : p <= 4 ? 'green' : null);
    }
    const ready = open.filter((s) => s.priority <= 2);
    expect(b.serviceVehicles.readyNoContact).toBe(ready.length);
    if (ready.length) {
      const oldest = [...ready].sort(
        (x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt) || x.id - y.id,
      )[0];
      expect(b.serviceVehicles.oldestReadyNoContact?.id).toBe(oldest.id);
    } else expect(b.serviceVehicles.oldestReadyNoContact).toBeNull();

    // Follow-ups due by the end of today (the My Service Vehicles followUp filter), overdue before today.
    const [svf] = await app.deps.db.rows<{ overdue: number; due: number }>(sql`
      select count(*) filter (where (s.follow_up_date at time zone ${tz})::date < ${today}::date)::int as overdue,
             count(*) filter (where (s.follow_up_date at time zone ${tz})::date = ${today}::date)::int as due
        from service_vehicles s
       where s.facility_id = ${facilityId} and s.repair_count > 0 and s.invoice_id is null and not s.lost
         and not s.void and not s.followed_up and (s.follow_up_date at time zone ${tz})::date <= ${today}::date`);
    expect(b.followUps.serviceVehicles).toEqual({ overdue: svf.overdue, dueToday: svf.due });
    const [inf] = await app.deps.db.rows<{ overdue: number; due: number }>(sql`
      select count(*) filter (where (i.follow_up_at at time zone ${tz})::date < ${today}::date)::int as overdue,
             count(*) filter (where (i.follow_up_at at time zone ${tz})::date = ${today}::date)::int as due
        from invoices i where i.facility_id = ${facilityId} and not i.followed_up and not i.void
         and (i.follow_up_at at time zone ${tz})::date <= ${today}::date`);
    expect(b.followUps.invoices).toEqual({ overdue: inf.overdue, dueToday: inf.due });

    // Appointments of the facility's today, by status; each installer's count.
    const appts = await app.deps.db.rows<{ statusId: number; installerId: number | null }>(sql`
      select status_id as "statusId", installer_id as "installerId" from appointments
       where facility_id = ${facilityId} and (appointment_date_time at time zone ${tz})::date = ${today}::date`);
    expect(b.appointments.total).toBe(appts.length);
    for (const s of b.appointments.byStatus)
      expect(s.count, s.status).toBe(appts.filter((a) => a.statusId === s.statusId).length);
    for (const i of b.appointments.installers) {
      expect(i.total).toBe(appts.filter((a) => a.installerId === i.installerId).length);
      if (i.currentStop) expect([1, 2]).toContain(i.currentStop.statusId);
    }

    // Parked lines of the facility's records; the latest alerts, newest first, at most 10.
    const [parked] = await app.deps.db.rows<{ n: number }>(sql`
      select count(*)::int as n from parked_items p left join invoices i on i.id = p.invoice_id
        left join service_vehicles s on s.id = p.service_vehicle_id
       where coalesce(i.facility_id, s.facility_id) = ${facilityId}`);
    expect(b.parked.length).toBe(parked.n);
    expect(b.alerts.length).toBeLessThanOrEqual(10);
    const times = b.alerts.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('counts a new ready vehicle, a parked line and a signed-in user on duty', async () => {
    const facilityId = assistantFacility;
    const before = await board(facilityId);
    const sv = await createSv(app, tokens.admin, { facilityId, repairCount: 2 });
    await app.deps.db.rows(sql`update service_vehicles set ready_to_call = true where id = ${sv.id}`);
    const after = await board(facilityId);
    const p1 = (x: typeof before) => x.serviceVehicles.byPriority.find((e) => e.priority === 1)!.count;
    expect(p1(after)).toBe(p1(before) + 1);
    expect(after.serviceVehicles.readyNoContact).toBe(before.serviceVehicles.readyNoContact + 1);
    // Signed-in (104 logged in above) and on duty.
    expect(after.onDuty.map((u) => u.name)).toContain(
      (
        await app.deps.db.rows<{ n: string }>(
          sql`select first_name || ' ' || last_name as n from users where user_name = '104'`,
        )
      )[0].n,
    );
    // Parked: shows with its age colour.
    const [admin] = await app.deps.db.rows<{ id: number }>(sql`select id from users where user_name = '101'`);
    const [line] = await app.deps.db.rows<{ l: number }>(
      sql`select coalesce((select min(n) from generate_series(1, 30000) n where n not in (select park_line from parked_items)), 1) as l`,
    );
    await app.deps.db.rows(sql`insert into parked_items (park_line, parked_by_user_id, parked_for_user_id, service_vehicle_id)
      values (${line.l}, ${admin.id}, ${admin.id}, ${sv.id})`);
    const parked = (await board(facilityId)).parked.find((p) => p.recordNumber === sv.id);
    expect(parked).toMatchObject({ recordType: 'ServiceVehicle', color: 'green', parkLine: line.l });
    await app.deps.db.rows(sql`delete from parked_items where service_vehicle_id = ${sv.id}`);
  });
});

describe("GET /api/control-room: the day's claim rejections", () => {
  it("counts and lists the claims rejected today in the facility's day, newest first, its own facility only", async () => {
    const house = await testClearingHouse(app, 'Board TPA');
    const before = await board(ownFacility);
    expect(before.rejections).toEqual({ today: 0, latest: [] });
    const first = await submittedClaim(app, tokens.admin, house, ownFacility);
    const second = await submittedClaim(app, tokens.admin, house, ownFacility);
    const old = await submittedClaim(app, tokens.admin, house, ownFacility);
    const elsewhere = await submittedClaim(app, tokens.admin, house, assistantFacility);
    const open = await submittedClaim(app, tokens.admin, house, ownFacility);
    await moveClaim(app, tokens.admin, first.submissionId, 'reject', {
      reasonCode: 'A7',
      reasonText: 'Policy number not found',
    });
    await moveClaim(app, tokens.admin, old.submissionId, 'reject', {
      reasonCode: 'C3',
      reasonText: 'Missing loss date',
    });
    await app.deps.db.rows(
      sql`update claim_submissions set state_changed_at = now() - interval '2 days' where id = ${old.submissionId}`,
    );
    await moveClaim(app, tokens.admin, elsewhere.submissionId, 'reject', {
      reasonCode: 'A7',
      reasonText: 'x',
    });
    await moveClaim(app, tokens.admin, open.submissionId, 'acknowledge');
    // The second one by the system (a clearing house's answer read from a file): no person, its source.
    await app.deps.db.rows(
      sql`update claim_submissions set state = 'Rejected', reason_code = 'B12', reason_text = 'VIN does not match',
            state_changed_at = now() + interval '1 second', state_changed_by_id = null, state_changed_source = 'remittance'
          where id = ${second.submissionId}`,
    );
    const [admin] = await app.deps.db.rows<{ name: string }>(
      sql`select first_name || ' ' || last_name as name from users where user_name = ${DEMO.admin.userName}`,
    );
    const b = await board(ownFacility);
    expect(b.rejections.today).toBe(2);
    expect(b.rejections.latest).toEqual([
      {
        id: second.submissionId,
        invoiceId: second.invoiceId,
        clearingHouse: house.name,
        reasonCode: 'B12',
        reasonText: 'VIN does not match',
        at: expect.any(String),
        by: null,
        source: 'remittance',
      },
      {
        id: first.submissionId,
        invoiceId: first.invoiceId,
        clearingHouse: house.name,
        reasonCode: 'A7',
        reasonText: 'Policy number not found',
        at: expect.any(String),
        by: admin.name,
        source: null,
      },
    ]);
    // Timestamps with their offset, the rejection's own moment.
    expect(b.rejections.latest[1].at).toMatch(/(Z|[+-]\d\d:\d\d)$/);
    const [{ at }] = await app.deps.db.rows<{ at: string }>(
      sql`select state_changed_at as at from claim_submissions where id = ${first.submissionId}`,
    );
    expect(Date.parse(b.rejections.latest[1].at)).toBe(Date.parse(at));
    // The other facility's board holds its own rejection, not these; an independent count of its day.
    const other = await board(assistantFacility);
    expect(other.rejections.latest.map((r) => r.id)).toContain(elsewhere.submissionId);
    expect(other.rejections.latest.map((r) => r.id)).not.toContain(first.submissionId);
    const [{ tz }] = await app.deps.db.rows<{ tz: string }>(
      sql`select time_zone as tz from facilities where id = ${assistantFacility}`,
    );
    const rejectedThere = await app.deps.db.rows<{ at: string }>(
      sql`select s.state_changed_at as at from claim_submissions s join invoices i on i.id = s.invoice_id
          where s.state = 'Rejected' and i.facility_id = ${assistantFacility}`,
    );
    const today = calendarDayInTimeZone(Date.now(), tz);
    expect(other.rejections.today).toBe(
      rejectedThere.filter((r) => calendarDayInTimeZone(Date.parse(r.at), tz) === today).length,
    );
    // A facility-bound assistant reads the rejections of their own facility only.
    const mine = parseAs(controlRoomBoard, await get(tokens.adminAssistant));
    expect(mine.rejections.today).toBe(other.rejections.today);
    expect((await get(tokens.adminAssistant, `?facilityId=${ownFacility}`)).statusCode).toBe(403);
  });
});

describe('GET /api/control-room: access', () => {
  it('the admin sees any facility; a facility-bound manager or assistant only its allowed ones; others none', async () => {
    const other = assistantFacility === 1 ? 2 : 1;
    expect((await get(tokens.admin, `?facilityId=${other}`)).statusCode).toBe(200);
    // The demo manager has a home facility, so is bound to it (decision 0016); a regional one has none.
    const [manager] = await app.deps.db.rows<{ facilityId: number }>(
      sql`select facility_id as "facilityId" from users where user_name = ${DEMO.manager.userName}`,
    );
    const outside = manager.facilityId === 1 ? 2 : 1;
    expect((await get(tokens.manager, `?facilityId=${manager.facilityId}`)).statusCode).toBe(200);
    expect((await get(tokens.manager, `?facilityId=${outside}`)).statusCode).toBe(403);
    expect((await get(tokens.adminAssistant, `?facilityId=${assistantFacility}`)).statusCode).toBe(200);
    const own = parseAs(controlRoomBoard, await get(tokens.adminAssistant));
    expect(own.facility.id).toBe(assistantFacility);
    expect(own.facilities.map((f) => f.id)).toEqual([assistantFacility]);
    const refused = await get(tokens.adminAssistant, `?facilityId=${other}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect((await get(tokens.leadTech)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/control-room' })).statusCode).toBe(401);
  });

  it('names a bad facilityId (400) and an unknown facility (404)', async () => {
    const bad = await get(tokens.admin, '?facilityId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('facilityId');
    expect((await get(tokens.admin, '?facilityId=999999')).statusCode).toBe(404);
  });
});

describe('board events', () => {
  it('a committed change gives one event for its facility, a burst too', async () => {
    const facilityId = ownFacility;
    const rec = recordEvents(facilityId);
    try {
      const started = Date.now();
      const sv = await createSv(app, tokens.admin, { facilityId });
      expect(await waitFor(() => rec.events.length > 0, 2000)).toBe(true);
      expect(rec.events[0] - started).toBeLessThan(1000);
      await sleep(MAX_WAIT_MS + 100);
      rec.events.length = 0;
      // Five writes in quick succession: one refresh.
      for (let i = 0; i < 5; i++)
        await app.deps.db.rows(sql`update service_vehicles set flagged = ${i % 2 === 0} where id = ${sv.id}`);
      await sleep(MAX_WAIT_MS + 200);
      expect(rec.events.length).toBe(1);
    } finally {
      rec.off();
    }
  });

  it('an appointment, an alert and an invoice of the facility each refresh its board', async () => {
    const facilityId = assistantFacility;
    const rec = recordEvents(facilityId);
    try {
      const [inv] = await app.deps.db.rows<{ id: number; schedule: number | null }>(sql`
        select a.invoice_id as id, a.schedule_id as schedule from appointments a where a.facility_id = ${facilityId} limit 1`);
      if (inv) {
        await app.deps.db.rows(sql`update appointments set updated_at = now() where invoice_id = ${inv.id}`);
        expect(await waitFor(() => rec.events.length > 0)).toBe(true);
        await sleep(MAX_WAIT_MS);
        rec.events.length = 0;
      }
      const [user] = await app.deps.db.rows<{ id: number }>(
        sql`select id from users where user_name = '101'`,
      );
      await app.deps.db.rows(sql`insert into alerts (type, user_id, facility_id, record_type, record_id)
        values ('FollowUp', ${user.id}, ${facilityId}, 'Invoice', 1)`);
      expect(await waitFor(() => rec.events.length > 0)).toBe(true);
    } finally {
      rec.off();
    }
  });

  it("a claim that becomes Rejected refreshes its facility's board, whoever writes it; other moves do not", async () => {
    const house = await testClearingHouse(app, 'Event TPA');
    const claim = await submittedClaim(app, tokens.admin, house, ownFacility);
    await sleep(COALESCE_MS + MAX_WAIT_MS + 200);
    const rec = recordEvents(ownFacility);
    try {
      await app.deps.db.rows(
        sql`update claim_submissions set state = 'Acknowledged' where id = ${claim.submissionId}`,
      );
      await sleep(COALESCE_MS + MAX_WAIT_MS + 200);
      expect(rec.events).toEqual([]);
      await app.deps.db.rows(
        sql`update claim_submissions set state = 'Rejected', reason_code = 'A7', reason_text = 'Policy number not found'
            where id = ${claim.submissionId}`,
      );
      expect(await waitFor(() => rec.events.length > 0, 2000)).toBe(true);
    } finally {
      rec.off();
    }
  });

  it('a rolled-back change gives none', async () => {
    const facilityId = ownFacility;
    const sv = await createSv(app, tokens.admin, { facilityId });
    await sleep(MAX_WAIT_MS + 200);
    const rec = recordEvents(facilityId);
    try {
      await expect(
        app.deps.db.transaction(async (tx) => {
          await tx.rows(sql`update service_vehicles set flagged = not flagged where id = ${sv.id}`);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await sleep(COALESCE_MS + MAX_WAIT_MS + 200);
      expect(rec.events).toEqual([]);
    } finally {
      rec.off();
    }
  });

  it('reaches a socket that watches the board, and only one its role allows', async () => {
    const watch = async (token: string, facilityId: number) => {
      const s = openSocket(url, token);
      sockets.push(s);
      await connected(s);
      const answer = await s.timeout(5000).emitWithAck(CONTROL_ROOM_WATCH_EVENT, { facilityId });
      return { s, answer };
    };
    const other = assistantFacility === 1 ? 2 : 1;
    const refused = await watch(tokens.adminAssistant, other);
    expect(refused.answer).toEqual({ ok: false, error: 'forbidden' });
    const { s, answer } = await watch(tokens.manager, assistantFacility);
    expect(answer).toEqual({ ok: true });
    const got = new Promise<unknown>((resolve) => s.once(CONTROL_ROOM_CHANGED_EVENT, resolve));
    await createSv(app, tokens.admin, { facilityId: assistantFacility });
    await expect(got).resolves.toEqual({ facilityId: assistantFacility });
  });
});

describe('Coalescer', () => {
  it('emits once per burst, and at least every maxWait under a steady stream', async () => {
    const out: number[] = [];
    const c = new Coalescer((id) => out.push(id), 50, 120);
    c.notice(7);
    c.notice(7);
    c.notice(8);
    await sleep(80);
    expect(out.sort()).toEqual([7, 8]);
    out.length = 0;
    const end = Date.now() + 300;
    while (Date.now() < end) {
      c.notice(7);
      await sleep(20);
    }
    await sleep(80);
    expect(out.length).toBeGreaterThanOrEqual(2);
    c.close();
  });
});
