/** Alerts: writing, consuming and listing a user's alerts, follow-up sweeps. */
import type { App } from '../../app-type.js';
import { alertRoutes } from './routes.js';

export {
  type AlertInput,
  type AlertPusher,
  consumeAlertsWhere,
  idList,
  insertAlerts,
} from './alert-writer.js';
export { runFollowUpAlerts } from './record-alerts.js';

export function register(app: App) {
  alertRoutes(app);
}
