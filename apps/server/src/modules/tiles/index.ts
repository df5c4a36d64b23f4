/** Home tiles and the tile editor. */
import type { App } from '../../app-type.js';
import { tileRoutes } from './routes.js';

export function register(app: App) {
  tileRoutes(app);
}
