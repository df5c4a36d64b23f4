import { toParkedSlot } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkedItem, parkedItems, pendingAlerts, problem } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, parseAs } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { tokenFor } from '../conversations/test-helpers.js';
import { hubOf, type UserAlert } from '../../realtime/hub.js';

let app: App;
const t: Record<string, string> = {};
const pushed: UserAlert[] = [];
let free: number[] = [];
let invoices: number[] = [];
let sv: number;
beforeAll(async () => {
  app = await createTestApp();
  for (const who of ['adminAssistant', 'leadTech', 'repairTech', 'reviewer'] as const)
    t[who] = await tokenFor(app, DEMO[who]);
  hubOf(app).onPush((alerts) => pushed.push(...alerts));
  const taken = (await list()).map((p) => p.parkLine);
  free = [1, 2, 3, 4, 5, 6, 7, 8].filter((l) => !taken.includes(l));
  invoices = (
    await rows<{ id: number }>(
      // At facility 1, the assistant's (decision 0016: they park only their own facility's records).
      sql`select id from invoices where facility_id = 1
            and id not in (select invoice_id from parked_items where invoice_id is not null) order by id limit 2`,
    )
  ).map((r) => r.id);
  [{ id: sv }] = await rows<{ id: number }>(
    sql`select id from service_vehicles where facility_id = 1
          and id not in (select service_vehicle_id from parked_items where service_vehicle_id is not null) order by id limit 1`,
  );
});
afterAll(() => app.close());

const rows = <T = any>(q: ReturnType<typeof sql>) => app.deps.db.rows<T>(q);
async function list(): Promise<any[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/ParkedItemsOdata',
    headers: auth(t.adminAssistant),
  });
  expect(res.statusCode).toBe(200);
  return parseAs(parkedItems, res).value;
}
const park = (url: string, payload: unknown, token = t.adminAssistant) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const remove = (id: number, token = t.adminAssistant) =>
  app.inject({ method: 'DELETE', url: `/api/ParkedItemsOdata/${id}`, headers: auth(token) });
const since = (n: number) => pushed.slice(n);

describe('GET /api/ParkedItemsOdata', () => {
  it('lists the parked items with the fields of spec 1 §3, by line', async () => {
    const items = await list();
    expect(items.length).toBeGreaterThan(0);
    for (const key of [
      'id',
      'parkLine',
      'parkedAt',
      'parkedByUser',
      'parkedForUser',
      'parkedForMessageGroup',
      'serviceVehicleId',
      'invoiceId',
      'parkedForUserId',
      'parkedForMessageGroupId',
    ]) {
      expect(items[0]).toHaveProperty(key);
    }
    expect(items.map((i) => i.parkLine)).toEqual([...items.map((i) => i.parkLine)].sort((a, b) => a - b));
    const slot = toParkedSlot(items[0]);
    expect(slot.recordNumber).toBeGreaterThan(0);
    expect(slot.parkedBy).toMatch(/\w+ \w+/);
    expect(slot.parkedFor).not.toBe('');
  });
});

