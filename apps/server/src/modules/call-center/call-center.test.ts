import {
  CALL_LOGGED_EVENT,
  callCenterDashboard,
  callList,
  callLogRow,
  callOutcomeAnswer,
  callQuery,
  callQueryCategory,
  ingestResult,
  nextRecordAnswer,
} from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { hubOf } from '../../realtime/hub.js';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../test/harness.js';
import { createSv } from '../service-vehicles/test-helpers.js';

const PBX_TOKEN = 'pbx-secret-for-the-call-center-tests-0123456789';
let app: App;
let admin: string;
let manager: string;
let assistant: string;
let repairTech: string;
let reviewer: string;
let adminId: number;
let adminExtension: string;
const taken: { id: number; token: string }[] = [];

beforeAll(async () => {
  app = await createTestApp({ pbxToken: PBX_TOKEN });
  [admin, manager, assistant, repairTech, reviewer] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.manager),
    login(app, DEMO.adminAssistant),
    login(app, DEMO.repairTech),
    login(app, DEMO.reviewer),
  ]);
  const [row] = await app.deps.db.rows<{ id: number; extension: string }>(
    sql`select u.id, e.extension from users u join phone_extensions e on e.user_id = u.id and e.is_active
        where u.user_name = ${DEMO.admin.userName} order by e.id limit 1`,
  );
  adminId = row.id;
  adminExtension = row.extension;
});
afterAll(async () => {
  for (const t of taken)
    await app.inject({
      method: 'PUT',
      url: `/api/ServiceVehicle/${t.id}/removeLock`,
      headers: auth(t.token),
    });
  await app.close();
});

/** A phone number no other test uses (the last 7 digits random). */
const uniquePhone = () => `832${String(Math.floor(1e6 + Math.random() * 8.9e6)).padStart(7, '0')}`;
let callSeq = 0;
const callId = () => `T-${process.pid}-${Date.now()}-${++callSeq}`;

const ingest = (payload: unknown, token: string | null = PBX_TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/api/callLog/ingest',
    headers: token ? auth(token) : {},
    payload: payload as object,
  });

const record = (over: Record<string, unknown> = {}) => {
  const at = new Date(Date.now() - 5 * 60_000);
  return {
    callId: callId(),
    direction: 'in',
    from: '(832) 555-0100',
    to: '7135550000',
    extension: adminExtension,
    startedAt: at.toISOString(),
    answeredAt: new Date(at.getTime() + 5_000).toISOString(),
    endedAt: new Date(at.getTime() + 125_000).toISOString(),
    result: 'answered',
    ...over,
  };
};

