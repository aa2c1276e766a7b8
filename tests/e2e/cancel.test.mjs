// Cancel must stop the solver, not only free the page: a cancelled job that kept running
// would share the cores with the next one and slow it down. On this cross-origin isolated
// page the workers read a shared cancel flag, so the next job runs at once at full speed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

test("after three cancelled long counts, the next count answers as fast as alone", async () => {
  const { page, errors } = await open("#/queens?n=14");
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "served with COOP and COEP");
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  const n = page.getByRole("combobox", { name: "n" });
  const timeCount = async () => {
    const started = Date.now();
    await solve.click();
    await status(page).filter({ hasText: "365,596 solutions for n = 14" }).waitFor({ timeout: 30000 });
    return Date.now() - started;
  };
  await timeCount();
  const alone = await timeCount();
  const latencies = [];
  for (let i = 0; i < 3; i++) {
    await n.selectOption("17");
    await solve.click();
    await page.locator(".live-counters").waitFor();
    await page.waitForTimeout(300);
    const started = Date.now();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await status(page).filter({ hasText: "Cancelled" }).waitFor();
    latencies.push(Date.now() - started);
  }
  await n.selectOption("14");
  const after = await timeCount();
  console.log(`count alone ${alone} ms; right after three cancels ${after} ms; cancel → page free ${latencies} ms`);
  assert.ok(after <= alone * 1.3 + 100, `after cancels ${after} ms, alone ${alone} ms`);
  assert.ok(Math.max(...latencies) < 500, `cancel frees the page at once: ${latencies}`);
  assert.deepEqual(errors, []);
  await page.close();
});
