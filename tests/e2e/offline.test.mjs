// The app works offline after a first visit: the service worker serves the page, the app and
// the solver worker from its cache, and solving still works.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

test("after one visit the app opens and solves offline", async () => {
  const { page, errors } = await open("#/hanoi?discs=3&pegs=3&algo=optimal");
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first load ran before the worker took control; this visit fills its cache.
  await page.reload();
  await page.locator("main").waitFor();
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 7 moves" }).waitFor();
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);

  await page.context().setOffline(true);
  await page.goto(page.url().replace("discs=3", "discs=4"));
  await page.reload();
  await page.locator("svg.towers").waitFor();
  assert.equal(await page.locator(".disc").count(), 4);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 15 moves" }).waitFor({ timeout: 10000 });
  assert.deepEqual(errors, []);
  await page.context().setOffline(false);
  await page.close();
});
