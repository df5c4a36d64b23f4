import { type SQL, sql } from 'drizzle-orm';
import {
  DEEP_SKIP,
  deepSkipCondition,
  keysetCondition,
  keysetTerms,
  makeSkipToken,
  queryDigest,
  readSkipToken,
} from './keyset.js';
import { ODataError } from './odata-error.js';
import { type ListPlan, planList } from './plan.js';
import { readOptions } from './query-options.js';
import {
  copyServes,
  renderCopied,
  renderCount,
  renderData,
  renderPartitioned,
  renderSplit,
  renderValueCount,
  sortKeysOf,
  valueCountsOf,
} from './render-list.js';
import { planEachTime } from './render-sql.js';
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
  const raw = readOptions(query);
  const plan = planList(resource, raw, 'root', 0, extra, opts.maxPageSize);
  const byValue = renderPartitioned(plan);
  // Lists ordered by a partitioned (computed) field page by $skip (their pages are assembled by value, run.ts).
  const terms = byValue ? undefined : keysetTerms(plan);
  const digest = terms ? queryDigest(plan, raw.filter, raw.search) : '';
  let page: ListPlan = plan;
  let before = plan.skip;
  if (raw.skiptoken !== undefined) {
    if (!terms) {
      throw new ODataError(
        '$skiptoken is not valid: this list pages by $skip in this order; follow @odata.nextLink as given',
        '$skiptoken',
      );
    }
    if (raw.skip !== undefined) throw new ODataError('$skip cannot be combined with $skiptoken', '$skip');
    const token = readSkipToken(raw.skiptoken, digest, terms);
    before = token.o;
    page = { ...plan, conditions: [...plan.conditions, keysetCondition(plan, terms, token.v)], skip: 0 };
  }
  // A fragment search the resource's search copy can answer: its keys are read there, offset included.
  const copy = !byValue && copyServes(plan) ? plan.index.resource.searchCopy : undefined;
  if (
    !copy &&
    raw.skiptoken === undefined &&
    plan.skip >= DEEP_SKIP &&
    !byValue &&
    plan.index.keyExprs.length === 1
  ) {
    page = { ...plan, conditions: [...plan.conditions, deepSkipCondition(plan)], skip: 0 };
  }
  // A list ordered first by split fields (lost, followUpAt) is read part by part, keyset position included.
  const parts = copy ? undefined : (byValue ?? renderSplit(page, terms !== undefined));
  // Fragment searches are planned with their pattern on every run (render-sql.ts planEachTime).
  const fresh = <T extends SQL | undefined>(q: T): T => (plan.patterns ? planEachTime(q) : q);
  const partitioned =
    parts && plan.patterns ? { ...parts, keys: (i: number, n: number) => fresh(parts.keys(i, n)) } : parts;
  const dataSql = fresh(renderData(page, terms !== undefined));
  const copiedPage = copy ? renderCopied(page, terms !== undefined, raw.skiptoken !== undefined) : undefined;
  // A filter on one field that has a table of value counts is counted there (a pass over its distinct values);
  // the copy's keys are then read without the count that would pass over every match.
  const counts = plan.count ? valueCountsOf(plan) : undefined;
  const copied = copiedPage && {
    ...copiedPage,
    keys: fresh(copiedPage.keys),
    keysCounted: counts ? undefined : fresh(copiedPage.keysCounted),
  };
  const countSql = !plan.count
    ? undefined
    : counts
      ? renderValueCount(plan, counts)
      : renderCount(plan, copy?.from);
  return {
    dataSql,
    sortKeys: terms ? sortKeysOf(dataSql) : undefined,
    countSql: fresh(countSql),
    copied,
    top: plan.top,
    limit: plan.limit,
    skip: before,
    partitioned,
    nextToken: terms ? (last) => makeSkipToken({ q: digest, o: before + plan.top, v: last }) : undefined,
  };
}
