import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_STALE_MS, cachedAggregate, cachedCount } from './count-cache.js';

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

describe('a large list count past its 5 s (issue #36)', () => {
  afterEach(() => vi.useRealTimers());

  it('is answered at once while one recount runs in the background, then the new count; a small count is always exact', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let calls = 0;
    let release: (() => void) | undefined;
    const recount = () =>
      new Promise<number>((done) => {
        calls++;
        if (calls === 1) done(600_000);
        else release = () => done(600_001);
      });
    const q = sql`select count(*) from service_vehicles where repair_count > ${0}`;
    expect(await cachedCount(q, recount)).toBe(600_000);
    vi.setSystemTime(Date.now() + 6_000);
    expect(await cachedCount(q, recount)).toBe(600_000);
    expect(await cachedCount(q, recount)).toBe(600_000);
    expect(calls).toBe(2);
    release?.();
    await new Promise((r) => setImmediate(r));
    expect(await cachedCount(q, recount)).toBe(600_001);
    // Past the window (COUNT_STALE_MS), a reader waits for the recount.
    vi.setSystemTime(Date.now() + 5_000 + COUNT_STALE_MS + 1);
    const waiting = cachedCount(q, recount);
    await new Promise((r) => setImmediate(r));
    expect(calls).toBe(3);
    release?.();
    expect(await waiting).toBe(600_001);
    // A narrowed list's count is never kept, stale or not.
    let n = 0;
    const few = sql`select count(*) from service_vehicles where facility_id = ${9}`;
    expect(await cachedCount(few, async () => ++n)).toBe(1);
    expect(await cachedCount(few, async () => ++n)).toBe(2);
  });
});

describe('a large aggregate past its 5 s, with a refresh window (the reports)', () => {
  afterEach(() => vi.useRealTimers());

  it('is kept for its own time when one is given (the reports: a minute)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let calls = 0;
    const year = async () => ({ total: 90_000, run: ++calls });
    const q = sql`select count(*) as total from sales where year = ${2028}`;
    const ask = () => cachedAggregate(q, year, (v) => v.total, { ttlMs: 60_000, staleMs: 60_000 });
    expect((await ask()).run).toBe(1);
    vi.setSystemTime(Date.now() + 59_000);
    expect((await ask()).run).toBe(1);
    expect(calls).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    // Past its minute: the kept answer, and one refresh.
    expect((await ask()).run).toBe(1);
    expect(calls).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect((await ask()).run).toBe(2);
  });

  it('answers the kept value at once while one run refreshes it, then the new one; waits once the window is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let calls = 0;
    let release: (() => void) | undefined;
    const year = () =>
      new Promise<{ total: number; run: number }>((done) => {
        const run = ++calls;
        if (run === 1) done({ total: 90_000, run });
        else release = () => done({ total: 90_000, run });
      });
    const q = sql`select count(*) as total from sales where year = ${2026}`;
    const ask = () => cachedAggregate(q, year, (v) => v.total, { staleMs: 25_000 });
    expect((await ask()).run).toBe(1);
    vi.setSystemTime(Date.now() + 6_000);
    // Expired: the kept answer at once, one refresh started (not one per reader).
    expect((await ask()).run).toBe(1);
    expect((await ask()).run).toBe(1);
    expect(calls).toBe(2);
    release?.();
    await new Promise((r) => setImmediate(r));
    expect((await ask()).run).toBe(2);
    // Past the window, a reader waits for the recomputation.
    vi.setSystemTime(Date.now() + 60_000);
    const waiting = ask();
    await new Promise((r) => setImmediate(r));
    expect(calls).toBe(3);
    release?.();
    expect((await waiting).run).toBe(3);
  });

  it('a failed refresh keeps the old value within the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let fail = false;
    const q = sql`select count(*) as total from sales where year = ${2027}`;
    const ask = () =>
      cachedAggregate(
        q,
        async () => {
          if (fail) throw new Error('down');
          return { total: 50_000 };
        },
        (v) => v.total,
        { staleMs: 25_000 },
      );
    await ask();
    fail = true;
    vi.setSystemTime(Date.now() + 6_000);
    expect(await ask()).toEqual({ total: 50_000 });
    await new Promise((r) => setImmediate(r));
    expect(await ask()).toEqual({ total: 50_000 });
    vi.setSystemTime(Date.now() + 60_000);
    await expect(ask()).rejects.toThrow('down');
  });
});
