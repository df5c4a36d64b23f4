import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsResponse } from '@glass/domain/contracts';
import { auth, createTestApp, DEMO, login, parseAs } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { InProcessQueue } from './in-process.js';
import { jobsOf } from './index.js';
import { PgBossQueue } from './pg-boss.js';
import type { JobQueue } from './queue.js';

const url = process.env.DATABASE_URL;
if (!url)
  console.info(
    'jobs.test.ts: the pg-boss tests are skipped: DATABASE_URL is not set (CI runs the API tests on PostgreSQL too)',
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(100);
  }
}

/** The same behaviour from both implementations. */
function queueContract(make: () => Promise<JobQueue>, done: (q: JobQueue) => Promise<void>) {
  it('retries a failing job with backoff and lists it with its attempts and last error', async () => {
    const q = await make();
    try {
      const seen: number[] = [];
      await q.work(
        'flaky',
        async (_data, ctx) => {
          seen.push(ctx.attempt);
          if (ctx.attempt < 3) throw new Error(`boom ${ctx.attempt}`);
        },
        { retryLimit: 3, retryDelaySeconds: 1, backoff: true },
      );
      await q.work(
        'hopeless',
        async () => {
          throw new Error('always');
        },
        { retryLimit: 1, retryDelaySeconds: 1, backoff: false },
      );
      const ok = await q.enqueue('flaky', { n: 1 });
      const bad = await q.enqueue('hopeless');
      const t0 = Date.now();
      await until(async () =>
        (await q.recent({ name: 'flaky' })).some((j) => j.id === ok && j.state === 'completed'),
      );
      // Two waits: 1 s, then 2 s (doubled).
      expect(Date.now() - t0).toBeGreaterThanOrEqual(2_500);
      expect(seen).toEqual([1, 2, 3]);
      const [flaky] = (await q.recent({ name: 'flaky' })).filter((j) => j.id === ok);
      expect(flaky).toMatchObject({ name: 'flaky', state: 'completed', attempts: 3, lastError: null });
      await until(async () =>
        (await q.recent({ name: 'hopeless' })).some((j) => j.id === bad && j.state === 'failed'),
      );
      const [hopeless] = (await q.recent({ state: 'failed' })).filter((j) => j.id === bad);
      expect(hopeless).toMatchObject({ name: 'hopeless', attempts: 2, retryLimit: 1, lastError: 'always' });
      expect((await q.metrics.failures.get()).values.find((v) => v.labels.name === 'flaky')?.value).toBe(2);
    } finally {
      await done(q);
    }
  }, 30_000);

  it('stop() waits for the job in flight and signals it to finish', async () => {
    const q = await make();
    let finished = false;
    let aborted = false;
    await q.work('slow', async (_d, { signal }) => {
      await sleep(800);
      aborted = signal.aborted;
      finished = true;
    });
    const id = await q.enqueue('slow');
    await until(async () =>
      (await q.recent({ name: 'slow' })).some((j) => j.id === id && j.state === 'active'),
    );
    await done(q);
    expect(finished).toBe(true);
    expect(aborted).toBe(true);
  }, 30_000);
}

describe('in-process job queue (PGlite)', () => {
  queueContract(
    async () => {
      const q = new InProcessQueue({ pollMs: 50 });
      await q.start();
      return q;
    },
    (q) => q.stop(5_000),
  );

  it('runs a schedule every period', async () => {
    const q = new InProcessQueue({ pollMs: 20 });
    let runs = 0;
    await q.work('tick', async () => {
      runs++;
    });
    await q.start();
    await q.schedule('tick', { everyMs: 200 });
    await sleep(1_100);
    await q.stop();
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(runs).toBeLessThanOrEqual(6);
  });
});

