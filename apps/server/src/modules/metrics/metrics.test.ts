import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { DEFAULT_READ_POOL_MAX } from '../../config.js';
import { runDerivedDriftCheck } from '../../jobs/derived-drift.js';
import { jobsOf } from '../../jobs/index.js';
import { queueSms } from '../notify/index.js';
import { parsePrometheusText, seriesValue } from './test-helpers.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
let app: App;
let web: string;
beforeAll(async () => {
  // A built web app is served, as in production: its index.html fallback must never answer a scraper.
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-metrics-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), INDEX);
  app = await createTestApp({ metricsToken: TOKEN, webDist: web });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const scrape = async (url = '/api/metrics') => {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const value = (body: string, series: string) => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics, where Prometheus looks by default', () => {
  it('answers the scraper with the token in the text format, the same families as /api/metrics', async () => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const families = parsePrometheusText(res.body);
    // prom-client's default metrics: process, heap, GC and event loop.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(families.has(name), name).toBe(true);
    expect(families.get('nodejs_gc_duration_seconds')?.type).toBe('histogram');
    // The application's, under their names of the README's alerts.
    expect(seriesValue(families, 'glass_up')).toBe(1);
    expect(families.get('glass_outbox_messages')?.type).toBe('gauge');
    expect(families.get('glass_http_request_duration_seconds')?.type).toBe('histogram');
    expect(seriesValue(families, 'glass_process_resident_memory_bytes')).toBeGreaterThan(0);
    const api = parsePrometheusText(await scrape('/api/metrics'));
    expect([...api.keys()].sort()).toEqual([...families.keys()].sort());
    // The scrape of /metrics itself is counted under its route.
    expect(
      seriesValue(api, 'glass_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/metrics',
        status: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('refuses a caller without the token with 401, never the web page', async () => {
    for (const url of ['/metrics', '/metrics/', '/METRICS', '/api/metrics']) {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }]) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, url).toBe(401);
        expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
        expect(res.body, url).not.toContain('id="root"');
      }
    }
    // The web app's fallback still answers pages next to it; a scraper given the page would refuse it.
    const page = await app.inject({ url: '/metrics-report' });
    expect(page.body).toContain('id="root"');
    expect(() => parsePrometheusText(`${page.body}\n`)).toThrow(/malformed sample/);
  });
});

describe('GET /api/metrics: outbox, jobs, pool and sockets', () => {
  it('counts outbox messages by state, stuck ones included', async () => {
    const before = await scrape();
    const [pending] = await queueSms(app.deps.db, '7135550199', 'metrics pending');
    const [failed] = await queueSms(app.deps.db, '7135550199', 'metrics failed');
    const [stuck] = await queueSms(app.deps.db, '7135550199', 'metrics stuck');
    await app.deps.db.rows(
      sql`update notify_outbox set status = 'failed', attempts = 8 where id = ${failed}`,
    );
    await app.deps.db.rows(
      sql`update notify_outbox set status = 'sending', attempts = 1, claimed_at = now() - interval '1 hour' where id = ${stuck}`,
    );
    const after = await scrape();
    expect(after).toContain('# TYPE glass_outbox_messages gauge');
    for (const [state, added] of [
      ['pending', 1],
      ['failed', 1],
      ['stuck', 1],
      ['sending', 1],
    ] as const) {
      const series = `glass_outbox_messages{state="${state}"}`;
      expect(value(after, series)! - (value(before, series) ?? 0)).toBeGreaterThanOrEqual(added);
    }
    expect(value(after, 'glass_outbox_oldest_unsent_seconds')).toBeGreaterThanOrEqual(0);
    await app.deps.db.rows(sql`delete from notify_outbox where id in (${pending}, ${failed}, ${stuck})`);
  });

  it('reports job durations and failures by name, sockets, and the pool on PostgreSQL', async () => {
    const q = jobsOf(app);
    await q.start();
    let n = 0;
    await q.work(
      'metered',
      async () => {
        n++;
        if (n === 1) throw new Error('first fails');
      },
      { retryLimit: 1, retryDelaySeconds: 1, backoff: false },
    );
    await q.enqueue('metered');
    const end = Date.now() + 20_000;
    while (n < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const body = await scrape();
    expect(value(body, 'glass_job_duration_seconds_count{name="metered",outcome="completed"}')).toBe(1);
    expect(value(body, 'glass_job_duration_seconds_count{name="metered",outcome="failed"}')).toBe(1);
    expect(value(body, 'glass_job_failures_total{name="metered"}')).toBe(1);
    expect(body).toContain('# TYPE glass_job_duration_seconds summary');
    expect(value(body, 'glass_realtime_sockets')).toBe(0);
    expect(value(body, 'glass_realtime_engine_connections')).toBe(0);
    expect(value(body, 'glass_realtime_rooms')).toBe(0);
    for (const cache of [
      'count',
      'sessions',
      'appointment_answers',
      'session_last_seen',
      'prepared_statements',
    ])
      expect(value(body, `glass_cache_entries{cache="${cache}"}`)).toBeGreaterThanOrEqual(0);
    expect(value(body, 'glass_appointment_answers_chars')).toBeGreaterThanOrEqual(0);
    if (app.deps.db.pool) {
      expect(value(body, 'glass_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(body, 'glass_db_pool_connections{state="waiting"}')).toBe(0);
      expect(body).toContain('glass_db_pool_connections{state="idle"}');
      // The read statements' own pool (decision 0036), apart from the writes', as many as the cores (0042).
      expect(value(body, 'glass_db_read_pool_connections{state="max"}')).toBe(DEFAULT_READ_POOL_MAX);
      expect(value(body, 'glass_db_read_pool_connections{state="waiting"}')).toBe(0);
    } else expect(body).not.toContain('glass_db_pool_connections');
    expect(() => parsePrometheusText(body)).not.toThrow();
  }, 30_000);
});

describe('GET /metrics: the derived copies', () => {
  it("shows each copy's drift rows once the hourly check has run", async () => {
    expect(await scrape()).not.toMatch(/^glass_derived_drift_rows\{/m);
    await runDerivedDriftCheck(app);
    const body = await scrape();
    expect(body).toContain('# TYPE glass_derived_drift_rows gauge');
    expect(value(body, 'glass_derived_drift_rows{copy="invoice-search-copy"}')).toBe(0);
    expect(value(body, 'glass_derived_drift_rows{copy="vehicle-invoice-state"}')).toBe(0);
    // A change counter has nothing to recompute: no series.
    expect(body).not.toContain('copy="appointment-versions"');
  });
});
