/**
 * A tab left open across a deploy still runs the previous build, whose screen chunks the deploy removed: the
 * next screen it opens fails to load its script (the server answers 404 for a missing /assets file). Such a
 * failure reloads the page once, which fetches the new index.html (served no-cache) and so the new build;
 * the new app then says it was updated. If the failure comes back within a minute of that reload, the
 * reload did not help (the server or the network is at fault): the error screen shows instead, so a broken
 * deploy can never loop. No antd here: main.tsx (the entry chunk) uses it.
 */

/** Browsers' and Vite's messages for a module or stylesheet that could not be fetched. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Not a spec text: what the new app says after the reload. */
export const UPDATED_NOTICE = 'The app was updated to a new version.';

const RELOADED_AT = 'glass.updateReloadAt';
const NOTICED_AT = 'glass.updateNoticedAt';
/** A failure this soon after the last such reload means the reload did not help. */
const GUARD_MS = 60_000;

let reloading = false;

function lastReload(): number | undefined {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT)) || undefined;
  } catch {
    return undefined;
  }
}

/** Whether this page has asked for the reload already (it is on its way: draw nothing new). */
export function reloadPending(): boolean {
  return reloading;
}

/** Whether a reload to the new build may happen now (none in the last minute), or is under way. */
export function mayReloadToNewVersion(now = Date.now()): boolean {
  const last = lastReload();
  return reloading || last === undefined || now - last >= GUARD_MS;
}

/**
 * Reloads the page to the new build, once: false (and nothing happens) when a reload for this reason
 * happened less than a minute ago, when the tab cannot remember one (no sessionStorage), or offline.
 */
export function reloadToNewVersion(now = Date.now()): boolean {
  if (reloading) return true;
  // Offline a chunk fails because there is no network, not because a deploy removed it: a reload would only
  // lose the screen (an installer's day in a dead zone); the import's own fallback or error screen stays.
  if (navigator.onLine === false) return false;
  if (!mayReloadToNewVersion(now)) return false;
  try {
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** True once after such a reload, for the notice. */
export function takeUpdateNotice(now = Date.now()): boolean {
  const last = lastReload();
  if (last === undefined || now - last >= GUARD_MS) return false;
  try {
    if (sessionStorage.getItem(NOTICED_AT) === String(last)) return false;
    sessionStorage.setItem(NOTICED_AT, String(last));
    return true;
  } catch {
    return false;
  }
}

/**
 * Vite's preload helper reports a chunk or stylesheet it could not fetch (`vite:preloadError`) before the
 * import rejects: reload then, and keep the error from reaching a screen while the page unloads. When the
 * guard refuses, the error goes on to the error boundary and its screen.
 */
export function installChunkReload(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadToNewVersion()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
