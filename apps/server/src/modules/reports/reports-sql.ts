/**
 * The five reports as SQL aggregates (README.md "The figures"). Each statement groups in PostgreSQL over
 * the `(facility_id, <time>)` indexes, one facility at a time within its own local range (`fr`,
 * scope.ts); only the grouped figures (a few hundred rows at most: facilities × periods) come to Node,
 * which lays them out as tables. Money is summed as exact numeric and read as integer cents.
 */
import { AGE_BUCKETS, ON_TIME_GRACE_MINUTES, vehicleSourceLabel } from '@glass/domain';
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { RECEIVABLE_SQL } from '../reconcile/index.js';
import { facilityRangesCte } from './scope.js';
import { aggregate } from './tables.js';
import { avgCents, cols, num, percent, sumRows, table } from './tables.js';

/** Exact cents of a money sum (numeric with 2 decimals) as a JS number. */
const cents = (expr: string) => sql.raw(`coalesce(round(${expr} * 100), 0)::bigint::float8`);

/** Invoices of the facilities in scope opened within each one's local range. */
const INVOICES_IN_RANGE = sql`fr join invoices i on i.facility_id = fr.id
  and i.open_date_time >= fr.lo and i.open_date_time < fr.hi`;

const PERIOD_FORMAT = { day: 'YYYY-MM-DD', week: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

/* ------------------------------------------------------------------ Sales */

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

/* --------------------------------------------------------------- Pipeline */

const FUNNEL = ['created', 'contacted', 'invoiced', 'completed', 'funded', 'lost'] as const;
const funnelCols = () =>
  cols(
    ['created', 'Created', 'count'],
    ['contacted', 'Contacted', 'count'],
    ['invoiced', 'Invoiced', 'count'],
    ['completed', 'Completed', 'count'],
    ['funded', 'Funded', 'count'],
    ['lost', 'Lost', 'count'],
    ['conversion', 'Invoiced %', 'percent'],
  );

/**
 * Pipeline: service vehicles created in the range. Contacted: a customer contact was recorded
 * (last_contact_at, the priority rule's "contacted"); invoiced: it has an invoice; completed and funded:
 * that invoice is (invoices.completed, invoices.funded; a void invoice counts for neither). The invoice's
 * state is read from the vehicle's own invoice_completed and invoice_funded, which the database keeps equal
 * to it (migration 0023), so the cohort is counted from service_vehicles_report_idx alone, with no
 * look-up per vehicle.
 */
export async function pipelineReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const rows = await aggregate(
    db,
    'created',
    sql`with ${facilityRangesCte(user, q)}, sv as (
          select fr.id as fid, fr.name as facility, coalesce(s.source_id, 0) as src, s.lost,
            s.lost_reason_id, s.last_disposition_id, s.last_contact_at is not null as contacted,
            s.invoice_id is not null as invoiced, s.invoice_completed as completed, s.invoice_funded as funded
          from fr join service_vehicles s on s.facility_id = fr.id and s.created_at >= fr.lo and s.created_at < fr.hi)
        select grouping(fid, src, lost_reason_id, last_disposition_id)::int as g, fid, min(facility) as facility, src,
          lost_reason_id as "lostReasonId", min(lr.name) as "lostReason",
          last_disposition_id as "dispositionId", min(d.name) as disposition,
          count(*)::int as created, count(*) filter (where contacted)::int as contacted,
          count(*) filter (where invoiced)::int as invoiced, count(*) filter (where completed)::int as completed,
          count(*) filter (where funded)::int as funded, count(*) filter (where sv.lost)::int as lost
        from sv left join lost_reasons lr on lr.id = sv.lost_reason_id
          left join dispositions d on d.id = sv.last_disposition_id
        group by grouping sets ((fid), (src), (lost_reason_id), (last_disposition_id))
        order by 1, 3, 4, 6, 8`,
  );
  // grouping(): a bit per column left out, first column highest: (fid) → 0b0111 = 7, (src) → 11, …
  const part = (g: number) => rows.filter((r) => num(r.g) === g);
  const funnel = (r: Record<string, unknown>) => {
    const out: Record<string, number | null> = {};
    for (const k of FUNNEL) out[k] = num(r[k]);
    out.conversion = percent(num(r.invoiced), num(r.created));
    return out;
  };
  const byFacility = part(7).map((r) => ({ facility: r.facility as string, ...funnel(r) }));
  const bySource = part(11)
    .map((r) => ({ sourceId: num(r.src), source: vehicleSourceLabel(num(r.src)), ...funnel(r) }))
    .sort((a, b) => (a.sourceId || 99) - (b.sourceId || 99))
    .map(({ sourceId: _, ...r }) => r);
  const total = sumRows(byFacility, [...FUNNEL], { facility: 'Total' });
  total.conversion = percent(num(total.invoiced), num(total.created));
  const sourceTotal: Record<string, string | number | null> = { source: 'Total' };
  for (const [k, v] of Object.entries(total)) if (k !== 'facility') sourceTotal[k] = v;
  const lostReasons = part(13)
    .filter((r) => num(r.lost) > 0)
    .map((r) => ({ lostReason: (r.lostReason as string | null) ?? 'No reason given', lost: num(r.lost) }))
    .sort((a, b) => b.lost - a.lost || a.lostReason.localeCompare(b.lostReason));
  const dispositions = part(14)
    .map((r) => ({
      disposition: (r.disposition as string | null) ?? 'No disposition',
      vehicles: num(r.created),
      invoiced: num(r.invoiced),
      lost: num(r.lost),
    }))
    .sort((a, b) => b.vehicles - a.vehicles || a.disposition.localeCompare(b.disposition));
  return [
    table({
      id: 'by-facility',
      title: 'Conversion by facility',
      columns: [{ key: 'facility', title: 'Facility', type: 'text' }, ...funnelCols()],
      rows: byFacility,
      total,
      chart: {
        kind: 'bar',
        category: 'facility',
        values: ['created', 'contacted', 'invoiced', 'completed', 'funded'],
      },
    }),
    table({
      id: 'by-source',
      title: 'Conversion by vehicle source',
      columns: [{ key: 'source', title: 'Source', type: 'text' }, ...funnelCols()],
      rows: bySource,
      total: sourceTotal,
      chart: { kind: 'bar', category: 'source', values: ['created', 'invoiced', 'funded'] },
    }),
    table({
      id: 'lost-reasons',
      title: 'Lost reasons',
      columns: cols(['lostReason', 'Lost reason', 'text'], ['lost', 'Service vehicles', 'count']),
      rows: lostReasons,
      total: sumRows(lostReasons, ['lost'], { lostReason: 'Total' }),
      chart: { kind: 'bar', category: 'lostReason', values: ['lost'] },
    }),
    table({
      id: 'dispositions',
      title: 'Dispositions (the latest of each vehicle)',
      columns: cols(
        ['disposition', 'Disposition', 'text'],
        ['vehicles', 'Service vehicles', 'count'],
        ['invoiced', 'Invoiced', 'count'],
        ['lost', 'Lost', 'count'],
      ),
      rows: dispositions,
      total: sumRows(dispositions, ['vehicles', 'invoiced', 'lost'], { disposition: 'Total' }),
      chart: { kind: 'bar', category: 'disposition', values: ['vehicles'] },
    }),
  ];
}

