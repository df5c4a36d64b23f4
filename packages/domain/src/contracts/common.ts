import { z } from 'zod';
import { dbIdText } from './limits.js';

/**
 * Building blocks of the HTTP contracts (issue #14 part 1). A contract file per area declares the
 * request schemas its routes validate with and the response schemas its routes declare for OpenAPI;
 * the API tests parse every answer with them and the web imports their inferred types. Response
 * objects are not strict: a new column is not a break, a renamed or missing one is.
 */

/** `/:id` path parameters: 1 to 2^31−1 (limits.ts). */
export const idParams = z.object({ id: dbIdText });

/** A database id. */
export const id = z.number().int();

/**
 * A date-time in an answer: ISO 8601 with its offset, as PostgreSQL's JSON, the server's row parser
 * (apps/server/src/db/timestamps.ts) and JavaScript's toISOString write it (issue #34 item 5: Safari does not
 * parse PostgreSQL's text form). Every response schema's date-times are this, so the API tests that parse an
 * answer fail on any other form.
 */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const timestamp = z.string().regex(ISO_DATE_TIME, 'an ISO 8601 date-time with offset');

/** `{ id, name }` pick-list items; more fields may follow. */
export const namedItem = z.looseObject({ id, name: z.string() });
export type NamedItem = z.infer<typeof namedItem>;

/** A person's name parts, as nested objects of the lists carry them. */
export const personName = z.object({
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
});
export type PersonName = z.infer<typeof personName>;

/** An OData-style page: `{ value, @odata.count?, @odata.nextLink? }`. */
export const odataPage = <T extends z.ZodType>(row: T) =>
  z.looseObject({
    value: z.array(row),
    '@odata.count': z.number().int().optional(),
    '@odata.nextLink': z.string().optional(),
  });

/** Every 4xx/5xx answer: application/problem+json (apps/server/src/http/errors.ts). */
export const problem = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problem>;
