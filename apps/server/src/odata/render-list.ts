// Over 300 lines: the list statement's SQL (page, count, search copy, expansions) is one rendering; see odata/README.md.
import { type SQL, sql } from 'drizzle-orm';
import { type JsonEntry, jsonObject } from './json-object.js';
import type { ListPlan } from './plan.js';
import { renderSql, withParams } from './render-sql.js';
import { sameExpr } from './resource-index.js';
import type { ODataLookup } from './types.js';

const raw = sql.raw;

/**
 * Limit and offset as literals (checked integers), not parameters: a prepared list statement
 * (Database.listRows) then gets a generic plan made for its real page size.
 */
function limitOffset(limit: number, offset: number): SQL {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) {
    throw new Error(`invalid page: limit ${limit} offset ${offset}`);
  }
  return raw(offset ? ` limit ${limit} offset ${offset}` : ` limit ${limit}`);
}

function whereClause(plan: ListPlan): SQL {
  return plan.conditions.length ? sql` where ${sql.join(plan.conditions, sql` and `)}` : sql``;
}

/**
 * Two levels per list. The inner select picks the page (where, order, limit) and returns plain
 * columns c0…, the expansions e0… and the sort keys s0…; the outer level builds the JSON of
 * the page's rows only. (Built in one level, json_build_object would run for every row before
 * the sort.) Expansions are correlated subqueries, which PostgreSQL evaluates after the limit.
 * The aggregate re-sorts the page on s0… so the array order is guaranteed, not incidental.
 */
function renderLevel(plan: ListPlan): { inner: SQL; object: SQL; aggOrder: SQL; alias: string } {
  const alias = `odata_t${plan.depth}`;
  const { resource } = plan.index;
  const cols: SQL[] = [];
  const entries: JsonEntry[] = [];
  plan.fields.forEach((key, i) => {
    cols.push(raw(`(${resource.fields[key].sql}) as c${i}`));
    entries.push({ path: key.split('/'), value: raw(`${alias}.c${i}`) });
  });
  plan.expands.forEach((e, i) => {
    cols.push(sql`${renderExpand(e.plan)} as ${raw(`e${i}`)}`);
    entries.push({ path: [e.key], value: raw(`${alias}.e${i}`) });
  });
  plan.order.forEach((t, i) => {
    cols.push(raw(`(${t.expr}) as s${i}`));
  });
  const select = cols.length ? sql.join(cols, sql`, `) : sql``;
  let inner = sql`select ${select} from ${raw(resource.from)}${whereClause(plan)}`;
  if (plan.order.length) {
    inner = sql`${inner} order by ${raw(plan.order.map((t) => `(${t.expr}) ${t.dir}`).join(', '))}`;
  }
  inner = plan.kind === 'one' ? sql`${inner} limit 1` : sql`${inner}${limitOffset(plan.top, plan.skip)}`;
  const aggOrder = raw(plan.order.map((t, i) => `${alias}.s${i} ${t.dir}`).join(', '));
  return { inner, object: jsonObject(entries), aggOrder, alias };
}

function renderExpand(plan: ListPlan): SQL {
  const { inner, object, aggOrder, alias } = renderLevel(plan);
  if (plan.kind === 'one') return sql`(select ${object} from (${inner}) ${raw(alias)})`;
  return sql`(select coalesce(json_agg(${object} order by ${aggOrder}), '[]'::json) from (${inner}) ${raw(alias)})`;
}

/** PostgreSQL truncates longer column names, so such keys cannot be column aliases. */
const MAX_ALIAS_LENGTH = 63;

/**
 * The faster shape for a root page whose sort keys are all selected top-level fields (the usual
 * case: the default order ends on the key). The page's columns are named by their JSON keys and
 * json_agg turns each row into its object directly, instead of one json_build_object per row,
 * which checks the type of every argument on every row and past 50 properties has to splice
 * texts. On the invoice list (58 properties, 250 rows) this took about a third off the query.
 * Nested properties ("a/b") become one json_build_object column each. Undefined when the plan
 * does not fit: a sort key outside the selection, or a key too long for a column alias.
 */
