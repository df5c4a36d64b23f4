/** Lookups: the small read-only lists the forms choose from. */
import type { App } from '../../app-type.js';
import { lookupRoutes } from './routes.js';

export { facilitiesOData } from './routes.js';

export function register(app: App) {
  lookupRoutes(app);
}
