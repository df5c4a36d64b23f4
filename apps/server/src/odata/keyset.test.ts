import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { invoiceListResource } from '../modules/invoices/index.js';
import { compileODataQuery } from './compile.js';
import { DEEP_SKIP } from './keyset.js';
import { renderSql } from './render-sql.js';

/**
 * Deep pages (issue #17): @odata.nextLink carries a signed $skiptoken, the position after the page's last
 * row; following the links walks the whole list once, in order, whatever the nulls, ties and directions.
 * An explicit large $skip finds the page's keys first. Checked on the seeded invoices and service vehicles.
 */
let app: App;
let token: string;
/**
 * The highest key the lists here read up to: the 400th row's. On PostgreSQL the test files share one
 * database and the files before this one add rows, so the whole list can outgrow one page of maxTop (500).
 */
const bound: Record<string, number> = {};
beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.admin);
  for (const [path, table] of [
    ['/api/Invoices', 'invoices'],
    ['/api/ServiceVehicles', 'service_vehicles'],
  ]) {
    const [row] = await app.deps.db.rows<{ id: number }>(
      sql`select id from ${sql.raw(table)} order by id offset 399 limit 1`,
    );
    bound[path] = row?.id ?? 2 ** 31 - 1;
  }
});
afterAll(() => app.close());

/** A GET; `pageSize` asks for pages of that many rows (Prefer: odata.maxpagesize; $top limits the whole list). */
const get = (url: string, pageSize?: number) =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...auth(token), ...(pageSize ? { prefer: `odata.maxpagesize=${pageSize}` } : {}) },
  });

async function page(url: string, pageSize?: number) {
  const res = await get(url, pageSize);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    value: Record<string, unknown>[];
    '@odata.nextLink'?: string;
    '@odata.count'?: number;
  };
}

/** `query` over the rows up to `bound[path]` (its $filter, if any, and-ed with the bound). */
function bounded(path: string, query: string) {
  const limit = `id le ${bound[path]}`;
  return query.includes('$filter=')
    ? query.replace(/\$filter=([^&]*)/, (_, f) => `$filter=(${f}) and ${limit}`)
    : `${query}&$filter=${limit}`;
}

/** Every row of the (bounded) list in one request: 400 rows at most, within maxTop (500). */
async function whole(path: string, query: string) {
  const body = await page(`${path}?${bounded(path, query)}&$top=500`);
  expect(body['@odata.nextLink']).toBeUndefined();
  return body.value;
}

/** Follows @odata.nextLink from the first page to the end, in pages of `top` rows. */
async function followed(path: string, query: string, top: number) {
  const rows: Record<string, unknown>[] = [];
  const links: string[] = [];
  let url: string | undefined = `${path}?${bounded(path, query)}`;
  while (url) {
    const body = await page(url, top);
    expect(body.value.length).toBeLessThanOrEqual(top);
    rows.push(...body.value);
    url = body['@odata.nextLink'];
    if (url) links.push(url);
    expect(links.length).toBeLessThan(200);
  }
  return { rows, links };
}

