import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How a file import paces itself while people use the app (decision 0039): its batches share PostgreSQL's cores
 * with the requests, and one of 1,000 rows held a core for 0.2–0.6 s, the writes' worst tails of a shop's day
 * (issue #36). While the app is busy (http/traffic.ts) a batch is a quarter of the import's own size, and is
 * followed by a pause as long as it took; otherwise whole batches, no pause.
 */

/** While the app is busy: a batch is this fraction of the import's own size (at least BUSY_BATCH_MIN rows)… */
export const BUSY_BATCH_SHARE = 4;
export const BUSY_BATCH_MIN = 50;
/** …and is followed by a pause as long as it took, at most this long. */
export const BUSY_PAUSE_MAX_MS = 2000;

/** The rows of the next batch: the import's own size, or a share of it while the app is busy. */
export function paceBatchSize(own: number, busy: boolean): number {
  return busy ? Math.max(BUSY_BATCH_MIN, Math.round(own / BUSY_BATCH_SHARE)) : own;
}

/** The pause after a batch that took `ms` while the app is busy. */
export function pauseAfter(ms: number): number {
  return Math.min(Math.max(0, ms), BUSY_PAUSE_MAX_MS);
}

/** The pause itself: a timer, cut short (without an error) when the run is aborted. */
export const timerPause = (ms: number, signal?: AbortSignal): Promise<void> =>
  sleep(ms, undefined, { signal }).catch(() => undefined);

/** Work done inside a request (the preview's every row) runs in slices of this much time… */
export const TURN_MS = 10;

/**
 * …after each of which the process serves the other requests (the event loop turns) and, while the app is busy,
 * rests as long as the slice took: the preview of a 20,000-row file held the process for 0.3–0.8 s at once, and
 * the writes that arrived meanwhile waited for all of it (issue #36). Call the returned function between rows.
 */
export function workInTurns(
  busy: () => boolean,
  clock: { now: () => number; rest: (ms: number) => Promise<void> } = {
    now: () => performance.now(),
    rest: (ms) => (ms > 0 ? timerPause(ms) : new Promise((done) => setImmediate(done))),
  },
): () => Promise<void> {
  let since = clock.now();
  return async () => {
    const worked = clock.now() - since;
    if (worked < TURN_MS) return;
    await clock.rest(busy() ? pauseAfter(worked) : 0);
    since = clock.now();
  };
}
