import { controlRoomBoard, controlRoomQuery } from '@glass/domain/contracts/control-room';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { defaultFacility, readBoard } from './board-service.js';

/** GET /api/control-room (README.md). */
export function controlRoomRoutes(app: App) {
  const { db, config } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/control-room',
    {
      config: { action: 'callCenter.read' },
      schema: {
        tags: ['control-room'],
        summary:
          "One facility's live board for today (default: my facility): service vehicles by priority, follow-ups due, appointments by status with each installer's current stop, parked lines, who is on duty, the latest alerts, the claims rejected today. Admins and managers: any facility; other roles: their own (403)",
        querystring: controlRoomQuery,
        response: { 200: controlRoomBoard },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const facilityId = req.query.facilityId ?? (await defaultFacility(db, user));
      reply.header('cache-control', 'no-store');
      return readBoard(db, user, facilityId, config.sessionIdleMinutes);
    },
  );
}
