// A minimal static server for the release build in dist/ (loopback only, for the tests). It
// compresses what it sends, as a real host would, so tests measure real transferred bytes.
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
 * Serves `root` on 127.0.0.1 at a free port; resolves to { url, close, setRoot, sent } (setRoot
 * serves another folder from then on: a new release deployed; `sent()` lists every response
 * since the last call as { name, bytes }, the bytes as sent, headers aside: what any client
 * fetched, a service worker's precache included).
 */
export function serve(root) {
  const gzipped = new Map();
  let sent = [];
  const server = createServer(async (req, res) => {
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
        const key = `${file}:${body.length}`;
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body, { level: 9 }));
        body = gzipped.get(key);
        headers["content-encoding"] = "gzip";
      }
      res.writeHead(200, headers);
      res.end(body);
      sent.push({ name: path.split("/").pop() || "index.html", bytes: body.length });
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
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
