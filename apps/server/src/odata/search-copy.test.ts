import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { jobsOf } from '../jobs/index.js';
import {
  compactNameCounts,
  invoiceListResource,
  NAME_COUNTS_COMPACT,
  outstandingInvoicesResource,
  startNameCountCompaction,
} from '../modules/invoices/index.js';
import { compileODataQuery } from './compile.js';
import { renderSql } from './render-sql.js';

/**
 * Migration 0028: the invoice list's fragment searches are counted and ordered in a narrow copy of the invoices
 * (invoice_search), kept by triggers, and their page's rows read from invoices by key. Checked here: the copy
 * equals the invoices after the seed and after every kind of write by plain SQL, and a search answers the same
 * page, count and next page through the copy as through the invoices.
 */
let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.admin);
});
afterAll(() => app.close());

const COLUMNS = `id, facility_id, lost, follow_up_at, open_date_time, vin, sold_to, reference_number, claim_number,
  ro_number, customer_phone, license_plate, service_tag, service_address_line1, service_city, service_zip,
  vehicle_year, vehicle_make, vehicle_model, submitted, signed, replacement`;

/** Invoices whose copy is missing, left over or different (ids, at most 10). */
async function differences(ids?: number[]): Promise<number[]> {
  const only = ids ? sql.raw(` and coalesce(a.id, b.id) in (${ids.map(Number).join(', ')})`) : sql``;
  const rows = await app.deps.db.rows<{ id: number }>(
    sql`select coalesce(a.id, b.id) as id from (select ${sql.raw(COLUMNS)} from invoices) a
        full join invoice_search b on b.id = a.id
       where (a.*) is distinct from (b.*)${only} limit 10`,
  );
  return rows.map((r) => r.id);
}

/** Pages of 20 rows (the client's page size: `$top` would limit the whole list, and end the links). */
const PAGES_OF_20 = () => ({ ...auth(token), prefer: 'odata.maxpagesize=20' });

