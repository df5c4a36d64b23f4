import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { SessionStore } from './sessions.js';

/** A database that knows every token: session n for the n-th distinct token, and counts the last-seen writes. */
function fakeDb() {
  const ids = new Map<string, number>();
  let touches = 0;
  const db = {
    async rows(query: { queryChunks?: unknown[] }) {
      const text = JSON.stringify(query);
      if (text.includes('last_seen_at = now()')) {
        touches++;
        return [];
      }
      const hash = text; // one query per token: the token hash is in the parameters
      if (!ids.has(hash)) ids.set(hash, ids.size + 1);
      const id = ids.get(hash)!;
      return [
        {
          sessionId: id,
          id: 101,
          userName: '101',
          firstName: 'A',
          lastName: 'B',
          userRoleId: 1,
          facilityId: 1,
          homeFacilityId: 1,
          extra: [],
          brandId: 1,
          tzo: 300,
        },
      ];
    },
  };
  return { db: db as unknown as Database, touches: () => touches };
}

const config = { sessionAbsoluteHours: 12, sessionIdleMinutes: 60 } as Config;

afterEach(() => vi.useRealTimers());

describe('SessionStore: the last-seen stamps of a long-running process', () => {
  it('writes last-seen once a minute per session and does not keep one stamp per session it ever served', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { db, touches } = fakeDb();
    const store = new SessionStore(db, config);
    for (let i = 0; i < 1500; i++) await store.resolve(`token-${i}`);
    expect(touches()).toBe(1500);
    // The same sessions again within the minute: answered from the cache or not, no second write.
    for (let i = 0; i < 10; i++) await store.resolve(`token-${i}`);
    expect(touches()).toBe(1500);
    expect(store.cacheSize().touched).toBeGreaterThanOrEqual(1000);
    // Hours later, a few sessions still in use: the stale stamps are swept, the count stays small.
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    for (let i = 0; i < 5; i++) await store.resolve(`token-${i}`);
    expect(store.cacheSize().touched).toBe(5);
    expect(touches()).toBe(1505);
  });
});
