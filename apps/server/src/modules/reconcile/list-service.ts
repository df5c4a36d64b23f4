import type { ReconcileQuery, ReconcileTotals } from '@glass/domain/contracts/reconcile';
import { defaultReconcileRange, toCents } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { odataContext, odataProblem } from '../../http/odata-route.js';
import { cachedAggregate } from '../../odata/count-cache.js';
import { likeContains, ODataError, runODataCount, runODataQuery } from '../../odata/index.js';
import { planList } from '../../odata/plan.js';
import { readOptions } from '../../odata/query-options.js';
import { reconcileResource } from './resource.js';

/**
 * What the route adds to `$filter`: OpenDateTime between start and end (spec 2 §5; by default the start of
 * the day one year ago to the end of today, §2), and the looked-up names by case-insensitive fragment
 * (spec 2 §5 "client-side filters"). A name filter is a semi-join on the small table of names, so the
 * invoices are read through their (id, open_date_time) indexes rather than a name per row.
 */
export function reconcileScope(query: ReconcileQuery, now = new Date()): SQL {
  const range = defaultReconcileRange(now);
  const start = query.start ?? range.start.toISOString();
  const end = query.end ?? range.end.toISOString();
  if (Date.parse(end) < Date.parse(start)) throw badRequest('end', 'End must not be before start');
  const conditions = [
    sql`i.open_date_time >= ${start}::timestamptz`,
    sql`i.open_date_time <= ${end}::timestamptz`,
  ];
  const fragment = (text: string | undefined) => (text?.trim() ? likeContains(text.trim()) : undefined);
  const insurer = fragment(query.insuranceCompanyName);
  if (insurer)
    conditions.push(
      sql`i.insurance_company_id in (select x.id from insurance_companies x where x.name ilike ${insurer})`,
    );
  const facility = fragment(query.facilityName);
  if (facility)
    conditions.push(sql`i.facility_id in (select x.id from facilities x where x.name ilike ${facility})`);
  const leadTech = fragment(query.leadTechnicianName);
  if (leadTech)
    conditions.push(
      sql`i.lead_technician_id in (select x.id from users x where x.first_name || ' ' || x.last_name ilike ${leadTech})`,
    );
  return sql.join(conditions, sql` and `);
}

/**
 * The count and money sums of every invoice the request selects (its `$filter` and the route's scope), in
 * one aggregate: exact numeric sums in SQL, read as integer cents by the domain's money (invoice-money.ts).
 * Like the list's count, a sum over 10,000 invoices or more is reused for 5 s (decision 0004); the
 * migration 0015 index serves it from the index alone.
 */
export async function reconcileTotals(
  db: Database,
  query: Record<string, unknown>,
  scope: SQL,
): Promise<ReconcileTotals> {
  const { conditions } = planList(reconcileResource, { filter: readOptions(query).filter }, 'root', 0, [
    sql`(${scope})`,
  ]);
  const row = await cachedAggregate(
    sql`select count(*)::int as count, coalesce(sum(i.labor_cost), 0)::text as labor,
          coalesce(sum(i.parts_cost), 0)::text as parts, coalesce(sum(i.tax_cost), 0)::text as tax,
          coalesce(sum(i.total_cost), 0)::text as total
        from ${sql.raw(reconcileResource.from)} where ${sql.join(conditions, sql` and `)}`,
    async (q) =>
      (await db.rows<{ count: number; labor: string; parts: string; tax: string; total: string }>(q))[0],
    (totals) => totals.count,
  );
  return {
    count: row.count,
    laborCents: toCents(row.labor),
    partsCents: toCents(row.parts),
    taxCents: toCents(row.tax),
    totalCents: toCents(row.total),
  };
}

/**
 * A page of the list (text built by PostgreSQL, as every list) with `totals` for the whole selection and,
 * when `$count` was not asked, `@odata.count` from those totals (the same number, counted once).
 */
export async function reconcilePage(
  db: Database,
  query: ReconcileQuery & Record<string, unknown>,
  baseUrl: string,
  maxPageSize?: number,
  facilities?: SQL,
): Promise<string> {
  const range = reconcileScope(query);
  const scope = facilities ? sql`${range} and ${facilities}` : range;
  try {
    const [body, totals] = await Promise.all([
      runODataQuery((q) => db.listRows(q), reconcileResource, query, {
        baseUrl,
        rawQuery: query,
        extraWhere: scope,
        maxPageSize,
        context: odataContext(reconcileResource),
      }),
      reconcileTotals(db, query, scope),
    ]);
    const counted = String(readOptions(query).count ?? '').toLowerCase() === 'true';
    const count = counted ? '' : `"@odata.count":${totals.count},`;
    return `{${count}${body.slice(1, -1)},"totals":${JSON.stringify(totals)}}`;
  } catch (e) {
    if (e instanceof ODataError) throw odataProblem(e);
    throw e;
  }
}

/** `GET /api/ReconcileInvoices/$count`: the rows the filter and the route's range and names select. */
export async function reconcileCount(
  db: Database,
  query: ReconcileQuery & Record<string, unknown>,
  facilities?: SQL,
) {
  const range = reconcileScope(query);
  try {
    return await runODataCount((q) => db.listRows(q), reconcileResource, query, {
      extraWhere: facilities ? sql`${range} and ${facilities}` : range,
    });
  } catch (e) {
    if (e instanceof ODataError) throw odataProblem(e);
    throw e;
  }
}