describe('POST /api/Invoices/{id}/park and /api/ServiceVehicle/{id}/park', () => {
  it('refuses bad lines and targets (400), unknown records (404) and roles without parking (403)', async () => {
    const url = `/api/Invoices/${invoices[0]}/park`;
    const line = free[0];
    expect(parseAs(problem, await park(url, { parkLine: line })).errors?.parkedForUserId).toBeDefined();
    expect(
      (await park(url, { parkLine: line, parkedForUserId: 103, parkedForMessageGroupId: 2 })).statusCode,
    ).toBe(400);
    expect(
      parseAs(problem, await park(url, { parkLine: 0, parkedForUserId: 103 })).errors?.parkLine,
    ).toBeDefined();
    const over = await park(url, { parkLine: 9, parkedForUserId: 103 });
    expect(over.statusCode).toBe(400);
    expect(parseAs(problem, over).errors?.parkLine).toEqual(['The line must be between 1 and 8']);
    expect(
      parseAs(problem, await park(url, { parkLine: line, parkedForMessageGroupId: 6 })).errors
        ?.parkedForMessageGroupId,
    ).toBeDefined();
    expect(
      parseAs(problem, await park(url, { parkLine: line, parkedForUserId: 99999999 })).errors
        ?.parkedForUserId,
    ).toBeDefined();
    expect(
      (await park('/api/Invoices/99999999/park', { parkLine: line, parkedForUserId: 103 })).statusCode,
    ).toBe(404);
    expect((await park(url, { parkLine: line, parkedForUserId: 103 }, t.reviewer)).statusCode).toBe(403);
    expect((await list()).some((p) => p.invoiceId === invoices[0])).toBe(false);
  });

  it('parks for a user, alerts that user, and keeps one record per line', async () => {
    const mark = pushed.length;
    const res = await park(`/api/Invoices/${invoices[0]}/park`, { parkLine: free[0], parkedForUserId: 103 });
    expect(res.statusCode).toBe(200);
    expect(parseAs(parkedItem, res)).toMatchObject({
      parkLine: free[0],
      invoiceId: invoices[0],
      serviceVehicleId: null,
      parkedForUserId: 103,
      parkedByUser: { id: 104, name: 'Tina Nguyen' },
      parkedForUser: { id: 103, firstName: 'Luis', lastName: 'Ortega' },
      parkedForMessageGroup: null,
    });
    expect(since(mark)).toEqual([
      {
        userId: 103,
        alert: expect.objectContaining({
          type: 'ParkedForMe',
          recordType: 'Invoice',
          recordId: invoices[0],
          parkedBy: 'Tina Nguyen',
          parkedFor: 'Luis Ortega',
          isMessageGroup: false,
        }),
      },
    ]);
    const techAlerts = parseAs(
      pendingAlerts,
      await app.inject({ method: 'GET', url: '/api/self/alerts', headers: auth(t.leadTech) }),
    );
    expect(techAlerts.some((a: any) => a.type === 'ParkedForMe' && a.recordId === invoices[0])).toBe(true);
    const taken = await park(`/api/Invoices/${invoices[1]}/park`, {
      parkLine: free[0],
      parkedForUserId: 103,
    });
    expect(taken.statusCode).toBe(409);
    expect(parseAs(problem, taken).errors?.parkLine[0]).toBe(
      `Line ${free[0]} already holds Invoice ${invoices[0]}`,
    );
  });

  it("moves a parked record to a group: the old target loses its alert, the group's Always subscribers get one (and SMS)", async () => {
    await rows(sql`update subscriptions set use_sms = true where user_id = 101 and message_group_id = 3`);
    const mark = pushed.length;
    // Other test files share the PostgreSQL database and may have queued texts about the same invoice.
    const [{ lastOutbox }] = await rows<{ lastOutbox: number }>(
      sql`select coalesce(max(id), 0)::int as "lastOutbox" from notify_outbox`,
    );
    const res = await park(`/api/Invoices/${invoices[0]}/park`, {
      parkLine: free[1],
      parkedForMessageGroupId: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(parseAs(parkedItem, res)).toMatchObject({
      parkLine: free[1],
      parkedForUserId: null,
      parkedForMessageGroup: { id: 3, name: 'Managers' },
    });
    const news = since(mark);
    const forTech = news.filter((p) => p.userId === 103).map((p) => p.alert.type);
    expect(forTech.sort()).toEqual(['Consume', 'ParkedUpdate']);
    const managers = await rows<{ id: number }>(
      sql`select u.id from subscriptions s join users u on u.id = s.user_id where s.message_group_id = 3 and s.always and u.is_active and u.id <> 104`,
    );
    const parkedForMe = news.filter((p) => p.alert.type === 'ParkedForMe');
    expect(new Set(parkedForMe.map((p) => p.userId))).toEqual(new Set(managers.map((m) => m.id)));
    expect(parkedForMe[0].alert).toMatchObject({ isMessageGroup: true, parkedFor: 'Managers' });
    const sms = await rows(
      sql`select body from notify_outbox where record_type = 'Invoice' and record_id = ${invoices[0]} and channel = 'sms' and id > ${lastOutbox}`,
    );
    expect(sms).toEqual([
      { body: `Invoice ${invoices[0]} parked on line ${free[1]} for Managers by Tina Nguyen` },
    ]);
    await rows(sql`update subscriptions set use_sms = false where user_id = 101 and message_group_id = 3`);
  });

  it('parks service vehicles too', async () => {
    const res = await park(`/api/ServiceVehicle/${sv}/park`, { parkLine: free[0], parkedForUserId: 105 });
    expect(res.statusCode).toBe(200);
    expect(toParkedSlot(parseAs(parkedItem, res))).toMatchObject({
      recordType: 'ServiceVehicle',
      recordNumber: sv,
      parkedFor: 'Kevin Price',
    });
  });
});

describe('DELETE /api/ParkedItemsOdata/{id}', () => {
  it('lets only the people concerned remove an item; consumes its alerts everywhere and tells them', async () => {
    const item = (await list()).find((p) => p.invoiceId === invoices[0]);
    expect((await remove(item.id, t.repairTech)).statusCode).toBe(403);
    const pending = await rows<{ id: number; user_id: number }>(
      sql`select id, user_id from alerts where parked_item_id = ${item.id} and type = 'ParkedForMe' and consumed_at is null`,
    );
    expect(pending.length).toBeGreaterThan(0);
    const mark = pushed.length;
    expect((await remove(item.id)).statusCode).toBe(204);
    const news = since(mark);
    const consumed = news.filter((p) => p.alert.type === 'Consume').map((p) => p.alert.alertIdToConsume);
    expect(new Set(consumed)).toEqual(new Set(pending.map((p) => p.id)));
    expect(news.filter((p) => p.alert.type === 'ParkedUpdate').length).toBe(pending.length);
    expect((await list()).some((p) => p.id === item.id)).toBe(false);
    expect((await remove(item.id)).statusCode).toBe(404);
    const logs = await rows(
      // Only the parking entries: on PostgreSQL other test files write to the same seeded invoice.
      sql`select activity from activity_logs where record_type = 'Invoice' and record_id = ${invoices[0]}
            and activity like '%arked record' order by id`,
    );
    expect(logs.map((l) => l.activity)).toEqual([
      'Parked record',
      'Moved parked record',
      'Removed parked record',
    ]);
    const svItem = (await list()).find((p) => p.serviceVehicleId === sv);
    expect((await remove(svItem.id, await tokenFor(app, DEMO.repairTech))).statusCode).toBe(204);
  });
});
