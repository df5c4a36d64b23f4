/** The approvals report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { facilityRangesCte } from './scope.js';
import { aggregate } from './tables.js';
import { cols, num, percent, table } from './tables.js';

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
