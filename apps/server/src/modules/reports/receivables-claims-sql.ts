/**
 * The receivables report's claim tables as SQL aggregates (reports-sql.ts, README.md "The figures", issue #35
 * item 5): days to pay and short payments per insurer, rejections by reason and by clearing house.
 */
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { facilityRangesCte } from './scope.js';
import { cents } from './sql-shared.js';
import { aggregate, cols, num, percent, sumRows, table } from './tables.js';

/** The insurer of a claim as the tables name it (the submission's insurer: the one the claim went to). */
const insurerCells = (r: Record<string, unknown>) => ({
  insuranceCompany: (r.insuranceCompany as string | null) ?? 'No insurance company',
  clearingHouse: (r.clearingHouse as string | null) ?? '',
});

/**
 * Days to pay and short payments: the claim submissions whose payment arrived in the range (state Paid or
 * ShortPaid, `state_changed_at` = the payment that gave it that state, on the local days of the invoice's
 * facility, which the submission keeps a copy of: migration 0038), by the submission's insurer. Days to pay =
 * elapsed days from the send to that payment, median and 90th percentile (`percentile_cont`, one decimal; the
 * totals line is its own aggregate, the empty grouping set).
 * Short payments: the submissions still ShortPaid, the amount claimed, paid and the difference, in cents.
 * One statement through `claim_submissions_queue_idx (state, state_changed_at)`.
 */
export async function paymentTables(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const days = (p: number) =>
    sql.raw(`round((percentile_cont(${p}) within group (order by extract(epoch from p.paid_at - p.sent_at))
      / 86400)::numeric, 1)::float8`);
  const short = "p.state = 'ShortPaid'";
  const rows = await aggregate(
    db,
    'paid',
    sql`with ${facilityRangesCte(user, q)},
        bounds as (select min(lo) as lo, max(hi) as hi from fr),
        p as (
          select s.insurance_company_id as icid, s.state, s.sent_at, s.state_changed_at as paid_at,
            s.amount_claimed, s.amount_paid
          from bounds, claim_submissions s
            join fr on fr.id = s.facility_id
          where s.state in ('Paid', 'ShortPaid') and s.state_changed_at >= bounds.lo and s.state_changed_at < bounds.hi
            and s.state_changed_at >= fr.lo and s.state_changed_at < fr.hi),
        g as (
          select grouping(p.icid)::int as g, p.icid, count(*)::int as paid,
            ${days(0.5)} as "medianDays", ${days(0.9)} as "p90Days", ${cents('sum(p.amount_paid)')} as "paidCents",
            count(*) filter (where ${sql.raw(short)})::int as "shortClaims",
            ${cents(`sum(p.amount_claimed) filter (where ${short})`)} as "shortClaimed",
            ${cents(`sum(p.amount_paid) filter (where ${short})`)} as "shortPaid"
          from p group by grouping sets ((p.icid), ()))
        select g.*, ic.name as "insuranceCompany", ch.name as "clearingHouse"
        from g left join insurance_companies ic on ic.id = g.icid left join clearing_houses ch on ch.id = ic.clearing_house_id
        order by g.g, g.paid desc, ic.name, g.icid`,
  );
  const perInsurer = rows.filter((r) => num(r.g) === 0);
  const totalRow = rows.find((r) => num(r.g) === 1);
  const speed = (r: Record<string, unknown>) => ({
    paid: num(r.paid),
    medianDays: r.medianDays === null || r.medianDays === undefined ? null : num(r.medianDays),
    p90Days: r.p90Days === null || r.p90Days === undefined ? null : num(r.p90Days),
    paidCents: num(r.paidCents),
  });
  const shortLine = (r: Record<string, unknown>) => ({
    shortClaims: num(r.shortClaims),
    claimed: num(r.shortClaimed),
    paidCents: num(r.shortPaid),
    shortCents: num(r.shortClaimed) - num(r.shortPaid),
  });
  const shortRows = perInsurer
    .filter((r) => num(r.shortClaims) > 0)
    .map((r) => ({ ...insurerCells(r), ...shortLine(r) }))
    .sort((a, b) => b.shortCents - a.shortCents || a.insuranceCompany.localeCompare(b.insuranceCompany));
  const insurerCols = cols(
    ['insuranceCompany', 'Insurance company', 'text'],
    ['clearingHouse', 'Clearing house', 'text'],
  );
  return [
    table({
      id: 'days-to-pay',
      title: 'Days to pay by insurance company',
      columns: [
        ...insurerCols,
        ...cols(
          ['paid', 'Paid claims', 'count'],
          ['medianDays', 'Median days to pay', 'days'],
          ['p90Days', '90th percentile days to pay', 'days'],
          ['paidCents', 'Amount paid', 'cents'],
        ),
      ],
      rows: perInsurer.map((r) => ({ ...insurerCells(r), ...speed(r) })),
      total: totalRow ? { insuranceCompany: 'Total', clearingHouse: '', ...speed(totalRow) } : null,
      chart: { kind: 'bar', category: 'insuranceCompany', values: ['medianDays', 'p90Days'] },
    }),
    table({
      id: 'short-payments',
      title: 'Short payments by insurance company',
      columns: [
        ...insurerCols,
        ...cols(
          ['shortClaims', 'Short-paid claims', 'count'],
          ['claimed', 'Claimed', 'cents'],
          ['paidCents', 'Paid', 'cents'],
          ['shortCents', 'Short', 'cents'],
        ),
      ],
      rows: shortRows,
      total: sumRows(shortRows, ['shortClaims', 'claimed', 'paidCents', 'shortCents'], {
        insuranceCompany: 'Total',
        clearingHouse: '',
      }),
      chart: { kind: 'stackedBar', category: 'insuranceCompany', values: ['paidCents', 'shortCents'] },
    }),
  ];
}

