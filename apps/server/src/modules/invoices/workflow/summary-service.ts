import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { odataProblem } from '../../../http/odata-route.js';
import { cachedAggregate } from '../../../odata/count-cache.js';
import { ODataError } from '../../../odata/index.js';
import { planList } from '../../../odata/plan.js';
import { readOptions } from '../../../odata/query-options.js';
import { copyServes, valueCountsOf } from '../../../odata/render-list.js';
import { invoiceListResource } from '../list/list-resource.js';

export interface InvoiceSummary {
  total: number;
  submitted: number;
  signed: number;
  replacement: number;
}

/**
 * GET /api/Invoices/summary (spec 2 §7 "selects Id, Submitted, Signed, Replacement"): the counts of the
 * invoices the list's `$filter` selects, compiled by the same OData engine over the list's resource, in
 * one aggregate. Other options ($top, $orderby …) do not change the counts and are ignored. It reads where the
 * list's own count does: a filter on the customer's name alone sums the counts by name (migration 0029, decision
 * 0015); a fragment search the search copy holds reads the copy; anything else the invoices (with the list's
 * usual 30-day OpenDateTime window, that window through invoices_open_date_time_idx).
 */
export async function invoiceSummary(db: Database, query: Record<string, unknown>): Promise<InvoiceSummary> {
  let plan: ReturnType<typeof planList>;
  try {
    plan = planList(invoiceListResource, { filter: readOptions(query).filter }, 'root', 0, []);
  } catch (e) {
    if (e instanceof ODataError) throw odataProblem(e);
    throw e;
  }
  const { conditions } = plan;
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  const byName = valueCountsOf(plan);
  const from = copyServes(plan) ? invoiceListResource.searchCopy!.from : invoiceListResource.from;
  const statement = byName
    ? sql`select coalesce(sum(n), 0)::int as total, coalesce(sum(n_submitted), 0)::int as submitted,
          coalesce(sum(n_signed), 0)::int as signed, coalesce(sum(n_replacement), 0)::int as replacement
        from ${sql.raw(byName)}${where}`
    : sql`select count(*)::int as total, count(*) filter (where i.submitted)::int as submitted,
          count(*) filter (where i.signed)::int as signed, count(*) filter (where i.replacement)::int as replacement
        from ${sql.raw(from)}${where}`;
  // Like the list's own count, a summary of 10,000 invoices or more is reused for 5 s (decision 0004).
  return cachedAggregate(
    statement,
    async (q) => (await db.rows<InvoiceSummary>(q))[0],
    (summary) => summary.total,
  );
}
