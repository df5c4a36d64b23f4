import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import type { App } from '../app-type.js';
import { TRANSACTION_ATTEMPTS } from '../db/unit-of-work.js';
import { TRANSIENT_CONFLICT_MESSAGE } from './errors.js';

/**
 * Decision 0033: a request whose transaction PostgreSQL keeps rolling back as a deadlock (40P01) or serialization
 * failure (40001) is answered 503 with Retry-After and the usual problem+json body, never 500 and never the
 * database's text; one that loses once is retried and answered as usual. The routes are the test's own: the
 * counting ones throw the error as pg does (PGlite or PostgreSQL), the last one meets a real deadlock (PostgreSQL).
 */
const pgError = (code: string) =>
  Object.assign(new Error('Failed query: update appointment_versions set version = version + 1'), {
    cause: Object.assign(new Error('deadlock detected'), {
      code,
      detail: 'Process 4242 waits for ShareLock on transaction 777; blocked by process 4343.',
    }),
  });
const table = `deadlock_probe_api_${process.pid}`;
let app: App;
let runs = 0;
beforeAll(async () => {
  app = await createTestApp({}, (a) => {
    const db = a.deps.db;
    const lose = (times: number, code: string) => async () => {
      let run = 0;
      return db.transaction(async (tx) => {
        runs++;
        await tx.rows(sql`select 1`);
        if (++run <= times) throw pgError(code);
        return { run };
      });
    };
    a.post('/api/test-only/deadlocked-always', { config: { public: true } }, lose(Infinity, '40P01'));
    a.post('/api/test-only/serialization-once', { config: { public: true } }, lose(1, '40001'));
    // A single statement (no transaction of the app's) that PostgreSQL rolled back: not retried, still a 503.
    a.post('/api/test-only/statement-deadlocked', { config: { public: true } }, async () => {
      throw pgError('40P01');
    });
    // Two of these at once lock the probe's rows in opposite order: a real deadlock, not retried here.
    a.post<{ Querystring: { first: string } }>(
      '/api/test-only/real-deadlock',
      { config: { public: true } },
      async (req) => {
        const first = Number(req.query.first);
        await db.transaction(
          async (tx) => {
            await tx.rows(sql.raw(`update ${table} set n = n + 1 where id = ${first}`));
            await tx.rows(sql`select pg_sleep(0.3)`);
            await tx.rows(sql.raw(`update ${table} set n = n + 1 where id = ${3 - first}`));
          },
          { retry: false },
        );
        return { ok: true };
      },
    );
  });
});
afterAll(() => app?.close());

function expectTransientConflictAnswer(res: Awaited<ReturnType<App['inject']>>) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toEqual({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    detail: TRANSIENT_CONFLICT_MESSAGE,
    requestId: expect.any(String),
  });
  expect(res.body).not.toMatch(/deadlock|appointment_versions|ShareLock|40P01|40001|at \w+ \(/);
}

describe('a transaction rolled back by a conflicting one (decision 0033)', () => {
  it(`is retried ${TRANSACTION_ATTEMPTS} times in all, then answered 503 with Retry-After`, async () => {
    runs = 0;
    const res = await app.inject({ method: 'POST', url: '/api/test-only/deadlocked-always' });
    expectTransientConflictAnswer(res);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });

  it('that goes through when run again is answered as usual', async () => {
    runs = 0;
    const res = await app.inject({ method: 'POST', url: '/api/test-only/serialization-once' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ run: 2 });
    expect(runs).toBe(2);
  });

  it('a single statement rolled back as a deadlock is a 503 too', async () => {
    expectTransientConflictAnswer(
      await app.inject({ method: 'POST', url: '/api/test-only/statement-deadlocked' }),
    );
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a real deadlock between two requests: one is answered, the other 503 (PostgreSQL)',
    async () => {
      const db = app.deps.db;
      await db.rows(sql.raw(`create table ${table} (id int primary key, n int not null default 0)`));
      try {
        await db.rows(sql.raw(`insert into ${table} (id) values (1), (2)`));
        const answers = await Promise.all(
          [1, 2].map((first) =>
            app.inject({ method: 'POST', url: `/api/test-only/real-deadlock?first=${first}` }),
          ),
        );
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 503]);
        expectTransientConflictAnswer(answers.find((r) => r.statusCode === 503)!);
      } finally {
        await db.rows(sql.raw(`drop table if exists ${table}`));
      }
    },
  );
});
