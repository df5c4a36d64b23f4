/** The call centre: call logs from the phone system, call queries and lists, the dashboard (README.md). */
import type { App } from '../../app-type.js';
import { callCenterRoutes } from './routes.js';

export function register(app: App) {
  callCenterRoutes(app);
}
