import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, subscriptionUpdate, subscriptions, subscription } from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { sendODataList } from '../../http/odata-route.js';
import { odataQuerySchema } from '../../http/odata-schema.js';
import { SubscriptionService, subscriptionsResource } from './service.js';

export function subscriptionRoutes(app: App) {
  const { db } = app.deps;
  const service = new SubscriptionService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Subscriptions',
    {
      config: { action: 'messages.read' },
      schema: {
        tags: ['subscriptions'],
        summary: 'My subscriptions, one per message group except 6, ordered by id (OData)',
        description: 'Always scoped to the signed-in user: a $filter on UserId cannot reach anyone else.',
        querystring: odataQuerySchema,
        response: { 200: subscriptions },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await service.ensureRows(user.id);
      return sendODataList(db, subscriptionsResource, req, reply, sql`s.user_id = ${user.id}`);
    },
  );
  r.put(
    '/api/Subscriptions/:id',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['subscriptions'],
        summary:
          'Change one of my subscriptions (Never/Always, on duty, SMS); omitted flags stay as they are',
        params: idParams,
        body: subscriptionUpdate,
        response: { 200: subscription },
      },
    },
    (req) => service.update(currentUser(req), req.params.id, req.body),
  );
}
