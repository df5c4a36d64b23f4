import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderSql } from './render-sql.js';
import { lastRowValues } from './render-list.js';
import { buildNextLink, runODataQuery } from './run.js';
import { owners } from './test-fixtures.js';

/** A fake database: answers the data query with `n` rows and the count query with `count`. */
function fakeExec(n: number, count: number) {
  const seen: string[] = [];
  const exec = async (q: SQL) => {
    const { sql } = renderSql(q);
    seen.push(sql);
    if (sql.startsWith('select count(*) as count')) return [{ count: String(count) }];
    return [{ json: `[${Array.from({ length: n }, (_, i) => `{"id" : ${i}}`).join(', ')}]`, n }];
  };
  return { exec, seen };
}

describe('buildNextLink', () => {
  it('keeps the other parameters, replaces $skip and encodes values', () => {
    const link = buildNextLink(
      '/api/Invoices?ignored=1',
      { $filter: "name eq 'a&b' and x eq 1", $SKIP: '5', tag: ['x', 'y'], $top: '2' },
      7,
    );
    expect(link).toBe(
      "/api/Invoices?$filter=name%20eq%20'a%26b'%20and%20x%20eq%201&tag=x&tag=y&$top=2&$skip=7",
    );
    expect(new URL(link, 'http://h').searchParams.get('$filter')).toBe("name eq 'a&b' and x eq 1");
  });
});

describe('runODataQuery', () => {
  // owners: 10 rows a page without $top, up to 50 with one.
  const opts = { baseUrl: '/api/owners', rawQuery: {} };

  it('splices the JSON text; a full page without $top or a count gets a nextLink', async () => {
    const { exec, seen } = fakeExec(10, 0);
    const body = await runODataQuery(exec, owners, {}, opts);
    expect(JSON.parse(body)['@odata.nextLink']).toBe('/api/owners?$skip=10');
    expect(body.startsWith('{"value":[{"id" : 0}, {"id" : 1}, ')).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('$top up to a page is the whole answer: no nextLink', async () => {
    const q = { $top: '2' };
    expect(await runODataQuery(fakeExec(2, 0).exec, owners, q, { ...opts, rawQuery: q })).toBe(
      '{"value":[{"id" : 0}, {"id" : 1}]}',
    );
    const counted = { $top: '50', $count: 'true' };
    const body = await runODataQuery(fakeExec(50, 500).exec, owners, counted, { ...opts, rawQuery: counted });
    expect(JSON.parse(body)['@odata.nextLink']).toBeUndefined();
  });

  it('a short page has no nextLink', async () => {
    const body = await runODataQuery(fakeExec(1, 0).exec, owners, {}, opts);
    expect(JSON.parse(body)).toEqual({ value: [{ id: 0 }] });
  });

  it('pages within a $top above the page size, the link carrying the rows still wanted', async () => {
    const q = { $top: '120', $skip: '2', $count: 'true' };
    const first = await runODataQuery(fakeExec(50, 500).exec, owners, q, { ...opts, rawQuery: q });
    expect(JSON.parse(first)['@odata.nextLink']).toBe('/api/owners?$top=70&$count=true&$skip=52');
    // the same with the client's page size (Prefer: odata.maxpagesize)
    const small = await runODataQuery(fakeExec(30, 500).exec, owners, q, {
      ...opts,
      rawQuery: q,
      maxPageSize: 30,
    });
    expect(JSON.parse(small)['@odata.nextLink']).toBe('/api/owners?$top=90&$count=true&$skip=32');
    // the last page the $top allows: no link, though rows remain
    const last = { $top: '20', $skip: '102', $count: 'true' };
    const end = await runODataQuery(fakeExec(20, 500).exec, owners, last, { ...opts, rawQuery: last });
    expect(JSON.parse(end)['@odata.nextLink']).toBeUndefined();
  });

  it('with a count, links while skip + page < count', async () => {
    const q = { $skip: '2', $count: 'true' };
    const more = await runODataQuery(fakeExec(10, 13).exec, owners, q, { ...opts, rawQuery: q });
    expect(JSON.parse(more)['@odata.nextLink']).toBe('/api/owners?$count=true&$skip=12');
    const last = await runODataQuery(fakeExec(10, 12).exec, owners, q, { ...opts, rawQuery: q });
    expect(JSON.parse(last)['@odata.nextLink']).toBeUndefined();
  });

  it('$top=0 never links (it would loop)', async () => {
    const body = await runODataQuery(fakeExec(0, 9).exec, owners, { $top: '0', $count: 'true' }, opts);
    expect(body).toBe('{"@odata.count":9,"value":[]}');
  });
});

describe('lastRowValues (the next link position from the end of a page)', () => {
  const page = (...rows: object[]) => `[${rows.map((r) => JSON.stringify(r)).join(', \n ')}]`;
  it('reads the last row of a json_agg page, values as text', () => {
    const json = page(
      { id: 1, at: 'x' },
      { id: 2, at: '2026-01-02T03:04:05.123456+00:00', ok: true, n: null },
    );
    expect(lastRowValues(json, 2, ['at', 'id', 'ok', 'n'])).toEqual([
      '2026-01-02T03:04:05.123456+00:00',
      '2',
      'true',
      null,
    ]);
    // A newline inside a string is escaped in JSON, so it is never taken for the rows' separator.
    expect(lastRowValues(page({ id: 5 }, { id: 7, t: 'a, \n {"id": 9}' }), 2, ['id'])).toEqual(['7']);
    expect(lastRowValues(page({ id: 7 }), 1, ['id'])).toEqual(['7']);
  });
  it('gives up (the list links by $skip) on anything else', () => {
    expect(lastRowValues('[]', 0, ['id'])).toBeUndefined();
    expect(lastRowValues(page({ id: 1 }, { other: 2 }), 2, ['id'])).toBeUndefined();
    expect(lastRowValues('[{"id":1}, {"id":2}]', 2, ['id'])).toBeUndefined();
    // a number past a double's exact digits (PostgreSQL's numeric text would be rounded)
    expect(lastRowValues('[{"id":1}, \n {"id":1234567890.1234567}]', 2, ['id'])).toBeUndefined();
    expect(lastRowValues(page({ id: 1 }, { id: { a: 1 } }), 2, ['id'])).toBeUndefined();
  });
});
