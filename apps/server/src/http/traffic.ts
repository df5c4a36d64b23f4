import type { FastifyInstance } from 'fastify';
import { perApp } from '../per-app.js';

/** The meter's window, in slots: requests started in the last second, counted per quarter second. */
const SLOT_MS = 250;
const SLOTS = 4;

/**
 * Requests started a second at or above which the app counts as busy: people at work (a shop's day sends
 * hundreds), not the import's own progress poll (one a second from the bench, one every 5 s from the web).
 */
export const BUSY_REQUESTS_PER_SECOND = 4;

/**
 * How many requests this process started in the last second, for background work that yields to the people
 * using the app (the file imports' batches: decision 0039). One increment per request; no timers.
 */
export class TrafficMeter {
  private readonly counts = new Array<number>(SLOTS).fill(0);
  private slot = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a request starting now. */
  request(): void {
    this.roll();
    this.counts[this.slot % SLOTS] += 1;
  }

  /** Requests started in the last second (the current quarter and the three before it). */
  lastSecond(): number {
    this.roll();
    return this.counts.reduce((a, b) => a + b, 0);
  }

  /** At least BUSY_REQUESTS_PER_SECOND requests started in the last second. */
  busy(): boolean {
    return this.lastSecond() >= BUSY_REQUESTS_PER_SECOND;
  }

  /** Moves to the current quarter second, emptying the slots of the quarters that passed. */
  private roll(): void {
    const slot = Math.floor(this.now() / SLOT_MS);
    if (slot === this.slot) return;
    const passed = Math.min(slot - this.slot, SLOTS);
    for (let i = 1; i <= passed; i++) this.counts[(this.slot + i) % SLOTS] = 0;
    this.slot = slot;
  }
}

/** The traffic meter of an app (one per app instance). */
export const trafficOf = perApp((_app: object) => new TrafficMeter());

/** Counts every request the app receives on its meter. */
export function registerTrafficMeter(app: FastifyInstance): void {
  const meter = trafficOf(app);
  app.addHook('onRequest', (_req, _reply, done) => {
    meter.request();
    done();
  });
}
