/** Prometheus metrics (GET /metrics and GET /api/metrics, machine access with METRICS_TOKEN; prom-client). */
import type { App } from '../../app-type.js';
import { metricsRoutes } from './routes.js';

export function register(app: App) {
  metricsRoutes(app);
}
