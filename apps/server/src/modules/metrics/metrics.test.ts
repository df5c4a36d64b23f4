import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { App } from '../../app-type.js';
import { jobsOf } from '../../jobs/index.js';
import { queueSms } from '../notify/index.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
let app: App;
beforeAll(async () => {
  app = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => app.close());

const scrape = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const value = (body: string, series: string) => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

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
    if (app.deps.db.pool) {
      expect(value(body, 'glass_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(body, 'glass_db_pool_connections{state="waiting"}')).toBe(0);
      expect(body).toContain('glass_db_pool_connections{state="idle"}');
    } else expect(body).not.toContain('glass_db_pool_connections');
    // Every line is a comment or `name{labels} number`.
    for (const line of body.trim().split('\n'))
      expect(line).toMatch(/^(# (HELP|TYPE) .+|[a-z_]+(\{[^}]*\})? -?[0-9.e+]+)$/);
  }, 30_000);
});
