/** Session: login, logout, password change, the session's start-up state. */
import type { App } from '../../app-type.js';
import { sessionRoutes } from './routes.js';
import { SessionService } from './service.js';

export function register(app: App) {
  const { db, config, sessions } = app.deps;
  sessionRoutes(app, new SessionService(db, config, sessions));
}
