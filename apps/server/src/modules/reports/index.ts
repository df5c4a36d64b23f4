/**
 * Reports (issue #21): Sales, Pipeline conversion, Technicians, Receivables and Approvals, aggregated in
 * PostgreSQL per facility and its local days, with CSV / XLSX export of what the screen shows (README.md).
 */
import type { App } from '../../app-type.js';
import { reportRoutes } from './routes.js';

export function register(app: App) {
  reportRoutes(app);
}
