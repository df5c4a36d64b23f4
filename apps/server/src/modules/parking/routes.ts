import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { hubOf } from '../../realtime/hub.js';
import { parkedItemsResource } from './resource.js';
import { ParkingService } from './service.js';

const params = z.object({ id: z.coerce.number().int().positive() });
const TARGET = 'Park for exactly one user or one message group';

/** The park payload (the spec leaves its shape open): a line and exactly one target. */
export const parkBody = z
  .object({
    parkLine: z.coerce
      .number()
      .int('The line must be a whole number')
      .min(1, 'The line must be 1 or more')
      .describe(
        'Line number, from 1 to the value of option 36 (number of park lines); a line holds one record',
      ),
    parkedForUserId: z
      .number()
      .int()
      .positive()
      .nullish()
      .describe('Park for this user (give this or parkedForMessageGroupId)'),
    parkedForMessageGroupId: z
      .number()
      .int()
      .positive()
      .nullish()
      .describe("Park for this message group's Always subscribers (not group 6)"),
  })
  .superRefine((v, ctx) => {
    const given = [v.parkedForUserId, v.parkedForMessageGroupId].filter(
      (x) => x !== null && x !== undefined,
    ).length;
    if (given === 1) return;
    for (const path of ['parkedForUserId', 'parkedForMessageGroupId'])
      ctx.addIssue({ code: 'custom', path: [path], message: TARGET });
  });

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
