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
  return {
    resource,
    keys,
    fields,
    groups,
    expands,
    defaultOrder: parseOrderTerms(resource.defaultOrderBy),
    keyExprs,
  };
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
