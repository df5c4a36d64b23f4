import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { invoiceListResource } from '../modules/invoices/index.js';
import { serviceVehicleListResource } from '../modules/service-vehicles/index.js';
import { compileODataQuery } from './compile.js';
import { renderSql } from './render-sql.js';
import type { ODataResource } from './types.js';

/**
 * Migration 0011: fragment searches (contains/startswith/endswith, ILIKE) are served by pg_trgm GIN indexes,
 * on PGlite (its contrib extension, loaded in db/client.ts) and on PostgreSQL. The test data is small, so
 * sequential and plain index scans are switched off for the EXPLAIN: what is checked is that the compiled
 * condition has the shape the index serves (`i.vin ILIKE …`, also for `contains(tolower(vin), …)`). On so few
 * rows the planner may even read the VIN's equality btree whole as a bitmap; it is dropped for the EXPLAIN.
 */
let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.admin);
});
afterAll(() => app.close());

/** The plan (EXPLAIN text) of a statement, with seq and plain index scans off, in a rolled-back transaction. */
async function planOf(text: string, params: unknown[]): Promise<string> {
  const db = app.deps.db;
  // The btree on the VIN (equality searches) could still be read whole as a bitmap: dropped here, rolled back.
  const settings =
    'set local enable_seqscan = off; set local enable_indexscan = off; drop index invoices_vin_idx;';
  if (db.pool) {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(settings);
      const res = await client.query(`explain ${text}`, params);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await client.query('rollback');
      client.release();
    }
  }
  return db.pglite!.transaction(async (tx) => {
    await tx.exec(settings);
    const res = await tx.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
    await tx.rollback();
    return plan;
  });
}

async function planOfList(resource: ODataResource, query: Record<string, string>) {
  const compiled = compileODataQuery(resource, query);
  // A search the list's search copy answers reads its page's keys there (migration 0028).
  const data = renderSql(compiled.copied?.keys ?? compiled.dataSql);
  const count = renderSql(compiled.countSql!);
  return {
    copied: compiled.copied !== undefined,
    data: await planOf(data.sql, data.params),
    count: await planOf(count.sql, count.params),
  };
}

/** A fragment of a stored VIN (characters 4–7), so the search finds something. */
async function vinFragment(table: 'invoices' | 'service_vehicles'): Promise<string> {
  const [row] = await app.deps.db.rows<{ vin: string }>(
    sql`select vin from ${sql.raw(table)} where length(vin) >= 17 order by id limit 1`,
  );
  return row.vin.slice(3, 7).toLowerCase();
}

describe('trigram indexes (migration 0011)', () => {
  it('pg_trgm is installed', async () => {
    const rows = await app.deps.db.rows(sql`select 1 from pg_extension where extname = 'pg_trgm'`);
    expect(rows).toHaveLength(1);
  });

  it('contains(tolower(vin), …) on the invoice list reads the search copy through its VIN trigram index, page and count', async () => {
    const fragment = await vinFragment('invoices');
    const plans = await planOfList(invoiceListResource, {
      $filter: `contains(tolower(vin),'${fragment}')`,
      $top: '50',
      $count: 'true',
    });
    expect(plans.copied).toBe(true);
    expect(plans.data).toContain('invoice_search_vin_trgm_idx');
    expect(plans.count).toContain('invoice_search_vin_trgm_idx');
  });

  it('with a filter on a field the copy lacks, the same search reads the invoices through their VIN trigram index', async () => {
    const fragment = await vinFragment('invoices');
    const plans = await planOfList(invoiceListResource, {
      $filter: `contains(tolower(vin),'${fragment}') and flagged eq false`,
      $top: '50',
      $count: 'true',
    });
    expect(plans.copied).toBe(false);
    expect(plans.data).toContain('invoices_vin_trgm_idx');
    expect(plans.count).toContain('invoices_vin_trgm_idx');
  });

  it('the service vehicle search box (VIN, RO number or tag) is a bitmap OR of trigram indexes', async () => {
    const plans = await planOfList(serviceVehicleListResource, {
      $filter:
        "contains(vehicle/vin,'abc') or contains(repairOrder/repairOrderNumber,'abc') or contains(vehicle/licenseTag,'abc')",
      $count: 'true',
    });
    for (const index of [
      'service_vehicles_vin_trgm_idx',
      'service_vehicles_repair_order_number_trgm_idx',
      'service_vehicles_license_tag_trgm_idx',
    ]) {
      expect(plans.count).toContain(index);
    }
  });

  it("the global search's customer name prefix uses the lower(last_name) trigram index", async () => {
    const plan = await planOf('select c.id from customers c where lower(c.last_name) like $1 limit 2000', [
      'smi%',
    ]);
    expect(plan).toContain('customers_last_name_trgm_idx');
  });

  it('answers the same rows as a plain case-insensitive substring match', async () => {
    const fragment = await vinFragment('invoices');
    const expected = await app.deps.db.rows<{ id: number }>(
      sql`select id from invoices where strpos(lower(vin), ${fragment}) > 0 order by id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const filter of [
      `contains(tolower(vin),'${fragment}')`,
      `contains(vin,'${fragment.toUpperCase()}')`,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/Invoices?$filter=${encodeURIComponent(filter)}&$select=id&$orderby=id&$top=500&$count=true`,
        headers: auth(token),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body['@odata.count']).toBe(expected.length);
      expect(body.value.map((r: { id: number }) => r.id)).toEqual(expected.slice(0, 500).map((r) => r.id));
    }
  });
});
