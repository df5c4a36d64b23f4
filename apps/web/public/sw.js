/*
 * The field service worker (issue #18 "Field conditions"), registered by the installer's day
 * (apps/web/src/features/installer-day/sw-register.ts). It keeps the app shell and the built assets so
 * /my-appointments reopens without a network: pages are network-first with the last good index.html as
 * fallback, hashed /assets/* files are cache-first (their names never change content). The API and the
 * real-time socket are never touched: status updates wait in the page's IndexedDB outbox and are sent
 * with an idempotency key when the connection returns.
 */
const CACHE = 'glass-shell-v2';

/** The app's page, kept under one key: every route of the single-page app is the same index.html. */
async function keepShell(cache) {
  const response = await fetch('/', { cache: 'no-cache' });
  if (response.ok) await cache.put('/index.html', response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await keepShell(await caches.open(CACHE)).catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});

/*
 * The page that registered the worker loaded its scripts before the worker ran: it sends their addresses
 * ({type: 'keep', urls}), so the screen it shows reopens offline too (only same-origin /assets/ files are kept);
 * the answer on the message's port ({type: 'kept'}) says the screen can now start offline.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const raw of data.urls.slice(0, 300)) {
        let url;
        try {
          url = new URL(String(raw), self.location.origin);
        } catch {
          continue;
        }
        if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) continue;
        if (await cache.match(url.pathname)) continue;
        try {
          const response = await fetch(url.pathname);
          if (response.ok) await cache.put(url.pathname, response);
        } catch {
          // offline already: kept on its next load
        }
      }
      event.ports[0]?.postMessage({ type: 'kept' });
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put('/index.html', response.clone());
          return response;
        } catch (err) {
          const cached = await cache.match('/index.html');
          if (cached) return cached;
          throw err;
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const cached = await cache.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      })(),
    );
  }
});
