// End-to-end checks of the puzzle.py classics (jugs, marbles, golf tees, sliding blocks) on
// the release build: solve and step through, play by hand, edit, explore, bad links.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, shots, waitForHash } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const solve = (page) => page.getByRole("button", { name: "Solve", exact: true }).click();

test("jugs: seven pours to 0, 4, 4, each explained; pours by hand with keys", async () => {
  const { page, errors } = await open("#/jugs?capacity=3,5,8&start=0,0,8&goal=0,4,4&algo=bfs", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: "Solved: 7 moves (the shortest)" }).waitFor();
  for (let i = 0; i < 7; i++) await page.keyboard.press(".");
  const jugs = await page.locator(".board .place").evaluateAll((gs) => gs.map((g) => g.getAttribute("aria-label")));
  assert.deepEqual(jugs, ["Jug A: 0 of 3 litres", "Jug B: 4 of 5 litres", "Jug C: 4 of 8 litres"]);
  assert.match(await page.locator(".step-note").innerText(), /^Pour /);
  await page.screenshot({ path: `${shots}/jugs-1024x768.png` });
  await page.keyboard.press("Home");
  await page.keyboard.press("1");
  await page.getByRole("alert").filter({ hasText: "Jug A is empty: pick a jug with water in it." }).waitFor();
  // Pressed on the board, the refusal is answered by its alert alone, not by the jug's name.
  await page.locator(".alert .dismiss").click();
  const round = () => page.locator(".said span").getAttribute("data-round");
  const before = await round();
  await page.locator(".board .place").first().click();
  await page.getByRole("alert").filter({ hasText: "Jug A is empty" }).waitFor();
  assert.equal(await round(), before, "nothing said over the alert (the place's name not read again)");
  assert.notEqual(await page.locator(".said").innerText(), "Jug A: 0 of 3 litres");
  await page.keyboard.press("3");
  await status(page).filter({ hasText: "Picked jug C: now pick the jug to pour into, or jug C again to put it back." }).waitFor();
  // Put back, it says so; picked again, it is the jug to pour from.
  await page.keyboard.press("3");
  await status(page).filter({ hasText: /^Put jug C back: nothing is picked\. Pour until/ }).waitFor();
  await page.keyboard.press("3");
  await status(page).filter({ hasText: "Picked jug C" }).waitFor();
  await page.keyboard.press("2");
  await waitForHash(page, /moves=CB/);
  assert.equal(await page.locator(".step-note").innerText(), "");
  assert.match(await page.locator(".board .place").nth(1).getAttribute("aria-label"), /5 of 5/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("jugs: breadth- and depth-first compared; an impossible goal is refused with the reason", async () => {
  const { page, errors } = await open("#/jugs");
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor();
  assert.equal(await page.locator("table.compare tbody tr").count(), 2);
  const bad = await open("#/jugs?goal=0,4,5");
  await bad.page.getByRole("alert").filter({ hasText: "pouring never changes the total" }).waitFor();
  // A goal no pour reaches: solved, not found; a step key then says the status has the reason.
  await page.evaluate(() => { location.hash = "#/jugs?capacity=2,4,8&start=0,0,8&goal=1,3,4"; });
  await page.locator(".board .place").first().waitFor();
  await solve(page);
  await status(page).filter({ hasText: "cannot be reached" }).waitFor();
  await page.locator("body").focus();
  await page.keyboard.press(".");
  await page.locator(".said").filter({ hasText: "The last solve gave no steps to play: the status says why." }).waitFor({ state: "attached" });
  assert.deepEqual([...errors, ...bad.errors], []);
  await page.close();
  await bad.page.close();
});

test("marbles: the shortest solutions are counted; a click moves a marble", async () => {
  const { page, errors } = await open("#/marbles?n=4&gap=3&alternate=1", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: "2,856,332 different shortest solutions" }).waitFor();
  await page.keyboard.press("Home");
  await page.getByRole("button", { name: "slot 4: white marble" }).click();
  await waitForHash(page, /moves=4-5/);
  assert.equal(await status(page).innerText(), "Black's turn.");
  await page.getByRole("button", { name: "slot 3: white marble" }).click();
  await page.getByRole("alert").filter({ hasText: "black's turn" }).waitFor();
  // An empty slot pressed says so (it was silent).
  await page.getByRole("button", { name: "slot 4: empty" }).press("Enter");
  await page.getByRole("alert").filter({ hasText: "Slot 4 is empty: pick a marble" }).waitFor();
  await page.screenshot({ path: `${shots}/marbles-1024x768.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test("golf tees: a jump by clicks, an edited start, reachable positions counted", async () => {
  const { page, errors } = await open("#/golf-tee?pos=011111111111111", PROJECTOR);
  // The picking rule: an empty hole picks nothing, another tee is picked instead, the
  // picked tee pressed again is put back.
  await page.getByRole("button", { name: /^Hole 0, .*: empty/ }).click();
  await page.getByRole("alert").filter({ hasText: "Hole 0 is empty: pick a hole with a tee in it." }).waitFor();
  await page.getByRole("button", { name: /^Hole 5, .*: tee$/ }).click();
  await page.getByRole("button", { name: /^Hole 3, .*: tee$/ }).click();
  await status(page).filter({ hasText: "Picked the tee in hole 3: now pick the empty hole to jump into, or the tee in hole 3 again to put it back." }).waitFor();
  await page.getByRole("button", { name: /^Hole 3, .*: tee, picked to jump$/ }).click();
  assert.equal(await page.getByRole("button", { name: /picked to jump/ }).count(), 0);
  // A jump the rules refuse drops the pick, and the status no longer names it.
  await page.getByRole("button", { name: /^Hole 4, .*: tee$/ }).click();
  await page.getByRole("button", { name: /^Hole 0, .*: empty/ }).click();
  await page.getByRole("alert").filter({ hasText: "That jump is not allowed" }).waitFor();
  assert.match(await status(page).textContent(), /^\d+ tees\. Jump a tee/);
  await page.getByRole("button", { name: /^Hole 3, .*: tee$/ }).click();
  await page.getByRole("button", { name: /^Hole 0, .*: empty/ }).click();
  await waitForHash(page, /moves=3-0/);
  await page.getByRole("button", { name: "Restart" }).click();
  await page.keyboard.press("e");
  await page.getByRole("button", { name: /^Hole 14, .*: tee$/ }).click();
  await waitForHash(page, /pos=011111111111110/);
  await page.keyboard.press("e");
  await page.getByLabel("Count reachable positions").selectOption("1");
  await solve(page);
  await status(page).filter({ hasText: /positions reachable from the start/ }).waitFor();
  await page.screenshot({ path: `${shots}/golf-tee-1024x768.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test("blocks: the slides' puzzle in 83 moves; a piece slid by click and by key; a bad layout named", async () => {
  const { page, errors } = await open("#/blocks?layout=11221133450067886799", PROJECTOR);
  await solve(page);
  await status(page).filter({ hasText: "Solved: 83 moves (the shortest)" }).waitFor();
  await page.keyboard.press("Home");
  await page.getByRole("button", { name: /: piece 5$/ }).first().click();
  await page.getByRole("button", { name: /: empty$/ }).first().click();
  await waitForHash(page, /moves=5R/);
  // A move by two presses drops the pick (the picking rule of every two-place board): the
  // next press on the piece picks it again, and the arrow keys steer the piece picked.
  assert.equal(await page.getByRole("button", { name: /: piece 5, picked$/ }).count(), 0);
  await page.getByRole("button", { name: /: piece 5$/ }).first().click();
  await status(page).filter({ hasText: "Picked piece 5: now pick an empty cell beside it (or, away from the board's cells, press an arrow key), or piece 5 again to put it back." }).waitFor();
  await page.keyboard.press("ArrowLeft");
  await waitForHash(page, /moves=5R,5L/);
  await page.keyboard.press("ArrowRight");
  await waitForHash(page, /moves=5R,5L,5R/);
  // Picked again, then put back: said; picked, then Solve: the solution plays its own moves,
  // nothing stays picked.
  await page.getByRole("button", { name: /: piece 5, picked$/ }).first().click();
  await status(page).filter({ hasText: /^Put piece 5 back: nothing is picked\./ }).waitFor();
  await page.getByRole("button", { name: /: piece 5$/ }).first().click();
  await page.getByRole("button", { name: /: piece 5, picked$/ }).first().waitFor();
  await page.keyboard.press("s");
  await page.locator(".playback-bar button[aria-label='Play']:not([disabled])").waitFor({ timeout: 60000 });
  assert.equal(await page.getByRole("button", { name: /, picked$/ }).count(), 0, "no piece stays picked after Solve");
  await page.screenshot({ path: `${shots}/blocks-1024x768.png` });
  const bad = await open("#/blocks?layout=1121113345006788679x");
  await bad.page.getByRole("alert").filter({ hasText: "piece 1 is not a rectangle" }).waitFor();
  assert.deepEqual([...errors, ...bad.errors], []);
  await page.close();
  await bad.page.close();
});
