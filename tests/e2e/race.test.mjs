// Races (`race=a,b`): lanes on one clock, ending where the CLI's solves end; a `t=` link
// reopens the same tick; CSV export; screenshots of a 2-lane and a 4-lane race at 1024×768.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { open, shots, hash, waitForHash, seriousViolations, assertInView, smallText } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const cli = (link) => JSON.parse(execFileSync(new URL("../../target/debug/puzzlelab", import.meta.url).pathname,
  ["solve", link], { encoding: "utf8" }));
const moment = (page) => page.locator(".moment-count");
const lanes = (page) => page.locator("section.lane");

test("three lanes end where the CLI's solves end; a t= link reopens the same tick", async () => {
  const board = "#/sliding?size=3&seed=3&shuffle=20";
  const { page, errors } = await open(`${board}&race=bfs,astar,idastar`, PROJECTOR);
  await moment(page).waitFor({ timeout: 60000 });
  assert.equal(await lanes(page).count(), 3);
  await page.keyboard.press("End");
  await moment(page).filter({ hasText: /^tick ([\d,]+) of \1$/ }).waitFor();
  // The lanes and the winner are named as the algorithm menu names them, not by link words.
  assert.deepEqual(await page.locator(".lane h3").allTextContents(),
    ["1 Breadth-first", "2 A* with Manhattan distance", "3 IDA*, Manhattan + linear conflicts"]);
  assert.match(await page.locator(".search-said").textContent(),
    /every lane has ended\. IDA\*, Manhattan \+ linear conflicts finished first, at \d+ expanded; Breadth-first needed [\d,]+ times as many/);
  const ends = await page.locator(".lane-state").allTextContents();
  for (const [i, algo] of ["bfs", "astar", "idastar"].entries()) {
    const alone = cli(`${board}&algo=${algo}`);
    assert.match(ends[i], new RegExp(`done at ${alone.expanded.toLocaleString("en-US")} expanded: ${alone.length} moves`), algo);
  }
  await page.screenshot({ path: `${shots}/race-3-lanes-1024x768.png` });
  assert.deepEqual(await seriousViolations(page), []);
  // Back to the first lane's end, then share the tick.
  await page.keyboard.press("Home");
  await page.keyboard.press("}");
  const first = cli(`${board}&algo=idastar`).expanded; // IDA* ends first
  await moment(page).filter({ hasText: new RegExp(`^tick ${first} of`) }).waitFor();
  await waitForHash(page, new RegExp(`race=bfs,astar,idastar.*t=${first}`));
  const counts = await page.locator(".lane-counts").allTextContents();
  const reopened = await open(hash(page), PROJECTOR);
  await moment(reopened.page).filter({ hasText: new RegExp(`^tick ${first} of`) }).waitFor({ timeout: 60000 });
  assert.deepEqual(await reopened.page.locator(".lane-counts").allTextContents(), counts);
  // The CSV of the ticks downloads, even asked for during play; the race then answers again.
  await page.keyboard.press(" ");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), "race.csv");
  await page.keyboard.press("Home");
  await moment(page).filter({ hasText: /^tick 0 of/ }).waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(reopened.errors, []);
  await reopened.page.close();
  await page.close();
});

test("a Sudoku race on guesses, a genetic race of two seeds, and four lanes at once", async () => {
  for (const [name, link, count] of [
    ["sudoku-guesses", "#/sudoku?race=propagate,backtrack&clock=guesses", 2],
    ["queens-seeds", "#/queens?n=8&race=genetic,genetic&seeds=1,2&clock=generations", 2],
    ["sliding-4-lanes", "#/sliding?size=3&seed=3&shuffle=12&race=bfs,dfs,greedy,astar&clock=generated", 4],
    ["fifteen", "#/sliding?size=4&seed=1&shuffle=16&race=bfs,astar", 2],
  ]) {
    const { page, errors } = await open(link, PROJECTOR);
    await moment(page).waitFor({ timeout: 60000 });
    assert.equal(await lanes(page).count(), count, name);
    await page.keyboard.press("End");
    await moment(page).filter({ hasText: /^tick ([\d,]+) of \1$/ }).waitFor();
    // At the end every lane has ended, and says how: finished, with no solution, or stopped.
    const states = await page.locator(".lane-state").allTextContents();
    assert.equal(states.length, count, name);
    for (const state of states) assert.match(state, /^((done|ended|stopped) at [\d,]+ |stopped by the race.s limit)/, `${name}: ${state}`);
    for (const lane of await lanes(page).all()) {
      const box = await lane.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 768, `${name}: every lane on screen ${JSON.stringify(box)}`);
    }
    await page.screenshot({ path: `${shots}/race-${name}-1024x768.png` });
    // On the projector every lane stays in view and every number is at least 18 px.
    await page.keyboard.press("p");
    await page.locator("html[data-presenting=on]").waitFor();
    for (const [i, lane] of (await lanes(page).all()).entries()) {
      await assertInView(page, lane, `${name}: lane ${i + 1} in presentation mode`);
    }
    assert.deepEqual(await smallText(page), [], `${name}: every word at least 18 px in presentation mode`);
    await page.screenshot({ path: `${shots}/race-${name}-1024x768-present.png` });
    assert.deepEqual(errors, [], name);
    await page.close();
  }
});
