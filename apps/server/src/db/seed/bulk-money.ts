import { consentWording } from '@glass/domain/rules/approvals';
import { publicUrl } from '../../public-url.js';
import { exec, FILES_PER_KIND, type SeedContext } from './context.js';
import { digits, hf, hn, lit, pickInt } from './sql-gen.js';

/**
 * Weekly deposits per facility of the funded transactions (the last two weeks are left to reconcile), one
 * item per invoice (its payment and deductible together: the invoice's total), as the deposits module makes them.
 */
export async function seedDeposits(ctx: SeedContext): Promise<void> {
  const { staff, anchorSql: now } = ctx;
  // One pass numbers the deposits (week x facility) so no join on computed keys is needed.
  await exec(
    ctx,
    `create temporary table seed_deposit_items on commit drop as
     select dense_rank() over (order by x.wk, x.facility_id)::int as deposit_id, x.*
     from (select t.id as transaction_id, t.invoice_id, t.transaction_type_id, t.amount, t.payment_type_id, i.facility_id,
             date_trunc('week', t.funded_at at time zone 'UTC') as wk
           from invoice_transactions t join invoices i on i.id = t.invoice_id
           where t.status_id = 1 and t.funded_at < ${now} - interval '14 days') x`,
  );
  await exec(
    ctx,
    `insert into deposit_invoices (id, created_by_id, created_at, facility_id, total_amount, notes, pdf_path)
     select d.deposit_id, ${pickInt(staff.adminAssistants, 'd.deposit_id', 701)},
       (min(d.wk) + interval '4 days 22 hours') at time zone 'UTC', min(d.facility_id), sum(d.amount), null, null
     from seed_deposit_items d group by d.deposit_id`,
  );
  await exec(
    ctx,
    `insert into deposit_invoice_items (deposit_invoice_id, invoice_id, invoice_transaction_id, item_type, labor_cost, parts_cost,
       tax_cost, total_cost, payment_type_id, insurance_company_id, clearing_house_id, facility_id, buyer_name, vehicle)
     select d.deposit_id, i.id, d.transaction_id, d.transaction_type_id, i.labor_cost, i.parts_cost, i.tax_cost, d.total,
       i.payment_type_id, i.insurance_company_id, ic.clearing_house_id, i.facility_id, i.sold_to,
       concat_ws(' ', i.vehicle_year, i.vehicle_make, i.vehicle_model)
     from (select distinct on (x.invoice_id) x.*, sum(x.amount) over (partition by x.invoice_id) as total
           from seed_deposit_items x order by x.invoice_id, x.amount desc, x.transaction_id) d
     join invoices i on i.id = d.invoice_id
     left join insurance_companies ic on ic.id = i.insurance_company_id
     order by d.deposit_id, d.transaction_id`,
  );
}

/**
 * A version 4 UUID (RFC 9562 §5.4: version nibble 4, variant bits 10) from the md5 of `key`, so the seed stays
 * repeatable and its guids look like the ones the API draws at random.
 */
const v4FromMd5 = (key: string) =>
  `(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || substr('89ab', ('x' || substr(h, 17, 1))::bit(4)::int % 4 + 1, 1) || substr(h, 18))::uuid from md5(${key}) h)`;

