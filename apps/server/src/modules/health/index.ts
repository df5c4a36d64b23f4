/** Liveness: GET /api/health answers whether the server and its database are up (public). */
import type { App } from '../../app-type.js';

export function register(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Liveness and database' } },
    async (_req, reply) => {
      const up = await db.ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
}
