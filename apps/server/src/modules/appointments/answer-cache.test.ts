import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/unit-of-work.js';
import { answerCacheSize, cachedAnswer as keptAnswer } from './answer-cache.js';

/** The kept answer's text. */
const cachedAnswer = async (...args: Parameters<typeof keptAnswer>) => (await keptAnswer(...args)).text;

/** A database whose counters are `version` (the only read answer-cache makes). */
const counters = (state: { version: number; reads: number }) =>
  ({
    rows: async () => {
      state.reads++;
      return [{ v: String(state.version) }];
    },
  }) as unknown as Db;

describe('appointment answers kept by version', () => {
  it('builds once for callers asking at once, reuses while the counters stay, rebuilds when they move', async () => {
    const state = { version: 1, reads: 0 };
    const db = counters(state);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((done) => setTimeout(done, 10));
      return `answer ${builds}`;
    };
    const key = `test ${Math.random()}`;
    const first = await Promise.all([1, 2, 3].map(() => cachedAnswer(db, 1, key, build)));
    expect(first).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(await cachedAnswer(db, 1, key, build)).toBe('answer 1');
    expect(builds).toBe(1);
    state.version = 2;
    expect(await cachedAnswer(db, 1, key, build)).toBe('answer 2');
    expect(await cachedAnswer(db, 1, key, build)).toBe('answer 2');
    expect(builds).toBe(2);
    // Every request reads the counters: that read is what makes a kept answer exact.
    expect(state.reads).toBe(6);
  });

  it('keeps nothing from a failed build', async () => {
    const db = counters({ version: 1, reads: 0 });
    const key = `test ${Math.random()}`;
    await expect(cachedAnswer(db, 1, key, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedAnswer(db, 1, key, async () => 'fresh')).toBe('fresh');
  });

  it('keeps different keys apart', async () => {
    const db = counters({ version: 1, reads: 0 });
    const [a, b] = [`a ${Math.random()}`, `b ${Math.random()}`];
    expect(await cachedAnswer(db, 1, a, async () => 'for a')).toBe('for a');
    expect(await cachedAnswer(db, 1, b, async () => 'for b')).toBe('for b');
    expect(await cachedAnswer(db, 1, a, async () => 'rebuilt')).toBe('for a');
  });

  it('keeps the compressed forms with the answer, made once, and new ones when the counters move', async () => {
    const state = { version: 1, reads: 0 };
    const db = counters(state);
    const key = `zip ${Math.random()}`;
    const text = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Visit ${i}` })));
    let builds = 0;
    const build = async () => `${text}${builds++ ? ' ' : ''}`;
    const before = answerCacheSize().chars;
    const first = await keptAnswer(db, 1, key, build);
    const [br, again, gz] = await Promise.all([
      first.encoded('br'),
      (await keptAnswer(db, 1, key, build)).encoded('br'),
      first.encoded('gzip'),
    ]);
    expect(again).toBe(br); // the same bytes, compressed once
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(zlib.gunzipSync(gz).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 4);
    // The kept size counts the compressed bytes too.
    expect(answerCacheSize().chars - before).toBe(text.length + br.length + gz.length);
    state.version = 2;
    const moved = await keptAnswer(db, 1, key, build);
    expect(zlib.brotliDecompressSync(await moved.encoded('br')).toString()).toBe(`${text} `);
  });
});
