import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import { facilityFilter } from './facility-scope.js';
import type { Database } from '../db/client.js';
import { ODataError, pageSize, preferredPageSize, runODataCount, runODataQuery } from '../odata/index.js';
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
/** The list route (below /api/) of each entity set, by its name and by its route, lower case. */
const routeOf = new Map<string, string>();
let metadataUrl: string | undefined;

export function registerEntitySetNames(
  url: string,
  sets: readonly { name: string; url: string; resourceName: string }[],
) {
  metadataUrl = url;
  for (const s of sets) {
    if (!entitySets.has(s.resourceName)) entitySets.set(s.resourceName, s.name);
    routeOf.set(s.name.toLowerCase(), s.url);
    routeOf.set(s.url.toLowerCase(), s.url);
  }
}

/** `<public base>/api/$metadata#<EntitySet>` of a list, or undefined for a list outside the service document. */
export function odataContext(resource: ODataResource): string | undefined {
  const name = entitySets.get(resource.name);
  return metadataUrl && name ? `${metadataUrl}#${name}` : undefined;
}

/** Set by rewriteODataUrl on a request whose path ended in `/$count`. */
const COUNT_SEGMENT = Symbol('odata-count-segment');

/**
 * Fastify's `rewriteUrl` (app.ts), before routing: `/api/<EntitySet>` of a set whose route is elsewhere
 * (`OutstandingInvoices` → `Invoices/outstanding`) goes to that route, and `/api/<set or route>/$count` to
 * the list's route, marked so that its handler answers the count (sendODataList). The route itself (its
 * access check, scoping and configuration) answers: no second route exists. Other URLs pass unchanged.
 */
export function rewriteODataUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (url.length < 6 || url.slice(0, 5).toLowerCase() !== '/api/') return url;
  const q = url.indexOf('?');
  let path = (q < 0 ? url : url.slice(0, q)).replace(/\/+$/, '');
  const count = /\/(\$|%24)count$/i.exec(path);
  if (count) path = path.slice(0, count.index);
  const set = path.slice(5).toLowerCase();
  const route = routeOf.get(set);
  if (route === undefined || (!count && route.toLowerCase() === set)) return url;
  if (count) (req as IncomingMessage & { [COUNT_SEGMENT]?: true })[COUNT_SEGMENT] = true;
  return `/api/${route}${q < 0 ? '' : url.slice(q)}`;
}

/** What a list route needs from its request: the path the client used (for next links), query and page size. */
export function odataRequest(req: FastifyRequest) {
  const rawQuery = (req.query ?? {}) as Record<string, unknown>;
  return {
    baseUrl: (req.originalUrl ?? req.url).split('?')[0],
    rawQuery,
    maxPageSize: preferredPageSize(req.headers.prefer),
    /** The request is `<list>/$count`: answer the number of items as text/plain. */
    countOnly: (req.raw as IncomingMessage & { [COUNT_SEGMENT]?: true })[COUNT_SEGMENT] === true,
  };
}

/**
 * `Preference-Applied: odata.maxpagesize=<n>` when the client asked for a page size: the size the pages
 * have (the preference, or the list's maxTop when that is smaller).
 */
export function applyPageSize(reply: FastifyReply, resource: ODataResource, maxPageSize: number | undefined) {
  if (maxPageSize !== undefined)
    reply.header('preference-applied', `odata.maxpagesize=${pageSize(resource, undefined, maxPageSize)}`);
  return reply;
}

/** Answers `<list>/$count`: the count as text/plain (Part 1 §11.2.10). */
export function sendODataCount(reply: FastifyReply, count: number) {
  return reply.header('odata-version', '4.0').type('text/plain; charset=utf-8').send(String(count));
}

/** Answers a request with an OData list of a resource; the body text comes straight from PostgreSQL. */
export async function sendODataList(
  db: Database,
  resource: ODataResource,
  req: FastifyRequest,
  reply: FastifyReply,
  extraWhere?: SQL,
) {
  const { baseUrl, rawQuery, maxPageSize, countOnly } = odataRequest(req);
  const scope = odataFacilityScope(resource, req);
  const where = scope && extraWhere ? sql`(${extraWhere}) and ${scope}` : (scope ?? extraWhere);
  try {
    if (countOnly) {
      const count = await runODataCount((q) => db.listRows(q), resource, rawQuery, { extraWhere: where });
      return sendODataCount(reply, count);
    }
    const body = await runODataQuery((q) => db.listRows(q), resource, rawQuery, {
      baseUrl,
      rawQuery,
      extraWhere: where,
      maxPageSize,
      context: odataContext(resource),
    });
    return applyPageSize(reply, resource, maxPageSize)
      .header('odata-version', '4.0')
      .type('application/json; charset=utf-8')
      .send(body);
  } catch (e) {
    if (e instanceof ODataError) throw odataProblem(e);
    throw e;
  }
}

/**
 * The facility scope of an OData list (decision 0016), in one place for every set: a list whose rows carry a
 * `facilityId` field holds, for a facility-bound user, only the rows of their allowed facilities. Lists of
 * records without a facility (lookups, one's own conversations) are left alone.
 */
export function odataFacilityScope(resource: ODataResource, req: FastifyRequest): SQL | undefined {
  const field = resource.fields.facilityId;
  if (!field || !req.user || req.user.allowedFacilityIds === null) return undefined;
  return facilityFilter(req.user, sql.raw(`(${field.sql})`));
}
