import {
  dbIdText,
  resourceArraySchema,
  resourceListSchema,
  resourceRowSchema,
} from '@glass/domain/contracts';
import type { ResourceDef } from '@glass/domain/resources/index';
import { RESOURCES } from '@glass/domain/resources/index';
import type { FastifyContextConfig } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../app-type.js';
import { currentUser } from '../http/auth.js';
import { sendODataList } from '../http/odata-route.js';
import { odataQuerySchema } from '../http/odata-schema.js';
import { listConditions } from './conditions.js';
import { odataResourceOf } from './odata.js';
import { ResourceService } from './service.js';

const idParams = z.object({ id: dbIdText });
const anyBody = z.record(z.string(), z.unknown()).optional();
/** A declaration's `null` read means every real role reads it (a pick list the screens offer). */
const cfg = (action: ResourceDef['read'] | undefined): FastifyContextConfig => ({
  action: action ?? 'lookups.read',
});

/**
 * The routes a declaration derives: the OData list (declared filters as plain parameters and
 * `searchTerm` besides the `$` options), its plain-array lists, get by id, and when writable
 * POST and PUT {id}. Role checks are the route's `action`; validation is the declaration's schema.
 */
export function registerResource(app: App, def: ResourceDef) {
  const { db, config } = app.deps;
  const service = new ResourceService(db, config.secretsKey, def);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const row = resourceRowSchema(def);
  r.get(
    def.api.list,
    {
      config: cfg(def.read),
      schema: {
        tags,
        summary: `${def.title} (OData)`,
        querystring: odataQuerySchema,
        response: { 200: resourceListSchema(def) },
      },
    },
    (req, reply) => {
      const query = req.query as Record<string, unknown>;
      return sendODataList(
        db,
        odataResourceOf(def),
        req,
        reply,
        listConditions(def, query, currentUser(req)),
      );
    },
  );
  for (const list of def.api.arrays ?? []) {
    r.get(
      list.path,
      {
        config: cfg(list.action === null ? null : (list.action ?? def.read)),
        schema: { tags, summary: `${def.title} (array)`, response: { 200: resourceArraySchema(def, list) } },
      },
      (req) => service.array(list, req.query as Record<string, unknown>, currentUser(req)),
    );
  }
  r.get(
    `${def.api.base}/:id`,
    {
      config: cfg(def.read),
      schema: { tags, summary: `One ${def.singular}`, params: idParams, response: { 200: row } },
    },
    (req) => service.get(req.params.id, currentUser(req)),
  );
  if (!def.write) return;
  r.post(
    def.api.base,
    {
      config: { action: def.write },
      schema: {
        tags,
        summary: `Create a ${def.singular}`,
        body: anyBody,
        response: { 201: row },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.body, currentUser(req))),
  );
  r.put(
    `${def.api.base}/:id`,
    {
      config: { action: def.write },
      schema: {
        tags,
        summary: `Update a ${def.singular}`,
        params: idParams,
        body: anyBody,
        response: { 200: row },
      },
    },
    (req) => service.update(req.params.id, req.body, currentUser(req)),
  );
}

export function resourceRoutes(app: App) {
  for (const def of RESOURCES) registerResource(app, def);
}
