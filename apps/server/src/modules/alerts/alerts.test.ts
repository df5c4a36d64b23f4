import { alertSchema } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeAlertResponse, pendingAlerts, problem } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { hubOf, type UserAlert } from '../../realtime/hub.js';
import { formPost, tokenFor } from '../conversations/test-helpers.js';
import { raiseDealerWarranty, runFollowUpAlerts } from './record-alerts.js';

let app: App;
let tech: string; // 103
let assistant: string; // 104
const pushed: UserAlert[] = [];
beforeAll(async () => {
  app = await createTestApp();
  tech = await tokenFor(app, DEMO.leadTech);
  assistant = await tokenFor(app, DEMO.adminAssistant);
  hubOf(app).onPush((alerts) => pushed.push(...alerts));
});
afterAll(() => app.close());

const rows = <T = any>(q: ReturnType<typeof sql>) => app.deps.db.rows<T>(q);
const alerts = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/self/alerts', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return parseAs(pendingAlerts, res);
};
const consume = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/self/consumeAlert',
    payload: payload as object,
    headers: auth(token),
  });
const message = async (to: number, text: string) => {
  const { payload, headers } = await formPost({ Subject: text, Message: text, 'RecipientUserIds[]': [to] });
  const res = await app.inject({
    method: 'POST',
    url: '/api/Conversations/Start',
    payload,
    headers: { ...headers, ...auth(assistant) },
  });
  return res.json().id as number;
};

describe('GET /api/self/alerts', () => {
  it('lists my pending alerts in the shape of spec 1 §3, oldest first', async () => {
    const list = await alerts(tech);
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) {
      expect(alertSchema.parse(a)).toEqual(a);
      expect(Object.keys(a).sort()).toEqual(Object.keys(alertSchema.shape).sort());
    }
    expect(list.map((a) => a.id)).toEqual([...list.map((a) => a.id)].sort((x, y) => x - y));
    expect((await app.inject({ method: 'GET', url: '/api/self/alerts' })).statusCode).toBe(401);
  });

  it('keeps only the latest NewMessage per user', async () => {
    await message(103, 'first');
    const second = await message(103, 'second');
    const newMessages = (await alerts(tech)).filter((a) => a.type === 'NewMessage');
    expect(newMessages).toHaveLength(1);
    expect(newMessages[0].conversationId).toBe(second);
    expect(pushed.at(-1)).toMatchObject({
      userId: 103,
      alert: { type: 'NewMessage', conversationId: second },
    });
  });
});

describe('POST /api/self/consumeAlert', () => {
  it('consumes my alert, pushes a Consume naming it to me, and is idempotent', async () => {
    const [target] = (await alerts(tech)).filter((a) => a.type === 'NewMessage');
    const res = await consume(tech, { alertIdToConsume: target.id });
    expect(res.statusCode).toBe(200);
    expect(parseAs(consumeAlertResponse, res)).toEqual({ alertIdToConsume: target.id, consumed: true });
    expect((await alerts(tech)).some((a) => a.id === target.id)).toBe(false);
    expect(pushed.at(-1)).toMatchObject({
      userId: 103,
      alert: { type: 'Consume', alertIdToConsume: target.id },
    });
    expect(parseAs(consumeAlertResponse, await consume(tech, { alertIdToConsume: target.id })).consumed).toBe(
      false,
    );
  });

  it("refuses other people's alerts (404) and bad bodies (400)", async () => {
    const [mine] = await alerts(assistant);
    expect((await consume(tech, { alertIdToConsume: mine.id })).statusCode).toBe(404);
    expect((await consume(tech, { alertIdToConsume: 99999999 })).statusCode).toBe(404);
    const bad = await consume(tech, { alertIdToConsume: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(parseAs(problem, bad).errors?.alertIdToConsume).toBeDefined();
  });
});

describe('alerts the server raises', () => {
  it('FollowUp for invoices and service vehicles that came due, once', async () => {
    const [inv] = await rows<{ id: number }>(
      sql`update invoices set follow_up_at = now() - interval '2 minutes', follow_up_for_id = 103, followed_up = false, void = false
          where id = (select id from invoices order by id desc limit 1) returning id`,
    );
    const [sv] = await rows<{ id: number }>(
      sql`update service_vehicles set follow_up_date = now() - interval '1 minute', followed_up = false, void = false, lost = false,
                 lead_technician_id = 103
          where id = (select id from service_vehicles order by id desc limit 1) returning id`,
    );
    const created = await runFollowUpAlerts(app.deps.db, hubOf(app));
    const forTech = created.filter((c) => c.userId === 103).map((c) => c.alert);
    expect(forTech).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'FollowUp',
          recordType: 'Invoice',
          recordId: inv.id,
          followUpFor: 'Luis Ortega',
          followUpForId: 103,
        }),
        expect.objectContaining({
          type: 'FollowUp',
          recordType: 'ServiceVehicle',
          recordId: sv.id,
          followUpForId: 103,
        }),
      ]),
    );
    expect(
      (await alerts(tech)).filter((a) => a.type === 'FollowUp' && [inv.id, sv.id].includes(a.recordId ?? 0)),
    ).toHaveLength(2);
    const again = await runFollowUpAlerts(app.deps.db, hubOf(app));
    expect(again.filter((c) => [inv.id, sv.id].includes(c.alert.recordId!))).toEqual([]);
  });

  it('DealerWarranty for a record, to its lead technician by default', async () => {
    const [sv] = await rows<{ id: number }>(
      sql`update service_vehicles set lead_technician_id = 103, service_advisor_name = 'Pat Advisor'
          where id = (select min(id) from service_vehicles) returning id`,
    );
    const created = await raiseDealerWarranty(
      { db: app.deps.db, hub: hubOf(app) },
      { recordType: 'ServiceVehicle', recordId: sv.id },
    );
    expect(created).toEqual([
      {
        userId: 103,
        alert: expect.objectContaining({
          type: 'DealerWarranty',
          recordType: 'ServiceVehicle',
          recordId: sv.id,
          senderName: 'Pat Advisor',
        }),
      },
    ]);
    expect(pushed.at(-1)?.alert.type).toBe('DealerWarranty');
    expect(
      await raiseDealerWarranty(
        { db: app.deps.db, hub: hubOf(app) },
        { recordType: 'Invoice', recordId: 99999999 },
      ),
    ).toEqual([]);
  });
});
