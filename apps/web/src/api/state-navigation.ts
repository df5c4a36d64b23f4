import { useQuery } from '@tanstack/react-query';
import { getToken } from './auth-token';
import { http } from './http';
import { sessionKeys } from '../query/query-keys';

/**
 * The user's navigation state kept on the server (spec 1 §3 "User list item" stateNavigation), so
 * the last visited path follows the user to another device: PUT/GET /api/users/me/stateNavigation.
 */
export interface StateNavigation {
  lastPath?: string;
}

const SAVE_DELAY_MS = 1500;
let timer: ReturnType<typeof setTimeout> | undefined;
let sent: string | undefined;

/** Saves the last path once navigation pauses (a burst of redirects is one request). */
export function saveStateNavigation(lastPath: string): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    // A background save: signed out meanwhile (another tab), it is skipped, and a 401 never ends the session.
    if (lastPath === sent || !getToken()) return;
    sent = lastPath;
    http.put('users/me/stateNavigation', { lastPath }, { skipAuthRedirect: true }).catch((error: unknown) => {
      // Not worth a notice: this device keeps the path locally, and the next navigation retries.
      sent = undefined;
      console.warn('Saving the navigation state failed', error);
    });
  }, SAVE_DELAY_MS);
}

/** The saved state, read when this device has no last path of its own. */
export function useStateNavigation(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.stateNavigation,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => http.get<StateNavigation | null>('users/me/stateNavigation'),
  });
}