/**
 * Rejections: the claim submissions sent in the range (`sent_at`, on the invoice facility's local days; every
 * send counts, resubmissions and withdrawn ones included), by clearing house; the rejected ones (state Rejected,
 * which is final) by reason code (trimmed, upper case; its text the most frequent one typed for it). Rejection
 * rate = rejected / sent, of the clearing house (by reason: that reason's share of the house's sends). One
 * statement through `claim_submissions_sent_at_idx` (migration 0035).
 */
export async function rejectionTables(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const rows = await aggregate(
    db,
    'sent',
    sql`with ${facilityRangesCte(user, q)},
        bounds as (select min(lo) as lo, max(hi) as hi from fr),
        s as (
          select s.clearing_house_id as chid, s.state = 'Rejected' as rejected,
            case when s.state = 'Rejected' then coalesce(nullif(upper(trim(s.reason_code)), ''), '—') end as code,
            case when s.state = 'Rejected' then s.reason_text end as reason
          from bounds, claim_submissions s
            join fr on fr.id = s.facility_id
          where s.sent_at >= bounds.lo and s.sent_at < bounds.hi and s.sent_at >= fr.lo and s.sent_at < fr.hi),
        g as (
          select grouping(s.chid, s.code)::int as g, s.chid, s.code, count(*)::int as sent,
            count(*) filter (where s.rejected)::int as rejected,
            mode() within group (order by s.reason) as reason
          from s group by grouping sets ((s.chid, s.code), (s.chid), ()))
        select g.*, ch.name as "clearingHouse"
        from g left join clearing_houses ch on ch.id = g.chid
        order by g.g, g.rejected desc, ch.name, g.chid, g.code`,
  );
  const houses = rows.filter((r) => num(r.g) === 1);
  const sentOf = new Map(houses.map((r) => [r.chid, num(r.sent)]));
  const houseName = (r: Record<string, unknown>) =>
    (r.clearingHouse as string | null) ?? `Clearing house ${r.chid}`;
  const reasons = rows
    .filter((r) => num(r.g) === 0 && r.code !== null && r.code !== undefined)
    .map((r) => {
      const sent = sentOf.get(r.chid) ?? 0;
      return {
        clearingHouse: houseName(r),
        reasonCode: r.code as string,
        reason: (r.reason as string | null) ?? '',
        rejected: num(r.rejected),
        sent,
        rejectionRate: percent(num(r.rejected), sent),
      };
    });
  const all = rows.find((r) => num(r.g) === 3);
  const total = all
    ? {
        sent: num(all.sent),
        rejected: num(all.rejected),
        rejectionRate: percent(num(all.rejected), num(all.sent)),
      }
    : null;
  return [
    table({
      id: 'rejections-by-reason',
      title: 'Claim rejections by reason',
      columns: cols(
        ['clearingHouse', 'Clearing house', 'text'],
        ['reasonCode', 'Reason code', 'text'],
        ['reason', 'Reason', 'text'],
        ['rejected', 'Rejected', 'count'],
        ['sent', 'Sent', 'count'],
        ['rejectionRate', 'Rejection rate', 'percent'],
      ),
      rows: reasons,
      total: total && { clearingHouse: 'Total', reasonCode: '', reason: '', ...total },
      chart: { kind: 'stackedBar', category: 'reasonCode', values: ['rejected'], series: 'clearingHouse' },
    }),
    table({
      id: 'rejections-by-clearing-house',
      title: 'Claim rejections by clearing house',
      columns: cols(
        ['clearingHouse', 'Clearing house', 'text'],
        ['sent', 'Sent', 'count'],
        ['rejected', 'Rejected', 'count'],
        ['rejectionRate', 'Rejection rate', 'percent'],
      ),
      rows: houses
        .map((r) => ({
          clearingHouse: houseName(r),
          sent: num(r.sent),
          rejected: num(r.rejected),
          rejectionRate: percent(num(r.rejected), num(r.sent)),
        }))
        .sort((a, b) => b.sent - a.sent || a.clearingHouse.localeCompare(b.clearingHouse)),
      total: total && { clearingHouse: 'Total', ...total },
      chart: { kind: 'bar', category: 'clearingHouse', values: ['sent', 'rejected'] },
    }),
  ];
}
