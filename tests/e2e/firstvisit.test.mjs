// A first visit (the landing page, then a puzzle page) downloads the page and the app once;
// the solver follows as the puzzle page opens, never competing with the app's own bytes. What
// the page needs is measured as transferred (the test server compresses as a host would), on
// a clean profile with no service worker yet, against the budget of 426 KB gzipped
// (docs/architecture.md, "Bundle").
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, testServer } from "./harness.mjs";

const BUDGET_GZIPPED = 426_000;
const isSolver = (name) => name.startsWith("worker") || name.startsWith("solver_worker");

/** Each finished request as { name, bytes, status, start, end } (milliseconds since 1970). */
async function described(requests) {
  const files = [];
  for (const request of requests) {
    const name = new URL(request.url()).pathname.split("/").pop() || "index.html";
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    const { startTime, responseEnd } = request.timing();
    const status = (await request.response()).status();
    files.push({ name, bytes: responseBodySize + responseHeadersSize, status, start: startTime, end: startTime + responseEnd });
  }
  return files;
}

test("a first visit stays within its budget, and the solver follows the app without waiting for Solve", async () => {
  const finished = [];
  const { page, errors } = await open("#/", undefined, async (page) => {
    page.on("requestfinished", (request) => finished.push(request));
  }, { serviceWorkers: "block" });
  await page.locator(".cards a[href=\"#/sliding\"]").click();
  await page.locator("svg.tiles").waitFor();
  // Nobody presses Solve: the solver's files come all the same.
  const solverWasm = (request) => /\/worker-simd-[0-9a-f]{16}_bg\.wasm$/.test(request.url());
  for (let waited = 0; !finished.some(solverWasm); waited += 100) {
    assert.ok(waited < 30000, "the solver's wasm came within 30 s");
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500);
  const visit = await described(finished);
  assert.deepEqual(visit.filter((f) => f.status !== 200), [], "every file fetched was served");
  const own = visit.filter((f) => !isSolver(f.name));
  const total = own.reduce((sum, f) => sum + f.bytes, 0);
  const list = own.map((f) => `${f.name} ${f.bytes}`).join(", ");
  console.log(`first visit, the page's own files transferred: ${total} bytes (${list})`);
  assert.ok(own.some((f) => f.name === "index.html"), "the landing page itself is counted");
  assert.equal(own.filter((f) => f.name.endsWith(".wasm")).length, 1, `one wasm file besides the solver's, the app's: ${list}`);
  assert.ok(total <= BUDGET_GZIPPED, `first visit ${total} bytes, budget ${BUDGET_GZIPPED}`);
  const app = own.find((f) => /^app-[0-9a-f]{16}_bg\.wasm$/.test(f.name));
  const solver = visit.filter((f) => isSolver(f.name));
  assert.ok(solver.some((f) => /^worker-simd-[0-9a-f]{16}_bg\.wasm$/.test(f.name)), `the solver (its SIMD build) loads before any Solve: ${solver.map((f) => f.name)}`);
  for (const file of solver) assert.ok(file.start >= app.end, `${file.name} asked for only once the app had arrived`);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("where the browser is asked to save data, the solver waits for the first Solve", async () => {
  const finished = [];
  const { page, errors } = await open("#/sliding?size=3&seed=1&shuffle=30&algo=astar", undefined, async (page) => {
    await page.addInitScript(() => Object.defineProperty(navigator.connection, "saveData", { get: () => true }));
    page.on("requestfinished", (request) => finished.push(request));
  }, { serviceWorkers: "block" });
  await page.locator("svg.tiles").waitFor();
  await page.waitForTimeout(1500);
  const names = () => finished.map((request) => new URL(request.url()).pathname.split("/").pop());
  assert.deepEqual(names().filter(isSolver), [], "no solver file before Solve");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 60000 });
  assert.ok(names().some((name) => /^worker-simd-[0-9a-f]{16}_bg\.wasm$/.test(name)), "Solve loads the solver");
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
