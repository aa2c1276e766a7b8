// A first visit downloads the page (with the app's starter inline), its own bundle (the app
// with that page alone: the landing page's has none) and the style; the solver follows as a puzzle page opens, never competing
// with the page's own bytes. What the page needs is measured as transferred (the test server
// compresses as a host would), on a clean profile with no service worker yet, against the
// budgets of docs/architecture.md ("Bundle"): a page's other puzzles are not in it, so a new
// puzzle adds only its line in the menu and its card.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { open, status, testServer } from "./harness.mjs";

/** A puzzle page opened by a shared link: its page, style, starter and own bundle, gzipped. */
const PAGE_BUDGET = 255_000;
/** The landing page: the same, with a bundle holding no puzzle's page. (109,653 bytes on
 * 2026-11-29, fourth session, after a dialog's focus kept among its controls and the other
 * answers of every hand: docs/architecture.md, "Bundle".) */
const LANDING_BUDGET = 110_500;
/** Any page's own bundle's wasm, gzipped. (The largest is Bayes's: 245,754 bytes on
 * 2026-11-29, fifth session, after a chart's curves in words, a comparison row's hint, tables
 * being built said once and a moved piece followed by the focus: docs/architecture.md, "Bundle".) */
const BUNDLE_BUDGET = 246_500;
const isSolver = (name) => name.startsWith("worker") || name.startsWith("solver_worker");
const dist = new URL("../../dist/", import.meta.url);

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

/** The page's own files of a visit (the solver's aside), their total and a list for messages. */
function own(visit) {
  const files = visit.filter((f) => !isSolver(f.name));
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  return { files, total, list: files.map((f) => `${f.name} ${f.bytes}`).join(", ") };
}

