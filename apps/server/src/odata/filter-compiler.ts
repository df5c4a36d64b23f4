import { type SQL, sql } from 'drizzle-orm';
import type { FilterNode } from './filter-ast.js';
import { compileCall } from './filter-functions.js';
import { type Operand, asExpr, coerceLiteral, describeOperand, typeError, unify } from './filter-operand.js';
import { ODataError } from './odata-error.js';
import type { ResourceIndex } from './resource-index.js';

const SQL_OPS = { eq: '=', ne: 'is distinct from', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/**
 * Compiles a parsed $filter against a resource's whitelist. Field names resolve
 * case-insensitively to the trusted SQL of the definition; every literal is a bound parameter.
 * Null semantics follow OData, not SQL: `ne` is IS DISTINCT FROM (a null value is "not equal"),
 * `gt`/`lt` with a null operand are false and `ge`/`le` true only when both operands are null, and
 * `not X` is `X IS NOT TRUE` (a comparison with null is false, so its negation is true).
 */
export function compileFilter(root: FilterNode, index: ResourceIndex, field = '$filter'): SQL {
  const operand = (node: FilterNode): Operand => {
    switch (node.kind) {
      case 'literal':
        return { kind: 'lit', lit: node };
      case 'field': {
        const found = index.fields.get(node.path.toLowerCase());
        if (!found) {
          throw new ODataError(`Unknown property '${node.path}' at position ${node.pos} in ${field}`, field);
        }
        if (found.field.filter === false) {
          throw new ODataError(`Property '${found.key}' cannot be used in ${field}`, field);
        }
        const ref = sql.raw(`(${found.field.sql})`);
        return { kind: 'expr', sql: ref, type: found.field.type, label: `'${found.key}'`, pos: node.pos };
      }
      case 'call':
        return compileCall(node, operand, field);
      default:
        return { kind: 'expr', sql: bool(node), type: 'boolean', label: 'a condition', pos: node.pos };
    }
  };

  const compare = (node: Extract<FilterNode, { kind: 'compare' }>): SQL => {
    const left = operand(node.left);
    const right = operand(node.right);
    const leftNull = left.kind === 'lit' && left.lit.type === 'null';
    const rightNull = right.kind === 'lit' && right.lit.type === 'null';
    if (leftNull || rightNull) {
      // Part 2 §5.1.1.1: with a null operand, gt and lt are false; ge and le are true only when both are.
      const bothNullIs = node.op === 'eq' || node.op === 'ge' || node.op === 'le';
      if (leftNull && rightNull) return bothNullIs ? sql`true` : sql`false`;
      const other = asExpr(leftNull ? right : left, field);
      if (node.op === 'ne') return sql`(${other.sql} is not null)`;
      return bothNullIs ? sql`(${other.sql} is null)` : sql`false`;
    }
    const u = unify(left, right, field);
    const both = left.kind === 'expr' && right.kind === 'expr';
    const op = node.op === 'eq' && both ? 'is not distinct from' : SQL_OPS[node.op];
    // Two expressions that are both null are equal, so ge and le hold (eq already says so above).
    if (both && (node.op === 'ge' || node.op === 'le')) {
      return sql`(${u.left} ${sql.raw(op)} ${u.right} or (${u.left} is null and ${u.right} is null))`;
    }
    return sql`(${u.left} ${sql.raw(op)} ${u.right})`;
  };

  const inList = (node: Extract<FilterNode, { kind: 'in' }>): SQL => {
    const left = asExpr(operand(node.left), field);
    const values: SQL[] = [];
    let hasNull = false;
    for (const item of node.items) {
      if (item.type === 'null') {
        hasNull = true;
        continue;
      }
      const v = coerceLiteral(item, left.type);
      if (!v)
        throw typeError(
          field,
          item.pos,
          `${describeOperand(left)} cannot be compared with ${describeOperand({ kind: 'lit', lit: item })}`,
        );
      values.push(v);
    }
    const parts: SQL[] = [];
    if (hasNull) parts.push(sql`${left.sql} is null`);
    if (values.length > 0) parts.push(sql`${left.sql} in (${sql.join(values, sql`, `)})`);
    return sql`(${sql.join(parts, sql` or `)})`;
  };

  const bool = (node: FilterNode): SQL => {
    switch (node.kind) {
      case 'logical':
        return sql`(${bool(node.left)} ${sql.raw(node.op)} ${bool(node.right)})`;
      case 'not':
        // Two-valued logic: a condition that is null (a null operand) counts as false, so its negation is true.
        return sql`(${bool(node.operand)} is not true)`;
      case 'compare':
        return compare(node);
      case 'in':
        return inList(node);
      default: {
        const op = operand(node);
        const expr = op.kind === 'lit' && op.lit.type === 'null' ? undefined : asExpr(op, field);
        if (expr?.type !== 'boolean') {
          throw typeError(field, node.pos, `expected a condition but found ${describeOperand(op)}`);
        }
        return expr.sql;
      }
    }
  };

  return bool(root);
}
