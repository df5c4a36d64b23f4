import { exec, type SeedContext } from './context.js';
import { hf, hn, pickInt, pickText, weighted } from './sql-gen.js';

const INSTRUCTIONS = [
  'Gate code 4512',
  'Park in the visitor lot',
  'Call on arrival',
  'Customer works nights, afternoon only',
  'Vehicle in garage',
  'Dog in the yard',
];
/** Local wall-clock date in Houston (UTC-5), independent of the session time zone. */
const localDate = (ts: string) => `((${ts} at time zone 'UTC') - interval '5 hours')::date`;

/**
 * Schedules (one per scheduled invoice; its id is the invoice id), their visits (8 % were
 * rescheduled once), field status updates with materials, and installer routes for
 * the week around today.
 */
export async function seedAppointments(ctx: SeedContext): Promise<void> {
  const { staff, anchorSql: now } = ctx;
  const id = 'i.id';
  await exec(
    ctx,
    `insert into appointment_schedules (id, invoice_id, part_type_id, installer_id, service_address, city, state, zip, phone1,
       phone1_allow_text, phone2, phone2_allow_text, email, allow_email, service_appointment, time_allowed, loaner_car_id,
       customer_is_waiting, customer_waiting_option_id, instructions, schedule_instructions, latitude, longitude, created_by_id,
       created_at, updated_at)
     select i.id, i.id, x.part_type, ${pickInt(staff.installers, id, 501)},
       coalesce(i.service_address_line1, f.address), coalesce(i.service_city, f.city), coalesce(i.service_state, f.state),
       coalesce(i.service_zip, f.zip), i.customer_phone, not c.do_not_text, c.secondary_phone,
       c.secondary_phone is not null and not c.do_not_text, c.email, c.email is not null and not c.do_not_email, x.mobile,
       case when i.replacement then 120 else 30 + 15 * greatest(i.repair_count, 1) end,
       case when x.loaner then (select lc.id from loaner_cars lc where lc.facility_id = i.facility_id order by lc.id
                                offset ${hn(id, 505, 3)} limit 1) end,
       x.waiting, case when x.mobile then 3 when x.loaner then 5 when x.waiting then 1 else 2 end,
       case when ${hf(id, 506)} < 0.3 then ${pickText(INSTRUCTIONS, id, 507)} end,
       case when ${hf(id, 508)} < 0.2 then 'Confirm part on hand before dispatch' end,
       coalesce(i.service_latitude, f.latitude), coalesce(i.service_longitude, f.longitude), i.admin_assistant_id,
       i.open_date_time + interval '20 minutes', i.open_date_time + interval '20 minutes'
     from invoices i join facilities f on f.id = i.facility_id join customers c on c.id = i.customer_id
     cross join lateral (select case when i.replacement then ${weighted(
       [
         [2, 85],
         [3, 10],
         [4, 5],
       ],
       id,
       353,
     )} else 1 end as part_type,
       i.service_address_line1 is not null as mobile,
       i.service_address_line1 is null and ${hf(id, 503)} < 0.3 as waiting,
       i.service_address_line1 is null and ${hf(id, 503)} >= 0.3 and ${hf(id, 504)} < 0.07 as loaner) x
     where i.scheduled`,
  );
  const visit = (at: string, status: string) => `
     select s.id, i.id, s.part_type_id, i.facility_id, s.installer_id, ${at} as at, ${status} as status, s.time_allowed,
       s.customer_is_waiting, s.created_at
     from appointment_schedules s join invoices i on i.id = s.invoice_id`;
  const current = `case when i.completed then i.work_completed_at - make_interval(mins => s.time_allowed)
       when i.void or i.lost then i.open_date_time + interval '1 day'
       else ${now} + make_interval(days => ${hn('i.id', 510, 10)}, mins => 480 + 30 * ${hn('i.id', 511, 18)}) end`;
  // Arrived: some of today's visits, once their time has come.
  const status = `case when i.completed then 3 when i.void or i.lost then 5
       when ${hn('i.id', 510, 10)} = 0 and ${hf('i.id', 512)} < 0.3 and ${current} <= ${ctx.seededAtSql} then 2 else 1 end`;
  await exec(
    ctx,
    `insert into appointments (schedule_id, invoice_id, part_type_id, facility_id, installer_id, appointment_date_time,
       scheduled_time, eta, ata, etc, atc, status_id, confirmed_date_time, customer_waiting, reviewed_date_time, sort_date,
       created_at, updated_at)
     select v.schedule_id, v.invoice_id, v.part_type_id, v.facility_id, v.installer_id, v.at, v.at, v.at,
       case when v.status in (2, 3) then v.at + make_interval(mins => ${hn('v.schedule_id', 520, 30)} - 10) end,
       v.at + make_interval(mins => v.time_allowed),
       case when v.status = 3 then v.at + make_interval(mins => v.time_allowed + ${hn('v.schedule_id', 521, 40)} - 10) end,
       v.status, case when v.status <> 4 and ${hf('v.schedule_id', 522)} < 0.7 then v.at - interval '1 day' end, v.waiting,
       case when v.status = 3 and ${hf('v.schedule_id', 523)} < 0.6 then least(v.at + interval '1 day', ${now}) end,
       v.at, v.created_at, least(greatest(v.at, v.created_at), ${now})
     from (
       ${visit(`${current} - interval '2 days'`, '4')} where ${hf('i.id', 513)} < 0.08
       union all
       ${visit(current, status)}
     ) v(schedule_id, invoice_id, part_type_id, facility_id, installer_id, at, status, time_allowed, waiting, created_at)
     order by v.at`,
  );
  await exec(
    ctx,
    `insert into appointment_status_updates (appointment_id, invoice_id, part_type_id, status_id, user_id, latitude, longitude, note, created_at)
     select a.id, a.invoice_id, a.part_type_id, u.status, a.installer_id, s.latitude + 0.0002, s.longitude - 0.0002, u.note, u.at
     from appointments a join appointment_schedules s on s.id = a.schedule_id
     cross join lateral (values (2, a.ata, null), (case when a.status_id = 3 then 3 end, a.atc,
       case when ${hf('a.id', 530)} < 0.3 then 'Job done, customer satisfied' end)) u(status, at, note)
     where a.status_id in (2, 3) and u.status is not null`,
  );
  await exec(
    ctx,
    `insert into appointment_status_update_materials (status_update_id, material_id, quantity)
     select u.id, m.material, 1 from appointment_status_updates u
     cross join lateral (select unnest(case when u.part_type_id = 1 then array[1, 2] else array[3, 4, 5] end) as material) m
     where u.status_id = 3 and ${hf('u.id', 532)} < 0.3`,
  );
  // No photos on status updates: the seed references only files it writes (files.ts), and no route
  // serves appointment photos yet.
  await exec(
    ctx,
    `insert into installer_routes (installer_id, facility_id, route_date, auto_update, latitude, longitude, current_status, created_at, updated_at)
     select a.installer_id, min(a.facility_id), ${localDate('a.appointment_date_time')}, true, min(f.latitude), min(f.longitude),
       'Planned', min(a.created_at), min(a.created_at)
     from appointments a join facilities f on f.id = a.facility_id
     where a.installer_id is not null and a.status_id <> 5 and a.status_id <> 4
       and a.appointment_date_time between ${now} - interval '7 days' and ${now} + interval '8 days'
     group by a.installer_id, ${localDate('a.appointment_date_time')}`,
  );
  await exec(
    ctx,
    `insert into installer_route_stops (route_id, appointment_id, stop_order)
     select r.id, a.id, row_number() over (partition by r.id order by a.appointment_date_time, a.id)
     from appointments a join installer_routes r
       on r.installer_id = a.installer_id and r.route_date = ${localDate('a.appointment_date_time')}
     where a.status_id not in (4, 5)`,
  );
}
