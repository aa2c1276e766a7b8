// End-to-end checks of the Towers of Hanoi page on the release build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, shots, waitForHash, counterShows } from "./harness.mjs";

test("solve, step through and screenshot the shared link", async () => {
  const { page, errors } = await open("#/hanoi?discs=4&pegs=3&algo=optimal");
  assert.equal(await page.locator(".disc").count(), 4);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await assert.doesNotReject(status(page).filter({ hasText: "Solved: 15 moves" }).waitFor());
  const step = page.getByRole("button", { name: "Step", exact: true });
  for (let i = 0; i < 3; i++) await step.click();
  await counterShows(page, "step 3 / 15");
  await page.keyboard.press("ArrowRight");
  await counterShows(page, "step 4 / 15");
  await waitForHash(page, /step=4$/);
  await page.screenshot({ path: `${shots}/hanoi-1920x1080.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${shots}/hanoi-1024x768.png` });
  // At 1024x768 the whole board and the main controls are still in view.
  const box = await page.locator("svg.towers").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 1024, JSON.stringify(box));
  assert.ok(await page.getByRole("button", { name: "Solve", exact: true }).isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test("a link with a step reopens the same solution at the same step", async () => {
  const { page } = await open("#/hanoi?discs=4&pegs=3&algo=optimal&step=5");
  await page.locator(".counter").filter({ hasText: "step 5 / 15" }).waitFor();
  await page.getByRole("button", { name: "Reset", exact: true }).click();
  assert.equal(await page.locator(".counter").innerText(), "step 0 / 15");
  await page.close();
});

test("a number out of range moves to the nearest allowed value, in a link and typed in the page", async () => {
  const { page, errors } = await open("#/hanoi?discs=99");
  await page.getByRole("alert").filter({ hasText: "discs: must be a whole number from 1 to 20, got '99'; using 20" }).waitFor();
  assert.equal(await page.locator(".disc").count(), 20);
  await waitForHash(page, /discs=20/);
  // Typed in a number field: the 264 square's population.
  const square = await open("#/tiles264?seed=2");
  await square.page.getByLabel("Population").fill("5");
  await square.page.getByLabel("Population").press("Enter");
  await square.page.getByRole("alert").filter({ hasText: "using 10, the nearest allowed" }).waitFor();
  await waitForHash(square.page, /population=10&/);
  assert.deepEqual([...errors, ...square.errors], []);
  await page.close();
  await square.page.close();
});

test("a malformed link shows an alert naming the parameter, and the page still works", async () => {
  const { page, errors } = await open("#/hanoi?discs=banana&pegs=9&algo=optimal");
  const alert = page.getByRole("alert");
  await alert.waitFor();
  const text = await alert.innerText();
  assert.match(text, /discs: must be a whole number from 1 to 20, got 'banana'/);
  assert.match(text, /pegs: must be a whole number from 3 to 4, got '9'/);
  assert.equal(await page.locator(".disc").count(), 4, "falls back to the default tower");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 15 moves" }).waitFor();
  assert.equal(hash(page), "#/hanoi?discs=4&pegs=3&algo=optimal&step=0", "the address is repaired (and solved)");
  assert.deepEqual(errors, []);
  await page.close();
});

test("playing by hand with keys, refused moves explained", async () => {
  const { page } = await open("#/hanoi?discs=3&pegs=3&algo=optimal");
  await page.keyboard.press("1");
  await page.keyboard.press("3");
  await waitForHash(page, /moves=AC/);
  await page.keyboard.press("1");
  await page.keyboard.press("3");
  await assert.doesNotReject(page.getByRole("alert").filter({ hasText: "disc 2 cannot go onto the smaller disc 1" }).waitFor());
  assert.match(await page.locator(".move-counter").innerText(), /Moves: 1 · optimum from the start: 7/);
  // Clicking pegs works the same way.
  await page.getByRole("button", { name: /^Peg A/ }).click();
  await page.getByRole("button", { name: /^Peg B/ }).click();
  await waitForHash(page, /moves=AC,AB/);
  await page.close();
});

test("a long search streams progress and can be cancelled", async () => {
  const { page } = await open("#/hanoi?discs=20&pegs=3&algo=bfs");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".live-counters").filter({ hasText: /[1-9][\d,]* nodes expanded/ }).waitFor();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await status(page).filter({ hasText: "Cancelled after" }).waitFor({ timeout: 2000 });
  assert.equal(await page.locator(".live-counters").count(), 0);
  // A move by hand while solving stops the solve: the board never shows a stale answer.
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".live-counters").waitFor();
  await page.keyboard.press("1");
  await page.keyboard.press("2");
  assert.equal(await page.locator(".live-counters").count(), 0);
  await waitForHash(page, /moves=AB/);
  // The next job runs on a fresh worker.
  await page.getByRole("combobox", { name: "Discs" }).selectOption("5");
  await page.getByRole("combobox", { name: "Algorithm" }).selectOption("optimal");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 31 moves" }).waitFor();
  await page.close();
});

