/**
 * Registers the field service worker (apps/web/public/sw.js) once the installer's day opens: it keeps the
 * app's shell and built assets so the screen reopens without a network. It is a separate file the first
 * screen never loads (the first-screen budget does not change). The outbox itself lives in IndexedDB and
 * is sent by the page (outbox.ts), so updates go out whether or not the worker runs.
 */
export function registerFieldWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => {
    console.warn('Service worker not registered:', err);
  });
}
