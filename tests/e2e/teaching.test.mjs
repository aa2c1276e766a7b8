// A lesson taught from the screen without a stumble (issue 50): predict mode asks without giving
// the answer away and scores each question once; a lesson's QR code fits the projector and
// decodes, from the keyboard and from the presenter; Space plays whatever was clicked last; a
// seeded run draws the same chart at any CPU speed; the status names its algorithm and is never
// another algorithm's; nothing moves under the pointer while stepping.
import { test } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { open, shots, status, counterShows, pythonLesson, assertInView } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const GUIDE_BOARD = "#/sliding?size=3&seed=1&shuffle=30";

/** The text of the QR code drawn in `locator`, read from a screenshot of it. */
async function decode(locator) {
  const png = PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.ok(found, "the drawn QR code decodes");
  return found.data;
}

/** Waits (up to a slow solve's time) for the playback counter to read `text` exactly. */
const counterReaches = (page, text) =>
  page.locator(".counter").filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: 30000 });

const candidates = (page) => page.locator(".predict-cards li[data-node]");

test("predict mode asks: shuffled candidates large on the projector, the rule with the answer, one score per question", async () => {
  const { page, errors } = await open(`${GUIDE_BOARD}&algo=astar&view=search&t=40&predict=1`, PROJECTOR);
  for (const presenting of [false, true]) {
    if (presenting) await page.keyboard.press("p");
    await candidates(page).first().waitFor();
    const caption = await page.locator(".predict-cards figcaption").textContent();
    assert.match(caption, /shuffled/);
    assert.doesNotMatch(caption, /smallest f|deeper/, "the rule comes with the answer");
    // The class sees every candidate whole, with its g, h and f.
    const cards = await candidates(page).count();
    assert.ok(cards >= 3, `${cards} candidates`);
    for (let i = 0; i < cards; i++) {
      await assertInView(page, candidates(page).nth(i), `candidate ${i + 1} of ${cards}`);
      assert.match(await candidates(page).nth(i).locator(".facts").textContent(), /g \d+ · h \d+ · f \d+/);
    }
    const size = await candidates(page).first().locator(".facts").evaluate((f) => parseFloat(getComputedStyle(f).fontSize));
    assert.ok(size >= 18, `candidates' numbers at ${size} px`);
  }
  await page.screenshot({ path: `${shots}/predict-1024x768.png` });
  // A pick is scored once, even when the same question comes again.
  await candidates(page).first().locator("button").click();
  const verdict = page.locator(".predict-verdict");
  await verdict.filter({ hasText: /^(Right|Not this one)/ }).waitFor();
  assert.match(await page.locator(".predict-score").textContent(), /of 1 right/);
  assert.ok(await verdict.evaluate((v) => v === document.activeElement), "the focus is on the verdict");
  await page.locator("table.frontier caption").filter({ hasText: /smallest f/ }).waitFor();
  await page.keyboard.press("]");
  await candidates(page).first().waitFor();
  const second = await page.locator(".moment-count").textContent();
  await candidates(page).first().locator("button").click();
  await verdict.filter({ hasText: /^(Right|Not this one)/ }).waitFor();
  assert.match(await page.locator(".predict-score").textContent(), /of 2 right/, "a new question after ]");
  await page.keyboard.press("g");
  await page.keyboard.press("g");
  await page.locator(".moment-count").filter({ hasText: second }).waitFor();
  await candidates(page).first().locator("button").click();
  await verdict.filter({ hasText: /^(Right|Not this one)/ }).waitFor();
  assert.match(await page.locator(".predict-score").textContent(), /of 2 right/, "the same question is scored once");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a lesson's QR code fits the projector and decodes to the lesson at its step, by q and from the presenter", async () => {
  const { page, errors } = await open("#/lesson?example=search&step=2", PROJECTOR);
  await page.locator(".lesson-count").filter({ hasText: "2 /" }).waitFor({ timeout: 30000 });
  await page.keyboard.press("q");
  const byKey = page.getByRole("dialog", { name: "This page's link as a QR code" }).locator(".qr-picture svg");
  await byKey.waitFor();
  await assertInView(page, byKey, "the QR code");
  const box = await byKey.boundingBox();
  assert.ok(box.height >= 0.5 * 768, `big enough from the back: ${JSON.stringify(box)}`);
  const link = new URL(await decode(byKey));
  assert.match(link.hash, /^#\/lesson\?.*step=2/, link.hash);
  await page.screenshot({ path: `${shots}/lesson-qr-1024x768.png` });
  await page.keyboard.press("q");

  const [presenter] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Open presenter view" }).click(),
  ]);
  await presenter.locator(".presenter .lesson-count").filter({ hasText: "Step 2 /" }).waitFor();
  await presenter.getByRole("button", { name: "QR code of this step" }).click();
  const onProjector = page.getByRole("dialog", { name: "The lesson at this step as a QR code" }).locator(".qr-picture svg");
  await onProjector.waitFor();
  await assertInView(page, onProjector, "the presenter's QR code on the projector");
  assert.equal(new URL(await decode(onProjector)).hash, link.hash, "the same lesson at the same step");
  await presenter.getByRole("button", { name: "Back to the notes" }).click();
  await onProjector.waitFor({ state: "detached" });
  await presenter.close();

  const scanned = await open(link.hash, PROJECTOR);
  await scanned.page.locator(".lesson-count").filter({ hasText: "2 /" }).waitFor({ timeout: 30000 });
  assert.deepEqual(errors, []);
  assert.deepEqual(scanned.errors, []);
  await scanned.page.close();
  await page.close();
});