function renderRecords(plan: ListPlan, withLast: boolean): SQL | undefined {
  const { resource } = plan.index;
  const alias = `odata_t${plan.depth}`;
  const orderKeys = plan.order.map((t) =>
    plan.fields.find((key) => !key.includes('/') && resource.fields[key].sql === t.expr),
  );
  if (!plan.order.length || orderKeys.some((key) => key === undefined)) return undefined;

  // Looked-up names join after the page's limit, one left join per distinct lookup (facility/name and
  // facility/shortName share one): the planner hashes the small table once instead of running a
  // subplan per row and name. The inner level then carries the lookup keys (k0…) and plain columns (c0…).
  const joins = new Map<string, { alias: string; key: string; lookup: ODataLookup }>();
  const inner: SQL[] = [];
  const lookedUp = (l: ODataLookup) => {
    const id = [l.from, l.key, l.on].join('\u0000');
    let join = joins.get(id);
    if (!join) {
      join = { alias: `odata_x${joins.size}`, key: `k${joins.size}`, lookup: l };
      joins.set(id, join);
      inner.push(raw(`(${l.on}) as ${join.key}`));
    }
    return raw(`(${l.value.replace(/\bx\./g, `${join.alias}.`)})`);
  };
  const hasLookups = plan.fields.some((key) => resource.fields[key].lookup);
  const columns = new Map<string, SQL | JsonEntry[]>();
  plan.fields.forEach((key, i) => {
    const field = resource.fields[key];
    let value: SQL;
    if (field.lookup && hasLookups) value = lookedUp(field.lookup);
    else if (hasLookups) {
      inner.push(raw(`(${field.sql}) as c${i}`));
      value = raw(`${alias}.c${i}`);
    } else value = raw(`(${field.sql})`);
    const [head, ...rest] = key.split('/');
    if (!rest.length) columns.set(head, value);
    else {
      const entries = (columns.get(head) as JsonEntry[] | undefined) ?? [];
      entries.push({ path: rest, value });
      columns.set(head, entries);
    }
  });
  plan.expands.forEach((e, i) => {
    if (!hasLookups) columns.set(e.key, renderExpand(e.plan));
    else {
      inner.push(sql`${renderExpand(e.plan)} as ${raw(`e${i}`)}`);
      columns.set(e.key, raw(`${alias}.e${i}`));
    }
  });
  if ([...columns.keys()].some((key) => key.length > MAX_ALIAS_LENGTH)) return undefined;
  const named = [...columns].map(([key, value]) => {
    const column = Array.isArray(value) ? jsonObject(value) : value;
    return sql`${column} as ${raw(`"${key}"`)}`;
  });
  const page = (select: SQL[]) =>
    sql`select ${sql.join(select, sql`, `)} from ${raw(resource.from)}${whereClause(plan)} order by ${raw(
      plan.order.map((t) => `(${t.expr}) ${t.dir}`).join(', '),
    )}${limitOffset(plan.top, plan.skip)}`;
  let rows = page(named);
  if (hasLookups) {
    const leftJoins = [...joins.values()].map(
      (j) => ` left join ${j.lookup.from} ${j.alias} on ${j.alias}.${j.lookup.key} = ${alias}.${j.key}`,
    );
    rows = sql`select ${sql.join(named, sql`, `)} from (${page(inner)}) ${raw(alias)}${raw(leftJoins.join(''))}`;
  }
  const rowAlias = hasLookups ? `odata_r${plan.depth}` : alias;
  const aggOrder = raw(plan.order.map((t, i) => `${rowAlias}."${orderKeys[i]}" ${t.dir}`).join(', '));
  const query = sql`select coalesce(json_agg(${raw(rowAlias)} order by ${aggOrder}), '[]')::text as json, count(*)::int as n from (${rows}) ${raw(rowAlias)}`;
  // The last row's sort values are properties of its JSON object: read there (lastRowValues), not
  // aggregated a second time (a second ordered aggregate sorted the page again: +35 % on the invoice list).
  if (withLast) sortKeysInJson.set(query, orderKeys as string[]);
  return query;
}

/** Data queries whose rows carry every sort value as a top-level property, with those property names. */
const sortKeysInJson = new WeakMap<SQL, string[]>();

/** The JSON property names of the sort terms, when the page's rows carry them all (renderRecords). */
export function sortKeysOf(dataSql: SQL): string[] | undefined {
  return sortKeysInJson.get(dataSql);
}

