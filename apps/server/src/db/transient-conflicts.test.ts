import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { TRANSACTION_ATTEMPTS, isTransientConflict } from './unit-of-work.js';

/**
 * Decision 0033: a transaction PostgreSQL rolls back as a deadlock (40P01) or serialization failure (40001) is
 * run again, whole, a few times. The counting tests throw the error themselves (PGlite or PostgreSQL); the
 * deadlock tests need two connections, so PostgreSQL only.
 */
let db: Database;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  db = url ? await openDatabase({ databaseUrl: url }) : await openDatabase({ memory: true });
});
afterAll(() => db?.close());

/** An error as pg throws it for `code`, wrapped by Drizzle as its cause. */
const pgError = (code: string) =>
  Object.assign(new Error('Failed query: update …'), {
    cause: Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize'), { code }),
  });

describe('a transaction that loses to a transient conflict', () => {
  it('is run again, a fresh unit of work each time: the failed runs roll back, only the last commits', async () => {
    const runs: string[] = [];
    let count = 0;
    const result = await db.transaction(async (tx) => {
      const run = ++count;
      tx.afterCommit(() => void runs.push(`commit ${run}`));
      tx.onRollback(() => void runs.push(`rollback ${run}`));
      runs.push(`run ${run}`);
      const [row] = await tx.rows<{ n: number }>(sql`select ${run}::int as n`);
      if (run < 3) throw pgError(run === 1 ? '40P01' : '40001');
      return row.n;
    });
    expect(result).toBe(3);
    expect(runs).toEqual(['run 1', 'rollback 1', 'run 2', 'rollback 2', 'run 3', 'commit 3']);
  });

  it(`is run at most ${TRANSACTION_ATTEMPTS} times in all, then the conflict is thrown`, async () => {
    let runs = 0;
    const failed = await db
      .transaction(async () => {
        runs++;
        throw pgError('40P01');
      })
      .catch((err: unknown) => err);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(isTransientConflict(failed)).toBe(true);
  });

  it('is not run again with retry: false, given to it or to one of its savepoints', async () => {
    let runs = 0;
    await expect(
      db.transaction(
        async () => {
          runs++;
          throw pgError('40P01');
        },
        { retry: false },
      ),
    ).rejects.toThrow();
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      db.transaction(async (tx) => {
        runs++;
        await tx.transaction(async () => {}, { retry: false });
        throw pgError('40P01');
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });

  it('other failures are thrown at once, and a savepoint alone is never retried', async () => {
    let runs = 0;
    await expect(
      db.transaction(async () => {
        runs++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
    let inner = 0;
    const caught = await db.transaction(async (tx) =>
      tx
        .transaction(async () => {
          inner++;
          throw pgError('40P01');
        })
        .catch((err: unknown) => isTransientConflict(err)),
    );
    expect({ caught, inner }).toEqual({ caught: true, inner: 1 });
  });
});

// Two connections lock two rows in opposite order: PostgreSQL finds the deadlock (after deadlock_timeout, 1 s by
// default) and rolls one transaction back.
describe.skipIf(!process.env.DATABASE_URL)('a real deadlock (PostgreSQL)', () => {
  const table = `deadlock_probe_${process.pid}`;
  beforeAll(async () => {
    await db.rows(sql.raw(`create table ${table} (id int primary key, n int not null default 0)`));
    await db.rows(sql.raw(`insert into ${table} (id) values (1), (2)`));
  });
  afterAll(() => db.rows(sql.raw(`drop table if exists ${table}`)));

  /** Both transactions hold their first row before either asks for its second (first runs only). */
  function opposite(options?: { retry?: boolean }) {
    const runs = { a: 0, b: 0 };
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => {
      release = resolve;
    });
    const meet = () => {
      if (++arrived === 2) release();
      return bothHoldOne;
    };
    const bump = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], id: number) =>
      tx.rows(sql.raw(`update ${table} set n = n + 1 where id = ${id}`));
    const side = (name: 'a' | 'b', first: number, second: number) =>
      db.transaction(async (tx) => {
        const run = ++runs[name];
        await bump(tx, first);
        if (run === 1) await meet();
        await bump(tx, second);
        return run;
      }, options);
    return { runs, done: Promise.allSettled([side('a', 1, 2), side('b', 2, 1)]) };
  }

  it('is retried: both transactions commit, the one PostgreSQL chose ran twice', async () => {
    const [before] = await db.rows<{ n: number }>(sql.raw(`select sum(n)::int as n from ${table}`));
    const { runs, done } = opposite();
    const settled = await done;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs.a + runs.b).toBe(3);
    const [after] = await db.rows<{ n: number }>(sql.raw(`select sum(n)::int as n from ${table}`));
    expect(after.n - before.n).toBe(4); // two rows each, once: the rolled back run left nothing
  });

  it('without retries, one of the two fails with 40P01', async () => {
    const { runs, done } = opposite({ retry: false });
    const settled = await done;
    const failed = settled.filter((s) => s.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isTransientConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
    expect(runs).toEqual({ a: 1, b: 1 });
  });
});
