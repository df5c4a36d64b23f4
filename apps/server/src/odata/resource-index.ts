import type { ODataExpand, ODataField, ODataResource } from './types.js';

export interface OrderTerm {
  /** Trusted SQL expression. */
  expr: string;
  /** Trusted direction text, e.g. "desc" or "asc nulls first". */
  dir: string;
}

export interface ResourceIndex {
  resource: ODataResource;
  /** Declared keys in declaration order. */
  keys: string[];
  fields: Map<string, { key: string; field: ODataField }>;
  /** Lower-cased group prefix ("vehicle") → keys below it ("vehicle/year", …). */
  groups: Map<string, string[]>;
  expands: Map<string, { key: string; expand: ODataExpand }>;
  defaultOrder: OrderTerm[];
  keyExprs: string[];
  /** Whether a trusted expression may be null: false for the key and fields declared `notNull`. */
  nullable(expr: string): boolean;
}

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const cache = new WeakMap<ODataResource, ResourceIndex>();

/** Splits trusted SQL at top-level commas (outside parentheses and quotes). */
export function splitTrustedList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((p) => p.length > 0);
}

export function parseOrderTerms(text: string): OrderTerm[] {
  return splitTrustedList(text).map((part) => {
    const m = /^(.*?)(?:\s+(asc|desc))?(?:\s+(nulls\s+(?:first|last)))?$/is.exec(part)!;
    const dir = [m[2]?.toLowerCase() ?? 'asc', m[3]?.toLowerCase().replace(/\s+/, ' ')]
      .filter(Boolean)
      .join(' ');
    return { expr: m[1].trim(), dir };
  });
}

/**
 * OData's null placement (4.01 Part 1 §11.2.6.2): nulls before non-null values ascending, after them
 * descending. PostgreSQL's default is the opposite, so a nullable sort key gets an explicit NULLS clause;
 * one that cannot be null gets none, so plain btree indexes still serve it.
 */
export function odataDir(dir: 'asc' | 'desc', nullable: boolean): string {
  if (!nullable) return dir;
  return dir === 'asc' ? 'asc nulls first' : 'desc nulls last';
}

/** Normalizes a trusted SQL expression for "is this the same column" checks. */
export function sameExpr(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[\s()]/g, '').toLowerCase();
  return norm(a) === norm(b);
}

function build(resource: ODataResource): ResourceIndex {
  const bad = (msg: string) => new Error(`OData resource '${resource.name}': ${msg}`);
  const fields = new Map<string, { key: string; field: ODataField }>();
  const groups = new Map<string, string[]>();
  const keys = Object.keys(resource.fields);
  for (const key of keys) {
    if (!PATH.test(key)) throw bad(`invalid field key '${key}'`);
    const lower = key.toLowerCase();
    if (fields.has(lower))
      throw bad(`field keys '${key}' and '${fields.get(lower)!.key}' differ only in case`);
    fields.set(lower, { key, field: resource.fields[key] });
    const segs = lower.split('/');
    for (let n = 1; n < segs.length; n++) {
      const prefix = segs.slice(0, n).join('/');
      groups.set(prefix, [...(groups.get(prefix) ?? []), key]);
    }
  }
  for (const prefix of groups.keys()) {
    if (fields.has(prefix)) throw bad(`'${fields.get(prefix)!.key}' is both a field and a group of fields`);
  }
  const expands = new Map<string, { key: string; expand: ODataExpand }>();
  for (const [key, expand] of Object.entries(resource.expand ?? {})) {
    const lower = key.toLowerCase();
    if (!NAME.test(key)) throw bad(`invalid navigation name '${key}'`);
    if (fields.has(lower) || groups.has(lower) || expands.has(lower))
      throw bad(`navigation '${key}' clashes`);
    expands.set(lower, { key, expand });
  }
  const { defaultTop, maxTop } = resource;
  if (!Number.isInteger(defaultTop) || !Number.isInteger(maxTop) || defaultTop < 0 || defaultTop > maxTop) {
    throw bad('defaultTop and maxTop must be integers with 0 <= defaultTop <= maxTop');
  }
  const keyExprs = splitTrustedList(resource.key);
  if (keyExprs.length === 0) throw bad('key is empty');
  const notNull = [...keyExprs, ...Object.values(resource.fields).flatMap((f) => (f.notNull ? [f.sql] : []))];
  const nullable = (expr: string) => !notNull.some((e) => sameExpr(e, expr));
  // The default order follows the same null placement as $orderby for terms that are fields (or the key)
  // and give none of their own; other trusted terms stay as written.
  const defaultOrder = parseOrderTerms(resource.defaultOrderBy).map((t) => {
    const known =
      keyExprs.some((k) => sameExpr(k, t.expr)) || keys.some((k) => sameExpr(resource.fields[k].sql, t.expr));
    if (!known || t.dir.includes('nulls')) return t;
    return { expr: t.expr, dir: odataDir(t.dir as 'asc' | 'desc', nullable(t.expr)) };
  });
  return { resource, keys, fields, groups, expands, defaultOrder, keyExprs, nullable };
}

/** Validates a resource definition once and returns its lookup tables (definition bugs throw Error). */
export function indexResource(resource: ODataResource): ResourceIndex {
  let index = cache.get(resource);
  if (!index) {
    index = build(resource);
    cache.set(resource, index);
  }
  return index;
}
