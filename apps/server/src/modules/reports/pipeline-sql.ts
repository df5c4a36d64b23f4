/** The pipeline report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
/** The pipeline report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
import { vehicleSourceLabel } from '@glass/domain';
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { facilityRangesCte } from './scope.js';
import { aggregate } from './tables.js';
import { cols, num, percent, sumRows, table } from './tables.js';

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
