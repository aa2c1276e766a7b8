// Every link the README shows still opens as it says: each is opened in the app (moving
// between pages without reloading) and the address the page writes back is the link's
// canonical form as the native CLI reads it (`puzzlelab link`); a link the README gives as a
// bad example gets an alert naming its problem.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { open, hash } from "./harness.mjs";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const cli = new URL("../../target/debug/puzzlelab", import.meta.url).pathname;

/** `{ link }` or `{ error }`, as the CLI reads `link`. */
function canonical(link) {
  try {
    return JSON.parse(execFileSync(cli, ["link", link]).toString());
  } catch (failed) {
    return JSON.parse(failed.stdout.toString());
  }
}

test("every link in the README opens in the app as its canonical form", async () => {
  // Links in code spans and quoted in commands; placeholders ("…") are not links.
  const links = [...new Set([...readme.matchAll(/['`"](#\/[a-z][a-z0-9-]*(?:\?[^'`"\s]*)?)['`"]/g)]
    .map((m) => m[1]).filter((link) => !link.includes("…")))];
  assert.ok(links.length >= 30, `the README's links: ${links.length}`);
  const { page, errors } = await open("#/");
  let opened = 0;
  for (const link of links) {
    const expected = canonical(link);
    if (expected.error?.startsWith("link: unknown puzzle")) continue; // the README's toy puzzle
    await page.evaluate((link) => { location.hash = link; }, link);
    if (expected.error) {
      await page.locator("[role=alert]:not(.empty)").filter({ hasText: /\S/ }).first().waitFor();
    } else {
      await page.waitForFunction((want) => decodeURIComponent(location.hash) === decodeURIComponent(want),
        expected.link, { timeout: 5000 }).catch(() => {});
      assert.equal(hash(page), decodeURIComponent(expected.link), `${link} opens as its canonical form`);
    }
    opened++;
  }
  assert.ok(opened >= 30, `opened ${opened} links`);
  assert.deepEqual(errors, []);
  await page.close();
});
