import { clearToken, getToken } from './auth-token';
import { clearSessionCache } from './session-cache';

type Navigate = (path: string) => void;

// The router registers its navigate function at start; before that a full page load is the safe fallback.
let navigateTo: Navigate = (path) => window.location.assign(path);
const resetListeners = new Set<() => void>();

export function setAuthNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Lets layers above the api (query cache, stores) forget the user without api importing them. */
export function onSessionEnd(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Spec 1 §4: logout and a 401 both remove the token and clear cached session state. */
export function endSession(): void {
  clearToken();
  clearSessionCache();
  for (const listener of resetListeners) listener();
}

export function handleUnauthorized(): void {
  const hadToken = getToken() !== null;
  endSession();
  if (hadToken || window.location.pathname !== '/login') navigateTo('/login');
}

export function goTo(path: string): void {
  navigateTo(path);
}
