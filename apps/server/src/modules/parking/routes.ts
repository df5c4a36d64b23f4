import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams as params, parkBody, parkedItem, parkedItems } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { hubOf } from '../../realtime/hub.js';
import { parkedItemsResource } from './resource.js';
import { ParkingService } from './service.js';

const parkDescription =
  'Body: {parkLine, parkedForUserId} or {parkLine, parkedForMessageGroupId}. A record already parked moves to the ' +
  'new line and target. 400: bad line or target; 404: unknown record; 409: the line holds another record. ' +
  "The target user (or the group's Always subscribers) get a ParkedForMe alert; people it moved away from get ParkedUpdate.";

export function parkingRoutes(app: App) {
  const { db } = app.deps;
  const service = new ParkingService(db, hubOf(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, recordType, tag] of [
    ['/api/Invoices/:id/park', 'Invoice', 'invoice'],
    ['/api/ServiceVehicle/:id/park', 'ServiceVehicle', 'service vehicle'],
  ] as const) {
    r.post(
      path,
      {
        config: { action: 'parking.write' },
        schema: {
          tags: ['parking'],
          summary: `Park an ${tag} on a line for a user or a message group`,
          description: parkDescription,
          params,
          body: parkBody,
          response: { 200: parkedItem },
        },
      },
      (req) => service.park(currentUser(req), recordType, req.params.id, req.body),
    );
  }
  r.get(
    '/api/ParkedItemsOdata',
    {
      config: { action: 'messages.read' },
      schema: {
        tags: ['parking'],
        summary: 'Parked items, by line (OData); the number of lines is option 36',
        querystring: odataQuerySchema,
        response: { 200: parkedItems },
      },
    },
    (req, reply) => sendODataList(db, parkedItemsResource, req, reply),
  );
  r.delete(
    '/api/ParkedItemsOdata/:id',
    {
      config: { action: 'parking.write' },
      schema: {
        tags: ['parking'],
        summary: 'Remove a parked item (for whom it is parked, who parked it, its group, or a manager); 204',
        params,
      },
    },
    async (req, reply) => {
      await service.unpark(currentUser(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
