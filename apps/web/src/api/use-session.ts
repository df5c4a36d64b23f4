import { useQuery } from '@tanstack/react-query';
import { getToken } from './auth-token';
import { sessionKeys } from '../query/query-keys';
import { queryClient } from './query-client';
import { readSessionCache, SESSION_CACHE_TTL_MS, writeSessionCache } from './session-cache';
import { EMPTY_SESSION as EMPTY, loadSessionState, takeEarlySession } from './session-load';
import type { SessionState } from './types';

export { loadSessionState };

/** The session's query key (query-keys.ts `sessionKeys.session`). */
export const SESSION_KEY = sessionKeys.session;

const sessionQuery = {
  queryKey: SESSION_KEY,
  queryFn: () =>
    readSessionCache<SessionState>() ??
    // Offline (an installer in a dead zone), the last session read starts the app; online it is read again.
    (navigator.onLine ? null : readSessionCache<SessionState>(Date.now(), true)) ??
    takeEarlySession() ??
    loadSessionState(),
  // Also offline: the cache answers, or the reads fail as they would (never a paused, empty shell).
  networkMode: 'always',
  staleTime: SESSION_CACHE_TTL_MS,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

/** Session data from the 5-minute local cache if present, otherwise fetched and then cached (spec 1 §4). */
export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * Starts the session's start-up reads as the app loads (app.tsx), when signed in: the shell's code is a chunk
 * of its own, and waiting for it cost a phone's slow network a round trip or two before anything showed
 * (issue #34). The shell's useSession takes the read in flight.
 */
export function startSessionRead(): void {
  if (getToken()) void queryClient.prefetchQuery(sessionQuery);
}

/** The loaded session, or an empty one while loading; screens under the shell read this. */
export function useSessionState(): SessionState {
  return useSession().data ?? EMPTY;
}

/** Applies a local change (facility, duty, tiles) to the session and its cache without extending its life. */
export function updateSession(change: (state: SessionState) => SessionState): void {
  const current = queryClient.getQueryData<SessionState>(SESSION_KEY);
  if (!current) return;
  const next = change(current);
  queryClient.setQueryData(SESSION_KEY, next);
  if (readSessionCache<SessionState>()) writeSessionCache(next, true);
}

/** Refresh button: forget the cached session and refetch everything the screen shows. */
export async function reloadSession(): Promise<void> {
  const fresh = await loadSessionState();
  queryClient.setQueryData(SESSION_KEY, fresh);
}
