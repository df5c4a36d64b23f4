import type pg from 'pg';
import PgBoss from 'pg-boss';
import {
  DEFAULT_WORK,
  type EnqueueOptions,
  type JobHandler,
  type JobInfo,
  JobMetrics,
  type JobQueue,
  type JobSchedule,
  type JobState,
  type WorkOptions,
} from './queue.js';

export interface PgBossQueueOptions {
  /**
   * The app's pool: the queue's statements (polling, claiming, completing, maintenance) are short and count
   * in the pool metrics like any other.
   */
  pool: pg.Pool;
  /** Schema of pg-boss's tables (created and migrated by pg-boss at start, under its own advisory lock). */
  schema?: string;
  /** How often a process looks for expired leases (jobs of dead processes) and archives old jobs. */
  maintenanceIntervalSeconds?: number;
  /** How often each worker polls for jobs. */
  pollingIntervalSeconds?: number;
  onError?: (err: unknown) => void;
}

/**
 * The job queue on PostgreSQL, shared by every process (pg-boss 10: the last line that runs on Node 20).
 * - Claiming is SKIP LOCKED, so a job runs in one process; a job whose process died stays 'active' until its
 *   lease (expireInSeconds) passes, then pg-boss's maintenance fails it and it is retried.
 * - Retries: retryLimit, retryDelay seconds, doubled per retry with backoff.
 * - `schedule(name, {everyMs})`: every process offers a run every half period under a singleton key and a
 *   time slot of the period (pg-boss's throttling: a unique index on (name, slot, key)), so exactly one run
 *   is created per period whichever processes are up. `{cron}` uses pg-boss's own cron, once per minute.
 */
/**
 * pg-boss's create_queue inserts the queue row and attaches the queue's partition to its job table (DDL).
 * Two processes starting together and creating different queues can deadlock there (PostgreSQL 40P01, found
 * by the topology test: the losing process crashed at start-up). The function is idempotent (ON CONFLICT DO
 * NOTHING), so the loser simply tries again once the winner has committed. An existing queue is not created again.
 */
async function createQueueRetrying(boss: PgBoss, name: string, options: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(name)) return;
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      // 40P01 deadlock, 23505 a concurrent insert of the same name, 40001 serialization failure.
      if (attempt >= 8 || !['40P01', '23505', '40001'].includes(code ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}

export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  readonly metrics = new JobMetrics();
  readonly boss: PgBoss;
  private schema: string;
  private queues = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private stopping = new AbortController();
  private started?: Promise<unknown>;

  constructor(private opts: PgBossQueueOptions) {
    this.schema = opts.schema ?? 'pgboss';
    const pool = opts.pool;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: this.schema,
      supervise: true,
      schedule: true,
      migrate: true,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 30,
    });
    this.boss.on('error', (err) => opts.onError?.(err));
  }

  async start() {
    this.started ??= this.boss.start();
    await this.started;
  }

  /** Creates the queue (its partition and defaults) once; concurrent creation by other processes is fine. */
  private ensureQueue(name: string, opts: WorkOptions = {}) {
    let created = this.queues.get(name);
    if (!created) {
      const o = { ...DEFAULT_WORK, ...opts };
      created = createQueueRetrying(this.boss, name, {
        name,
        policy: 'standard',
        retryLimit: o.retryLimit,
        retryDelay: o.retryDelaySeconds,
        retryBackoff: o.backoff,
        expireInSeconds: o.leaseSeconds,
      });
      this.queues.set(name, created);
    }
    return created;
  }

  async work<T>(name: string, handler: JobHandler<T>, opts: WorkOptions = {}) {
    await this.start();
    await this.ensureQueue(name, opts);
    await this.boss.work<T>(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        await this.metrics.time(name, () =>
          handler(job.data, {
            id: job.id,
            name,
            attempt: job.retryCount + 1,
            signal: this.stopping.signal,
          }),
        );
      },
    );
  }

  async schedule(name: string, when: JobSchedule) {
    await this.start();
    await this.ensureQueue(name);
    if ('cron' in when) {
      await this.boss.schedule(name, when.cron, {}, { singletonKey: 'schedule' });
      return;
    }
    const seconds = Math.max(1, Math.round(when.everyMs / 1000));
    const offer = () =>
      this.boss
        .send(name, {}, { singletonKey: 'schedule', singletonSeconds: seconds, retryLimit: 0 })
        .catch((err) => this.opts.onError?.(err));
    await offer();
    const timer = setInterval(offer, (seconds * 1000) / 2);
    timer.unref();
    this.timers.push(timer);
  }

  async enqueue(name: string, data: Record<string, unknown> = {}, opts: EnqueueOptions = {}) {
    await this.start();
    await this.ensureQueue(name);
    return this.boss.send(name, data, {
      ...(opts.runAt ? { startAfter: opts.runAt } : {}),
      ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
      ...(opts.retryDelaySeconds !== undefined ? { retryDelay: opts.retryDelaySeconds } : {}),
      ...(opts.backoff !== undefined ? { retryBackoff: opts.backoff } : {}),
    });
  }

  async recent(opts: { limit?: number; name?: string; state?: JobState } = {}): Promise<JobInfo[]> {
    await this.start();
    const s = this.schema.replace(/"/g, '""');
    // Attempts started: retry_count counts the failed ones; an active or finished attempt adds one.
    const { rows } = await this.boss.getDb().executeSql(
      `select id::text, name, state::text as state,
              retry_count + case when state in ('active', 'completed', 'failed') then 1 else 0 end as attempts,
              retry_limit as "retryLimit", to_json(created_on) #>> '{}' as "createdAt",
              to_json(started_on) #>> '{}' as "startedAt", to_json(completed_on) #>> '{}' as "completedAt",
              case when state in ('created', 'retry') then to_json(start_after) #>> '{}' end as "runAt",
              case when state in ('failed', 'retry')
                   then coalesce(output->>'message', output->'value'->>'message') end as "lastError"
       from "${s}".job
       where ($2::text is null or name = $2) and ($3::text is null or state::text = $3)
       order by created_on desc, id desc limit $1`,
      [opts.limit ?? 50, opts.name ?? null, opts.state ?? null],
    );
    const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
    return rows.map((r) => ({
      ...r,
      attempts: Number(r.attempts),
      createdAt: iso(r.createdAt)!,
      startedAt: iso(r.startedAt),
      completedAt: iso(r.completedAt),
      runAt: iso(r.runAt),
    }));
  }

  async stop(timeoutMs = 30_000) {
    this.stopping.abort();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (!this.started) return;
    await this.started.catch(() => {});
    // Graceful: waits (up to the timeout) for the jobs in hand, then fails what is left so another process retries it.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
