/**
 * Registers the field service worker (apps/web/public/sw.js) once the installer's day opens: it keeps the
 * app's shell and built assets so the screen reopens without a network. It is a separate file the first
 * screen never loads (the first-screen budget does not change). The outbox itself lives in IndexedDB and
 * is sent by the page (outbox.ts), so updates go out whether or not the worker runs.
 *
 * Resolves true once the worker has kept what this page loaded (the screen can start offline), false when
 * there is no worker (an insecure origin, an old browser) or it could not be registered.
 */
export async function registerFieldWorker(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return false;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return false;
    // The scripts and styles this page loaded before the worker ran: kept for the next start offline.
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith('/assets/'));
    const channel = new MessageChannel();
    const kept = new Promise<boolean>((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data?.type === 'kept');
      setTimeout(() => resolve(false), 60_000);
    });
    worker.postMessage({ type: 'keep', urls }, [channel.port2]);
    return await kept;
  } catch (err) {
    console.warn('Service worker not registered:', err);
    return false;
  }
}
