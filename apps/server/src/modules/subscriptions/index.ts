/** Subscriptions: who listens to which group's alerts, and the audience of a group. */
import type { App } from '../../app-type.js';
import { subscriptionRoutes } from './routes.js';

export { type GroupListener, groupAudience } from './audience.js';
export { subscriptionsResource } from './service.js';

export function register(app: App) {
  subscriptionRoutes(app);
}
