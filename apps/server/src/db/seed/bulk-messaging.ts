import { exec, FILES_PER_KIND, type SeedContext } from './context.js';
import { MESSAGE_SUBJECTS, MESSAGE_TEXTS } from './data/texts.js';
import { hf, hn, intArray, pickInt, pickText, weighted } from './sql-gen.js';

const DEMO_USERS = [101, 102, 103, 104, 105, 106];

/**
 * Conversations of the last 30 days (about a tenth of them today) between 2-3 employees, often
 * one of the demo accounts, with 1-4 messages each; older messages are read, today's often not.
 */
export async function seedConversations(ctx: SeedContext): Promise<void> {
  const { staff, volumes: v, anchorSql: now } = ctx;
  const c = 'g.c';
  const person = (salt: number) =>
    `case when ${hf(c, salt)} < 0.45 then ${pickInt(DEMO_USERS, c, salt + 1)} else ${pickInt(staff.all, c, salt + 2)} end`;
  await exec(
    ctx,
    `create temporary table seed_conversations on commit drop as
     select ${c} as id, ${person(601)} as starter, ${person(605)} as p2,
       case when ${hf(c, 609)} < 0.4 then ${pickInt(staff.all, c, 610)} end as p3,
       1 + ${hn(c, 611, 4)} as n, 5 + ${hn(c, 612, 55)} as gap,
       ${now} - make_interval(days => floor(30 * power(1 - (${c} - 0.5) / ${v.conversations}, 1.5))::int)
         + make_interval(mins => 420 + ${hn(c, 613, 600)}) as started_at
     from generate_series(1, ${v.conversations}) g(c)`,
  );
  // A key and statistics for the fresh temp table, so the joins below plan as hash or index joins.
  await exec(ctx, 'alter table seed_conversations add primary key (id)');
  await exec(ctx, 'analyze seed_conversations');
  await exec(ctx, `update seed_conversations set p2 = ${pickInt(staff.all, 'id', 614)} where p2 = starter`);
  await exec(
    ctx,
    `insert into conversations (id, subject, description, started_by_user_id, started_at, last_message_at, class_name_id,
       title_color_id, service_vehicle_id, invoice_id)
     select s.id, ${pickText(MESSAGE_SUBJECTS, 's.id', 620)}, null, s.starter, s.started_at,
       s.started_at + make_interval(mins => (s.n - 1) * s.gap), ${weighted(
         [
           [3, 80],
           [2, 15],
           [1, 5],
         ],
         's.id',
         621,
       )}, 3,
       case when ${hf('s.id', 622)} between 0.4 and 0.6 then ${v.serviceVehicles} - ${hn('s.id', 623, Math.min(200, v.serviceVehicles))} end,
       case when ${hf('s.id', 622)} < 0.4 then ${v.invoices} - ${hn('s.id', 624, Math.min(300, v.invoices))} end
     from seed_conversations s`,
  );
  await exec(
    ctx,
    `insert into conversation_message_groups (conversation_id, message_group_id)
     select s.id, ${pickInt([1, 2, 3, 4, 5, 7, 8], 's.id', 630)} from seed_conversations s where ${hf('s.id', 631)} < 0.2`,
  );
  await exec(
    ctx,
    `insert into messages (conversation_id, message, message_from_user_id, messaged_at, expires_at, image_attachment_path)
     select s.id, ${pickText(MESSAGE_TEXTS, 's.id * 5 + k', 640)}, case when k % 2 = 1 then s.starter else s.p2 end, m.at,
       m.at + interval '30 days',
       -- Pictures in the newest conversations, sent by demo accounts (who can open them).
       case when s.id > ${v.conversations - FILES_PER_KIND} and ${hf('s.id * 5 + k', 641)} < 0.15
              and (case when k % 2 = 1 then s.starter else s.p2 end) = any(${intArray(DEMO_USERS)})
            then 'messages/' || s.id || '/' || to_char(m.at, 'YYYYMMDDHH24MISS') || '.png' end
     from seed_conversations s cross join generate_series(1, s.n) k
     cross join lateral (select s.started_at + make_interval(mins => (k - 1) * s.gap) as at) m
     order by m.at, s.id`,
  );
  await exec(
    ctx,
    `insert into recipients (message_id, recipient_user_id, conversation_id, message_read_at)
     select distinct on (m.id, p.user_id) m.id, p.user_id, m.conversation_id,
       case when m.messaged_at < ${now} or ${hf('m.id * 7 + p.user_id', 650)} < 0.4 then m.messaged_at + interval '10 minutes' end
     from messages m join seed_conversations s on s.id = m.conversation_id
     cross join lateral (select unnest(array[s.starter, s.p2, s.p3]) as user_id) p
     where p.user_id is not null and p.user_id <> m.message_from_user_id`,
  );
}

