import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { odataProblem } from '../../../http/odata-route.js';
import { cachedAggregate } from '../../../odata/count-cache.js';
import { ODataError } from '../../../odata/index.js';
import { planList } from '../../../odata/plan.js';
import { readOptions } from '../../../odata/query-options.js';
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
 * one aggregate. Other options ($top, $orderby …) do not change the counts and are ignored. With the
 * list's usual 30-day OpenDateTime window it reads that window through invoices_open_date_time_idx.
 */
export async function invoiceSummary(db: Database, query: Record<string, unknown>): Promise<InvoiceSummary> {
  let conditions: ReturnType<typeof planList>['conditions'];
  try {
    conditions = planList(
      invoiceListResource,
      { filter: readOptions(query).filter },
      'root',
      0,
      [],
    ).conditions;
  } catch (e) {
    if (e instanceof ODataError) throw odataProblem(e);
    throw e;
  }
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  // Like the list's own count, a summary of 10,000 invoices or more is reused for 5 s (decision 0004).
  return cachedAggregate(
    sql`select count(*)::int as total, count(*) filter (where i.submitted)::int as submitted,
          count(*) filter (where i.signed)::int as signed, count(*) filter (where i.replacement)::int as replacement
        from ${sql.raw(invoiceListResource.from)}${where}`,
    async (q) => (await db.rows<InvoiceSummary>(q))[0],
    (summary) => summary.total,
  );
}
