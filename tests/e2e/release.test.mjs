// One release at a time. A page never uses a solver worker of another release: it says a new
// version is ready instead. And when a new release is deployed while a lesson runs, the page
// offers a reload (never forces one); the reload runs the new release, whose service worker
// then deletes the old release's files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { open, status, testServer, goToPuzzle } from "./harness.mjs";

const dist = new URL("../../dist/", import.meta.url).pathname;
const NEW_VERSION = "A new version of Puzzle Lab is ready.";

test("every file of the release is named by its content, and the service worker lists them all", () => {
  const files = readdirSync(dist).sort();
  const unnamed = files.filter((name) => !/-[0-9a-f]{15,16}(_bg)?\.(js|wasm|css|svg|png|html)$/.test(name));
  // The web app manifest too: an installed app is known by it.
  assert.deepEqual(unnamed, ["index.html", "manifest.webmanifest", "sw.js"],
    "only the page, the manifest and the service worker keep fixed names");
  const manifest = JSON.parse(readFileSync(join(dist, "manifest.webmanifest"), "utf8"));
  assert.ok(manifest.icons.every((icon) => files.includes(icon.src)), "the manifest names its release's icons");
  // A bundle per page, each listed in the page's starter (firstvisit.test.mjs checks them
  // against the landing page's cards).
  const pages = files.filter((name) => /^page-.*_bg\.wasm$/.test(name));
  const starter = JSON.parse(/^const PAGES = (.*);$/m.exec(readFileSync(join(dist, "index.html"), "utf8"))[1]);
  assert.deepEqual(Object.values(starter).map(([, wasm]) => wasm).sort(), pages, "the starter lists every page's bundle");
  // A solver worker per puzzle's page, each listed in the solver's loader.
  const workers = files.filter((name) => /^worker-page-.*_bg\.wasm$/.test(name));
  const loaderName = files.find((name) => /^solver_worker-[0-9a-f]{16}\.js$/.test(name));
  const loaderBuilds = JSON.parse(/^const PAGE_BUILDS = (.*);$/m.exec(readFileSync(join(dist, loaderName), "utf8"))[1]);
  assert.deepEqual(Object.values(loaderBuilds).map(([, wasm]) => wasm).sort(), workers, "the loader lists every page's worker");
  assert.deepEqual(Object.keys(loaderBuilds).sort(), Object.keys(starter).filter(Boolean).sort(), "a worker for each puzzle's page");
  assert.equal(files.filter((name) => name.endsWith(".wasm")).length - pages.length - workers.length, 4,
    `besides, the app with every page, the lessons and two worker builds with every puzzle: ${files}`);
  const listed = JSON.parse(/^const FILES = (.*);$/m.exec(readFileSync(join(dist, "sw.js"), "utf8"))[1]);
  // All of it but the teacher's guide's pictures, kept once the guide shows them.
  assert.deepEqual(listed.sort(), files.filter((name) => name !== "sw.js" && !/^guide-.*\.png$/.test(name)),
    "sw.js precaches the whole release");
  assert.ok(files.some((name) => /^teaching-[0-9a-f]{16}\.html$/.test(name)), "the teacher's guide is a page of the release");
  const page = readFileSync(join(dist, "index.html"), "utf8");
  // The release build's page is minified: `<meta content=FILE name=puzzlelab-worker>`.
  const loader = /<meta content="?([^" >]+)"? name="?puzzlelab-worker"?>/.exec(page)[1];
  assert.ok(files.includes(loader), `index.html names its release's worker loader: ${loader}`);
  const guide = /<meta content="?([^" >]+)"? name="?puzzlelab-guide"?>/.exec(page)[1];
  assert.ok(files.includes(guide), `index.html names its release's guide: ${guide}`);
  const lessons = /<meta content="?([^" >]+)"? name="?puzzlelab-lessons"?>/.exec(page)[1];
  assert.ok(files.includes(lessons), `index.html names its release's lessons loader: ${lessons}`);
  const bundle = /^var LESSONS = (.*);$/m.exec(readFileSync(join(dist, lessons), "utf8"))[1];
  assert.ok(JSON.parse(bundle).every((name) => files.includes(name)), `the loader names the lessons bundle: ${bundle}`);
  // The workers with every puzzle, and the release's id, as the loader and the page name them.
  const loaderText = readFileSync(join(dist, loaderName), "utf8");
  const builds = JSON.parse(/^const BUILDS = (.*);$/m.exec(loaderText)[1]);
  assert.ok(Object.values(builds).every(([script, wasm]) => files.includes(script) && files.includes(wasm)),
    `the loader names its workers: ${JSON.stringify(builds)}`);
  const release = /^const RELEASE = "([0-9a-f]{16})";$/m.exec(loaderText)[1];
  assert.match(page, new RegExp(`<meta content="?${release}"? name="?puzzlelab-release"?>`), "the page and its loader name one release");
  assert.match(readFileSync(join(dist, "sw.js"), "utf8"), new RegExp(`^const RELEASE = "${release}";$`, "m"));
});

