import {
  AppointmentStatus,
  allowedNextStatuses,
  appointmentStatusLabel,
  DEFAULT_TIME_ZONE,
} from '@glass/domain';
import { sql } from 'drizzle-orm';

/** The installer's day in SQL (GET /my-day, AppointmentFieldService.myDay): where the day is, and its stops. */

const STATUS_IDS = Object.values(AppointmentStatus);
const STATUS_NAME_SQL = sql.raw(
  `case a.status_id ${STATUS_IDS.map((id) => `when ${id} then '${appointmentStatusLabel(id)}'`).join(' ')} else a.status_id::text end`,
);
const NEXT_STATUSES_SQL = sql.raw(
  `case a.status_id ${STATUS_IDS.map((id) => `when ${id} then '${JSON.stringify(allowedNextStatuses(id))}'::json`).join(' ')} else '[]'::json end`,
);

/**
 * Where an installer's day is: the zone of the installer's facility, the day (default: today there), the
 * start (the saved route's position, else the facility's) as JSON, and the saved route of that day.
 */
export const dayPlaceSql = (installerId: number, facilityId: number | null, date: string | undefined) => sql`
  select w.tz, w.day::text as day, r.id as "routeId",
    (case when r.id is not null and r.latitude is not null
            then case when r.longitude is not null then json_build_object('latitude', r.latitude, 'longitude', r.longitude) end
          when w.flat is not null and w.flng is not null then json_build_object('latitude', w.flat, 'longitude', w.flng) end)::text as start
  from (select coalesce(f.time_zone, ${DEFAULT_TIME_ZONE}) as tz, f.latitude as flat, f.longitude as flng,
               coalesce(${date ?? null}::date, (now() at time zone coalesce(f.time_zone, ${DEFAULT_TIME_ZONE}))::date) as day
          from users u left join facilities f on f.id = coalesce(${facilityId}, u.facility_id)
         where u.id = ${installerId}) w
  left join installer_routes r on r.installer_id = ${installerId} and r.route_date = w.day`;

/**
 * The stops of an installer's day as JSON text (contracts `installerStop[]`), in route order, with everything
 * the phone screen shows. Built by PostgreSQL and sent as is (decision 0001), like the lists. The day, zone
 * and route are values (dayPlaceSql), not a join: with them known the planner sees a day's few visits, where a
 * joined day made it expect thousands and pay for JIT compilation on every call (bench/RESULTS.md).
 */
export const stopsJsonSql = (installerId: number, day: string, tz: string, routeId: number | null) => sql`
  with ap as materialized (
    select a.* from appointments a
     where a.installer_id = ${installerId}
       and a.appointment_date_time >= (${day}::date)::timestamp at time zone ${tz}
       and a.appointment_date_time < (${day}::date + 1)::timestamp at time zone ${tz}
  ),
  -- The day's parts, accessories and materials, each read once for all its stops.
  pa as materialized (
    select rp.invoice_id, rp.part_type_id, rp.id, json_build_object('id', rp.id, 'partNumber', rp.part_number,
             'description', rp.description, 'statusName', rps.name) as j
      from replacement_parts rp left join replacement_part_statuses rps on rps.id = rp.status_id
     where rp.invoice_id in (select invoice_id from ap)
  ),
  ac as (
    select ia.invoice_id, json_agg(json_build_object('id', wa.id, 'name', wa.name) order by wa.name) as j
      from invoice_accessories ia join windshield_accessories wa on wa.id = ia.accessory_id
     where ia.invoice_id in (select invoice_id from ap) group by ia.invoice_id
  ),
  ma as (
    select x.appointment_id, json_agg(json_build_object('id', m.id, 'name', m.name, 'quantity', x.q) order by m.name) as j
      from (select u.appointment_id, um.material_id, sum(um.quantity)::float8 as q from appointment_status_updates u
              join appointment_status_update_materials um on um.status_update_id = u.id
             where u.appointment_id in (select id from ap) group by 1, 2) x
      join materials m on m.id = x.material_id
     group by x.appointment_id
  ),
  st as (
    select json_build_object(
      'appointmentId', a.id, 'scheduleId', a.schedule_id, 'invoiceId', a.invoice_id, 'partTypeId', a.part_type_id,
      'partTypeName', pt.name, 'facilityId', a.facility_id, 'statusId', a.status_id,
      'statusName', ${STATUS_NAME_SQL}, 'nextStatusIds', ${NEXT_STATUSES_SQL},
      'appointmentDateTime', a.appointment_date_time, 'eta', a.eta, 'ata', a.ata, 'atc', a.atc,
      'timeAllowed', s.time_allowed, 'serviceAppointment', s.service_appointment, 'stopOrder', rs.stop_order,
      'customerName', nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''),
      'address', s.service_address, 'city', s.city, 'state', s.state, 'zip', s.zip,
      'latitude', s.latitude, 'longitude', s.longitude,
      'phones', (select coalesce(json_agg(json_build_object('phone', p.phone, 'allowText', p.allow_text)), '[]'::json)
                   from (values (s.phone1, s.phone1_allow_text), (s.phone2, s.phone2_allow_text)) p(phone, allow_text)
                  where p.phone is not null and p.phone <> ''),
      'vehicle', json_build_object('year', i.vehicle_year, 'make', i.vehicle_make, 'model', i.vehicle_model, 'vin', i.vin),
      'parts', (select coalesce(json_agg(p.j order by p.id), '[]'::json) from pa p
                 where p.invoice_id = a.invoice_id and (p.part_type_id is null or p.part_type_id = a.part_type_id)),
      'accessories', coalesce(ac.j, '[]'::json),
      'materials', coalesce(ma.j, '[]'::json),
      'instructions', s.instructions, 'scheduleInstructions', s.schedule_instructions,
      'customerWaiting', (a.customer_waiting or s.customer_is_waiting), 'customerWaitingOption', cw.name,
      'loaner', case when lc.id is not null then json_build_object('id', lc.id, 'name', lc.name, 'licensePlate', lc.license_plate) end,
      'confirmedDateTime', a.confirmed_date_time, 'reviewedDateTime', a.reviewed_date_time
    ) as j, rs.stop_order as o, a.appointment_date_time as t, a.id as k
    from ap a
    join appointment_schedules s on s.id = a.schedule_id
    join invoices i on i.id = a.invoice_id
    left join customers c on c.id = i.customer_id
    left join part_types pt on pt.id = a.part_type_id
    left join customer_waiting_options cw on cw.id = s.customer_waiting_option_id
    left join loaner_cars lc on lc.id = s.loaner_car_id
    left join installer_route_stops rs on rs.route_id = ${routeId} and rs.appointment_id = a.id
    left join ac on ac.invoice_id = a.invoice_id
    left join ma on ma.appointment_id = a.id
  )
  select coalesce(json_agg(st.j order by st.o nulls last, st.t, st.k), '[]'::json)::text as stops from st`;
