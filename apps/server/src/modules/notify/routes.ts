import type { App } from '../../app.js';

/** The notify outbox (SMS and other outgoing messages) for admins. */
export function notifyRoutes(_app: App) {}
