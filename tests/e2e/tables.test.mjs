// Pattern databases survive a reload: the first 15-puzzle solve has them built (by two helper
// workers of the solver worker, or by the solver worker itself where a worker cannot start
// workers) and the browser keeps them, so after a reload the first solve uses them at once; a
// control in the page forgets them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, solveInWorker, goToPuzzle, HARNESS } from "./harness.mjs";

const FIFTEEN = "#/sliding?size=4&tiles=5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12&algo=pdb";
const STORE = "puzzlelab-tables-v2";

/** How many tables the page's store holds (0 when there is no store). */
const savedTables = (page) => page.evaluate(async (store) =>
  (await caches.has(store)) ? (await (await caches.open(store)).keys()).length : 0, STORE);

/** Polls `condition` (an async function) until it holds, for at most `ms`. */
async function eventually(condition, ms = 10000) {
  for (const deadline = Date.now() + ms; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`still not so after ${ms} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("pattern databases are built once, kept across a reload, and can be forgotten", async () => {
  const { page, errors } = await open(FIFTEEN);
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  const building = Date.now();
  await solve.click();
  // Two helper workers build the tables' halves at once; the page sees one progress bar.
  await page.getByRole("progressbar", { name: "Building pattern databases in two workers" })
    .waitFor({ timeout: 20000 });
  // A screen reader hears once that tables are being built (the percentage changes unsaid).
  const heard = page.locator(".running [aria-live=polite]");
  assert.equal(await heard.textContent(), "Building pattern databases in two workers first, once per session…");
  await status(page).filter({ hasText: /Solved: 9 moves.*includes .* building the pattern databases, once per session/ })
    .waitFor({ timeout: 60000 });
  console.log(`first 15-puzzle solve, tables built: ${Date.now() - building} ms`);
  await page.getByRole("button", { name: "Forget saved tables" }).waitFor();
  await eventually(async () => (await savedTables(page)) > 0);

  // Another puzzle's page in the same browser neither reads the saved tables nor speaks of them.
  await page.addInitScript(() => {
    window.__tablesRead = 0;
    const openStore = CacheStorage.prototype.open;
    CacheStorage.prototype.open = function (name) {
      if (name.startsWith("puzzlelab-tables")) window.__tablesRead++;
      return openStore.call(this, name);
    };
  });
  const fifteen = page.url();
  await page.goto(fifteen.replace(/#.*/, "#/hanoi?discs=3"));
  await page.locator(".puzzle-page.hanoi").waitFor(); // its own bundle, loaded with the probe
  await solve.click();
  await status(page).filter({ hasText: "Solved: 7 moves" }).waitFor({ timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__tablesRead), 0, "Hanoi's page does not open the tables' store");
  assert.equal(await page.getByRole("button", { name: "Forget saved tables" }).count(), 0);
  await page.goto(fifteen);
  await page.locator(".puzzle-page.sliding").waitFor();
  await eventually(() => page.evaluate(() => window.__tablesRead > 0)); // the probe sees the sliding page's read
  // Back on the sliding page after another (each page its own bundle), the tables are read
  // from the store again, not built.
  await goToPuzzle(page, "Towers of Hanoi");
  await page.locator(".puzzle-page.hanoi").waitFor();
  await page.goBack();
  await page.getByRole("button", { name: "Forget saved tables" }).waitFor();
  await eventually(() => page.evaluate(() => window.__tablesRead > 0));

  await page.reload();
  await page.getByRole("button", { name: "Forget saved tables" }).waitFor();
  const started = Date.now();
  await solve.click();
  await status(page).filter({ hasText: "Solved: 9 moves" }).waitFor({ timeout: 60000 });
  const firstSolveMs = Date.now() - started;
  console.log(`first 15-puzzle solve after a reload: ${firstSolveMs} ms`);
  assert.doesNotMatch(await status(page).innerText(), /building/, "the saved tables were used");
  // Solve pressed as soon as the board is drawn, before the saved tables are read: the solve
  // waits for them rather than building them again.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await page.locator(".puzzle-page.sliding .board").waitFor();
    await solve.click();
    await status(page).filter({ hasText: "Solved: 9 moves" }).waitFor({ timeout: 60000 });
    assert.doesNotMatch(await status(page).innerText(), /building/, "a solve pressed at once waits for the saved tables");
  }

  await page.getByRole("button", { name: "Forget saved tables" }).click();
  await status(page).filter({ hasText: "Forgot" }).waitFor();
  await eventually(async () => (await savedTables(page)) === 0);
  assert.equal(await page.getByRole("button", { name: "Forget saved tables" }).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("cancelling while two helper workers build the tables stops them, and the next solve builds again", async () => {
  const { page, errors } = await open(FIFTEEN);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.getByRole("progressbar", { name: "Building pattern databases in two workers" })
    .waitFor({ timeout: 20000 });
  // The solver worker and its two helpers (the second starts a moment after the first).
  await eventually(async () => page.workers().length === 3);
  await page.getByRole("button", { name: "Cancel" }).click();
  await status(page).filter({ hasText: "Cancelled" }).waitFor();
  // A busy worker stops about a second after it is terminated; only the fresh one remains.
  await eventually(async () => page.workers().length === 1);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.getByRole("progressbar", { name: "Building pattern databases in two workers" })
    .waitFor({ timeout: 20000 });
  await status(page).filter({ hasText: /Solved: 9 moves.*building the pattern databases, once per session/ })
    .waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a worker that cannot start workers builds the tables itself", async () => {
  const { page, errors } = await open("#/", undefined, async () => {}, HARNESS);
  const report = await solveInWorker(page, FIFTEEN, "delete self.Worker;");
  assert.equal(report.length, 9);
  assert.match(report.message, /includes .* building the pattern databases, once per session/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a helper worker that never loads is given up on, and the solver worker builds its half", async () => {
  const { page, errors } = await open("#/", undefined, async () => {}, HARNESS);
  // Helpers that never answer, as when their code cannot be fetched.
  const silentHelpers = `const RealWorker = self.Worker;
self.Worker = function () { return new RealWorker(URL.createObjectURL(new Blob([""], { type: "text/javascript" }))); };`;
  const report = await solveInWorker(page, FIFTEEN, silentHelpers);
  assert.equal(report.length, 9);
  assert.match(report.message, /includes .* building the pattern databases, once per session/);
  console.log(`silent helpers: answered after ${report.elapsed_ms.toFixed(0)} ms (the helpers' loading deadline is 8 s)`);
  assert.deepEqual(errors, []);
  await page.close();
});
