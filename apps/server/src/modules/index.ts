import type { App } from '../app.js';
import { resourceRoutes } from '../resources/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { lookupRoutes } from './lookups/routes.js';
import { searchRoutes } from './search/routes.js';
import { serviceVehicleRoutes } from './service-vehicles/routes.js';
import { sessionRoutes } from './session/routes.js';
import { SessionService } from './session/service.js';
import { tileRoutes } from './tiles/routes.js';
import { dutyRoutes } from './users/duty-routes.js';

/** Mounts every area's routes. Each area: routes.ts (HTTP only) + service.ts (rules, DB). */
export async function registerModules(app: App) {
  const { db, config, sessions } = app.deps;
  sessionRoutes(app, new SessionService(db, config, sessions));
  serviceVehicleRoutes(app);
  invoiceRoutes(app);
  tileRoutes(app);
  dutyRoutes(app);
  lookupRoutes(app);
  searchRoutes(app);
  resourceRoutes(app);
}
