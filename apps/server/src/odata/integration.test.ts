import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runODataQuery } from './run.js';
import { openTestDb, parents, parentsWithLookups, type TestDb, wide } from './test-fixtures.js';
import type { ODataResource } from './types.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

async function get(
  query: Record<string, unknown>,
  resource: ODataResource = parents,
  extraWhere?: SQL,
  maxPageSize?: number,
) {
  const body = await runODataQuery(db.exec, resource, query, {
    baseUrl: '/api/parents',
    rawQuery: query,
    extraWhere,
    maxPageSize,
  });
  return JSON.parse(body);
}
const ids = async (filter: string, extra: Record<string, string> = {}) =>
  (await get({ $filter: filter, $select: 'id', $orderby: 'id', $top: '8', ...extra })).value.map(
    (r: any) => r.id,
  );

const token = (link: string) => decodeURIComponent(link.split('$skiptoken=')[1]);

describe('OData lists on PGlite', () => {
  it('pages in the default order, skips the deleted row, links to the next page', async () => {
    const page = await get({});
    expect(page.value.map((r: any) => r.id)).toEqual([10, 9, 8, 7, 6]);
    // The link carries the position after the last row (keyset.ts), not an offset.
    expect(page['@odata.nextLink']).toMatch(/^\/api\/parents\?\$skiptoken=[\w-]+\.[\w-]+$/);
    const next = await get({ $skiptoken: token(page['@odata.nextLink']) });
    expect(next.value.map((r: any) => r.id)).toEqual([5, 4, 3, 2, 1]);
    expect((await get({ $skip: '5' })).value).toEqual(next.value);
    expect((await get({ $skiptoken: token(next['@odata.nextLink']) })).value).toEqual([]);
    expect((await get({ $skip: '10' })).value).toEqual([]);
  });

  it('counts and stops linking at the end, or at $top', async () => {
    // pages of 4 (the client's page size) within a $top of 7: the link asks for the 3 still wanted
    const first = await get({ $count: 'true', $top: '7', $filter: 'id le 9' }, parents, undefined, 4);
    expect(first['@odata.count']).toBe(9);
    expect(first.value).toHaveLength(4);
    expect(first['@odata.nextLink']).toMatch(
      /^\/api\/parents\?\$count=true&\$top=3&\$filter=id%20le%209&\$skiptoken=/,
    );
    const last = await get({ $count: 'true', $skip: '8', $filter: 'id le 9' }, parents, undefined, 4);
    expect(last.value.map((r: any) => r.id)).toEqual([1]);
    expect(last).not.toHaveProperty('@odata.nextLink');
    // $top up to the page size (maxTop 8) is one page without a link; above it, pages of 8 and a link
    const eight = await get({ $top: '8' });
    expect(eight.value).toHaveLength(8);
    expect(eight).not.toHaveProperty('@odata.nextLink');
    const hundred = await get({ $top: '100' });
    expect(hundred.value).toHaveLength(8);
    expect(hundred['@odata.nextLink']).toMatch(/\$top=92&\$skiptoken=/);
    expect((await get({ $skiptoken: token(hundred['@odata.nextLink']) })).value).toHaveLength(2);
  });

  it('returns typed JSON built by PostgreSQL', async () => {
    const [row] = (await get({ $filter: 'id eq 5' })).value;
    expect(row).toEqual({
      id: 5,
      name: 'back\\slash',
      code: 'aaaaaaaa-0000-4000-8000-000000000005',
      score: 99.99,
      rating: 9.75,
      repairCount: 12,
      active: true,
      born: '1980-02-29',
      openDateTime: '2023-12-31T23:59:59.5+00:00',
      vehicle: { year: 2021, make: 'Toyota' },
      contact: { name: 'Ann' },
      note: 's5',
    });
  });

  it.each([
    ["name eq 'O''Brien'", [2]],
    ["contains(name, '%')", [3]],
    ["contains(name, '_')", [4]],
    ["contains(name, '\\')", [5]],
    ["contains(name, 'ALPHA')", [1, 6]],
    ["startswith(name, 'a')", [1, 4, 6]],
    ["endswith(tolower(name), 'TA')", [9]],
    ["tolower(name) eq 'alpha'", [1]],
    ["'ALPHA' eq toupper(name)", [1]],
    ['name eq null', [7]],
    ["name ne 'Alpha' and id le 7", [2, 3, 4, 5, 6, 7]],
    ["name in ('Gamma', 'Delta', null)", [7, 8, 9]],
    ['repairCount gt 4', [3, 5, 10]],
    ['repairCount in (0, 12)', [2, 5]],
    ['score le -5.25', [3]],
    ['score eq 10.5', [1]],
    ['rating eq 2.5 or rating eq 9.75', [2, 5]],
    ['rating gt 1.5 and rating lt 5', [2, 8, 9]],
    ['openDateTime ge 2024-01-31T10:00:00Z and openDateTime lt 2024-02-01', [1, 8]],
    ['openDateTime eq 2024-01-31T11:00:00+01:00', [1]],
    ['OpenDateTime eq 2023-12-31T23:59:59.500Z', [5]],
    ['openDateTime lt 2024-01-16', [3, 5]],
    ['born eq 1980-02-29', [5]],
    ['year(born) eq 2000 or month(openDateTime) eq 3', [1, 6]],
    ['code eq aaaaaaaa-0000-4000-8000-000000000005', [5]],
    ["code eq 'AAAAAAAA-0000-4000-8000-000000000002'", [2]],
    ['active eq true and vehicle/year ge 2019', [1, 5, 8, 9]],
    ['not active', [2, 4, 6, 7, 10]],
    ['not (repairCount gt 3)', [1, 2, 4, 6, 7, 8]],
    ["not contains(name, 'a')", [2, 7, 10]],
    ['active eq false or active eq null', [2, 4, 6, 7, 10]],
    ["vehicle/make eq 'Ford' and not (contact/name eq 'Ann')", [3]],
    ['length(name) eq 5 and id ne 8', [1, 9]],
    ['null eq null and id eq 1', [1]],
    ['vehicle/year ge null', [4, 7]],
    ['null le vehicle/year', [4, 7]],
    ['vehicle/year gt null or null lt vehicle/year', []],
    ['not (vehicle/year lt null) and id le 3', [1, 2, 3]],
    ['null ge null and id eq 2', [2]],
    ['score ge rating', [1, 2, 4, 5, 6, 7, 8, 9]],
    ['not (id gt 2 and id lt 10)', [1, 2, 10]],
  ])('$filter=%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('orders by several keys with the key as the tiebreak, nulls first ascending and last descending', async () => {
    const rows = (await get({ $orderby: 'vehicle/make, vehicle/year desc', $select: 'id', $top: '8' })).value;
    expect(rows.map((r: any) => r.id)).toEqual([4, 7, 9, 1, 3, 10, 2, 8]);
    const byName = (await get({ $filter: 'id in (1, 7, 8, 9)', $orderby: 'name desc', $select: 'id,name' }))
      .value;
    expect(byName.map((r: any) => r.name)).toEqual(['Gamma', 'Delta', 'Alpha', null]);
    const byNameAsc = (await get({ $filter: 'id in (1, 7, 8, 9)', $orderby: 'name', $select: 'id' })).value;
    expect(byNameAsc.map((r: any) => r.id)).toEqual([7, 1, 9, 8]);
  });

  it('selects fields and groups only', async () => {
    const [row] = (await get({ $select: 'Name,vehicle', $filter: 'id eq 1' })).value;
    expect(row).toEqual({ name: 'Alpha', vehicle: { year: 2019, make: 'Ford' } });
    expect(Object.keys(row)).toEqual(['name', 'vehicle']);
  });

  it('expands collections and single entities, with nested options and nesting', async () => {
    const page = await get({
      $filter: 'id le 3',
      $orderby: 'id',
      $select: 'id',
      $expand: 'Children($select=id,message;$orderby=sentAt;$top=2;$expand=author($select=name)),Owner',
    });
    expect(page.value).toEqual([
      {
        id: 1,
        children: [
          { id: 1, message: 'hello', author: { name: 'Bob' } },
          { id: 2, message: 'world', author: { name: 'Ann' } },
        ],
        owner: { id: 1, name: 'Ann' },
      },
      {
        id: 2,
        children: [{ id: 4, message: 'only one', author: { name: 'Cy' } }],
        owner: { id: 2, name: 'Bob' },
      },
      { id: 3, children: [], owner: null },
    ]);
    const filtered = await get({
      $filter: 'id eq 1',
      $select: 'id',
      $expand: "children($filter=contains(message,'r');$skip=1)",
    });
    expect(filtered.value[0].children.map((c: any) => c.id)).toEqual([2]);
  });

  it('ANDs the route scoping', async () => {
    const page = await get({ $select: 'id', $count: 'true' }, parents, sql`p.owner_id = ${1}`);
    expect(page).toEqual({ '@odata.count': 3, value: [{ id: 9 }, { id: 5 }, { id: 1 }] });
  });

  it('builds objects wider than json_build_object allows, in declaration order', async () => {
    const { value } = await get({}, wide);
    expect(value).toHaveLength(3);
    expect(Object.keys(value[0])).toEqual(Array.from({ length: 60 }, (_, i) => `f${i}`));
    expect(value[1].f59).toBe(259);
  });

  it('joins looked-up names after the limit, with the same answer as the correlated form', async () => {
    const query = {
      $select: 'id,ownerName,ownerCard,name',
      $filter: 'id le 4',
      $expand: 'owner($select=name)',
    };
    const joined = await get(query, parentsWithLookups);
    // Sorted on a property outside the selection, the page falls back to correlated subqueries.
    const correlated = await get({ ...query, $orderby: 'score desc' }, parentsWithLookups);
    const byId = (rows: { id: number }[]) => [...rows].sort((a, b) => a.id - b.id);
    expect(byId(joined.value)).toEqual(byId(correlated.value));
    expect(joined.value).toEqual([
      { id: 4, ownerName: 'Cy', ownerCard: { id: 3, upper: 'CY' }, name: 'a_b', owner: { name: 'Cy' } },
      { id: 3, ownerName: null, ownerCard: { id: null, upper: null }, name: '100% Glass', owner: null },
      {
        id: 2,
        ownerName: 'Bob',
        ownerCard: { id: 2, upper: 'BOB' },
        name: "O'Brien",
        owner: { name: 'Bob' },
      },
      { id: 1, ownerName: 'Ann', ownerCard: { id: 1, upper: 'ANN' }, name: 'Alpha', owner: { name: 'Ann' } },
    ]);
  });

  it('treats hostile text as data', async () => {
    expect(await ids("name eq '''; drop table odt_parent; --'")).toEqual([]);
    expect(await ids("contains(name, ''' or 1=1 --')")).toEqual([]);
    expect((await get({ $select: 'id' })).value).toHaveLength(5);
  });
});

