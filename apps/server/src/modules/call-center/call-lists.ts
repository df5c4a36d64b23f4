import {
  type CallList,
  type CallListRecord,
  type CallQuery,
  type CallQueryCategory,
  type CallQueryCriteria,
  callQueryCriteria,
  type MyCallQueryBody,
  type NextRecordAnswer,
} from '@glass/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { priorityColorSql, serviceVehicleRecord } from '../service-vehicles/index.js';

/** The pseudo-category of the user's own queries: GET /api/CallQueryCategories/my/queries. */
export const MY = 'my';
/** A record with an outcome recorded this recently is not handed out again (the agent just called it). */
export const RECALL_AFTER_HOURS = 4;
/** How many taken-by-someone-else records `next` steps over before giving up in one request. */
const MAX_TAKE_ATTEMPTS = 10;

/** Midnight starting today / tomorrow in the vehicle's facility's time zone (alias f). */
const startOfToday = sql`(((now() at time zone f.time_zone)::date)::timestamp at time zone f.time_zone)`;
const startOfTomorrow = sql`(((now() at time zone f.time_zone)::date + 1)::timestamp at time zone f.time_zone)`;

/** Spec 1 §4 priority, the overdue rule in the facility's time zone (the stored class does the rest). */
const PRIORITY = sql`(case when sv.priority_class < 8 and not sv.followed_up and sv.follow_up_date < ${startOfToday}
                      then 5 else sv.priority_class end)`;

