import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestUriQuery, requestUriResponse } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { PhoneBridgeService } from './service.js';

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
        querystring: requestUriQuery,
        response: { 200: requestUriResponse },
      },
    },
    async (req, reply) => {
      const uri = await service.requestUri(currentUser(req), req.query);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(uri));
    },
  );
}
