import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { ODataError, runODataQuery } from '../odata/index.js';
import type { ODataResource } from '../odata/types.js';
import { badRequest } from './errors.js';

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
    });
    return reply.type('application/json; charset=utf-8').send(body);
  } catch (e) {
    if (e instanceof ODataError) throw badRequest(e.field, e.message);
    throw e;
  }
}
