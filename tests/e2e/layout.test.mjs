// Every puzzle page, found from the landing page's cards (so a new puzzle is covered without
// editing this file), at the projector sizes: after a solve, the board, the status line, the
// playback controls (where the page plays solutions back) and a genetic run's chart are all
// inside the window without scrolling; the header's menu shows every puzzle on screen; presentation mode keeps only board, status and playback, with
// nothing covering a control and every word a student reads at least 18 px; the link of what
// is shown (a solution at a step) reopens it exactly. axe-core finds no serious or critical
// accessibility violation. Screenshots of each page at both sizes (and at 1024×768 in the dark theme and in
// presentation mode) go to tests/e2e/screenshots/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, shots, QUICK, seriousViolations, assertInView, controlsCovered, smallText } from "./harness.mjs";

const SIZES = [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }];

/** Pages whose answer is not played back (a classifier's scores); a new page is expected to have playback. */
const NO_PLAYBACK = new Set(["bayes"]);

async function puzzleNames() {
  const { page } = await open("#/");
  const hrefs = await page.locator(".cards a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await page.close();
  return hrefs.map((h) => h.replace("#/", ""));
}

/** The board and the status line once the page has settled (a link that solves has solved). */
async function shown(page) {
  await page.getByRole("button", { name: "Solve", exact: true }).and(page.locator(":enabled"))
    .waitFor({ timeout: 60000 });
  await page.waitForFunction(() => !document.querySelector(".status")?.textContent.endsWith("…"));
  return {
    board: await page.locator(".board").innerHTML(),
    playback: await page.locator(".playback-bar").innerText(),
  };
}


test("every page shows board, status, playback and chart together at projector sizes", async () => {
  const names = await puzzleNames();
  assert.ok(names.length >= 5, `the landing page lists the puzzles: ${names}`);
  for (const name of names) {
    for (const size of SIZES) {
      const { page, errors } = await open(`#/${name}${QUICK[name] ?? ""}`, size);
      const what = `${name} at ${size.width}x${size.height}`;
      await page.getByRole("button", { name: "Solve", exact: true }).click();
      await page.getByRole("button", { name: "Solve", exact: true }).and(page.locator(":enabled"))
        .waitFor({ timeout: 60000 });
      const said = await page.getByRole("status").innerText();
      assert.doesNotMatch(said, /not solved|cancel|could not|error|failed/i, `${what}: the solve worked: ${said}`);
      assert.equal(await page.locator("[role=alert]:not(:empty)").count(), 0, `${what}: no alert after the solve`);
      await assertInView(page, page.locator(".board"), `${what}: board`);
      await assertInView(page, page.getByRole("status"), `${what}: status`);
      if (!NO_PLAYBACK.has(name)) {
        // The controls flow in the playback bar (their group draws no box of its own).
        await assertInView(page, page.locator(".playback .counter").first(), `${what}: playback counter`);
        await assertInView(page, page.locator(".playback button").first(), `${what}: playback controls`);
      }
      // A genetic run is charted from its progress reports (one each 50 ms), so a run over in
      // a blink has no chart: where there is one, it must be in view.
      if (await page.locator(".board-chart").count()) {
        await assertInView(page, page.locator(".board-chart"), `${what}: chart`);
      }
      await page.getByRole("button", { name: "Puzzles ▾" }).click();
      const menu = await page.getByRole("navigation", { name: "Puzzles" }).getByRole("link").all();
      assert.equal(menu.length, names.length, `${what}: the menu lists every puzzle`);
      for (const link of menu) await assertInView(page, link, `${what}: the menu's link ${await link.innerText()}`);
      await page.keyboard.press("Escape");
      await page.screenshot({ path: `${shots}/${name}-${size.width}x${size.height}.png` });
      if (size.width === 1920) {
        assert.deepEqual(await seriousViolations(page), [], `${what}: accessibility`);
        // The link of what is shown, a step into the solution, reopens exactly that.
        await page.keyboard.press(".");
        const before = await shown(page);
        const copy = await open(new URL(page.url()).hash, size);
        assert.deepEqual(await shown(copy.page), before, `${what}: the link ${new URL(page.url()).hash} reopens what was shown`);
        await copy.page.close();
      }
      if (size.width === 1024) {
        await page.keyboard.press("t");
        await page.screenshot({ path: `${shots}/${name}-${size.width}x${size.height}-dark.png` });
        await page.keyboard.press("t");
      }
      await page.keyboard.press("p");
      assert.equal(await page.locator(".panel").isVisible(), false, `${what}: presentation hides settings`);
      await assertInView(page, page.locator(".board"), `${what}: board in presentation mode`);
      await assertInView(page, page.getByRole("status"), `${what}: status in presentation mode`);
      await assertInView(page, page.getByRole("button", { name: "Leave presentation (p)" }), `${what}: the way out`);
      if (!NO_PLAYBACK.has(name)) {
        await assertInView(page, page.locator(".playback button").first(), `${what}: playback in presentation mode`);
      }
      assert.deepEqual(await controlsCovered(page), [], `${what}: nothing covers a control in presentation mode`);
      if (size.width === 1024) {
        assert.deepEqual(await smallText(page), [], `${what}: every word at least 18 px in presentation mode`);
      }
      if (size.width === 1024) {
        await page.screenshot({ path: `${shots}/${name}-${size.width}x${size.height}-present.png` });
      }
      assert.deepEqual(errors, [], `${what}: no page errors`);
      await page.close();
    }
  }
});

test("every page explains itself: a collapsed 'How it works' panel and a Source line", async () => {
  for (const name of await puzzleNames()) {
    const { page, errors } = await open(`#/${name}`);
    const panel = page.locator("details.how-it-works");
    assert.equal(await panel.getAttribute("open"), null, `${name}: collapsed at first`);
    assert.equal(await panel.locator("pre.steps").isVisible(), false, `${name}: steps hidden`);
    await panel.locator("summary", { hasText: "How it works" }).click();
    const steps = (await panel.locator("pre.steps").innerText()).split("\n");
    assert.ok(steps.length >= 3 && steps.length <= 6, `${name}: 3 to 6 lines of steps (${steps.length})`);
    assert.ok((await panel.locator("dl.definitions dt").count()) >= 2, `${name}: its numbers defined`);
    assert.match(await page.locator("p.source").innerText(), /^Source: \S/, `${name}: a Source line`);
    assert.deepEqual(errors, [], `${name}: no page errors`);
    await page.close();
  }
});

test("the landing page has no serious accessibility violation", async () => {
  const { page } = await open("#/");
  assert.deepEqual(await seriousViolations(page), []);
  await page.close();
});
