/** The OData service root: service document and $metadata over every declared list. */
import type { App } from '../../app-type.js';
import { odataServiceRoutes } from './routes.js';

export function register(app: App) {
  odataServiceRoutes(app);
}
