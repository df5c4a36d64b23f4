import {
  type MyPipeline,
  type MyServiceVehicles,
  PIPELINE_STAGES,
  type PipelineStage,
} from '@glass/domain/contracts/service-vehicles';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { compileODataQuery } from '../../odata/index.js';
import { serviceVehicleListResourceFor } from './list-resource.js';
import type { MyListQuery, MyPipelineQuery, RequestsQuery } from './my-list-query.js';
import { prioritySql, startOfTodaySql, tzoMinutes } from './priority-sql.js';
import { likeContains } from '../../odata/index.js';

const ACTIVE = sql`sv.invoice_id is null and not sv.lost and not sv.void`;

/** Spec 1 §5: only repairs > 0 are listed; fewer than 4 is a repair, 4 or more a replacement. */
function repairFilter(q: Pick<MyListQuery, 'repair' | 'replacement'>): SQL {
  if (q.repair && q.replacement) return sql`sv.repair_count > 0`;
  if (q.repair) return sql`sv.repair_count between 1 and 3`;
  if (q.replacement) return sql`sv.repair_count >= 4`;
  return sql`false`;
}

/** Free text: the vehicle number, RO, VIN, tags, stock number, make/model, customer name or phone digits. */
function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = likeContains(search);
  const digits = search.replace(/\D/g, '');
  const byId = /^\d{1,9}$/.test(search) ? sql`sv.id = ${Number(search)} or ` : sql``;
  // A correlated scalar subquery, not EXISTS: the planner would turn EXISTS into a scan of every customer.
  const customer = sql`coalesce((select concat_ws(' ', c.first_name, c.last_name, c.primary_phone, c.secondary_phone)
    from customers c where c.id = sv.customer_id), '')`;
  const byPhone =
    digits.length >= 4 && digits !== search ? sql` or ${customer} like ${likeContains(digits)}` : sql``;
  return sql`(${byId}sv.repair_order_number ilike ${p} or sv.vin ilike ${p} or sv.license_tag ilike ${p}
    or sv.service_tag ilike ${p} or sv.stock_number ilike ${p} or sv.vehicle_make ilike ${p} or sv.vehicle_model ilike ${p}
    or ${customer} ilike ${p}${byPhone})`;
}

/** Open: neither lost nor void, and its invoice (if any) is not void. */
const OPEN = sql`not sv.lost and not sv.void
  and not exists (select 1 from invoices i where i.id = sv.invoice_id and i.void)`;
const CONTACTED = sql`(sv.followed_up or sv.last_contact_at is not null)`;

/** The stages of My Pipeline (docs/decisions/0018-my-pipeline.md); funded, lost and void work has left it. */
const STAGE_FILTERS: Record<PipelineStage, SQL> = {
  noContact: sql`${OPEN} and sv.invoice_id is null and not ${CONTACTED}`,
  contacted: sql`${OPEN} and sv.invoice_id is null and ${CONTACTED}`,
  invoiced: sql`${OPEN} and sv.invoice_id is not null and not sv.invoice_completed and not sv.invoice_funded`,
  completed: sql`${OPEN} and sv.invoice_id is not null and sv.invoice_completed and not sv.invoice_funded`,
};

function myFilter(type: MyListQuery['filterType'], tzo: number): SQL | undefined {
  const today = sql.raw(startOfTodaySql(tzo));
  switch (type) {
    case 'active':
      return ACTIVE;
    case 'today':
      return sql`coalesce(sv.follow_up_date, sv.created_at) >= ${today} and coalesce(sv.follow_up_date, sv.created_at) < ${today} + interval '1 day'`;
    case 'followUp':
      return sql`${ACTIVE} and sv.follow_up_date < ${today} + interval '1 day' and not sv.followed_up`;
    case 'ready':
      return sql`${ACTIVE} and (sv.ready_to_call or sv.ready_for_parts)`;
    case 'invoiced':
      return sql`sv.invoice_id is not null`;
    case 'closed':
      return sql`(sv.lost or sv.void)`;
    default:
      return undefined;
  }
}

/**
 * A condition on the conversation `c`: the user started it or got a message in it, per filterType. The
 * received side is one probe of recipients (user, conversation), which PostgreSQL hashes for the user;
 * the tech requests themselves come from their own partial index (bench/RESULTS.md, 2026-11-23).
 */
function involves(userId: number, type: RequestsQuery['filterType']): SQL {
  const started = sql`c.started_by_user_id = ${userId}`;
  const received = (unread: boolean) =>
    sql`exists (select 1 from recipients r where r.recipient_user_id = ${userId} and r.conversation_id = c.id${
      unread ? sql` and r.message_read_at is null` : sql``
    })`;
  if (type === 'sent') return started;
  if (type === 'received') return received(false);
  if (type === 'unread') return received(true);
  return sql`(${started} or ${received(false)})`;
}

/** `{items, total}` of the My lists (the contract's shape). */
export type MyListPage = MyServiceVehicles;
type MyListItem = MyListPage['items'][number];

/**
 * My Service Vehicles and My Requests (spec 2 §7): a bounded page ({items, total}) of list rows
 * (the ServiceVehicles row, with priority). The user's vehicles come from the created-by,
 * lead-technician and parked-for indexes, so the work is bounded by the user's own records
 * (the priority order has to look at all of them: no index can hold a rule that depends on today).
 */
export class MyListService {
  constructor(private db: Database) {}

  /**
   * Ordered by priority, then the list date (follow-up, else created) newest first. The user's vehicles
   * are the union of three indexed sides (created by, lead technician, parked for), each under every
   * condition and carrying only what the order needs: on the default list (active) the covering partial
   * indexes answer the first two sides without reading the table.
   */
  async myServiceVehicles(userId: number, q: MyListQuery, scope?: SQL): Promise<MyListPage> {
    const tzo = tzoMinutes(q.TZO);
    return this.mine(
      userId,
      and(repairFilter(q), myFilter(q.filterType, tzo), searchFilter(q.search), scope),
      q,
      tzo,
    );
  }

