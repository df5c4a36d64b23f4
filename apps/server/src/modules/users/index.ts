/** Users: duty, facility, employees (the admin list and form) and who may manage whom. */
import type { App } from '../../app-type.js';
import { dutyRoutes } from './duty-routes.js';
import { employeeRoutes } from './employee-routes.js';

export { assertCanManageUser } from './role-guard.js';

export function register(app: App) {
  dutyRoutes(app);
  employeeRoutes(app);
}
