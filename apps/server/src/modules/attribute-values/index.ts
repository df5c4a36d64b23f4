/** Attribute values (employee attributes and their choices). */
import type { App } from '../../app-type.js';
import { attributeValueRoutes } from './routes.js';

export { AttributeValueService } from './service.js';

export function register(app: App) {
  attributeValueRoutes(app);
}
