/*
 * product.md §2.4: a service worker with scope /pages/. It keeps the portal's shell usable on a flaky connection: pages
 * are fetched from the network first (so a deploy is seen at once) and fall back to the last copy; hashed assets never
 * change, so they are served from the cache once seen. API calls are never cached.
 */
const CACHE = 'portal-shell-v1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          // A page with the reader's own data in it (no-store) is never the offline copy.
          if (response.ok && !(response.headers.get('cache-control') ?? '').includes('no-store')) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put('/pages/__shell', copy));
          }
          return response;
        })
        .catch(() => caches.match('/pages/__shell').then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
