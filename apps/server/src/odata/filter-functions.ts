import { type SQL, sql } from 'drizzle-orm';
import type { FilterNode } from './filter-ast.js';
import { escapeLike } from './literals.js';
import { type Operand, asExpr, describeOperand, typeError } from './filter-operand.js';
import type { ODataType } from './types.js';

type Expr = Extract<Operand, { kind: 'expr' }>;
type Call = Extract<FilterNode, { kind: 'call' }>;

const LIKE: Record<string, (s: string) => string> = {
  contains: (s) => `%${s}%`,
  startswith: (s) => `${s}%`,
  endswith: (s) => `%${s}`,
};

/** Three letters or digits in a row: the least a contains pattern needs for pg_trgm to extract a trigram. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

const UNARY: Record<string, { arg: ODataType[]; result: ODataType; build: (a: SQL) => SQL }> = {
  tolower: { arg: ['string'], result: 'string', build: (a) => sql`lower(${a})` },
  toupper: { arg: ['string'], result: 'string', build: (a) => sql`upper(${a})` },
  trim: { arg: ['string'], result: 'string', build: (a) => sql`btrim(${a})` },
  length: { arg: ['string'], result: 'number', build: (a) => sql`char_length(${a})` },
  year: { arg: ['date', 'datetime'], result: 'number', build: (a) => sql`extract(year from ${a})` },
  month: { arg: ['date', 'datetime'], result: 'number', build: (a) => sql`extract(month from ${a})` },
  day: { arg: ['date', 'datetime'], result: 'number', build: (a) => sql`extract(day from ${a})` },
};

export const FUNCTION_NAMES = [...Object.keys(LIKE), ...Object.keys(UNARY)];

/**
 * `tolower(x)` inside contains/startswith/endswith is left out: ILIKE compares lower(x) with lower(pattern)
 * already, and lower is idempotent, so the rows are the same; but `x ILIKE …` is what a trigram index on
 * the column serves (migration 0011), `lower(x) ILIKE …` is not. toupper is kept (lower(upper(x)) differs
 * from lower(x) for a few letters, such as the dotless ı).
 */
function withoutLower(node: FilterNode): FilterNode {
  let n = node;
  while (n.kind === 'call' && n.name === 'tolower' && n.args.length === 1) n = n.args[0];
  return n;
}

/**
 * contains/startswith/endswith are case-insensitive (ILIKE) on purpose: staff search by
 * fragments of names and plates. The pattern is built here with the wildcards of the
 * user's text escaped, and bound as one parameter.
 */
export function compileCall(node: Call, operand: (n: FilterNode) => Operand, field: string): Expr {
  // Own names only: 'constructor' or 'toString' must not find Object's prototype members.
  const like = Object.hasOwn(LIKE, node.name) ? LIKE[node.name] : undefined;
  const arity = like ? 2 : 1;
  if (!like && !Object.hasOwn(UNARY, node.name)) {
    throw typeError(field, node.pos, `unknown function '${node.name}' (known: ${FUNCTION_NAMES.join(', ')})`);
  }
  if (node.args.length !== arity) {
    throw typeError(field, node.pos, `${node.name} takes ${arity} argument${arity > 1 ? 's' : ''}`);
  }
  const first = asExpr(operand(like ? withoutLower(node.args[0]) : node.args[0]), field);
  const label = `${node.name}(${first.label})`;
  if (like) {
    if (first.type !== 'string') {
      throw typeError(field, first.pos, `${node.name} needs a string, not ${describeOperand(first)}`);
    }
    const second = operand(node.args[1]);
    if (second.kind !== 'lit' || second.lit.type !== 'string') {
      throw typeError(
        field,
        node.args[1].pos,
        `the second argument of ${node.name} must be a string literal`,
      );
    }
    const pattern = like(escapeLike(second.lit.value));
    // A contains without three letters or digits in a row gives a trigram index nothing to look up: it would
    // read its whole index and recheck every row (0.8 s on a million invoices where the PostgreSQL 15 planner
    // expected 71 rows). `x || ''` is the same text but not the indexed expression, so the rows are read in
    // the list's order or in one pass.
    const column =
      node.name === 'contains' && !TRIGRAM.test(second.lit.value) ? sql`(${first.sql} || '')` : first.sql;
    return {
      kind: 'expr',
      type: 'boolean',
      label,
      pos: node.pos,
      sql: sql`(${column} ilike ${pattern}::text escape '\\')`,
    };
  }
  const fn = UNARY[node.name];
  if (!fn.arg.includes(first.type)) {
    throw typeError(
      field,
      first.pos,
      `${node.name} needs ${fn.arg.join(' or ')}, not ${describeOperand(first)}`,
    );
  }
  return { kind: 'expr', type: fn.result, label, pos: node.pos, sql: fn.build(first.sql) };
}
