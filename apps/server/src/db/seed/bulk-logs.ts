import { exec, type SeedContext } from './context.js';
import { phone, hf, hn, pickInt, weighted } from './sql-gen.js';

const ACTIVITIES = [
  ['Login', 'Session'],
  ['Viewed invoice', 'Invoice'],
  ['Updated invoice', 'Invoice'],
  ['Viewed service vehicle', 'ServiceVehicle'],
  ['Updated service vehicle', 'ServiceVehicle'],
  ['Parked record', 'Parking'],
  ['Sent reply', 'Message'],
  ['Changed facility', 'Session'],
  ['Submitted invoice', 'Invoice'],
  ['Logout', 'Session'],
] as const;

/** Activity logs of the last 30 days (one "session" per user and day) with name/value details. */
export async function seedActivityLogs(ctx: SeedContext): Promise<void> {
  const { staff, volumes: v, anchorSql: now } = ctx;
  const a = 'g.a';
  const k = hn(a, 902, ACTIVITIES.length);
  await exec(
    ctx,
    `insert into activity_logs (id, activity_date, session_id, user_id, activity, activity_type, client_ip, record_type, record_id)
     select ${a}, x.at, x.user_id * 1000 + x.day, x.user_id, (${`array[${ACTIVITIES.map((t) => `'${t[0]}'`).join(',')}]`})[1 + x.k],
       (${`array[${ACTIVITIES.map((t) => `'${t[1]}'`).join(',')}]`})[1 + x.k], '10.20.' || (x.user_id % 250) || '.' || (10 + x.k),
       case when x.k in (1, 2, 8) then 'Invoice' when x.k in (3, 4) then 'ServiceVehicle' end,
       case when x.k in (1, 2, 8) then ${v.invoices} - ${hn(a, 903, Math.min(2000, v.invoices))}
            when x.k in (3, 4) then ${v.serviceVehicles} - ${hn(a, 904, Math.min(1000, v.serviceVehicles))} end
     from generate_series(1, ${v.activityLogs}) g(a)
     cross join lateral (select ${pickInt(staff.all, a, 901)} as user_id, ${k} as k,
       floor(30 * (1 - (${a} - 0.5) / ${v.activityLogs}))::int as day offset 0) y
     cross join lateral (select y.*, ${now} - make_interval(days => y.day) + make_interval(mins => 420 + ${hn(a, 905, 660)}) as at) x`,
  );
  await exec(
    ctx,
    `insert into activity_log_details (activity_log_id, param_id, name, value)
     select l.id, d.param_id, d.name, d.value from activity_logs l
     cross join lateral (values (443, 'RecordId', l.record_id::text), (101, 'ClientIp', l.client_ip)) d(param_id, name, value)
     where d.value is not null`,
  );
}

/** Calls of the last 60 days and daily service-drive traffic counts of the last 90 days. */
export async function seedCallsAndTraffic(ctx: SeedContext): Promise<void> {
  const { staff, volumes: v, anchorSql: now } = ctx;
  const c = 'g.c';
  const calls = Math.max(50, Math.round(v.invoices / 3));
  await exec(
    ctx,
    `insert into call_logs (employee_id, facility_id, direction, from_phone, to_phone, started_at, answered_at, ended_at,
       duration_seconds, result_id, invoice_id, party_digits)
     select x.emp, u.facility_id, x.dir, case when x.dir = 'in' then ${phone(c, 921)} else f.did_phone end,
       case when x.dir = 'in' then f.did_phone else ${phone(c, 921)} end, x.at,
       case when x.result = 1 then x.at + interval '8 seconds' end, x.at + make_interval(secs => x.dur), x.dur, x.result,
       case when ${hf(c, 925)} < 0.5 then ${v.invoices} - ${hn(c, 926, Math.min(3000, v.invoices))} end,
       right(${phone(c, 921)}, 10)
     from generate_series(1, ${calls}) g(c)
     cross join lateral (select ${pickInt([...staff.adminAssistants, ...staff.managers], c, 920)} as emp,
       case when ${hf(c, 922)} < 0.55 then 'out' else 'in' end as dir, ${weighted(
         [
           [1, 70],
           [2, 12],
           [3, 15],
           [4, 3],
         ],
         c,
         923,
       )} as result,
       ${now} - make_interval(days => floor(60 * (1 - (${c} - 0.5) / ${calls}))::int, mins => -420 - ${hn(c, 924, 660)}) as at,
       30 + ${hn(c, 927, 600)} as dur offset 0) x
     join users u on u.id = x.emp join facilities f on f.id = u.facility_id
     order by x.at`,
  );
  await exec(
    ctx,
    `insert into facility_traffic_counts (facility_id, traffic_date_time, traffic_count)
     select f.id, ${now} - make_interval(days => d), 30 + ${hn('f.id * 1000 + d', 930, 90)} + (6 - f.id) * 8
     from facilities f cross join generate_series(1, 90) d`,
  );
}
