/** Facilities: the admin list and form, children, time zones. */
import type { App } from '../../app-type.js';
import { facilityRoutes } from './routes.js';

export function register(app: App) {
  facilityRoutes(app);
}