test("Space plays the solution whichever lesson button was clicked last", async () => {
  const step = { link: "#/hanoi?discs=3&algo=optimal&step=1", note: "Three discs." };
  const lesson = pythonLesson({ v: 1, title: "Space", steps: [step, step, step, step] });
  const { page, errors } = await open(`${lesson}&step=3`, PROJECTOR);
  const where = page.locator(".lesson-count");
  await where.filter({ hasText: "3 / 4" }).waitFor({ timeout: 30000 });
  for (const [name, at] of [["Previous step", "2 / 4"], ["Next step", "3 / 4"]]) {
    const button = page.getByRole("button", { name, exact: true });
    await button.click();
    await where.filter({ hasText: at }).waitFor();
    await counterReaches(page, "step 1 / 7");
    // The solve moved the focus to Play: back on the button clicked, as when a page keeps it.
    await button.focus();
    await page.keyboard.press(" ");
    await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
    assert.equal(await where.textContent(), at, `Space after a click on ${name} plays, the lesson stays`);
    await page.keyboard.press(" ");
    await page.getByRole("button", { name: "Play", exact: true }).waitFor();
  }
  // A keyboard user's Space still presses the button the keyboard brought the focus to.
  await page.getByRole("button", { name: "Next step", exact: true }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press(" ");
  await where.filter({ hasText: "4 / 4" }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

/** The chart's lines once the run is solved, with the CPU `slower` times slower. */
async function chartOf(link, slower) {
  const { page, errors } = await open(link, PROJECTOR);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slower });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /Solved|Guessed/ }).waitFor({ timeout: 120000 });
  const lines = await page.locator("svg.chart polyline").evaluateAll((ls) => ls.map((l) => l.getAttribute("points")));
  const title = await page.locator(".chart-title, svg.chart .axis-label").allTextContents();
  return { page, errors, lines, title };
}

