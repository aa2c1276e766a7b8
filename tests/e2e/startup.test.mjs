// A solver whose files cannot be loaded (a broken connection, a missing file, files of another
// release) must not leave the page waiting: the job fails with a message that says so and how
// to retry, the page stays usable, and Solve then starts a fresh worker that answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

/** Every build of the solver: with every puzzle (with SIMD or without), and each page's own. */
const WORKER_WASM = /\/worker(-simd|-page-[a-z0-9-]+)?-[0-9a-f]{16}_bg\.wasm$/;

test("a solver that cannot load is reported with a way to retry, and the retry solves", async () => {
  // No service worker: it would answer from its cache what the route below withholds.
  // The page starts its solver as it opens: the solver's wasm is withheld from the start.
  const { page, errors } = await open("#/hanoi?discs=3", undefined, async (page) => {
    await page.context().route(WORKER_WASM, (route) => route.fulfill({ status: 404, body: "not here" }));
  }, { serviceWorkers: "block" });
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  await solve.click();
  await page.getByRole("alert").filter({ hasText: "the solver could not start" }).waitFor({ timeout: 20000 });
  assert.match(await page.getByRole("alert").innerText(), /press Solve to try again/);
  await solve.and(page.locator(":enabled")).waitFor();
  await page.context().unroute(WORKER_WASM);
  await solve.click();
  await status(page).filter({ hasText: "Solved: 7 moves" }).waitFor({ timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Solve pressed while a generated puzzle is still being made solves it once it comes", async () => {
  // The solver's files come slowly, as on a phone's first visit: the puzzle is not made yet.
  const { page, errors } = await open("#/sudoku?clues=30&seed=5", undefined, async (page) => {
    await page.context().route(WORKER_WASM, async (route) => {
      await new Promise((done) => setTimeout(done, 2000));
      await route.continue();
    });
  }, { serviceWorkers: "block" });
  await status(page).filter({ hasText: "Making puzzle 5" }).waitFor();
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 30000 });
  assert.match(await status(page).innerText(), /the only solution/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page whose own solver cannot load (offline before it was stored) is solved by the one with every puzzle", async () => {
  const asked = [];
  const { page, errors } = await open("#/hanoi?discs=3", undefined, async (page) => {
    await page.context().route(/\/worker-page-[a-z0-9-]+-[0-9a-f]{16}_bg\.wasm$/, (route) => route.abort("internetdisconnected"));
    page.context().on("request", (request) => asked.push(new URL(request.url()).pathname.split("/").pop()));
  }, { serviceWorkers: "block" });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 7 moves" }).waitFor({ timeout: 30000 });
  const wasm = asked.filter((name) => name.startsWith("worker") && name.endsWith(".wasm")).map((name) => name.replace(/-[0-9a-f]{16}_bg/, ""));
  assert.deepEqual(wasm, ["worker-page-hanoi.wasm", "worker-simd.wasm"], "its own first, then the one with every puzzle");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page whose own solver arrives but does not compile is solved by the one with every puzzle", async () => {
  const asked = [];
  const { page, errors } = await open("#/hanoi?discs=3", undefined, async (page) => {
    // Served, but not WebAssembly: the loader's fetch succeeds and the compilation fails.
    await page.context().route(/\/worker-page-[a-z0-9-]+-[0-9a-f]{16}_bg\.wasm$/, (route) =>
      route.fulfill({ status: 200, contentType: "application/wasm", body: "not wasm at all" }));
    page.context().on("request", (request) => asked.push(new URL(request.url()).pathname.split("/").pop()));
  }, { serviceWorkers: "block" });
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  // A Solve pressed before or after the page's own worker failed: either way it is solved,
  // by the worker with every puzzle (once asked, at most after one "try again").
  for (let tries = 0; tries < 2; tries++) {
    await solve.click();
    const answer = await Promise.race([
      status(page).filter({ hasText: "Solved: 7 moves" }).waitFor({ timeout: 30000 }).then(() => "solved"),
      page.getByRole("alert").filter({ hasText: "press Solve to try again" }).waitFor({ timeout: 30000 }).then(() => "again"),
    ]);
    if (answer === "solved") break;
  }
  await status(page).filter({ hasText: "Solved: 7 moves" }).waitFor({ timeout: 30000 });
  const wasm = asked.filter((name) => name.startsWith("worker") && name.endsWith(".wasm")).map((name) => name.replace(/-[0-9a-f]{16}_bg/, ""));
  assert.deepEqual(wasm, ["worker-page-hanoi.wasm", "worker-simd.wasm"], "its own first, then the one with every puzzle");
  assert.deepEqual(errors, []);
  await page.close();
});

test("an app that cannot start says so on its loading line, instead of loading for ever", async () => {
  const { page } = await open("#/hanoi?discs=3", undefined, async () => {}, { serviceWorkers: "block" });
  // Every app bundle, the page's own and the one with every page, served as garbage.
  await page.context().route(/\/(page-[a-z0-9-]+|app)-[0-9a-f]{15,16}_bg\.wasm$/, (route) =>
    route.fulfill({ status: 200, contentType: "application/wasm", body: "not wasm at all" }));
  await page.reload();
  await page.locator("#loading").filter({ hasText: /Puzzle Lab could not start .*reload the page/ }).waitFor({ timeout: 20000 });
  await page.close();
});