async function list(filter: string, extra = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/Invoices?$filter=${encodeURIComponent(filter)}&$count=true&$select=id,soldTo,vin${extra}`,
    headers: PAGES_OF_20(),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { value: { id: number }[]; '@odata.count': number; '@odata.nextLink'?: string };
}

async function follow(link: string) {
  const url = new URL(link, 'http://localhost');
  const res = await app.inject({ method: 'GET', url: url.pathname + url.search, headers: PAGES_OF_20() });
  expect(res.statusCode).toBe(200);
  return res.json() as { value: { id: number }[]; '@odata.count'?: number; '@odata.nextLink'?: string };
}

/** Runs plain SQL text and returns its rows: on the app's database, or on a connection of a test's own. */
type RunSql = (text: string) => Promise<Record<string, unknown>[]>;
const onApp: RunSql = (text) => app.deps.db.rows(sql.raw(text));

/**
 * A copy of invoice `from` under a new id, by plain SQL (every column the table lets one write), with `changes`
 * applied; `run` may be a connection holding a transaction open.
 */
async function copyInvoice(from: number, changes: string, run: RunSql = onApp): Promise<number> {
  const cols = await run(
    `select column_name as name from information_schema.columns
      where table_name = 'invoices' and table_schema = current_schema() and is_generated = 'NEVER'
        and column_name <> 'id' order by ordinal_position`,
  );
  const names = cols.map((c) => `"${c.name}"`).join(', ');
  const [row] = await run(
    `insert into invoices (${names}) select ${names} from invoices where id = ${Number(from)} returning id`,
  );
  const id = Number(row.id);
  await run(`update invoices set ${changes} where id = ${id}`);
  return id;
}

describe('the invoice search copy (migration 0028)', () => {
  it('holds every invoice with the same values', async () => {
    expect(await differences()).toEqual([]);
    const [{ n }] = await app.deps.db.rows<{ n: number }>(sql`select count(*)::int as n from invoice_search`);
    expect(n).toBeGreaterThan(0);
  });

  it('follows inserts, updates of each copied column, and deletes made by plain SQL', async () => {
    const [{ id: source }] = await app.deps.db.rows<{ id: number }>(sql`select min(id) as id from invoices`);
    const id = await copyInvoice(source, "sold_to = 'Qazwsx Copytest'");
    expect(await differences([id])).toEqual([]);
    let body = await list("contains(soldTo,'qazwsx')");
    expect(body['@odata.count']).toBe(1);
    expect(body.value.map((r) => r.id)).toEqual([id]);

    for (const change of [
      "vin = 'QZW1COPYTEST00001'",
      "sold_to = 'Wsxedc Copytest', customer_phone = '555-0199'",
      'lost = not lost',
      "follow_up_at = now() + interval '3 days'",
      "open_date_time = open_date_time - interval '400 days'",
      'facility_id = (select max(id) from facilities)',
      "reference_number = 'REF-QZW', claim_number = 'CLM-QZW', ro_number = 'RO-QZW'",
      "license_plate = 'QZW 123', service_tag = 'TAGQZW'",
      "service_address_line1 = '1 Qzw Way', service_city = 'Qzwville', service_zip = '99999'",
      "vehicle_year = 1999, vehicle_make = 'Qzwmake', vehicle_model = 'Qzwmodel'",
      'submitted = not submitted, signed = not signed',
      'replacement = not replacement',
    ]) {
      await app.deps.db.rows(sql.raw(`update invoices set ${change} where id = ${id}`));
      expect(await differences([id]), change).toEqual([]);
    }
    body = await list("contains(soldTo,'wsxedc') and contains(vin,'copytest')");
    expect(body.value.map((r) => r.id)).toEqual([id]);
    expect((await list("contains(soldTo,'qazwsx')"))['@odata.count']).toBe(0);

    await app.deps.db.rows(sql`delete from invoices where id = ${id}`);
    expect(await differences([id])).toEqual([]);
    expect((await list("contains(soldTo,'wsxedc')"))['@odata.count']).toBe(0);
  });

  it('answers a search as the invoices do: page, count and the next page', async () => {
    const [row] = await app.deps.db.rows<{ vin: string; sold_to: string; facility_id: number; open: string }>(
      sql`select vin, sold_to, facility_id, to_char(open_date_time at time zone 'UTC', 'YYYY-MM-DD') as open
            from invoices where length(vin) >= 17 and sold_to like '% %' order by id limit 1`,
    );
    const name = row.sold_to.split(' ')[0].slice(0, 3);
    const filters = [
      `contains(tolower(vin),'${row.vin.slice(4, 7).toLowerCase()}')`,
      `contains(soldTo,'${name}')`,
      `contains(soldTo,'${name.slice(0, 1)}')`,
      `contains(soldTo,'${name}') and facilityId eq ${row.facility_id}`,
      `contains(soldTo,'${name}') and openDateTime lt ${row.open}T00:00:00Z`,
      `contains(soldTo,'${name}') or contains(serviceAddress/city,'${name}')`,
      `startswith(soldTo,'${name}') and lost eq false`,
    ];
    let found = 0;
    let linked = 0;
    for (const filter of filters) {
      expect(compileODataQuery(invoiceListResource, { $filter: filter }).copied, filter).toBeDefined();
      // A condition on a field the copy lacks that holds for every row: the same search through the invoices.
      const plain = `(${filter}) and notesCount ge 0`;
      expect(compileODataQuery(invoiceListResource, { $filter: plain }).copied).toBeUndefined();
      for (const extra of ['', '&$orderby=id desc', '&$orderby=soldTo,id&$skip=3']) {
        const a = await list(filter, extra);
        const b = await list(plain, extra);
        expect(a['@odata.count'], `${filter} ${extra}`).toBe(b['@odata.count']);
        expect(a.value, `${filter} ${extra}`).toEqual(b.value);
        expect(!!a['@odata.nextLink']).toBe(!!b['@odata.nextLink']);
        found += a.value.length;
        if (a['@odata.nextLink']) linked++;
        if (a['@odata.nextLink'] && b['@odata.nextLink']) {
          const [nextA, nextB] = [await follow(a['@odata.nextLink']), await follow(b['@odata.nextLink'])];
          expect(nextA.value).toEqual(nextB.value);
          // The count on the next page is still every match's, not the rows after the position.
          expect(nextA['@odata.count']).toBe(a['@odata.count']);
        }
      }
    }
    // The searches found rows, and some had a next page to follow.
    expect(found).toBeGreaterThan(20);
    expect(linked).toBeGreaterThan(0);
  });

  it('is not used by the lists that add a condition of their own', () => {
    const filter = { $filter: "contains(soldTo,'abc')" };
    expect(compileODataQuery(invoiceListResource, filter).copied).toBeDefined();
    expect(
      compileODataQuery(invoiceListResource, filter, { extraWhere: sql`i.facility_id = 1` }).copied,
    ).toBeUndefined();
    // Without a fragment the list's own indexes serve the request.
    expect(compileODataQuery(invoiceListResource, { $filter: "soldTo eq 'abc'" }).copied).toBeUndefined();
  });
});

/**
 * Names whose invoices in the copy (all, submitted, signed, replacement) and sums in invoice_sold_to_counts differ
 * (at most 10; null shown as null).
 */
async function countDifferences(): Promise<(string | null)[]> {
  const rows = await app.deps.db.rows<{ sold_to: string | null }>(
    sql`with copy as (select sold_to, count(*)::int, count(*) filter (where submitted)::int,
            count(*) filter (where signed)::int, count(*) filter (where replacement)::int
            from invoice_search group by sold_to),
          counted as (select sold_to, sum(n)::int, sum(n_submitted)::int, sum(n_signed)::int, sum(n_replacement)::int
            from invoice_sold_to_counts group by sold_to
            having (sum(n), sum(n_submitted), sum(n_signed), sum(n_replacement)) <> (0, 0, 0, 0))
        select sold_to from ((table copy except table counted) union all (table counted except table copy)) d limit 10`,
  );
  return rows.map((r) => r.sold_to);
}

async function nameRows(name: string | null) {
  return app.deps.db.rows<{ n: number; fresh: boolean }>(
    sql`select n, fresh from invoice_sold_to_counts where sold_to is not distinct from ${name} order by fresh, n`,
  );
}

/** GET /api/Invoices/summary (the list's header counts) for a filter. */
async function summary(filter: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/Invoices/summary?$filter=${encodeURIComponent(filter)}`,
    headers: auth(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; submitted: number; signed: number; replacement: number };
}

