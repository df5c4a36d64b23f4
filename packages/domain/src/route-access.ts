/**
 * Which role-matrix action opens each authenticated screen (issue #15 item 2), so menus offer only what
 * the role may open and a screen opened by URL without the right shows "no access" instead of failing
 * on its first request. A tile's route needs the tile's `view` action; the few routes without a tile
 * are listed here; the homes, logout and password change need only a session. The server still decides
 * every request: this only keeps the screens honest.
 */
import type { Action } from './actions.js';
import { can } from './roles.js';
import { ROUTES, type RoutePath } from './routes.js';
import { TILES } from './tiles.js';

const OWN: Partial<Record<RoutePath, Action>> = {
  '/invoices/:id': 'invoice.read',
  '/service-vehicles/:id': 'serviceVehicle.read',
  '/schedule-appointment': 'appointments.write',
  '/appointment-routes': 'appointments.write',
  '/phone-requests': 'phone.call',
  '/call-status': 'phone.call',
};

const BY_PATH = new Map<string, Action>([
  ...TILES.map((t) => [t.url, t.view] as const),
  ...(Object.entries(OWN) as [RoutePath, Action][]),
]);

/** The action a screen needs, or undefined when a session is enough. */
export function routeAction(path: RoutePath): Action | undefined {
  return BY_PATH.get(path);
}

/** Whether the role may open the screen at this route path (the router's pattern, e.g. '/invoices/:id'). */
export function canOpenRoute(roleId: number | null | undefined, path: RoutePath): boolean {
  const action = routeAction(path);
  return action === undefined || can(roleId, action);
}

/** Every authenticated route with the action it needs (for tests and docs). */
export function routeActions(): { path: RoutePath; action: Action | undefined }[] {
  return ROUTES.map((r) => ({ path: r.path, action: routeAction(r.path) }));
}