/** Parked items on some of the 8 lines, and the alerts users would have pending. */
export async function seedParkingAndAlerts(ctx: SeedContext): Promise<void> {
  const { volumes: v, anchorSql: now } = ctx;
  // Parked a few minutes to most of an hour before the seed ran (the badge shows green, yellow and red).
  const at = (mins: number) => `${ctx.seededAtSql} - interval '${50 - mins} minutes'`;
  const parked: [
    line: number,
    by: number,
    forUser: number | null,
    forGroup: number | null,
    sv: number | null,
    inv: number | null,
  ][] = [
    [1, 104, 103, null, null, v.invoices - 3],
    [2, 102, null, 2, v.serviceVehicles - 1, null],
    [3, 103, 104, null, null, v.invoices - 11],
    [5, 104, null, 1, null, v.invoices - 17],
    [6, 105, 102, null, v.serviceVehicles - 6, null],
    [8, 101, null, 3, null, v.invoices - 25],
  ];
  await exec(
    ctx,
    `insert into parked_items (id, park_line, parked_at, parked_by_user_id, parked_for_user_id, parked_for_message_group_id, service_vehicle_id, invoice_id)
     values ${parked.map(([line, by, fu, fg, sv, inv], k) => `(${k + 1}, ${line}, ${at(k * 9)}, ${by}, ${fu ?? 'null'}, ${fg ?? 'null'}, ${sv ?? 'null'}, ${inv ?? 'null'})`).join(', ')}`,
  );
  const name = (u: string) => `(select first_name || ' ' || last_name from users where id = ${u})`;
  // ParkedForMe: the target user, or every always-subscriber of the target group.
  await exec(
    ctx,
    `insert into alerts (type, user_id, sender_name, record_id, record_type, parked_item_id, parked_at, parked_by, parked_for,
       is_message_group, message_group_id, created_at)
     select 'ParkedForMe', t.user_id, ${name('p.parked_by_user_id')}, coalesce(p.invoice_id, p.service_vehicle_id),
       case when p.invoice_id is not null then 'Invoice' else 'ServiceVehicle' end, p.id, p.parked_at, ${name('p.parked_by_user_id')},
       coalesce(${name('p.parked_for_user_id')}, g.name), p.parked_for_message_group_id is not null, p.parked_for_message_group_id, p.parked_at
     from parked_items p left join message_groups g on g.id = p.parked_for_message_group_id
     cross join lateral (select p.parked_for_user_id as user_id where p.parked_for_user_id is not null
       union select s.user_id from subscriptions s where s.message_group_id = p.parked_for_message_group_id and s.always) t`,
  );
  // NewMessage: only the latest one per user is kept.
  await exec(
    ctx,
    `insert into alerts (type, user_id, sender_name, conversation_id, created_at)
     select distinct on (r.recipient_user_id) 'NewMessage', r.recipient_user_id, ${name('m.message_from_user_id')}, m.conversation_id, m.messaged_at
     from recipients r join messages m on m.id = r.message_id
     where r.message_read_at is null order by r.recipient_user_id, m.messaged_at desc`,
  );
  await exec(
    ctx,
    `insert into alerts (type, user_id, sender_name, record_id, record_type, facility_id, follow_up_for, follow_up_for_id, created_at, consumed_at)
     select 'FollowUp', i.follow_up_for_id, 'System', i.id, 'Invoice', i.facility_id, ${name('i.follow_up_for_id')}, i.follow_up_for_id,
       i.follow_up_at, case when i.follow_up_at < ${now} - interval '2 days' and ${hf('i.id', 660)} < 0.5 then i.follow_up_at + interval '1 hour' end
     from invoices i
     where i.follow_up_for_id is not null and not i.followed_up
       and i.follow_up_at between ${now} - interval '7 days' and ${ctx.seededAtSql}`,
  );
  await exec(
    ctx,
    `insert into alerts (type, user_id, sender_name, record_id, record_type, facility_id, created_at)
     select 'DealerWarranty', sv.lead_technician_id, sv.service_advisor_name, sv.id, 'ServiceVehicle', sv.facility_id, sv.created_at
     from service_vehicles sv
     where sv.factory is not null and sv.invoice_id is null and sv.created_at > ${now} - interval '5 days'`,
  );
}
