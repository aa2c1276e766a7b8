// Puzzle Lab's service worker: after one visit the whole app works offline, and a page only
// ever runs the files of one release.
// - On install it stores the release's every file (the build writes the list below, each file
//   named by its content), fetched past the HTTP cache, in a cache of that release's own.
// - Files are served from that cache first: a content-named file never changes.
// - The page itself comes from the network first, past the HTTP cache, so an online visit sees
//   a new release; offline, this release's copy.
// - A new release's service worker installs beside the running one and waits until the page
//   asks it to take over (the app's "Reload" button), never in the middle of a lesson; once it
//   has, the older releases' caches are deleted.
// - Responses get the cross-origin isolation headers, so the page can share a cancel flag
//   with its workers even where the host cannot send those headers itself.
// The build (scripts/release.sh) writes the next two lines.
const RELEASE = "unnamed";
const FILES = [];
const PREFIX = "puzzlelab-release-";
const CACHE = `${PREFIX}${RELEASE}`;
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
  0x03, 0x02, 0x01, 0x00, 0x0a, 0x0a, 0x01, 0x08, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x0b,
]); // the same probe as static/solver_worker.js: which worker build this browser will load

/** The files to store: all but the worker build this browser will not load. */
function wanted() {
  const unused = WebAssembly.validate(SIMD_PROBE) ? /^worker-[0-9a-f]+(_bg)?\./ : /^worker-simd-/;
  return ["./", ...FILES.filter((name) => !unused.test(name))];
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(wanted().map((name) => new Request(name, { cache: "reload" })));
    // The first release takes over at once; a later one waits for the page to ask.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Other releases' caches, and the one cache of releases before 2026-11 ("puzzlelab-app");
    // the saved tables' store (src/web/saved_tables.rs) is kept.
    for (const name of await caches.keys()) {
      if (name !== CACHE && (name.startsWith(PREFIX) || name === "puzzlelab-app")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = event.request.mode === "navigate" || url.pathname.endsWith("/") || url.pathname.endsWith("/index.html");
  event.respondWith(page ? pageFirstFromNetwork(event) : fileFromCache(event));
});

async function pageFirstFromNetwork(event) {
  try {
    return isolated(await fetch(event.request.url, { cache: "no-store" }));
  } catch (offline) {
    const cache = await caches.open(CACHE);
    const stored = await cache.match("./");
    if (stored) return isolated(stored);
    throw offline;
  }
}

async function fileFromCache(event) {
  const cache = await caches.open(CACHE);
  const stored = (await cache.match(event.request)) ?? (await otherRelease(event.request));
  if (stored) return isolated(stored);
  const response = await fetch(event.request);
  const name = new URL(event.request.url).pathname.split("/").pop();
  // A file of the release not stored at install (the other worker build): keep it, without
  // making the page wait for the write.
  if (response.ok && FILES.includes(name)) event.waitUntil(cache.put(event.request, response.clone()));
  return isolated(response);
}

/** A file of another release still stored (a page of the next release, before it takes over). */
async function otherRelease(request) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) {
      const stored = await (await caches.open(name)).match(request);
      if (stored) return stored;
    }
  }
  return undefined;
}

function isolated(response) {
  if (response.status === 0 || response.headers.get("cross-origin-embedder-policy")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
