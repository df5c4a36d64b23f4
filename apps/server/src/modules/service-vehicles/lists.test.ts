import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prioritySql } from './priority-sql.js';
import { client, createSv, type SvTestContext, svTestContext } from './test-helpers.js';

let t: SvTestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await svTestContext();
  api = client(t.app);
});
afterAll(() => t.app.close());

describe('GET /api/ServiceVehicles', () => {
  it('service drive: $orderby=id desc&$top=50 gives the 50 newest (no next link: $top is the whole answer)', async () => {
    // The System Admin sees every facility's vehicles (the demo facility 1 alone may hold fewer than 50).
    const res = await api.get('/api/ServiceVehicles?$orderby=id desc&$top=50', t.admin);
    expect(res.statusCode).toBe(200);
    const { value, '@odata.nextLink': next } = res.json();
    expect(value).toHaveLength(50);
    const ids = value.map((r: any) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(next).toBeUndefined();
    expect(value[0]).toEqual(
      expect.objectContaining({ priority: expect.any(Number), locked: expect.any(Boolean) }),
    );
  });

  it('the pipeline list: repairs > 0 as a filter, top 100 with count, date range on follow-up or created date', async () => {
    const res = await api.get(
      '/api/ServiceVehicles?$filter=repairCount gt 0 and activityDate ge 2000-01-01T00:00:00Z&$top=100&$count=true&$orderby=priority,activityDate desc',
      t.admin,
    );
    const body = res.json();
    expect(body.value.length).toBeGreaterThan(0);
    expect(body['@odata.count']).toBeGreaterThanOrEqual(body.value.length);
    for (const r of body.value) expect(r.repairCount).toBeGreaterThan(0);
  });
});

describe('GET /api/ServiceVehicles ordered by priority (read one priority at a time)', () => {
  /** The rows the list shows (spec 1 §5: repairs > 0). */
  const LISTED = 'sv.repair_count > 0';
  /** The same page the plain way: the priority computed on every row, sorted, then limit and offset. */
  const expected = (where: string, order: string, top: number, skip: number) =>
    t.app.deps.db
      .rows<{ id: number; priority: number }>(
        sql.raw(`select sv.id, ${prioritySql('sv', 300)} as priority from service_vehicles sv where ${where}
                 order by ${order} limit ${top} offset ${skip}`),
      )
      .then((rows) => rows.map((r) => [r.id, r.priority]));
  const got = async (query: string) => {
    const res = await api.get(`/api/ServiceVehicles?$select=id,priority&${query}`, t.admin);
    expect(res.statusCode).toBe(200);
    return res.json().value.map((r: any) => [r.id, r.priority]);
  };

  it('gives the pages of the plain sort, across priorities, both directions and with filters', async () => {
    const [{ n }] = await t.app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from service_vehicles where repair_count > 0`,
    );
    const asc = `${prioritySql('sv', 300)} asc, sv.id desc`;
    const desc = `${prioritySql('sv', 300)} desc, sv.id`;
    for (const [top, skip] of [
      [100, 0],
      [7, 0],
      [7, 23],
      [50, n - 20],
      [10, n + 5],
    ]) {
      expect(await got(`$orderby=priority asc,id desc&$top=${top}&$skip=${skip}`)).toEqual(
        await expected(LISTED, asc, top, skip),
      );
      expect(await got(`$orderby=priority desc&$top=${top}&$skip=${skip}`)).toEqual(
        await expected(LISTED, desc, top, skip),
      );
    }
    // A page that spans every priority: all rows at once.
    const all = await got(`$orderby=priority asc,id desc&$top=500`);
    expect(all).toEqual(await expected(LISTED, asc, 500, 0));
    expect(new Set(all.map((r: number[]) => r[1])).size).toBeGreaterThan(5);
    expect(await got('$orderby=priority,id desc&$top=30&$skip=3&$filter=repairCount ge 4')).toEqual(
      await expected('sv.repair_count >= 4', asc, 30, 3),
    );
  });
});

describe('GET /api/listMyServiceVehicles', () => {
  it('lists what I created, lead or have parked for me, as {items, total}, by priority; repair/replacement filters', async () => {
    const repair = await createSv(t.app, t.leadTech, { repairCount: 2 });
    const replacement = await createSv(t.app, t.leadTech, { repairCount: 4 });
    const res = await api.get('/api/listMyServiceVehicles?take=100', t.leadTech);
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBeGreaterThanOrEqual(2);
    const ids = items.map((r: any) => r.id);
    expect(ids).toEqual(expect.arrayContaining([repair.id, replacement.id]));
    const priorities = items.map((r: any) => r.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const mine = await t.app.deps.db.rows<{ n: number }>(
      sql`select count(*)::int as n from service_vehicles sv where (sv.created_by_id = 103 or sv.lead_technician_id = 103
            or sv.id in (select service_vehicle_id from parked_items where parked_for_user_id = 103))
            and sv.repair_count > 0 and sv.invoice_id is null and not sv.lost and not sv.void
            -- only at the facilities the lead tech is allowed (decision 0016)
            and (sv.facility_id = (select facility_id from users where id = 103)
              or sv.facility_id in (select facility_id from user_facilities where user_id = 103))`,
    );
    expect(total).toBe(mine[0].n);

    const repairsOnly = (
      await api.get('/api/listMyServiceVehicles?take=100&replacement=false', t.leadTech)
    ).json();
    expect(repairsOnly.items.map((r: any) => r.id)).toContain(repair.id);
    expect(repairsOnly.items.map((r: any) => r.id)).not.toContain(replacement.id);
    for (const r of repairsOnly.items) expect(r.repairCount).toBeLessThan(4);
    const replacementsOnly = (
      await api.get('/api/listMyServiceVehicles?take=100&repair=NO', t.leadTech)
    ).json();
    for (const r of replacementsOnly.items) expect(r.repairCount).toBeGreaterThanOrEqual(4);
    const neither = (
      await api.get('/api/listMyServiceVehicles?repair=false&replacement=false', t.leadTech)
    ).json();
    expect(neither).toEqual({ items: [], total: 0 });
  });

  it('pages with skip and take (10 by default), searches, and another user can be asked for', async () => {
    const sv = await createSv(t.app, t.leadTech);
    const first = (await api.get('/api/listMyServiceVehicles', t.leadTech)).json();
    expect(first.items.length).toBeLessThanOrEqual(10);
    const second = (await api.get('/api/listMyServiceVehicles?skip=10&take=10', t.leadTech)).json();
    expect(second.total).toBe(first.total);
    const overlap = second.items.filter((r: any) => first.items.some((f: any) => f.id === r.id));
    expect(overlap).toEqual([]);

    const ro = sv.repairOrder.repairOrderNumber;
    const found = (await api.get(`/api/listMyServiceVehicles?search=${ro}`, t.leadTech)).json();
    expect(found.items.map((r: any) => r.id)).toEqual([sv.id]);
    expect(
      (await api.get('/api/listMyServiceVehicles?search=testcase&take=100', t.leadTech))
        .json()
        .items.map((r: any) => r.id),
    ).toContain(sv.id);
    expect(
      (await api.get('/api/listMyServiceVehicles?search=5550199&take=100', t.leadTech))
        .json()
        .items.map((r: any) => r.id),
    ).toContain(sv.id);
    const asked = (await api.get(`/api/listMyServiceVehicles?userId=103&search=${ro}`, t.reviewer)).json();
    expect(asked.items.map((r: any) => r.id)).toEqual([sv.id]);
  });

  it('filterType narrows: ready, followUp, today, invoiced, closed', async () => {
    const ready = await createSv(t.app, t.leadTech);
    await api.put(`/api/ServiceVehicle/${ready.id}/markOkToCall`, t.leadTech);
    const ids = async (q: string) =>
      (await api.get(`/api/listMyServiceVehicles?take=100&${q}`, t.leadTech))
        .json()
        .items.map((r: any) => r.id);
    expect(await ids('filterType=ready')).toContain(ready.id);
    expect(await ids('filterType=today')).toContain(ready.id);
    await api.patch(`/api/ServiceVehicles/${ready.id}`, t.leadTech, {
      followUpDate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(await ids('filterType=followUp')).toContain(ready.id);
    await api.put(`/api/ServiceVehicle/${ready.id}/void`, t.leadTech);
    expect(await ids('filterType=closed')).toContain(ready.id);
    expect(await ids('filterType=active')).not.toContain(ready.id);
    expect(await ids('filterType=all')).toContain(ready.id);
    for (const id of await ids('filterType=invoiced')) expect(id).not.toBe(ready.id);
  });

  it('refuses bad parameters with 400 naming them', async () => {
    const res = await api.get(
      '/api/listMyServiceVehicles?take=101&skip=-1&filterType=mine&repair=maybe&TZO=2000',
      t.leadTech,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['take', 'skip', 'filterType', 'repair', 'TZO']),
    );
  });
});

describe('GET /api/listMyPipeline', () => {
  type Pipeline = { stages: { stage: string; title: string; total: number; items: { id: number }[] }[] };
  const stageOf = async (id: number) => {
    const res = await api.get('/api/listMyPipeline?take=100', t.leadTech);
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as Pipeline).stages.filter((s) => s.items.some((r) => r.id === id));
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0]?.stage ?? null;
  };
  const activeIds = async () =>
    (await api.get('/api/listMyServiceVehicles?take=100', t.leadTech)).json().items.map((r: any) => r.id);

  it("groups my open work by stage of the sale, which My Service Vehicles' list does not", async () => {
    const res = await api.get('/api/listMyPipeline', t.leadTech);
    const pipeline = res.json() as Pipeline;
    expect(pipeline.stages.map((s) => [s.stage, s.title])).toEqual([
      ['noContact', 'No contact yet'],
      ['contacted', 'Contacted'],
      ['invoiced', 'Invoiced'],
      ['completed', 'Completed, not funded'],
    ]);
    for (const s of pipeline.stages) expect(s.items.length).toBeLessThanOrEqual(Math.min(5, s.total));

    const sv = await createSv(t.app, t.leadTech, { repairCount: 1 });
    expect(await stageOf(sv.id)).toBe('noContact');
    await api.patch(`/api/ServiceVehicles/${sv.id}`, t.leadTech, { followedUp: true });
    expect(await stageOf(sv.id)).toBe('contacted');
    const made = await api.post(`/api/Invoices/createInvoiceFromServiceVehicle/${sv.id}`, t.admin);
    expect(made.statusCode, made.body).toBe(201);
    const { invoiceId } = made.json();
    // Invoiced: out of My Service Vehicles' default list, still in the pipeline until it is funded.
    expect(await activeIds()).not.toContain(sv.id);
    expect(await stageOf(sv.id)).toBe('invoiced');
    await t.app.deps.db.rows(sql`update invoices set completed = true where id = ${invoiceId}`);
    expect(await stageOf(sv.id)).toBe('completed');
    await t.app.deps.db.rows(sql`update invoices set funded = true where id = ${invoiceId}`);
    expect(await stageOf(sv.id)).toBeNull();

    const lost = await createSv(t.app, t.leadTech, { repairCount: 1 });
    expect(await stageOf(lost.id)).toBe('noContact');
    await api.put(`/api/ServiceVehicle/${lost.id}/void`, t.leadTech);
    expect(await stageOf(lost.id)).toBeNull();
  });

  it('pages one stage, with the switches and search of the My lists', async () => {
    const sv = await createSv(t.app, t.leadTech, { repairCount: 4 });
    const ro = sv.repairOrder?.repairOrderNumber as string;
    const one = (
      await api.get(`/api/listMyPipeline?stage=noContact&search=${ro}`, t.leadTech)
    ).json() as Pipeline;
    expect(one.stages).toHaveLength(1);
    expect(one.stages[0]).toMatchObject({ stage: 'noContact', total: 1, items: [{ id: sv.id }] });
    const repairsOnly = (
      await api.get(`/api/listMyPipeline?stage=noContact&search=${ro}&replacement=false`, t.leadTech)
    ).json() as Pipeline;
    expect(repairsOnly.stages[0].total).toBe(0);
    const all = (
      await api.get('/api/listMyPipeline?stage=noContact&take=100', t.leadTech)
    ).json() as Pipeline;
    const second = (
      await api.get('/api/listMyPipeline?stage=noContact&take=2&skip=2', t.leadTech)
    ).json() as Pipeline;
    expect(second.stages[0].items.map((r) => r.id)).toEqual(all.stages[0].items.slice(2, 4).map((r) => r.id));
    expect((await api.get('/api/listMyPipeline?stage=funded', t.leadTech)).statusCode).toBe(400);
  });
});

describe('GET /api/listMyRequests', () => {
  it('lists vehicles with a tech request (class 2) I started or received, with the request; recordId first', async () => {
    const a = await createSv(t.app, t.admin);
    const b = await createSv(t.app, t.admin);
    const db = t.app.deps.db;
    const request = async (svId: number, from: number, to: number, classId = 2) => {
      const [c] = await db.rows<{ id: number }>(
        sql`insert into conversations (subject, started_by_user_id, class_name_id, service_vehicle_id)
            values (${`Parts for ${svId}`}, ${from}, ${classId}, ${svId}) returning id`,
      );
      const [m] = await db.rows<{ id: number }>(
        sql`insert into messages (conversation_id, message, message_from_user_id) values (${c.id}, 'Please check', ${from}) returning id`,
      );
      await db.rows(
        sql`insert into recipients (message_id, recipient_user_id, conversation_id) values (${m.id}, ${to}, ${c.id})`,
      );
      return c.id;
    };
    const conversationA = await request(a.id, 101, 103);
    await request(b.id, 103, 101);
    const regular = await createSv(t.app, t.admin);
    await request(regular.id, 101, 103, 3);

    const got = (await api.get('/api/listMyRequests?take=100', t.leadTech)).json();
    const ids = got.items.map((r: any) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(regular.id);
    const rowA = got.items.find((r: any) => r.id === a.id);
    expect(rowA.request).toEqual(
      expect.objectContaining({
        conversationId: conversationA,
        subject: `Parts for ${a.id}`,
        startedBy: 'Diane Whitfield',
        unread: true,
      }),
    );
    const ofType = async (type: string) =>
      (await api.get(`/api/listMyRequests?take=100&filterType=${type}`, t.leadTech))
        .json()
        .items.map((r: any) => r.id);
    expect(await ofType('unread')).toContain(a.id);
    expect(await ofType('received')).not.toContain(b.id);
    expect(await ofType('sent')).toEqual(expect.arrayContaining([b.id]));
    expect(await ofType('sent')).not.toContain(a.id);

    const first = (await api.get(`/api/listMyRequests?recordId=${b.id}`, t.leadTech)).json();
    expect(first.items[0].id).toBe(b.id);
    expect((await api.get('/api/listMyRequests?filterType=active', t.leadTech)).statusCode).toBe(400);
  });
});
