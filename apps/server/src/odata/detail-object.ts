import type { ODataField } from './types.js';

/**
 * Rich reads declared once (issue #14 part 2): a record's detail is described with the same field
 * helpers the list engine uses (`f`, `nn`, `lookup` of fields.ts), keyed by the path the answer carries
 * (`vehicleDetails/year` nests), plus whole JSON values (sub-objects, arrays) as trusted SQL. From the
 * description come the SQL PostgreSQL builds the JSON with, the PATCH column map (`patch` names) and
 * the tests that hold it to the Drizzle schema and to the domain contract.
 */

/** How a PATCH field's stored value compares with the requested one. */
export type PatchKind = 'at' | 'money';

/** A declared column of the detail; `patch` names the PATCH field that writes it. */
export type DetailField = ODataField & { patch?: string; kind?: PatchKind };
/** A whole JSON value (an object or an array) built by trusted SQL. */
export interface DetailJson {
  json: string;
}
export type DetailEntry = DetailField | DetailJson;
export type DetailDeclaration = Record<string, DetailEntry>;

/** Marks a declared field as written by the PATCH field `name` (compared as `kind`). */
export const editable = (field: ODataField, name: string, kind?: PatchKind): DetailField => ({
  ...field,
  patch: name,
  ...(kind ? { kind } : {}),
});
/** A JSON value of the detail (a sub-object or an array) by trusted SQL. */
export const json = (sqlText: string): DetailJson => ({ json: sqlText });

export const isJson = (e: DetailEntry): e is DetailJson => 'json' in e;

/**
 * json_build_object takes at most 100 arguments: a larger object is built in parts whose JSON texts are
 * joined (`{"a":1}` and `{"b":2}` → `{"a":1, "b":2}`). Not as jsonb joined with `||`: that converted every
 * value, the history and parts arrays included, from JSON text to jsonb and back, for each read (issue #17).
 */
const MAX_PAIRS = 50;

type Node = Map<string, string | Node>;

/** SQL of the node as a json value (`asText`: as text, the form the root is sent in). */
function objectSql(node: Node, asText = false): string {
  const pairs = [...node].map(([k, v]) => `'${k}', ${typeof v === 'string' ? v : objectSql(v)}`);
  if (pairs.length <= MAX_PAIRS) return `json_build_object(${pairs.join(', ')})${asText ? '::text' : ''}`;
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i += MAX_PAIRS) {
    let text = `json_build_object(${pairs.slice(i, i + MAX_PAIRS).join(', ')})::text`;
    // Each part is a non-empty object: drop the closing brace of all but the last, the opening one of all but the first.
    if (i + MAX_PAIRS < pairs.length) text = `left(${text}, -1)`;
    if (i > 0) text = `substr(${text}, 2)`;
    parts.push(text);
  }
  const joined = `(${parts.join(" || ', ' || ")})`;
  return asText ? joined : `${joined}::json`;
}

/** The trusted SQL of the declared object as JSON text (paths `a/b` become nested objects). */
export function jsonObjectSql(declaration: DetailDeclaration): string {
  const root: Node = new Map();
  for (const [path, entry] of Object.entries(declaration)) {
    const parts = path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let child = node.get(part);
      if (typeof child !== 'object') {
        child = new Map();
        node.set(part, child);
      }
      node = child;
    }
    node.set(parts[parts.length - 1], isJson(entry) ? entry.json : entry.sql);
  }
  return `(${objectSql(root, true)})`;
}

/** The PATCH fields of a declaration and their columns (the alias stripped: `i.claim_number` → claim_number). */
export function patchColumns(
  declaration: DetailDeclaration,
  alias: string,
  extra: Record<string, { col: string; kind?: PatchKind }> = {},
): Record<string, { col: string; kind?: PatchKind }> {
  const out: Record<string, { col: string; kind?: PatchKind }> = {};
  const prefix = `${alias}.`;
  for (const entry of Object.values(declaration)) {
    if (isJson(entry) || !entry.patch) continue;
    if (!entry.sql.startsWith(prefix) || !/^[a-z_][a-z0-9_]*$/.test(entry.sql.slice(prefix.length)))
      throw new Error(`PATCH field ${entry.patch} must be a plain column of ${alias}, not ${entry.sql}`);
    out[entry.patch] = { col: entry.sql.slice(prefix.length), ...(entry.kind ? { kind: entry.kind } : {}) };
  }
  return { ...out, ...extra };
}
