// One release at a time. A page never uses a solver worker of another release: it says a new
// version is ready instead. And when a new release is deployed while a lesson runs, the page
// offers a reload (never forces one); the reload runs the new release, whose service worker
// then deletes the old release's files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open, status, testServer, goToPuzzle } from "./harness.mjs";

const dist = new URL("../../dist/", import.meta.url).pathname;
const NEW_VERSION = "A new version of Puzzle Lab is ready.";

test("every file of the release is named by its content, and the service worker lists them all", () => {
  const files = readdirSync(dist).sort();
  const unnamed = files.filter((name) => !/-[0-9a-f]{15,16}(_bg)?\.(js|wasm|css|svg)$/.test(name));
  assert.deepEqual(unnamed, ["index.html", "sw.js"], "only the page and the service worker keep fixed names");
  assert.equal(files.filter((name) => name.endsWith(".wasm")).length, 4, `the app, the lessons and two worker builds: ${files}`);
  const listed = JSON.parse(/^const FILES = (.*);$/m.exec(readFileSync(join(dist, "sw.js"), "utf8"))[1]);
  assert.deepEqual(listed.sort(), files.filter((name) => name !== "sw.js"), "sw.js precaches the whole release");
  const page = readFileSync(join(dist, "index.html"), "utf8");
  // The release build's page is minified: `<meta content=FILE name=puzzlelab-worker>`.
  const loader = /<meta content="?([^" >]+)"? name="?puzzlelab-worker"?>/.exec(page)[1];
  assert.ok(files.includes(loader), `index.html names its release's worker loader: ${loader}`);
  const lessons = /<meta content="?([^" >]+)"? name="?puzzlelab-lessons"?>/.exec(page)[1];
  assert.ok(files.includes(lessons), `index.html names its release's lessons loader: ${lessons}`);
  const bundle = /^const LESSONS = (.*);$/m.exec(readFileSync(join(dist, lessons), "utf8"))[1];
  assert.ok(JSON.parse(bundle).every((name) => files.includes(name)), `the loader names the lessons bundle: ${bundle}`);
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

test("a release deployed during a lesson is offered as a reload, and replaces the old one", async () => {
  // The second build: the same files with another release id (what the build step writes).
  const second = mkdtempSync(join(tmpdir(), "puzzlelab-second-"));
  cpSync(dist, second, { recursive: true });
  const sw = readFileSync(join(second, "sw.js"), "utf8");
  writeFileSync(join(second, "sw.js"), sw.replace(/^const RELEASE = .*$/m, 'const RELEASE = "second";'));
  const server = testServer();
  try {
    const { page, errors } = await open("#/hanoi?discs=3");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.evaluate(() => { window.stillTheSameApp = true; });
    server.setRoot(second);
    // Moving to another puzzle asks for news; the new release installs and waits.
    await goToPuzzle(page, "Sliding tiles");
    await page.getByText(NEW_VERSION).waitFor({ timeout: 20000 });
    assert.equal(await page.evaluate(() => window.stillTheSameApp), true, "no reload was forced");
    await page.getByRole("button", { name: "Reload" }).click();
    await page.waitForFunction(() => window.stillTheSameApp === undefined, null, { timeout: 20000 });
    await page.locator("svg.tiles").waitFor();
    await page.waitForFunction(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith("puzzlelab-release-"));
      return names.length === 1 && names[0] === "puzzlelab-release-second";
    }, null, { timeout: 20000 });
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