/** Whether a list's count is read from the counts by name. */
const countedByName = (filter: string, opts = {}, resource = invoiceListResource) =>
  renderSql(compileODataQuery(resource, { $filter: filter, $count: 'true' }, opts).countSql!).sql.includes(
    'invoice_sold_to_counts',
  );

describe('the invoice list counts by customer name (migration 0029)', () => {
  it('hold as many invoices per name as the copy, after the seed and after every kind of write', async () => {
    expect(await countDifferences()).toEqual([]);
    const [{ id: source }] = await app.deps.db.rows<{ id: number }>(sql`select min(id) as id from invoices`);
    const a = await copyInvoice(source, "sold_to = 'Plokij Counttest'");
    const b = await copyInvoice(source, "sold_to = 'Plokij Counttest'");
    expect(await countDifferences()).toEqual([]);
    // A change of another copied column adds no row; a change of a counted flag does.
    const before = (await nameRows('Plokij Counttest')).length;
    await app.deps.db.rows(
      sql`update invoices set lost = not lost, vin = 'PLK1COUNTTEST0001' where id = ${a}`,
    );
    expect((await nameRows('Plokij Counttest')).length).toBe(before);
    await app.deps.db.rows(
      sql`update invoices set submitted = not submitted, signed = not signed, replacement = not replacement where id = ${a}`,
    );
    expect((await nameRows('Plokij Counttest')).length).toBe(before + 1);
    expect(await countDifferences()).toEqual([]);
    // Renamed, emptied (null), several rows in one statement, deleted.
    await app.deps.db.rows(sql`update invoices set sold_to = 'Mnbvcx Counttest' where id = ${a}`);
    await app.deps.db.rows(sql`update invoices set sold_to = null where id = ${b}`);
    expect(await countDifferences()).toEqual([]);
    await app.deps.db.rows(
      sql`update invoices set sold_to = case when id = ${a} then null else 'Plokij Counttest' end where id in (${a}, ${b})`,
    );
    expect(await countDifferences()).toEqual([]);
    await app.deps.db.rows(sql`delete from invoices where id in (${a}, ${b})`);
    expect(await countDifferences()).toEqual([]);
    expect((await list("contains(soldTo,'counttest')"))['@odata.count']).toBe(0);
  });

  it('are summed into one row per name by the compaction, with the same counts', async () => {
    const [{ id: source }] = await app.deps.db.rows<{ id: number }>(sql`select min(id) as id from invoices`);
    const ids = [
      await copyInvoice(source, "sold_to = 'Yhnujm Compacttest'"),
      await copyInvoice(source, "sold_to = 'Yhnujm Compacttest'"),
      await copyInvoice(source, "sold_to = 'Tgbrfv Compacttest'"),
      await copyInvoice(source, 'sold_to = null'),
    ];
    await app.deps.db.rows(sql`delete from invoices where id = ${ids[2]}`);
    expect((await nameRows('Yhnujm Compacttest')).length).toBeGreaterThan(1);
    const counted = (await list("contains(soldTo,'compacttest')"))['@odata.count'];
    expect(counted).toBe(2);

    expect(await compactNameCounts(app.deps.db)).toBeGreaterThanOrEqual(3);
    expect(await nameRows('Yhnujm Compacttest')).toEqual([{ n: 2, fresh: false }]);
    // A name no invoice holds any more has no row left; the null name is one row.
    expect(await nameRows('Tgbrfv Compacttest')).toEqual([]);
    expect((await nameRows(null)).length).toBe(1);
    expect(await countDifferences()).toEqual([]);
    expect((await list("contains(soldTo,'compacttest')"))['@odata.count']).toBe(counted);
    // Nothing fresh, nothing to merge.
    expect(await compactNameCounts(app.deps.db)).toBe(0);
    await app.deps.db.rows(sql`delete from invoices where id in (${ids[0]}, ${ids[1]}, ${ids[3]})`);
    expect(await countDifferences()).toEqual([]);
  });

  it('count a filter on the name alone as the invoices do', async () => {
    const [{ id: source }] = await app.deps.db.rows<{ id: number }>(sql`select min(id) as id from invoices`);
    const nameless = await copyInvoice(source, 'sold_to = null');
    const [row] = await app.deps.db.rows<{ sold_to: string }>(
      sql`select sold_to from invoices where sold_to like '% %' order by id limit 1`,
    );
    const [first, last] = row.sold_to.split(' ');
    const quoted = row.sold_to.replace(/'/g, "''");
    const filters = [
      `contains(soldTo,'${last.slice(0, 4)}')`,
      `contains(tolower(soldTo),'${last.slice(0, 3).toLowerCase()}')`,
      `contains(soldTo,'${last.slice(0, 2)}')`,
      `startswith(soldTo,'${first.slice(0, 2)}')`,
      `endswith(soldTo,'${last.slice(-3)}')`,
      `not contains(soldTo,'${last.slice(0, 3)}')`,
      `soldTo eq '${quoted}'`,
      'soldTo eq null',
      'soldTo ne null',
      `soldTo eq '${quoted}' or soldTo eq null`,
      `contains(soldTo,'${first.slice(0, 3)}') or contains(soldTo,'${last.slice(0, 3)}')`,
    ];
    for (const filter of filters) {
      expect(countedByName(filter), filter).toBe(true);
      // The same filter with a condition on another field that holds for every row: counted in the invoices.
      const plain = `(${filter}) and notesCount ge 0`;
      expect(countedByName(plain), plain).toBe(false);
      for (const extra of ['', '&$orderby=id desc']) {
        const a = await list(filter, extra);
        const b = await list(plain, extra);
        expect(a['@odata.count'], `${filter} ${extra}`).toBe(b['@odata.count']);
        expect(a.value, `${filter} ${extra}`).toEqual(b.value);
        expect(!!a['@odata.nextLink']).toBe(!!b['@odata.nextLink']);
      }
      // The header counts (summed over the names) equal the invoices' too.
      const counts = await summary(filter);
      expect(counts, filter).toEqual(await summary(plain));
      expect(counts.total).toBe((await list(filter))['@odata.count']);
    }
    expect((await list('soldTo eq null'))['@odata.count']).toBeGreaterThanOrEqual(1);
    await app.deps.db.rows(sql`delete from invoices where id = ${nameless}`);
  });

  it('give the header counts of a fragment with flags, the window or the facility from the copy', async () => {
    const [row] = await app.deps.db.rows<{ vin: string; sold_to: string; facility_id: number; open: string }>(
      sql`select vin, sold_to, facility_id, to_char(open_date_time at time zone 'UTC', 'YYYY-MM-DD') as open
            from invoices where length(vin) >= 17 and sold_to like '% %' and submitted order by id limit 1`,
    );
    const name = row.sold_to.split(' ')[1].slice(0, 3);
    const filters = [
      `contains(soldTo,'${name}') and submitted eq true`,
      `contains(soldTo,'${name}') and signed ne true and replacement eq false`,
      `contains(soldTo,'${name}') and facilityId eq ${row.facility_id} and openDateTime lt ${row.open}T00:00:00Z`,
      `contains(tolower(vin),'${row.vin.slice(5, 8).toLowerCase()}') and submitted eq true`,
    ];
    let found = 0;
    for (const filter of filters) {
      expect(compileODataQuery(invoiceListResource, { $filter: filter }).copied, filter).toBeDefined();
      const plain = `(${filter}) and notesCount ge 0`;
      const counts = await summary(filter);
      expect(counts, filter).toEqual(await summary(plain));
      const [a, b] = [await list(filter), await list(plain)];
      expect(a['@odata.count']).toBe(counts.total);
      expect(a.value).toEqual(b.value);
      found += counts.total;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('are not used for two fields, a route condition or a list of its own', () => {
    expect(countedByName("contains(soldTo,'abc') and facilityId eq 1")).toBe(false);
    expect(countedByName("contains(soldTo,'abc') or contains(referenceNumber,'abc')")).toBe(false);
    expect(countedByName("contains(soldTo,'abc')", { extraWhere: sql`i.facility_id = 1` })).toBe(false);
    expect(countedByName("contains(soldTo,'abc')", {}, outstandingInvoicesResource)).toBe(false);
  });

  it('are compacted by a job on the queue', async () => {
    const [{ id: source }] = await app.deps.db.rows<{ id: number }>(sql`select min(id) as id from invoices`);
    const id = await copyInvoice(source, "sold_to = 'Qwerty Jobtest'");
    await copyInvoice(source, "sold_to = 'Qwerty Jobtest'").then((other) =>
      app.deps.db.rows(sql`delete from invoices where id = ${other}`),
    );
    expect((await nameRows('Qwerty Jobtest')).some((r) => r.fresh)).toBe(true);
    await jobsOf(app).start();
    await startNameCountCompaction(app, 200);
    for (let i = 0; i < 100 && (await nameRows('Qwerty Jobtest')).some((r) => r.fresh); i++)
      await new Promise((done) => setTimeout(done, 100));
    expect(await nameRows('Qwerty Jobtest')).toEqual([{ n: 1, fresh: false }]);
    expect(
      (await jobsOf(app).recent({ name: NAME_COUNTS_COMPACT, state: 'completed' })).length,
    ).toBeGreaterThan(0);
    await app.deps.db.rows(sql`delete from invoices where id = ${id}`);
  });
});

describe.runIf(process.env.DATABASE_URL)('the counts by name on a PostgreSQL server', () => {
  it('let two transactions write invoices of the same customer without waiting for each other', async () => {
    const [t1, t2] = [0, 1].map(() => new pg.Client({ connectionString: process.env.DATABASE_URL }));
    await Promise.all([t1.connect(), t2.connect()]);
    const [{ id: source }] = await app.deps.db.rows<{ id: number }>(sql`select min(id) as id from invoices`);
    const insert = (c: pg.Client) =>
      copyInvoice(source, "sold_to = 'Zaqxsw Concurrent'", (text) => c.query(text).then((r) => r.rows));
    try {
      await t1.query('begin');
      const a = await insert(t1);
      // t1 holds its transaction open; t2's writes of the same name must not wait for it.
      await t2.query("set statement_timeout = '5s'");
      await t2.query('begin');
      const b = await insert(t2);
      await t2.query('commit');
      expect((await list("contains(soldTo,'zaqxsw')"))['@odata.count']).toBe(1);
      // A compaction meanwhile does not see t1's row, which stays to be merged later.
      await compactNameCounts(app.deps.db);
      await t1.query('commit');
      expect((await list("contains(soldTo,'zaqxsw')"))['@odata.count']).toBe(2);
      await compactNameCounts(app.deps.db);
      expect(await nameRows('Zaqxsw Concurrent')).toEqual([{ n: 2, fresh: false }]);
      await app.deps.db.rows(sql`delete from invoices where id in (${a}, ${b})`);
      expect(await countDifferences()).toEqual([]);
    } finally {
      await t1.query('rollback').catch(() => {});
      await Promise.all([t1.end(), t2.end()]);
    }
  });
});
