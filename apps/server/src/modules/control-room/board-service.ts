import {
  AppointmentStatus,
  can,
  PARKED_GREEN_UNDER_MINUTES as GREEN,
  PARKED_YELLOW_UNDER_MINUTES as YELLOW,
  ServicePriority as P,
  mayReachFacility,
  timeZoneOffset,
} from '@glass/domain';
import {
  CONTROL_ROOM_ALERTS as ALERTS,
  CONTROL_ROOM_REJECTIONS as REJECTIONS,
  type ControlRoomBoard,
} from '@glass/domain/contracts/control-room';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Db } from '../../db/unit-of-work.js';
import { forbidden, notFound } from '../../http/errors.js';
import { priorityColorSql, prioritySql, startOfTodaySql } from '../service-vehicles/index.js';

/** Who may watch a board: the tile's action; admins and managers any facility, every other role only its own. */
export interface Watcher {
  userRoleId: number;
  /** The facility the user is working at (the default board). */
  facilityId: number | null;
  /** The facilities the user may see (decision 0016); null: every facility. */
  allowedFacilityIds: readonly number[] | null;
}

/** The priorities of open vehicles (spec 1 §4), one board entry each. */
const OPEN_PRIORITIES = [
  P.RepairNoContact,
  P.ReplacementNoContact,
  P.RepairContacted,
  P.ReplacementContacted,
  P.OverdueFollowUp,
  P.Standard,
];

/** Throws 403 unless the user may see this facility's board (the facility scope, decision 0016). */
export function checkWatch(user: Watcher, facilityId: number) {
  if (!can(user.userRoleId, 'callCenter.read')) throw forbidden();
  if (!mayReachFacility(user.allowedFacilityIds, facilityId))
    throw forbidden('You may see only the Control Room of your own facilities.');
}

/** The board's facility when none is asked for: the user's own, else the first by short name. */
export async function defaultFacility(db: Db, user: Watcher): Promise<number> {
  if (user.facilityId && mayReachFacility(user.allowedFacilityIds, user.facilityId)) return user.facilityId;
  if (user.allowedFacilityIds !== null) {
    if (!user.allowedFacilityIds.length)
      throw forbidden('You may see only the Control Room of your own facilities.');
    return user.allowedFacilityIds[0];
  }
  const [row] = await db.rows<{ id: number }>(
    sql`select id from facilities where is_active order by short_name, id limit 1`,
  );
  if (!row) throw notFound('No facility exists yet.');
  return row.id;
}

/**
 * One facility's board for today, in two statements: the facility (its zone decides "today" and the
 * overdue rule, in the same SQL as the service vehicle lists), then every figure aggregated by PostgreSQL
 * into one JSON document. Counts read the partial indexes of migration 0022 (and appointments by facility and
 * time); no list is loaded into Node.
 */
