import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceListRow } from '@glass/domain/contracts/invoices';
import { odataPage } from '@glass/domain/contracts/common';
import { auth, createTestApp, DEMO, login, parseAs } from '../../../../test/harness.js';
import type { App } from '../../../app-type.js';

/**
 * The invoice list's order (spec 2 §7: lost, FollowUpAt ascending, OpenDateTime descending) is read part by
 * part (ODataField.split: not lost without a follow-up, not lost with one, lost without, lost with), so a
 * date window is an index range in each part. Whatever the window, the page must be exactly the plain sort's,
 * next links included.
 */
let app: App;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.admin);
  // Make every part non-empty: some lost invoices, some with a follow-up, in every combination.
  await app.deps.db.rows(sql`update invoices set lost = (id % 7 = 0),
    follow_up_at = case when id % 5 = 0 then open_date_time + interval '3 days' end where id % 35 < 12`);
});
afterAll(() => app?.close());

const ORDER = 'lost asc, follow_up_at asc nulls first, open_date_time desc, id asc';

async function expected(where: string, top: number, skip = 0): Promise<number[]> {
  const rows = await app.deps.db.rows<{ id: number }>(
    sql.raw(`select id from invoices where ${where} order by ${ORDER} limit ${top} offset ${skip}`),
  );
  return rows.map((r) => r.id);
}

/** One page; `pageSize` asks for pages of that many rows (Prefer: odata.maxpagesize). */
async function page(url: string, pageSize?: number): Promise<{ ids: number[]; next?: string }> {
  const prefer = pageSize ? { prefer: `odata.maxpagesize=${pageSize}` } : {};
  const res = await app.inject({ method: 'GET', url, headers: { ...auth(token), ...prefer } });
  expect(res.statusCode, res.body).toBe(200);
  // A $select page carries a subset of the row: read with the contract row's partial (test/contract-check.ts).
  const body = parseAs(odataPage(invoiceListRow.partial()), res);
  return { ids: body.value.map((r) => r.id as number), next: body['@odata.nextLink'] };
}

const list = (filter: string, extra = '') =>
  `/api/Invoices?$select=id,lost,followUpAt,openDateTime&$filter=${encodeURIComponent(filter)}${extra}`;

describe('GET /api/Invoices in the spec order, read part by part', () => {
  it('gives the plain sort for windows of every age, with and without a facility', async () => {
    const [{ oldest, newest }] = await app.deps.db.rows<{ oldest: string; newest: string }>(
      sql`select min(open_date_time)::text as oldest, max(open_date_time)::text as newest from invoices`,
    );
    const from = new Date(oldest).getTime();
    const to = new Date(newest).getTime();
    for (let k = 0; k < 6; k++) {
      const end = new Date(to - ((to - from) * k) / 6 + 1000);
      const start = new Date(end.getTime() - 60 * 86400_000);
      const where = `open_date_time >= '${start.toISOString()}' and open_date_time < '${end.toISOString()}'`;
      const filter = `openDateTime ge ${start.toISOString()} and openDateTime lt ${end.toISOString()}`;
      for (const top of [5, 40, 250]) {
        expect((await page(list(filter, `&$top=${top}`))).ids).toEqual(await expected(where, top));
      }
      expect((await page(list(filter, '&$top=7&$skip=9'))).ids).toEqual(await expected(where, 7, 9));
      expect((await page(list(`${filter} and facilityId eq 2`, '&$top=30'))).ids).toEqual(
        await expected(`${where} and facility_id = 2`, 30),
      );
    }
  });

  it('follows next links across the parts without losing or repeating a row', async () => {
    const all = await expected('true', 100_000);
    const seen: number[] = [];
    let url: string | undefined = list('openDateTime ge 1900-01-01T00:00:00Z');
    while (url && seen.length < all.length + 100) {
      const p = await page(url, 97);
      seen.push(...p.ids);
      url = p.next;
    }
    expect(seen).toEqual(all);
    // Every part is crossed on the way (the data above makes each non-empty).
    const [{ parts }] = await app.deps.db.rows<{ parts: number }>(
      sql`select count(distinct (lost, follow_up_at is null))::int as parts from invoices`,
    );
    expect(parts).toBe(4);
  });

  it('keeps the order when FollowUpAt is sorted descending or lost first (nulls last descending)', async () => {
    const filter = 'openDateTime ge 1900-01-01T00:00:00Z';
    const got = await page(
      list(filter, `&$orderby=${encodeURIComponent('lost desc,followUpAt desc,id')}&$top=300`),
    );
    expect(got.ids).toEqual(
      (
        await app.deps.db.rows<{ id: number }>(
          sql`select id from invoices order by lost desc, follow_up_at desc nulls last, id limit 300`,
        )
      ).map((r) => r.id),
    );
  });
});
