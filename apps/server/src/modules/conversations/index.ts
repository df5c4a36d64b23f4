/** Conversations: starting, replying, reading; who may see a conversation. */
import type { App } from '../../app-type.js';
import { conversationRoutes } from './routes.js';

export { conversationsResource } from './resource.js';
export { postSystemNotice, type SystemNotice } from './system-notice.js';
export { ConversationWriter } from './writer.js';

export function register(app: App) {
  conversationRoutes(app);
}
