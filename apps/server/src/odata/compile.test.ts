import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compileODataQuery } from './compile.js';
import { ODataError } from './odata-error.js';
import { renderSql, wantsFreshPlan } from './render-sql.js';
import { children, owners, parents, wide } from './test-fixtures.js';
import type { ODataResource } from './types.js';

const errorOf = (fn: () => unknown): ODataError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ODataError) return e;
    throw e;
  }
  throw new Error('expected an ODataError');
};

describe('compileODataQuery', () => {
  it('names the page columns by their keys and aggregates the rows, ordered by the sort keys (the page size as literals)', () => {
    const q = compileODataQuery(owners, { $filter: "name eq 'Ann'", $top: '2', $skip: '4', $count: 'true' });
    expect(renderSql(q.dataSql)).toEqual({
      sql:
        `select coalesce(json_agg(odata_t0 order by odata_t0."id" asc), '[]')::text as json,` +
        ' count(*)::int as n from (select (ow.id) as "id", (ow.name) as "name" from odt_owner ow' +
        ' where ((ow.name) = $1::text) order by (ow.id) asc limit 2 offset 4) odata_t0',
      params: ['Ann'],
    });
    expect(renderSql(q.countSql!)).toEqual({
      sql: 'select count(*) as count from odt_owner ow where ((ow.name) = $1::text)',
      params: ['Ann'],
    });
    expect([q.top, q.skip]).toEqual([2, 4]);
    // The next link's position comes from the last row's "id" in the JSON (run.ts), no extra column.
    expect(q.sortKeys).toEqual(['id']);
  });

  it('builds the page in two levels when a sort key is not selected, JSON only for the page', () => {
    const q = compileODataQuery(owners, { $select: 'name', $top: '2' });
    expect(renderSql(q.dataSql)).toEqual({
      sql:
        "select coalesce(json_agg(json_build_object('name', odata_t0.c0) order by odata_t0.s0 asc), '[]')::text as json," +
        ' count(*)::int as n, (json_agg(json_build_array(odata_t0.s0::text) order by odata_t0.s0 asc) -> -1)::text as last' +
        ' from (select (ow.name) as c0, (ow.id) as s0 from odt_owner ow' +
        ' order by (ow.id) asc limit 2) odata_t0',
      params: [],
    });
  });

  it('applies the fixed where, extraWhere and the filter, in that order', () => {
    const q = compileODataQuery(
      parents,
      { $filter: 'active', $select: 'id' },
      { extraWhere: sql`p.owner_id = ${7}` },
    );
    const { sql: text, params } = renderSql(q.dataSql);
    expect(text).toContain(
      'where (p.deleted = false) and (p.owner_id = $1) and (p.active) order by (p.id) desc limit 5',
    );
    expect(params).toEqual([7]);
    expect(q.countSql).toBeUndefined();
  });

  it('nests path properties and renders expansions as correlated subqueries', () => {
    const q = compileODataQuery(parents, {
      $select: 'id,vehicle',
      $expand: 'Children($select=id;$filter=message ne null;$top=2;$expand=Author),owner($select=name)',
    });
    const { sql: text, params } = renderSql(q.dataSql);
    expect(text).toContain(
      `select (p.id) as "id", json_build_object('year', (p.year), 'make', (p.make)) as "vehicle", (select coalesce(`,
    );
    expect(text).toMatch(
      /\) as "children", \(select json_build_object\('name', odata_t1\.c0\) .* as "owner" from odt_parent p/,
    );
    expect(text).toContain(
      "(select coalesce(json_agg(json_build_object('id', odata_t1.c0, 'author', odata_t1.e0) order by odata_t1.s0 desc nulls last, odata_t1.s1 asc), '[]'::json) from (select (c.id) as c0, ",
    );
    expect(text).toContain(
      'from odt_child c where (c.parent_id = p.id) and ((c.message) is not null) order by (c.sent_at) desc nulls last, (c.id) asc limit 2) odata_t1) as "children"',
    );
    expect(text).toContain('from odt_owner ow where (ow.id = c.author_id) limit 1) odata_t2)');
    expect(text).toContain(
      '(select json_build_object(\'name\', odata_t1.c0) from (select (ow.name) as c0 from odt_owner ow where (ow.id = p.owner_id) limit 1) odata_t1) as "owner"',
    );
    expect(params).toEqual([]);
    expect(text).toMatch(/ order by \(p\.id\) desc limit 5\) odata_t0$/);
  });

  it('caps $top at maxTop; an expanded collection defaults to the child maxTop', () => {
    expect(compileODataQuery(parents, { $top: '500' }).top).toBe(8);
    expect(compileODataQuery(parents, {}).top).toBe(5);
    const q = compileODataQuery(parents, { $select: 'id', $expand: 'children($top=1000)' });
    const { sql: text } = renderSql(q.dataSql);
    // sent_at may be null: OData puts nulls last descending, PostgreSQL's default would put them first.
    expect(text).toContain(
      `order by (c.sent_at) desc nulls last, (c.id) asc limit ${children.maxTop}) odata_t1`,
    );
    expect(text).toMatch(/ limit 5\) odata_t0$/);
  });

  it('splices objects of more than 50 properties without reordering them', () => {
    // `wide` sorts on p.id, which is not one of its properties: its objects are built with json_build_object.
    const { sql: text } = renderSql(compileODataQuery(wide, {}).dataSql);
    expect(text).toContain("('{' || concat_ws(', ', substr(left(json_build_object('f0', odata_t0.c0, ");
    expect(text).toContain(
      "'f49', odata_t0.c49)::text, -1), 2), substr(left(json_build_object('f50', odata_t0.c50, ",
    );
  });

  it.each([
    [{ $filter: 'nope eq 1' }, '$filter', "Unknown property 'nope' at position 1 in $filter"],
    [{ $orderby: 'nope' }, '$orderby', "Unknown property 'nope' at position 1 in $orderby"],
    [{ $top: '-1' }, '$top', "$top must be a non-negative integer, not '-1'"],
    [{ $skip: 'x' }, '$skip', "$skip must be a non-negative integer, not 'x'"],
    [{ $count: '1' }, '$count', "$count must be true or false, not '1'"],
    [{ $select: 'nope' }, '$select', "Unknown property 'nope' in $select"],
    [{ $expand: 'nope' }, '$expand', "Unknown navigation 'nope' in $expand"],
    [
      { $expand: 'children($filter=message eq 1)' },
      '$expand',
      "In $expand 'children', $filter: Type error at position 12: cannot compare 'message' (string) with a number literal",
    ],
    [
      { $expand: 'children($count=true)' },
      '$expand',
      "In $expand 'children', $count: $count is not supported inside $expand",
    ],
    [
      { $expand: 'owner($top=1)' },
      '$expand',
      "In $expand 'owner', $top: $top cannot be used on 'owners', which is a single entity",
    ],
    [
      { $expand: 'children($expand=author($select=nope))' },
      '$expand',
      "In $expand 'children', $expand: In $expand 'author', $select: Unknown property 'nope' in $select",
    ],
    [
      { $expand: 'children($expand=nope)' },
      '$expand',
      "In $expand 'children', $expand: Unknown navigation 'nope' in $expand",
    ],
  ])('reports %j on the right option', (query, field, message) => {
    const e = errorOf(() => compileODataQuery(parents, query));
    expect([e.field, e.message]).toEqual([field, message]);
    expect(e.toProblem()).toEqual({ title: 'Bad Request', status: 400, errors: { [field]: [message] } });
  });

  it('limits how deep $expand nests, even for self-referencing resources', () => {
    const node: ODataResource = { ...owners, name: 'node', fields: { id: { sql: 'n0.id', type: 'number' } } };
    node.expand = { up: { resource: node, on: 'true', many: false } };
    expect(() => compileODataQuery(node, { $expand: 'up($expand=up($expand=up))' })).not.toThrow();
    expect(
      errorOf(() => compileODataQuery(node, { $expand: 'up($expand=up($expand=up($expand=up)))' })).message,
    ).toContain('$expand nests too deeply (at most 3 levels)');
  });

  it('marks fragment searches to be planned with their pattern on every run (not prepared)', () => {
    const fresh = (query: Record<string, string>) => {
      const q = compileODataQuery(parents, { $count: 'true', ...query });
      return [wantsFreshPlan(q.dataSql), wantsFreshPlan(q.countSql!)];
    };
    expect(fresh({ $filter: "contains(name,'ab')" })).toEqual([true, true]);
    expect(fresh({ $filter: "id gt 1 and not endswith(tolower(name),'ab')" })).toEqual([true, true]);
    expect(fresh({ $expand: "children($filter=startswith(message,'a'))" })).toEqual([true, true]);
    expect(fresh({ $filter: "name eq 'ab'" })).toEqual([false, false]);
    expect(fresh({})).toEqual([false, false]);
  });

  it('rejects broken resource definitions with a plain Error', () => {
    const base = { ...owners, name: 'broken' };
    const bad: ODataResource[] = [
      { ...base, fields: { id: owners.fields.id, ID: owners.fields.id } },
      { ...base, fields: { "na'me": owners.fields.name } },
      { ...base, fields: { a: owners.fields.id, 'a/b': owners.fields.id } },
      { ...base, expand: { id: { resource: owners, on: 'true', many: true } } },
      { ...base, defaultTop: 100, maxTop: 10 },
    ];
    for (const r of bad) {
      expect(() => compileODataQuery(r, {})).toThrow(/^OData resource 'broken'/);
      expect(() => compileODataQuery(r, {})).not.toThrow(ODataError);
    }
  });
});
