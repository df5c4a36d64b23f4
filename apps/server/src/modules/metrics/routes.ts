import { sql } from 'drizzle-orm';
import type { App } from '../../app-type.js';
import { jobMetricsOf } from '../../jobs/index.js';
import { realtimeOf } from '../../realtime/socket-server.js';
import { browserErrorCounts } from '../client-errors/index.js';
import { OUTBOX_LEASE_MS } from '../notify/index.js';

/** Upper bounds (seconds) of the request duration histogram. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

/**
 * GET /api/metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN (a machine caller:
 * docs/security.md). Requests are counted by method, matched route (never the raw URL, so ids and hostile
 * spellings do not multiply the series) and status class.
 */
export function metricsRoutes(app: App) {
  const series = new Map<string, Series>();
  const started = Date.now();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `method="${req.method}",route="${route.replace(/["\\\n]/g, '_')}",status="${Math.floor(reply.statusCode / 100)}xx"`;
    let s = series.get(key);
    if (!s) {
      s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      series.set(key, s);
    }
    const seconds = reply.elapsedTime / 1000;
    s.count++;
    s.sum += seconds;
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) s.buckets[i]++;
    });
  });

  app.get(
    '/api/metrics',
    {
      config: { machine: 'metrics' },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
        security: [{ bearer: [] }],
      },
    },
    async (_req, reply) => {
      const up = await app.deps.db.ping();
      const mem = process.memoryUsage();
      const lines = [
        '# HELP glass_up Whether the database answers (1) or not (0).',
        '# TYPE glass_up gauge',
        `glass_up ${up ? 1 : 0}`,
        '# HELP glass_process_uptime_seconds Seconds since this process started serving.',
        '# TYPE glass_process_uptime_seconds gauge',
        `glass_process_uptime_seconds ${Math.round((Date.now() - started) / 1000)}`,
        '# HELP glass_process_resident_memory_bytes Resident memory of this process.',
        '# TYPE glass_process_resident_memory_bytes gauge',
        `glass_process_resident_memory_bytes ${mem.rss}`,
        '# HELP glass_process_heap_used_bytes V8 heap in use.',
        '# TYPE glass_process_heap_used_bytes gauge',
        `glass_process_heap_used_bytes ${mem.heapUsed}`,
      ];
      lines.push(...(await outboxLines(app)), ...poolLines(app), ...socketLines(app), ...jobMetricsOf(app));
      const browser = browserErrorCounts(app);
      lines.push(
        '# HELP glass_browser_errors_total Script errors browsers reported to this process (POST /api/client-errors), by kind.',
        '# TYPE glass_browser_errors_total counter',
        ...Object.entries(browser.logged).map(
          ([kind, n]) => `glass_browser_errors_total{kind="${kind}"} ${n}`,
        ),
        '# HELP glass_browser_error_reports_limited_total Browser error reports refused by the rate limit.',
        '# TYPE glass_browser_error_reports_limited_total counter',
        `glass_browser_error_reports_limited_total ${browser.limited}`,
      );
      lines.push(
        '# HELP glass_http_request_duration_seconds HTTP requests by method, route and status class.',
        '# TYPE glass_http_request_duration_seconds histogram',
      );
      for (const [labels, s] of series) {
        BUCKETS.forEach((b, i) => {
          lines.push(`glass_http_request_duration_seconds_bucket{${labels},le="${b}"} ${s.buckets[i]}`);
        });
        lines.push(`glass_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
        lines.push(`glass_http_request_duration_seconds_sum{${labels}} ${s.sum.toFixed(6)}`);
        lines.push(`glass_http_request_duration_seconds_count{${labels}} ${s.count}`);
      }
      return reply
        .type('text/plain; version=0.0.4')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`);
    },
  );
}

/**
 * The outbox by state: pending (with how many of them are waiting for a retry), failed for good, and stuck
 * ('sending' past the lease: a process died mid-send; the next drain recovers them). Alert on failed rising
 * and on stuck above zero for more than one lease.
 */
async function outboxLines(app: App): Promise<string[]> {
  const leaseSeconds = OUTBOX_LEASE_MS / 1000;
  const [due] = await app.deps.db.rows<{ pending: number; retrying: number; sending: number; stuck: number }>(
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
  const [oldest] = await app.deps.db.rows<{ seconds: number | null }>(
    sql`select extract(epoch from now() - min(created_at))::float8 as seconds
        from notify_outbox where status in ('pending', 'sending')`,
  );
  return [
    '# HELP glass_outbox_messages Outgoing texts and e-mails by state (stuck: sending past the lease).',
    '# TYPE glass_outbox_messages gauge',
    `glass_outbox_messages{state="pending"} ${due?.pending ?? 0}`,
    `glass_outbox_messages{state="retrying"} ${due?.retrying ?? 0}`,
    `glass_outbox_messages{state="sending"} ${due?.sending ?? 0}`,
    `glass_outbox_messages{state="stuck"} ${due?.stuck ?? 0}`,
    `glass_outbox_messages{state="failed"} ${failed?.n ?? 0}`,
    '# HELP glass_outbox_oldest_unsent_seconds Age of the oldest message not yet sent (0 when none).',
    '# TYPE glass_outbox_oldest_unsent_seconds gauge',
    `glass_outbox_oldest_unsent_seconds ${Math.round(oldest?.seconds ?? 0)}`,
  ];
}

/** This process's PostgreSQL pool (absent on PGlite). Alert on waiting above zero for long. */
function poolLines(app: App): string[] {
  const pool = app.deps.db.pool;
  if (!pool) return [];
  return [
    '# HELP glass_db_pool_connections PostgreSQL connections of this process by state (waiting: requests queued for one).',
    '# TYPE glass_db_pool_connections gauge',
    `glass_db_pool_connections{state="total"} ${pool.totalCount}`,
    `glass_db_pool_connections{state="idle"} ${pool.idleCount}`,
    `glass_db_pool_connections{state="waiting"} ${pool.waitingCount}`,
    `glass_db_pool_connections{state="max"} ${pool.options.max}`,
  ];
}

/** Real-time connections of this process: signed-in sockets, and engine.io connections (incl. handshakes). */
function socketLines(app: App): string[] {
  const io = realtimeOf(app)?.io;
  return [
    '# HELP glass_realtime_sockets Signed-in socket.io connections of this process.',
    '# TYPE glass_realtime_sockets gauge',
    `glass_realtime_sockets ${io ? io.of('/').sockets.size : 0}`,
    '# HELP glass_realtime_engine_connections engine.io connections of this process (before and after sign-in).',
    '# TYPE glass_realtime_engine_connections gauge',
    `glass_realtime_engine_connections ${io ? io.engine.clientsCount : 0}`,
  ];
}
