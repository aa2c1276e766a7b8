// Puzzle Lab's service worker: after one visit the whole app works offline, and a page only
// ever runs the files of one release.
// - On install it stores the release's every file (the build writes the list below, each file
//   named by its content), fetched past the HTTP cache, in a cache of that release's own; the
//   teacher's guide's pictures are stored once the guide has shown them.
// - Files are served from that cache first: a content-named file never changes.
// - The page itself comes from the network first, past the HTTP cache, so an online visit sees
//   a new release; offline, this release's copy.
// - A new release's service worker installs beside the running one and waits until the page
//   asks it to take over (the app's "Reload" button), never in the middle of a lesson. It then
//   serves every window, the ones still running an older release too (a presenter window, a
//   second tab): a release's files are kept while any window runs it, and found in whichever
//   release's cache holds them. Which release each window runs is noted as its page is served
//   (kept in a cache of its own, since a service worker may be stopped between events); a
//   release's cache is deleted once no open window runs it.
// - Responses get the cross-origin isolation headers, so the page can share a cancel flag
//   with its workers even where the host cannot send those headers itself.
// The build (scripts/release.sh) writes the next two lines.
const RELEASE = "unnamed";
const FILES = [];
const PREFIX = "puzzlelab-release-";
const CACHE = `${PREFIX}${RELEASE}`;
/** The release each window runs, by client id: one JSON entry. */
const WINDOWS = "puzzlelab-windows";
const CONTENT_NAMED = /-[0-9a-f]{15,16}(_bg)?\.\w+$/;
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
  0x03, 0x02, 0x01, 0x00, 0x0a, 0x0a, 0x01, 0x08, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x0b,
]); // the same probe as static/solver_worker.js: which worker build this browser will load

/**
 * The files to store: all but the worker build this browser will not load and the pages' own
 * bundles and workers (the app and the worker with every page stand in for them offline; each
 * is kept once loaded).
 */
function wanted() {
  const unused = WebAssembly.validate(SIMD_PROBE) ? /^worker-[0-9a-f]+(_bg)?\./ : /^worker-simd-/;
  return ["./", ...FILES.filter((name) => !unused.test(name) && !/^(page|worker-page)-/.test(name))];
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The page past the HTTP cache; a file named by its content is the same wherever it comes
    // from, so the copy the page just downloaded serves (a first visit does not fetch it twice).
    const request = (name) => new Request(name, { cache: CONTENT_NAMED.test(name) ? "default" : "reload" });
    await cache.addAll(wanted().map(request));
    // The first release takes over at once; a later one waits for the page to ask.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
  // A page asks which release this worker serves (src/web/release.rs): a page already running
  // it lets it take over; one running an older release offers a reload.
  if (event.data === "release?" && event.source) event.source.postMessage(`release:${RELEASE}`);
  // A page says which release it runs (src/web/release.rs), as it starts.
  const running = typeof event.data === "string" && /^running:([0-9a-z]+)$/.exec(event.data);
  if (running && event.source) {
    event.waitUntil(noteWindow(event.source.id, running[1]).then(deleteUnusedReleases));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    await deleteUnusedReleases();
  })());
});

/** The release each window runs, as noted when its page was served. */
async function windowReleases() {
  const stored = await (await caches.open(WINDOWS)).match("./windows.json");
  return stored ? stored.json() : {};
}

/** Notes that the window `clientId` runs `release`. */
async function noteWindow(clientId, release) {
  const releases = await windowReleases();
  releases[clientId] = release;
  await (await caches.open(WINDOWS)).put("./windows.json", Response.json(releases));
}

/**
 * Deletes the caches of releases no open window runs, and the one cache of releases before
 * 2026-11 ("puzzlelab-app"); the saved tables' store (src/web/saved_tables.rs) is kept. A
 * window whose release was never noted (opened before this service worker) keeps every release.
 */
async function deleteUnusedReleases() {
  const releases = await windowReleases();
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const running = new Set([RELEASE, ...open.map((client) => releases[client.id])]);
  const known = {};
  for (const client of open) if (releases[client.id]) known[client.id] = releases[client.id];
  await (await caches.open(WINDOWS)).put("./windows.json", Response.json(known));
  if (running.has(undefined)) return;
  for (const name of await caches.keys()) {
    const release = name.startsWith(PREFIX) ? name.slice(PREFIX.length) : null;
    if (name === "puzzlelab-app" || (release !== null && !running.has(release))) await caches.delete(name);
  }
}

/** The release a page names (`<meta name="puzzlelab-release">`, as written or minified). */
function releaseOf(page) {
  const named = /<meta content="?([0-9a-z]+)"? name="?puzzlelab-release"?/.exec(page)
    ?? /<meta name="?puzzlelab-release"? content="?([0-9a-z]+)"?/.exec(page);
  return named ? named[1] : RELEASE;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  // The teacher's guide is a page named by its content: a file of the release like any other.
  const page = !CONTENT_NAMED.test(url.pathname)
    && (event.request.mode === "navigate" || url.pathname.endsWith("/") || url.pathname.endsWith("/index.html"));
  event.respondWith(page ? pageFirstFromNetwork(event) : fileFromCache(event));
});

async function pageFirstFromNetwork(event) {
  let response;
  try {
    response = await fetch(event.request.url, { cache: "no-store" });
  } catch (offline) {
    response = await (await caches.open(CACHE)).match("./");
    if (!response) throw offline;
  }
  // The window this page opens runs the release it names: its files stay while it is open.
  const windowId = event.resultingClientId || event.clientId;
  if (windowId && response.ok) {
    const copy = response.clone();
    event.waitUntil((async () => {
      await noteWindow(windowId, releaseOf(await copy.text()));
      await deleteUnusedReleases();
    })());
  }
  return isolated(response);
}

async function fileFromCache(event) {
  const cache = await caches.open(CACHE);
  const stored = (await cache.match(event.request)) ?? (await otherRelease(event.request));
  if (stored) return isolated(stored);
  const response = await fetch(event.request);
  const name = new URL(event.request.url).pathname.split("/").pop();
  // A file of the release not stored at install (the other worker build, a page's bundle or
  // worker, the guide's pictures): keep it, without making the page wait for the write.
  if (response.ok && (FILES.includes(name) || /^guide-.*\.png$/.test(name))) {
    event.waitUntil(cache.put(event.request, response.clone()));
  }
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
