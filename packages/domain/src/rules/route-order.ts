/**
 * Route order (issue #18 item 4): "from the installer's start position, order the day's stops to shorten
 * the total straight-line (haversine) distance while keeping each appointment's time; exact for up to 10
 * stops, a good heuristic beyond; show the distance saved. ETA per stop from the order and the time allowed."
 *
 * Decisions (the spec gives no numbers):
 * - A stop keeps its time when the installer arrives no later than its window's end
 *   (`latest`, by default the appointment time + ROUTE_WINDOW_MINUTES); arriving before `earliest`
 *   (default: appointment time − ROUTE_WINDOW_MINUTES) means waiting until then.
 * - Travel time is the straight-line distance at ROUTE_SPEED_KMH; time on site is the stop's time allowed.
 * - Orders are compared first by total lateness past the windows (0 for an order that keeps every time),
 *   then by distance: an order that keeps every time always wins over a shorter one that does not.
 * - The route is open: it ends at the last stop (no return leg).
 */

export const ROUTE_WINDOW_MINUTES = 60;
export const ROUTE_SPEED_KMH = 40;
/** Up to this many stops the order is exact (branch and bound over every permutation). */
export const ROUTE_EXACT_LIMIT = 10;

const EARTH_RADIUS_KM = 6371.0088;
const MINUTE = 60_000;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface RouteStop extends GeoPoint {
  id: number;
  /** Epoch ms; arriving earlier means waiting. Null: no earliest time. */
  earliest: number | null;
  /** Epoch ms; arriving later breaks the appointment's time. Null: no latest time. */
  latest: number | null;
  /** Minutes on site. */
  minutes: number;
}

export interface StopEta {
  id: number;
  /** Epoch ms of arrival (after any wait). */
  eta: number;
  /** Epoch ms of leaving. */
  departs: number;
  /** Kilometres from the previous point. */
  legKm: number;
  /** Minutes past the stop's latest time (0 when on time). */
  lateMinutes: number;
}

export interface RoutePlan {
  order: number[];
  distanceKm: number;
  lateMinutes: number;
  etas: StopEta[];
}

export interface RouteSuggestion extends RoutePlan {
  /** The given order's plan, for comparison. */
  current: RoutePlan;
  /** Kilometres shorter than the given order (never negative: the given order is kept when it is best). */
  savedKm: number;
  exact: boolean;
}

/** Great-circle distance in kilometres. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const travelMinutes = (km: number, speedKmh = ROUTE_SPEED_KMH) => (km / speedKmh) * 60;

/** The window of an appointment at `at` (epoch ms): ± ROUTE_WINDOW_MINUTES. */
export function appointmentWindow(at: number, minutes = ROUTE_WINDOW_MINUTES) {
  return { earliest: at - minutes * MINUTE, latest: at + minutes * MINUTE };
}

/** ETAs, distance and lateness of the stops in the given order, leaving `start` at `startAt`. */
export function planRoute(
  start: GeoPoint,
  startAt: number,
  stops: readonly RouteStop[],
  speedKmh = ROUTE_SPEED_KMH,
): RoutePlan {
  let at = startAt;
  let here: GeoPoint = start;
  let distanceKm = 0;
  let lateMinutes = 0;
  const etas: StopEta[] = [];
  for (const s of stops) {
    const legKm = haversineKm(here, s);
    distanceKm += legKm;
    let arrive = at + travelMinutes(legKm, speedKmh) * MINUTE;
    if (s.earliest !== null && arrive < s.earliest) arrive = s.earliest;
    const late = s.latest !== null && arrive > s.latest ? (arrive - s.latest) / MINUTE : 0;
    lateMinutes += late;
    const departs = arrive + s.minutes * MINUTE;
    etas.push({ id: s.id, eta: arrive, departs, legKm, lateMinutes: late });
    at = departs;
    here = s;
  }
  return { order: stops.map((s) => s.id), distanceKm, lateMinutes, etas };
}

const EPS = 1e-9;
/** Lateness first, then distance. */
const better = (late: number, km: number, bestLate: number, bestKm: number) =>
  late < bestLate - EPS || (Math.abs(late - bestLate) <= EPS && km < bestKm - EPS);

