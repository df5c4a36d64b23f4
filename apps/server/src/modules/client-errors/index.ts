/** Browser errors reported by the web app (POST /api/client-errors), logged with the request id. */
import type { App } from '../../app-type.js';
import { clientErrorRoutes } from './routes.js';

export { browserErrorCounts } from './routes.js';

export function register(app: App) {
  clientErrorRoutes(app);
}
