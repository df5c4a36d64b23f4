import { useQuery } from '@tanstack/react-query';
import { getToken } from './auth-token';
import { sessionKeys } from '../query/query-keys';
import { queryClient } from './query-client';
import { readSessionCache, SESSION_CACHE_TTL_MS, writeSessionCache } from './session-cache';
import type { SelfUser } from '@glass/domain/contracts';
import { EMPTY_SESSION as EMPTY, earlySelfRead, loadSessionState } from './session-load';
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

/**
 * The session's reads, started now if they are not yet (or taken as they are), answering once they are done. The
 * phone shell starts them once the day is drawn, and says "Ready offline" only once they are kept (decision 0038).
 */
export function sessionRead(): Promise<void> {
  return getToken() ? queryClient.prefetchQuery(sessionQuery) : Promise.resolve();
}

const selfQuery = {
  queryKey: sessionKeys.self,
  queryFn: async (): Promise<SelfUser | null> => {
    const session =
      queryClient.getQueryData<SessionState>(SESSION_KEY) ??
      readSessionCache<SessionState>() ??
      (navigator.onLine ? null : readSessionCache<SessionState>(Date.now(), true));
    if (session) return session.user;
    return (await (earlySelfRead() ?? loadSessionState().then((s) => s.user))) ?? null;
  },
  // As the session's: also offline (the kept session answers, or the read fails as it would).
  networkMode: 'always',
  staleTime: SESSION_CACHE_TTL_MS,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;

/**
 * The signed-in user alone (`GET /api/self`): what the installer's day needs before its first stop (decisions 0034,
 * 0038). In the office the shell has read the whole session, which answers; in the phone shell the entry's early
 * self read does, and the session's other start-up reads wait until the day is drawn. `undefined` while reading,
 * null when it found no user; `settled` once answered or failed.
 */
export function useSelf(): { user: SelfUser | null | undefined; settled: boolean } {
  const self = useQuery({
    ...selfQuery,
    initialData: () => queryClient.getQueryData<SessionState>(SESSION_KEY)?.user ?? undefined,
  });
  return { user: self.data, settled: self.isError || self.data !== undefined };
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
