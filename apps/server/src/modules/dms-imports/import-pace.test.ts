import { describe, expect, it } from 'vitest';
import { BUSY_PAUSE_MAX_MS, TURN_MS, workInTurns } from './import-pace.js';

/** A clock that moves only when told, and the rests asked of it. */
function testClock() {
  const clock = { at: 0, rests: [] as number[] };
  return {
    clock,
    now: () => clock.at,
    rest: async (ms: number) => {
      clock.rests.push(ms);
    },
  };
}

describe('work inside a request, in turns (decision 0039, issue #36)', () => {
  it('lets the event loop turn after each slice, without resting while the app is quiet', async () => {
    const t = testClock();
    const turn = workInTurns(() => false, t);
    t.clock.at = TURN_MS - 1;
    await turn();
    expect(t.clock.rests).toEqual([]);
    t.clock.at = TURN_MS + 2;
    await turn();
    expect(t.clock.rests).toEqual([0]);
    // The next slice counts from the turn.
    t.clock.at += TURN_MS - 1;
    await turn();
    expect(t.clock.rests).toEqual([0]);
  });

  it('rests as long as the slice took while the app is busy, at most the longest pause', async () => {
    const t = testClock();
    let busy = true;
    const turn = workInTurns(() => busy, t);
    t.clock.at = 25;
    await turn();
    t.clock.at += 5_000;
    await turn();
    busy = false;
    t.clock.at += 30;
    await turn();
    expect(t.clock.rests).toEqual([25, BUSY_PAUSE_MAX_MS, 0]);
  });
});
