/*
 * The field service worker (issue #18 "Field conditions"), registered by the installer's day
 * (apps/web/src/features/installer-day/sw-register.ts). It keeps the app shell and the built assets so
 * /my-appointments reopens without a network: pages are network-first with the last good index.html as
 * fallback, hashed /assets/* files are cache-first (their names never change content). The API and the
 * real-time socket are never touched: status updates wait in the page's IndexedDB outbox and are sent
 * with an idempotency key when the connection returns.
 */
const CACHE = 'glass-shell-v1';

self.addEventListener('install', () => self.skipWaiting());

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
