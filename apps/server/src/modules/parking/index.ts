/** Parking: parked items (park lines) and their alerts. */
import type { App } from '../../app-type.js';
import { parkingRoutes } from './routes.js';

export { parkedItemsResource } from './resource.js';

export function register(app: App) {
  parkingRoutes(app);
}
