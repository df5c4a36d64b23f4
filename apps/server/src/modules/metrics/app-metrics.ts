import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { App } from '../../app-type.js';
import { lastDerivedDrift } from '../../jobs/derived-drift.js';
import { countCacheSize } from '../../odata/count-cache.js';
import { realtimeOf } from '../../realtime/socket-server.js';
import { answerCacheSize } from '../appointments/index.js';
import { browserErrorCounts } from '../client-errors/index.js';
import { OUTBOX_LEASE_MS } from '../notify/index.js';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (process_cpu_seconds_total, process_resident_memory_bytes, nodejs_heap_*,
 * nodejs_gc_duration_seconds, nodejs_eventloop_lag_*, …): one set per process, however many apps it builds
 * (the tests build several), since each set installs its own GC and event-loop observers.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This app's gauges and counters, read when scraped (collect), from the state other parts keep: the database,
 * the outbox, the pool, socket.io, the browser error counts. The names are those of the README's alerts.
 */
export function appMetrics(app: App): Registry {
  const registers = [new Registry()];
  const started = Date.now();
  // First: prom-client starts every collect in registration order, each up to its first await, so the pool is
  // read before this scrape's own queries (glass_up, the outbox) take connections or queue for one.
  if (app.deps.db.pool)
    poolMetrics(
      'glass_db_pool_connections',
      'PostgreSQL connections of this process',
      app.deps.db.pool,
      registers,
    );
  if (app.deps.db.readPool)
    poolMetrics(
      'glass_db_read_pool_connections',
      'PostgreSQL connections of this process for the read statements',
      app.deps.db.readPool,
      registers,
    );
  new Gauge({
    name: 'glass_up',
    help: 'Whether the database answers (1) or not (0).',
    registers,
    async collect() {
      this.set((await app.deps.db.ping()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'glass_derived_drift_rows',
    help: 'Rows of a derived copy that differ from its recomputation, at the latest hourly check (0: none).',
    labelNames: ['copy'] as const,
    registers,
    collect() {
      this.reset();
      for (const r of lastDerivedDrift(app)?.results ?? [])
        if (r.drift !== null) this.set({ copy: r.name }, r.drift);
    },
  });
  // The three below predate prom-client's process_* and nodejs_* metrics; kept for existing alert rules.
  new Gauge({
    name: 'glass_process_uptime_seconds',
    help: 'Seconds since this process started serving.',
    registers,
    collect() {
      this.set(Math.round((Date.now() - started) / 1000));
    },
  });
  new Gauge({
    name: 'glass_process_resident_memory_bytes',
    help: 'Resident memory of this process.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'glass_process_heap_used_bytes',
    help: 'V8 heap in use.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  outboxMetrics(app, registers);
  socketMetrics(app, registers);
  cacheMetrics(app, registers);
  browserErrorMetrics(app, registers);
  return registers[0]!;
}

/**
 * The outbox by state: pending (with how many of them are waiting for a retry), failed for good, and stuck
 * ('sending' past the lease: a process died mid-send; the next drain recovers them). Alert on failed rising
 * and on stuck above zero for more than one lease.
 */
function outboxMetrics(app: App, registers: Registry[]) {
  const leaseSeconds = OUTBOX_LEASE_MS / 1000;
  new Gauge({
    name: 'glass_outbox_messages',
    help: 'Outgoing texts and e-mails by state (stuck: sending past the lease).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const [due] = await app.deps.db.rows<{
        pending: number;
        retrying: number;
        sending: number;
        stuck: number;
      }>(
        sql`select count(*) filter (where status = 'pending')::int as pending,
                   count(*) filter (where status = 'pending' and attempts > 0)::int as retrying,
                   count(*) filter (where status = 'sending')::int as sending,
                   count(*) filter (where status = 'sending'
                                      and claimed_at < now() - make_interval(secs => ${leaseSeconds}))::int as stuck
            from notify_outbox where status in ('pending', 'sending')`,
      );
      const [failed] = await app.deps.db.rows<{ n: number }>(
        sql`select count(*)::int as n from notify_outbox where status = 'failed'`,
      );
      this.set({ state: 'pending' }, due?.pending ?? 0);
      this.set({ state: 'retrying' }, due?.retrying ?? 0);
      this.set({ state: 'sending' }, due?.sending ?? 0);
      this.set({ state: 'stuck' }, due?.stuck ?? 0);
      this.set({ state: 'failed' }, failed?.n ?? 0);
    },
  });
  new Gauge({
    name: 'glass_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest message not yet sent (0 when none).',
    registers,
    async collect() {
      const [oldest] = await app.deps.db.rows<{ seconds: number | null }>(
        sql`select extract(epoch from now() - min(created_at))::float8 as seconds
            from notify_outbox where status in ('pending', 'sending')`,
      );
      this.set(Math.round(oldest?.seconds ?? 0));
    },
  });
}

/**
 * This process's PostgreSQL pools (absent on PGlite): the writes' and transactions' (glass_db_pool_connections),
 * and the read statements' (glass_db_read_pool_connections, decision 0036). Alert on waiting above zero for long.
 */
function poolMetrics(
  name: string,
  what: string,
  pool: NonNullable<App['deps']['db']['pool']>,
  registers: Registry[],
) {
  new Gauge({
    name,
    help: `${what} by state (waiting: requests queued for one).`,
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 0);
    },
  });
}

/** Real-time connections of this process: signed-in sockets, and engine.io connections (incl. handshakes). */
function socketMetrics(app: App, registers: Registry[]) {
  new Gauge({
    name: 'glass_realtime_sockets',
    help: 'Signed-in socket.io connections of this process.',
    registers,
    collect() {
      this.set(realtimeOf(app)?.io.of('/').sockets.size ?? 0);
    },
  });
  new Gauge({
    name: 'glass_realtime_engine_connections',
    help: 'engine.io connections of this process (before and after sign-in).',
    registers,
    collect() {
      this.set(realtimeOf(app)?.io.engine.clientsCount ?? 0);
    },
  });
  new Gauge({
    name: 'glass_realtime_rooms',
    help: "socket.io rooms of this process (each socket's own, users, sessions, facilities, watched records).",
    registers,
    collect() {
      this.set(realtimeOf(app)?.io.of('/').adapter.rooms.size ?? 0);
    },
  });
}

/**
 * The sizes of the per-process caches and in-flight maps (all bounded; the soak run, bench/soak.ts, watches them
 * stay so over hours): the count cache, the kept appointment answers, the session cache and its last-seen
 * stamps, the prepared statement names.
 */
function cacheMetrics(app: App, registers: Registry[]) {
  new Gauge({
    name: 'glass_cache_entries',
    help: 'Entries of the per-process caches (running/building: shared runs in flight).',
    labelNames: ['cache'] as const,
    registers,
    collect() {
      const counts = countCacheSize();
      const answers = answerCacheSize();
      const sessions = app.deps.sessions.cacheSize();
      this.set({ cache: 'count' }, counts.entries);
      this.set({ cache: 'count_running' }, counts.running);
      this.set({ cache: 'appointment_answers' }, answers.entries);
      this.set({ cache: 'appointment_answers_building' }, answers.building);
      this.set({ cache: 'sessions' }, sessions.entries);
      this.set({ cache: 'session_last_seen' }, sessions.touched);
      this.set({ cache: 'prepared_statements' }, app.deps.db.preparedStatements());
    },
  });
  new Gauge({
    name: 'glass_appointment_answers_chars',
    help: 'Characters of the appointment answers kept by this process (at most 32 Mi).',
    registers,
    collect() {
      this.set(answerCacheSize().chars);
    },
  });
}

/** The counts the client-errors module keeps (POST /api/client-errors), mirrored at each scrape. */
function browserErrorMetrics(app: App, registers: Registry[]) {
  new Counter({
    name: 'glass_browser_errors_total',
    help: 'Script errors browsers reported to this process (POST /api/client-errors), by kind.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.reset();
      for (const [kind, n] of Object.entries(browserErrorCounts(app).logged)) this.inc({ kind }, n);
    },
  });
  new Counter({
    name: 'glass_browser_error_reports_limited_total',
    help: 'Browser error reports refused by the rate limit.',
    registers,
    collect() {
      this.reset();
      this.inc(browserErrorCounts(app).limited);
    },
  });
}
