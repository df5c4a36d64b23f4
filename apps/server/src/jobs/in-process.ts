import cronParser from 'cron-parser';
import {
  DEFAULT_WORK,
  type EnqueueOptions,
  errorText,
  type JobHandler,
  type JobInfo,
  JobMetrics,
  type JobQueue,
  type JobSchedule,
  type JobState,
  retryDelayMs,
  type WorkOptions,
} from './queue.js';

interface MemoryJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  state: JobState;
  attempts: number;
  retryLimit: number;
  retryDelaySeconds: number;
  backoff: boolean;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  runAt: number;
  lastError: string | null;
}

/** Finished jobs kept for GET /api/jobs. */
const KEEP_FINISHED = 200;

/**
 * The job queue on PGlite: one process, so jobs live in memory. Same interface and the same retry and
 * backoff rules as pg-boss; what it cannot do is survive a crash (a queued one-off job is lost with the
 * process; the schedules start again with it), which an embedded single-process installation accepts.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly metrics = new JobMetrics();
  private jobs: MemoryJob[] = [];
  private handlers = new Map<string, { handler: JobHandler<any>; opts: Required<WorkOptions> }>();
  private busy = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private stopping = new AbortController();
  private nextId = 1;
  private started = false;

  constructor(private opts: { pollMs?: number; onError?: (err: unknown, job: JobInfo) => void } = {}) {}

  async start() {
    if (this.started) return;
    this.started = true;
    const poll = setInterval(() => this.tick(), this.opts.pollMs ?? 250);
    poll.unref();
    this.timers.push(poll);
  }

  async work<T>(name: string, handler: JobHandler<T>, opts: WorkOptions = {}) {
    this.handlers.set(name, { handler, opts: { ...DEFAULT_WORK, ...opts } });
  }

  async schedule(name: string, when: JobSchedule) {
    if ('everyMs' in when) {
      const timer = setInterval(() => this.enqueueTick(name), when.everyMs);
      timer.unref();
      this.timers.push(timer);
      return;
    }
    const interval = cronParser.parseExpression(when.cron);
    const arm = () => {
      if (this.stopping.signal.aborted) return;
      const timer = setTimeout(
        () => {
          this.enqueueTick(name);
          arm();
        },
        Math.max(1000, interval.next().getTime() - Date.now()),
      );
      timer.unref();
      this.timers.push(timer);
    };
    arm();
  }

  /** A scheduled run, unless one of that name is still waiting (a slow job does not pile up runs). */
  private enqueueTick(name: string) {
    if (this.jobs.some((j) => j.name === name && (j.state === 'created' || j.state === 'retry'))) return;
    void this.enqueue(name, {});
  }

  async enqueue(name: string, data: Record<string, unknown> = {}, opts: EnqueueOptions = {}) {
    const defaults = this.handlers.get(name)?.opts ?? DEFAULT_WORK;
    const now = Date.now();
    const job: MemoryJob = {
      id: String(this.nextId++),
      name,
      data,
      state: 'created',
      attempts: 0,
      retryLimit: opts.retryLimit ?? defaults.retryLimit,
      retryDelaySeconds: opts.retryDelaySeconds ?? defaults.retryDelaySeconds,
      backoff: opts.backoff ?? defaults.backoff,
      createdAt: now,
      startedAt: null,
      completedAt: null,
      runAt: opts.runAt?.getTime() ?? now,
      lastError: null,
    };
    this.jobs.push(job);
    return job.id;
  }

  /** Starts the next due job of each name whose previous one has finished. */
  private tick() {
    if (this.stopping.signal.aborted) return;
    const now = Date.now();
    for (const [name, { handler }] of this.handlers) {
      if (this.busy.has(name)) continue;
      const job = this.jobs.find(
        (j) => j.name === name && (j.state === 'created' || j.state === 'retry') && j.runAt <= now,
      );
      if (!job) continue;
      const run = this.run(job, handler).finally(() => this.busy.delete(name));
      this.busy.set(name, run);
    }
  }

  private async run(job: MemoryJob, handler: JobHandler<any>) {
    job.state = 'active';
    job.attempts++;
    job.startedAt = Date.now();
    try {
      await this.metrics.time(job.name, () =>
        handler(job.data, {
          id: job.id,
          name: job.name,
          attempt: job.attempts,
          signal: this.stopping.signal,
        }),
      );
      job.state = 'completed';
      job.lastError = null;
    } catch (err) {
      job.lastError = errorText(err);
      const retries = job.attempts - 1;
      if (retries < job.retryLimit) {
        job.state = 'retry';
        job.runAt = Date.now() + retryDelayMs(job, retries + 1);
      } else job.state = 'failed';
      this.opts.onError?.(err, this.info(job));
    }
    job.completedAt = job.state === 'completed' || job.state === 'failed' ? Date.now() : null;
    this.trim();
  }

  private trim() {
    const finished = this.jobs.filter((j) => j.state === 'completed' || j.state === 'failed');
    if (finished.length <= KEEP_FINISHED) return;
    const drop = new Set(finished.slice(0, finished.length - KEEP_FINISHED));
    this.jobs = this.jobs.filter((j) => !drop.has(j));
  }

  private info(j: MemoryJob): JobInfo {
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    return {
      id: j.id,
      name: j.name,
      state: j.state,
      attempts: j.attempts,
      retryLimit: j.retryLimit,
      createdAt: iso(j.createdAt)!,
      startedAt: iso(j.startedAt),
      completedAt: iso(j.completedAt),
      runAt: iso(j.runAt),
      lastError: j.lastError,
    };
  }

  async recent(opts: { limit?: number; name?: string; state?: JobState } = {}) {
    return this.jobs
      .filter((j) => (!opts.name || j.name === opts.name) && (!opts.state || j.state === opts.state))
      .slice(-(opts.limit ?? 50))
      .reverse()
      .map((j) => this.info(j));
  }

  async stop(timeoutMs = 30_000) {
    this.stopping.abort();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const inFlight = Promise.all(this.busy.values());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      inFlight,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
