/**
 * The Control Room (issue #21 item 2): one facility's live board for today, read in one aggregated statement,
 * and kept live through the real-time hub from PostgreSQL notices that migration 0022's triggers send on
 * commit (README.md).
 */
import type { App } from '../../app-type.js';
import { startBoardEvents } from './board-events.js';
import { controlRoomRoutes } from './routes.js';

export function register(app: App) {
  controlRoomRoutes(app);
  startBoardEvents(app);
}
