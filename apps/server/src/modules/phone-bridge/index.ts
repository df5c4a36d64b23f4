/** Phone bridge: the telephony integration's pages and calls. */
import type { App } from '../../app-type.js';
import { phoneBridgeRoutes } from './routes.js';

export function register(app: App) {
  phoneBridgeRoutes(app);
}
