import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { PhoneBridgeService } from './service.js';

const bool = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');

/** GET /api/phoneExtensions/getRequestUri: the answer is the URI to open, as a JSON string. */
export function phoneBridgeRoutes(app: App) {
  const service = new PhoneBridgeService(app.deps.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/phoneExtensions/getRequestUri',
    {
      config: { action: 'phone.call' },
      schema: {
        tags: ['phone'],
        summary: "The URI that places a call through the user's (or the facility's) phone extension",
        querystring: z.object({
          destinationPhone: z.string().min(1).max(40),
          useFacilityId: bool.optional(),
          facilityId: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (req, reply) => {
      const uri = await service.requestUri(currentUser(req), req.query);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(uri));
    },
  );
}
