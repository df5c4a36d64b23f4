import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planOnce } from '../odata/render-sql.js';
import { openDatabase } from './client.js';

const url = process.env.DATABASE_URL;
if (!url) console.info('read-pool.test.ts: skipped without DATABASE_URL (PGlite has one connection)');

/**
 * Decision 0036: the read statements (listRows, listTuples, statement) run on connections of their own, so that
 * however many readers wait, a write or a transaction never waits behind them for a connection.
 */
describe.skipIf(!url)('reads on their own connections (PostgreSQL)', () => {
  it('a write gets a connection while every read connection is busy and more reads wait', async () => {
    const db = await openDatabase({
      databaseUrl: url,
      pg: { poolMax: 2, readPoolMax: 2, statementTimeoutMs: 0, connectTimeoutMs: 0, idleTimeoutMs: 10_000 },
    });
    try {
      expect(db.readPool).toBeDefined();
      expect(db.readPool).not.toBe(db.pool);
      expect(db.readPool!.options.max).toBe(2);
      // Two reads held by a lock take both read connections, and a third read waits for one of them; a
      // plan-once read runs on its own sessions meanwhile.
      const lock = await db.pool!.connect();
      await lock.query('select pg_advisory_lock(360036)');
      const busy = [1, 2].map((n) =>
        db.listRows(sql`select ${n}::int as n, pg_advisory_lock_shared(360036)`),
      );
      const onePlanRead = db.listRows(planOnce(sql`select 1 as n`));
      await expect.poll(() => db.readPool!.waitingCount + db.readPool!.totalCount).toBeGreaterThanOrEqual(2);
      let thirdDone = false;
      const third = db.listRows(sql`select 3 as n`).then((r) => {
        thirdDone = true;
        return r;
      });
      await expect.poll(() => db.readPool!.waitingCount).toBe(1);
      // The writes' pool answers meanwhile: a transaction runs and commits.
      const written = await db.transaction((w) => w.rows<{ v: number }>(sql`select 42 as v`));
      expect(written[0].v).toBe(42);
      expect(thirdDone).toBe(false);
      expect((await onePlanRead)[0].n).toBe(1);
      // Once the long reads end, the waiting read runs.
      await lock.query('select pg_advisory_unlock(360036)');
      lock.release();
      await Promise.all(busy);
      expect((await third)[0]).toEqual({ n: 3 });
    } finally {
      await db.close();
    }
  });

  it('PG_READ_POOL_MAX=0 keeps the reads on the one pool', async () => {
    const db = await openDatabase({
      databaseUrl: url,
      pg: { poolMax: 3, readPoolMax: 0, statementTimeoutMs: 0, connectTimeoutMs: 0, idleTimeoutMs: 10_000 },
    });
    try {
      expect(db.readPool).toBeUndefined();
      expect((await db.listRows<{ n: number }>(sql`select 7 as n`))[0].n).toBe(7);
      expect(db.pool!.totalCount).toBeGreaterThanOrEqual(1);
    } finally {
      await db.close();
    }
  });
});
