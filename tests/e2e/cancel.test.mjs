// Cancel must stop the solver, not only free the page: a cancelled job that kept running
// would share the cores with the next one and slow it down. On this cross-origin isolated
// page the workers read a shared cancel flag, so the next job runs at once at full speed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

// The counts are restricted to some first-row columns (`first`), so each runs on one worker:
// a count shared between workers varies with how the browser schedules them.
const JOB = "#/queens?n=14&first=0-12";
const LONG = "#/queens?n=17&first=0-15";

test("after three cancelled long counts, the next count answers as fast as alone", async () => {
  const { page, errors } = await open(JOB);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "served with COOP and COEP");
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  const timeCount = async () => {
    const started = Date.now();
    await solve.click();
    await status(page).filter({ hasText: "353,704 solutions for n = 14" }).waitFor({ timeout: 30000 });
    return Date.now() - started;
  };
  // Every count is timed on a fresh page, so on a fresh worker (as after a cancel); the first
  // one warms the browser's caches.
  const fresh = async () => {
    await page.goto(page.url().replace(/#.*/, JOB));
    await status(page).filter({ hasText: "Place n queens" }).waitFor();
    return timeCount();
  };
  await fresh();
  const alone = await fresh();
  const latencies = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(page.url().replace(/#.*/, LONG));
    await solve.click();
    await page.locator(".live-counters").waitFor();
    await page.waitForTimeout(300);
    const started = Date.now();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await status(page).filter({ hasText: "Cancelled" }).waitFor();
    latencies.push(Date.now() - started);
  }
  const after = await fresh();
  console.log(`count alone ${alone} ms; right after three cancels ${after} ms; cancel → page free ${latencies} ms`);
  assert.ok(after <= alone * 1.3 + 100, `after cancels ${after} ms, alone ${alone} ms`);
  assert.ok(Math.max(...latencies) < 500, `cancel frees the page at once: ${latencies}`);
  assert.deepEqual(errors, []);
  await page.close();
});
