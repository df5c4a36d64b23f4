/** The sales report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { facilityRangesCte } from './scope.js';
import { aggregate } from './tables.js';
import { avgCents, cols, num, percent, sumRows, table } from './tables.js';
import { cents, PERIOD_FORMAT } from './sql-shared.js';

/**
 * Sales: invoices opened in the range, neither void nor lost; revenue is their stored total (what the
 * invoice, the lists and reconcile show); replacement is the invoice's replacement flag (as on its PDF).
 */
export async function salesReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const unit = sql.raw(`'${q.groupBy}'`);
  const step = sql.raw(`'1 ${q.groupBy}'`);
  const format = sql.raw(`'${PERIOD_FORMAT[q.groupBy]}'`);
  // Each facility's local periods as instants (the period's first local midnight to the next one, cut to the
  // range), so every invoice falls in its bucket by an index range read, with no time-zone arithmetic per row.
  const rows = await aggregate(
    db,
    'invoices',
    sql`with ${facilityRangesCte(user, q)},
        p as (
          select fr.id as fid, fr.name, d::date as start,
            greatest(d::timestamp at time zone fr.tz, fr.lo) as plo,
            least((d + ${step}::interval)::timestamp at time zone fr.tz, fr.hi) as phi
          from fr, generate_series(date_trunc(${unit}, ${q.from}::date::timestamp), ${q.to}::date::timestamp, ${step}::interval) d)
        select p.fid as "facilityId", p.name as facility, to_char(p.start, ${format}) as period,
          x.invoices, ${cents('x.revenue')} as revenue, x.replacements, ${cents('x.replacement_revenue')} as "replacementRevenue"
        from p cross join lateral (
          select count(*)::int as invoices, sum(i.total_cost) as revenue,
            count(*) filter (where i.replacement)::int as replacements,
            sum(i.total_cost) filter (where i.replacement) as replacement_revenue
          from invoices i
          where i.facility_id = p.fid and i.open_date_time >= p.plo and i.open_date_time < p.phi
            and not i.void and not i.lost) x
        where x.invoices > 0
        order by 3, 2, 1`,
  );
  const byPeriod = rows.map((r) => {
    const invoices = num(r.invoices);
    const revenue = num(r.revenue);
    const replacements = num(r.replacements);
    return {
      period: r.period as string,
      facility: r.facility as string,
      invoices,
      revenue,
      averageTicket: avgCents(revenue, invoices),
      repairs: invoices - replacements,
      replacements,
    };
  });
  const facilities = new Map<
    string,
    { invoices: number; revenue: number; replacements: number; replacementRevenue: number }
  >();
  for (const r of rows) {
    const f = facilities.get(r.facility as string) ?? {
      invoices: 0,
      revenue: 0,
      replacements: 0,
      replacementRevenue: 0,
    };
    f.invoices += num(r.invoices);
    f.revenue += num(r.revenue);
    f.replacements += num(r.replacements);
    f.replacementRevenue += num(r.replacementRevenue);
    facilities.set(r.facility as string, f);
  }
  const byFacility = [...facilities].map(([facility, f]) => ({
    facility,
    invoices: f.invoices,
    revenue: f.revenue,
    averageTicket: avgCents(f.revenue, f.invoices),
    repairs: f.invoices - f.replacements,
    repairRevenue: f.revenue - f.replacementRevenue,
    replacements: f.replacements,
    replacementRevenue: f.replacementRevenue,
  }));
  const all = sumRows(
    byFacility,
    ['invoices', 'revenue', 'repairs', 'repairRevenue', 'replacements', 'replacementRevenue'],
    {
      facility: 'Total',
    },
  );
  all.averageTicket = avgCents(num(all.revenue), num(all.invoices));
  const types = [
    { type: 'Repair', invoices: num(all.repairs), revenue: num(all.repairRevenue) },
    { type: 'Replacement', invoices: num(all.replacements), revenue: num(all.replacementRevenue) },
  ].map((t) => ({
    ...t,
    averageTicket: avgCents(t.revenue, t.invoices),
    share: percent(t.invoices, num(all.invoices)),
  }));
  const periodTotal = sumRows(byPeriod, ['invoices', 'revenue', 'repairs', 'replacements'], {
    period: 'Total',
    facility: '',
  });
  periodTotal.averageTicket = avgCents(num(periodTotal.revenue), num(periodTotal.invoices));
  return [
    table({
      id: 'by-period',
      title: `Revenue by ${q.groupBy} and facility`,
      columns: cols(
        ['period', q.groupBy === 'month' ? 'Month' : q.groupBy === 'week' ? 'Week of' : 'Day', 'text'],
        ['facility', 'Facility', 'text'],
        ['invoices', 'Invoices', 'count'],
        ['revenue', 'Revenue', 'cents'],
        ['averageTicket', 'Average ticket', 'cents'],
        ['repairs', 'Repairs', 'count'],
        ['replacements', 'Replacements', 'count'],
      ),
      rows: byPeriod,
      total: periodTotal,
      chart: { kind: 'stackedBar', category: 'period', values: ['revenue'], series: 'facility' },
    }),
    table({
      id: 'by-facility',
      title: 'By facility',
      columns: cols(
        ['facility', 'Facility', 'text'],
        ['invoices', 'Invoices', 'count'],
        ['revenue', 'Revenue', 'cents'],
        ['averageTicket', 'Average ticket', 'cents'],
        ['repairs', 'Repairs', 'count'],
        ['repairRevenue', 'Repair revenue', 'cents'],
        ['replacements', 'Replacements', 'count'],
        ['replacementRevenue', 'Replacement revenue', 'cents'],
      ),
      rows: byFacility,
      total: all,
      chart: { kind: 'bar', category: 'facility', values: ['repairRevenue', 'replacementRevenue'] },
    }),
    table({
      id: 'repair-replacement',
      title: 'Repair versus replacement',
      columns: cols(
        ['type', 'Type', 'text'],
        ['invoices', 'Invoices', 'count'],
        ['share', 'Share of invoices %', 'percent'],
        ['revenue', 'Revenue', 'cents'],
        ['averageTicket', 'Average ticket', 'cents'],
      ),
      rows: types,
      chart: { kind: 'bar', category: 'type', values: ['revenue'] },
    }),
  ];
}
