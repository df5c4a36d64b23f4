import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { ODataError } from './odata-error.js';
import type { ListPlan } from './plan.js';
import { type OrderTerm, sameExpr } from './resource-index.js';
import type { ODataType } from './types.js';

/**
 * Deep pages (issue #17): a page far into a list should cost a page.
 *
 * - `@odata.nextLink` carries `$skiptoken`, the position after the page's last row (its sort values), so
 *   the next page starts there through the indexes instead of counting past every earlier row.
 * - An explicit `$skip` of at least DEEP_SKIP (100) finds the page's keys first (a subquery of the sort terms and
 *   the key with OFFSET/LIMIT) and builds the JSON only for those rows.
 *
 * The token is `base64url(JSON {q, o, v}).base64url(HMAC-SHA256)`: `q` a digest of the list and its
 * filter, search and order, `o` the rows before the page (for the next link's count test), `v` the sort
 * values of the last row as text. Any change to it, or its use with another list, filter or order, is a
 * 400. Values are bound as parameters cast to their field's type, never pasted.
 */
export const DEEP_SKIP = 100;
/**
 * A position needs one or two index ranges per sort term: an order of more terms (any client may list
 * every sortable field) pages by `$skip` instead of planning dozens of branches per request.
 */
export const MAX_KEYSET_TERMS = 8;
const FIELD = '$skiptoken';

let tokenKey = randomBytes(32);

/** The key tokens are signed with, from the server's secret, so every process accepts the others' links. */
export function setSkipTokenSecret(secret: string): void {
  tokenKey = createHmac('sha256', secret).update('odata-skiptoken/v1').digest();
}

export interface KeysetTerm extends OrderTerm {
  type: ODataType;
}

/**
 * The order terms with their types when a keyset position fits the plan: a root list with one key column,
 * at most MAX_KEYSET_TERMS sort terms, each a declared field that is not a looked-up name. Undefined otherwise; such lists keep `$skip` links.
 */
export function keysetTerms(plan: ListPlan): KeysetTerm[] | undefined {
  if (plan.kind !== 'root' || plan.index.keyExprs.length !== 1) return undefined;
  if (plan.order.length === 0 || plan.order.length > MAX_KEYSET_TERMS) return undefined;
  const fields = Object.values(plan.index.resource.fields);
  const terms: KeysetTerm[] = [];
  for (const t of plan.order) {
    const field = fields.find((f) => sameExpr(f.sql, t.expr));
    if (!field || field.lookup) return undefined;
    terms.push({ ...t, type: field.type });
  }
  return terms;
}

/** What the query options (besides paging) say, so a token is not used with another list. */
export function queryDigest(plan: ListPlan, filter?: string, search?: string): string {
  const order = plan.order.map((t) => `${t.expr} ${t.dir}`).join(',');
  return createHash('sha256')
    .update(JSON.stringify([plan.index.resource.name, filter ?? '', search ?? '', order]))
    .digest('base64url')
    .slice(0, 16);
}

interface TokenBody {
  q: string;
  o: number;
  v: (string | null)[];
}

const mac = (body: string) => createHmac('sha256', tokenKey).update(body).digest('base64url');

