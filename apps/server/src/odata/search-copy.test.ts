import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { invoiceListResource } from '../modules/invoices/index.js';
import { compileODataQuery } from './compile.js';

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
  vehicle_year, vehicle_make, vehicle_model`;

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

async function list(filter: string, extra = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/Invoices?$filter=${encodeURIComponent(filter)}&$count=true&$top=20&$select=id,soldTo,vin${extra}`,
    headers: auth(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { value: { id: number }[]; '@odata.count': number; '@odata.nextLink'?: string };
}

async function follow(link: string) {
  const url = new URL(link, 'http://localhost');
  const res = await app.inject({ method: 'GET', url: url.pathname + url.search, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { value: { id: number }[]; '@odata.count'?: number; '@odata.nextLink'?: string };
}

/** A copy of invoice `from` under a new id, by plain SQL (every column the table lets one write). */
async function copyInvoice(from: number, changes: string): Promise<number> {
  const cols = await app.deps.db.rows<{ name: string }>(
    sql`select column_name as name from information_schema.columns
         where table_name = 'invoices' and table_schema = current_schema() and is_generated = 'NEVER'
           and column_name <> 'id' order by ordinal_position`,
  );
  const names = cols.map((c) => `"${c.name}"`).join(', ');
  const [row] = await app.deps.db.rows<{ id: number }>(
    sql.raw(`insert into invoices (${names}) select ${names} from invoices where id = ${from} returning id`),
  );
  await app.deps.db.rows(sql.raw(`update invoices set ${changes} where id = ${row.id}`));
  return row.id;
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