/** Significant digits a double holds exactly; a longer number is not used as a position. */
const EXACT_DIGITS = 15;

/**
 * The sort values (as text) of the last row of a page built by renderRecords, read from the end of its JSON
 * text without parsing the page: json_agg writes `, \n ` between rows, and a raw newline cannot occur inside
 * a JSON string, so the last row starts after the last one. Undefined when that does not give an object with
 * every key (then the list links by $skip).
 */
export function lastRowValues(json: string, rows: number, keys: string[]): (string | null)[] | undefined {
  if (rows < 1) return undefined;
  const start = rows > 1 ? json.lastIndexOf('\n ') + 2 : 1;
  if (start < 2 && rows > 1) return undefined;
  let row: Record<string, unknown>;
  try {
    row = JSON.parse(json.slice(start, -1));
  } catch {
    return undefined;
  }
  if (!row || typeof row !== 'object') return undefined;
  const values: (string | null)[] = [];
  for (const key of keys) {
    const v = row[key];
    if (v === null) values.push(null);
    else if (typeof v === 'string') values.push(v);
    else if (typeof v === 'boolean') values.push(String(v));
    else if (typeof v === 'number' && v.toString().replace(/^-|\.|e.*$/g, '').length <= EXACT_DIGITS)
      values.push(v.toString());
    else return undefined;
  }
  return values;
}

/**
 * The rows with the given keys, in the plan's order (`json` and `n` as renderData): the query, the largest of
 * a keyed page, is built and rendered once per plan with one array parameter, and each call only swaps in
 * its keys.
 */
function rowsByKey(plan: ListPlan, withLast = false): (keys: unknown[]) => SQL {
  const key = plan.index.keyExprs[0];
  const noKeys: unknown[] = [];
  let rowsQuery: { sql: string; params: unknown[] } | undefined;
  return (keys) => {
    rowsQuery ??= renderSql(
      renderData(
        { ...plan, conditions: [sql`(${raw(key)}) = any(${sql.param(noKeys)})`], skip: 0 },
        withLast,
      ),
    );
    return withParams(rowsQuery, new Map([[noKeys, keys]]));
  };
}

/** A root page ordered first by a partitioned field, read one value at a time (renderPartitioned). */
export interface PartitionedPage {
  /** How many values the field has. */
  parts: number;
  /** Rows of the parts before the page (the page's `$skip`; 0 after a `$skiptoken`) and the page size. */
  skip: number;
  top: number;
  /**
   * The keys (column `k`) of up to `limit` rows of the `i`-th value in page order (0 is the first), under
   * every condition and in the other sort terms' order: an index holding the value's condition serves it.
   */
  keys(i: number, limit: number): SQL;
  /** One row, `json` and `n` as renderData, of the rows with these keys in the page's order. */
  rows(keys: unknown[]): SQL;
}

/**
 * A root page ordered first by a partitioned field (ODataField.partition) can be read value by value:
 * the first value's rows, then the next value's while the page is not full. No row of a later value comes
 * before a row of an earlier one, so the page is exact; and the common first page usually needs one value
 * instead of the field computed and sorted on every row. Undefined when the plan does not fit (no such
 * first sort term, or a composite key).
 */
export function renderPartitioned(plan: ListPlan): PartitionedPage | undefined {
  const [first, ...rest] = plan.order;
  if (plan.kind !== 'root' || !first || plan.index.keyExprs.length !== 1) return undefined;
  const { resource } = plan.index;
  const partition = Object.values(resource.fields).find(
    (f) => f.partition && sameExpr(f.sql, first.expr),
  )?.partition;
  if (!partition) return undefined;
  const key = plan.index.keyExprs[0];
  const desc = first.dir.startsWith('desc');
  const parts = [...partition].sort((a, b) => (desc ? b.value - a.value : a.value - b.value));
  const within = rest.length ? ` order by ${rest.map((t) => `(${t.expr}) ${t.dir}`).join(', ')}` : '';
  const keyQueries = new Map<string, SQL>();
  return {
    parts: parts.length,
    skip: plan.skip,
    top: plan.top,
    keys: (i, limit) => {
      let q = keyQueries.get(`${i} ${limit}`);
      if (!q) {
        q = sql`select (${raw(key)}) as k from ${raw(resource.from)} where ${sql.join(
          [...plan.conditions, raw(`(${parts[i].when})`)],
          sql` and `,
        )}${raw(within)}${limitOffset(limit, 0)}`;
        if (keyQueries.size < 64) keyQueries.set(`${i} ${limit}`, q);
      }
      return q;
    },
    rows: rowsByKey(plan),
  };
}

