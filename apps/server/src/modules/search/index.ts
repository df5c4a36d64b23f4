/** Global search over invoices and service vehicles. */
import type { App } from '../../app-type.js';
import { searchRoutes } from './routes.js';

export function register(app: App) {
  searchRoutes(app);
}
