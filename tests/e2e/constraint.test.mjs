// End-to-end checks of the constraint pages (Sudoku, alphametics) on the release build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, shots, waitForHash } from "./harness.mjs";

const SLIDES_SOLUTION = "276415938581329764934876512352168479149753286768942153497681325615234897823597641";

test("sudoku: solve the slides' example by propagation and step through its trace", async () => {
  const { page, errors } = await open("#/sudoku?algo=propagate&pick=min");
  assert.equal(await page.locator(".sudoku-grid .clue").count(), 26);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /Solved — the only solution: \d+ guesses/ }).waitFor();
  const last = await page.locator(".counter").innerText();
  const total = Number(last.match(/\/ (\d+)/)[1]);
  assert.ok(total > 20, last);
  await page.getByRole("button", { name: "Step", exact: true }).click();
  await page.getByRole("button", { name: "Step", exact: true }).click();
  assert.equal(await page.locator(".counter").innerText(), `step 2 / ${total}`);
  assert.match(await page.locator(".step-note").innerText(), /can only be|only one place|Guess/);
  assert.equal(await page.locator(".sudoku-grid .cell.last").count(), 1);
  await waitForHash(page, /step=2$/);
  // The end of the trace is the slides' solved grid.
  await page.keyboard.press("End").catch(() => {});
  for (let i = 0; i < total; i++) await page.keyboard.press(".");
  await page.locator(".step-note").filter({ hasText: "Solved" }).waitFor();
  const values = await page.locator(".sudoku-grid .value").allTextContents();
  assert.equal(values.join(""), SLIDES_SOLUTION);
  await page.screenshot({ path: `${shots}/sudoku-trace-1920x1080.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test("sudoku: play by hand with the keyboard; clashes are marked; the link keeps the entries", async () => {
  const { page, errors } = await open("#/sudoku?algo=fast");
  await page.locator(".sudoku-grid .place").nth(2).click();
  await page.keyboard.press("5");
  await waitForHash(page, /moves=r1c3-5/);
  assert.equal(await page.locator(".sudoku-grid .cell.trouble").count(), 3, "r1c3, r1c6 and r8c3 hold 5");
  // The picked cell keeps its frame while it clashes.
  const frame = await page.locator(".sudoku-grid .cell.selected.trouble rect").evaluate((r) => [getComputedStyle(r).stroke, getComputedStyle(r).strokeDasharray]);
  assert.deepEqual(frame, ["rgb(11, 87, 208)", "none"], "the picked cell framed in solid blue");
  await page.keyboard.press("Delete");
  await waitForHash(page, /moves=r1c3-5,r1c3-\./);
  assert.equal(await page.locator(".sudoku-grid .cell.trouble").count(), 0);
  // Clearing it again changes nothing: refused, not counted as a move.
  await page.keyboard.press("Delete");
  await page.getByRole("alert").filter({ hasText: "Row 1, column 3 is already empty." }).waitFor();
  assert.match(page.url(), /moves=r1c3-5,r1c3-\.$|moves=r1c3-5,r1c3-\.&/);
  // r1c4 is open in the slides' example: the entry is taken.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("7");
  await waitForHash(page, /moves=r1c3-5,r1c3-\.,r1c4-7/);
  // r1c5 holds the clue 1: the entry is refused, saying why, and the link keeps what it had.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("9");
  await page.getByRole("alert").filter({ hasText: "row 1, column 5 is a clue" }).waitFor();
  await waitForHash(page, /moves=r1c3-5,r1c3-\.,r1c4-7(&|$)/);
  assert.equal((await page.locator(".sudoku-grid .cell[data-cell=\"4\"]").textContent()).trim(), "1", "the clue stays");
  // Arrows pressed away from the grid move the selection and name the cell reached.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("ArrowDown");
  await page.locator(".said").filter({ hasText: /^Selected: Row 2, column 5: / }).waitFor({ timeout: 3000 });
  await page.keyboard.press("m");
  await waitForHash(page, /marks=1/);
  assert.ok(await page.locator(".sudoku-grid .mark").count() > 50, "pencil marks are drawn");
  assert.deepEqual(errors, []);
  await page.close();
});

test("sudoku: a bad grid is refused with its cells named; the page stays usable", async () => {
  const { page, errors } = await open("#/sudoku?grid=11" + ".".repeat(79));
  await page.getByRole("alert").filter({ hasText: "grid: clues conflict: r1c1 and r1c2 are both 1" }).waitFor();
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved" }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("sudoku: with a value entered, the fast solver's answer fills the grid too, and goes when another is entered", async () => {
  const { page, errors } = await open("#/sudoku?algo=fast&moves=r1c3-6");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "the only solution" }).waitFor();
  // 26 clues, 1 value entered, the 54 others the solver's.
  assert.equal(await page.locator(".sudoku-grid .solved").count(), 81 - 27);
  await page.locator(".sudoku-grid .place").nth(3).click();
  await page.keyboard.press("4");
  await page.waitForFunction(() => document.querySelectorAll(".sudoku-grid .solved").length === 0, null, { timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("sudoku: the fast solver fills the grid; counting lists solutions; screenshots", async () => {
  const { page, errors } = await open("#/sudoku?algo=fast");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "the only solution" }).waitFor();
  assert.equal(await page.locator(".sudoku-grid .solved").count(), 81 - 26);
  await page.screenshot({ path: `${shots}/sudoku-1920x1080.png` });
  // Compare runs every guessing rule of the slides' solver beside the other solvers.
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await page.locator("table.compare tbody tr").nth(6).locator("td").nth(2).filter({ hasText: /\d/ })
    .waitFor({ timeout: 30000 });
  const header = await page.locator("table.compare thead").innerText();
  assert.match(header, /Guesses/);
  const labels = await page.locator("table.compare tbody th").allTextContents();
  assert.deepEqual(labels.slice(0, 2), ["propagate, fewest candidates", "propagate, most candidates"]);
  await page.setViewportSize({ width: 1024, height: 768 });
  // The finished comparison took the focus down to its table: back to the board.
  await page.evaluate(() => scrollTo(0, 0));
  const box = await page.locator("svg.sudoku-grid").boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 768 && box.x + box.width <= 1024, JSON.stringify(box));
  await page.screenshot({ path: `${shots}/sudoku-1024x768.png` });
  await page.goto(page.url().replace(/#.*/, "#/sudoku?grid=1...............&algo=count&cap=1000"));
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "72 solutions in all" }).waitFor();
  await page.locator(".counter").filter({ hasText: "solution 1 / 72" }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("sudoku: the same seed generates the same puzzle, made in the worker", async () => {
  const made = async () => {
    const { page, errors } = await open("#/sudoku?clues=30&algo=fast&seed=12");
    // The page never makes it itself: it says so, and draws it when the worker's answer comes.
    await status(page).filter({ hasText: "Puzzle 12 with 30 clues." }).waitFor({ timeout: 20000 });
    const values = await page.locator(".sudoku-grid .value").allTextContents();
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 20000 });
    assert.deepEqual(errors, []);
    await page.close();
    return values;
  };
  const a = await made();
  assert.equal(a.length, 30);
  assert.deepEqual(await made(), a);
  // A shared link of a generated puzzle's solution waits for the puzzle, then shows its step.
  const { page, errors } = await open("#/sudoku?clues=30&algo=propagate&seed=12&step=5");
  await page.locator(".counter").filter({ hasText: /^step 5 \// }).waitFor({ timeout: 20000 });
  assert.equal(await page.locator(".sudoku-grid g.cell.clue").count(), 30, "the made clues are drawn");
  assert.deepEqual(errors, []);
  await page.close();
});

test("alphametics: every solution of a slide puzzle, brute force and columns compared", async () => {
  const { page, errors } = await open("#/alphametics?equation=SEND%20%2B%20MORE%20%3D%3D%20MONEY&algo=columns");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Exactly one solution" }).waitFor();
  // Heard with what it is (the digits in place of the letters), seen as the equation alone.
  assert.equal(await page.locator(".alphametic .equation").textContent(), "The equation with its digits: 9567 + 1085 = 10652");
  assert.equal(await page.getByRole("table", { name: "Each letter's digit" }).count(), 1);
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await page.locator("table.compare tbody tr").nth(1).waitFor({ timeout: 20000 });
  await page.screenshot({ path: `${shots}/alphametics-1920x1080.png` });
  // A preset with several solutions pages through them.
  await page.getByLabel("The slides' puzzles").selectOption("TWO * TWO == SQUARE");
  await waitForHash(page, /equation=TWO \* TWO == SQUARE/);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".counter").filter({ hasText: "solution 1 / 3" }).waitFor();
  await page.keyboard.press("ArrowRight");
  await page.locator(".counter").filter({ hasText: "solution 2 / 3" }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("alphametics: a typo points at its column and keeps the page usable", async () => {
  const { page, errors } = await open("#/alphametics?equation=SEND%20%2B");
  await page.getByRole("alert").filter({ hasText: "equation: column 7" }).waitFor();
  const input = page.getByLabel("Equation", { exact: true });
  await input.fill("AB + AB == AB");
  await input.press("Enter");
  await input.blur();
  await waitForHash(page, /equation=AB \+ AB == AB/);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "No solution" }).waitFor();
  assert.equal(hash(page).includes("algo=columns"), true);
  assert.deepEqual(errors, []);
  await page.close();
});
