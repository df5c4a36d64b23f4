import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { ODataError, runODataQuery } from '../odata/index.js';
import type { ODataResource } from '../odata/types.js';
import { HttpError } from './errors.js';

/** An engine error as problem+json: 400 for a mistake, 501 for OData the engine does not implement. */
export function odataProblem(e: ODataError): HttpError {
  const { title, status, errors } = e.toProblem();
  return new HttpError(status, title, e.message, errors);
}

/**
 * Entity set names by resource name, for `@odata.context` (modules/odata-service registers the table of
 * entity sets at start-up; this module cannot import it, since that table imports the list modules).
 */
const entitySets = new Map<string, string>();
let metadataUrl: string | undefined;

export function registerEntitySetNames(url: string, sets: readonly { name: string; resourceName: string }[]) {
  metadataUrl = url;
  for (const s of sets) if (!entitySets.has(s.resourceName)) entitySets.set(s.resourceName, s.name);
}

/** `<public base>/api/$metadata#<EntitySet>` of a list, or undefined for a list outside the service document. */
export function odataContext(resource: ODataResource): string | undefined {
  const name = entitySets.get(resource.name);
  return metadataUrl && name ? `${metadataUrl}#${name}` : undefined;
}

/** Answers a request with an OData list of a resource; the body text comes straight from PostgreSQL. */
export async function sendODataList(
  db: Database,
  resource: ODataResource,
  req: FastifyRequest,
  reply: FastifyReply,
  extraWhere?: SQL,
) {
  const rawQuery = (req.query ?? {}) as Record<string, unknown>;
  try {
    const body = await runODataQuery((q) => db.listRows(q), resource, rawQuery, {
      baseUrl: req.url.split('?')[0],
      rawQuery,
      extraWhere,
      context: odataContext(resource),
    });
    return reply.header('odata-version', '4.0').type('application/json; charset=utf-8').send(body);
  } catch (e) {
    if (e instanceof ODataError) throw odataProblem(e);
    throw e;
  }
}
