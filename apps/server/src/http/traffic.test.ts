import { describe, expect, it } from 'vitest';
import { BUSY_REQUESTS_PER_SECOND, TrafficMeter } from './traffic.js';

describe('the traffic meter (decision 0039)', () => {
  it('counts the requests of the last second, in quarter seconds, and forgets older ones', () => {
    let now = 10_000;
    const meter = new TrafficMeter(() => now);
    for (let i = 0; i < 3; i++) meter.request();
    now += 300;
    meter.request();
    expect(meter.lastSecond()).toBe(4);
    // The first three were started 1.0–1.25 s ago: out of the window; the fourth is not.
    now += 800;
    expect(meter.lastSecond()).toBe(1);
    now += 5_000;
    expect(meter.lastSecond()).toBe(0);
  });

  it('is busy at BUSY_REQUESTS_PER_SECOND requests a second, not at a progress poll', () => {
    let now = 0;
    const meter = new TrafficMeter(() => now);
    // One poll a second for ten seconds.
    for (let s = 0; s < 10; s++) {
      meter.request();
      expect(meter.busy()).toBe(false);
      now += 1000;
    }
    for (let i = 0; i < BUSY_REQUESTS_PER_SECOND; i++) meter.request();
    expect(meter.busy()).toBe(true);
    now += 1000;
    expect(meter.busy()).toBe(false);
  });
});
