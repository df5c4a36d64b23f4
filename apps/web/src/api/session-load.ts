// The session's start-up reads (spec 1 §4, §8) without the query cache, so the entry can start them (main.tsx).
import { getToken } from './auth-token';
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
import { ApiError } from './http';
import { toastError } from './notices';
import { sessionApi } from './session-api';
import { readSessionCache, writeSessionCache } from './session-cache';
import type { SelfUser } from '@glass/domain/contracts';
import type { SessionState } from './types';

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

export const EMPTY_SESSION: SessionState = {
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

let spread = false;
/**
 * The phone shell sends the start-up reads after the day is drawn, each from a task of its own (decision 0041): the
 * eleven sent from one task were one of the long tasks Lighthouse counted on a phone (issue #34). The office sends
 * them at once, as its first screen waits for them.
 */
export function spreadStartupReads(): void {
  spread = true;
}
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Loads every start-up list in parallel; one failing list does not hide the others. */
export async function loadSessionState(): Promise<SessionState> {
  const failures: Part[] = [];
  const read = <T>(part: Part, load: () => Promise<T>) =>
    settle(part, spread ? nextTask().then(load) : load(), failures);
  const [user, tiles, duty, facilities, groupRoles, vendors, loaner, employees, waiting, dispositions, lost] =
    await Promise.all([
      settle('self', earlySelfRead(true) ?? sessionApi.self(), failures),
      read('tiles', sessionApi.tiles),
      read('duty', sessionApi.duty),
      read('facilities', sessionApi.facilities),
      read('groupRoles', sessionApi.groupRoles),
      read('vendors', sessionApi.vendors),
      read('loanerCarTypes', sessionApi.loanerCarTypes),
      read('employeeList', sessionApi.employeeList),
      read('customerWaitingOptions', sessionApi.customerWaitingOptions),
      read('dispositionReasons', sessionApi.dispositionReasons),
      read('lostReasons', sessionApi.lostReasons),
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
    isOnDuty: duty?.onDuty ?? user?.isOnDuty ?? EMPTY_SESSION.isOnDuty,
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

let earlySelf: Promise<SelfUser> | null = null;

/**
 * `GET /api/self`, started by the entry (main.tsx) when the phone shell opens the installer's day (decisions 0034,
 * 0038): before the chunk with the query cache has arrived, a round trip earlier on a phone's slow network. The
 * phone shell draws the day on it alone (use-session.ts `useSelf`); the session's other start-up reads wait until
 * the day is drawn, and take this answer (`loadSessionState`). Not when a kept session answers (as the query would).
 */
export function startEarlySelf(): void {
  if (!getToken() || readSessionCache() || (!navigator.onLine && readSessionCache(Date.now(), true))) return;
  earlySelf = sessionApi.self();
  // Unhandled only until it is read; a failure is then the reader's to show.
  earlySelf.catch(() => undefined);
}

/** The self read started by startEarlySelf, if any; `take` forgets it (the session's reads use it once). */
export function earlySelfRead(take = false): Promise<SelfUser> | null {
  const read = earlySelf;
  if (take) earlySelf = null;
  return read;
}
