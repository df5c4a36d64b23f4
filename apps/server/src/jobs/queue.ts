/**
 * The background job queue every server process shares (issue #16): scheduled work (the follow-up sweep,
 * the outbox sender) and one-off jobs (imports, reports) with retries and exponential backoff.
 * On PostgreSQL it is pg-boss (pg-boss.ts): jobs live in the database, a job claimed by a process that died
 * is retried once its lease (expireInSeconds) has passed, and a schedule fires once per period whichever
 * process wins. On PGlite (one process by construction) the same interface runs in memory (in-process.ts).
 */
import { Counter, Registry, Summary } from 'prom-client';

/** What a handler gets beside the payload. */
export interface JobContext {
  id: string;
  name: string;
  /** 1 for the first try, 2 for the first retry … */
  attempt: number;
  /** Aborted when the process shuts down: finish the item in hand, start no new one. */
  signal: AbortSignal;
}

export type JobHandler<T = Record<string, unknown>> = (data: T, ctx: JobContext) => Promise<void>;

export interface WorkOptions {
  /** Retries after a failed attempt (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); doubled each retry when backoff (default true). */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** The lease: a job running longer, or claimed by a process that died, is failed and retried (default 15 min). */
  leaseSeconds?: number;
}

export interface EnqueueOptions {
  runAt?: Date;
  retryLimit?: number;
  retryDelaySeconds?: number;
  backoff?: boolean;
}

/** Every `everyMs` (once per period across processes), or a cron expression (minute resolution). */
export type JobSchedule = { everyMs: number } | { cron: string };

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** One job as GET /api/jobs lists it. */
export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  /** Attempts started so far. */
  attempts: number;
  retryLimit: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** When it runs (or runs again, for a retry). */
  runAt: string | null;
  lastError: string | null;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  readonly metrics: JobMetrics;
  start(): Promise<void>;
  /** Runs `handler` for jobs of `name` in this process (one at a time per name). */
  work<T = Record<string, unknown>>(name: string, handler: JobHandler<T>, opts?: WorkOptions): Promise<void>;
  schedule(name: string, when: JobSchedule): Promise<void>;
  /** Queues one job; resolves to its id. */
  enqueue(name: string, data?: Record<string, unknown>, opts?: EnqueueOptions): Promise<string | null>;
  /** The most recent jobs, newest first. */
  recent(opts?: { limit?: number; name?: string; state?: JobState }): Promise<JobInfo[]>;
  /**
   * Stops taking jobs and schedules, aborts the handlers' signals and waits for the jobs in flight, at most
   * timeoutMs (a job still running then is failed and retried later by whichever process is up).
   */
  stop(timeoutMs?: number): Promise<void>;
}

export const DEFAULT_WORK: Required<WorkOptions> = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  backoff: true,
  leaseSeconds: 15 * 60,
};

/** The wait before retry n (1-based), as both implementations apply it. */
export function retryDelayMs(opts: { retryDelaySeconds: number; backoff: boolean }, retry: number): number {
  const base = opts.retryDelaySeconds * 1000;
  return opts.backoff ? base * 2 ** Math.max(0, retry - 1) : base;
}

/**
 * Durations and failures of the jobs this process ran, in a registry of their own that GET /metrics merges
 * into its answer (the queue is created on first use, after the metrics routes exist).
 */
export class JobMetrics {
  readonly registry = new Registry();
  // A summary without quantiles (count and sum only): quantiles computed per process cannot be summed over
  // the processes, and the alerts need only the counts (README "Monitoring").
  readonly durations = new Summary({
    name: 'glass_job_duration_seconds',
    help: 'Background jobs run by this process, by job name and outcome.',
    labelNames: ['name', 'outcome'] as const,
    percentiles: [],
    registers: [this.registry],
  });
  readonly failures = new Counter({
    name: 'glass_job_failures_total',
    help: 'Failed background job attempts in this process, by job name.',
    labelNames: ['name'] as const,
    registers: [this.registry],
  });

  record(name: string, outcome: 'completed' | 'failed', seconds: number) {
    this.durations.observe({ name, outcome }, seconds);
    if (outcome === 'failed') this.failures.inc({ name });
  }

  /** Runs `fn` as job `name`, recording its duration and outcome. */
  async time<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const out = await fn();
      this.record(name, 'completed', (performance.now() - started) / 1000);
      return out;
    } catch (err) {
      this.record(name, 'failed', (performance.now() - started) / 1000);
      throw err;
    }
  }
}

export function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}