test("the release's rewriting of a generated file fails the build, naming the file, when its marker is missing", () => {
  const folder = mkdtempSync(join(tmpdir(), "set-line-"));
  const script = new URL("../../scripts/set_line.sh", import.meta.url).pathname;
  const rewrite = (text) => {
    writeFileSync(join(folder, "sw.js"), text);
    return spawnSync("sh", ["-c", `. "${script}"; set_line sw.js "const FILES = " 'const FILES = ["a.js"];'`], { cwd: folder, encoding: "utf8" });
  };
  const done = rewrite("self.x = 1;\nconst FILES = [];\n");
  assert.equal(done.status, 0, done.stderr);
  assert.equal(readFileSync(join(folder, "sw.js"), "utf8"), 'self.x = 1;\nconst FILES = ["a.js"];\n');
  // A minifier's reflow: the marker no longer starts a line.
  const refused = rewrite("self.x = 1; const FILES = [];\n");
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /sw\.js has no line starting 'const FILES = '/);
  rmSync(folder, { recursive: true });
});

test("a worker of another release is refused, with a reload offered", async () => {
  // The worker's loader answers as another release's would (routed: no service worker here).
  const { page, errors } = await open("#/hanoi?discs=3", undefined, async (page) => {
    await page.route(/solver_worker-[0-9a-f]{16}\.js$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/^const RELEASE = .*$/m, 'const RELEASE = "0000000000000000";');
      await route.fulfill({ response, body });
    });
  }, { serviceWorkers: "block" });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: "a new version of Puzzle Lab is ready" }).waitFor({ timeout: 20000 });
  await page.getByText(NEW_VERSION).waitFor();
  assert.equal(await page.getByRole("button", { name: "Reload" }).count(), 1);
  assert.match(await status(page).innerText(), /.+/, "the page stays as it was");
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * A second build: the same files with another release id wherever the build step writes one
 * (the page, its solver's loader, the service worker), in a folder of its own.
 */
function secondRelease() {
  const second = mkdtempSync(join(tmpdir(), "puzzlelab-second-"));
  cpSync(dist, second, { recursive: true });
  const rewrite = (name, edit) => writeFileSync(join(second, name), edit(readFileSync(join(second, name), "utf8")));
  rewrite("sw.js", (text) => text.replace(/^const RELEASE = .*$/m, 'const RELEASE = "second";'));
  // Its solver's loader differs, so it has a name of its own, as content-named files do.
  const loader = readdirSync(second).find((name) => /^solver_worker-[0-9a-f]{16}\.js$/.test(name));
  const renamed = "solver_worker-0000000000000002.js";
  rewrite(loader, (text) => text.replace(/^const RELEASE = .*$/m, 'const RELEASE = "second";'));
  renameSync(join(second, loader), join(second, renamed));
  rewrite("sw.js", (text) => text.replaceAll(loader, renamed));
  rewrite("index.html", (text) => text.replaceAll(loader, renamed)
    .replace(/<meta content="?[0-9a-f]{16}"? name="?puzzlelab-release"?>/, "<meta content=second name=puzzlelab-release>"));
  assert.match(readFileSync(join(second, "index.html"), "utf8"), /content=second name=puzzlelab-release/);
  return second;
}

const releaseCaches = (page) => page.evaluate(async () =>
  (await caches.keys()).filter((name) => name.startsWith("puzzlelab-release-")).sort());

/** Opens `hash` on a page its service worker controls. */
async function openControlled(hash) {
  const opened = await open(hash);
  await opened.page.evaluate(() => navigator.serviceWorker.ready);
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return opened;
}

/**
 * Deploys `second`; `page`, in a lesson (the app with every page, so moving to another puzzle
 * does not reload), moves to the sliding tiles, is offered it, reloads into it and draws the board.
 */
async function takeTheNewRelease(page, second) {
  await page.evaluate(() => { window.stillTheSameApp = true; });
  testServer().setRoot(second);
  // Moving to another puzzle asks for news; the new release installs and waits.
  await goToPuzzle(page, "Sliding tiles");
  await page.getByText(NEW_VERSION).waitFor({ timeout: 20000 });
  assert.equal(await page.evaluate(() => window.stillTheSameApp), true, "no reload was forced");
  await page.getByRole("button", { name: "Reload" }).click();
  await page.waitForFunction(() => window.stillTheSameApp === undefined, null, { timeout: 20000 });
  await page.locator("svg.tiles").waitFor();
}

/** Waits until the only release the browser keeps is the second one. */
const onlyTheSecondKept = (page) => page.waitForFunction(async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("puzzlelab-release-"));
  return names.length === 1 && names[0] === "puzzlelab-release-second";
}, null, { timeout: 20000 });