/** Branch and bound over every order: exact, for small days. */
function exactOrder(
  start: GeoPoint,
  startAt: number,
  stops: readonly RouteStop[],
  speedKmh: number,
): number[] {
  const n = stops.length;
  const dist = stops.map((a) => stops.map((b) => haversineKm(a, b)));
  const fromStart = stops.map((s) => haversineKm(start, s));
  let bestLate = Number.POSITIVE_INFINITY;
  let bestKm = Number.POSITIVE_INFINITY;
  let best: number[] = stops.map((_, i) => i);
  const path: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const visit = (last: number, at: number, km: number, late: number) => {
    // Neither lateness nor distance can go down from here: prune when already no better.
    if (late > bestLate + EPS) return;
    if (late >= bestLate - EPS && km >= bestKm - EPS) return;
    if (path.length === n) {
      if (better(late, km, bestLate, bestKm)) {
        bestLate = late;
        bestKm = km;
        best = [...path];
      }
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      const s = stops[i];
      const leg = last < 0 ? fromStart[i] : dist[last][i];
      let arrive = at + travelMinutes(leg, speedKmh) * MINUTE;
      if (s.earliest !== null && arrive < s.earliest) arrive = s.earliest;
      const l = s.latest !== null && arrive > s.latest ? (arrive - s.latest) / MINUTE : 0;
      used[i] = true;
      path.push(i);
      visit(i, arrive + s.minutes * MINUTE, km + leg, late + l);
      path.pop();
      used[i] = false;
    }
  };
  visit(-1, startAt, 0, 0);
  return best.map((i) => stops[i].id);
}

/** Nearest neighbour (on-time stops first), then 2-opt moves while they improve the plan. */
function heuristicOrder(
  start: GeoPoint,
  startAt: number,
  stops: readonly RouteStop[],
  speedKmh: number,
): number[] {
  const left = [...stops];
  const order: RouteStop[] = [];
  let here: GeoPoint = start;
  let at = startAt;
  while (left.length) {
    let pick = 0;
    let pickScore = Number.POSITIVE_INFINITY;
    for (let i = 0; i < left.length; i++) {
      const s = left[i];
      const km = haversineKm(here, s);
      const arrive = Math.max(at + travelMinutes(km, speedKmh) * MINUTE, s.earliest ?? 0);
      const late = s.latest !== null && arrive > s.latest ? (arrive - s.latest) / MINUTE : 0;
      // Urgent stops (whose window closes first) come before near ones that can wait.
      const slack = s.latest === null ? 1e6 : (s.latest - arrive) / MINUTE;
      const score = late * 1e6 + (slack < 0 ? 0 : Math.min(slack, 1e6)) * 1e-3 + km;
      if (score < pickScore) {
        pickScore = score;
        pick = i;
      }
    }
    const [s] = left.splice(pick, 1);
    const km = haversineKm(here, s);
    at = Math.max(at + travelMinutes(km, speedKmh) * MINUTE, s.earliest ?? 0) + s.minutes * MINUTE;
    here = s;
    order.push(s);
  }
  let best = order;
  let plan = planRoute(start, startAt, best, speedKmh);
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let i = 0; i < best.length - 1; i++) {
      for (let k = i + 1; k < best.length; k++) {
        const candidate = [...best.slice(0, i), ...best.slice(i, k + 1).reverse(), ...best.slice(k + 1)];
        const p = planRoute(start, startAt, candidate, speedKmh);
        if (better(p.lateMinutes, p.distanceKm, plan.lateMinutes, plan.distanceKm)) {
          best = candidate;
          plan = p;
          improved = true;
        }
      }
    }
  }
  return best.map((s) => s.id);
}

/**
 * Suggests an order for `stops` (given in the current order) leaving `start` at `startAt`. The current order
 * is kept when nothing is better, so the distance saved is never negative.
 */
export function suggestRouteOrder(
  start: GeoPoint,
  startAt: number,
  stops: readonly RouteStop[],
  speedKmh = ROUTE_SPEED_KMH,
): RouteSuggestion {
  const current = planRoute(start, startAt, stops, speedKmh);
  const exact = stops.length <= ROUTE_EXACT_LIMIT;
  const ids = exact
    ? exactOrder(start, startAt, stops, speedKmh)
    : heuristicOrder(start, startAt, stops, speedKmh);
  const byId = new Map(stops.map((s) => [s.id, s]));
  let plan = planRoute(
    start,
    startAt,
    ids.map((i) => byId.get(i) as RouteStop),
    speedKmh,
  );
  if (!better(plan.lateMinutes, plan.distanceKm, current.lateMinutes, current.distanceKm)) plan = current;
  return { ...plan, current, savedKm: Math.max(0, current.distanceKm - plan.distanceKm), exact };
}
