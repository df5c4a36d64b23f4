import { sql } from 'drizzle-orm';
import { planList } from './plan.js';
import { readOptions } from './query-options.js';
import { renderCount, renderData, renderPartitioned } from './render-list.js';
import type { CompileOptions, CompiledQuery, ODataResource } from './types.js';

/**
 * Turns a request's query object into parameterized SQL for one list resource. Throws
 * ODataError for any client mistake, and Error when the resource definition itself is wrong.
 */
export function compileODataQuery(
  resource: ODataResource,
  query: Record<string, unknown>,
  opts: CompileOptions = {},
): CompiledQuery {
  const extra = opts.extraWhere ? [sql`(${opts.extraWhere})`] : [];
  const plan = planList(resource, readOptions(query), 'root', 0, extra);
  return {
    dataSql: renderData(plan),
    countSql: plan.count ? renderCount(plan) : undefined,
    top: plan.top,
    skip: plan.skip,
    partitioned: renderPartitioned(plan),
  };
}
