import { useSyncExternalStore } from 'react';

// The spec names the storage key: the token survives reloads and is shared by every tab.
export const TOKEN_KEY = 'authToken';

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be blocked (private mode, policies); treat it as signed out rather than crash.
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } finally {
    emit();
  }
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing out in another tab must sign this one out too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) emit();
  });
}

/** Re-renders when the token appears or disappears (login, logout, a 401 anywhere). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
