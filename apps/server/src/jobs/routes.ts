import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobsQuery, jobsResponse } from '@glass/domain/contracts';
import type { App } from '../app-type.js';
import { jobsOf, stopJobsOf } from './index.js';

/** GET /api/jobs: the background jobs most recently created, for admins (state, attempts, last error). */
export function jobRoutes(app: App) {
  // Closing the app stops its queue if anything started it (main.ts stops it first, waiting for the job in flight).
  app.addHook('onClose', async () => stopJobsOf(app, 5_000));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/jobs',
    {
      config: { action: 'admin.read' },
      schema: {
        tags: ['system'],
        summary: 'Recent background jobs (?name=&state=&$top=), newest first',
        querystring: jobsQuery,
        response: { 200: jobsResponse },
      },
    },
    async (req) => {
      const { name, state, $top } = req.query;
      const queue = jobsOf(app);
      const value = await queue.recent({ limit: $top, name, state });
      return { queue: queue.kind, value };
    },
  );
}