/** Customer approval requests on recent invoices (guid ids derived from the invoice id) and opt-ins. */
export async function seedApprovals(ctx: SeedContext): Promise<void> {
  const { anchorSql: now } = ctx;
  const id = 'i.id';
  await exec(
    ctx,
    `insert into customer_approvals (id, invoice_id, channel, sent_to, sent_by_user_id, sent_at, page_viewed_at,
       response_received_at, response, response_comments, approved, declined, client_ip, user_agent, signature_path,
       expires_at, price_key)
     select ${v4FromMd5("'approval-' || i.id")}, i.id, x.channel, case when x.channel = 'sms' then i.customer_phone else c.email end,
       i.admin_assistant_id, i.open_date_time + interval '30 minutes',
       case when x.viewed then i.open_date_time + interval '50 minutes' end,
       case when x.answered then i.open_date_time + interval '55 minutes' end,
       case when x.answered then case when x.approved then 'Approved' else 'Declined' end end,
       case when x.answered and ${hf(id, 805)} < 0.2 then case when x.approved then 'Thanks, see you soon' else 'Too expensive' end end,
       x.answered and x.approved, x.answered and not x.approved,
       case when x.viewed then '172.58.' || ${hn(id, 806, 250)} || '.' || ${hn(id, 807, 250)} end,
       case when x.viewed then 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' end,
       case when x.answered and x.approved and i.id > ${ctx.volumes.invoices - 4 * FILES_PER_KIND}
            then 'signatures/approvals/' || ${v4FromMd5("'approval-' || i.id")} || '.png' end,
       i.open_date_time + interval '30 minutes' + interval '14 days',
       round(i.total_cost * 100)::bigint || '|' || round(coalesce(i.deductible_amount, 0) * 100)::bigint
     from invoices i join customers c on c.id = i.customer_id
     cross join lateral (select case when c.email is null or ${hf(id, 801)} < 0.7 then 'sms' else 'email' end as channel,
       ${hf(id, 802)} < 0.8 as viewed, ${hf(id, 802)} < 0.65 as answered, ${hf(id, 803)} < 0.85 as approved) x
     where i.open_date_time > ${now} - interval '60 days' and i.payment_type_id <> 5 and ${hf(id, 800)} < 0.15`,
  );
  await exec(
    ctx,
    `insert into customer_opt_ins (hash, customer_id, invoice_id, phone, email, opt_in_text, opt_in_email, responded_at, created_at)
     select md5('opt-in-' || i.id), i.customer_id, i.id, i.customer_phone, null, x.responded, false,
       case when x.responded then i.open_date_time + interval '2 hours' end, i.open_date_time + interval '1 hour'
     from invoices i cross join lateral (select ${hf(id, 811)} < 0.6 as responded) x
     where i.open_date_time > ${now} - interval '90 days' and ${hf(id, 810)} < 0.1`,
  );
  // The answers given on the opt-in page: the customer's consent history and state (modules/approvals).
  await exec(
    ctx,
    `insert into customer_consents (customer_id, opt_in_id, texts, emails, phone, email, consent_text, created_at)
     select o.customer_id, o.id, o.opt_in_text, o.opt_in_email, o.phone, o.email,
       ${lit(consentWording('Lone Star Auto Glass'))}, o.responded_at
     from customer_opt_ins o where o.responded_at is not null and o.customer_id is not null order by o.id`,
  );
  await exec(
    ctx,
    `insert into notify_outbox (channel, to_address, subject, body, status, attempts, created_at, sent_at, record_type, record_id)
     select a.channel, a.sent_to, case when a.channel = 'email' then 'Please approve your glass work' end,
       'Please review and approve: ' || ${lit(publicUrl(ctx, '/sign-approval/'))} || a.id, 'sent', 1, a.sent_at, a.sent_at + interval '3 seconds', 'Invoice', a.invoice_id
     from customer_approvals a order by a.sent_at`,
  );
}

/**
 * The loaner schedules' expected return: a day after the newest visit (or the schedule's creation). The
 * reservations themselves are the database's to write (decision 0019): seedLoanerReservations, once the visits
 * and invoices are in.
 */
export async function seedLoaners(ctx: SeedContext): Promise<void> {
  await exec(
    ctx,
    `update appointment_schedules s set expected_return_time = coalesce(v.at, v.created_at) + interval '1 day'
     from (select distinct on (ls.id) ls.id, ls.created_at, ap.appointment_date_time as at
             from appointment_schedules ls left join appointments ap on ap.schedule_id = ls.id
            where ls.loaner_car_id is not null
            order by ls.id, ap.id desc) v
     where v.id = s.id`,
  );
}

/**
 * Loaner reservations: one for every schedule with a loaner car, written by the database's one writer
 * (loaner_reservations_sync, migration 0031; its triggers are off during the load), then check-out/check-in
 * when past. Needs the schedules' indexes (one lookup of the newest visit per schedule).
 */
export async function seedLoanerReservations(ctx: SeedContext): Promise<void> {
  const { anchorSql: now } = ctx;
  // Fresh statistics first: without them the planner finds each schedule's newest visit by walking the visits'
  // primary key backwards (it guesses thousands of visits per schedule), one walk per schedule, which took over
  // 10 minutes for 16,000 schedules at --scale 334 instead of a second.
  await exec(ctx, 'analyze appointments, appointment_schedules, loaner_reservations');
  await exec(
    ctx,
    'select loaner_reservations_sync(array(select id from appointment_schedules where loaner_car_id is not null order by id))',
  );
  await exec(
    ctx,
    `insert into loaner_car_usages (loaner_reservation_id, loaner_car_id, check_out_at, check_out_mileage, check_out_fuel,
       check_in_at, check_in_mileage, check_in_fuel, policy_number, bodily_injury_limit, per_accident_limit,
       property_damage_limit, insurance_company_id, driver_license_name, driver_license_number, driver_license_state, user_id,
       created_at, updated_at)
     select r.id, r.loaner_car_id, r.appointment_date, lc.mileage + (r.id % 500) * 40, 8,
       case when r.expected_return < ${now} then r.expected_return end,
       case when r.expected_return < ${now} then lc.mileage + (r.id % 500) * 40 + 20 + ${hn('r.id', 820, 130)} end,
       case when r.expected_return < ${now} then 5 + ${hn('r.id', 821, 4)} end,
       'TX' || ${digits('r.id', 822, 9)}, 30000, 60000, 25000, 1 + ${hn('r.id', 823, 14)},
       c.first_name || ' ' || c.last_name, ${digits('r.id', 824, 8)}, 'TX', r.created_by_id, r.created_at, r.created_at
     from loaner_reservations r join loaner_cars lc on lc.id = r.loaner_car_id join customers c on c.id = r.customer_id
     where r.appointment_date < ${now} and r.cancelled_at is null`,
  );
}