test("a shared link's first visit downloads its own page's bundle within budget, then the solver without waiting for Solve", async () => {
  const finished = [];
  testServer().sent();
  const { page, errors } = await open("#/sliding?size=3&shuffle=20&seed=3", undefined, async (page) => {
    page.on("requestfinished", (request) => finished.push(request));
  }, { serviceWorkers: "block" });
  await page.locator("svg.tiles").waitFor();
  // Nobody presses Solve: the solver's files come all the same.
  const solverWasm = (request) => /\/worker-page-sliding-[0-9a-f]{16}_bg\.wasm$/.test(request.url());
  for (let waited = 0; !finished.some(solverWasm); waited += 100) {
    assert.ok(waited < 30000, "the solver's wasm came within 30 s");
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500);
  const visit = await described(finished);
  assert.deepEqual(visit.filter((f) => f.status !== 200), [], "every file fetched was served");
  const { files, total, list } = own(visit);
  console.log(`first visit to a sliding puzzle's link, the page's own files transferred: ${total} bytes (${list})`);
  assert.ok(files.some((f) => f.name === "index.html"), "the page itself is counted");
  const wasm = files.filter((f) => f.name.endsWith(".wasm"));
  assert.deepEqual(wasm.map((f) => f.name.replace(/-[0-9a-f]{16}_bg/, "")), ["page-sliding.wasm"], `the sliding page's own bundle and no other: ${list}`);
  assert.ok(total <= PAGE_BUDGET, `first visit ${total} bytes, budget ${PAGE_BUDGET}`);
  const solver = visit.filter((f) => isSolver(f.name));
  const solverFiles = solver.filter((f) => f.name.endsWith(".wasm")).map((f) => f.name.replace(/-[0-9a-f]{16}_bg/, ""));
  assert.deepEqual(solverFiles, ["worker-page-sliding.wasm"], "the page's own solver (SIMD, the sliding puzzle's solvers alone) loads before any Solve");
  // In the server's order (the browser's timings of two requests can swap by a few ms when
  // its body arrives before the request is marked finished): the solver is asked for after the
  // last byte of the app's bundle went out.
  const served = testServer().sent();
  const appSent = served.find((r) => /^page-sliding-[0-9a-f]{16}_bg\.wasm$/.test(r.name)).done;
  for (const file of served.filter((r) => isSolver(r.name))) {
    assert.ok(file.asked > appSent, `${file.name} asked for only once the app had arrived`);
  }
  assert.ok(served.some((r) => isSolver(r.name)), "the server sent the solver");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the landing page downloads a bundle with no puzzle's page, and every card opens its puzzle's own bundle", async () => {
  const finished = [];
  const { page, errors } = await open("#/", undefined, async (page) => {
    page.on("requestfinished", (request) => finished.push(request));
  }, { serviceWorkers: "block" });
  await page.locator(".cards").waitFor();
  await page.waitForTimeout(300);
  const { files, total, list } = own(await described(finished));
  console.log(`first visit to the landing page, its own files transferred: ${total} bytes (${list})`);
  assert.deepEqual(files.filter((f) => f.name.endsWith(".wasm")).map((f) => f.name.replace(/-[0-9a-f]{16}_bg/, "")), ["page-home.wasm"], list);
  assert.ok(total <= LANDING_BUDGET, `the landing page ${total} bytes, budget ${LANDING_BUDGET}`);

  // Each card's puzzle has its bundle in the starter's list, within the budget of one.
  const cards = await page.locator(".cards a").evaluateAll((links) => links.map((a) => a.getAttribute("href").slice(2)));
  const pages = JSON.parse(readFileSync(new URL("index.html", dist), "utf8").match(/^const PAGES = (.*);$/m)[1]);
  assert.deepEqual(Object.keys(pages).sort(), ["", ...cards].sort(), "a bundle for the landing page and each puzzle's");
  for (const [name, [script, wasm]] of Object.entries(pages)) {
    const bytes = gzipSync(readFileSync(new URL(wasm, dist)), { level: 9 }).length;
    assert.ok(bytes <= BUNDLE_BUDGET, `${name || "landing"}'s bundle ${bytes} bytes gzipped, budget ${BUNDLE_BUDGET}`);
    assert.ok(readFileSync(new URL(script, dist)).length > 0, script);
  }
  const sizes = Object.entries(pages).map(([name, [, wasm]]) => `${name || "landing"} ${gzipSync(readFileSync(new URL(wasm, dist)), { level: 9 }).length}`);
  console.log(`each page's own bundle, gzipped: ${sizes.join(", ")}`);

  await page.locator(".cards a[href=\"#/hanoi\"]").click();
  await page.locator("svg.towers").waitFor();
  const names = finished.map((request) => new URL(request.url()).pathname.split("/").pop());
  assert.ok(names.some((name) => /^page-hanoi-[0-9a-f]{16}_bg\.wasm$/.test(name)), "the card opened Hanoi's own bundle");
  assert.ok(!names.some((name) => /^app-[0-9a-f]{15,16}_bg\.wasm$/.test(name)), "never the app with every page");
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
  assert.ok(names().some((name) => /^worker-page-sliding-[0-9a-f]{16}_bg\.wasm$/.test(name)), "Solve loads the page's solver");
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
  // One worker build with every puzzle (this browser's) is stored, not both, and no page's own.
  assert.equal(stored.filter((name) => /^worker(-simd)?-[0-9a-f]{16}_bg\.wasm$/.test(name)).length, 1, stored.join(", "));
  assert.deepEqual(stored.filter((name) => name.startsWith("worker-page-")), [], "no page's own worker is stored at install");
  assert.ok(stored.some((name) => name.startsWith("lessons-")), `the lessons bundle is stored: ${stored}`);
  // Offline, the app with every page opens any page; the pages' own bundles are not stored at install.
  // (Trunk writes its files' hashes without leading zeros: 15 or 16 digits.)
  assert.ok(stored.some((name) => /^app-[0-9a-f]{15,16}_bg\.wasm$/.test(name)), `the app with every page is stored: ${stored}`);
  assert.deepEqual(stored.filter((name) => name.startsWith("page-")), [], "no page's own bundle is stored at install");
  assert.deepEqual(errors, []);
  await page.close();
});
