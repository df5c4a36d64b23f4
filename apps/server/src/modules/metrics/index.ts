/** Prometheus metrics (GET /api/metrics, machine access with METRICS_TOKEN). */
import type { App } from '../../app-type.js';
import { metricsRoutes } from './routes.js';

export function register(app: App) {
  metricsRoutes(app);
}
