import type { SQL } from 'drizzle-orm';
import { cachedCount, knownCount, rememberCount } from './count-cache.js';
import { compileODataQuery } from './compile.js';
import { lastRowValues } from './render-list.js';
import type { CompiledQuery, ODataResource, QueryExecutor, RunOptions } from './types.js';

/** Encodes a query component, leaving the characters OData links usually show as they are. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%(24|2C|2F|3A|40)/gi, (m) => decodeURIComponent(m));
}

/**
 * The same path and query with `$skip` set to `skip`, or with `$skiptoken` set to a token (any spelling of
 * `$skip` and `$skiptoken` is replaced), and with `$top` set to `top` when given (the rows still wanted).
 */
export function buildNextLink(
  baseUrl: string,
  rawQuery: Record<string, unknown>,
  next: number | { skiptoken: string },
  top?: number,
): string {
  const path = baseUrl.split('?')[0];
  const parts: string[] = [];
  for (const [key, value] of Object.entries(rawQuery ?? {})) {
    const lower = key.toLowerCase();
    if (lower === '$skip' || lower === '$skiptoken' || value === undefined || value === null) continue;
    if (lower === '$top' && top !== undefined) {
      parts.push(`${encode(key)}=${top}`);
      continue;
    }
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(String(v))}`);
  }
  parts.push(typeof next === 'number' ? `$skip=${next}` : `$skiptoken=${encode(next.skiptoken)}`);
  return `${path}?${parts.join('&')}`;
}

/**
 * The next page's link: by position after the last row when the list allows it, else by `$skip`; a `$top`
 * is lowered by this page's rows, so following the links stops at the client's limit.
 */
const MAX_TOKEN_LENGTH = 4000;
function nextLink(
  opts: RunOptions,
  compiled: CompiledQuery,
  data: Record<string, unknown> | undefined,
): string {
  const values = !compiled.nextToken
    ? undefined
    : compiled.sortKeys
      ? lastRowValues(String(data?.json ?? '[]'), Number(data?.n ?? 0), compiled.sortKeys)
      : typeof data?.last === 'string'
        ? (JSON.parse(data.last) as (string | null)[])
        : undefined;
  const rest = compiled.limit === undefined ? undefined : compiled.limit - compiled.top;
  if (compiled.nextToken && values) {
    const token = compiled.nextToken(values);
    // A token longer than an option may be (a long text sort value) falls back to $skip.
    if (token.length <= MAX_TOKEN_LENGTH)
      return buildNextLink(opts.baseUrl, opts.rawQuery, { skiptoken: token }, rest);
  }
  return buildNextLink(opts.baseUrl, opts.rawQuery, compiled.skip + compiled.top, rest);
}

/**
 * Compiled queries by resource and query options, for lists without route scoping (whose SQL would
 * differ per user): the same request, such as a screen's default list, is then built and rendered to
 * text once (render-sql.ts) rather than on every call. Bounded like the count cache.
 */
const compiledByResource = new WeakMap<ODataResource, Map<string, CompiledQuery>>();
const MAX_COMPILED = 200;

function compileCached(
  resource: ODataResource,
  query: Record<string, unknown>,
  maxPageSize: number | undefined,
): CompiledQuery {
  let byQuery = compiledByResource.get(resource);
  if (!byQuery) {
    byQuery = new Map();
    compiledByResource.set(resource, byQuery);
  }
  const key = `${maxPageSize ?? ''} ${JSON.stringify(query)}`;
  let compiled = byQuery.get(key);
  if (!compiled) {
    compiled = compileODataQuery(resource, query, { maxPageSize });
    if (byQuery.size >= MAX_COMPILED) byQuery.clear();
    byQuery.set(key, compiled);
  }
  return compiled;
}

/**
 * The page of a list ordered first by a partitioned field: the keys of each value's rows in turn until
 * `skip + top` are known, then the page's rows by key. The statements read separate snapshots, so a row
 * whose value changes meanwhile may be missed or (once, by key) repeated on a page, as between two pages.
 */
async function partitionedRows(exec: QueryExecutor, compiled: CompiledQuery) {
  const p = compiled.partitioned!;
  const wanted = p.skip + p.top;
  const keys: unknown[] = [];
  for (let i = 0; i < p.parts && keys.length < wanted; i++) {
    for (const row of await exec(p.keys(i, wanted - keys.length))) keys.push(row.k);
  }
  const page = keys.slice(p.skip, wanted);
  return page.length ? exec(p.rows(page)) : [];
}

/** Runs a count statement (one row, column `count`). */
const countRows = (exec: QueryExecutor) => async (q: SQL) => Number((await exec(q))[0]?.count ?? 0);

/**
 * The page of a fragment search answered from the search copy: its keys there, then their rows by key. The
 * count, unless cached, comes with the keys (one pass over the matches); a page past the last match has no
 * key to carry it, and is counted on its own.
 */
async function copiedPage(exec: QueryExecutor, compiled: CompiledQuery) {
  const c = compiled.copied!;
  const { countSql } = compiled;
  let keys: unknown[];
  let count: number | undefined;
  if (countSql && c.keysCounted && knownCount(countSql) === undefined) {
    const found = await exec(c.keysCounted);
    keys = found.map((row) => row.k);
    count = found.length ? Number(found[0].c) : await countRows(exec)(countSql);
    rememberCount(countSql, count);
  } else {
    // A cached count, or after a keyset position (the rows after it are not all the matches): keys and count apart.
    const [found, total] = await Promise.all([
      exec(c.keys),
      countSql ? cachedCount(countSql, countRows(exec)) : undefined,
    ]);
    keys = found.map((row) => row.k);
    count = total;
  }
  return { dataRows: keys.length ? await exec(c.rows(keys)) : [], count };
}

/**
 * Runs a list query and returns the response body as text. The rows' JSON is built by
 * PostgreSQL and spliced in untouched; Node never parses it.
 */
export async function runODataQuery(
  exec: QueryExecutor,
  resource: ODataResource,
  query: Record<string, unknown>,
  opts: RunOptions,
): Promise<string> {
  const compiled = opts.extraWhere
    ? compileODataQuery(resource, query, { extraWhere: opts.extraWhere, maxPageSize: opts.maxPageSize })
    : compileCached(resource, query, opts.maxPageSize);
  const { dataRows, count } = compiled.copied
    ? await copiedPage(exec, compiled)
    : await Promise.all([
        compiled.partitioned ? partitionedRows(exec, compiled) : exec(compiled.dataSql),
        compiled.countSql ? cachedCount(compiled.countSql, countRows(exec)) : Promise.resolve(undefined),
      ]).then(([dataRows, count]) => ({ dataRows, count }));
  const json = String(dataRows[0]?.json ?? '[]');
  const pageRows = Number(dataRows[0]?.n ?? 0);
  const { top, skip, limit } = compiled;
  // Another page while the client's $top wants more than this page and rows remain (Part 1 §11.2.5.7).
  const more =
    top > 0 &&
    (limit === undefined || limit > top) &&
    (count !== undefined ? skip + top < count : pageRows >= top);
  let body = '{';
  if (opts.context) body += `"@odata.context":${JSON.stringify(opts.context)},`;
  if (count !== undefined) body += `"@odata.count":${count},`;
  body += `"value":${json}`;
  if (more) body += `,"@odata.nextLink":${JSON.stringify(nextLink(opts, compiled, dataRows[0]))}`;
  return `${body}}`;
}

/** System query options `/$count` ignores (Part 1 §11.2.10: the count is not affected by them). */
const NOT_COUNTED = new Set([
  '$top',
  '$skip',
  '$skiptoken',
  '$orderby',
  '$select',
  '$expand',
  '$count',
  '$format',
]);

/**
 * The number of items `GET <list>/$count` answers: the rows that `$filter`, `$search` and the route's own
 * parameters and scoping select, whatever `$top`, `$skip`, `$orderby`, `$select` and `$expand` say. Counted
 * as `@odata.count` is (same statement, same count cache).
 */
export async function runODataCount(
  exec: QueryExecutor,
  resource: ODataResource,
  query: Record<string, unknown>,
  opts: Pick<RunOptions, 'extraWhere'> = {},
): Promise<number> {
  const counted: Record<string, unknown> = { $count: 'true', $top: '0' };
  for (const [key, value] of Object.entries(query ?? {})) {
    if (!NOT_COUNTED.has(key.toLowerCase())) counted[key] = value;
  }
  const compiled = opts.extraWhere
    ? compileODataQuery(resource, counted, { extraWhere: opts.extraWhere })
    : compileCached(resource, counted, undefined);
  return cachedCount(compiled.countSql!, countRows(exec));
}
