import { type SQL, sql } from 'drizzle-orm';
import { parseExpand } from './expand-parser.js';
import type { FilterNode } from './filter-ast.js';
import { compileFilter } from './filter-compiler.js';
import { parseFilter } from './filter-parser.js';
import { ODataError } from './odata-error.js';
import { resolveOrderBy } from './orderby.js';
import { parseCount, parseSkip, parseTop, type RawOptions } from './query-options.js';
import { type OrderTerm, type ResourceIndex, indexResource } from './resource-index.js';
import { compileSearch } from './search.js';
import { resolveSelect } from './select.js';
import type { ODataResource } from './types.js';

/** How deep $expand may nest (Conversations → Messages → Sender is 2). */
export const MAX_EXPAND_DEPTH = 3;

export type ListKind = 'root' | 'many' | 'one';

/** Everything needed to render one list level (the root, or one expanded navigation). */
export interface ListPlan {
  index: ResourceIndex;
  kind: ListKind;
  depth: number;
  conditions: SQL[];
  fields: string[];
  expands: { key: string; plan: ListPlan }[];
  order: OrderTerm[];
  /** Rows this request reads: the page (root), or the expansion's `$top` capped at the child's maxTop. */
  top: number;
  /** The root's `$top`, the client's limit on the whole result across next links; undefined without one. */
  limit: number | undefined;
  skip: number;
  count: boolean;
  /** The level or one of its expansions matches text fragments (contains/startswith/endswith, $search). */
  patterns: boolean;
  /** This level's own filter or search matches text fragments (its expansions' do not count). */
  ownPatterns: boolean;
  /** The field keys this level's own filter and search read. */
  refs: Set<string>;
  /** The level has conditions besides its filter and search (the resource's `where`, a route's or parent's). */
  scoped: boolean;
}

/** The keys of the fields a filter reads (every spelling resolves to the declared key). */
function fieldRefs(node: FilterNode, index: ResourceIndex, into: Set<string>): void {
  switch (node.kind) {
    case 'field': {
      const found = index.fields.get(node.path.toLowerCase());
      if (found) into.add(found.key);
      return;
    }
    case 'call':
      for (const arg of node.args) fieldRefs(arg, index, into);
      return;
    case 'compare':
    case 'logical':
      fieldRefs(node.left, index, into);
      fieldRefs(node.right, index, into);
      return;
    case 'in':
      fieldRefs(node.left, index, into);
      return;
    case 'not':
      fieldRefs(node.operand, index, into);
      return;
    default:
      return;
  }
}

/** Whether a filter calls contains, startswith or endswith anywhere. */
function matchesFragments(node: FilterNode): boolean {
  switch (node.kind) {
    case 'call':
      return ['contains', 'startswith', 'endswith'].includes(node.name) || node.args.some(matchesFragments);
    case 'compare':
    case 'logical':
      return matchesFragments(node.left) || matchesFragments(node.right);
    case 'in':
      return matchesFragments(node.left);
    case 'not':
      return matchesFragments(node.operand);
    default:
      return false;
  }
}

function rejectOnSingle(raw: RawOptions, key: string): void {
  for (const name of ['orderby', 'top', 'skip'] as const) {
    if (raw[name] !== undefined) {
      throw new ODataError(`$${name} cannot be used on '${key}', which is a single entity`, `$${name}`);
    }
  }
}

/**
 * The root's page size: the client's `Prefer: odata.maxpagesize` capped at the list's maxTop; else, for a
 * request with `$top`, maxTop (a `$top` up to it is one page, as before paging within `$top`), and without
 * `$top` the list's defaultTop.
 */
export function pageSize(resource: ODataResource, limit: number | undefined, maxPageSize?: number): number {
  if (maxPageSize !== undefined) return Math.min(maxPageSize, resource.maxTop);
  return limit === undefined ? resource.defaultTop : resource.maxTop;
}

/**
 * Parses and checks the options of one list level against its resource. The root reads one page of at
 * most `$top` rows (pageSize); an expanded collection without $top returns up to the child's maxTop rows
 * (no nextLink inside expansions), and its `$top` is capped there.
 */
export function planList(
  resource: ODataResource,
  raw: RawOptions,
  kind: ListKind,
  depth: number,
  extra: SQL[],
  maxPageSize?: number,
): ListPlan {
  const index = indexResource(resource);
  const conditions: SQL[] = [];
  if (resource.where) conditions.push(sql.raw(`(${resource.where})`));
  conditions.push(...extra);
  const scoped = conditions.length > 0;
  let patterns = raw.search !== undefined;
  const refs = new Set<string>();
  if (raw.filter !== undefined) {
    const ast = parseFilter(raw.filter);
    patterns ||= matchesFragments(ast);
    conditions.push(compileFilter(ast, index));
    fieldRefs(ast, index, refs);
  }
  if (raw.search !== undefined) {
    conditions.push(compileSearch(raw.search, index));
    for (const key of resource.search ?? []) refs.add(index.fields.get(key.toLowerCase())?.key ?? key);
  }
  const ownPatterns = patterns;
  if (kind !== 'root' && raw.count !== undefined) {
    throw new ODataError('$count is not supported inside $expand', '$count');
  }
  const count = parseCount(raw.count);
  const fields = resolveSelect(raw.select, index);
  let order: OrderTerm[] = [];
  let top = 1;
  let limit: number | undefined;
  let skip = 0;
  if (kind === 'one') {
    rejectOnSingle(raw, resource.name);
  } else {
    order = resolveOrderBy(raw.orderby, index);
    const asked = parseTop(raw.top);
    if (kind === 'root') {
      limit = asked;
      top = Math.min(asked ?? Number.MAX_SAFE_INTEGER, pageSize(resource, asked, maxPageSize));
    } else top = Math.min(asked ?? resource.maxTop, resource.maxTop);
    skip = parseSkip(raw.skip);
  }
  const expands: ListPlan['expands'] = [];
  if (raw.expand !== undefined) {
    if (depth + 1 > MAX_EXPAND_DEPTH) {
      throw new ODataError(`$expand nests too deeply (at most ${MAX_EXPAND_DEPTH} levels)`, '$expand');
    }
    for (const item of parseExpand(raw.expand, index)) {
      const on = sql.raw(`(${item.expand.on})`);
      try {
        const childKind = item.expand.many ? 'many' : 'one';
        expands.push({
          key: item.key,
          plan: planList(item.expand.resource, item.options, childKind, depth + 1, [on]),
        });
      } catch (err) {
        if (!(err instanceof ODataError)) throw err;
        throw new ODataError(`In $expand '${item.key}', ${err.field}: ${err.message}`, '$expand', err.status);
      }
    }
  }
  patterns ||= expands.some((e) => e.plan.patterns);
  return {
    index,
    kind,
    depth,
    conditions,
    fields,
    expands,
    order,
    top,
    limit,
    skip,
    count,
    patterns,
    ownPatterns,
    refs,
    scoped,
  };
}