  /**
   * My Pipeline: the same vehicles of the user's as My Service Vehicles, open ones only, per stage of the
   * sale (docs/decisions/0018-my-pipeline.md); each stage in priority order, `take` rows from `skip`.
   */
  async myPipeline(userId: number, q: MyPipelineQuery, scope?: SQL): Promise<MyPipeline> {
    const tzo = tzoMinutes(q.TZO);
    const stages = PIPELINE_STAGES.filter((s) => !q.stage || s.stage === q.stage);
    return {
      stages: await Promise.all(
        stages.map(async ({ stage, title }) => {
          const where = and(repairFilter(q), STAGE_FILTERS[stage], searchFilter(q.search), scope);
          return { stage, title, ...(await this.mine(userId, where, q, tzo)) };
        }),
      ),
    };
  }

  /** The user's vehicles under `conditions`, ordered by priority, then list date newest first. */
  private mine(
    userId: number,
    conditions: SQL,
    q: Pick<MyListQuery, 'take' | 'skip'>,
    tzo: number,
  ): Promise<MyListPage> {
    const side = (owner: SQL) =>
      sql`select sv.id, sv.priority_class, sv.follow_up_date, sv.created_at from service_vehicles sv where (${owner}) and ${conditions}`;
    const parked = sql`sv.id = any(array(select p.service_vehicle_id from parked_items p
      where p.parked_for_user_id = ${userId} and p.service_vehicle_id is not null))`;
    const mine = sql`(${side(sql`sv.created_by_id = ${userId}`)} union ${side(sql`sv.lead_technician_id = ${userId}`)}
      union ${side(parked)}) sv`;
    const order = sql`${sql.raw(prioritySql('sv', tzo))}, coalesce(sv.follow_up_date, sv.created_at) desc, sv.id desc`;
    return this.page(mine, sql`true`, order, q, tzo);
  }

  /** Ordered by the newest request message; `recordId` first when it is in the list. */
  async myRequests(userId: number, q: RequestsQuery, scope?: SQL): Promise<MyListPage> {
    const tzo = tzoMinutes(q.TZO);
    const from = sql`(select c.service_vehicle_id as sv_id, max(c.last_message_at) as last_at from conversations c
        where c.class_name_id = 2 and c.service_vehicle_id is not null and ${involves(userId, q.filterType)}
        group by c.service_vehicle_id) req join service_vehicles sv on sv.id = req.sv_id`;
    const open = q.filterType === 'open' ? ACTIVE : undefined;
    const where = and(repairFilter(q), open, searchFilter(q.search), scope);
    const order = sql`sv.id = ${q.recordId ?? 0} desc, req.last_at desc, sv.id desc`;
    const page = await this.page(from, where, order, q, tzo);
    return { ...page, items: await this.withRequests(page.items, userId) };
  }

  private async page(
    from: SQL,
    where: SQL,
    order: SQL,
    q: Pick<MyListQuery, 'take' | 'skip'>,
    tzo: number,
  ): Promise<MyListPage> {
    // The sort reads every match anyway, so the window count comes free with the page.
    const ids = await this.db.listRows<{ id: number; total: number }>(
      sql`select sv.id, count(*) over () as total from ${from} where ${where} order by ${order} limit ${q.take} offset ${q.skip}`,
    );
    if (ids.length === 0) {
      if (q.skip === 0) return { items: [], total: 0 };
      const [count] = await this.db.rows<{ n: number }>(
        sql`select count(*)::int as n from ${from} where ${where}`,
      );
      return { items: [], total: count.n };
    }
    const total = Number(ids[0].total);
    const list = ids.map((r) => r.id);
    const compiled = compileODataQuery(
      serviceVehicleListResourceFor(tzo),
      { $top: String(list.length) },
      {
        extraWhere: sql`sv.id in (${idList(list)})`,
      },
    );
    const [row] = await this.db.listRows<{ json: string }>(compiled.dataSql);
    const byId = new Map((JSON.parse(row.json) as MyListItem[]).map((r) => [r.id, r]));
    return { items: list.map((id) => byId.get(id)).filter((r) => r !== undefined), total };
  }

  /** The latest tech request of each row that involves the user, as `request`. */
  private async withRequests(items: MyListItem[], userId: number): Promise<MyListItem[]> {
    if (items.length === 0) return items;
    const ids = idList(items.map((r) => r.id));
    const reqs = await this.db.rows<{ svId: number; request: MyListItem['request'] }>(
      sql`select distinct on (c.service_vehicle_id) c.service_vehicle_id as "svId",
            json_build_object('conversationId', c.id, 'subject', c.subject, 'startedAt', c.started_at,
              'startedByUserId', c.started_by_user_id,
              'startedBy', (select u.first_name || ' ' || u.last_name from users u where u.id = c.started_by_user_id),
              'lastMessageAt', c.last_message_at,
              'unread', ${involves(userId, 'unread')}) as request
          from conversations c
          where c.class_name_id = 2 and c.service_vehicle_id in (${ids}) and ${involves(userId, 'all')}
          order by c.service_vehicle_id, c.last_message_at desc, c.id desc`,
    );
    const bySv = new Map(reqs.map((r) => [r.svId, r.request]));
    return items.map((r) => ({ ...r, request: bySv.get(r.id) ?? null }));
  }
}

function and(...parts: (SQL | undefined)[]): SQL {
  return sql.join(
    parts.filter((p): p is SQL => p !== undefined).map((p) => sql`(${p})`),
    sql` and `,
  );
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
