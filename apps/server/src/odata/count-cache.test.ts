import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cachedAggregate, cachedCount } from './count-cache.js';

describe('cachedCount', () => {
  it('reuses a large count for the same query, and never caches a small one', async () => {
    let calls = 0;
    const big = async () => {
      calls++;
      return 50_000;
    };
    const q = sql`select count(*) from x where a = ${1}`;
    expect(await cachedCount(q, big)).toBe(50_000);
    expect(await cachedCount(q, big)).toBe(50_000);
    expect(calls).toBe(1);
    // another parameter is another query
    await cachedCount(sql`select count(*) from x where a = ${2}`, big);
    expect(calls).toBe(2);

    let smallCalls = 0;
    const small = async () => ++smallCalls;
    const s = sql`select count(*) from y`;
    expect(await cachedCount(s, small)).toBe(1);
    expect(await cachedCount(s, small)).toBe(2);
  });
});

describe('cachedAggregate', () => {
  it('caches an aggregate by the rows it counted', async () => {
    let calls = 0;
    const summary = (total: number) => async () => {
      calls++;
      return { total, signed: calls };
    };
    const q = sql`select count(*) as total from z where b = ${1}`;
    expect(await cachedAggregate(q, summary(20_000), (v) => v.total)).toEqual({ total: 20_000, signed: 1 });
    expect(await cachedAggregate(q, summary(20_000), (v) => v.total)).toEqual({ total: 20_000, signed: 1 });
    const few = sql`select count(*) as total from z where b = ${2}`;
    await cachedAggregate(few, summary(3), (v) => v.total);
    expect((await cachedAggregate(few, summary(3), (v) => v.total)).signed).toBe(3);
  });
});

describe('concurrent callers', () => {
  it('share one run of the same query, and a failed run is not kept', async () => {
    let calls = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<number>((done) => {
        calls++;
        release = () => done(70_000);
      });
    const q = sql`select count(*) from w where c = ${1}`;
    const all = Promise.all([cachedCount(q, slow), cachedCount(q, slow), cachedCount(q, slow)]);
    release();
    expect(await all).toEqual([70_000, 70_000, 70_000]);
    expect(calls).toBe(1);

    const f = sql`select count(*) from w where c = ${2}`;
    await expect(cachedCount(f, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedCount(f, async () => 12_000)).toBe(12_000);
  });
});
