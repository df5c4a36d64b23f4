import { Histogram, Registry } from 'prom-client';
import type { App } from '../../app-type.js';
import { jobMetricsOf } from '../../jobs/index.js';
import { appMetrics, processMetrics } from './app-metrics.js';

/**
 * GET /metrics (Prometheus's default path) and GET /api/metrics, the same answer in the Prometheus text format
 * (prom-client), for a scraper holding METRICS_TOKEN (a machine caller: docs/security.md). Requests are counted
 * by method, matched route (never the raw URL, so ids and hostile spellings do not multiply the series) and
 * status class.
 */
export function metricsRoutes(app: App) {
  const registry = appMetrics(app);
  const requests = new Histogram({
    name: 'glass_http_request_duration_seconds',
    help: 'HTTP requests by method, route and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  for (const url of ['/metrics', '/api/metrics'])
    app.get(
      url,
      {
        config: { machine: 'metrics' },
        schema: {
          tags: ['system'],
          summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
          security: [{ bearer: [] }],
        },
      },
      async (_req, reply) => {
        // The job queue's registry exists once the queue does (jobs/index.ts): merged at each scrape.
        const jobs = jobMetricsOf(app);
        const all = Registry.merge([processMetrics(), registry, ...(jobs ? [jobs] : [])]);
        return reply
          .type(all.contentType)
          .header('cache-control', 'no-store')
          .send(await all.metrics());
      },
    );
}
