import { ClaimSubmissionState as S, type ClaimSubmissionState } from '@glass/domain';
import { exec, past, type SeedContext } from './context.js';

/**
 * The path each demo state took from Sent (packages/domain rules/claim-submission.ts allows every step), and
 * the reasons shown for the states that carry one. Payments (Paid, ShortPaid) came from a remittance.
 */
const PATHS: readonly [ClaimSubmissionState, ClaimSubmissionState[]][] = [
  [S.Sent, [S.Sent]],
  [S.Acknowledged, [S.Sent, S.Acknowledged]],
  [S.Rejected, [S.Sent, S.Acknowledged, S.Rejected]],
  [S.Accepted, [S.Sent, S.Accepted]],
  [S.Paid, [S.Sent, S.Acknowledged, S.Accepted, S.Paid]],
  [S.ShortPaid, [S.Sent, S.Accepted, S.ShortPaid]],
  [S.Denied, [S.Sent, S.Accepted, S.Denied]],
  [S.Withdrawn, [S.Sent, S.Withdrawn]],
];
const REASONS: Partial<Record<ClaimSubmissionState, [code: string, text: string][]>> = {
  [S.Rejected]: [
    ['A7', 'Policy number not found'],
    ['B12', 'VIN does not match the policy'],
    ['C3', 'Missing loss date'],
  ],
  [S.ShortPaid]: [['45', 'Charge exceeds the fee schedule']],
  [S.Denied]: [['N130', 'Glass damage not covered by the policy']],
};
/**
 * Days between two steps of a demo claim's life: 2 to 10 by the claim's number, so the receivables report's days
 * to pay (median, 90th percentile) differ between insurers.
 */
const STEP_DAYS = (k: string) => `(2 + ${k} % 9)`;

const q = (v: string | null) => (v === null ? 'null' : `'${v.replace(/'/g, "''")}'`);

/**
 * Demo claim submissions (issue #35): submitted insurance invoices whose clearing house (active, with an e-mail)
 * would have had them, sent within the year before seeding (spread over it, in a fixed pseudo-random order, so the
 * receivables report's default range shows payments, short payments and rejections), in every state in turn,
 * with their events; a withdrawn claim was sent again (a resubmission, Sent). Sent at submit, or at finalize for a
 * clearing house that requires it; the invoice's admin assistant sent and moved them by hand, a remittance paid
 * them. No e-mail or PDF is kept for them (outbox_id and pdf_file_id stay null). Their number grows slowly with
 * the scale.
 */
export async function seedClaimSubmissions(ctx: SeedContext): Promise<void> {
  const n = Math.min(4000, Math.max(24, Math.round(80 * Math.sqrt(ctx.volumes.invoices / 3000))));
  const at = (expr: string) => past(ctx, expr);
  const states = `array[${PATHS.map(([s]) => q(s)).join(', ')}]`;
  const paths = PATHS.flatMap(([s, path], i) => {
    const reasons: [string | null, string | null][] = REASONS[s] ?? [[null, null]];
    return reasons.map(
      ([code, text], r) =>
        `(${i}, ${r}, ${reasons.length}, ${q(s)}, array[${path.map(q).join(', ')}]::text[], ${q(code)}, ${q(text)})`,
    );
  });
  await exec(
    ctx,
    `create temporary table seed_claims on commit drop as
     with picked as (
       select i.id as invoice_id, ic.id as insurer_id, ch.id as ch_id, ch.requires_finalization as rf,
              case when ch.requires_finalization then coalesce(i.finalized_at, i.submitted_at) else i.submitted_at end
                as sent_at,
              i.admin_assistant_id as aa,
              greatest(0, i.total_cost - coalesce(i.deductible_amount, 0) - coalesce(i.deposit_amount, 0)) as claimed,
              (row_number() over (order by md5(i.id::text), i.id) - 1)::int as k
       from invoices i join insurance_companies ic on ic.id = i.insurance_company_id
         join clearing_houses ch on ch.id = ic.clearing_house_id and ch.is_active and ch.email is not null
       where i.submitted and i.submitted_at is not null and not i.void and not i.lost
         and (i.finalized or not ch.requires_finalization)
         and i.submitted_at > ${ctx.seededAtSql} - interval '340 days'
       order by md5(i.id::text), i.id limit ${n}
     ), paths (state_no, reason_no, reasons, state, path, reason_code, reason_text) as (values ${paths.join(', ')})
     select p.*, x.state, x.path, x.reason_code, x.reason_text,
            ${at(`p.sent_at + (cardinality(x.path) - 1) * ${STEP_DAYS('p.k')} * interval '1 day'`)} as changed_at,
            ${STEP_DAYS('p.k')} as step,
            case x.state when 'Paid' then p.claimed when 'ShortPaid' then round(p.claimed * 0.8, 2) else 0 end as paid,
            null::int as id
     from picked p join paths x on x.state = (${states})[p.k % ${PATHS.length} + 1]
       and x.reason_no = (p.k / ${PATHS.length}) % x.reasons`,
  );
  await exec(
    ctx,
    `with made as (
       insert into claim_submissions (invoice_id, clearing_house_id, insurance_company_id, state, sent_at, sent_by_id,
         sent_on, amount_claimed, amount_paid, reason_code, reason_text, state_changed_at, state_changed_by_id,
         state_changed_source)
       select invoice_id, ch_id, insurer_id, state, sent_at, aa, case when rf then 'finalize' else 'submit' end,
         claimed, paid, reason_code, reason_text, changed_at,
         case when state in ('Paid', 'ShortPaid') then null else aa end,
         case when state in ('Paid', 'ShortPaid') then 'remittance' end
       from seed_claims order by invoice_id
       returning id, invoice_id
     )
     update seed_claims c set id = made.id from made where made.invoice_id = c.invoice_id`,
  );
  // Every step of each claim's path is an event (the first its creation as Sent, with the amount claimed).
  await exec(
    ctx,
    `insert into claim_submission_events (submission_id, from_state, to_state, at, by_user_id, source, reason_code,
       reason_text, amount)
     select c.id, case when s.o > 1 then c.path[s.o - 1] end, s.state,
       ${at(`c.sent_at + (s.o - 1) * c.step * interval '1 day'`)},
       case when s.state in ('Paid', 'ShortPaid') then null else c.aa end,
       case when s.state in ('Paid', 'ShortPaid') then 'remittance' end,
       case when s.o = cardinality(c.path) then c.reason_code end,
       case when s.o = cardinality(c.path) then c.reason_text end,
       case when s.o = 1 then c.claimed when s.state in ('Paid', 'ShortPaid') then c.paid end
     from seed_claims c cross join lateral unnest(c.path) with ordinality as s(state, o)`,
  );
  // A withdrawn claim was sent again a day later: the resubmission is the invoice's open submission.
  await exec(
    ctx,
    `with again as (
       insert into claim_submissions (invoice_id, clearing_house_id, insurance_company_id, state, sent_at, sent_by_id,
         sent_on, resubmission_of, amount_claimed, state_changed_at, state_changed_by_id)
       select invoice_id, ch_id, insurer_id, 'Sent', ${at(`changed_at + interval '1 day'`)}, aa,
         case when rf then 'finalize' else 'submit' end, id, claimed, ${at(`changed_at + interval '1 day'`)}, aa
       from seed_claims where state = 'Withdrawn' order by invoice_id
       returning id, sent_at, sent_by_id, amount_claimed
     )
     insert into claim_submission_events (submission_id, from_state, to_state, at, by_user_id, amount)
     select id, null, 'Sent', sent_at, sent_by_id, amount_claimed from again`,
  );
}
