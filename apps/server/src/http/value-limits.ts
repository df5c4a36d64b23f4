import { datePaths, findOutOfRange } from '@glass/domain/contracts/limits';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from './errors.js';

/**
 * Every route's validator: the route's zod schema (fastify-type-provider-zod), then the limits of what
 * PostgreSQL stores (packages/domain/src/contracts/limits.ts) over what the schema let through, in one
 * place for all routes (issue #31 item 5): a number beyond ±(2^31−1) (every id and whole-number column is
 * `integer`), and in a field the schema declares a date or date-time, year 0000, an impossible day or a
 * time-zone offset beyond ±14:00. Each is a 400
 * naming the field (`id`, `invoiceId`, `items.0.qty`), before the handler runs, whatever the route's own
 * schema forgot. Values read from a coerced path or query text are checked as the numbers they became.
 */
export const limitedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]) as (data: unknown) => {
    value?: unknown;
    error?: Error;
  };
  const dates = datePaths(route.schema);
  const isDate = (pattern: string) => dates.has(pattern);
  return (data: unknown) => {
    const result = validate(data);
    if (result.error) return result;
    const bad = findOutOfRange(
      route.httpPart === 'querystring' ? withoutODataOptions(result.value) : result.value,
      isDate,
    );
    if (!bad) return result;
    const field = bad.field || route.httpPart || 'body';
    return { error: badRequest(field, `${field} ${bad.message}`) };
  };
};

/** OData's own options ($filter, $orderby, $top …) are parsed and checked by the OData layer (odata/). */
function withoutODataOptions(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query).filter(([k]) => !k.startsWith('$')));
}