describe('following @odata.nextLink ($skiptoken)', () => {
  it.each([
    // nullable, nulls first ascending; most invoices have none, so long runs of ties broken by id
    '$orderby=followUpAt&$select=id,followUpAt',
    // nullable descending (nulls last), then a text with ties, descending
    '$orderby=followUpAt desc,soldTo desc&$select=id,followUpAt,soldTo',
    // the screen's default order (lost, followUpAt nulls first, openDateTime desc, id), with a count
    '$count=true&$select=id,lost,followUpAt,openDateTime',
    // money with ties, and a boolean; the key descending
    '$orderby=totalCost desc,completed,id desc&$select=id,totalCost,completed',
    // a sort term outside $select, and a filter
    "$orderby=vin&$select=id&$filter=contains(soldTo,'a')",
  ])('walks the invoices once, in order: %s', async (query) => {
    const expected = await whole('/api/Invoices', query);
    expect(expected.length).toBeGreaterThan(20);
    const { rows, links } = await followed('/api/Invoices', query, 17);
    expect(rows).toEqual(expected);
    // A full last page may still carry a link (to an empty page): the server cannot know it is the last.
    expect([Math.ceil(expected.length / 17) - 1, Math.floor(expected.length / 17)]).toContain(links.length);
    for (const link of links) {
      expect(link).toMatch(/\$skiptoken=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(link).not.toContain('$skip=');
    }
  });

  it('keeps the count on every page and the other parameters in the link', async () => {
    const first = await page('/api/Invoices?$count=true&$top=120&$select=id', 50);
    const second = await page(first['@odata.nextLink']!, 50);
    expect(second['@odata.count']).toBe(first['@odata.count']);
    const next = new URL(first['@odata.nextLink']!, 'http://x').searchParams;
    // $top is the rows still wanted after this page
    expect([next.get('$count'), next.get('$top'), next.get('$select')]).toEqual(['true', '70', 'id']);
    expect(next.get('$skip')).toBeNull();
  });

  it('a list ordered by service vehicle priority keeps $skip links (read by value, decision 0006)', async () => {
    const query = '$orderby=priority,id desc&$select=id,priority';
    const expected = await whole('/api/ServiceVehicles', query);
    const { rows, links } = await followed('/api/ServiceVehicles', query, 23);
    expect(rows).toEqual(expected);
    for (const link of links) expect(link).toContain('$skip=');
  });

  it('an order of more than eight terms keeps $skip links', async () => {
    const query =
      '$orderby=lost,completed,void,signed,funded,submitted,thumb,repairCount,notesCount&$select=id';
    const expected = await whole('/api/Invoices', query);
    const { rows, links } = await followed('/api/Invoices', query, 60);
    expect(rows).toEqual(expected);
    for (const link of links) expect(link).toContain('$skip=');
  });

  it('service vehicles by id desc page by $skiptoken', async () => {
    const query = '$orderby=id desc&$select=id';
    const expected = await whole('/api/ServiceVehicles', query);
    const { rows, links } = await followed('/api/ServiceVehicles', query, 40);
    expect(rows).toEqual(expected);
    expect(links[0]).toContain('$skiptoken=');
  });
});

describe('a $skiptoken that is not ours is 400', () => {
  async function link() {
    const first = await page('/api/Invoices?$select=id&$orderby=followUpAt', 5);
    return first['@odata.nextLink']!;
  }
  const tokenOf = (url: string) => decodeURIComponent(url.split('$skiptoken=')[1]);
  const problem = async (url: string, field = '$skiptoken') => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(res.body).not.toMatch(/select|stack|at .*\.ts/i);
  };

  it('changed in its data or its signature, or garbage', async () => {
    const url = await link();
    const t = tokenOf(url);
    const [data, sig] = t.split('.');
    const body = JSON.parse(Buffer.from(data, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...body, v: ['x', '1'] })).toString('base64url');
    const base = '/api/Invoices?$top=5&$select=id&$orderby=followUpAt&$skiptoken=';
    for (const bad of [
      `${forged}.${sig}`,
      `${data}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${data}.${sig}x`,
      data,
      `${data}.${sig}.${sig}`,
      'not-a-token',
      '%00',
      `${'A'.repeat(3000)}.${sig}`,
    ]) {
      await problem(`${base}${encodeURIComponent(bad)}`);
    }
  });

  it('used with another order, filter or list', async () => {
    const t = encodeURIComponent(tokenOf(await link()));
    await problem(`/api/Invoices?$top=5&$select=id&$orderby=followUpAt desc&$skiptoken=${t}`);
    await problem(`/api/Invoices?$top=5&$select=id&$orderby=followUpAt&$filter=id gt 3&$skiptoken=${t}`);
    await problem(`/api/ServiceVehicles?$top=5&$orderby=followUpDate&$skiptoken=${t}`);
    // a list paged by $skip (priority order) has no tokens
    await problem(`/api/ServiceVehicles?$top=5&$orderby=priority&$skiptoken=${t}`);
  });

  it('combined with $skip, or inside $expand', async () => {
    const url = await link();
    await problem(`${url}&$skip=3`, '$skip');
    const res = await get('/api/Conversations?$expand=Messages($skiptoken=abc)');
    expect([400, 501]).toContain(res.statusCode);
  });
});

describe('an explicit large $skip', () => {
  it(`finds the page's keys first (from ${DEEP_SKIP} on) and answers the same rows`, async () => {
    const compiled = compileODataQuery(invoiceListResource, { $skip: String(DEEP_SKIP), $top: '50' });
    const { sql } = renderSql(compiled.dataSql);
    expect(sql).toContain(`(i.id) in (select (i.id) from invoices i order by`);
    expect(sql).toContain(`limit 50 offset ${DEEP_SKIP}`);

    const query = '$orderby=followUpAt desc,soldTo&$select=id,followUpAt,soldTo';
    const expected = await whole('/api/Invoices', query);
    for (const [skip, top] of [
      [DEEP_SKIP, 30],
      [DEEP_SKIP + 7, 500],
      [expected.length - 3, 10],
      [expected.length + 5, 10],
    ]) {
      const body = await page(`/api/Invoices?${bounded('/api/Invoices', query)}&$skip=${skip}&$top=${top}`);
      expect(body.value).toEqual(expected.slice(skip, skip + top));
    }
  });
});