/* ------------------------------------------------------------ Technicians */

const personName = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);

/**
 * Technicians: per lead technician, the jobs (invoices opened in the range, not void) and how many are
 * completed; per installer, the visits booked in the range (appointments by their time), completed
 * ones, arrivals recorded, on time (arrived no later than the scheduled time plus the grace), and
 * re-schedules (visits moved to another time: status ReSchedule).
 */
export async function techniciansReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const fr = facilityRangesCte(user, q);
  const [leads, installers] = await Promise.all([
    aggregate(
      db,
      'jobs',
      sql`with ${fr}, t as (
            select i.lead_technician_id as uid, count(*)::int as jobs,
              count(*) filter (where i.completed)::int as completed,
              count(*) filter (where i.completed and i.replacement)::int as replacements
            from ${INVOICES_IN_RANGE}
            where not i.void and i.lead_technician_id is not null
            group by 1)
          select ${personName('u')} as name, t.* from t join users u on u.id = t.uid
          order by t.completed desc, 1`,
    ),
    aggregate(
      db,
      'visits',
      sql`with ${fr}, t as (
            select a.installer_id as uid, count(*)::int as visits,
              count(*) filter (where a.status_id = 3)::int as completed,
              count(*) filter (where a.ata is not null)::int as arrivals,
              count(*) filter (where a.ata <= coalesce(a.scheduled_time, a.appointment_date_time)
                                 + make_interval(mins => ${ON_TIME_GRACE_MINUTES}))::int as "onTime",
              count(*) filter (where a.status_id = 4)::int as reschedules
            from fr join appointments a on a.facility_id = fr.id
              and a.appointment_date_time >= fr.lo and a.appointment_date_time < fr.hi
            where a.installer_id is not null
            group by 1)
          select ${personName('u')} as name, t.* from t join users u on u.id = t.uid
          order by t.completed desc, 1`,
    ),
  ]);
  const leadRows = leads.map((r) => ({
    name: r.name as string,
    jobs: num(r.jobs),
    completed: num(r.completed),
    repairs: num(r.completed) - num(r.replacements),
    replacements: num(r.replacements),
    completedShare: percent(num(r.completed), num(r.jobs)),
  }));
  const leadTotal = sumRows(leadRows, ['jobs', 'completed', 'repairs', 'replacements'], { name: 'Total' });
  leadTotal.completedShare = percent(num(leadTotal.completed), num(leadTotal.jobs));
  const installerRows = installers.map((r) => ({
    name: r.name as string,
    visits: num(r.visits),
    completed: num(r.completed),
    arrivals: num(r.arrivals),
    onTime: num(r.onTime),
    late: num(r.arrivals) - num(r.onTime),
    onTimeShare: percent(num(r.onTime), num(r.arrivals)),
    reschedules: num(r.reschedules),
  }));
  const installerTotal = sumRows(
    installerRows,
    ['visits', 'completed', 'arrivals', 'onTime', 'late', 'reschedules'],
    {
      name: 'Total',
    },
  );
  installerTotal.onTimeShare = percent(num(installerTotal.onTime), num(installerTotal.arrivals));
  return [
    table({
      id: 'lead-technicians',
      title: 'Jobs per lead technician',
      columns: cols(
        ['name', 'Lead technician', 'text'],
        ['jobs', 'Jobs', 'count'],
        ['completed', 'Completed', 'count'],
        ['repairs', 'Repairs completed', 'count'],
        ['replacements', 'Replacements completed', 'count'],
        ['completedShare', 'Completed %', 'percent'],
      ),
      rows: leadRows,
      total: leadTotal,
      chart: { kind: 'stackedBar', category: 'name', values: ['repairs', 'replacements'] },
    }),
    table({
      id: 'installers',
      title: `Installers: visits, on-time arrivals (within ${ON_TIME_GRACE_MINUTES} minutes) and re-schedules`,
      columns: cols(
        ['name', 'Installer', 'text'],
        ['visits', 'Visits', 'count'],
        ['completed', 'Completed', 'count'],
        ['arrivals', 'Arrivals recorded', 'count'],
        ['onTime', 'On time', 'count'],
        ['late', 'Late', 'count'],
        ['onTimeShare', 'On time %', 'percent'],
        ['reschedules', 'Re-schedules', 'count'],
      ),
      rows: installerRows,
      total: installerTotal,
      chart: { kind: 'stackedBar', category: 'name', values: ['onTime', 'late'] },
    }),
  ];
}

