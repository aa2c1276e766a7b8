// What a teacher rehearsing a lesson at 1024×768 hit (classroom polish, round two), each
// checked on the release build: comparisons in presentation mode, plain names, copied links
// that keep what was shown, refused edits that keep what was typed, the keyboard, the header
// menu, guesses drawn apart and a genetic replay that says where it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, shots, waitForHash } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const solve = (page) => page.getByRole("button", { name: "Solve", exact: true }).click();
const idle = (page) => page.getByRole("button", { name: "Solve", exact: true }).and(page.locator(":enabled"))
  .waitFor({ timeout: 60000 });
const alert = (page) => page.locator("[role=alert]:not(:empty)");
const focusedTag = (page) => page.evaluate(() => document.activeElement?.tagName.toLowerCase());

test("a comparison asked for in presentation mode takes the board's place; its first row has the focus", async () => {
  const { page, errors } = await open("#/sliding?size=3&tiles=1,2,3,4,0,6,7,5,8&algo=auto", PROJECTOR);
  await page.keyboard.press("c");
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 30000 });
  assert.equal(await focusedTag(page), "tr", "the focus is on the table, not lost to the page");
  assert.match(await page.evaluate(() => document.activeElement.textContent), /^Automatic/);
  await page.keyboard.press("p");
  const table = page.locator("table.compare");
  assert.ok(await table.isVisible(), "the table shows in presentation mode");
  const box = await table.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 768, `the table is on screen: ${JSON.stringify(box)}`);
  assert.equal(await page.locator(".board").isVisible(), false, "in the board's place");
  await page.screenshot({ path: `${shots}/sliding-compare-1024x768-present.png` });
  // Picking a row plays its solution: the board is back.
  await page.keyboard.press("Enter");
  await status(page).filter({ hasText: "Solved: 2 moves" }).waitFor();
  assert.ok(await page.locator(".board").isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test("compare tables speak plainly: probes of one Mastermind game, Sudoku's solvers, 'not guaranteed', no nodes for a GA", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&secret=3632", PROJECTOR);
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 60000 });
  const knuth = page.locator("table.compare tbody tr").first().locator("td");
  assert.equal(await knuth.nth(0).innerText(), "1", "one secret");
  assert.match(await knuth.nth(1).innerText(), /^[3-5]$/, "Knuth's probes for this game");
  assert.equal(await knuth.nth(1).innerText(), await knuth.nth(2).innerText(), "one game: its probes are its most");
  assert.doesNotMatch(await page.locator("table.compare").innerText(), /—/);
  await page.goto(page.url().replace(/#.*/, "#/mastermind?pegs=4&symbols=6&tournament=50&algo=allrand"));
  await solve(page);
  await status(page).filter({ hasText: / — Random possible code broke 50 secrets/ }).waitFor({ timeout: 60000 });

  await page.goto(page.url().replace(/#.*/, "#/sudoku?algo=fast"));
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 60000 });
  const labels = await page.locator("table.compare tbody th").allTextContents();
  assert.deepEqual(labels.slice(5), ["fast bit-mask solver", "count every solution"]);

  await page.goto(page.url().replace(/#.*/, "#/sliding?size=3&tiles=1,2,3,4,0,6,7,5,8&algo=auto"));
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 30000 });
  const greedy = page.locator("table.compare tbody tr").filter({ hasText: /^Greedy/ }).locator("td");
  assert.equal(await greedy.nth(0).innerText(), "2", "greedy finds the 2-move path…");
  assert.equal(await greedy.nth(1).innerText(), "not guaranteed", "…but cannot promise it is shortest");
  assert.match(await page.locator("table.compare caption").innerText(), /bars drawn to scale/);

  await page.goto(page.url().replace(/#.*/, "#/queens?n=8&algo=genetic&seed=2"));
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 60000 });
  const genetic = page.locator("table.compare tbody tr").filter({ hasText: /^Genetic/ }).locator("td");
  assert.equal(await genetic.nth(3).innerText(), "—", "a genetic run expands no nodes");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Source lines name authors and titles, not the seeds' files or recipe numbers", async () => {
  const { page } = await open("#/");
  const names = await page.locator(".cards a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  for (const name of names) {
    // Each page opened as a shared link is (each loads its own bundle).
    const address = page.url().replace(/#.*/, name);
    await page.goto("about:blank");
    await page.goto(address);
    const source = await page.locator("p.source").innerText();
    assert.doesNotMatch(source, /in the seeds|ASPN|recipe \d|article in the/i, `${name}: ${source}`);
  }
  await page.close();
});

test("a copied link keeps what was shown: solved at step 0, a genetic run's step", async () => {
  const { page, errors } = await open("#/sliding?size=3&tiles=1,2,3,4,0,6,7,5,8&algo=astar", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: "Solved: 2 moves" }).waitFor();
  await waitForHash(page, /&step=0$/);
  const copy = await open(hash(page), PROJECTOR);
  await copy.page.locator(".playback .counter").filter({ hasText: "step 0 / 2" }).waitFor();
  await copy.page.close();

  await page.goto(page.url().replace(/#.*/, "#/tiles264?seed=2&step=1"));
  await page.locator(".playback .counter").filter({ hasText: /^step 1 \/ \d+/ }).waitFor({ timeout: 60000 });
  assert.equal(await alert(page).count(), 0, "step is a parameter of the 264 square");
  await page.keyboard.press(".");
  await waitForHash(page, /step=2$/);
  const again = await open(hash(page), PROJECTOR);
  await again.page.locator(".playback .counter").filter({ hasText: /^step 2 \/ \d+/ }).waitFor({ timeout: 60000 });
  await again.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a refused edit keeps what was typed, with the reason beside it", async () => {
  const { page, errors } = await open("#/bayes", PROJECTOR);
  const training = page.getByLabel("Training texts");
  await page.locator("details.table-edit summary").click();
  await training.fill("ham: lunch\nno category here");
  await training.blur();
  await alert(page).waitFor();
  assert.equal(await training.inputValue(), "ham: lunch\nno category here");
  assert.equal(await training.getAttribute("aria-invalid"), "true");
  assert.match(await page.locator(".field-error").innerText(), /:/);

  await page.goto(page.url().replace(/#.*/, "#/mastermind?pegs=4&symbols=6"));
  const secret = page.getByLabel("Your secret");
  await secret.fill("9999");
  await secret.press("Enter");
  await alert(page).waitFor();
  assert.equal(await secret.inputValue(), "9999");

  await page.goto(page.url().replace(/#.*/, "#/jets-sharks"));
  const touch = page.getByLabel("Touch");
  await touch.fill("ken");
  await touch.press("Enter");
  await waitForHash(page, /touch=Ken(&|$)/);
  assert.equal(await alert(page).count(), 0, "unit names match in any case");

  await page.goto(page.url().replace(/#.*/, "#/tiles264?seed=2"));
  const seed = page.locator("#seed");
  for (const typed of ["-5", "1.5"]) {
    await seed.fill(typed);
    await seed.press("Enter");
    await alert(page).filter({ hasText: "seed" }).waitFor();
    assert.equal(await seed.inputValue(), typed);
    assert.match(hash(page), /seed=2/);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("keyboard: skip links, the Sudoku grid by Tab, Escape out of a select, still arrows, a move during playback pauses", async () => {
  const { page, errors } = await open("#/sudoku", PROJECTOR);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Skip to the settings");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Skip to the board");
  await page.keyboard.press("Enter");
  assert.match(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), /^Row 1, column 1: /);
  assert.equal(await page.locator(".sudoku-grid .cell.selected").count(), 1, "the grid selects the cell the focus is on");
  // The arrows take the focus, and the selection, along the row to its first open cell.
  while (!/: empty$/.test(await page.evaluate(() => document.activeElement.getAttribute("aria-label")))) {
    await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("4");
  await waitForHash(page, /moves=r\d+c\d+-4/);
  await page.getByRole("button", { name: "Skip to the settings" }).focus();
  await page.keyboard.press("Enter");
  assert.equal(await focusedTag(page), "select", "the first setting: the algorithm");
  await page.keyboard.press("Escape");
  assert.notEqual(await focusedTag(page), "select", "Escape leaves the select");
  assert.ok(await page.evaluate(() => document.activeElement.closest(".board") !== null), "for the board, where a screen reader says it is");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => scrollY), 0, "↓ does not scroll the board away");

  await page.goto(page.url().replace(/#.*/, "#/sliding?size=3&seed=1&shuffle=30&algo=astar"));
  await solve(page);
  await status(page).filter({ hasText: "Solved" }).waitFor({ timeout: 30000 });
  await page.keyboard.press(" ");
  await page.keyboard.press("ArrowUp");
  await status(page).filter({ hasText: /^Paused at step \d+/ }).waitFor();
  assert.equal(await page.locator(".playback").count(), 1, "the solution is still there");
  assert.equal(await page.getByRole("button", { name: "Play" }).count(), 1, "playback paused");
  assert.doesNotMatch(hash(page), /moves=/, "no hand move was made");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Mastermind: the result line stays in view after Solve", async () => {
  const { page } = await open("#/mastermind?pegs=4&symbols=6&secret=3632", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: /Broke 3632/ }).waitFor();
  const box = await status(page).boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 768, JSON.stringify(box));
  await page.close();
});

test("the header: no empty alert on the landing page, every puzzle in a menu at 1024 px", async () => {
  const { page, errors } = await open("#/NoSuchPuzzle", PROJECTOR);
  await alert(page).filter({ hasText: "NoSuchPuzzle" }).waitFor();
  await page.goto(page.url().replace(/#.*/, "#/"));
  for (const region of await page.locator("[role=alert]").all()) {
    assert.ok(!(await region.isVisible()) || (await region.innerText()).trim() !== "", "no empty alert bar");
  }
  await page.getByRole("button", { name: "Puzzles ▾" }).click();
  const links = page.getByRole("navigation", { name: "Puzzles" }).getByRole("link");
  assert.equal(await links.count(), await page.locator(".cards a").count());
  for (const link of await links.all()) assert.ok(await link.isVisible(), await link.innerText());
  await page.screenshot({ path: `${shots}/menu-1024x768.png` });
  await links.filter({ hasText: "Sudoku" }).click();
  await page.locator("main.sudoku").waitFor();
  assert.equal(await links.first().isVisible(), false, "the menu closes on the way");
  assert.deepEqual(errors, []);
  await page.close();
});

test("guessed Sudoku digits are drawn apart; the queens GA replay says which attempt and fitness", async () => {
  const { page, errors } = await open("#/sudoku?grid=1...............&algo=propagate&pick=min", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: /guess/ }).waitFor();
  let guessed = 0;
  for (let i = 0; i < 40 && guessed === 0; i++) {
    await page.keyboard.press(".");
    guessed = await page.locator(".sudoku-grid .cell.guessed").count();
  }
  assert.ok(guessed > 0, "a guess shows as a guess");
  assert.match(await page.locator(".step-note").innerText(), /[Gg]uess/);

  await page.goto(page.url().replace(/#.*/, "#/queens?n=8&algo=genetic&seed=2"));
  await solve(page);
  await idle(page);
  await page.keyboard.press("Home");
  await page.keyboard.press(".");
  assert.match(await page.locator(".step-note").innerText(), /^Improvement 1 of \d+: attempt [\d,]+, fitness \d+ of 32$/);
  assert.deepEqual(errors, []);
  await page.close();
});
