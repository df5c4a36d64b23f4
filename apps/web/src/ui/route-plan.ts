import { AppointmentStatus } from '@glass/domain/enums';
import { formatDate } from '@glass/domain/rules/date-format';
import {
  appointmentWindow,
  type GeoPoint,
  planRoute,
  type RouteStop,
  type StopEta,
  suggestRouteOrder,
} from '@glass/domain/rules/route-order';
import { useMemo, useState } from 'react';

/**
 * One installer's day as a route, shared by the installer's day (features/installer-day, route tab) and the
 * office's route view (features/appointments, /appointment-routes): the order being edited, moves, the
 * suggestion of packages/domain rules/route-order.ts with the distance saved, and an ETA per stop.
 */

/** What a stop needs to be planned and listed (the installer's day stops and the route stops both have it). */
export interface PlannedStop {
  appointmentId: number;
  invoiceId: number;
  statusId: number;
  statusName: string;
  appointmentDateTime: string;
  timeAllowed: number;
  latitude: number | null;
  longitude: number | null;
  customerName: string | null;
  address: string | null;
  city: string | null;
}

export const formatKm = (v: number) => `${v.toFixed(1)} km`;
/** 'hh:mm A' of an instant, on the facility's clock when its zone is known. */
export const clockOf = (ms: number, timeZone?: string | null) =>
  formatDate(new Date(ms).toISOString(), 'hh:mm A', timeZone);

/** Stops still to drive to: Scheduled and Arrived (the others keep their place but get no ETA). */
const OPEN: ReadonlySet<number> = new Set([AppointmentStatus.Scheduled, AppointmentStatus.Arrived]);

/** A stop for the route rule: its window around the appointment time and its time allowed. */
function routeStop(s: PlannedStop): RouteStop | undefined {
  if (s.latitude === null || s.longitude === null) return undefined;
  return {
    id: s.appointmentId,
    latitude: s.latitude,
    longitude: s.longitude,
    minutes: s.timeAllowed,
    ...appointmentWindow(new Date(s.appointmentDateTime).getTime()),
  };
}

export interface RouteOrder<S extends PlannedStop> {
  /** The stops in the order being edited. */
  ordered: S[];
  /** Their appointment ids, what a save sends. */
  order: number[];
  /** Where the route starts: the given start, else the first routable stop. */
  origin: GeoPoint | null;
  /** The plan of the open stops with coordinates in this order (null without an origin). */
  plan: ReturnType<typeof planRoute> | null;
  etaOf: Map<number, StopEta>;
  /** Kilometres the last suggestion saved (null until "Suggest an order" is used, and after a manual move). */
  savedKm: number | null;
  /** Whether a suggestion can be made (an origin and two routable stops). */
  canSuggest: boolean;
  /** The order differs from the one the screen opened with. */
  changed: boolean;
  move: (index: number, by: number) => void;
  moveTo: (from: number, to: number) => void;
  suggest: () => void;
}

export function useRouteOrder<S extends PlannedStop>(stops: S[], start: GeoPoint | null): RouteOrder<S> {
  const initial = useMemo(() => stops.map((s) => s.appointmentId), [stops]);
  const [order, setOrder] = useState<number[]>(initial);
  const [savedKm, setSavedKm] = useState<number | null>(null);
  const byId = useMemo(() => new Map(stops.map((s) => [s.appointmentId, s])), [stops]);
  const ordered = order.map((id) => byId.get(id)).filter((s): s is S => !!s);
  const routable = ordered
    .filter((s) => OPEN.has(s.statusId))
    .map(routeStop)
    .filter((s): s is RouteStop => !!s);
  const now = Date.now();
  const startAt = routable.length ? Math.min(now, ...routable.map((s) => s.earliest ?? now)) : now;
  const origin =
    start ?? (routable[0] ? { latitude: routable[0].latitude, longitude: routable[0].longitude } : null);
  const plan = origin ? planRoute(origin, startAt, routable) : null;
  const etaOf = new Map(plan?.etas.map((e) => [e.id, e]) ?? []);

  const moveTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    setOrder(next);
    setSavedKm(null);
  };
  const suggest = () => {
    if (!origin || routable.length < 2) return;
    const s = suggestRouteOrder(origin, startAt, routable);
    const routed = new Set(s.order);
    setOrder([...s.order, ...order.filter((id) => !routed.has(id))]);
    setSavedKm(s.savedKm);
  };
  return {
    ordered,
    order,
    origin,
    plan,
    etaOf,
    savedKm,
    canSuggest: !!origin && routable.length >= 2,
    changed: order.join(',') !== initial.join(','),
    move: (index, by) => moveTo(index, index + by),
    moveTo,
    suggest,
  };
}
