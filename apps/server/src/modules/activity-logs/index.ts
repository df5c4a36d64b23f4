/** Activity logs: the list and details screens (spec 2 §19). What other areas may use is exported here. */
import type { App } from '../../app-type.js';
import { activityLogRoutes } from './routes.js';

export { activityLogDetailsResource, activityLogsResource } from './resources.js';

export function register(app: App) {
  activityLogRoutes(app);
}
