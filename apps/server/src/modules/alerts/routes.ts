import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consumeAlertBody, consumeAlertResponse, pendingAlerts } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
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
        response: { 200: pendingAlerts },
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
        body: consumeAlertBody,
        response: { 200: consumeAlertResponse },
      },
    },
    (req) => service.consume(currentUser(req), req.body.alertIdToConsume),
  );
}
