/** Appointments (issue #18): the lists, one invoice's appointment records, scheduling and the calendar. */
import type { App } from '../../app-type.js';
import { appointmentReadRoutes } from './read-routes.js';
import { scheduleRoutes } from './schedule-routes.js';

export { answerCacheSize } from './answer-cache.js';

export function register(app: App) {
  appointmentReadRoutes(app);
  scheduleRoutes(app);
}
