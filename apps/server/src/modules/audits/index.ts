/** Pending Audits (issue #23): the queue of submitted invoices, the server's checklist, pass and return. */
import type { App } from '../../app-type.js';
import { auditRoutes } from './routes.js';

export { pendingAuditsResource } from './resource.js';

export function register(app: App) {
  auditRoutes(app);
}
