// A bundle per page: moving between puzzles (a header link, a card, a pasted link, Back) loads
// the new page's own bundle, and the tab keeps what the teacher set (presentation mode, theme).
// A bad link keeps the app it is in (a puzzle's own bundle shows its alert and the way to the
// landing page, whose bundle the link then loads).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, hash, status, goToPuzzle } from "./harness.mjs";

/** The page bundle's name of an app wasm file ("home", "sliding"…; "every page" for the app with all). */
const bundleOf = (name) => /^page-(.+)-[0-9a-f]{16}_bg\.wasm$/.exec(name)?.[1] ?? (name.startsWith("app-") ? "every page" : null);

test("moving between puzzles loads each page's own bundle and keeps the tab's settings", async () => {
  const fetched = [];
  const { page, errors } = await open("#/", undefined, async (page) => {
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname.split("/").pop()));
  });
  await page.locator(".cards").waitFor();

  await goToPuzzle(page, "Sliding tiles");
  await page.locator("svg.tiles").waitFor();
  assert.equal(await page.title(), "Sliding tiles — Puzzle Lab", "the tab and the history name the page");

  await page.getByRole("link", { name: "Puzzle Lab" }).click();
  await page.locator(".cards").waitFor();
  await page.keyboard.press("p");
  await page.keyboard.press("t");
  assert.equal(await page.locator("html").getAttribute("data-presenting"), "on");
  await page.locator(".cards a[href=\"#/hanoi\"]").click();
  await page.locator("svg.towers").waitFor();
  assert.equal(await page.locator("html").getAttribute("data-presenting"), "on", "presentation mode outlives the move");
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark", "so does the theme");
  await page.keyboard.press("p");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 20000 });

  await page.goto(page.url().replace(/#.*/, "#/sudoku?algo=propagate"));
  await page.locator("svg.sudoku-grid").waitFor();
  assert.equal(hash(page), "#/sudoku?algo=propagate&pick=min", "the pasted link, read and written canonically");
  assert.equal(await page.locator("html").getAttribute("data-presenting"), "off", "presentation mode left stays left");

  await page.goBack();
  await page.locator("svg.towers").waitFor();
  assert.match(hash(page), /^#\/hanoi/, "Back returns to the page before");

  await page.goto(page.url().replace(/#.*/, "#/NoSuchPuzzle"));
  await page.getByRole("alert").filter({ hasText: "There is no puzzle called 'nosuchpuzzle'" }).waitFor();
  await page.evaluate(() => { window.stillTheSameApp = true; });
  await page.goto(page.url().replace(/#.*/, "#/%zz"));
  await page.getByRole("alert").filter({ hasText: "could not be read" }).waitFor();
  assert.ok(await page.evaluate(() => window.stillTheSameApp === true), "a bad link keeps the app");
  // A puzzle's own bundle has no landing page: the alert comes with the way to every puzzle.
  await page.getByRole("link", { name: "See every puzzle" }).click();
  await page.locator(".cards").waitFor();

  const bundles = fetched.map(bundleOf).filter(Boolean);
  assert.deepEqual([...new Set(bundles)].sort(), ["hanoi", "home", "sliding", "sudoku"], `each page's own bundle: ${bundles}`);
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
  // The same when the link is to the same puzzle (another link of the docs' sliding page).
  await page.evaluate(() => { location.hash = "#/hanoi?discs=3"; });
  await page.locator("svg.towers").waitFor();
  await page.evaluate(() => {
    location.hash = "#/hanoi?discs=5";
    document.querySelector(".puzzle-page.hanoi button").click();
  });
  await page.waitForFunction(() => document.querySelectorAll("svg.towers g.disc").length === 5, null, { timeout: 5000 })
    .catch(() => {});
  assert.match(hash(page), /^#\/hanoi\?discs=5/, "the link followed, not the page it left");
  assert.equal(await page.locator("svg.towers g.disc").count(), 5);
  await page.close();
});

test("every form of a link `puzzlelab link` accepts opens its page: no slash, a trailing slash, capitals", async () => {
  for (const typed of ["#sliding?size=3&seed=1&shuffle=30", "#/sliding/?size=3&seed=1&shuffle=30", "#/Sliding?size=3&seed=1&shuffle=30"]) {
    const { page, errors } = await open(typed, { width: 1024, height: 768 });
    await page.locator(".puzzle-page.sliding .board").waitFor({ timeout: 20000 });
    await page.waitForFunction(() => /^#\/sliding\?size=3&/.test(location.hash), null, { timeout: 5000 });
    assert.equal(await page.getByText("This page did not load").count(), 0, typed);
    assert.deepEqual(errors, [], typed);
    await page.close();
  }
});
