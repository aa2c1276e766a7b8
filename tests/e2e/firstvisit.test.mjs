// A first visit (the landing page, then a puzzle page) downloads the app but not the solver:
// the worker starts with the first solve. Prints what the visit transferred.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

test("the solver worker is downloaded on the first solve, not before", async () => {
  const { page, errors } = await open("#/");
  const fetched = [];
  page.on("response", async (response) => {
    const body = await response.body().catch(() => Buffer.alloc(0));
    fetched.push({ name: new URL(response.url()).pathname.split("/").pop(), bytes: body.length });
  });
  await page.reload();
  await page.locator(".cards a[href=\"#/sliding\"]").click();
  await page.locator("svg.tiles").waitFor();
  await page.waitForTimeout(500);
  const visit = fetched.map((f) => `${f.name || "index.html"} ${f.bytes}`);
  console.log(`first visit: ${visit.join(", ")}`);
  assert.ok(!fetched.some((f) => f.name.startsWith("worker")), `no worker yet: ${visit}`);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 60000 });
  assert.ok(fetched.some((f) => f.name === "worker_bg.wasm"), "the first solve loads the worker");
  assert.deepEqual(errors, []);
  await page.close();
});
