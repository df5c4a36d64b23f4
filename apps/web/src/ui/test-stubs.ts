import { vi } from 'vitest';

/**
 * What antd's responsive observers, `useNarrow`, text areas and image pickers need and jsdom lacks: matchMedia
 * (every query false, or as `matches` decides) and ResizeObserver (observes nothing). For a test's beforeEach;
 * `vi.unstubAllGlobals()` in afterEach takes them away.
 */
export function stubLayout(matches: (query: string) => boolean = () => false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
