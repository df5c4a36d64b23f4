import { tokenize, tokenText } from './lexer.js';
import { ODataError, syntaxError } from './odata-error.js';
import { type OrderTerm, odataDir, type ResourceIndex, sameExpr } from './resource-index.js';

/**
 * `$orderby=a desc, b/c` → order terms over trusted SQL, falling back to the resource's default,
 * always ending with the key so paging is stable. Nulls come first ascending and last descending
 * (OData); fields declared `notNull` and the key get no NULLS clause, so plain btree indexes serve them.
 */
export function resolveOrderBy(
  text: string | undefined,
  index: ResourceIndex,
  field = '$orderby',
): OrderTerm[] {
  const terms: OrderTerm[] = text === undefined ? [...index.defaultOrder] : parseOrderBy(text, index, field);
  for (const key of index.keyExprs) {
    if (!terms.some((t) => sameExpr(t.expr, key))) terms.push({ expr: key, dir: 'asc' });
  }
  return terms;
}

function parseOrderBy(text: string, index: ResourceIndex, field: string): OrderTerm[] {
  const tokens = tokenize(text, field);
  const terms: OrderTerm[] = [];
  let i = 0;
  for (;;) {
    const t = tokens[i++];
    if (t.kind !== 'ident')
      throw syntaxError(field, t.pos, `expected a property name but found ${tokenText(t)}`);
    const found = index.fields.get(t.value.toLowerCase());
    if (!found) throw new ODataError(`Unknown property '${t.value}' at position ${t.pos} in ${field}`, field);
    if (found.field.sort === false)
      throw new ODataError(`Property '${found.key}' cannot be used in ${field}`, field);
    let dir: 'asc' | 'desc' = 'asc';
    const d = tokens[i];
    if (d.kind === 'ident' && /^(asc|desc)$/i.test(d.value)) {
      dir = d.value.toLowerCase() as 'asc' | 'desc';
      i++;
    }
    const expr = found.field.sql;
    if (!terms.some((x) => sameExpr(x.expr, expr)))
      terms.push({ expr, dir: odataDir(dir, index.nullable(expr)) });
    const sep = tokens[i++];
    if (sep.kind === 'eof') return terms;
    if (sep.kind !== ',')
      throw syntaxError(field, sep.pos, `expected ',', 'asc' or 'desc' but found ${tokenText(sep)}`);
  }
}
