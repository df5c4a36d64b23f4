/** The installer in the field (issue #18 items 3 and 4): the day, status updates, marks and routes. */
import type { App } from '../../app-type.js';
import { appointmentFieldRoutes } from './routes.js';

export function register(app: App) {
  appointmentFieldRoutes(app);
}
