// Spec 1 §2: the root sends the user to the last visited path, saved on every navigation.
const LAST_PATH_KEY = 'lastPath';
// Paths that are not a place to return to: the root itself would loop, the others end or start a session.
const NOT_RETURNABLE = new Set(['/', '/login', '/logout']);

export function saveLastPath(pathname: string, search = ''): void {
  if (NOT_RETURNABLE.has(pathname)) return;
  try {
    localStorage.setItem(LAST_PATH_KEY, pathname + search);
  } catch {
    // storage blocked: the root just shows the home tiles
  }
}

export function readLastPath(): string | null {
  try {
    const path = localStorage.getItem(LAST_PATH_KEY);
    if (!path?.startsWith('/') || path.startsWith('//')) return null;
    return NOT_RETURNABLE.has(path.split('?')[0]) ? null : path;
  } catch {
    return null;
  }
}
