import { useCallback, useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** Full-screen toggle of the top bar; tracks Esc and other exits through the browser event. */
export function useFullscreen() {
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const toggle = useCallback(() => {
    const action = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen?.();
    // Browsers refuse without a user gesture or in iframes; nothing to show the user for that.
    action?.catch((error: unknown) => console.warn('Full screen not available', error));
  }, []);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled !== false;
  return { active, toggle, supported };
}
