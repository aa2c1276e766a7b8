// Pattern databases survive a reload: the first 15-puzzle solve builds them in the worker and
// the browser keeps them, so after a reload the first solve uses them at once; a control in
// the page forgets them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

const FIFTEEN = "#/sliding?size=4&tiles=5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12&algo=pdb";
test("pattern databases are built once, kept across a reload, and can be forgotten", async () => {
  const { page, errors } = await open(FIFTEEN);
  const solve = page.getByRole("button", { name: "Solve", exact: true });
  await solve.click();
  await status(page).filter({ hasText: /Solved: 9 moves.*building the pattern databases/ })
    .waitFor({ timeout: 60000 });
  await page.getByRole("button", { name: "Forget saved tables" }).waitFor();
  await page.waitForFunction(async () => (await (await caches.open("puzzlelab-tables-v1")).keys()).length > 0);

  await page.reload();
  await page.getByRole("button", { name: "Forget saved tables" }).waitFor();
  const started = Date.now();
  await solve.click();
  await status(page).filter({ hasText: "Solved: 9 moves" }).waitFor({ timeout: 60000 });
  const firstSolveMs = Date.now() - started;
  console.log(`first 15-puzzle solve after a reload: ${firstSolveMs} ms`);
  assert.doesNotMatch(await status(page).innerText(), /building/, "the saved tables were used");

  await page.getByRole("button", { name: "Forget saved tables" }).click();
  await status(page).filter({ hasText: "Forgot" }).waitFor();
  await page.waitForFunction(async () => !(await caches.keys()).includes("puzzlelab-tables-v1"));
  assert.equal(await page.getByRole("button", { name: "Forget saved tables" }).count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});
