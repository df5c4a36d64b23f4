import { canOpenRoute } from '@glass/domain/route-access';
import { ROUTES } from '@glass/domain/routes';
import { matchPath } from 'react-router-dom';
import type { SelfUser } from '@glass/domain/contracts';

/** The role of the signed-in user as the self call answers it. */
export const roleOf = (user: SelfUser | null | undefined): number | undefined =>
  user ? (user.userRoleId ?? user.userRole) : undefined;

/**
 * Whether the user's role may open the screen at this address (issue #15 item 2), matched like the
 * router matches (case-insensitive, trailing slash ignored). Unknown paths are left to the not-found
 * screen; without a loaded user the screen decides (the server refuses what the role may not do).
 */
export function routeAllowed(pathname: string, user: SelfUser | null | undefined): boolean {
  const role = roleOf(user);
  if (role === undefined) return true;
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return !route || canOpenRoute(role, route.path);
}
