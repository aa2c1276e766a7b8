// A first visit (the landing page, then a puzzle page) downloads the app once, and the solver
// only with the first solve. What it downloads is measured as transferred (the test server
// compresses as a host would), on a clean profile with no service worker yet, against the
// budget of 425 KB gzipped (docs/architecture.md, "Bundle").
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, testServer } from "./harness.mjs";

const BUDGET_GZIPPED = 425_000;

test("a first visit stays within its budget, and the solver comes with the first solve", async () => {
  const finished = [];
  const { page, errors } = await open("#/", undefined, async (page) => {
    page.on("requestfinished", (request) => finished.push(request));
  }, { serviceWorkers: "block" });
  await page.locator(".cards a[href=\"#/sliding\"]").click();
  await page.locator("svg.tiles").waitFor();
  await page.waitForTimeout(500);
  const visit = [];
  for (const request of finished) {
    const name = new URL(request.url()).pathname.split("/").pop() || "index.html";
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    visit.push({ name, bytes: responseBodySize + responseHeadersSize, status: (await request.response()).status() });
  }
  assert.deepEqual(visit.filter((f) => f.status !== 200), [], "every file fetched was served");
  const total = visit.reduce((sum, f) => sum + f.bytes, 0);
  const list = visit.map((f) => `${f.name} ${f.bytes}`).join(", ");
  console.log(`first visit, transferred: ${total} bytes (${list})`);
  assert.ok(visit.some((f) => f.name === "index.html"), "the landing page itself is counted");
  assert.equal(visit.filter((f) => f.name.endsWith(".wasm")).length, 1, `one wasm file, the app's: ${list}`);
  assert.ok(!visit.some((f) => f.name.startsWith("worker") || f.name.startsWith("solver_worker")), `no worker yet: ${list}`);
  assert.ok(total <= BUDGET_GZIPPED, `first visit ${total} bytes, budget ${BUDGET_GZIPPED}`);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 60000 });
  const names = finished.map((request) => new URL(request.url()).pathname.split("/").pop());
  assert.ok(names.some((name) => /^worker-simd-[0-9a-f]{16}_bg\.wasm$/.test(name)), "the first solve loads the worker (its SIMD build)");
  assert.deepEqual(errors, []);
  await page.close();
});

test("what a first visit really transfers: the page's own files, then the service worker's copy of the release", async () => {
  const server = testServer();
  server.sent();
  const pageFetched = new Set();
  const { page, errors } = await open("#/", undefined, async (page) => {
    page.on("requestfinished", (request) => pageFetched.add(new URL(request.url()).pathname.split("/").pop() || "index.html"));
  });
  await page.locator(".cards a[href=\"#/sliding\"]").click();
  await page.locator("svg.tiles").waitFor();
  // The service worker has stored the release: every file this browser will run offline.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const sent = server.sent();
  const sum = (files) => files.reduce((total, f) => total + f.bytes, 0);
  const stored = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("puzzlelab-release-"));
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname.split("/").pop() || "index.html");
  });
  const list = sent.map((f) => `${f.name} ${f.bytes}`).join(", ");
  // The page's own: the first response of each file it asked for (the install's copies come after).
  const own = sent.filter((f, i) => pageFetched.has(f.name) && sent.findIndex((g) => g.name === f.name) === i);
  console.log(`first visit: the page's own files ${sum(own)} bytes (headers aside); with its service worker's install ${sum(sent)} bytes in ${sent.length} responses (${list}); the release stored: ${stored.length} files`);
  for (const name of stored) assert.ok(sent.some((f) => f.name === name), `${name} was stored, so it was sent: ${list}`);
  // One worker build (this browser's) is stored, not both.
  assert.equal(stored.filter((name) => /^worker(-simd)?-[0-9a-f]{16}_bg\.wasm$/.test(name)).length, 1, stored.join(", "));
  assert.ok(stored.some((name) => name.startsWith("lessons-")), `the lessons bundle is stored: ${stored}`);
  assert.deepEqual(errors, []);
  await page.close();
});