/* ------------------------------------------------------------ Receivables */

/**
 * Receivables: invoices opened in the range that reconcile would still fund (its funded button's rule,
 * RECEIVABLE_SQL: not funded, not void, not lost, total above 0), their total aged in days from
 * the local open day to the range's end day (or today, when the range ends later), by insurance company
 * (with its clearing house) and by clearing house.
 */
export async function receivablesReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  // Age in days = the local open day's distance to as_of. Instead of converting every invoice's time, each
  // bucket edge is one instant per facility: age <= k ⟺ opened at or after local midnight of (as_of − k).
  const edge = (k: number) => `((fr.as_of - ${k})::timestamp at time zone fr.tz)`;
  const sums = sql.join(
    AGE_BUCKETS.map((b) => {
      const conds = [
        ...(b.max === null ? [] : [`i.open_date_time >= ${edge(b.max)}`]),
        ...(b.min > 0 ? [`i.open_date_time < ${edge(b.min - 1)}`] : []),
      ];
      return sql`${cents(`sum(i.total_cost) filter (where ${conds.join(' and ')})`)} as ${sql.identifier(b.key)}`;
    }),
    sql`, `,
  );
  const rows = await aggregate(
    db,
    'invoices',
    sql`with ${facilityRangesCte(user, q)},
        g as (
          select i.insurance_company_id as icid, count(*)::int as invoices, ${cents('sum(i.total_cost)')} as total, ${sums}
          from ${INVOICES_IN_RANGE}
          where ${sql.raw(RECEIVABLE_SQL)}
          group by 1)
        select g.*, ic.name as "insuranceCompany", ch.id as "clearingHouseId", ch.name as "clearingHouse"
        from g left join insurance_companies ic on ic.id = g.icid left join clearing_houses ch on ch.id = ic.clearing_house_id
        order by g.total desc, 5`,
  );
  const keys = AGE_BUCKETS.map((b) => b.key);
  const bucketCols = AGE_BUCKETS.map((b) => [b.key, b.title, 'cents'] as [string, string, 'cents']);
  const byInsurer = rows.map((r) => {
    const out: Record<string, string | number | null> = {
      insuranceCompany: (r.insuranceCompany as string | null) ?? 'No insurance company',
      clearingHouse: (r.clearingHouse as string | null) ?? (r.icid === null ? '' : 'No clearing house'),
      invoices: num(r.invoices),
    };
    for (const k of keys) out[k] = num(r[k]);
    out.total = num(r.total);
    return out;
  });
  const houses = new Map<string, Record<string, string | number | null>>();
  for (const r of byInsurer) {
    const name = (r.clearingHouse as string) || 'No insurance company';
    const h = houses.get(name) ?? {
      clearingHouse: name,
      invoices: 0,
      ...Object.fromEntries(keys.map((k) => [k, 0])),
      total: 0,
    };
    for (const k of ['invoices', ...keys, 'total']) h[k] = num(h[k]) + num(r[k]);
    houses.set(name, h);
  }
  const byHouse = [...houses.values()].sort((a, b) => num(b.total) - num(a.total));
  return [
    table({
      id: 'by-insurance-company',
      title: 'Unfunded by insurance company',
      columns: cols(
        ['insuranceCompany', 'Insurance company', 'text'],
        ['clearingHouse', 'Clearing house', 'text'],
        ['invoices', 'Invoices', 'count'],
        ...bucketCols,
        ['total', 'Total', 'cents'],
      ),
      rows: byInsurer,
      total: sumRows(byInsurer, ['invoices', ...keys, 'total'], {
        insuranceCompany: 'Total',
        clearingHouse: '',
      }),
      chart: { kind: 'stackedBar', category: 'insuranceCompany', values: keys },
    }),
    table({
      id: 'by-clearing-house',
      title: 'Unfunded by clearing house',
      columns: cols(
        ['clearingHouse', 'Clearing house', 'text'],
        ['invoices', 'Invoices', 'count'],
        ...bucketCols,
        ['total', 'Total', 'cents'],
      ),
      rows: byHouse,
      total: sumRows(byHouse, ['invoices', ...keys, 'total'], { clearingHouse: 'Total' }),
      chart: { kind: 'stackedBar', category: 'clearingHouse', values: keys },
    }),
  ];
}

