// The Search view (`view=search`): a recorded search stepped through forwards and back, a
// `t=` link reopening the same moment, predict mode's score, and every search page's view at
// 1024×768 with no serious axe violation (screenshots in screenshots/search-*.png).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, shots, hash, waitForHash, seriousViolations, assertInView, smallText } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const said = (page) => page.locator(".search-said");
const moment = (page) => page.locator(".moment-count");
const frontierRows = (page) => page.locator("table.frontier tbody tr[data-node]");
const ready = (page) => moment(page).waitFor({ timeout: 60000 });
const momentText = (page) => moment(page).textContent();
const rowsText = (page) => frontierRows(page).allTextContents();

/** Waits until the moment shown is event `t`. */
const atMoment = (page, t) => moment(page).filter({ hasText: new RegExp(`^event ${t} of`) }).waitFor();

test("steps forwards and back through an A* search, and a t= link reopens the same frontier", async () => {
  const link = "#/sliding?size=3&seed=3&shuffle=20&algo=astar&view=search";
  const { page, errors } = await open(link, PROJECTOR);
  await ready(page);
  assert.match(await said(page).textContent(), /Nothing done yet/);
  await page.keyboard.press(".");
  await atMoment(page, 1);
  assert.match(await said(page).textContent(), /Expanded node 0/);
  await page.getByRole("button", { name: "Forward one expansion" }).click();
  await page.getByRole("button", { name: "Forward one expansion" }).click();
  await page.keyboard.press("]");
  await page.waitForFunction(() => !/^event (0|1) of/.test(document.querySelector(".moment-count")?.textContent));
  await page.waitForTimeout(300);
  const there = await momentText(page);
  const t = Number(there.match(/event ([\d,]+)/)[1].replaceAll(",", ""));
  assert.ok(t > 1, there);
  const frontier = await rowsText(page);
  assert.ok(frontier.length > 0, "the frontier is listed");
  assert.equal(await page.locator("table.frontier tr.next").count(), 1, "the next node is marked");
  // Back one event, forward one event: the same moment and frontier.
  await page.keyboard.press(",");
  await atMoment(page, t - 1);
  await page.keyboard.press(".");
  await atMoment(page, t);
  assert.deepEqual(await rowsText(page), frontier);
  await waitForHash(page, new RegExp(`view=search.*t=${t}|t=${t}.*view=search`));
  const shared = hash(page);
  // The board shows the node expanded: a board of tiles is drawn.
  assert.ok(await page.locator(".board .tile, .board rect").count() > 0);
  await page.screenshot({ path: `${shots}/search-sliding-astar-1024x768.png` });
  // The board, the step controls and the frontier are visible together.
  for (const selector of [".board", ".search-steps", "table.frontier"]) {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 768, `${selector} on screen: ${JSON.stringify(box)}`);
  }
  // Closed and opened again (v twice), the search comes back at the moment it was left.
  await page.keyboard.press("v");
  await page.locator(".search-view").waitFor({ state: "detached" });
  await page.keyboard.press("v");
  await atMoment(page, t);
  const reopened = await open(shared, PROJECTOR);
  await ready(reopened.page);
  await atMoment(reopened.page, t);
  assert.deepEqual(await rowsText(reopened.page), frontier, "the shared link shows the same frontier");
  assert.deepEqual(errors, []);
  assert.deepEqual(reopened.errors, []);
  await reopened.page.close();
  await page.close();
});

