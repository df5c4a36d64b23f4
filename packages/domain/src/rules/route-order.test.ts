import { describe, expect, it } from 'vitest';
import {
  appointmentWindow,
  haversineKm,
  planRoute,
  type RouteStop,
  ROUTE_SPEED_KMH,
  suggestRouteOrder,
} from './route-order.js';

const H = 3_600_000;
const start = { latitude: 29.940498, longitude: -95.522003 };
const free = (id: number, latitude: number, longitude: number, minutes = 30): RouteStop => ({
  id,
  latitude,
  longitude,
  earliest: null,
  latest: null,
  minutes,
});

/** Every order, for checking the exact search. */
function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

// Deterministic pseudo-random points around Houston.
function points(n: number, seed = 7): RouteStop[] {
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  return Array.from({ length: n }, (_, i) => free(i + 1, 29.6 + rnd() * 0.6, -95.8 + rnd() * 0.6));
}

describe('haversine distance', () => {
  it('measures great-circle kilometres', () => {
    // Houston to Dallas is about 362 km as the crow flies.
    expect(
      haversineKm({ latitude: 29.7604, longitude: -95.3698 }, { latitude: 32.7767, longitude: -96.797 }),
    ).toBeCloseTo(362, -1);
    expect(haversineKm(start, start)).toBe(0);
  });
});

describe('suggest an order (issue #18: shorten the straight-line distance while keeping each appointment’s time)', () => {
  it('is exact for up to 10 stops: no permutation is shorter', () => {
    const stops = points(7);
    const s = suggestRouteOrder(start, 0, stops);
    expect(s.exact).toBe(true);
    const best = Math.min(...permutations(stops).map((p) => planRoute(start, 0, p).distanceKm));
    expect(s.distanceKm).toBeCloseTo(best, 9);
    expect(s.savedKm).toBeCloseTo(s.current.distanceKm - s.distanceKm, 9);
    expect(new Set(s.order)).toEqual(new Set(stops.map((x) => x.id)));
  });

  it('orders stops on a line from the start outwards and reports the distance saved', () => {
    const stops = [free(1, 30.2, -95.5), free(2, 30.0, -95.5), free(3, 30.1, -95.5)];
    const s = suggestRouteOrder({ latitude: 29.9, longitude: -95.5 }, 0, stops);
    expect(s.order).toEqual([2, 3, 1]);
    expect(s.savedKm).toBeGreaterThan(20);
  });

  it('keeps each appointment’s time before shortening the distance', () => {
    // The far stop is booked first: visiting the near one first would make it late.
    const t0 = Date.UTC(2026, 0, 5, 14);
    const far = { ...free(1, 30.4, -95.5, 60), ...appointmentWindow(t0 + H) };
    const near = { ...free(2, 29.95, -95.52, 60), ...appointmentWindow(t0 + 4 * H) };
    const s = suggestRouteOrder(start, t0, [near, far]);
    expect(s.order).toEqual([1, 2]);
    expect(s.lateMinutes).toBe(0);
    expect(s.current.lateMinutes).toBeGreaterThan(0);
  });

  it('keeps the current order when it is already best (saved 0)', () => {
    const stops = [free(1, 30.0, -95.5), free(2, 30.1, -95.5)];
    const s = suggestRouteOrder({ latitude: 29.9, longitude: -95.5 }, 0, stops);
    expect(s.order).toEqual([1, 2]);
    expect(s.savedKm).toBe(0);
  });

  it('uses nearest neighbour + 2-opt beyond 10 stops, never worse than the given order', () => {
    const stops = points(25, 11);
    const t = performance.now();
    const s = suggestRouteOrder(start, 0, stops);
    expect(performance.now() - t).toBeLessThan(2000);
    expect(s.exact).toBe(false);
    expect(s.order).toHaveLength(25);
    expect(new Set(s.order).size).toBe(25);
    expect(s.distanceKm).toBeLessThanOrEqual(s.current.distanceKm);
    expect(s.savedKm).toBeGreaterThan(0);
  });

  it('solves 10 stops quickly', () => {
    const t = performance.now();
    expect(suggestRouteOrder(start, 0, points(10, 3)).exact).toBe(true);
    expect(performance.now() - t).toBeLessThan(3000);
  });
});

describe('ETA per stop (from the order and the time allowed)', () => {
  it('adds travel at the route speed, waits for the window, and stays the time allowed', () => {
    const a = free(1, 30.0, -95.5, 45);
    const km = haversineKm({ latitude: 29.9, longitude: -95.5 }, a);
    const plan = planRoute({ latitude: 29.9, longitude: -95.5 }, 0, [
      a,
      { ...free(2, 30.0, -95.5, 30), earliest: 5 * H, latest: 6 * H },
    ]);
    expect(plan.etas[0].eta).toBeCloseTo((km / ROUTE_SPEED_KMH) * H, 3);
    expect(plan.etas[0].departs - plan.etas[0].eta).toBe(45 * 60_000);
    expect(plan.etas[1].eta).toBe(5 * H);
    expect(plan.etas[1].lateMinutes).toBe(0);
  });
});