describe.skipIf(!url)('pg-boss job queue (PostgreSQL)', () => {
  if (!url) return;
  const schema = `pgboss_test_${process.pid}`;
  const pools: pg.Pool[] = [];
  const newPool = () => {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pools.push(pool);
    return pool;
  };
  afterAll(async () => {
    const pool = newPool();
    await pool.query(`drop schema if exists ${schema} cascade`);
    await Promise.all(pools.map((p) => p.end()));
  });
  const make = async (opts: { maintenanceIntervalSeconds?: number } = {}) => {
    const q = new PgBossQueue({ pool: newPool(), schema, pollingIntervalSeconds: 0.5, ...opts });
    await q.start();
    return q;
  };

  queueContract(make, (q) => q.stop(5_000));

  it('processes starting together create their queues without failing (pg-boss create_queue can deadlock)', async () => {
    const names = Array.from({ length: 6 }, (_, k) => `together-${k}`);
    const queues = await Promise.all([make(), make(), make()]);
    // Each process creates every queue, in its own order, at once: the pattern of two servers starting.
    await Promise.all(
      queues.map((q, i) =>
        Promise.all(names.map((_, k) => q.work(names[(k + i * 2) % names.length], async () => {}))),
      ),
    );
    const { rows } = await newPool().query(
      `select count(*)::int as n from ${schema}.queue where name like 'together-%'`,
    );
    expect(rows[0].n).toBe(names.length);
    await Promise.all(queues.map((q) => q.stop(2_000)));
  }, 30_000);

  it('a schedule runs once per period across two processes', async () => {
    const a = await make();
    const b = await make();
    const runs: string[] = [];
    for (const [who, q] of [
      ['a', a],
      ['b', b],
    ] as const)
      await q.work('sweep-once', async () => {
        runs.push(who);
      });
    const t0 = Date.now();
    await a.schedule('sweep-once', { everyMs: 2_000 });
    await b.schedule('sweep-once', { everyMs: 2_000 });
    await sleep(7_000);
    const periods = (Date.now() - t0) / 2_000;
    await Promise.all([a.stop(5_000), b.stop(5_000)]);
    // One run per 2-second slot, whoever offered it first; never one per process.
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(periods) - 1);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(periods) + 1);
    const jobs = await newPool().query(
      `select count(*)::int as n, count(distinct singleton_on)::int as slots from ${schema}.job where name = 'sweep-once'`,
    );
    expect(jobs.rows[0].n).toBe(jobs.rows[0].slots);
    expect(runs.length).toBeLessThanOrEqual(jobs.rows[0].n);
  }, 30_000);

  it('a job claimed by a process that died is retried by another once its lease has expired', async () => {
    const dead = await make();
    await dead.work('lease', async () => {}, { leaseSeconds: 1, retryLimit: 2, retryDelaySeconds: 0 });
    await dead.stop(1_000);
    // The dead process had claimed it (state active) and never finished.
    const crashed = await make();
    await crashed.enqueue('lease', { n: 1 });
    const [claimed] = await crashed.boss.fetch('lease');
    expect(claimed).toBeDefined();
    const survivor = await make({ maintenanceIntervalSeconds: 1 });
    const done: string[] = [];
    await survivor.work(
      'lease',
      async (_d, ctx) => {
        done.push(`${ctx.id}:${ctx.attempt}`);
      },
      { leaseSeconds: 1 },
    );
    await until(() => done.length > 0, 20_000);
    expect(done).toEqual([`${claimed.id}:2`]);
    await survivor.stop(2_000);
  }, 30_000);
});

describe('GET /api/jobs', () => {
  let app: App;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = await login(app, DEMO.admin);
  });
  afterAll(() => app.close());

  it('lists recent jobs for admins, and refuses others and bad filters', async () => {
    const q = jobsOf(app);
    await q.start();
    await q.work(
      'report',
      async () => {
        throw new Error('no data');
      },
      { retryLimit: 0 },
    );
    const id = await q.enqueue('report', { month: 1 });
    await until(async () =>
      (await q.recent({ name: 'report' })).some((j) => j.id === id && j.state === 'failed'),
    );
    const res = await app.inject({ method: 'GET', url: '/api/jobs?name=report', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const body = parseAs(jobsResponse, res);
    expect(body.queue).toBe(url ? 'pg-boss' : 'in-process');
    expect(body.value.find((j: { id: string }) => j.id === id)).toMatchObject({
      name: 'report',
      state: 'failed',
      attempts: 1,
      lastError: 'no data',
      createdAt: expect.any(String),
    });
    expect((await app.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
    const tech = await login(app, DEMO.repairTech);
    expect((await app.inject({ method: 'GET', url: '/api/jobs', headers: auth(tech) })).statusCode).toBe(403);
    const bad = await app.inject({ method: 'GET', url: '/api/jobs?state=stuck', headers: auth(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('state');
    const evil = await app.inject({ method: 'GET', url: "/api/jobs?name=x'%3Bdrop", headers: auth(admin) });
    expect(evil.statusCode).toBe(400);
  }, 30_000);
});