describe('POST /api/callLog/ingest', () => {
  it('refuses without the PBX secret, with a wrong one and with a user token (401)', async () => {
    expect((await ingest(record(), null)).statusCode).toBe(401);
    expect((await ingest(record(), 'wrong-secret-wrong-secret-wrong')).statusCode).toBe(401);
    expect((await ingest(record(), admin)).statusCode).toBe(401);
  });

  it('stores one record, matched to the employee by extension and to the records by the last digits', async () => {
    const phone = uniquePhone();
    const sv = await createSv(app, admin, {
      customer: {
        firstName: 'Callie',
        lastName: 'Ingest',
        contact: { primaryPhone: { phone, phoneTypeId: 2 } },
      },
    });
    // The PBX sends the number with a country code and punctuation: the last digits still match.
    const rec = record({ from: `+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` });
    const res = await ingest(rec);
    expect(res.statusCode, res.body).toBe(200);
    const out = parseAs(ingestResult, res);
    expect(out).toMatchObject({ received: 1, created: 1, duplicates: 0 });
    expect(out.records[0]).toMatchObject({
      callId: rec.callId,
      status: 'created',
      employeeId: adminId,
      customerId: sv.customer.id,
      serviceVehicleId: sv.id,
    });
    const [stored] = await app.deps.db.rows<{ duration: number; party: string }>(
      sql`select duration_seconds as duration, party_digits as party from call_logs where id = ${out.records[0].id}`,
    );
    expect(stored).toEqual({ duration: 120, party: phone });
  });

  it('stores a batch, and a call id sent again is stored once (idempotent)', async () => {
    const a = record({ direction: 'out', from: '7135550000', to: uniquePhone() });
    const b = record({ result: 'missed', answeredAt: null, from: uniquePhone() });
    const first = parseAs(ingestResult, await ingest({ records: [a, b] }));
    expect(first).toMatchObject({ received: 2, created: 2, duplicates: 0 });
    const again = parseAs(ingestResult, await ingest([a, b, record()]));
    expect(again).toMatchObject({ received: 3, created: 1, duplicates: 2 });
    expect(again.records.slice(0, 2).map((r) => r.id)).toEqual(first.records.map((r) => r.id));
    const [{ n }] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from call_logs where pbx_call_id in (${a.callId}, ${b.callId})`,
    );
    expect(n).toBe(2);
  });

  it('refuses malformed records with 400 naming the row, and stores none of the batch', async () => {
    const good = record();
    const res = await ingest([good, record({ startedAt: 'yesterday' }), record({ direction: 'sideways' })]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors)).toEqual(['records[1].startedAt', 'records[2].direction']);
    expect(body.errors['records[1].startedAt'][0]).toMatch(/^Row 2: startedAt/);
    const [{ n }] = await app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from call_logs where pbx_call_id = ${good.callId}`,
    );
    expect(n).toBe(0);
    expect((await ingest([])).statusCode).toBe(400);
    expect((await ingest([record({ endedAt: '2020-01-01T00:00:00Z' })])).json().errors).toHaveProperty(
      'records[0].endedAt',
    );
  });

  it('tells the users who may see the call centre that calls arrived', async () => {
    const events: { userId: number; event: string }[] = [];
    const stop = hubOf(app).onEmit((userId, event) => events.push({ userId, event }));
    await ingest(record());
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(events.some((e) => e.userId === adminId && e.event === CALL_LOGGED_EVENT)).toBe(true);
  });
});

