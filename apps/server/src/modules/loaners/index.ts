/** Loaner cars (issue #18 item 5): reservations list, check-out / check-in, the fleet's whereabouts. */
import type { App } from '../../app-type.js';
import { loanerRoutes } from './routes.js';

export { loanerReservationsResource, reservationRowOf } from './resource.js';

export function register(app: App) {
  loanerRoutes(app);
}