describe('$search', () => {
  const searchable: ODataResource = { ...parents, search: ['name', 'vehicle/make'] };
  const found = async (search: string) =>
    (await get({ $search: search, $select: 'id', $orderby: 'id' }, searchable)).value.map((r: any) => r.id);

  it('matches every term, case-insensitively, in any search field', async () => {
    expect(await found('ford')).toEqual([1, 3, 6, 9]);
    expect(await found('FORD alpha')).toEqual([1, 6]);
    expect(await found('ford AND alpha')).toEqual([1, 6]);
    expect(await found('"alpha two"')).toEqual([6]);
    expect(await found('100%')).toEqual([3]);
    expect(await found('a_b')).toEqual([4]);
    expect(await found('k\\s')).toEqual([5]);
    expect(await found('k\\\\s')).toEqual([]);
    expect(await found('zzz')).toEqual([]);
  });

  it('answers OR, NOT, parentheses and lists without search fields 501, bad syntax 400', async () => {
    for (const text of ['ford OR kia', 'NOT ford', '(ford)']) {
      await expect(found(text)).rejects.toMatchObject({ status: 501, field: '$search' });
    }
    await expect(get({ $search: 'ford' })).rejects.toMatchObject({ status: 501, field: '$search' });
    for (const text of [
      '"unterminated',
      '""',
      'AND',
      Array.from({ length: 21 }, (_, i) => `t${i}`).join(' '),
    ]) {
      await expect(found(text)).rejects.toMatchObject({ status: 400, field: '$search' });
    }
  });
});
