// An app a student can keep: the web app manifest's fields and icons as Chromium reads them,
// no installability error, and the installed app's start page offline.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG } from "pngjs";
import { open } from "./harness.mjs";

test("the manifest names the app, its start page, standalone display and its icons, and Chromium can install it", async () => {
  const { page, errors } = await open("#/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const client = await page.context().newCDPSession(page);
  const { url, errors: parseErrors, data } = await client.send("Page.getAppManifest");
  assert.match(url, /manifest\.webmanifest$/);
  assert.deepEqual(parseErrors, [], "the manifest parses");
  const manifest = JSON.parse(data);
  assert.equal(manifest.name, "Puzzle Lab");
  assert.ok(manifest.short_name.length <= 12, "a short name fits under an icon");
  assert.equal(manifest.display, "standalone");
  assert.equal(new URL(manifest.start_url, url).hash, "#/");
  assert.ok(manifest.theme_color && manifest.background_color);
  const sizes = {};
  for (const icon of manifest.icons) {
    const response = await page.request.get(new URL(icon.src, url).href);
    assert.equal(response.headers()["content-type"], "image/png", icon.src);
    const png = PNG.sync.read(await response.body());
    assert.equal(`${png.width}x${png.height}`, icon.sizes, `${icon.src} is as large as it says`);
    sizes[`${icon.purpose} ${icon.sizes}`] = true;
  }
  assert.ok(sizes["any 192x192"] && sizes["any 512x512"] && sizes["maskable 512x512"], JSON.stringify(sizes));
  // Two theme colours: the browser's bar follows the light and the dark theme.
  const themes = await page.locator("meta[name=theme-color]").evaluateAll((m) => m.map((e) => e.media));
  assert.deepEqual(themes, ["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);
  // The test's browser context is a private one, which no site can be installed from.
  const { installabilityErrors } = await client.send("Page.getInstallabilityErrors");
  const blocking = installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito");
  assert.deepEqual(blocking, [], "Chromium finds nothing in the app that stops an install");
  // The installed app starts offline: the start page comes from the service worker's copy.
  await page.context().setOffline(true);
  await page.goto(new URL(manifest.start_url, url).href);
  await page.locator(".cards a").first().waitFor();
  await page.context().setOffline(false);
  assert.deepEqual(errors, []);
  await page.close();
});
