import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { hubOf } from '../../realtime/hub.js';
import { AlertService } from './service.js';

export function alertRoutes(app: App) {
  const service = new AlertService(app.deps.db, hubOf(app));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/self/alerts',
    {
      config: { action: 'messages.read' },
      schema: {
        tags: ['alerts'],
        summary:
          'My pending alerts, oldest first (spec 1 §3 "Alert"); new ones also arrive as NewAlert on /socket.io',
      },
    },
    (req) => service.pending(currentUser(req).id),
  );
  r.post(
    '/api/self/consumeAlert',
    {
      config: { action: 'messages.read' },
      schema: {
        tags: ['alerts'],
        summary: 'Consume one of my alerts; my other open clients receive a Consume alert naming it',
        body: z.object({ alertIdToConsume: z.coerce.number().int().positive() }),
      },
    },
    (req) => service.consume(currentUser(req), req.body.alertIdToConsume),
  );
}
