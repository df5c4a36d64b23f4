import type { App } from '../app-type.js';
import { runFollowUpAlerts } from '../modules/alerts/index.js';
import { drainOutbox, type NotifyProvider, RecordingProvider } from '../modules/notify/index.js';
import { hubOf } from '../realtime/hub.js';
import { startDerivedDriftCheck } from './derived-drift.js';
import { jobsOf } from './index.js';
import { startRegisteredWorkers } from './workers.js';

export const FOLLOW_UP_SWEEP = 'follow-up-sweep';
export const NOTIFY_OUTBOX = 'notify-outbox';

export interface BackgroundOptions {
  followUpEveryMs?: number;
  outboxEveryMs?: number;
  /** The derived copies' drift check (jobs/derived-drift.ts); hourly by default. */
  derivedCheckEveryMs?: number;
  /** SMS/e-mail delivery; the default only records and logs (notify/provider.ts). */
  provider?: NotifyProvider;
}

/**
 * The background work of the app on its job queue (jobs/index.ts), started by main.ts after listen:
 * the FollowUp alert sweep (every minute) and the notify outbox sender (every 10 s), each run once per period
 * across every process. Both are idempotent, so a retried or overlapping run does no harm: the sweep skips
 * records already alerted and takes an advisory lock, the sender claims rows with SKIP LOCKED.
 * Returns stop(timeoutMs), which waits for the job in flight (an outbox send completes and is recorded).
 */
export async function startBackgroundJobs(
  app: App,
  opts: BackgroundOptions = {},
): Promise<(timeoutMs?: number) => Promise<void>> {
  const { db } = app.deps;
  const jobs = jobsOf(app);
  const hub = hubOf(app);
  const provider = opts.provider ?? new RecordingProvider((msg, data) => app.log.info(data, msg));
  await jobs.start();
  // A periodic run is not worth retrying: the next period runs it again.
  await jobs.work(
    FOLLOW_UP_SWEEP,
    async () => {
      const created = await runFollowUpAlerts(db, hub);
      if (created.length) app.log.info({ count: created.length }, 'follow-up alerts created');
    },
    { retryLimit: 0, leaseSeconds: 5 * 60 },
  );
  await jobs.work(
    NOTIFY_OUTBOX,
    async (_data, { signal }) => {
      const result = await drainOutbox(db, provider, { signal });
      if (result.sent || result.failed || result.retried || result.recovered)
        app.log.info(result, 'notify outbox drained');
    },
    { retryLimit: 0, leaseSeconds: 10 * 60 },
  );
  // The workers areas registered (DMS imports), which also pick up work a previous process left unfinished.
  await startRegisteredWorkers(app);
  await jobs.schedule(FOLLOW_UP_SWEEP, { everyMs: opts.followUpEveryMs ?? 60_000 });
  await jobs.schedule(NOTIFY_OUTBOX, { everyMs: opts.outboxEveryMs ?? 10_000 });
  await startDerivedDriftCheck(app, opts.derivedCheckEveryMs);
  return (timeoutMs) => jobs.stop(timeoutMs);
}