/**
 * A root page whose order starts with split fields (ODataField.split) read part by part, like
 * renderPartitioned: the parts are the combinations of the leading split terms' values (a boolean's two
 * values, a nullable field's null and not null), in the order the sort places them, stopping after the first
 * nullable term (its non-null part is still ordered by it). Within a part the full order applies; the part's
 * conditions are equalities on the index's leading columns, so PostgreSQL seeks a later column's range
 * (the invoice list's OpenDateTime window) instead of walking past the rows before it. The terms are plain
 * columns, so the page keeps its keyset position (`$skiptoken`): `withLast` renders the rows' sort values.
 * Undefined when the order does not start with a split field.
 */
export function renderSplit(plan: ListPlan, withLast: boolean): PartitionedPage | undefined {
  if (plan.kind !== 'root' || plan.index.keyExprs.length !== 1) return undefined;
  const { resource } = plan.index;
  const fields = Object.values(resource.fields);
  let parts: string[] = [''];
  for (const term of plan.order) {
    const field = fields.find((f) => f.split && sameExpr(f.sql, term.expr));
    if (!field) break;
    const desc = term.dir.startsWith('desc');
    const e = `(${term.expr})`;
    const nullable = plan.index.nullable(term.expr);
    let values: string[];
    if (nullable) {
      // OData places nulls first ascending and last descending (odataDir); an explicit NULLS clause wins.
      const nullsFirst = /nulls first/.test(term.dir) || (!/nulls last/.test(term.dir) && !desc);
      values = nullsFirst ? [`${e} is null`, `${e} is not null`] : [`${e} is not null`, `${e} is null`];
    } else if (field.type === 'boolean') values = desc ? [e, `not ${e}`] : [`not ${e}`, e];
    else break;
    parts = parts.flatMap((p) => values.map((v) => (p ? `${p} and ${v}` : v)));
    if (nullable) break;
  }
  if (parts.length < 2) return undefined;
  const key = plan.index.keyExprs[0];
  const order = ` order by ${plan.order.map((t) => `(${t.expr}) ${t.dir}`).join(', ')}`;
  const keyQueries = new Map<string, SQL>();
  return {
    parts: parts.length,
    skip: plan.skip,
    top: plan.top,
    keys: (i, limit) => {
      let q = keyQueries.get(`${i} ${limit}`);
      if (!q) {
        q = sql`select (${raw(key)}) as k from ${raw(resource.from)} where ${sql.join(
          [...plan.conditions, raw(`(${parts[i]})`)],
          sql` and `,
        )}${raw(order)}${limitOffset(limit, 0)}`;
        if (keyQueries.size < 64) keyQueries.set(`${i} ${limit}`, q);
      }
      return q;
    },
    rows: rowsByKey(plan, withLast),
  };
}

/**
 * `, … as last`: the sort values of the page's last row, as a JSON array of texts (keyset.ts makes the next
 * link's `$skiptoken` of it). Text keeps every value exact (numerics, microseconds).
 */
function lastColumn(columns: string[], aggOrder: SQL): SQL {
  const values = raw(columns.map((c) => `${c}::text`).join(', '));
  return sql`, (json_agg(json_build_array(${values}) order by ${aggOrder}) -> -1)::text as last`;
}

/**
 * One row: `json` (text of the page's JSON array) and `n` (rows in the page); with `withLast`, also `last`
 * (lastColumn).
 */
export function renderData(plan: ListPlan, withLast = false): SQL {
  const records = plan.kind === 'root' && plan.fields.length ? renderRecords(plan, withLast) : undefined;
  if (records) return records;
  const { inner, object, aggOrder, alias } = renderLevel(plan);
  const last = withLast
    ? lastColumn(
        plan.order.map((_, i) => `${alias}.s${i}`),
        aggOrder,
      )
    : sql``;
  return sql`select coalesce(json_agg(${object} order by ${aggOrder}), '[]')::text as json, count(*)::int as n${last} from (${inner}) ${raw(alias)}`;
}

