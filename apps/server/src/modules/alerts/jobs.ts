import type { App } from '../../app.js';
import type { NotifyProvider } from '../notify/provider.js';
import { RecordingProvider } from '../notify/provider.js';
import { startOutboxSender } from '../notify/sender.js';
import { hubOf } from '../../realtime/hub.js';
import { runFollowUpAlerts } from './record-alerts.js';

export interface MessagingJobOptions {
  followUpEveryMs?: number;
  outboxEveryMs?: number;
  /** SMS/e-mail delivery; the default only records and logs (notify/provider.ts). */
  provider?: NotifyProvider;
}

/**
 * The background work of messaging: the FollowUp sweep (every minute) and the notify outbox sender.
 * Call from main.ts after listen; the timers are unref'd, and stop() ends them on shutdown.
 * Safe on several processes: the sweep takes an advisory lock, the sender claims rows with SKIP LOCKED.
 */
export function startMessagingJobs(app: App, opts: MessagingJobOptions = {}): () => void {
  const { db } = app.deps;
  const hub = hubOf(app);
  const provider = opts.provider ?? new RecordingProvider((msg, data) => app.log.info(data, msg));
  let sweeping = false;
  const followUps = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const created = await runFollowUpAlerts(db, hub);
      if (created.length) app.log.info({ count: created.length }, 'follow-up alerts created');
    } catch (err) {
      app.log.error({ err }, 'follow-up sweep failed');
    } finally {
      sweeping = false;
    }
  }, opts.followUpEveryMs ?? 60_000);
  followUps.unref();
  const stopOutbox = startOutboxSender(db, provider, {
    intervalMs: opts.outboxEveryMs ?? 10_000,
    onError: (err) => app.log.error({ err }, 'notify outbox drain failed'),
  });
  return () => {
    clearInterval(followUps);
    stopOutbox();
  };
}
