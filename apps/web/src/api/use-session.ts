import { FAILED_TO_GET_EMPLOYEES } from '@glass/domain/messages/admin';
import { FAILED_TO_GET_FACILITIES } from '@glass/domain/messages/facilities';
import { FAILED_TO_LIST_PHONE_EXTENSIONS } from '@glass/domain/messages/phone';
import {
  FAILED_TO_GET_DUTY_STATUS,
  FAILED_TO_GET_GROUP_ROLES,
  FAILED_TO_GET_SELF,
  FAILED_TO_GET_USER_TILES,
  STARTUP_LOAD_FAILED,
} from '@glass/domain/messages/session';
import { useQuery } from '@tanstack/react-query';
import { getToken } from './auth-token';
import { ApiError } from './http';
import { toastError } from './notices';
import { sessionKeys } from '../query/query-keys';
import { queryClient } from './query-client';
import { sessionApi } from './session-api';
import { readSessionCache, SESSION_CACHE_TTL_MS, writeSessionCache } from './session-cache';
import type { SessionState } from './types';

/** The session's query key (query-keys.ts `sessionKeys.session`). */
export const SESSION_KEY = sessionKeys.session;

type Part = Exclude<keyof SessionState, 'user' | 'isOnDuty'> | 'self' | 'duty';

// Spec 1 §8 toasts per start-up list. Lists without a catalogue text only add to the start-up toast.
const FAILURE_TEXT: Partial<Record<Part, string>> = {
  self: FAILED_TO_GET_SELF,
  tiles: FAILED_TO_GET_USER_TILES,
  duty: FAILED_TO_GET_DUTY_STATUS,
  groupRoles: FAILED_TO_GET_GROUP_ROLES,
  facilities: FAILED_TO_GET_FACILITIES,
  phoneExtensions: FAILED_TO_LIST_PHONE_EXTENSIONS,
  employeeList: FAILED_TO_GET_EMPLOYEES,
};

const EMPTY: SessionState = {
  user: null,
  tiles: [],
  facilities: [],
  groupRoles: [],
  phoneExtensions: [],
  vendors: [],
  loanerCarTypes: [],
  employeeList: [],
  customerWaitingOptions: [],
  dispositionReasons: [],
  lostReasons: [],
  // Spec 1 §4: duty defaults to on.
  isOnDuty: true,
};

async function settle<T>(part: Part, promise: Promise<T>, failures: Part[]): Promise<T | undefined> {
  try {
    return await promise;
  } catch (error) {
    // A 401 already signs the user out and goes to /login; toasts there would only confuse.
    if (error instanceof ApiError && error.status === 401) return undefined;
    if (part === 'vendors') {
      // Spec 1 §8: a vendor load failure is only logged.
      console.error('Failed to load vendors', error);
      return undefined;
    }
    failures.push(part);
    return undefined;
  }
}

/** Loads every start-up list in parallel; one failing list does not hide the others. */
export async function loadSessionState(): Promise<SessionState> {
  const failures: Part[] = [];
  const [user, tiles, duty, facilities, groupRoles, vendors, loaner, employees, waiting, dispositions, lost] =
    await Promise.all([
      settle('self', sessionApi.self(), failures),
      settle('tiles', sessionApi.tiles(), failures),
      settle('duty', sessionApi.duty(), failures),
      settle('facilities', sessionApi.facilities(), failures),
      settle('groupRoles', sessionApi.groupRoles(), failures),
      settle('vendors', sessionApi.vendors(), failures),
      settle('loanerCarTypes', sessionApi.loanerCarTypes(), failures),
      settle('employeeList', sessionApi.employeeList(), failures),
      settle('customerWaitingOptions', sessionApi.customerWaitingOptions(), failures),
      settle('dispositionReasons', sessionApi.dispositionReasons(), failures),
      settle('lostReasons', sessionApi.lostReasons(), failures),
    ]);
  // Phone extensions are per user, so they wait for self.
  const phoneExtensions = user
    ? await settle('phoneExtensions', sessionApi.phoneExtensions(user.id), failures)
    : [];

  const state: SessionState = {
    user: user ?? null,
    tiles: tiles ?? [],
    facilities: facilities ?? [],
    groupRoles: groupRoles ?? [],
    phoneExtensions: phoneExtensions ?? [],
    vendors: vendors ?? [],
    loanerCarTypes: loaner ?? [],
    employeeList: employees ?? [],
    customerWaitingOptions: waiting ?? [],
    dispositionReasons: dispositions ?? [],
    lostReasons: lost ?? [],
    isOnDuty: duty?.onDuty ?? user?.isOnDuty ?? EMPTY.isOnDuty,
  };

  if (failures.length) {
    toastError(STARTUP_LOAD_FAILED);
    for (const part of failures) {
      const text = FAILURE_TEXT[part];
      if (text) toastError(text);
    }
  } else {
    // Only a complete load is cached, so a partial one is retried on the next start.
    writeSessionCache(state);
  }
  return state;
}

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
