import { cachedCount } from './count-cache.js';
import { compileODataQuery } from './compile.js';
import type { ODataResource, QueryExecutor, RunOptions } from './types.js';

/** Encodes a query component, leaving the characters OData links usually show as they are. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%(24|2C|2F|3A|40)/gi, (m) => decodeURIComponent(m));
}

/** The same path and query with `$skip` set to `skip` (any spelling of `$skip` is replaced). */
export function buildNextLink(baseUrl: string, rawQuery: Record<string, unknown>, skip: number): string {
  const path = baseUrl.split('?')[0];
  const parts: string[] = [];
  for (const [key, value] of Object.entries(rawQuery ?? {})) {
    if (key.toLowerCase() === '$skip' || value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(String(v))}`);
  }
  parts.push(`$skip=${skip}`);
  return `${path}?${parts.join('&')}`;
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
  const compiled = compileODataQuery(resource, query, { extraWhere: opts.extraWhere });
  const [dataRows, count] = await Promise.all([
    exec(compiled.dataSql),
    compiled.countSql
      ? cachedCount(compiled.countSql, async (q) => Number((await exec(q))[0]?.count ?? 0))
      : Promise.resolve(undefined),
  ]);
  const json = String(dataRows[0]?.json ?? '[]');
  const pageRows = Number(dataRows[0]?.n ?? 0);
  const { top, skip } = compiled;
  const more = top > 0 && (count !== undefined ? skip + top < count : pageRows >= top);
  let body = '{';
  if (count !== undefined) body += `"@odata.count":${count},`;
  body += `"value":${json}`;
  if (more)
    body += `,"@odata.nextLink":${JSON.stringify(buildNextLink(opts.baseUrl, opts.rawQuery, skip + top))}`;
  return `${body}}`;
}