test("a seeded run draws the same chart at any speed, scaled to be read", async () => {
  for (const link of ["#/tiles264?seed=1690419104&rng=python", "#/phrase?seed=3"]) {
    const fast = await chartOf(link, 1);
    const slow = await chartOf(link, 6);
    assert.equal(fast.lines.length, 2, `${link}: best and mean`);
    // Every generation (the phrase: every new best) offered, not what progress messages caught.
    assert.ok(fast.lines[0].split(" ").length > 30, `${link}: ${fast.lines[0].split(" ").length} points`);
    assert.deepEqual(slow.lines, fast.lines, `${link}: the same chart at 6× slower`);
    assert.deepEqual(slow.title, fast.title);
    if (link.startsWith("#/tiles264")) {
      // Generation 1's random layouts score far worse: cut at the top, said in the title.
      assert.ok(fast.title.some((t) => /off the top/.test(t)), fast.title.join(" | "));
      await fast.page.screenshot({ path: `${shots}/seeded-chart-1024x768.png` });
      // Presented, the key's names, the titles and the y ticks stand apart; the key at 18 px.
      await fast.page.keyboard.press("p");
      await fast.page.locator("html[data-presenting=on]").waitFor();
      const boxes = await fast.page.locator(".chart-key .legend, .chart-title, svg.chart .axis-label, svg.chart .tick.y").evaluateAll((els) =>
        els.map((e) => ({ text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize), ...e.getBoundingClientRect().toJSON() })));
      const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) assert.ok(!overlap(a, b), `"${a.text}" and "${b.text}" overlap`);
      }
      for (const name of boxes.filter((b) => ["best", "mean"].includes(b.text))) {
        assert.ok(name.size >= 18, `the key's "${name.text}" at ${name.size} px`);
      }
      assert.equal(boxes.filter((b) => ["best", "mean"].includes(b.text)).length, 2);
    }
    assert.deepEqual([...fast.errors, ...slow.errors], []);
    await fast.page.close();
    await slow.page.close();
  }
});

test("the status names the algorithm of its result and drops it when the algorithm changes", async () => {
  const { page, errors } = await open(`${GUIDE_BOARD}&algo=astar`, PROJECTOR);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /^A\* with Manhattan distance — Solved: 22 moves/ }).waitFor();
  await page.getByLabel("Algorithm", { exact: true }).selectOption("bfs");
  await status(page).filter({ hasText: /^Breadth-first with these settings: not run yet/ }).waitFor();
  assert.doesNotMatch(await status(page).textContent(), /expanded/, "A*'s numbers are gone");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /^Breadth-first — Solved: 22 moves/ }).waitFor({ timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("nothing moves under the pointer while a solution or a search is stepped", async () => {
  const { page, errors } = await open(`${GUIDE_BOARD}&algo=astar&step=8`, PROJECTOR);
  await counterReaches(page, "step 8 / 22");
  const boxes = (selector) => page.locator(selector).evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return [Math.round(r.x), Math.round(r.y)];
  }));
  const playback = await boxes(".playback button");
  for (let i = 0; i < 3; i++) await page.keyboard.press(".");
  await counterShows(page, "step 11 / 22");
  assert.deepEqual(await boxes(".playback button"), playback, "the playback buttons stay put from step 8 to 11");
  const speed = await boxes(".speed-group button");
  assert.equal(speed[0][1], speed[1][1], "− and + on one line, beside the speed they change");

  await page.keyboard.press("v");
  await page.locator(".search-steps button").first().waitFor();
  await page.locator(".moment-count").filter({ hasText: /^event 0 of/ }).waitFor();
  const steps = await boxes(".search-steps button");
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press(".");
    assert.deepEqual(await boxes(".search-steps button"), steps, `the step buttons stay put (press ${i + 1})`);
  }
  await page.locator(".moment-count").filter({ hasText: /^event [3-5]\d of/ }).waitFor();
  assert.deepEqual(await boxes(".search-steps button"), steps, "the step buttons stay put");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the example lesson's race, presented at 1024×768, shows its three lanes whole at the finish", async () => {
  const { page, errors } = await open("#/lesson?example=search&step=4", PROJECTOR);
  await page.locator(".lane").first().waitFor({ timeout: 30000 });
  await page.keyboard.press("p");
  await page.locator("html[data-presenting=on]").waitFor();
  await page.keyboard.press("End");
  await page.locator(".lane.ended").nth(2).waitFor();
  const lanes = page.locator(".lane");
  assert.equal(await lanes.count(), 3);
  for (let i = 0; i < 3; i++) await assertInView(page, lanes.nth(i), `lane ${i + 1}`);
  // IDA*'s frontier is its path: at the finish it names the most it kept, not 0.
  assert.match(await lanes.nth(2).innerText(), /in the frontier \d+ \(at most (1[89]|2\d)\)/);
  assert.deepEqual(errors, []);
  await page.close();
});
