// End-to-end checks of the genetic-algorithm pages (264 square, N queens, phrase).
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, shots, waitForHash, solveInWorker, HARNESS } from "./harness.mjs";

test("the 264 square replays a seeded run and draws the chart", async () => {
  const { page, errors } = await open("#/tiles264?seed=2");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved after 1,921 generations" }).waitFor({ timeout: 30000 });
  assert.match(await page.locator("svg.square").getAttribute("aria-label"), /every line 264/);
  // The run replays each new best: 21 of them for this seed, shown at the end.
  await page.locator(".playback .counter").filter({ hasText: "step 21 / 21" }).waitFor();
  await page.getByRole("button", { name: "Step back", exact: true }).click();
  assert.ok(await page.locator("svg.square .cell.changed").count() >= 1, "the changed cells are marked");
  assert.doesNotMatch(await page.locator("svg.square").getAttribute("aria-label"), /every line 264/);
  assert.ok(await page.locator("svg.chart").isVisible());
  // Its curves in words too: where each begins and ends.
  const number = "[\\d.,e-]+";
  assert.match(await page.locator("svg.chart").getAttribute("aria-label"), new RegExp(
    `^score \\(0 = solved\\) by generation: best from ${number} at generation ${number} to ${number} at generation ${number}; mean from ${number} at generation ${number} to `));
  await page.screenshot({ path: `${shots}/tiles264-1920x1080.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the exact search lists the solutions up to symmetry", async () => {
  const { page } = await open("#/tiles264?algo=exact");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "1152 solution grids; 144" }).waitFor({ timeout: 60000 });
  await page.getByRole("button", { name: "Next solution" }).click();
  assert.equal(await page.locator(".counter").innerText(), "solution 2 / 144");
  await page.close();
});

test("a number typed out of range moves to the nearest allowed, saying why", async () => {
  const { page } = await open("#/tiles264");
  await page.getByRole("spinbutton", { name: "Flip probability" }).fill("3");
  await page.getByRole("spinbutton", { name: "Flip probability" }).press("Tab");
  await page.getByRole("alert")
    .filter({ hasText: "flip: must be a number from 0 to 1, got '3'; using 1, the nearest allowed" }).waitFor();
  await waitForHash(page, /flip=1&/);
  await page.close();
});

test("N queens counts and the genetic algorithm places non-attacking queens", async () => {
  const { page } = await open("#/queens?n=10&algo=backtracking");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "724 solutions for n = 10, 92 up to rotations and reflections" }).waitFor();
  await page.getByRole("button", { name: "Next solution" }).click();
  assert.equal(await page.locator(".counter").innerText(), "solution 2 / 724");
  // A queen put by hand gives way to the solutions: the board shows the one the counter names.
  const { page: byHand } = await open("#/queens?n=6&algo=backtracking&placed=r1c1");
  await byHand.getByRole("button", { name: "Solve", exact: true }).click();
  await status(byHand).filter({ hasText: "4 solutions for n = 6" }).waitFor();
  await byHand.getByRole("button", { name: "Next solution" }).click();
  assert.equal(await byHand.locator(".counter").innerText(), "solution 2 / 4");
  assert.equal(await byHand.locator(".alert:not(.empty)").count(), 0, "Next is the board's own button, not a tap on the answer");
  // The solution shown is said with its queens: the squares the board draws them on.
  const drawn = await byHand.locator(".board[tabindex='0']").getAttribute("aria-label");
  assert.match(drawn, /^6×6 board, queens at (row \d, column \d(; )?){6}$/);
  assert.equal(await byHand.locator(".said").innerText(), `Solution 2 of 4: ${drawn}.`);
  assert.equal(await byHand.locator("text.queen").count(), 6);
  assert.doesNotMatch(byHand.url(), /placed=/);
  await byHand.close();
  const { page: ga } = await open("#/queens?n=8&algo=genetic&seed=2");
  await ga.getByRole("button", { name: "Solve", exact: true }).click();
  await status(ga).filter({ hasText: "Placed after" }).waitFor({ timeout: 30000 });
  assert.equal(await ga.locator("text.queen").count(), 8);
  await ga.getByRole("button", { name: "Show attacks" }).click();
  assert.equal(await ga.locator("rect.attacked").count(), 64 - 8 - 0, "every empty square is attacked, no queen is");
  // The run replays its 4 improvements (native: tests/cli.rs), the moved queens marked.
  await ga.locator(".playback .counter").filter({ hasText: "step 4 / 4" }).waitFor();
  await ga.getByRole("button", { name: "Step back", exact: true }).click();
  assert.ok(await ga.locator("text.queen.moved").count() >= 1);
  await page.close();
  await ga.close();
});

test("the phrase is guessed with every improvement listed", async () => {
  const { page } = await open("#/phrase?target=Hello%20world&seed=1");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Guessed after" }).waitFor();
  const last = page.locator("table.improvements tbody tr").last().locator("td").first();
  assert.equal(await last.innerText(), "Hello world");
  await page.close();
});

test("phrase: any printable target, a long log folded, a stale alert cleared while typing", async () => {
  const { page, errors } = await open("#/phrase?seed=2", { width: 1024, height: 768 });
  const target = page.getByLabel("Target");
  await target.fill("Año 2026: 100% done, isn't it?");
  await target.press("Enter");
  await waitForHash(page, /target=Año 2026: 100% done, isn't it\?/);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Guessed after" }).waitFor({ timeout: 30000 });
  assert.match(await page.locator("table.improvements caption").innerText(), /letters right, out of 30/);
  assert.equal(await page.locator("table.improvements").first().locator("tbody tr").count(), 12);
  await page.locator("details.more-rows summary").waitFor();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(height < 2000, `the page stays short (${height} px)`);
  // An empty target is refused; typing again clears the alert and keeps what was typed.
  await target.fill("");
  await target.press("Enter");
  await page.getByRole("alert").filter({ hasText: "target: must have 1 to 200 characters" }).waitFor();
  await target.pressSequentially("Hi");
  assert.equal((await page.locator("[role=alert]").textContent()).trim(), "");
  assert.equal(await target.inputValue(), "Hi");
  assert.deepEqual(errors, []);
  await page.close();
});

test("many seeds: how reliable is the algorithm, as a histogram", async () => {
  const { page } = await open("#/tiles264?seed=1&generations=3000&runs=4");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "1 of 4 seeds solved within 3,000 generations" }).waitFor({ timeout: 60000 });
  assert.match(await page.locator("svg.histogram").getAttribute("aria-label"), /4 runs, 3 stuck/);
  await page.close();
});

test("large counts are shared between workers and add up", async () => {
  const { page } = await open("#/queens?n=14&algo=backtracking");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  // 365,596 solutions and 45,752 families for n = 14 (OEIS A000170, A002562).
  await status(page).filter({ hasText: /365,596 solutions for n = 14, 45,752 up to rotations and reflections \(.*counted in \d+ parts, one worker each\)/ }).waitFor({ timeout: 30000 });
  assert.equal(await page.locator("text.queen").count(), 14);
  await page.close();
});

test("the article's seed replays its run with Python's stream", async () => {
  const { page } = await open("#/tiles264?seed=1690419104&rng=python");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Solved after 423 generations" }).waitFor({ timeout: 30000 });
  const values = await page.locator("svg.square .cell").evaluateAll((cells) => cells.map((c) => c.dataset.value).join(", "));
  assert.equal(values, "18, 99, 86, 61, 66, 81, 98, 19, 91, 16, 69, 88, 89, 68, 11, 96");
  assert.match(await page.locator("svg.square").getAttribute("aria-label"), /^264 square, row 1: 18, 99 \(tile 66 turned\), 86, 61 \(tile 19 turned\), sum 264; .*every line 264: solved\.$/);
  const first = page.locator("table.improvements tbody tr").first().locator("td");
  assert.equal(await first.nth(1).innerText(), "0.1423");
  await page.close();
});

test("compare: the 264 square in generations and solutions found, queens by readable names", async () => {
  const { page, errors } = await open("#/tiles264?seed=2", { width: 1024, height: 768 });
  // While the comparison runs, the seed's buttons wait (a run started then would be filed as a
  // comparison row). Checked a frame after the click: the worker has not even loaded by then.
  const seedButtonsWhileComparing = await page.evaluate(async () => {
    document.querySelector("button[aria-label='Compare all algorithms']").click();
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    return [...document.querySelectorAll(".seed-field button")].map((b) => [b.textContent, b.disabled]);
  });
  assert.deepEqual(seedButtonsWhileComparing, [["New seed", true], ["Run this seed", true]]);
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 60000 });
  assert.equal(await page.getByRole("button", { name: "Run this seed" }).isEnabled(), true, "free again");
  const table = page.locator("table.compare");
  const headers = await table.locator("thead th").allTextContents();
  assert.deepEqual(headers, ["Algorithm", "Solved", "Generations", "Solutions found", "Time", "Note"]);
  const genetic = table.locator("tbody tr", { has: page.locator("th", { hasText: /^Genetic algorithm/ }) });
  assert.deepEqual((await genetic.locator("td").allTextContents()).slice(0, 2), ["yes", "1,921"]);
  const exact = table.locator("tbody tr", { has: page.locator("th", { hasText: /^Exact search/ }) });
  assert.equal(await exact.locator("td").nth(2).innerText(), "1,152");
  const queens = await open("#/queens?n=6", { width: 1024, height: 768 });
  await queens.page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(queens.page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 60000 });
  const labels = await queens.page.locator("table.compare tbody th").allTextContents();
  assert.ok(labels.every((l) => l.includes(" ")), `readable names: ${labels}`);
  assert.match(await queens.page.locator("table.compare thead").innerText(), /Solutions found/);
  assert.deepEqual([...errors, ...queens.errors], []);
  await page.close();
  await queens.page.close();
});

test("what a page shows travels in its link: the solution listed, attacks, playback speed", async () => {
  const { page, errors } = await open("#/queens?n=6&algo=backtracking&shown=3&attacks=1");
  await page.locator(".counter").filter({ hasText: "solution 3 / 4" }).waitFor();
  assert.equal(await page.getByRole("button", { name: "Show attacks" }).getAttribute("aria-pressed"), "true");
  await page.getByRole("button", { name: "Next solution" }).click();
  await waitForHash(page, /shown=4&attacks=1/);
  await page.getByRole("button", { name: "Show attacks" }).click();
  await waitForHash(page, /n=6&algo=backtracking&shown=4&step=0$/);
  const square = await open("#/tiles264?algo=exact&shown=7");
  await square.page.locator(".counter").filter({ hasText: "solution 7 / 144" }).waitFor({ timeout: 30000 });
  await square.page.keyboard.press("ArrowRight");
  await waitForHash(square.page, /shown=8/);
  // One solution: nothing to page to, and Previous and Next look it.
  const alone = await open("#/alphametics?equation=SEND%20%2B%20MORE%20%3D%3D%20MONEY&algo=columns");
  await alone.page.getByRole("button", { name: "Solve", exact: true }).click();
  await alone.page.locator(".counter").filter({ hasText: "solution 1 / 1" }).waitFor({ timeout: 30000 });
  for (const name of ["Previous solution", "Next solution"]) {
    assert.ok(await alone.page.getByRole("button", { name }).isDisabled(), name);
  }
  await alone.page.close();
  const hanoi = await open("#/hanoi?discs=3&algo=optimal");
  await hanoi.page.getByRole("button", { name: "Solve", exact: true }).click();
  await hanoi.page.locator(".speed").filter({ hasText: "speed 3/7" }).waitFor();
  await hanoi.page.getByRole("button", { name: "Faster" }).click();
  await waitForHash(hanoi.page, /speed=4/);
  const again = await open(hash(hanoi.page));
  await again.page.getByRole("button", { name: "Solve", exact: true }).click();
  await again.page.locator(".speed").filter({ hasText: "speed 4/7" }).waitFor();
  assert.deepEqual([...errors, ...square.errors, ...hanoi.errors, ...again.errors], []);
  for (const p of [page, square.page, hanoi.page, again.page]) await p.close();
});

test("phrase: a finished run replays its improvements step by step, the changed letter marked", async () => {
  const { page, errors } = await open("#/phrase?target=Hello%20world&seed=1", { width: 1024, height: 768 });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Guessed after" }).waitFor();
  const improvements = await page.locator("table.improvements tbody tr").count();
  // Shown as it finished; Reset goes back to the start of the replay.
  await page.locator(".playback .counter").filter({ hasText: `step ${improvements} / ${improvements}` }).waitFor();
  await page.getByRole("button", { name: "Reset", exact: true }).click();
  await page.locator(".playback .counter").filter({ hasText: `step 0 / ${improvements}` }).waitFor();
  await page.getByRole("button", { name: "Step", exact: true }).click();
  await page.getByRole("button", { name: "Step", exact: true }).click();
  assert.equal(await page.locator(".phrase-guess .changed").count(), 1, "one letter changed per improvement");
  await page.getByRole("button", { name: "Faster" }).click();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.locator(".playback .counter").filter({ hasText: `step ${improvements} / ${improvements}` })
    .waitFor({ timeout: 20000 });
  assert.equal(await page.locator(".phrase-guess").innerText(), "Hello world");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a browser without WebAssembly SIMD gets the plain worker, which replays the same runs", async () => {
  const { page, errors } = await open("#/", undefined, async () => {}, HARNESS);
  const wasm = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname.split("/").pop();
    if (name.endsWith(".wasm") && name.startsWith("worker")) wasm.push(name);
  });
  const solve = (link, hideSimd) => solveInWorker(page, link, hideSimd ? "WebAssembly.validate = () => false;" : "");
  const run = (report) => JSON.stringify(report, (key, value) => (key === "elapsed_ms" ? undefined : value));
  // CPython's Mersenne Twister and ChaCha8 (both have SIMD code), at the native CLI's counts.
  for (const [link, generations] of [["#/tiles264?seed=1690419104&rng=python", 423], ["#/tiles264?seed=2&rng=chacha", 1921]]) {
    wasm.length = 0;
    const vector = await solve(link, false);
    const plain = await solve(link, true);
    assert.deepEqual(wasm.map((name) => name.replace(/-[0-9a-f]{16}_bg/, "_bg")), ["worker-simd_bg.wasm", "worker_bg.wasm"]);
    assert.equal(vector.generations, generations, `${link}: as natively`);
    assert.equal(run(plain), run(vector), `${link}: the same generations, improvements and checkpoints`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
