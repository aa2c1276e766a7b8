// End-to-end checks of the sliding-tile page on the release build.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, shots, waitForHash, counterShows } from "./harness.mjs";

const EIGHT = "#/sliding?size=3&tiles=8,6,7,2,5,4,3,0,1&algo=astar";
const boardLabel = (page) => page.locator("svg.tiles").getAttribute("aria-label");

test("solves a 3×3 through the worker, steps, and a shared link restores board and step", async () => {
  const { page, errors } = await open(EIGHT);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /Solved: 31 moves, [\d,]+ nodes expanded, .*, optimal/ }).waitFor();
  for (let i = 0; i < 3; i++) await page.keyboard.press(".");
  await counterShows(page, "step 3 / 31");
  await waitForHash(page, /step=3$/);
  const shown = await boardLabel(page);
  assert.notEqual(shown, "3×3 sliding puzzle: 8,6,7,2,5,4,3,0,1");
  await page.screenshot({ path: `${shots}/sliding-1920x1080.png` });
  const { page: again } = await open(hash(page), { width: 1024, height: 768 });
  await again.locator(".counter").filter({ hasText: "step 3 / 31" }).waitFor();
  assert.equal(await boardLabel(again), shown);
  await again.screenshot({ path: `${shots}/sliding-1024x768.png` });
  assert.deepEqual(errors, []);
  await page.close();
  await again.close();
});

test("cancel stops a long 4×4 breadth-first search", async () => {
  const { page } = await open("#/sliding?size=4&seed=1&shuffle=uniform&algo=bfs");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".live-counters").filter({ hasText: /[1-9][\d,]* nodes expanded/ }).waitFor();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await status(page).filter({ hasText: "Cancelled after" }).waitFor({ timeout: 2000 });
  await page.close();
});

test("playing by clicking and with arrow keys; refused slides are explained", async () => {
  const { page } = await open("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0&algo=astar");
  await page.getByRole("button", { name: /^Row 3, column 2: tile 8/ }).click();
  await waitForHash(page, /moves=L(&|$)/);
  await page.keyboard.press("ArrowDown");
  await waitForHash(page, /moves=L,U(&|$)/);
  await page.getByRole("button", { name: /^Row 1, column 1: tile 1, in its place$/ }).click();
  await page.getByRole("alert").filter({ hasText: "Only a tile next to the blank can slide" }).waitFor();
  assert.match(await page.locator(".move-counter").innerText(), /Moves: 2/);
  await page.close();
});

test("an unsolvable board is explained by the link's reader, and a solvable one is shown instead", async () => {
  const { page, errors } = await open("#/sliding?size=4&tiles=1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0&algo=idastar");
  await page.getByRole("alert").filter({ hasText: "tiles: this board cannot be solved" }).waitFor();
  await waitForHash(page, /tiles=(?!1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0)/);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".status").filter({ hasText: /Solved/ }).waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("compare shows every algorithm's length, cost and optimality on one board", async () => {
  const { page } = await open("#/sliding?size=3&tiles=1,2,3,4,0,6,7,5,8&algo=auto");
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 20000 });
  const rows = page.locator("table.compare tbody tr");
  assert.equal(await rows.count(), 8, "pdb is for 4×4 boards and is left out");
  const astar = rows.filter({ has: page.locator("th", { hasText: /^A\* with Manhattan distance/ }) }).locator("td");
  assert.equal(await astar.nth(0).innerText(), "2");
  assert.equal(await astar.nth(1).innerText(), "yes");
  // Picking a row solves again with that algorithm and plays its solution.
  await rows.filter({ has: page.locator("th", { hasText: /^Breadth-first/ }) }).click();
  await status(page).filter({ hasText: "Solved: 2 moves" }).waitFor();
  await waitForHash(page, /algo=bfs/);
  await page.locator(".playback .counter").filter({ hasText: "step 0 / 2" }).waitFor();
  assert.equal(await rows.count(), 8, "the comparison stays");
  await page.close();
});

test("the solution animation downloads as a GIF", async () => {
  const { page } = await open("#/sliding?size=3&tiles=1,2,3,4,0,6,7,5,8&algo=astar");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved: 2 moves" }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export GIF of the animation" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "sliding-3x3-2-moves.gif");
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  assert.equal(Buffer.concat(chunks).subarray(0, 6).toString(), "GIF89a");
  await page.close();
});