describe('GET /api/callLog', () => {
  it("lists the day's calls of an employee with what they matched; roles without the call centre get 403", async () => {
    const rec = record();
    await ingest(rec);
    const res = await app.inject({
      method: 'GET',
      url: `/api/callLog?employeeId=${adminId}`,
      headers: auth(manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseAs(z.array(callLogRow), res);
    expect(rows.find((r) => r.pbxCallId === rec.callId)).toMatchObject({
      direction: 'in',
      result: 'answered',
      durationSeconds: 120,
      employee: { id: adminId },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/callLog', headers: auth(repairTech) })).statusCode,
    ).toBe(403);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/callLog?startDate=2026-13-45',
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
    const mine = await app.inject({ method: 'GET', url: '/api/callLog/mine', headers: auth(admin) });
    expect(parseAs(z.array(callLogRow), mine).length).toBeLessThanOrEqual(20);
  });
});

describe('call queries', () => {
  it('lists categories and their shared queries; an unknown category is a 404', async () => {
    const cats = parseAs(
      z.array(callQueryCategory),
      await app.inject({ method: 'GET', url: '/api/CallQueryCategories', headers: auth(assistant) }),
    );
    expect(cats.map((c) => c.name)).toContain('Service Drive');
    const queries = parseAs(
      z.array(callQuery),
      await app.inject({
        method: 'GET',
        url: '/api/CallQueryCategories/Service%20Drive/queries',
        headers: auth(assistant),
      }),
    );
    expect(queries.find((q) => q.name === 'Ready to call')?.criteria).toEqual({ priorities: [1, 2, 3, 4] });
    const none = await app.inject({
      method: 'GET',
      url: '/api/CallQueryCategories/Nope/queries',
      headers: auth(admin),
    });
    expect(none.statusCode).toBe(404);
  });

  it("saves the user's own query; others cannot delete it; roles without call centre work cannot save", async () => {
    const post = (token: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/CallQueryCategories/my/queries',
        headers: auth(token),
        payload: payload as object,
      });
    const res = await post(assistant, {
      name: 'My replacements',
      criteria: { kind: 'replacement', noContactYet: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mine = parseAs(callQuery, res);
    expect(mine).toMatchObject({ name: 'My replacements', mine: true });

    expect((await post(repairTech, { name: 'x' })).statusCode).toBe(403);
    expect((await post(reviewer, { name: 'x' })).statusCode).toBe(403);
    const bad = await post(assistant, { name: '', criteria: { priorities: [9] } });
    expect(bad.statusCode).toBe(400);

    const listMine = (token: string) =>
      app
        .inject({ method: 'GET', url: '/api/CallQueryCategories/my/queries', headers: auth(token) })
        .then((r) => parseAs(z.array(callQuery), r));
    expect((await listMine(assistant)).map((q) => q.id)).toContain(mine.id);
    expect((await listMine(manager)).map((q) => q.id)).not.toContain(mine.id);

    const del = (token: string, id: number) =>
      app.inject({
        method: 'DELETE',
        url: `/api/CallQueryCategories/my/queries/${id}`,
        headers: auth(token),
      });
    expect((await del(manager, mine.id)).statusCode).toBe(403);
    const shared = (
      await app.deps.db.rows<{ id: number }>(sql`select id from call_queries where user_id is null limit 1`)
    )[0];
    expect((await del(assistant, shared.id)).statusCode).toBe(403);
    expect((await del(assistant, mine.id)).statusCode).toBe(204);
    expect((await del(assistant, mine.id)).statusCode).toBe(404);
    // Another user's query does not open as a list either.
    const other = parseAs(callQuery, await post(manager, { name: 'Manager only' }));
    const list = await app.inject({
      method: 'GET',
      url: `/api/CallQueries/${other.id}/list`,
      headers: auth(assistant),
    });
    expect(list.statusCode).toBe(404);
  });
});

describe('working a call list', () => {
  let readyToCall: number;
  beforeAll(async () => {
    const [q] = await app.deps.db.rows<{ id: number }>(
      sql`select id from call_queries where name = 'Ready to call' and user_id is null`,
    );
    readyToCall = q.id;
  });
  const next = (token: string, excludeIds: number[] = []) =>
    app.inject({
      method: 'POST',
      url: `/api/CallQueries/${readyToCall}/next`,
      headers: auth(token),
      payload: { excludeIds },
    });

  it('lists records in priority order', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/CallQueries/${readyToCall}/list`,
      headers: auth(assistant),
    });
    const list = parseAs(callList, res);
    expect(list.total).toBeGreaterThan(0);
    const priorities = list.records.map((r) => r.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect(priorities.every((p) => p >= 1 && p <= 4)).toBe(true);
  });

  it('never hands two agents the same record, even when they ask at the same moment', async () => {
    const agents = [admin, manager, assistant];
    const answers = await Promise.all(agents.map((t) => next(t)));
    const ids = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      const id = parseAs(nextRecordAnswer, res).record?.serviceVehicleId;
      expect(id, 'a record for every agent').toBeTypeOf('number');
      return id as number;
    });
    answers.forEach((res, i) => {
      const id = parseAs(nextRecordAnswer, res).record?.serviceVehicleId as number;
      taken.push({ id, token: agents[i] });
    });
    expect(new Set(ids).size).toBe(3);
    // A second round, each skipping what they hold: still no record handed out twice.
    const again = await Promise.all(agents.map((t, i) => next(t, [ids[i]])));
    const more = again.map((res, i) => {
      const id = parseAs(nextRecordAnswer, res).record?.serviceVehicleId as number;
      taken.push({ id, token: agents[i] });
      return id;
    });
    expect(new Set([...ids, ...more]).size).toBe(6);
    // Asking again without skipping resumes the record already held (a reload).
    const resumed = parseAs(nextRecordAnswer, await next(admin));
    expect([ids[0], more[0]]).toContain(resumed.record?.serviceVehicleId);
    // A record someone holds is not offered to another agent.
    const locks = await app.deps.db.rows<{ id: number }>(
      sql`select service_vehicle_id as id from service_vehicle_locks where user_id = ${adminId}`,
    );
    const other = parseAs(nextRecordAnswer, await next(manager, more.slice(1)));
    expect(locks.map((l) => l.id)).not.toContain(other.record?.serviceVehicleId);
    if (other.record) taken.push({ id: other.record.serviceVehicleId, token: manager });
  });

  it('records the outcome in one step: history, activity log, call log link, lock released; the next record differs', async () => {
    const first = parseAs(nextRecordAnswer, await next(assistant)).record;
    expect(first).not.toBeNull();
    const svId = first?.serviceVehicleId as number;
    const [disposition] = await app.deps.db.rows<{ id: number; name: string }>(
      sql`select id, name from dispositions order by id limit 1`,
    );
    const follow = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await app.inject({
      method: 'POST',
      url: `/api/CallManager/records/${svId}/outcome`,
      headers: auth(assistant),
      payload: {
        dispositionId: disposition.id,
        result: 'answered',
        notes: 'Customer will bring it <b>Friday</b>',
        followUpDate: follow,
        okToCall: true,
        phone: '7135550123',
        callQueryId: readyToCall,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = parseAs(callOutcomeAnswer, res);
    const [history] = await app.deps.db.rows<{
      activity: string;
      details: string;
      contact: boolean;
      logId: number;
    }>(
      sql`select activity, details, is_contact as contact, activity_log_id as "logId" from service_vehicle_history
          where service_vehicle_id = ${svId} order by id desc limit 1`,
    );
    expect(history).toMatchObject({ activity: 'Call outcome', contact: true, logId: out.historyLogId });
    expect(history.details).toContain(`Disposition: ${disposition.name}`);
    expect(history.details).toContain('Notes: Customer will bring it <b>Friday</b>');
    const [log] = await app.deps.db.rows<Record<string, unknown>>(
      sql`select service_vehicle_id as sv, disposition_id as disposition, source, party_digits as party,
                 call_query_id as query, notes from call_logs where id = ${out.callLogId}`,
    );
    expect(log).toMatchObject({
      sv: svId,
      disposition: disposition.id,
      source: 'agent',
      party: '7135550123',
      query: readyToCall,
    });
    const [sv] = await app.deps.db.rows<{ disposition: number; contacted: boolean; lock: number }>(
      sql`select last_disposition_id as disposition, last_contact_at is not null as contacted,
                 (select count(*)::int from service_vehicle_locks where service_vehicle_id = ${svId}) as lock
          from service_vehicles where id = ${svId}`,
    );
    expect(sv).toEqual({ disposition: disposition.id, contacted: true, lock: 0 });
    // The PBX's record of the same call, arriving later, fills in the agent's row instead of adding one.
    const [ext] = await app.deps.db.rows<{ extension: string }>(
      sql`select e.extension from phone_extensions e join users u on u.id = e.user_id
          where u.user_name = ${DEMO.adminAssistant.userName} and e.is_active order by e.id limit 1`,
    );
    if (ext) {
      const merged = parseAs(
        ingestResult,
        await ingest(
          record({
            direction: 'out',
            from: '7135550000',
            to: '713-555-0123',
            extension: ext.extension,
            startedAt: new Date().toISOString(),
            answeredAt: null,
            endedAt: null,
          }),
        ),
      );
      expect(merged.records[0]).toMatchObject({
        status: 'merged',
        id: out.callLogId,
        serviceVehicleId: svId,
      });
    }
    // Just called: not handed out again now.
    const after = parseAs(nextRecordAnswer, await next(assistant));
    expect(after.record?.serviceVehicleId).not.toBe(svId);
    if (after.record) taken.push({ id: after.record.serviceVehicleId, token: assistant });
  });

  it('refuses an outcome on a record another agent holds (409) and a bad disposition (400)', async () => {
    const held = taken.find((t) => t.token === manager) as { id: number };
    const post = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/CallManager/records/${held.id}/outcome`,
        headers: auth(admin),
        payload: payload as object,
      });
    expect((await post({ dispositionId: 1, phone: '7135550123' })).statusCode).toBe(409);
    const bad = await post({ dispositionId: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('dispositionId');
    const reviewerTry = await app.inject({
      method: 'POST',
      url: `/api/CallManager/records/${held.id}/outcome`,
      headers: auth(reviewer),
      payload: { dispositionId: 1 },
    });
    expect(reviewerTry.statusCode).toBe(403);
  });
});

describe('GET /api/CallCenter/dashboard', () => {
  it('counts the calls per agent and facility, the queue, follow-ups and missed calls not called back', async () => {
    const missedFrom = uniquePhone();
    await ingest([record({ result: 'missed', answeredAt: null, from: missedFrom })]);
    const calledBackFrom = uniquePhone();
    await ingest([
      record({ result: 'missed', answeredAt: null, from: calledBackFrom }),
      record({
        direction: 'out',
        from: '7135550000',
        to: calledBackFrom,
        startedAt: new Date().toISOString(),
        answeredAt: null,
        endedAt: null,
      }),
    ]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/CallCenter/dashboard',
      headers: auth(assistant),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = parseAs(callCenterDashboard, res);
    const me = d.agents.find((a) => a.employeeId === adminId);
    expect(me?.received).toBeGreaterThanOrEqual(3);
    expect(me?.missed).toBeGreaterThanOrEqual(2);
    expect(me?.avgTalkSeconds).toBeGreaterThan(0);
    expect(d.queue.map((q) => q.priority)).toEqual([1, 2, 3, 4]);
    const missed = d.missedNotCalledBack.map((m) => m.phone);
    expect(missed).toContain(missedFrom);
    expect(missed).not.toContain(calledBackFrom);
    expect(
      (await app.inject({ method: 'GET', url: '/api/CallCenter/dashboard', headers: auth(repairTech) }))
        .statusCode,
    ).toBe(403);
  });

  it("counts an agent's answered outcome with no phone-system record apart: not answered, no talk time", async () => {
    const dashboard = async () =>
      parseAs(
        callCenterDashboard,
        await app.inject({ method: 'GET', url: '/api/CallCenter/dashboard', headers: auth(admin) }),
      );
    // The admin's own answered PBX call of 2 minutes, then an outcome the admin records with no PBX record.
    await ingest([record({ from: uniquePhone() })]);
    const before = await dashboard();
    const mine = (d: typeof before) => d.agents.find((a) => a.employeeId === adminId);
    expect(mine(before)?.avgTalkSeconds).toBe(120);
    const [q] = await app.deps.db.rows<{ id: number }>(
      sql`select id from call_queries where name = 'Ready to call' and user_id is null`,
    );
    const held = parseAs(
      nextRecordAnswer,
      await app.inject({
        method: 'POST',
        url: `/api/CallQueries/${q.id}/next`,
        headers: auth(admin),
        payload: {},
      }),
    ).record;
    expect(held).not.toBeNull();
    const [disposition] = await app.deps.db.rows<{ id: number }>(
      sql`select id from dispositions order by id limit 1`,
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/CallManager/records/${held?.serviceVehicleId}/outcome`,
      headers: auth(admin),
      payload: { dispositionId: disposition.id, result: 'answered', phone: uniquePhone() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await dashboard();
    for (const [was, now] of [
      [before.totals, after.totals],
      [mine(before), mine(after)],
    ] as const) {
      expect(now?.answered).toBe(was?.answered);
      expect(now?.reportedAnswered).toBe((was?.reportedAnswered ?? 0) + 1);
      expect(now?.made).toBe((was?.made ?? 0) + 1);
      expect(now?.outcomes).toBe((was?.outcomes ?? 0) + 1);
      expect(now?.avgTalkSeconds).toBe(was?.avgTalkSeconds);
    }
  });
});
