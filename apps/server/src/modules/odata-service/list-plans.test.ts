import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app.js';
import { compileODataQuery, renderSql } from '../../odata/index.js';
import type { ODataResource } from '../../odata/types.js';
import {
  finalizingInvoicesResource,
  invoiceListResource,
  outstandingInvoicesResource,
} from '../invoices/index.js';
import { serviceVehicleListResource } from '../service-vehicles/index.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/**
 * The plan of a screen's list statement with full sorts and sequential scans priced out of reach: when an
 * index delivers the order (its NULLS placement matching the query's), the plan reads that index and at
 * most adds the key as an incremental sort over the presorted index order. (The seeded test data is small,
 * so without this PostgreSQL may prefer a sequential scan and a sort.)
 */
async function planOf(query: SQL): Promise<string> {
  const { sql: text, params } = renderSql(query);
  return app.deps.db.orm.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const inlined = text.replace(
      /\$(\d+)(::\w+)?/g,
      (_, n, cast) => `${literal(params[Number(n) - 1])}${cast ?? ''}`,
    );
    const rows = (await tx.execute(sql.raw(`explain ${inlined}`))).rows as Record<string, string>[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v));

/** The page statement of a list request as the route compiles it. */
const page = (resource: ODataResource, query: Record<string, string>) =>
  compileODataQuery(resource, query).dataSql;

describe('list orders with nulls first ascending still read their indexes in order', () => {
  it('the invoice list (default order lost, followUpAt asc nulls first, openDateTime desc)', async () => {
    const plan = await planOf(
      page(invoiceListResource, { $top: '250', $filter: 'openDateTime ge 2024-01-01T00:00:00Z' }),
    );
    // The index ends in the key (migration 0025): it delivers the whole order, no sort at all.
    expect(plan).toContain('Index Scan using invoices_list_order_idx');
    expect(plan).not.toMatch(/Sort {2}/);
  });

  it('the invoice list is read part by part, each part seeking its OpenDateTime window in that index', async () => {
    const compiled = compileODataQuery(invoiceListResource, {
      $top: '250',
      $filter: 'openDateTime ge 2024-01-01T00:00:00Z and openDateTime lt 2024-02-01T00:00:00Z',
    });
    expect(compiled.partitioned?.parts).toBe(4);
    for (let i = 0; i < 4; i++) {
      const plan = await planOf(compiled.partitioned!.keys(i, 250));
      expect(plan).toContain('invoices_list_order_idx');
      // The window is part of the index condition (a range after the equalities), not a filter on a walk.
      expect(plan).toMatch(
        /Index Cond: \(\(lost = (false|true)\) AND \(follow_up_at IS (NOT )?NULL\) AND \(open_date_time >=/,
      );
    }
  });

  it("a facility's window reads a list order index, and the facility's one exists in list order", async () => {
    const compiled = compileODataQuery(invoiceListResource, {
      $top: '250',
      $filter:
        'openDateTime ge 2024-01-01T00:00:00Z and openDateTime lt 2024-02-01T00:00:00Z and facilityId eq 1',
    });
    // Which of the two list order indexes a small test database prefers varies (PGlite and PostgreSQL
    // differ); on the million-invoice bench database the facility's is an index-only range (bench/RESULTS.md).
    for (let i = 0; i < 4; i++) {
      const plan = await planOf(compiled.partitioned!.keys(i, 250));
      expect(plan).toMatch(/Index (Only )?Scan using invoices_list_(facility_)?order_idx/);
      expect(plan).not.toMatch(/Sort {2}/);
    }
    const [index] = await app.deps.db.rows<{ def: string }>(
      sql`select indexdef as def from pg_indexes where indexname = 'invoices_list_facility_order_idx'`,
    );
    expect(index.def).toContain('(facility_id, lost, follow_up_at NULLS FIRST, open_date_time DESC, id)');
  });

  it('the finalizing queue (submittedAt asc nulls first)', async () => {
    const plan = await planOf(page(finalizingInvoicesResource, { $top: '250' }));
    expect(plan).toContain('invoices_finalizing_idx');
    expect(plan).toContain('Presorted Key: i.submitted_at');
  });

  it('the outstanding invoices (openDateTime asc: NOT NULL, no NULLS clause)', async () => {
    const plan = await planOf(page(outstandingInvoicesResource, { $top: '25' }));
    expect(plan).toMatch(/invoices_(outstanding|open_date_time)_idx/);
    expect(plan).toContain('Presorted Key: i.open_date_time');
  });

  it('the service vehicles of the service drive ($orderby=id desc)', async () => {
    const plan = await planOf(page(serviceVehicleListResource, { $top: '50', $orderby: 'id desc' }));
    expect(plan).toMatch(/Index.* Scan Backward/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('a service vehicle key page of the priority list (one priority, id desc)', async () => {
    const compiled = compileODataQuery(serviceVehicleListResource, {
      $top: '100',
      $orderby: 'priority asc,id desc',
    });
    const plan = await planOf(compiled.partitioned!.keys(0, 100));
    expect(plan).toMatch(/service_vehicles_(priority|open)_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