/** One row: `count`, over the same where as the data, from the resource's table or (`from`) its search copy. */
export function renderCount(plan: ListPlan, from = plan.index.resource.from): SQL {
  return sql`select count(*) as count from ${raw(from)}${whereClause(plan)}`;
}

/**
 * The table of value counts (ODataResource.valueCounts) that counts this plan: a root list whose only conditions
 * are its filter and search, which read one field only, a field that has such a table.
 */
export function valueCountsOf(plan: ListPlan): string | undefined {
  const counts = plan.index.resource.valueCounts;
  if (!counts || plan.kind !== 'root' || plan.scoped || plan.refs.size !== 1) return undefined;
  const [field] = plan.refs;
  return Object.hasOwn(counts, field) ? counts[field] : undefined;
}

/**
 * One row, `count`: the rows that meet the plan's conditions, summed over the table of value counts `from`, whose
 * rows carry the one field the conditions read (valueCountsOf) and in `n` how many rows hold that value.
 */
export function renderValueCount(plan: ListPlan, from: string): SQL {
  return sql`select coalesce(sum(n), 0) as count from ${raw(from)}${whereClause(plan)}`;
}

/** A root page whose keys are read from the resource's search copy (renderCopied). */
export interface CopiedPage {
  /** The page's keys (column `k`) in page order, from the copy. */
  keys: SQL;
  /**
   * The same keys, each row also carrying the count of every match (column `c`, `count(*) over ()`): one pass
   * over the matches finds both, where a separate count would recheck them all again. No row, no count.
   * Absent after a keyset position (the rows after it are not all the matches).
   */
  keysCounted?: SQL;
  /** One row, `json` and `n` as renderData, of the rows with these keys in the page's order. */
  rows(keys: unknown[]): SQL;
}

/**
 * Whether a root plan can be answered from its resource's search copy (ODataResource.searchCopy): it matches
 * fragments itself, has no condition besides its filter and search, reads and sorts only by fields the copy
 * holds, and has a single-column key.
 */
export function copyServes(plan: ListPlan): boolean {
  const copy = plan.index.resource.searchCopy;
  if (!copy || plan.kind !== 'root' || !plan.ownPatterns || plan.scoped || plan.index.keyExprs.length !== 1)
    return false;
  const covered = new Set(copy.fields);
  if (![...plan.refs].every((key) => covered.has(key))) return false;
  const { resource } = plan.index;
  const sortable = [...plan.index.keyExprs, ...copy.fields.map((key) => resource.fields[key]?.sql ?? '')];
  return plan.order.every((t) => sortable.some((e) => e && sameExpr(e, t.expr)));
}

/**
 * The page's keys from the search copy, in the page's order with its limit and offset (`page` carries the
 * keyset position, if any), and the page's rows read by key from the resource's table. The copy is narrow, so
 * the matches a trigram index finds are rechecked in pages that stay in the server's buffers; and only the
 * page's rows are read from the wide table. The two statements read separate snapshots, as two pages do.
 */
export function renderCopied(page: ListPlan, withLast: boolean, positioned: boolean): CopiedPage {
  const copy = page.index.resource.searchCopy!;
  const key = page.index.keyExprs[0];
  const order = ` order by ${page.order.map((t) => `(${t.expr}) ${t.dir}`).join(', ')}`;
  const limit = limitOffset(page.top, page.skip);
  // The count is taken in a subquery without an order: with the order beside it, PostgreSQL walked the list's
  // order index through every row (the window needs them all, and the walk saved a sort).
  const sorts = page.order.map((t, i) => `(${t.expr}) as s${i}`).join(', ');
  const outerOrder = page.order.map((t, i) => `odata_c.s${i} ${t.dir}`).join(', ');
  return {
    keys: sql`select (${raw(key)}) as k from ${raw(copy.from)}${whereClause(page)}${raw(order)}${limit}`,
    keysCounted: positioned
      ? undefined
      : sql`select odata_c.k, odata_c.c from (select (${raw(key)}) as k, ${raw(sorts)}, count(*) over () as c from ${raw(
          copy.from,
        )}${whereClause(page)}) odata_c order by ${raw(outerOrder)}${limit}`,
    rows: rowsByKey(page, withLast),
  };
}
