import type { App } from '../app.js';
import { fileRoutes } from '../files/routes.js';
import { resourceRoutes } from '../resources/routes.js';
import { activityLogRoutes } from './activity-logs/routes.js';
import { attributeValueRoutes } from './attribute-values/routes.js';
import { alertRoutes } from './alerts/routes.js';
import { conversationRoutes } from './conversations/routes.js';
import { facilityRoutes } from './facilities/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { lookupRoutes } from './lookups/routes.js';
import { phoneBridgeRoutes } from './phone-bridge/routes.js';
import { parkingRoutes } from './parking/routes.js';
import { searchRoutes } from './search/routes.js';
import { serviceVehicleActionRoutes } from './service-vehicles/action-routes.js';
import { invoiceFromServiceVehicleRoutes } from './service-vehicles/invoice-from-sv.js';
import { quickQuoteRoutes } from './service-vehicles/quick-quote-routes.js';
import { serviceVehicleRoutes } from './service-vehicles/routes.js';
import { sessionRoutes } from './session/routes.js';
import { SessionService } from './session/service.js';
import { subscriptionRoutes } from './subscriptions/routes.js';
import { tileRoutes } from './tiles/routes.js';
import { dutyRoutes } from './users/duty-routes.js';
import { employeeRoutes } from './users/employee-routes.js';

/** Mounts every area's routes. Each area: routes.ts (HTTP only) + service.ts (rules, DB). */
export async function registerModules(app: App) {
  const { db, config, sessions } = app.deps;
  sessionRoutes(app, new SessionService(db, config, sessions));
  serviceVehicleRoutes(app);
  serviceVehicleActionRoutes(app);
  quickQuoteRoutes(app);
  invoiceFromServiceVehicleRoutes(app);
  invoiceRoutes(app);
  tileRoutes(app);
  dutyRoutes(app);
  lookupRoutes(app);
  searchRoutes(app);
  resourceRoutes(app);
  facilityRoutes(app);
  employeeRoutes(app);
  activityLogRoutes(app);
  attributeValueRoutes(app);
  phoneBridgeRoutes(app);
  conversationRoutes(app);
  alertRoutes(app);
  subscriptionRoutes(app);
  parkingRoutes(app);
  fileRoutes(app);
}