test("compare runs every algorithm on the same position", async () => {
  const { page } = await open("#/hanoi?discs=4&pegs=3&algo=optimal");
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor();
  const rows = page.locator("table.compare tbody tr");
  assert.equal(await rows.count(), 5);
  const bfs = await rows.filter({ hasText: "Breadth-first" }).locator("td").first().innerText();
  assert.equal(bfs, "15");
  await page.close();
});

test("landing page, presentation mode, shortcuts overlay and theme", async () => {
  const { page } = await open("#/");
  await page.getByRole("link", { name: /Towers of Hanoi.*Move the tower/ }).click();
  await page.locator("svg.towers").waitFor();
  await page.keyboard.press("p");
  assert.equal(await page.locator("header.app-header").isVisible(), false);
  assert.equal(await page.getByRole("button", { name: "Solve", exact: true }).isVisible(), false);
  await page.keyboard.press("p");
  assert.equal(await page.locator("header.app-header").isVisible(), true);
  // The shortcut list takes the focus, keeps it while open and gives it back on close.
  await page.getByRole("button", { name: "Solve", exact: true }).focus();
  await page.keyboard.press("?");
  await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  await page.waitForFunction(() => document.activeElement?.textContent === "Close");
  // Tab goes round the list's controls (its Close button, the guide's link) and stays in it.
  await page.keyboard.press("Tab");
  assert.equal(await focused(), "Teacher's guide");
  await page.keyboard.press("Tab");
  assert.equal(await focused(), "Close");
  await page.keyboard.press("Escape");
  assert.equal(await page.getByRole("dialog").count(), 0);
  assert.equal(await focused(), "Solve");
  // Toggle buttons say whether they are on.
  await page.keyboard.press("p");
  assert.equal(await page.locator("button[title^='Presentation mode']").getAttribute("aria-pressed"), "true");
  await page.locator(".header-said").filter({ hasText: /^Presentation mode on: p leaves it\.$/ }).waitFor({ state: "attached", timeout: 2000 });
  await page.keyboard.press("p");
  await page.locator(".header-said").filter({ hasText: /^Presentation mode off\.$/ }).waitFor({ state: "attached", timeout: 2000 });
  await page.keyboard.press("t");
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
  await page.locator(".header-said").filter({ hasText: /^Dark theme\.$/ }).waitFor({ state: "attached", timeout: 2000 });
  await page.close();
});

test("an unknown page falls back to the landing page with an alert", async () => {
  const { page } = await open("#/chess?x=1");
  await page.getByRole("alert").filter({ hasText: "There is no puzzle called 'chess'" }).waitFor();
  assert.ok(await page.getByRole("link", { name: /Towers of Hanoi/ }).first().isVisible());
  await page.close();
});