/** The stored criteria of a query (a JSON text); a row that does not parse is an empty filter. */
export function parseCriteria(text: string | null): CallQueryCriteria {
  try {
    const parsed = callQueryCriteria.safeParse(JSON.parse(text || '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The criteria as conditions over service_vehicles sv, facilities f, customers c. Always: open (not lost,
 * void or invoiced), with repairs, the customer not marked do-not-call, not called in the last hours.
 */
export function criteriaWhere(c: CallQueryCriteria): SQL {
  const where: SQL[] = [
    sql`sv.priority_class < 8`,
    sql`sv.repair_count > 0`,
    sql`not coalesce(c.do_not_call, false)`,
    sql`(sv.last_disposition_at is null or sv.last_disposition_at < now() - make_interval(hours => ${RECALL_AFTER_HOURS}))`,
  ];
  const priorities = c.priorities?.length
    ? c.priorities
    : c.followUp && c.followUp !== 'any'
      ? []
      : [1, 2, 3, 4, 5];
  if (priorities.length) where.push(sql`${PRIORITY} in (${ids(priorities)})`);
  if (c.facilityIds?.length) where.push(sql`sv.facility_id in (${ids(c.facilityIds)})`);
  if (c.kind === 'repair') where.push(sql`sv.repair_count < 4`);
  if (c.kind === 'replacement') where.push(sql`sv.repair_count >= 4`);
  if (c.sourceIds?.length) where.push(sql`sv.source_id in (${ids(c.sourceIds)})`);
  if (c.followUp === 'due') where.push(sql`not sv.followed_up and sv.follow_up_date < ${startOfTomorrow}`);
  if (c.followUp === 'overdue') where.push(sql`not sv.followed_up and sv.follow_up_date < ${startOfToday}`);
  if (c.noContactYet) where.push(sql`not sv.followed_up and sv.last_contact_at is null`);
  if (c.minAgeDays !== undefined)
    where.push(sql`sv.created_at <= now() - make_interval(days => ${c.minAgeDays})`);
  if (c.maxAgeDays !== undefined)
    where.push(sql`sv.created_at >= now() - make_interval(days => ${c.maxAgeDays})`);
  return sql.join(where, sql` and `);
}

/** The list's criteria within the agent's allowed facilities (issue #31, decision 0016). */
const scopedWhere = (user: SessionUser, criteria: Parameters<typeof criteriaWhere>[0]) =>
  sql`${criteriaWhere(criteria)} and ${facilityFilter(user, sql`sv.facility_id`)}`;

const FROM = sql`from service_vehicles sv join facilities f on f.id = sv.facility_id
                 left join customers c on c.id = sv.customer_id`;
const ORDER = sql`order by ${PRIORITY}, coalesce(sv.follow_up_date, sv.created_at), sv.id`;
const unlocked = sql`not exists (select 1 from service_vehicle_locks k where k.service_vehicle_id = sv.id)`;

const RECORD_SELECT = sql`
  select sv.id as "serviceVehicleId", ${PRIORITY} as priority, ${sql.raw(priorityColorSql('p.v'))} as "priorityColor",
         json_build_object('id', f.id, 'shortName', f.short_name) as facility,
         case when c.id is null then null else json_build_object('id', c.id,
           'name', trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')),
           'primaryPhone', c.primary_phone, 'secondaryPhone', c.secondary_phone) end as customer,
         trim(concat_ws(' ', sv.vehicle_year::text, sv.vehicle_make, sv.vehicle_model)) as vehicle,
         sv.repair_count as "repairCount", sv.source_id as "sourceId",
         to_json(sv.follow_up_date) #>> '{}' as "followUpDate", to_json(sv.last_contact_at) #>> '{}' as "lastContactAt",
         case when d.id is null then null else json_build_object('id', d.id, 'name', d.name,
           'at', to_json(sv.last_disposition_at) #>> '{}') end as "lastDisposition",
         sv.ok_to_call as "okToCall", to_json(sv.created_at) #>> '{}' as "createdAt",
         (select u.first_name || ' ' || u.last_name from service_vehicle_locks k join users u on u.id = k.user_id
          where k.service_vehicle_id = sv.id) as "lockedBy"
  ${FROM}
  cross join lateral (select ${PRIORITY} as v) p
  left join dispositions d on d.id = sv.last_disposition_id`;

export class CallListService {
  constructor(private db: Database) {}

  categories(user: SessionUser): Promise<CallQueryCategory[]> {
    return this.db.rows<CallQueryCategory>(
      sql`select k.id, k.name, k.description, k.sort_order as "sortOrder",
                 (select count(*)::int from call_queries q where q.category_id = k.id
                    and (q.user_id is null or q.user_id = ${user.id})) as "queryCount"
          from call_query_categories k order by k.sort_order, k.name`,
    );
  }

  /** The shared queries of a category and the user's own in it; `my`: the user's own in every category. */
  async queries(user: SessionUser, category: string): Promise<CallQuery[]> {
    const mine = category.toLowerCase() === MY;
    if (!mine) {
      const [known] = await this.db.rows(
        sql`select 1 from call_query_categories where lower(name) = lower(${category})`,
      );
      if (!known) throw notFound(`Call query category ${category} not found.`);
    }
    const rows = await this.db.rows<Omit<CallQuery, 'criteria'> & { filter: string }>(
      sql`select q.id, q.category_id as "categoryId", k.name as "categoryName", q.name, q.filter,
                 (q.user_id is not null) as mine, q.user_id as "userId"
          from call_queries q join call_query_categories k on k.id = q.category_id
          where ${
            mine
              ? sql`q.user_id = ${user.id}`
              : sql`lower(k.name) = lower(${category}) and (q.user_id is null or q.user_id = ${user.id})`
          }
          order by (q.user_id is not null), k.sort_order, q.sort_order, q.name, q.id`,
    );
    return rows.map(({ filter, ...q }) => ({ ...q, criteria: parseCriteria(filter) }));
  }

  async createMine(user: SessionUser, body: MyCallQueryBody & { criteria: CallQueryCriteria }) {
    const [category] = await this.db.rows<{ id: number }>(
      body.categoryId
        ? sql`select id from call_query_categories where id = ${body.categoryId}`
        : sql`select id from call_query_categories order by sort_order, id limit 1`,
    );
    if (!category) throw badRequest('categoryId', 'Choose an existing call query category');
    const [row] = await this.db.rows<{ id: number }>(
      sql`insert into call_queries (category_id, user_id, name, filter, sort_order)
          values (${category.id}, ${user.id}, ${body.name}, ${JSON.stringify(body.criteria)}, 0) returning id`,
    );
    return this.one(user, row.id);
  }

  /** Deletes the user's own query; a shared one or another user's is a 403, an unknown one a 404. */
  async deleteMine(user: SessionUser, id: number): Promise<void> {
    const [row] = await this.db.rows<{ userId: number | null }>(
      sql`select user_id as "userId" from call_queries where id = ${id}`,
    );
    if (!row) throw notFound(`Call query ${id} not found.`);
    if (row.userId !== user.id) throw forbidden('Only your own queries can be deleted.');
    await this.db.rows(sql`delete from call_queries where id = ${id} and user_id = ${user.id}`);
  }

  /** A query the user may use (shared, or their own); 404 otherwise. */
  async one(user: SessionUser, id: number): Promise<CallQuery> {
    const [row] = await this.db.rows<Omit<CallQuery, 'criteria'> & { filter: string }>(
      sql`select q.id, q.category_id as "categoryId", k.name as "categoryName", q.name, q.filter,
                 (q.user_id is not null) as mine, q.user_id as "userId"
          from call_queries q join call_query_categories k on k.id = q.category_id
          where q.id = ${id} and (q.user_id is null or q.user_id = ${user.id})`,
    );
    if (!row) throw notFound(`Call query ${id} not found.`);
    const { filter, ...q } = row;
    return { ...q, criteria: parseCriteria(filter) };
  }

  /** The first records of the list, in priority order (read only; locked ones show who has them). */
  async list(user: SessionUser, id: number, top = 50): Promise<CallList> {
    const query = await this.one(user, id);
    const where = scopedWhere(user, query.criteria);
    const [records, [count]] = await Promise.all([
      this.db.rows<CallListRecord>(sql`${RECORD_SELECT} where ${where} ${ORDER} limit ${top}`),
      this.db.rows<{ total: number }>(sql`select count(*)::int as total ${FROM} where ${where}`),
    ]);
    return { query, total: count.total, records };
  }

  /**
   * The next record of the list for this agent, taken with the service vehicle lock: the one they already
   * hold from this list (a reload), else the first free one in priority order. Rows another request is
   * taking right now are skipped (FOR UPDATE SKIP LOCKED), and the lock row (unique per vehicle) is the
   * final word: two agents are never handed the same record.
   */
  async next(user: SessionUser, id: number, excludeIds: readonly number[] = []): Promise<NextRecordAnswer> {
    const query = await this.one(user, id);
    const where = scopedWhere(user, query.criteria);
    const skip = excludeIds.length ? sql` and sv.id not in (${ids(excludeIds)})` : sql``;
    return this.db.transaction(async (work) => {
      const [held] = await work.rows<{ id: number }>(
        sql`select sv.id ${FROM} join service_vehicle_locks k on k.service_vehicle_id = sv.id and k.user_id = ${user.id}
            where ${where}${skip} ${ORDER} limit 1`,
      );
      let taken = held?.id;
      const passed: number[] = [];
      for (let attempt = 0; !taken && attempt < MAX_TAKE_ATTEMPTS; attempt++) {
        const also = passed.length ? sql` and sv.id not in (${ids(passed)})` : sql``;
        const [candidate] = await work.rows<{ id: number }>(
          sql`select sv.id ${FROM} where ${where} and ${unlocked}${skip}${also} ${ORDER}
              limit 1 for update of sv skip locked`,
        );
        if (!candidate) break;
        if (await this.take(work, user, candidate.id)) taken = candidate.id;
        else passed.push(candidate.id);
      }
      const [remaining] = await work.rows<{ n: number }>(
        sql`select count(*)::int as n ${FROM} where ${where} and ${unlocked}${skip}`,
      );
      if (!taken) return { record: null, remaining: remaining.n };
      const [record] = await work.rows<CallListRecord>(sql`${RECORD_SELECT} where sv.id = ${taken}`);
      return { record, remaining: remaining.n };
    });
  }

  /** Takes the lock; false when another agent got it first (their lock committed after our read). */
  private async take(work: Db, user: SessionUser, svId: number): Promise<boolean> {
    try {
      await serviceVehicleRecord.take(work, user, svId);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return false;
      throw error;
    }
  }
}
