-- bench/claims-seed.sql (issue #35 item 7; `npm run claims -w bench` runs it when glass_bench holds fewer than
-- 20,000 claim submissions): gives the million-invoice bench database a billing office's year of claims, so the
-- rejection queue and the Receivables report's claim tables have something to read. 40,000 insurance invoices of
-- the last 13 months (whose insurer has a clearing house, with no submission yet), one latest submission each —
-- Paid 50 %, ShortPaid 6 %, Rejected 9 %, Denied 2 %, Accepted 8 %, Acknowledged 10 %, Sent 10 %, Withdrawn 5 % —
-- and, for a tenth of them, an earlier rejected send that the latest one resubmits (the queue must skip it).
-- Reasons spread over six codes, clearing houses as the insurers name them; each submission gets its Sent event
-- and the event of its last move. The invoices' own flags (submitted, finalized, funded) are left as they are:
-- the queue and the report read the submissions. Idempotent: a second run adds nothing.
begin;
create temporary table candidates on commit drop as
  select i.id, ic.id as icid, ic.clearing_house_id as chid, greatest(i.total_cost, 50)::numeric(12,2) as amount,
    i.open_date_time
  from invoices i join insurance_companies ic on ic.id = i.insurance_company_id
  where ic.clearing_house_id is not null and i.open_date_time > now() - interval '13 months'
    and not exists (select 1 from claim_submissions s where s.invoice_id = i.id)
    and (select count(*) from claim_submissions) < 20000
  order by md5(i.id::text || clock_timestamp()::text) limit 40000;
-- the draws made apart from the sample (ORDER BY random() would be matched to a random() of the select list)
create temporary table pick on commit drop as
  select c.id, c.icid, c.chid, c.amount,
    least(c.open_date_time + (1 + random() * 3) * interval '1 day', now() - interval '1 hour') as sent_at,
    random() as r, random() as rr, random() as rs
  from candidates c;

create temporary table reasons (lo float8, hi float8, code text, txt text) on commit drop;
insert into reasons values
  (0.00, 0.30, '45', 'Charge exceeds the fee schedule'),
  (0.30, 0.50, 'N130', 'Glass damage not covered by the policy'),
  (0.50, 0.65, 'A7', 'Policy number not found'),
  (0.65, 0.80, 'B12', 'VIN does not match the policy'),
  (0.80, 0.92, 'C3', 'Missing loss date'),
  (0.92, 1.01, '16', 'Claim lacks information needed for adjudication');

-- the earlier, rejected send of a tenth of them (lower ids than the resubmission that follows)
create temporary table first_send on commit drop as
  select p.id as invoice_id, p.sent_at - interval '3 days' as sent_at from pick p where p.rs < 0.10;
insert into claim_submissions (invoice_id, clearing_house_id, insurance_company_id, state, sent_at, sent_by_id,
    sent_on, amount_claimed, reason_code, reason_text, state_changed_at, state_changed_by_id)
  select p.id, p.chid, p.icid, 'Rejected', f.sent_at, 101, 'submit', p.amount, r.code, r.txt,
    f.sent_at + interval '2 days', 101
  from first_send f join pick p on p.id = f.invoice_id join reasons r on p.rr >= r.lo and p.rr < r.hi;

insert into claim_submissions (invoice_id, clearing_house_id, insurance_company_id, state, sent_at, sent_by_id,
    sent_on, resubmission_of, amount_claimed, amount_paid, reason_code, reason_text, state_changed_at,
    state_changed_by_id, state_changed_source)
  select p.id, p.chid, p.icid, x.state, p.sent_at, 101, case when p.rs < 0.5 then 'submit' else 'finalize' end,
    (select max(e.id) from claim_submissions e where e.invoice_id = p.id),
    p.amount,
    case x.state when 'Paid' then p.amount when 'ShortPaid' then round(p.amount * 0.85, 2) else 0 end,
    case when x.state in ('Rejected', 'Denied') then r.code end,
    case when x.state in ('Rejected', 'Denied') then r.txt end,
    case when x.state = 'Sent' then p.sent_at
      else least(p.sent_at + (1 + random() * 59) * interval '1 day', now() - interval '5 minutes') end,
    101, case when x.state in ('Paid', 'ShortPaid') then 'remittance' end
  from pick p join reasons r on p.rr >= r.lo and p.rr < r.hi
    cross join lateral (select case
      when p.r < 0.50 then 'Paid' when p.r < 0.56 then 'ShortPaid' when p.r < 0.65 then 'Rejected'
      when p.r < 0.67 then 'Denied' when p.r < 0.75 then 'Accepted' when p.r < 0.85 then 'Acknowledged'
      when p.r < 0.95 then 'Sent' else 'Withdrawn' end as state) x;

insert into claim_submission_events (submission_id, from_state, to_state, at, by_user_id)
  select s.id, null, 'Sent', s.sent_at, 101 from claim_submissions s join pick p on p.id = s.invoice_id;
insert into claim_submission_events (submission_id, from_state, to_state, at, by_user_id, source, reason_code,
    reason_text, amount)
  select s.id, 'Sent', s.state, s.state_changed_at, 101, s.state_changed_source, s.reason_code, s.reason_text,
    case when s.state in ('Paid', 'ShortPaid') then s.amount_paid end
  from claim_submissions s join pick p on p.id = s.invoice_id where s.state <> 'Sent';
commit;
analyze claim_submissions;
analyze claim_submission_events;