test("a disc can be dragged from one peg to another", async () => {
  const { page, errors } = await open("#/hanoi?discs=3&pegs=3&algo=optimal");
  const peg = (name) => page.getByRole("button", { name: new RegExp(`^Peg ${name}`) });
  await peg("A").dragTo(peg("C"));
  await waitForHash(page, /moves=AC(&|$)/);
  await peg("A").dragTo(peg("C"));
  await page.getByRole("alert").filter({ hasText: "cannot go onto the smaller disc" }).waitFor();
  assert.match(await page.locator(".status").textContent(), /^1 move so far; goal: /, "the refused move's pick is no longer named");
  await peg("A").dragTo(peg("B"));
  await waitForHash(page, /moves=AC,AB(&|$)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a drag moves what it drags, whatever was picked before", async () => {
  const { page, errors } = await open("#/hanoi?discs=3&pegs=3&algo=optimal&moves=AC", { width: 393, height: 851 });
  const peg = (name) => page.getByRole("button", { name: new RegExp(`^Peg ${name}`) });
  await peg("C").click();
  await page.locator(".status").filter({ hasText: "Picked peg C: now pick where its top disc goes, or peg C again to put it back." }).waitFor();
  // While the pointer holds peg A, that peg is marked as carried; let go off the board, the
  // mark goes and nothing moves.
  const held = () => page.locator(".places .place.held").getAttribute("aria-label", { timeout: 2000 });
  await peg("A").hover();
  await page.mouse.down();
  assert.match(await held(), /^Peg A/, "the peg held is marked");
  await page.mouse.move(5, 5, { steps: 3 });
  await page.mouse.up();
  await page.locator(".places .place.held").waitFor({ state: "detached", timeout: 2000 });
  assert.match(page.url(), /moves=AC(&|$)/, "a drag let go off the board moves nothing");
  await peg("A").dragTo(peg("B"));
  await waitForHash(page, /moves=AC,AB(&|$)/);
  await page.locator(".said").filter({ hasText: /disc 2 from peg A to peg B/ }).waitFor({ state: "attached" });
  assert.equal(await peg("C").getAttribute("aria-label"), "Peg C: discs 1, top 1", "the pick is gone");
  // The drawing is the board: no empty band around it takes a finger.
  const [board, drawing] = await page.locator("svg.towers").evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    return [[box.width, box.height], w / h];
  });
  assert.ok(Math.abs(board[0] / board[1] - drawing) < 0.02, `the board's box ${board} has its drawing's shape ${drawing}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("comparing every algorithm on 20 discs keeps the page responsive", async () => {
  const { page, errors } = await open("#/hanoi?discs=20&pegs=3&algo=optimal");
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  // The main thread keeps answering while the worker compares: every probe (a zero-delay
  // timer) fires, and the page redraws as the comparison goes on (its counters, the table's
  // rows). The lag is printed only.
  let worst = 0;
  const seen = new Set();
  while (!(await status(page).innerText()).includes("Comparison finished")) {
    seen.add(await page.locator("main").innerText());
    const lag = await page.evaluate(() => new Promise((done) => {
      const start = performance.now();
      setTimeout(() => done(performance.now() - start), 0);
    }));
    worst = Math.max(worst, lag);
    await page.waitForTimeout(50);
  }
  console.log(`20-disc comparison: worst main-thread lag ${worst.toFixed(0)} ms, ${seen.size} different pages seen`);
  assert.ok(seen.size >= 2, "the page redrew while the comparison ran");
  const rows = page.locator("table.compare tbody tr");
  const optimal = rows.filter({ hasText: "Direct method" }).locator("td").first();
  assert.equal(await optimal.innerText(), "1,048,575");
  // A search that ran out of memory says so, rather than "not optimal".
  assert.equal(await rows.filter({ hasText: "Breadth-first" }).locator("td").nth(1).innerText(), "stopped: memory");
  assert.deepEqual(errors, []);
  await page.close();
});

test("keyboard only: Enter on Solve, then Space plays the solution; no passive-listener warnings", async () => {
  const { page, errors } = await open("#/hanoi?discs=3&pegs=3&algo=optimal", { width: 1024, height: 768 });
  const warnings = [];
  page.on("console", (m) => { if (/passive event listener/i.test(m.text())) warnings.push(m.text()); });
  await page.getByRole("button", { name: "Solve", exact: true }).focus();
  await page.keyboard.press("Enter");
  await status(page).filter({ hasText: "Solved: 7 moves" }).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Play");
  await page.keyboard.press(" ");
  await page.getByRole("button", { name: "Pause" }).waitFor();
  await page.locator(".counter").filter({ hasText: /step [1-7] \/ 7/ }).waitFor();
  // Space on another focused button presses that button, not the page's shortcut.
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await page.getByRole("button", { name: "Reset" }).focus();
  await page.keyboard.press(" ");
  await counterShows(page, "step 0 / 7");
  assert.equal(await page.getByRole("button", { name: "Play" }).count(), 1, "Space pressed Reset, not play");
  // Arrow keys step the solution and do not scroll the page.
  await page.keyboard.press("ArrowRight");
  await counterShows(page, "step 1 / 7");
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(warnings, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("during playback the move counter follows the step and Undo waits until playback stops", async () => {
  const { page, errors } = await open("#/hanoi?discs=5&pegs=3&algo=optimal", { width: 1024, height: 768 });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 31 moves" }).waitFor();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.locator(".move-counter").filter({ hasText: /^Moves: 2\b/ }).waitFor();
  const undo = page.getByRole("button", { name: "Undo", exact: true });
  assert.equal(await undo.isEnabled(), true);
  await page.getByRole("button", { name: "Play", exact: true }).click();
  assert.equal(await undo.isDisabled(), true, "no Undo while the solution plays");
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  assert.equal(await undo.isEnabled(), true);
  // Undo on a step of the solution steps back: the solution stays, and the words say both.
  for (const key of ["Home", ".", ".", "."]) await page.keyboard.press(key);
  await page.keyboard.press("u");
  await page.locator(".said").filter({ hasText: /^Move 3 undone\. Step 2 of 31/ }).waitFor({ timeout: 3000 });
  await page.locator(".playback-bar").filter({ hasText: "step 2 / 31" }).waitFor({ timeout: 3000 });
  await page.keyboard.press(".");
  await page.locator(".playback-bar").filter({ hasText: "step 3 / 31" }).waitFor({ timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});
