import { NARROW_SCREEN_MAX_PX } from '@glass/domain/constants';
import { useSyncExternalStore } from 'react';

// Spec 1 §9: under 900 px the top bar collapses into a menu and drawers go full width.
const query = `(max-width: ${NARROW_SCREEN_MAX_PX - 1}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's fixed drawer widths on wide screens; the full width on narrow ones (issue 3 item 10). */
export function useDrawerSize(wide: number | string): number | string {
  return useNarrow() ? '100%' : wide;
}
