// Spec 1 §4/§9: session data is cached locally for 5 minutes and cleared on logout.
export const SESSION_CACHE_KEY = 'sessionState';
export const SESSION_CACHE_TTL_MS = 300000;

interface CacheEntry<T> {
  savedAt: number;
  data: T;
}

/**
 * The cached session if younger than 5 minutes; `evenExpired`: however old (a phone offline starts on the last
 * session it read, decision 0023; it is read again once online).
 */
export function readSessionCache<T>(now = Date.now(), evenExpired = false): T | null {
  try {
    const raw = localStorage.getItem(SESSION_CACHE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as CacheEntry<T>;
    if (typeof entry?.savedAt !== 'number') return null;
    if (!evenExpired && now - entry.savedAt > SESSION_CACHE_TTL_MS) return null;
    return entry.data;
  } catch {
    return null;
  }
}

/** Writes keep the original savedAt so edits (facility, duty, tiles) do not extend the lifetime. */
export function writeSessionCache<T>(data: T, keepAge = false): void {
  try {
    let savedAt = Date.now();
    if (keepAge) {
      const raw = localStorage.getItem(SESSION_CACHE_KEY);
      const prev = raw ? (JSON.parse(raw) as CacheEntry<T>) : null;
      if (prev && typeof prev.savedAt === 'number') savedAt = prev.savedAt;
    }
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ savedAt, data } satisfies CacheEntry<T>));
  } catch {
    // A full or blocked storage only costs a refetch next time.
  }
}

export function clearSessionCache(): void {
  try {
    localStorage.removeItem(SESSION_CACHE_KEY);
  } catch {
    // nothing cached
  }
}
