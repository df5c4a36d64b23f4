import { saveStateNavigation } from '../api/state-navigation';

// Spec 1 §2: the root sends the user to the last visited path, saved on every navigation.
const LAST_PATH_KEY = 'lastPath';
// Paths that are not a place to return to: the root itself would loop, the others end or start a session.
const NOT_RETURNABLE = new Set(['/', '/login', '/logout']);

export function saveLastPath(pathname: string, search = ''): void {
  if (NOT_RETURNABLE.has(pathname)) return;
  // Also on the server (stateNavigation), so a new device starts where the user left off.
  saveStateNavigation(pathname + search);
  try {
    localStorage.setItem(LAST_PATH_KEY, pathname + search);
  } catch {
    // storage blocked: the root just shows the home tiles
  }
}

/** The path if it is one of this app's own places to return to, else null. */
export function returnablePath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//')) return null;
  return NOT_RETURNABLE.has(path.split('?')[0]) ? null : path;
}

export function readLastPath(): string | null {
  try {
    return returnablePath(localStorage.getItem(LAST_PATH_KEY));
  } catch {
    return null;
  }
}
