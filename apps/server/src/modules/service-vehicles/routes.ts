import { odataPage } from '@glass/domain/contracts/common';
import {
  myPipeline,
  myServiceVehicles,
  svAccessory,
  svDetail,
  svHistoryRow,
  svListRow,
  svSources,
  vinLookup,
} from '@glass/domain/contracts/service-vehicles';
import { VEHICLE_SOURCE_OPTIONS } from '@glass/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sendJson } from '../../http/send-json.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { facilityFilter } from '../../http/facility-scope.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { sendODataList } from '../../http/odata-route.js';
import { serviceVehicleHistoryResource } from './child-resources.js';
import { createServiceVehicle } from './create-service.js';
import { DetailService } from './detail-service.js';
import { serviceVehicleListResourceFor } from './list-resource.js';
import { myListQuery, myPipelineQuery, myRequestsQuery } from './my-list-query.js';
import { MyListService } from './my-lists.js';
import { tzoMinutes } from './priority-sql.js';
import { createBody, idParams } from './schemas.js';

const tags = ['service-vehicles'];
/** The service vehicle lists (and the service drive variant) show only vehicles with repairs > 0. */
const LISTED = sql`sv.repair_count > 0`;

export { sendJson };

/** The session's zone for "today" (priority, date filters); the spec's 300 when the login sent none. */
export const userTzo = (req: FastifyRequest) => tzoMinutes(currentUser(req).tzo);

/**
 * A plain `?Name=123` filter beside the OData options (the screens send `ServiceVehicleId=`), matched
 * case-insensitively; a value that is not an id is a 400 on that parameter.
 */

/** The service vehicles of the caller's allowed facilities (issue #31, decision 0016). */
const svScope = (req: FastifyRequest) => facilityFilter(currentUser(req), sql`sv.facility_id`);

export function plainIdFilter(req: FastifyRequest, name: string, column: string): SQL | undefined {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const value = String(query[key]);
  if (!/^\d{1,9}$/.test(value)) throw badRequest(name, `${name} must be an id`);
  return sql`${sql.raw(column)} = ${Number(value)}`;
}

/** Reads of service vehicles and their creation (spec 1 §7, spec 2 §7). Actions are in action-routes.ts. */
export function serviceVehicleRoutes(app: App) {
  const { db } = app.deps;
  const detail = new DetailService(db);
  const myLists = new MyListService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'serviceVehicle.read' } as const;

  r.get(
    '/api/ServiceVehicles',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Service vehicle list rows with priority, only vehicles with repairs > 0 (OData: $filter $orderby $top $skip $count $select $expand)',
        response: { 200: odataPage(svListRow) },
        querystring: odataQuerySchema,
      },
    },
    // Spec 1 §5: "Only vehicles with repairs greater than 0 are listed" (no switch in the spec): the list's rule.
    (req, reply) => sendODataList(db, serviceVehicleListResourceFor(userTzo(req)), req, reply, LISTED),
  );
  r.get(
    '/api/listMyServiceVehicles',
    {
      config: read,
      schema: {
        tags,
        summary: 'My Service Vehicles: {items, total} (filterType: my-list-query.ts)',
        response: { 200: myServiceVehicles },
        querystring: myListQuery,
      },
    },
    // Another user's list (userId) holds only the vehicles of the caller's allowed facilities.
    (req) => myLists.myServiceVehicles(req.query.userId ?? currentUser(req).id, req.query, svScope(req)),
  );
  r.get(
    '/api/listMyPipeline',
    {
      config: read,
      schema: {
        tags,
        summary: "My Pipeline: the user's open vehicles per stage, {stages: [{stage, title, total, items}]}",
        response: { 200: myPipeline },
        querystring: myPipelineQuery,
      },
    },
    (req) => myLists.myPipeline(req.query.userId ?? currentUser(req).id, req.query, svScope(req)),
  );
  r.get(
    '/api/listMyRequests',
    {
      config: read,
      schema: {
        tags,
        summary: 'My Requests (tech requests): {items, total}',
        querystring: myRequestsQuery,
        response: { 200: myServiceVehicles },
      },
    },
    (req) => myLists.myRequests(req.query.userId ?? currentUser(req).id, req.query, svScope(req)),
  );

  for (const path of ['/api/ServiceVehicle', '/api/ServiceVehiclesOData']) {
    r.post(
      path,
      {
        config: { action: 'serviceVehicle.create' },
        schema: {
          tags,
          summary:
            'Create a service vehicle {repairCount, vehicle, repairs, repairOrder, facilityId}; returns the detail',
          response: { 201: svDetail },
          body: createBody,
        },
      },
      async (req, reply) => {
        const id = await createServiceVehicle(db, currentUser(req), req.body);
        return sendJson(
          reply.header('location', `/api/ServiceVehicle/${id}`),
          await detail.detail(id, userTzo(req)),
          201,
        );
      },
    );
  }
  r.get(
    '/api/ServiceVehicle/Sources',
    { config: read, schema: { tags, summary: 'Vehicle sources [{id, name}]', response: { 200: svSources } } },
    () => VEHICLE_SOURCE_OPTIONS.map((o) => ({ id: o.value, name: o.label })),
  );
  r.get(
    '/api/ServiceVehicle/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Service vehicle detail (spec 1 §3)',
        params: idParams,
        response: { 200: svDetail },
      },
    },
    async (req, reply) => sendJson(reply, await detail.detail(req.params.id, userTzo(req))),
  );
  r.get(
    '/api/ServiceVehicle/Accessories/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "Windshield accessories (those on the vehicle's invoice)",
        params: idParams,
        response: { 200: z.array(svAccessory) },
      },
    },
    (req) => detail.accessories(req.params.id),
  );
  r.get(
    '/api/ServiceVehicleHistory',
    {
      config: read,
      schema: {
        tags,
        summary: 'History entries (OData, newest first); ServiceVehicleId= also filters',
        response: { 200: odataPage(svHistoryRow) },
        querystring: odataQuerySchema,
      },
    },
    (req, reply) =>
      sendODataList(
        db,
        serviceVehicleHistoryResource,
        req,
        reply,
        plainIdFilter(req, 'ServiceVehicleId', 'h.service_vehicle_id'),
      ),
  );
  r.get(
    '/api/VinLookup/history',
    {
      config: read,
      schema: {
        tags,
        summary: 'VIN decodes of a service vehicle (or of a VIN), newest first, at most 50',
        response: { 200: z.array(vinLookup) },
        querystring: z.object({
          serviceVehicleId: z.coerce.number().int().positive().optional(),
          vin: z.string().max(30).optional(),
        }),
      },
    },
    async (req, reply) => sendJson(reply, await detail.vinHistory(currentUser(req), req.query)),
  );
}