/* -------------------------------------------------------------- Approvals */

/**
 * Approvals: customer approval requests sent in the range (by the invoice's facility and its local days):
 * sent, viewed (the page was opened), approved, declined, unanswered, and the median minutes from
 * sending to the answer over the answered ones. Medians do not add up, so the totals line is its own
 * aggregate (the empty grouping set).
 */
export async function approvalsReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const rows = await aggregate(
    db,
    'sent',
    sql`with ${facilityRangesCte(user, q)},
        bounds as (select min(lo) as lo, max(hi) as hi from fr)
        select grouping(fr.id, a.channel)::int as g, fr.id as fid, min(fr.name) as facility, a.channel,
          count(*)::int as sent, count(*) filter (where a.page_viewed_at is not null)::int as viewed,
          count(*) filter (where a.approved)::int as approved, count(*) filter (where a.declined)::int as declined,
          round((percentile_cont(0.5) within group (order by extract(epoch from a.response_received_at - a.sent_at))
            filter (where (a.approved or a.declined) and a.response_received_at is not null) / 60)::numeric)::float8 as "medianMinutes"
        from bounds, customer_approvals a
          join invoices i on i.id = a.invoice_id
          join fr on fr.id = i.facility_id
        where a.sent_at >= bounds.lo and a.sent_at < bounds.hi and a.sent_at >= fr.lo and a.sent_at < fr.hi
        group by grouping sets ((fr.id), (a.channel), ())
        order by 1, 3, 4`,
  );
  const line = (r: Record<string, unknown>) => ({
    sent: num(r.sent),
    viewed: num(r.viewed),
    approved: num(r.approved),
    declined: num(r.declined),
    unanswered: num(r.sent) - num(r.approved) - num(r.declined),
    approvedShare: percent(num(r.approved), num(r.sent)),
    medianMinutes: r.medianMinutes === null || r.medianMinutes === undefined ? null : num(r.medianMinutes),
  });
  const figures = cols(
    ['sent', 'Sent', 'count'],
    ['viewed', 'Viewed', 'count'],
    ['approved', 'Approved', 'count'],
    ['declined', 'Declined', 'count'],
    ['unanswered', 'Unanswered', 'count'],
    ['approvedShare', 'Approved %', 'percent'],
    ['medianMinutes', 'Median time to answer (minutes)', 'minutes'],
  );
  const totalRow = rows.find((r) => num(r.g) === 3);
  const total = totalRow ? line(totalRow) : null;
  const channelLabel = (c: unknown) => (c === 'sms' ? 'Text message' : c === 'email' ? 'E-mail' : String(c));
  return [
    table({
      id: 'by-facility',
      title: 'Approval requests by facility',
      columns: [{ key: 'facility', title: 'Facility', type: 'text' }, ...figures],
      rows: rows.filter((r) => num(r.g) === 1).map((r) => ({ facility: r.facility as string, ...line(r) })),
      total: total && { facility: 'Total', ...total },
      chart: { kind: 'bar', category: 'facility', values: ['sent', 'viewed', 'approved', 'declined'] },
    }),
    table({
      id: 'by-channel',
      title: 'Approval requests by channel',
      columns: [{ key: 'channel', title: 'Channel', type: 'text' }, ...figures],
      rows: rows.filter((r) => num(r.g) === 2).map((r) => ({ channel: channelLabel(r.channel), ...line(r) })),
      total: total && { channel: 'Total', ...total },
      chart: { kind: 'bar', category: 'channel', values: ['sent', 'approved', 'declined'] },
    }),
  ];
}

export type ReportFn = (db: Db, user: SessionUser, q: ReportQuery) => Promise<ReportTable[]>;
