/** Notify: the outbox of e-mails and texts, its providers and sender, and the Outbox screen's route. */
import type { App } from '../../app-type.js';
import { notifyRoutes } from './routes.js';

export { queueNotices, queueSms, smsText } from './outbox.js';
export { isTextable } from './sms.js';
export { type NotifyProvider, type OutboxMessage, RecordingProvider } from './provider.js';
export { createNotifyProvider, type EmailMeta, HttpSmsProvider, SmtpProvider } from './providers.js';
export { drainOutbox, OUTBOX_LEASE_MS } from './sender.js';

export function register(app: App) {
  notifyRoutes(app);
}
