// Puzzle Lab's service worker: the app works offline after a first visit, and a new release
// is picked up on the next visit made online.
// - The page and the unhashed files (the solver worker's scripts and wasm) are fetched from
//   the network first, falling back to the cache offline: an online visit always runs the
//   release that is deployed.
// - Files whose names carry a content hash (Trunk's app, style) never change: cache first.
// - When a fresh index.html arrives, cached hashed files it no longer names are deleted, so
//   old releases do not pile up.
// - Responses get the cross-origin isolation headers, so the page can share a cancel flag
//   with its workers even where the host cannot send those headers itself.
const CACHE = "puzzlelab-app";
const HASHED = /-[0-9a-f]{12,16}(_bg)?\.(js|wasm|css|svg)$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(event.request) : networkFirst(event.request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return isolated(cached);
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return isolated(response);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      if (response.headers.get("content-type")?.startsWith("text/html")) {
        await pruneOldReleases(cache, await response.clone().text());
      }
    }
    return isolated(response);
  } catch (offline) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return isolated(cached);
    throw offline;
  }
}

/** Deletes cached hashed files that the current index.html does not name. */
async function pruneOldReleases(cache, html) {
  for (const request of await cache.keys()) {
    const name = new URL(request.url).pathname.split("/").pop();
    if (HASHED.test(name) && !html.includes(name)) await cache.delete(request);
  }
}

function isolated(response) {
  if (response.status === 0 || response.headers.get("cross-origin-embedder-policy")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
