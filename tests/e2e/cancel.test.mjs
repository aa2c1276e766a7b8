// Cancel must stop the solver, not only free the page. Checked by behaviour, not by time:
// the worker running the cancelled job is terminated, nothing of that job reaches the page
// afterwards (no progress, no answer), and the next count is right. The times are printed
// (the machine is shared: they are no test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

// The counts are restricted to some first-row columns (`first`), so each runs on one worker.
const JOB = "#/queens?n=14&first=0-12";
const LONG = "#/queens?n=17&first=0-15";

// Records every worker the page starts: the progress it posts, whether the page terminated
// it, and any message delivered after that.
const WATCH_WORKERS = `
window.__workers = [];
const RealWorker = window.Worker;
window.Worker = class extends RealWorker {
  constructor(url, options) {
    super(url, options);
    const record = { progress: 0, terminated: false, afterTerminate: 0 };
    this.__record = record;
    window.__workers.push(record);
    this.addEventListener("message", (event) => {
      const text = String(Array.isArray(event.data) ? event.data[0] : event.data);
      if (record.terminated) record.afterTerminate++;
      if (text.startsWith('{"progress":')) record.progress++;
    });
  }
  terminate() {
    this.__record.terminated = true;
    super.terminate();
  }
};`;

test("a cancelled count's worker is terminated, nothing of it arrives afterwards, and the next count is right", async () => {
  const { page, errors } = await open(JOB, undefined, (page) => page.addInitScript(WATCH_WORKERS));
  await status(page).filter({ hasText: "Place n queens" }).waitFor();
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "served with COOP and COEP");
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  const count = async () => {
    const started = Date.now();
    await solve.click();
    await status(page).filter({ hasText: "353,704 solutions for n = 14" }).waitFor({ timeout: 60000 });
    return Date.now() - started;
  };
  const alone = await count();
  const latencies = [];
  for (let round = 1; round <= 3; round++) {
    await page.goto(page.url().replace(/#.*/, LONG));
    await solve.click();
    await page.locator(".live-counters").waitFor();
    await page.waitForTimeout(300);
    const running = await page.evaluate(() => window.__workers.findIndex((w) => w.progress > 0 && !w.terminated));
    assert.ok(running >= 0, `round ${round}: a worker is counting`);
    const started = Date.now();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await status(page).filter({ hasText: "Cancelled" }).waitFor();
    latencies.push(Date.now() - started);
    const shown = await status(page).innerText();
    // Six progress intervals: a job still reporting would have been seen by now.
    await page.waitForTimeout(300);
    const workers = await page.evaluate(() => window.__workers);
    assert.equal(workers[running].terminated, true, `round ${round}: the counting worker is gone`);
    assert.deepEqual(workers.map((w) => w.afterTerminate), workers.map(() => 0), "nothing after terminate");
    assert.equal(await status(page).innerText(), shown, `round ${round}: the page shows nothing more of it`);
    assert.equal(await page.locator(".live-counters").count(), 0, "no live counters after Cancel");
  }
  await page.goto(page.url().replace(/#.*/, JOB));
  const after = await count();
  console.log(`count alone ${alone} ms; right after three cancels ${after} ms; cancel → page free ${latencies} ms`);
  assert.deepEqual(errors, []);
  await page.close();
});