export function makeSkipToken(body: TokenBody): string {
  const text = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${text}.${mac(text)}`;
}

/** The position a token names, checked against this query; any other token is a 400 on `$skiptoken`. */
export function readSkipToken(token: string, digest: string, terms: KeysetTerm[]): TokenBody {
  const bad = (why: string) => new ODataError(`$skiptoken is not valid: ${why}`, FIELD);
  const [text, sig, ...rest] = token.split('.');
  if (!text || !sig || rest.length) throw bad('malformed');
  const expected = Buffer.from(mac(text));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw bad('it was changed or not issued by this server');
  }
  let body: TokenBody;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad('malformed');
  }
  if (body.q !== digest) {
    throw bad('it belongs to another list, filter or order; follow @odata.nextLink as given');
  }
  if (
    !Number.isSafeInteger(body.o) ||
    body.o < 0 ||
    !Array.isArray(body.v) ||
    body.v.length !== terms.length ||
    body.v.some((x) => x !== null && typeof x !== 'string')
  ) {
    throw bad('malformed');
  }
  return body;
}

/** A sort value (as text) bound as a parameter of its field's type; integers as bigint so indexes serve. */
function value(term: KeysetTerm, text: string): SQL {
  switch (term.type) {
    case 'number':
      return /^-?\d+$/.test(text) ? sql`${text}::bigint` : sql`${text}::numeric`;
    case 'boolean':
      return sql`${text}::boolean`;
    case 'date':
      return sql`${text}::date`;
    case 'datetime':
      return sql`${text}::timestamptz`;
    case 'guid':
      return sql`${text}::uuid`;
    default:
      return sql`${text}::text`;
  }
}

const expr = (t: OrderTerm) => sql.raw(`(${t.expr})`);

function equal(t: KeysetTerm, v: string | null): SQL {
  return v === null ? sql`${expr(t)} is null` : sql`${expr(t)} = ${value(t, v)}`;
}

/**
 * The conditions, each an index range, for the rows after `v` in this term's order. Nulls come first
 * ascending and last descending when the direction says so (`nulls first/last`); terms without the clause
 * are declared never null.
 */
function after(t: KeysetTerm, v: string | null): SQL[] {
  const desc = t.dir.startsWith('desc');
  const nullable = t.dir.includes('nulls');
  if (v === null) return desc || !nullable ? [] : [sql`${expr(t)} is not null`];
  const beyond = desc ? sql`${expr(t)} < ${value(t, v)}` : sql`${expr(t)} > ${value(t, v)}`;
  return desc && nullable ? [beyond, sql`${expr(t)} is null`] : [beyond];
}

function limitLiteral(n: number, offset = 0): SQL {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(offset) || n < 0 || offset < 0) {
    throw new Error(`invalid page: limit ${n} offset ${offset}`);
  }
  return sql.raw(offset ? ` limit ${n} offset ${offset}` : ` limit ${n}`);
}

const orderBy = (terms: OrderTerm[], alias?: string) =>
  sql.raw(
    ` order by ${terms.map((t, i) => `${alias ? `${alias}.s${i}` : `(${t.expr})`} ${t.dir}`).join(', ')}`,
  );

/**
 * `key in (…)`: the keys of the `top` rows after position `v`. One branch per term, longest equal prefix
 * first (same values up to term k, after on term k), each ordered and limited on its own, so each is a range
 * scan of an index in list order that stops at `top` rows; the union is re-sorted and cut to `top`.
 */
export function keysetCondition(plan: ListPlan, terms: KeysetTerm[], v: (string | null)[]): SQL {
  const { resource } = plan.index;
  const key = plan.index.keyExprs[0];
  const cols = sql.raw(terms.map((t, i) => `(${t.expr}) as s${i}`).join(', '));
  const branches: SQL[] = [];
  for (let k = terms.length - 1; k >= 0; k--) {
    const prefix = terms.slice(0, k).map((t, i) => equal(t, v[i]));
    for (const a of after(terms[k], v[k])) {
      const where = [...plan.conditions, ...prefix, a];
      branches.push(
        sql`(select (${sql.raw(key)}) as k, ${cols} from ${sql.raw(resource.from)} where ${sql.join(where, sql` and `)}${orderBy(terms)}${limitLiteral(plan.top)})`,
      );
    }
  }
  if (!branches.length) return sql`false`;
  return sql`(${sql.raw(key)}) in (select odata_k.k from (${sql.join(branches, sql` union all `)}) odata_k${orderBy(terms, 'odata_k')}${limitLiteral(plan.top)})`;
}

/** `key in (…)`: the keys of the page at `skip`, found without building any other column of skipped rows. */
export function deepSkipCondition(plan: ListPlan): SQL {
  const { resource } = plan.index;
  const key = plan.index.keyExprs[0];
  const where = plan.conditions.length ? sql` where ${sql.join(plan.conditions, sql` and `)}` : sql``;
  return sql`(${sql.raw(key)}) in (select (${sql.raw(key)}) from ${sql.raw(resource.from)}${where}${orderBy(plan.order)}${limitLiteral(plan.top, plan.skip)})`;
}