/** A lesson, which runs the app with every page. */
const LESSON = "#/lesson?example=constraints";

test("a release deployed during a lesson is offered as a reload, and replaces the old one", async () => {
  const second = secondRelease();
  const server = testServer();
  try {
    const { page, errors } = await openControlled(LESSON);
    await page.locator(".lesson-count").waitFor({ timeout: 30000 });
    await takeTheNewRelease(page, second);
    await onlyTheSecondKept(page);
    assert.equal(await page.getByText(NEW_VERSION).count(), 0);
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    server.setRoot(dist);
    rmSync(second, { recursive: true, force: true });
  }
});

test("moving to another page's bundle takes a new release on the way, with no reload offered", async () => {
  const second = secondRelease();
  const server = testServer();
  try {
    const { page, errors } = await openControlled("#/hanoi?discs=3");
    server.setRoot(second);
    // The sliding page's bundle loads with the second release's page, still served by the
    // first release's worker; the second one installs, hears that the page runs it already
    // and takes over without a word.
    await goToPuzzle(page, "Sliding tiles");
    await page.locator("svg.tiles").waitFor();
    assert.equal(await page.locator("meta[name=puzzlelab-release]").getAttribute("content"), "second");
    await onlyTheSecondKept(page);
    assert.equal(await page.getByText(NEW_VERSION).count(), 0, "no reload offered for the release the page runs");
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    server.setRoot(dist);
    rmSync(second, { recursive: true, force: true });
  }
});

test("a window still running the old release keeps its files after another window takes the new one; saved tables survive", async () => {
  const second = secondRelease();
  const server = testServer();
  try {
    const { page, errors } = await openControlled(LESSON);
    await page.locator(".lesson-count").waitFor({ timeout: 30000 });
    const [first] = await releaseCaches(page);
    // A saved table (the store src/web/saved_tables.rs keeps pattern databases in).
    await page.evaluate(async () => (await caches.open("puzzlelab-tables-v2")).put("/probe", new Response("kept")));
    // A second window of the first release: a presenter's, say, which has not opened its lesson yet.
    const [other] = await Promise.all([
      page.waitForEvent("popup"),
      page.evaluate((url) => { window.open(url); }, `${server.url}#/jugs`),
    ]);
    const otherErrors = [];
    other.on("pageerror", (e) => otherErrors.push(e.message));
    await other.locator(".puzzle-page.jugs").waitFor();
    await other.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await takeTheNewRelease(page, second);
    // The new release serves both windows, and keeps the first one's files while it runs them.
    await page.waitForFunction(async () => (await caches.keys()).includes("puzzlelab-release-second"), null, { timeout: 20000 });
    assert.deepEqual(await releaseCaches(page), [first, "puzzlelab-release-second"].sort());
    // Offline, the old window moves to a lesson: it reloads into the app with every page of
    // the release that now serves it, from that release's store, and solves.
    await page.context().setOffline(true);
    await other.evaluate(() => { location.hash = "#/lesson?example=constraints"; });
    await other.locator(".lesson-count").filter({ hasText: "1 / 4" }).waitFor({ timeout: 30000 });
    await other.evaluate(() => { location.hash = "#/hanoi?discs=4&pegs=3"; });
    await other.getByRole("button", { name: "Solve", exact: true }).click();
    await status(other).filter({ hasText: "Solved" }).waitFor({ timeout: 30000 });
    await page.context().setOffline(false);
    assert.deepEqual(otherErrors, []);
    // Once no window runs the first release, the next page served lets it go; the tables stay.
    await other.close();
    await page.reload();
    await page.locator("svg.tiles").waitFor();
    await onlyTheSecondKept(page);
    const kept = await page.evaluate(async () => (await (await caches.open("puzzlelab-tables-v2")).match("/probe"))?.text());
    assert.equal(kept, "kept", "the saved tables survive a release change");
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    server.setRoot(dist);
    rmSync(second, { recursive: true, force: true });
  }
});
