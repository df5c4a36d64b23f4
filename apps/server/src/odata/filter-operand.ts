import { type SQL, sql } from 'drizzle-orm';
import type { LiteralNode } from './filter-ast.js';
import { GUID_PATTERN } from './literals.js';
import { ODataError } from './odata-error.js';
import type { ODataType } from './types.js';

/** A compiled expression with a known type, or a literal still waiting for its target type. */
export type Operand =
  | { kind: 'expr'; sql: SQL; type: ODataType; label: string; pos: number }
  | { kind: 'lit'; lit: LiteralNode };

const LITERAL_NAMES: Record<LiteralNode['type'], string> = {
  string: 'a string literal',
  number: 'a number literal',
  boolean: 'a boolean literal',
  date: 'a date literal',
  datetime: 'a date-time literal',
  guid: 'a guid literal',
  null: 'null',
};

export function describeOperand(op: Operand): string {
  return op.kind === 'lit' ? LITERAL_NAMES[op.lit.type] : `${op.label} (${op.type})`;
}

export function operandPos(op: Operand): number {
  return op.kind === 'lit' ? op.lit.pos : op.pos;
}

export function typeError(field: string, pos: number, message: string): ODataError {
  return new ODataError(`Type error at position ${pos}: ${message}`, field);
}

/**
 * The literal as a bound parameter cast to `target`, or undefined when it cannot be one.
 * Every literal gets an explicit cast so PostgreSQL never has to guess a parameter's type;
 * integers are cast to bigint, which compares with int2/int4/int8 columns without casting
 * the column (indexes stay usable).
 */
export function coerceLiteral(lit: LiteralNode, target: ODataType): SQL | undefined {
  switch (target) {
    case 'string':
      return lit.type === 'string' ? sql`${lit.value}::text` : undefined;
    case 'number':
      if (lit.type !== 'number') return undefined;
      return lit.bigint ? sql`${lit.value}::bigint` : sql`${lit.value}::numeric`;
    case 'boolean':
      return lit.type === 'boolean' ? sql`${lit.value}::boolean` : undefined;
    case 'date':
      return lit.type === 'date' ? sql`${lit.value}::date` : undefined;
    case 'datetime':
      if (lit.type === 'datetime') return sql`${lit.value}::timestamptz`;
      // A bare date against a date-time means midnight UTC of that day.
      return lit.type === 'date' ? sql`${`${lit.value}T00:00:00Z`}::timestamptz` : undefined;
    case 'guid':
      if (lit.type === 'guid') return sql`${lit.value}::uuid`;
      return lit.type === 'string' && GUID_PATTERN.test(lit.value)
        ? sql`${lit.value.toLowerCase()}::uuid`
        : undefined;
  }
}

/** The literal's own type (used when nothing else decides it); null has none. */
export function naturalType(lit: LiteralNode): ODataType | undefined {
  return lit.type === 'null' ? undefined : lit.type;
}

/** Turns an operand into a typed expression; a literal takes its natural type. */
export function asExpr(op: Operand, field: string): Extract<Operand, { kind: 'expr' }> {
  if (op.kind === 'expr') return op;
  const type = naturalType(op.lit);
  if (!type) throw typeError(field, op.lit.pos, 'null is not allowed here');
  return {
    kind: 'expr',
    sql: coerceLiteral(op.lit, type)!,
    type,
    label: LITERAL_NAMES[op.lit.type],
    pos: op.lit.pos,
  };
}

/** Brings two operands to one type for a comparison; throws a type error when they cannot be. */
export function unify(a: Operand, b: Operand, field: string): { left: SQL; right: SQL; type: ODataType } {
  const fail = () =>
    typeError(field, operandPos(b), `cannot compare ${describeOperand(a)} with ${describeOperand(b)}`);
  if (a.kind === 'expr' && b.kind === 'expr') {
    if (a.type !== b.type) throw fail();
    return { left: a.sql, right: b.sql, type: a.type };
  }
  if (a.kind === 'expr' || b.kind === 'expr') {
    const expr = (a.kind === 'expr' ? a : b) as Extract<Operand, { kind: 'expr' }>;
    const lit = (a.kind === 'lit' ? a : b) as Extract<Operand, { kind: 'lit' }>;
    const coerced = coerceLiteral(lit.lit, expr.type);
    if (!coerced) throw fail();
    return a === expr
      ? { left: expr.sql, right: coerced, type: expr.type }
      : { left: coerced, right: expr.sql, type: expr.type };
  }
  const la = (a as Extract<Operand, { kind: 'lit' }>).lit;
  const lb = (b as Extract<Operand, { kind: 'lit' }>).lit;
  for (const type of [naturalType(la), naturalType(lb)]) {
    const left = type && coerceLiteral(la, type);
    const right = type && coerceLiteral(lb, type);
    if (type && left && right) return { left, right, type };
  }
  throw fail();
}
