import type { Registry } from 'prom-client';
import type { App } from '../app-type.js';
import { perApp } from '../per-app.js';
import { InProcessQueue } from './in-process.js';
import { PgBossQueue } from './pg-boss.js';
import type { JobQueue } from './queue.js';

export type { JobQueue } from './queue.js';

/**
 * The app's job queue: pg-boss on the app's PostgreSQL (DATABASE_URL), in memory on PGlite. Created on first
 * use and not started: main.ts starts the background work (background.ts); GET /api/jobs reads it.
 */
export const jobsOf = perApp((app: App): JobQueue => {
  const { db } = app.deps;
  const onError = (err: unknown) => app.log.error({ err }, 'job queue');
  return db.pool
    ? new PgBossQueue({ pool: db.pool, onError })
    : new InProcessQueue({
        onError: (err, job) => app.log.error({ err, job: job.name, attempts: job.attempts }, 'job failed'),
      });
});

/** Stops the app's queue if it was ever created (idempotent). */
export async function stopJobsOf(app: App, timeoutMs?: number): Promise<void> {
  await jobsOf.peek(app)?.stop(timeoutMs);
}

/** The queue's metrics (GET /metrics), without creating a queue that nothing uses. */
export function jobMetricsOf(app: App): Registry | undefined {
  return jobsOf.peek(app)?.metrics.registry;
}
