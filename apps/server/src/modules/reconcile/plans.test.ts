import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { compileODataQuery, renderSql } from '../../odata/index.js';
import { planList } from '../../odata/plan.js';
import { depositResource } from '../deposits/index.js';
import { reconcileScope } from './list-service.js';
import { reconcileResource } from './resource.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/**
 * The plan of a statement with sequential scans and full sorts priced out of reach (the seeded test data is
 * small, so PostgreSQL would otherwise scan): which index serves it, as on the million-invoice database.
 */
async function planOf(query: SQL, only?: 'index-only'): Promise<string> {
  const { sql: text, params } = renderSql(query);
  const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v));
  return app.deps.db.orm.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    if (only === 'index-only') await tx.execute(sql`set local enable_bitmapscan = off`);
    const inlined = text.replace(
      /\$(\d+)(::\w+)?/g,
      (_, n, cast) => `${literal(params[Number(n) - 1])}${cast ?? ''}`,
    );
    const rows = (await tx.execute(sql.raw(`explain ${inlined}`))).rows as Record<string, string>[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

/** The totals statement of a request (list-service.ts reconcileTotals). */
const totals = (filter: string | undefined, scope: SQL) => {
  const { conditions } = planList(reconcileResource, { filter }, 'root', 0, [sql`(${scope})`]);
  return sql`select count(*), sum(i.labor_cost), sum(i.parts_cost), sum(i.tax_cost), sum(i.total_cost)
             from invoices i where ${sql.join(conditions, sql` and `)}`;
};

describe('reconcile and deposits read indexes (issue #20 speed: a year of a large chain)', () => {
  it('the default request: the page in OpenDateTime order; the totals can come from the index alone', async () => {
    const scope = reconcileScope({});
    const page = compileODataQuery(reconcileResource, { $top: '100' }, { extraWhere: scope }).dataSql;
    expect(await planOf(page)).toMatch(/Index Scan Backward using invoices_(open_date_time|reconcile)_idx/);
    expect(await planOf(totals(undefined, scope))).not.toContain('Seq Scan');
    // Vacuumed (the visibility map set, as autovacuum keeps it), the sums and the usual filters read the
    // migration 0015 index alone: it holds every column they need.
    await app.deps.db.rows(sql`vacuum analyze invoices`);
    for (const filter of [undefined, 'isFinalized eq false and paymentTypeId eq 1 and facilityId eq 1'])
      expect(await planOf(totals(filter, scope), 'index-only'), filter).toContain(
        'Index Only Scan using invoices_reconcile_idx',
      );
  });

  it('an insurer name is a semi-join on the insurer index, never a name per invoice', async () => {
    const plan = await planOf(totals(undefined, reconcileScope({ insuranceCompanyName: 'state' })));
    expect(plan).toMatch(/invoices_(insurer|reconcile)_idx/);
    expect(plan).not.toMatch(/Seq Scan|SubPlan/);
  });

  it('sold to, reference and invoice number fragments and the exact total have their indexes', async () => {
    for (const [filter, index] of [
      ["contains(buyerName,'garcia')", 'invoices_sold_to_trgm_idx'],
      ["contains(referenceNumber,'ab12')", 'invoices_reference_number_trgm_idx'],
      ["contains(invoiceNumber,'1234')", 'invoices_id_text_trgm_idx'],
      ['totalCost eq 64.90', /invoices_(total_cost|reconcile)_idx/],
    ] as const)
      expect(await planOf(totals(filter, sql`true`)), filter).toMatch(index);
  });

  it('the Deposits list, newest first, by facility and by creator', async () => {
    const plan = (query: Record<string, string>) => planOf(compileODataQuery(depositResource, query).dataSql);
    expect(await plan({ $top: '50' })).toMatch(/Index Scan Backward using deposit_invoices_created_at_idx/);
    expect(await plan({ $top: '50', $filter: 'facilityId eq 1' })).toContain('deposit_invoices_facility_idx');
    expect(await plan({ $top: '50', $filter: 'createdById eq 5' })).toContain(
      'deposit_invoices_created_by_idx',
    );
  });
});
