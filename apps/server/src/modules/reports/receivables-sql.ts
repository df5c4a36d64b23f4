/** The receivables report as SQL aggregates (reports-sql.ts, README.md "The figures"). */
import { AGE_BUCKETS } from '@glass/domain';
import type { ReportQuery, ReportTable } from '@glass/domain/contracts';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.js';
import type { Db } from '../../db/unit-of-work.js';
import { RECEIVABLE_SQL } from '../reconcile/index.js';
import { facilityRangesCte } from './scope.js';
import { aggregate } from './tables.js';
import { cols, num, sumRows, table } from './tables.js';
import { paymentTables, rejectionTables } from './receivables-claims-sql.js';
import { cents, INVOICES_IN_RANGE } from './sql-shared.js';

/**
 * Receivables: invoices opened in the range that reconcile would still fund (its funded button's rule,
 * RECEIVABLE_SQL: not funded, not void, not lost, total above 0), their total aged in days from
 * the local open day to the range's end day (or today, when the range ends later), by insurance company
 * (with its clearing house) and by clearing house.
 */
export async function receivablesReport(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
  const [unfunded, payments, rejections] = await Promise.all([
    unfundedTables(db, user, q),
    paymentTables(db, user, q),
    rejectionTables(db, user, q),
  ]);
  return [...unfunded, ...payments, ...rejections];
}

async function unfundedTables(db: Db, user: SessionUser, q: ReportQuery): Promise<ReportTable[]> {
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
