// The results pages (the 264 square, phrase, alphametics, Jets & Sharks, Bayes) by keyboard and
// screen reader: `b` reads the result, Tab reaches it, each step of a replay is said with its
// content; and under forced colours their bars, legends and right letters keep a visible form.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const said = (page) => page.locator(".said");
const solve = (page) => page.getByRole("button", { name: "Solve", exact: true }).click();

/** Tabs from the page's start until the board has the focus; its name, or null after 40 presses. */
async function tabToBoard(page) {
  await page.locator("body").focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("board"))) {
      return page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    }
  }
  return null;
}

const PAGES = [
  { link: "#/tiles264?seed=2", done: "Solved after 1,921 generations", words: /^Generation [\d,]+, score 0: \d+ cells? changed \(row \d column \d[^)]*\); 264 square, row 1: .*every line 264: solved\.$/, steps: true },
  { link: "#/phrase?target=Hello%20world&seed=1", done: "Guessed after", words: /^Best guess: "Hello world", 11 of 11 letters right/, steps: true },
  { link: "#/jets-sharks?touch=Ken:0.8", done: "occupation burglar", words: /^Cycle \d+: /, steps: true },
  { link: "#/alphametics?equation=SEND%20%2B%20MORE%20%3D%3D%20MONEY&algo=columns", done: /solution/, words: /^9567 \+ 1085 = 10652: .*O = 0, /, steps: false },
  { link: "#/bayes", done: /./, words: /picks/, steps: false },
  // A solution shown (not played by hand) is a result too.
  { link: "#/queens?n=8", done: /92 solutions/, words: /^8×8 board, queens at row 1, column \d+; row 2/, steps: false },
];

for (const { link, done, words, steps } of PAGES) {
  test(`${link}: b reads the result, Tab reaches it${steps ? ", each step is said with its content" : ""}`, async () => {
    const { page, errors } = await open(link, PROJECTOR);
    await page.locator(".board").waitFor();
    await solve(page);
    await status(page).filter({ hasText: done }).waitFor({ timeout: 60000 });
    await page.locator("body").focus();
    await page.keyboard.press("b");
    await said(page).filter({ hasText: words }).waitFor({ state: "attached" });
    const name = await tabToBoard(page);
    assert.ok(name, "Tab reaches the result");
    assert.match(name, words, "the focused result is named by its words");
    if (steps) {
      await page.locator("body").focus();
      await page.keyboard.press("Home");
      await page.keyboard.press(".");
      const step = await said(page).filter({ hasText: /^Step 1 of / }).textContent();
      assert.match(step, /^Step 1 of [\d,]+: .{10,}\.$/, "the step is said with its content");
      assert.doesNotMatch(step, /\.\.$/);
      // The net's cycles say what changes between them: the strongest units' values.
      if (link.startsWith("#/jets-sharks")) assert.match(step, /; most active: (.+ -?\d\.\d\d, ){4}.+ -?\d\.\d\d\.$/);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("a queens answer is not one picture: each queen is named, row by row, as the words say", async () => {
  const { page, errors } = await open("#/queens?n=8", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: /92 solutions/ }).waitFor({ timeout: 60000 });
  const frame = page.getByRole("group", { name: /^8×8 board, queens at / });
  const board = frame.getByRole("group", { name: "8×8 board, its queens row by row" });
  const queens = await board.getByRole("img", { name: /^Queen at row/ }).evaluateAll((all) => all.map((q) => q.getAttribute("aria-label")));
  assert.equal(queens.length, 8);
  queens.forEach((name, row) => assert.match(name, new RegExp(`^Queen at row ${row + 1}, column [1-8]$`)));
  const words = (await frame.getAttribute("aria-label")).replace(/^8×8 board, queens at /, "").split("; ");
  assert.deepEqual(queens.map((name) => name.replace("Queen at ", "")), words, "the pictures say what the board's words say");
  assert.deepEqual(errors, []);
  await page.close();
});

test("forced colours: activation and score bars, chart keys, right letters and a picked Sudoku cell keep a visible form", async () => {
  // Step 100: the link solves on opening and shows the last cycle, Ken's pool won.
  const { page, errors } = await open("#/jets-sharks?touch=Ken:0.8&step=100", PROJECTOR);
  await page.emulateMedia({ forcedColors: "active" });
  await status(page).filter({ hasText: "occupation burglar" }).waitFor();
  const look = (selector, pseudo = null) => page.locator(selector).first().evaluate((e, pseudo) => {
    const style = getComputedStyle(e, pseudo);
    return { background: style.backgroundColor, image: style.backgroundImage, outline: style.outlineStyle, decoration: style.textDecorationLine, width: e.getBoundingClientRect().width };
  }, pseudo);
  const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const bar = await look(".pool li.strongest .level");
  assert.notEqual(bar.background, canvas, "a bar is drawn in a colour of its own");
  assert.ok(bar.width > 2);
  assert.equal((await look(".pool .track")).outline, "solid", "its track is outlined");
  const key = await look(".chart-key .legend", "::before");
  assert.notEqual(key.background, canvas, "a chart key shows its line's colour");
  const bayes = await open("#/bayes", PROJECTOR);
  await bayes.page.emulateMedia({ forcedColors: "active" });
  const score = await bayes.page.locator(".bayes .score.best .level").first().evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(score, canvas, "a score bar is drawn");
  const phrase = await open("#/phrase?target=Hello%20world&seed=1", PROJECTOR);
  await phrase.page.emulateMedia({ forcedColors: "active" });
  await solve(phrase.page);
  await phrase.page.locator(".phrase-guess .right").first().waitFor({ timeout: 60000 });
  const right = await phrase.page.locator(".phrase-guess .right").first().evaluate((e) => getComputedStyle(e).textDecorationLine);
  assert.equal(right, "underline", "a right letter is underlined");
  const changed = phrase.page.locator(".phrase-guess .changed").first();
  await changed.waitFor({ timeout: 3000 });
  assert.ok(await changed.evaluate((e) => parseFloat(getComputedStyle(e).outlineOffset)) > 0, "the changed letter's box clear of its underline");
  const sudoku = await open("#/sudoku", PROJECTOR);
  await sudoku.page.emulateMedia({ forcedColors: "active" });
  await sudoku.page.locator(".board .place").nth(2).click();
  const frame = await sudoku.page.locator(".sudoku-grid .cell.selected rect").evaluate((e) => getComputedStyle(e).stroke);
  assert.notEqual(frame, "none", "the picked Sudoku cell is framed, not only tinted");
  assert.deepEqual([...errors, ...bayes.errors, ...phrase.errors, ...sudoku.errors], []);
  for (const p of [page, bayes.page, phrase.page, sudoku.page]) await p.close();
});

test("a playback key while the solver runs says the steps come with the answer", async () => {
  const { page, errors } = await open("#/sliding?size=4&seed=1&shuffle=30", PROJECTOR);
  await page.locator(".board .place").first().waitFor();
  await page.locator("body").focus();
  await page.keyboard.press("s");
  await page.keyboard.press(".");
  await page.locator(".alert").filter({ hasText: "The solver is still running: its solution's steps come with its answer (Esc cancels)." }).waitFor();
  await status(page).filter({ hasText: /Solved/ }).waitFor({ timeout: 60000 });
  await page.keyboard.press(".");
  await said(page).filter({ hasText: /^Step 1 of / }).waitFor({ state: "attached" });
  assert.deepEqual(errors, []);
  await page.close();
});