test("predict mode hides the answer, scores a right and a wrong pick, and explains the miss", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20&algo=astar&view=search&t=0&predict=1", PROJECTOR);
  await ready(page);
  // After the start's expansion several boards wait.
  await page.keyboard.press("]");
  await page.keyboard.press("]");
  await page.waitForFunction(() => document.querySelectorAll(".predict-cards button[data-node]").length > 1);
  assert.equal(await page.locator("table.frontier tr.next").count(), 0, "the answer is hidden");
  const rows = page.locator(".predict-cards li[data-node]");
  // The row without a reason to miss is the right one.
  const count = await rows.count();
  let right = null;
  let wrong = null;
  for (let i = 0; i < count; i++) {
    const miss = await rows.nth(i).getAttribute("data-miss");
    if (miss === null && right === null) right = i;
    if (miss !== null && wrong === null) wrong = i;
  }
  assert.ok(right !== null && wrong !== null, "one right and one wrong pick to make");
  await rows.nth(wrong).locator("button").click();
  await page.locator(".predict-verdict").filter({ hasText: "Not this one" }).waitFor();
  assert.match(await page.locator(".predict-verdict").textContent(), /smallest f|ties go to/);
  await page.locator("table.frontier tr.next").waitFor();
  assert.match(await page.locator(".predict-score").textContent(), /0 of 1 right/);
  const focused = () => page.evaluate(() => document.activeElement?.className ?? "");
  assert.equal(await focused(), "predict-verdict", "the answer takes the focus, to be read");
  await page.keyboard.press("]");
  await page.waitForFunction(() => document.querySelectorAll(".predict-cards button[data-node]").length > 0
    && !document.querySelector(".predict-verdict")?.textContent.startsWith("Not"));
  assert.equal(await focused(), "predict-verdict", "the next question keeps the focus (not the page's body)");
  const again = page.locator(".predict-cards li[data-node]");
  const n = await again.count();
  for (let i = 0; i < n; i++) {
    if (await again.nth(i).getAttribute("data-miss") === null) {
      await again.nth(i).locator("button").click();
      break;
    }
  }
  await page.locator(".predict-verdict").filter({ hasText: "Right" }).waitFor();
  assert.match(await page.locator(".predict-score").textContent(), /1 of 2 right/);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Every page with a Search view, at a moment part-way, for the screenshots. */
const VIEWS = [
  ["sliding-bfs", "#/sliding?size=3&seed=3&shuffle=12&algo=bfs&view=search&t=60"],
  ["sliding-idastar", "#/sliding?size=3&seed=3&shuffle=20&algo=idastar&view=search&t=200"],
  ["hanoi", "#/hanoi?discs=3&algo=bfs&view=search&t=40"],
  ["jugs", "#/jugs?algo=bfs&view=search&t=30"],
  ["marbles", "#/marbles?algo=bfs&view=search&t=40"],
  ["golf-tee", "#/golf-tee?algo=dfs&view=search&t=40"],
  ["blocks", "#/blocks?algo=bfs&view=search&t=60"],
  ["queens", "#/queens?n=6&algo=backtracking&view=search&t=30"],
  ["sudoku", "#/sudoku?algo=propagate&view=search&t=150"],
  ["alphametics", "#/alphametics?algo=columns&view=search&t=20"],
];

/** What a view draws beside its steps: a constraint solver's grid, the queens' board, an
 * alphametic's columns (a search's frontier table may scroll in its box). */
const DRAWING = ".search-grid, .search-queens, .search-alphametic";

test("every search page opens its Search view from a link, at 1024×768, and presents it", async () => {
  for (const [name, link] of VIEWS) {
    const { page, errors } = await open(link, PROJECTOR);
    await ready(page);
    const t = Number(link.match(/t=(\d+)/)[1]);
    await atMoment(page, t);
    assert.doesNotMatch(await said(page).textContent(), /No search/, name);
    assert.ok(await page.locator(".search-counts").isVisible(), `${name}: counters shown`);
    if (name === "sliding-bfs") {
      // shuffle=12 is no option of the select: it shows as 12, not as another option.
      assert.equal(await page.getByRole("combobox", { name: "Shuffle" }).inputValue(), "12");
    }
    const steps = await page.locator(".search-steps").boundingBox();
    assert.ok(steps.y + steps.height <= 768, `${name}: step controls on screen`);
    for (const drawing of await page.locator(DRAWING).all()) {
      await assertInView(page, drawing, `${name}: the drawing, its legend included`);
    }
    await page.screenshot({ path: `${shots}/search-${name}-1024x768.png` });
    assert.deepEqual(await seriousViolations(page), [], `${name}: axe`);
    // On the projector: every number at least 18 px, the steps and the whole drawing in view.
    await page.keyboard.press("p");
    await page.locator("html[data-presenting=on]").waitFor();
    assert.deepEqual(await smallText(page), [], `${name}: every word at least 18 px in presentation mode`);
    await assertInView(page, page.locator(".search-steps"), `${name}: steps in presentation mode`);
    for (const drawing of await page.locator(DRAWING).all()) {
      await assertInView(page, drawing, `${name}: the drawing in presentation mode`);
    }
    await page.screenshot({ path: `${shots}/search-${name}-1024x768-present.png` });
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});

test("in constraint and queens traces ] and [ step one assignment or placement, not to the ends", async () => {
  for (const [link, from, lands] of [
    ["#/queens?n=8&algo=backtracking&view=search&t=6", 6, /^Queen placed on row \d, column \d\.$/],
    ["#/sudoku?algo=propagate&view=search&t=0", 0, /^r\dc\d = \d: (its only value left|the only place left|a guess)/],
    ["#/alphametics?algo=columns&view=search&t=0", 0, /^[A-Z] = \d: /],
  ]) {
    const { page, errors } = await open(link, PROJECTOR);
    await ready(page);
    await atMoment(page, from);
    const len = Number((await momentText(page)).match(/of ([\d,]+)/)[1].replaceAll(",", ""));
    await page.keyboard.press("]");
    await page.waitForFunction((from) => !document.querySelector(".moment-count").textContent.startsWith(`event ${from} `), from);
    const forward = Number((await momentText(page)).match(/event ([\d,]+)/)[1].replaceAll(",", ""));
    assert.ok(forward > from && forward < len, `${link}: ] went to ${forward} of ${len}`);
    assert.match(await said(page).textContent(), lands, `${link}: ] lands on an assignment`);
    await page.keyboard.press("]");
    await page.waitForFunction((t) => !document.querySelector(".moment-count").textContent.startsWith(`event ${t} `), forward);
    await page.keyboard.press("[");
    await atMoment(page, forward);
    assert.deepEqual(errors, [], link);
    await page.close();
  }
});

test("a Sudoku trace starts from its clues, as it says; ] goes to the first value the solver gives, and no key press is lost", async () => {
  const clues = "27..15..8...3..7.4....7.....5.1...7...9...2.6.....2.5.....8....6.5..4...8..59..41";
  const given = [...clues].filter((c) => c !== ".").length;
  const { page, errors } = await open("#/sudoku?algo=propagate&view=search&t=0", PROJECTOR);
  await ready(page);
  await atMoment(page, 0);
  assert.match(await said(page).textContent(), /Nothing done yet: the puzzle's clues are on the grid/);
  const drawn = await page.locator(".search-grid td").evaluateAll((cells) =>
    cells.map((td) => (td.classList.contains("cause-given") ? td.textContent : ".")).join(""));
  assert.equal(drawn, clues, "every clue on the grid at moment 0, and nothing else");
  assert.equal(await page.locator(".search-grid td.open").count(), 81 - given);
  assert.doesNotMatch(await page.locator(".cause-legend").textContent(), /only place left/, "the key names this run's causes");
  // One step per key press, however fast they come.
  for (let i = 0; i < given; i++) await page.keyboard.press(".");
  await atMoment(page, given);
  await page.keyboard.press("]");
  await page.waitForFunction((t) => !document.querySelector(".moment-count").textContent.startsWith(`event ${t} `), given);
  assert.match(await said(page).textContent(), /^r\dc\d = \d: (its only value left|the only place left|a guess)/, "] stops at a value the solver gives");
  // Crossed-out candidates are rubbed out: what is drawn in an open cell is what is left.
  const struckShown = await page.locator(".search-grid s").evaluateAll((s) => s.filter((e) => getComputedStyle(e).visibility !== "hidden").length);
  assert.equal(struckShown, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a search with no trace says so and the page stays usable", async () => {
  const { page, errors } = await open("#/sliding?size=4&seed=1&shuffle=30&algo=pdb&view=search", PROJECTOR);
  await page.locator(".alert").filter({ hasText: /^The Search view cannot show IDA\* with pattern databases \(4×4\): it does not record its steps\. It can show / })
    .waitFor({ timeout: 20000 });
  assert.equal(await page.locator(".search-view").count(), 0);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".status").filter({ hasText: /Solved/ }).waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link's moment past the search's end is shown at the end, and said to be", async () => {
  const { page, errors } = await open("#/alphametics?view=search&t=30", { width: 1024, height: 768 });
  await page.locator(".search-view .alert").filter({ hasText: /^This link's moment, event 30, is past the end: shown at its end, event 28\./ })
    .waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});
