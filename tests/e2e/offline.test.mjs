// Offline for real: a visit to the landing page alone installs the service worker, which stores
// the whole release (app, style, the worker build this browser uses, its loader). Then, with the
// network off, the app reloads and every puzzle opens and solves, the 15-puzzle too (its
// pattern databases built by workers loaded from the cache).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, QUICK } from "./harness.mjs";

const FIFTEEN = "#/sliding?size=4&tiles=5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12&algo=pdb";

test("after visiting only the landing page, every puzzle opens and solves offline", async () => {
  const { page, errors } = await open("#/");
  // The service worker is active only once its install has stored every file.
  await page.evaluate(() => navigator.serviceWorker.ready);
  const names = await page.locator(".cards a").evaluateAll((links) => links.map((a) => a.getAttribute("href").slice(2)));
  await page.context().setOffline(true);
  await page.reload();
  await page.locator(".cards").waitFor();
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "the cached page is still isolated");

  const solve = page.getByRole("button", { name: "Solve", exact: true });
  for (const name of names) {
    await page.evaluate((hash) => { location.hash = hash; }, `#/${name}${QUICK[name] ?? ""}`);
    await page.locator(`.puzzle-page.${name}`).waitFor();
    await solve.click();
    await solve.and(page.locator(":enabled")).waitFor({ timeout: 60000 });
    const alerts = await page.locator("[role=alert]:not(.empty)").allInnerTexts();
    assert.deepEqual(alerts.filter((text) => text.trim()), [], `${name} solves offline`);
  }
  await page.evaluate((hash) => { location.hash = hash; }, "#/hanoi?discs=4");
  await solve.click();
  await status(page).filter({ hasText: "Solved: 15 moves" }).waitFor({ timeout: 20000 });

  await page.evaluate((hash) => { location.hash = hash; }, FIFTEEN);
  await page.locator("svg.tiles").waitFor();
  await solve.click();
  await status(page).filter({ hasText: "Solved: 9 moves" }).waitFor({ timeout: 120000 });
  assert.deepEqual(errors, []);
  await page.context().setOffline(false);
  await page.close();
});
