// A first visit (the landing page, then a puzzle page) downloads that page's bundle but not
// the solver: the worker starts with the first solve. What it downloads is measured gzipped
// (as a server would send it) against the budget of 250 KB, which holds whatever the number
// of puzzles: the landing page is plain HTML and each page is its own bundle (README,
// "Bundle"). No other page's bundle is fetched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { open, status } from "./harness.mjs";

const BUDGET_GZIPPED = 250_000;

test("the solver worker is downloaded on the first solve, not before", async () => {
  // Every response of the visit is recorded from the first request on, in a fresh browser
  // context: nothing cached, no service worker installed yet. Each file fetched is measured
  // from dist/, which the test server sends as it is: a response's body cannot be read back
  // once its page has navigated on, and a file left unmeasured would count as nothing.
  const fetched = [];
  const record = (page) => page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    fetched.push({ name: path.split("/").pop(), path, status: response.status() });
  });
  const { page, errors } = await open("#/", undefined, async (page) => record(page));
  await page.locator(".cards a[href=\"#/sliding\"]").click();
  await page.locator("svg.tiles").waitFor();
  await page.waitForTimeout(500);
  assert.deepEqual(fetched.filter((f) => f.status !== 200), [], "every file fetched was served");
  for (const file of fetched) {
    const body = readFileSync(new URL(`../../dist${file.path.endsWith("/") ? `${file.path}index.html` : file.path}`, import.meta.url));
    file.gzipped = gzipSync(body, { level: 9 }).length;
  }
  assert.ok(fetched.some((f) => f.name === "" || f.name === "index.html"), "the landing page itself is counted");
  const visit = fetched.map((f) => `${f.name || "index.html"} ${f.gzipped}`);
  const total = fetched.reduce((sum, f) => sum + f.gzipped, 0);
  console.log(`first visit, gzipped: ${total} bytes (${visit.join(", ")})`);
  assert.ok(!fetched.some((f) => f.name.startsWith("worker")), `no worker yet: ${visit}`);
  const bundles = fetched.filter((f) => f.name.startsWith("page-") && f.name.endsWith(".wasm"));
  assert.deepEqual(bundles.map((f) => f.name), ["page-sliding_bg.wasm"], "only the page's own bundle");
  assert.ok(total <= BUDGET_GZIPPED, `first visit ${total} bytes gzipped, budget ${BUDGET_GZIPPED}`);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 60000 });
  assert.ok(fetched.some((f) => f.name === "worker-simd_bg.wasm"), "the first solve loads the worker (its SIMD build)");
  assert.deepEqual(errors, []);
  await page.close();
});
