import { servicePriority } from '@glass/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prioritySql, startOfTodaySql } from './priority-sql.js';
import { client, createSv, type SvTestContext, svTestContext } from './test-helpers.js';

let t: SvTestContext;
beforeAll(async () => {
  t = await svTestContext();
});
afterAll(() => t.app.close());

interface Row {
  id: number;
  priority: number;
  lost: boolean;
  void: boolean;
  invoiceId: number | null;
  followUpMs: number | null;
  readyToCall: boolean;
  readyForParts: boolean;
  repairCount: number;
  followedUp: boolean;
  contacted: boolean;
  nowMs: number;
}

/** Every row with the SQL priority and the inputs of the domain rule (the history's contact flag included). */
const rows = (tzo: number) =>
  t.app.deps.db.rows<Row>(
    sql`select sv.id, ${sql.raw(prioritySql('sv', tzo))} as priority, sv.lost, sv.void, sv.invoice_id as "invoiceId",
               (extract(epoch from sv.follow_up_date) * 1000)::float8 as "followUpMs", sv.ready_to_call as "readyToCall",
               sv.ready_for_parts as "readyForParts", sv.repair_count as "repairCount", sv.followed_up as "followedUp",
               exists (select 1 from service_vehicle_history h where h.service_vehicle_id = sv.id and h.is_contact) as contacted,
               (extract(epoch from now()) * 1000)::float8 as "nowMs"
        from service_vehicles sv order by sv.id`,
  );

const domain = (r: Row, tzo: number) =>
  servicePriority(
    { ...r, followUpDate: r.followUpMs, history: [{ isContact: r.contacted }] },
    { now: new Date(r.nowMs), tzo },
  ).priority;

describe('priority in SQL agrees with servicePriority', () => {
  for (const tzo of [300, 360, -120]) {
    it(`on every seeded row (TZO ${tzo})`, async () => {
      const all = await rows(tzo);
      expect(all.length).toBeGreaterThan(100);
      const disagree = all.filter((r) => r.priority !== domain(r, tzo));
      expect(disagree).toEqual([]);
      // The seed covers every rule, so the comparison means something.
      expect(new Set(all.map((r) => r.priority))).toEqual(new Set([1, 2, 3, 4, 5, 6, 8, 9]));
    });
  }

  it('agrees on both sides of the zone midnight that makes a follow-up overdue', async () => {
    const api = client(t.app);
    const [{ midnight }] = await t.app.deps.db.rows<{ midnight: number }>(
      sql`select (extract(epoch from ${sql.raw(startOfTodaySql(300))}) * 1000)::float8 as midnight`,
    );
    const sv = await createSv(t.app, t.admin);
    for (const [offset, expected] of [
      [-60_000, 5],
      [0, 6],
      [60_000, 6],
    ] as const) {
      const followUpDate = new Date(midnight + offset).toISOString();
      const res = await api.patch(`/api/ServiceVehicles/${sv.id}`, t.admin, { followUpDate });
      expect(res.json().priority).toBe(expected);
      const row = (await rows(300)).find((r) => r.id === sv.id) as Row;
      expect(domain(row, 300)).toBe(expected);
    }
  });
});

describe('priority on the list', () => {
  it('is a list field the list can sort and filter by', async () => {
    const api = client(t.app);
    const res = await api.get(
      '/api/ServiceVehicles?$select=id,priority,priorityColor&$orderby=priority asc&$top=500&$count=true',
      t.admin,
    );
    const value = res.json().value as { id: number; priority: number; priorityColor: string | null }[];
    expect(value.map((r) => r.priority)).toEqual([...value.map((r) => r.priority)].sort((a, b) => a - b));
    expect(value[0]).toEqual(expect.objectContaining({ priority: 1, priorityColor: 'red' }));
    const nine = (
      await api.get(
        '/api/ServiceVehicles?$filter=priority eq 9&$top=5&$select=id,invoiceId,priority',
        t.admin,
      )
    ).json();
    expect(nine.value.length).toBeGreaterThan(0);
    for (const r of nine.value) expect(r.invoiceId).toBeGreaterThan(0);
  });
});
