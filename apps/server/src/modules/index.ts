import type { App } from '../app-type.js';
import { fileRoutes } from '../files/routes.js';
import { jobRoutes } from '../jobs/routes.js';
import { resourceRoutes } from '../resources/routes.js';
import * as activityLogs from './activity-logs/index.js';
import * as alerts from './alerts/index.js';
import * as appointmentField from './appointment-field/index.js';
import * as appointments from './appointments/index.js';
import * as approvals from './approvals/index.js';
import * as attributeValues from './attribute-values/index.js';
import * as audits from './audits/index.js';
import * as callCenter from './call-center/index.js';
import * as clientErrors from './client-errors/index.js';
import * as controlRoom from './control-room/index.js';
import * as conversations from './conversations/index.js';
import * as deposits from './deposits/index.js';
import * as dmsImports from './dms-imports/index.js';
import * as facilities from './facilities/index.js';
import * as health from './health/index.js';
import * as invoices from './invoices/index.js';
import * as loaners from './loaners/index.js';
import * as lookups from './lookups/index.js';
import * as metrics from './metrics/index.js';
import * as notify from './notify/index.js';
import * as odataService from './odata-service/index.js';
import * as parking from './parking/index.js';
import * as phoneBridge from './phone-bridge/index.js';
import * as reconcile from './reconcile/index.js';
import * as remittances from './remittances/index.js';
import * as reports from './reports/index.js';
import * as search from './search/index.js';
import * as serviceVehicles from './service-vehicles/index.js';
import * as session from './session/index.js';
import * as subscriptions from './subscriptions/index.js';
import * as tiles from './tiles/index.js';
import * as users from './users/index.js';

/**
 * The composition root: the one list of everything that registers routes. Each area exports one
 * `register(app)` from its index.ts (which registers all of the area's route files); the shared
 * routes outside the areas (declared admin lists, stored files, jobs) are listed here too.
 * Nothing else registers routes: app.ts calls registerModules once.
 */
export const REGISTRY: readonly { name: string; register: (app: App) => void }[] = [
  { name: 'health', register: health.register },
  { name: 'session', register: session.register },
  { name: 'service-vehicles', register: serviceVehicles.register },
  { name: 'invoices', register: invoices.register },
  { name: 'notify', register: notify.register },
  { name: 'tiles', register: tiles.register },
  { name: 'users', register: users.register },
  { name: 'lookups', register: lookups.register },
  { name: 'search', register: search.register },
  { name: 'resources', register: resourceRoutes },
  { name: 'facilities', register: facilities.register },
  { name: 'activity-logs', register: activityLogs.register },
  { name: 'attribute-values', register: attributeValues.register },
  { name: 'phone-bridge', register: phoneBridge.register },
  { name: 'conversations', register: conversations.register },
  { name: 'alerts', register: alerts.register },
  { name: 'subscriptions', register: subscriptions.register },
  { name: 'parking', register: parking.register },
  { name: 'files', register: fileRoutes },
  { name: 'metrics', register: metrics.register },
  { name: 'jobs', register: jobRoutes },
  { name: 'reconcile', register: reconcile.register },
  { name: 'remittances', register: remittances.register },
  { name: 'deposits', register: deposits.register },
  { name: 'dms-imports', register: dmsImports.register },
  { name: 'audits', register: audits.register },
  { name: 'call-center', register: callCenter.register },
  { name: 'odata-service', register: odataService.register },
  { name: 'client-errors', register: clientErrors.register },
  { name: 'approvals', register: approvals.register },
  { name: 'appointment-field', register: appointmentField.register },
  { name: 'loaners', register: loaners.register },
  { name: 'appointments', register: appointments.register },
  { name: 'reports', register: reports.register },
  { name: 'control-room', register: controlRoom.register },
];

/** Mounts every area's routes. Each area: index.ts (its front door and register), routes + services. */
export async function registerModules(app: App) {
  for (const area of REGISTRY) area.register(app);
}
