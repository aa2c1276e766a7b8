// A minimal static server for the release build in dist/ (loopback only, for the tests). It
// compresses what it sends, as a real host would, so tests measure real transferred bytes.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { extname, join, normalize } from "node:path";
import { createRequire } from "node:module";

/** Test tools the pages load from the test server's own origin, as the app's
 * Content-Security-Policy allows no inline script: `/__test/axe.min.js`. */
const TOOLS = { "/__test/axe.min.js": createRequire(import.meta.url).resolve("axe-core/axe.min.js") };

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

/**
 * A slow network at the server, shared by every response as one phone's link is: each response
 * starts a round trip after its request, then its bytes go out in 1,460-byte pieces at the
 * link's rate, pieces of responses sent at once taking turns. Slows every byte a page, its
 * workers and its service worker fetch (a page-level throttle misses the workers' fetches).
 * Each piece is scheduled from when the one before it was due, not from when its timer woke:
 * a busy machine wakes timers late, and counting from the late wake would lose that time on
 * every piece (a 250 KB response then took up to a fifth longer than the link's rate allows).
 */
function slowLink({ bitsPerSecond, roundTripMs }) {
  let free = 0;
  const sleep = (ms) => new Promise((done) => setTimeout(done, Math.max(0, ms)));
  return async (res, body) => {
    let ready = performance.now() + roundTripMs;
    await sleep(ready - performance.now());
    for (let at = 0; at < body.length; at += 1460) {
      const piece = body.subarray(at, at + 1460);
      const start = Math.max(ready, free);
      free = start + (piece.length * 8 * 1000) / bitsPerSecond;
      ready = free;
      await sleep(free - performance.now());
      res.write(piece);
    }
    res.end();
  };
}

/**
 * Serves `root` on 127.0.0.1 at a free port; resolves to { url, close, setRoot, sent } (setRoot
 * serves another folder from then on: a new release deployed; `sent()` lists every response
 * since the last call as { name, bytes, asked, done }, the bytes as sent, headers aside, when it was asked
 * for and when its last byte went out (`performance.now()`): what any client fetched, a service worker's precache
 * included). With `network` ({ bitsPerSecond,
 * roundTripMs }) every response goes through one slow link (the phone benchmark); `port`, a
 * fixed port instead of a free one (scripts/quick.sh).
 */
export function serve(root, { network, port = 0 } = {}) {
  const gzipped = new Map();
  const send = network ? slowLink(network) : (res, body) => res.end(body);
  let sent = [];
  const server = createServer(async (req, res) => {
    const asked = performance.now();
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    const file = TOOLS[path] ?? join(root, path.endsWith("/") ? `${path}index.html` : path);
    try {
      let body = await readFile(file);
      const headers = {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        // Cross-origin isolation, as `trunk serve` gives it: workers share a cancel flag.
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-embedder-policy": "require-corp",
        // As a host should: a file named by its content never changes; the rest is revalidated.
        "cache-control": /-[0-9a-f]{15,16}(_bg)?\.\w+$/.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
      };
      if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
        // By content: a file rewritten in place at the same length is a new file.
        const key = `${file}:${createHash("sha1").update(body).digest("hex")}`;
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
        body = gzipped.get(key);
        headers["content-encoding"] = "gzip";
      }
      res.writeHead(200, headers);
      const response = { name: path.split("/").pop() || "index.html", bytes: body.length, asked, done: null };
      sent.push(response);
      await send(res, body);
      response.done = performance.now();
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port } = server.address();
      const taken = () => {
        const list = sent;
        sent = [];
        return list;
      };
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close(), setRoot: (folder) => { root = folder; }, sent: taken });
    });
  });
}