export async function readBoard(
  db: Db,
  user: Watcher,
  facilityId: number,
  idleMinutes: number,
): Promise<ControlRoomBoard> {
  checkWatch(user, facilityId);
  const [facility] = await db.rows<{ id: number; name: string; shortName: string | null; timeZone: string }>(
    sql`select id, name, short_name as "shortName", time_zone as "timeZone" from facilities where id = ${facilityId}`,
  );
  if (!facility) throw notFound(`Facility ${facilityId} does not exist.`);
  // The zone's offset now: "today" and "overdue" use the facility's day, with the lists' own SQL.
  const tzo = timeZoneOffset(Date.now(), facility.timeZone);
  const today = sql.raw(startOfTodaySql(tzo));
  const priority = sql.raw(prioritySql('s', tzo));
  const color = sql.raw(priorityColorSql('b.priority'));
  const allowed = user.allowedFacilityIds === null ? null : `{${user.allowedFacilityIds.join(',')}}`;
  // On PostgreSQL, as a named prepared statement (Database.listRows): the statement is long, and planning it
  // on every read costs more than running it.
  const run = 'listRows' in db ? (db as Database).listRows.bind(db) : db.rows.bind(db);
  const [row] = await run<{ board: ControlRoomBoard | string }>(sql`
    with day as (select ${today} as t0, ${today} + interval '1 day' as t1),
    -- One pass over the facility's open vehicles in the board index: counts by priority (the lists' SQL) and
    -- the follow-ups due (the My Service Vehicles followUp rule: not followed up, due by the end of today).
    open_sv as (
      select ${priority} as priority, count(*)::int as count,
             count(*) filter (where not s.followed_up and s.follow_up_date < d.t0)::int as fu_overdue,
             count(*) filter (where not s.followed_up and s.follow_up_date >= d.t0
                                and s.follow_up_date < d.t1)::int as fu_today
        from service_vehicles s, day d
       where s.facility_id = ${facilityId} and s.priority_class < ${P.LostOrVoid} and s.repair_count > 0
       group by 1
    ),
    by_priority as (
      select p.priority, coalesce(o.count, 0) as count
        from unnest(${sql.raw(`array[${OPEN_PRIORITIES.join(', ')}]`)}::int[]) as p(priority)
        left join open_sv o on o.priority = p.priority
    ),
    -- The oldest waiting call: the first of each class in the board index's order, then the older of the two.
    oldest_id as (
      select x.id from (
        (select s.id, s.created_at from service_vehicles s
          where s.facility_id = ${facilityId} and s.priority_class = ${P.RepairNoContact} and s.repair_count > 0
            and not coalesce(s.follow_up_date < (select t0 from day), false)
          order by s.created_at, s.id limit 1)
        union all
        (select s.id, s.created_at from service_vehicles s
          where s.facility_id = ${facilityId} and s.priority_class = ${P.ReplacementNoContact} and s.repair_count > 0
            and not coalesce(s.follow_up_date < (select t0 from day), false)
          order by s.created_at, s.id limit 1)
      ) x order by x.created_at, x.id limit 1
    ),
    oldest as (
      select s.id, s.created_at, ${priority} as priority, s.repair_order_number,
             concat_ws(' ', s.vehicle_year, s.vehicle_make, s.vehicle_model) as vehicle
        from service_vehicles s join oldest_id o on o.id = s.id
    ),
    sv_follow as (
      select coalesce(sum(fu_overdue), 0)::int as overdue, coalesce(sum(fu_today), 0)::int as due_today from open_sv
    ),
    inv_follow as (
      select count(*) filter (where i.follow_up_at < d.t0)::int as overdue,
             count(*) filter (where i.follow_up_at >= d.t0)::int as due_today
        from invoices i, day d
       where i.facility_id = ${facilityId} and i.follow_up_at is not null and not i.followed_up and not i.void
         and i.follow_up_at < d.t1
    ),
    appts as (
      select a.id, a.invoice_id, a.installer_id, a.status_id, a.appointment_date_time, a.eta, a.ata, a.sort_date,
             a.schedule_id
        from appointments a, day d
       where a.facility_id = ${facilityId} and a.appointment_date_time >= d.t0 and a.appointment_date_time < d.t1
    ),
    by_status as (
      select st.id as status_id, st.name, count(a.id)::int as count
        from appointment_statuses st left join appts a on a.status_id = st.id
       group by st.id, st.name, st.sort_order order by st.sort_order, st.id
    ),
    installers as (
      select a.installer_id, count(*)::int as total,
             count(*) filter (where a.status_id = ${AppointmentStatus.Completed})::int as completed
        from appts a where a.installer_id is not null group by a.installer_id
    ),
    stops as (
      select distinct on (a.installer_id) a.installer_id, a.id, a.invoice_id, a.status_id, a.appointment_date_time,
             a.eta, a.ata, rs.stop_order, nullif(concat_ws(', ', sc.service_address, sc.city), '') as address
        from appts a
        left join installer_route_stops rs on rs.appointment_id = a.id
        left join appointment_schedules sc on sc.id = a.schedule_id
       where a.installer_id is not null and a.status_id in (${AppointmentStatus.Scheduled}, ${AppointmentStatus.Arrived})
       order by a.installer_id, (a.status_id = ${AppointmentStatus.Arrived}) desc, rs.stop_order nulls last,
                coalesce(a.sort_date, a.appointment_date_time), a.id
    ),
    parked as (
      select p.id, p.park_line, p.parked_at, p.invoice_id, p.service_vehicle_id,
             concat_ws(' ', pb.first_name, pb.last_name) as parked_by,
             coalesce(nullif(concat_ws(' ', pf.first_name, pf.last_name), ''), mg.name, '') as parked_for
        from parked_items p
        left join invoices i on i.id = p.invoice_id
        left join service_vehicles s on s.id = p.service_vehicle_id
        left join users pb on pb.id = p.parked_by_user_id
        left join users pf on pf.id = p.parked_for_user_id
        left join message_groups mg on mg.id = p.parked_for_message_group_id
       where coalesce(i.facility_id, s.facility_id) = ${facilityId}
    ),
    on_duty as (
      select u.id, concat_ws(' ', u.first_name, u.last_name) as name, u.user_role_id,
             coalesce(u.duty_changed_at, (select min(x.created_at) from sessions x where x.user_id = u.id
               and x.revoked_at is null and x.expires_at > now())) as since, u.last_name, u.first_name
        from users u
       where u.facility_id = ${facilityId} and u.is_active and u.is_on_duty
         and exists (select 1 from sessions x where x.user_id = u.id and x.revoked_at is null
                       and x.expires_at > now() and x.last_seen_at > now() - make_interval(mins => ${idleMinutes}))
    ),
    recent_alerts as (
      select * from (
        select distinct on (l.type, l.record_type, l.record_id, l.conversation_id, l.parked_item_id,
                            date_trunc('second', l.created_at))
               l.id, l.type, l.created_at, l.record_type, l.record_id, l.sender_name, l.parked_by, l.parked_for,
               l.follow_up_for
          from (select * from alerts where facility_id = ${facilityId} and type <> 'Consume'
                 order by created_at desc limit ${ALERTS * 20}) l
         order by l.type, l.record_type, l.record_id, l.conversation_id, l.parked_item_id,
                  date_trunc('second', l.created_at), l.id
      ) x order by x.created_at desc, x.id desc limit ${ALERTS}
    ),
    -- Claims rejected today (Rejected is final, so state_changed_at is the rejection): claim_submissions_queue_idx
    -- (state, state_changed_at); the facility is the submission's copy of its invoice's (migration 0038).
    rejected as (
      select s.id, s.invoice_id, s.clearing_house_id, s.reason_code, s.reason_text, s.state_changed_at,
             s.state_changed_by_id, s.state_changed_source
        from claim_submissions s, day d
       where s.state = 'Rejected' and s.state_changed_at >= d.t0 and s.state_changed_at < d.t1
         and s.facility_id = ${facilityId}
    ),
    latest_rejected as (
      select r.*, ch.name as clearing_house, nullif(concat_ws(' ', u.first_name, u.last_name), '') as by_name
        from (select * from rejected order by state_changed_at desc, id desc limit ${REJECTIONS}) r
        join clearing_houses ch on ch.id = r.clearing_house_id
        left join users u on u.id = r.state_changed_by_id
    )
    select json_build_object(
      'facility', json_build_object('id', ${facility.id}::int, 'name', ${facility.name}::text,
                    'shortName', ${facility.shortName}::text, 'timeZone', ${facility.timeZone}::text),
      'facilities', (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'shortName', f.short_name)
                       order by f.short_name, f.id), '[]')
                       from facilities f where f.is_active and (${allowed}::int[] is null or f.id = any(${allowed}::int[]))),
      'readAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'today', to_char((select t0 from day) at time zone ${facility.timeZone}, 'YYYY-MM-DD'),
      'serviceVehicles', json_build_object(
        'byPriority', (select json_agg(json_build_object('priority', b.priority, 'color', ${color}, 'count', b.count)
                         order by b.priority) from by_priority b),
        'open', (select coalesce(sum(count), 0)::int from open_sv),
        'readyNoContact', (select coalesce(sum(count), 0)::int from open_sv
                            where priority in (${P.RepairNoContact}, ${P.ReplacementNoContact})),
        'oldestReadyNoContact', (select json_build_object('id', o.id, 'createdAt', o.created_at, 'priority', o.priority,
                                   'vehicle', o.vehicle, 'repairOrderNumber', o.repair_order_number) from oldest o)),
      'followUps', json_build_object(
        'serviceVehicles', (select json_build_object('overdue', overdue, 'dueToday', due_today) from sv_follow),
        'invoices', (select json_build_object('overdue', overdue, 'dueToday', due_today) from inv_follow)),
      'appointments', json_build_object(
        'total', (select count(*)::int from appts),
        'byStatus', (select coalesce(json_agg(json_build_object('statusId', b.status_id, 'status', b.name,
                       'count', b.count)), '[]') from by_status b),
        'installers', (select coalesce(json_agg(json_build_object(
                         'installerId', n.installer_id, 'name', concat_ws(' ', u.first_name, u.last_name),
                         'total', n.total, 'completed', n.completed,
                         'currentStop', case when st.id is null then null else json_build_object(
                           'appointmentId', st.id, 'invoiceId', st.invoice_id, 'statusId', st.status_id,
                           'status', ss.name, 'at', st.appointment_date_time, 'eta', st.eta, 'ata', st.ata,
                           'stopOrder', st.stop_order, 'address', st.address) end)
                         order by u.last_name, u.first_name, n.installer_id), '[]')
                         from installers n join users u on u.id = n.installer_id
                         left join stops st on st.installer_id = n.installer_id
                         left join appointment_statuses ss on ss.id = st.status_id)),
      'parked', (select coalesce(json_agg(json_build_object('id', p.id, 'parkLine', p.park_line,
                   'recordType', case when p.invoice_id is not null then 'Invoice' else 'ServiceVehicle' end,
                   'recordNumber', coalesce(p.invoice_id, p.service_vehicle_id), 'parkedAt', p.parked_at,
                   'parkedBy', p.parked_by, 'parkedFor', p.parked_for,
                   'color', case when p.parked_at > now() - make_interval(mins => ${GREEN}) then 'green'
                                 when p.parked_at > now() - make_interval(mins => ${YELLOW}) then 'yellow'
                                 else 'red' end)
                   order by p.park_line, p.id), '[]') from parked p),
      'onDuty', (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'roleId', d.user_role_id,
                   'since', d.since) order by d.last_name, d.first_name, d.id), '[]') from on_duty d),
      'alerts', (select coalesce(json_agg(json_build_object('id', a.id, 'type', a.type, 'createdAt', a.created_at,
                   'recordType', a.record_type, 'recordId', a.record_id, 'senderName', a.sender_name,
                   'parkedBy', a.parked_by, 'parkedFor', a.parked_for, 'followUpFor', a.follow_up_for)
                   order by a.created_at desc, a.id desc), '[]') from recent_alerts a),
      'rejections', json_build_object(
        'today', (select count(*)::int from rejected),
        'latest', (select coalesce(json_agg(json_build_object('id', r.id, 'invoiceId', r.invoice_id,
                     'clearingHouse', r.clearing_house, 'reasonCode', r.reason_code, 'reasonText', r.reason_text,
                     'at', r.state_changed_at, 'by', r.by_name, 'source', r.state_changed_source)
                     order by r.state_changed_at desc, r.id desc), '[]') from latest_rejected r))
    ) as board`);
  const board = row.board;
  return typeof board === 'string' ? JSON.parse(board) : board;
}
