// One app: moving between puzzles (a header link, a card, a pasted link, Back) keeps the app
// running. A marker left on `window` survives every move (a reload would drop it), and the
// app's files are fetched once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, hash, status, goToPuzzle } from "./harness.mjs";

test("moving between puzzles never reloads the app", async () => {
  const fetched = [];
  const { page, errors } = await open("#/", undefined, async (page) => {
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname.split("/").pop()));
  });
  await page.evaluate(() => { window.stillTheSameApp = true; });
  const same = () => page.evaluate(() => window.stillTheSameApp === true);

  await goToPuzzle(page, "Sliding tiles");
  await page.locator("svg.tiles").waitFor();
  assert.ok(await same(), "a header link keeps the app");
  assert.equal(await page.title(), "Sliding tiles — Puzzle Lab", "the tab and the history name the page");

  await page.getByRole("link", { name: "Puzzle Lab" }).click();
  await page.locator(".cards a[href=\"#/hanoi\"]").click();
  await page.locator("svg.towers").waitFor();
  assert.ok(await same(), "a card keeps the app");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 20000 });

  await page.goto(page.url().replace(/#.*/, "#/sudoku?algo=propagate"));
  await page.locator("svg.sudoku-grid").waitFor();
  assert.equal(hash(page), "#/sudoku?algo=propagate&pick=min", "the pasted link, read and written canonically");
  assert.ok(await same(), "a pasted link keeps the app");

  await page.goBack();
  await page.locator("svg.towers").waitFor();
  assert.ok(await same(), "Back keeps the app");
  assert.match(hash(page), /^#\/hanoi/);

  await page.goto(page.url().replace(/#.*/, "#/NoSuchPuzzle"));
  await page.getByRole("alert").filter({ hasText: "There is no puzzle called 'nosuchpuzzle'" }).waitFor();
  await page.goto(page.url().replace(/#.*/, "#/%zz"));
  await page.getByRole("alert").filter({ hasText: "could not be read" }).waitFor();
  assert.ok(await page.locator(".cards").isVisible(), "a bad link shows the landing page with its alert");
  assert.ok(await same(), "a bad link keeps the app");

  const wasm = fetched.filter((name) => name.endsWith(".wasm") && !name.startsWith("worker"));
  assert.equal(wasm.length, 1, `the app's wasm is fetched once: ${wasm}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page busy at the moment a link is followed does not write its own address back", async () => {
  const { page, errors } = await open("#/hanoi?discs=3");
  await page.locator("svg.towers").waitFor();
  // The link changes the address at once, but the app hears of it only on `hashchange`, a task
  // later; a click handled in between (here: at once) makes the Hanoi page write its link.
  await page.evaluate(() => {
    location.hash = "#/sudoku";
    document.querySelector(".puzzle-page.hanoi button").click();
  });
  await page.locator("svg.sudoku-grid").waitFor({ timeout: 5000 });
  assert.match(hash(page), /^#\/sudoku/);
  assert.deepEqual(errors, []);
  await page.close();
});
