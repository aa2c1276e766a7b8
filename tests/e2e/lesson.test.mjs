// Lessons: a lesson link made by a script plays step by step without reloading, a step comes
// back as it was left, the presenter window and the projector's follow each other, a cut link
// gets an alert and the builder, the builder makes a lesson from pages and shares it, the
// landing page's examples play, and a lesson opened once plays offline.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, shots, hash, seriousViolations, assertInView, smallText, pythonLesson } from "./harness.mjs";

const SMALL = { width: 1024, height: 768 };


const LESSON = {
  v: 1,
  title: "Three pages",
  steps: [
    { link: "#/hanoi?discs=4&pegs=3&algo=optimal&step=0", note: "Fifteen moves for four discs: watch the smallest disc." },
    { link: "#/sliding?size=3&seed=1&shuffle=30&algo=astar", note: "A* on the 8-puzzle." },
    { link: "#/queens?n=6&algo=backtracking", note: "Six queens, by backtracking." },
  ],
};

const count = (page) => page.locator(".lesson-count");
const note = (page) => page.locator(".lesson-note");

test("a script's lesson link opens at step 1 and PageDown and PageUp move without reloading", async () => {
  const { page, errors } = await open(pythonLesson(LESSON), SMALL);
  await count(page).filter({ hasText: "1 / 3" }).waitFor();
  assert.match(await note(page).innerText(), /Fifteen moves/);
  await page.locator(".puzzle-page.hanoi .counter").filter({ hasText: "step 0 / 15" }).waitFor({ timeout: 20000 });
  await page.evaluate(() => { window.lessonMarker = "still here"; });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.locator(".counter").filter({ hasText: "step 2 / 15" }).waitFor();
  await page.screenshot({ path: `${shots}/lesson-player.png` });
  assert.deepEqual(await seriousViolations(page), [], "the player: axe");
  // The caption does not hide the board, and the playback controls are on screen.
  const bar = await page.locator(".lesson-bar").boundingBox();
  const board = await page.locator(".board").boundingBox();
  assert.ok(bar.y + bar.height <= board.y + 1, "the caption is above the board");
  assert.ok(await page.getByRole("button", { name: "Play" }).isVisible(), "playback is visible at 1024x768");

  // Presentation mode keeps the caption, above the board.
  await page.keyboard.press("p");
  await page.locator("html[data-presenting=on]").waitFor();
  assert.ok(await note(page).isVisible(), "the caption stays in presentation mode");
  const presented = await page.locator(".board").boundingBox();
  assert.ok((await page.locator(".lesson-bar").boundingBox()).y + bar.height <= presented.y + 1);
  await page.keyboard.press("p");

  await page.keyboard.press("PageDown");
  await count(page).filter({ hasText: "2 / 3" }).waitFor();
  await page.locator(".puzzle-page.sliding").waitFor();
  assert.match(hash(page), /^#\/lesson\?data=[\w-]+&step=2$/);
  await page.keyboard.press("PageDown");
  await count(page).filter({ hasText: "3 / 3" }).waitFor();
  await page.locator(".puzzle-page.queens").waitFor();
  await page.keyboard.press("PageDown");
  await nextFrames(page);
  assert.equal(await count(page).innerText(), "3 / 3", "the last step stays");
  await page.keyboard.press("PageUp");
  await count(page).filter({ hasText: "2 / 3" }).waitFor();
  await page.keyboard.press("PageUp");
  await count(page).filter({ hasText: "1 / 3" }).waitFor();
  // Step 1 comes back as it was left: solved, at step 2.
  await page.locator(".puzzle-page.hanoi .counter").filter({ hasText: "step 2 / 15" }).waitFor({ timeout: 20000 });
  assert.equal(await page.evaluate(() => window.lessonMarker), "still here", "no reload");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the lesson bar's buttons move between steps and never touch presentation mode", async () => {
  const { page, errors } = await open(pythonLesson(LESSON), SMALL);
  await count(page).filter({ hasText: "1 / 3" }).waitFor();
  const presenting = () => page.evaluate(() => document.documentElement.dataset.presenting ?? "off");
  for (const [button, expected] of [["Next step", "2 / 3"], ["Next step", "3 / 3"], ["Previous step", "2 / 3"]]) {
    await page.locator(".lesson-bar").getByRole("button", { name: button, exact: true }).click();
    await count(page).filter({ hasText: expected }).waitFor();
    await nextFrames(page);
    assert.equal(await presenting(), "off", `after ${button} to ${expected}`);
  }
  await page.keyboard.press("p");
  await page.locator("html[data-presenting=on]").waitFor();
  await page.locator(".lesson-bar").getByRole("button", { name: "Next step", exact: true }).click();
  await count(page).filter({ hasText: "3 / 3" }).waitFor();
  await nextFrames(page);
  assert.equal(await presenting(), "on", "still presenting");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the presenter window and the projector follow each other; closing one leaves the other working", async () => {
  const { page, errors } = await open(`${pythonLesson(LESSON)}&step=2`, SMALL);
  await count(page).filter({ hasText: "2 / 3" }).waitFor();
  const [presenter] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Open presenter view" }).click(),
  ]);
  await presenter.setViewportSize(SMALL);
  await presenter.locator(".presenter .lesson-count").filter({ hasText: "Step 2 / 3" }).waitFor();
  assert.match(await presenter.locator(".presenter-note").innerText(), /A\* on the 8-puzzle/);
  assert.match(await presenter.locator(".presenter-next").innerText(), /Next: N queens \(Backtracking with bitmasks\) #\/queens\?n=6/);
  assert.match(await presenter.getByRole("timer").innerText(), /^\d+:\d\d$/);
  assert.ok(new URL(presenter.url()).hash.includes("presenter=1"));
  await presenter.screenshot({ path: `${shots}/lesson-presenter.png` });
  assert.deepEqual(await seriousViolations(presenter), [], "the presenter view: axe");

  await presenter.getByRole("button", { name: "Next step ›" }).click();
  await count(page).filter({ hasText: "3 / 3" }).waitFor();
  await page.locator(".puzzle-page.queens").waitFor();
  await page.keyboard.press("PageUp");
  await presenter.locator(".lesson-count").filter({ hasText: "Step 2 / 3" }).waitFor();
  await presenter.getByRole("button", { name: /Towers of Hanoi/ }).click();
  await count(page).filter({ hasText: "1 / 3" }).waitFor();

  await presenter.close();
  await page.keyboard.press("PageDown");
  await count(page).filter({ hasText: "2 / 3" }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a cut lesson link gets an alert and the builder, and the page stays usable", async () => {
  const link = pythonLesson(LESSON);
  const { page, errors } = await open(link.slice(0, link.length - 20), SMALL);
  const alert = page.getByRole("alert").filter({ hasText: "could not be read" });
  await alert.waitFor();
  assert.match(await alert.innerText(), /cut short/);
  await page.getByRole("heading", { name: "Your lesson" }).waitFor();
  await page.getByRole("link", { name: "Puzzle Lab" }).click();
  await page.locator(".cards").waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a step that names no puzzle says so, and the next step plays", async () => {
  const lesson = { v: 1, title: "T", steps: [{ link: "#/chess", note: "No such page." }, { link: "#/jugs", note: "Jugs." }] };
  const { page, errors } = await open(pythonLesson(lesson), SMALL);
  await page.getByRole("alert").filter({ hasText: "This step names no puzzle: 'chess'." }).waitFor();
  await page.keyboard.press("PageDown");
  await page.locator(".puzzle-page.jugs").waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [file, missing] of [[/lessons-[0-9a-f]{16}_bg\.wasm$/, "its wasm"], [/lessons-[0-9a-f]{16}\.js$/, "its bindings"]]) {
  test(`a lessons bundle that cannot load (${missing}) is said, the app stays usable, and the next lesson loads it`, async () => {
    const { page, errors } = await open("#/", SMALL, async (page) => {
      await page.route(file, (route) => route.fulfill({ status: 404, body: "" }));
    }, { serviceWorkers: "block" });
    await page.evaluate(() => { location.hash = "#/lesson?example=search"; });
    await page.getByRole("alert").filter({ hasText: "The lesson player could not load" }).waitFor();
    await page.getByRole("link", { name: "Puzzle Lab" }).click();
    await page.locator(".cards").waitFor();
    // Back online: the loader runs again, without redeclaring anything, and the lesson plays.
    await page.unroute(file);
    await page.evaluate(() => { location.hash = "#/lesson?example=search"; });
    await count(page).filter({ hasText: "1 / 4" }).waitFor({ timeout: 20000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

/** A lesson's hostile text: markup and script in notes and the title, direction and
 * zero-width characters, and notes up to the 32 KB the format allows. */
const HOSTILE = {
  v: 1,
  title: "\"><img src=x onerror=\"window.pwned='title'\"></textarea><script>window.pwned='title script'</script>\u202eevil\u200b",
  steps: [
    { link: "#/jugs", note: "</textarea><script>window.pwned='note'</script>\"><img src=x onerror=\"window.pwned='img'\">" },
    { link: "#/hanoi?discs=3&pegs=3", note: "\u202etxet tfel-ot-thgir\u200b\u200d and <b onmouseover=\"window.pwned='b'\">bold</b>" },
    { link: "#/queens?n=6&algo=backtracking", note: "x".repeat(31_000) + "<svg onload=\"window.pwned='svg'\">" },
  ],
};

/** What would show that a lesson's text ran or was read as markup. */
async function injected(page) {
  return page.evaluate(() => ({
    pwned: window.pwned ?? null,
    images: document.querySelectorAll("img[src=x], svg[onload], b[onmouseover]").length,
    links: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href"))
      .filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
  }));
}

test("a lesson's hostile text runs nothing in the player, the presenter, the builder or an import; script links are refused with the reason", async () => {
  const clean = { pwned: null, images: 0, links: [] };
  const { page, errors } = await open(pythonLesson(HOSTILE), SMALL);
  await count(page).filter({ hasText: "1 / 3" }).waitFor();
  assert.match(await note(page).innerText(), /<\/textarea><script>/, "the note is shown as text");
  assert.deepEqual(await injected(page), clean, "the player");
  // The page's Content-Security-Policy: an inline script added to the page does not run.
  const inline = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.inlineRan = true";
    document.head.append(script);
    return window.inlineRan ?? false;
  });
  assert.equal(inline, false, "inline script is refused by the policy");
  const [presenter] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Open presenter view" }).click(),
  ]);
  await presenter.locator(".presenter .lesson-count").filter({ hasText: "Step 1 / 3" }).waitFor();
  assert.match(await presenter.locator(".presenter-note").innerText(), /<script>/);
  assert.deepEqual(await injected(presenter), clean, "the presenter and its next step");
  await presenter.getByRole("button", { name: "Next step ›" }).click();
  await presenter.locator(".lesson-count").filter({ hasText: "Step 2 / 3" }).waitFor();
  await count(page).filter({ hasText: "2 / 3" }).waitFor();
  await presenter.getByRole("button", { name: "Next step ›" }).click();
  await count(page).filter({ hasText: "3 / 3" }).waitFor();
  assert.deepEqual(await injected(presenter), clean, "the presenter at the 32 KB note");
  assert.deepEqual(await injected(page), clean, "the player at the 32 KB note");
  await presenter.close();

  // The builder: the same lesson imported from a file, then a file whose step is a script link.
  await page.evaluate(() => { location.hash = "#/lesson"; });
  await page.getByRole("heading", { name: "Your lesson" }).waitFor();
  const importFile = (lesson) => page.locator("input[type=file]").setInputFiles({
    name: "lesson.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(lesson)),
  });
  page.on("dialog", (dialog) => dialog.accept());
  await importFile(HOSTILE);
  await page.getByRole("status").filter({ hasText: "3 steps" }).waitFor();
  assert.equal(await page.getByLabel("Note for step 1").inputValue(), HOSTILE.steps[0].note, "a note is edited as typed");
  assert.deepEqual(await injected(page), clean, "the builder");
  const hrefs = await page.locator(".builder-steps a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  assert.deepEqual(hrefs, ["#/jugs", "#/hanoi?discs=3&pegs=3", "#/queens?n=6&algo=backtracking"]);
  for (const link of ["javascript:alert(document.domain)//#/jugs", "data:text/html,x#/jugs", "vbscript:msgbox(1)#/jugs"]) {
    await importFile({ v: 1, title: "x", steps: [{ link, note: "" }] });
    await page.getByRole("alert").filter({ hasText: "This file was not imported: steps[1].link: must be a Puzzle Lab link" }).waitFor();
  }
  assert.equal(await page.locator(".builder-steps li").count(), 3, "the lesson stays");
  // The same step in a lesson link: refused, with the reason.
  await page.evaluate((h) => { location.hash = h; }, pythonLesson({ v: 1, title: "x", steps: [{ link: "javascript:alert(1)//#/jugs", note: "" }] }));
  await page.getByRole("alert").filter({ hasText: "must be a Puzzle Lab link" }).waitFor();
  assert.deepEqual(await injected(page), clean, "a refused link");
  assert.deepEqual(errors, []);
  await page.close();
});

/** Waits for two animation frames: whatever a key press asked for has been drawn. */
const nextFrames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test("the builder makes a lesson from pages: notes, order by keys and drag, delete, share, export and import", async () => {
  const { page, errors } = await open("#/hanoi?discs=3&pegs=3", SMALL);
  const add = page.getByRole("button", { name: "Add to lesson" });
  await add.click();
  await page.getByRole("status").filter({ hasText: "Added to your lesson" }).first().waitFor();
  for (const link of ["#/jugs", "#/queens?n=6&algo=backtracking", "#/sudoku"]) {
    await page.evaluate((h) => { location.hash = h; }, link);
    await page.locator(`.puzzle-page.${link.slice(2).split("?")[0]}`).waitFor();
    await add.click();
  }
  await page.getByRole("link", { name: "Lesson", exact: true }).click();
  await page.getByRole("heading", { name: "Your lesson" }).waitFor();
  const titles = () => page.locator(".builder-steps .builder-step-head a").allInnerTexts();
  assert.deepEqual(await titles(), ["1. Towers of Hanoi (Direct method)", "2. Water jugs (Breadth-first)", "3. N queens (Backtracking with bitmasks)", "4. Sudoku (Propagate constraints, then guess)"]);

  await page.getByLabel("Title").fill("Four puzzles");
  await page.getByLabel("Note for step 1").fill("Start with the towers.");
  // By keyboard: move step 3 up, and the focus stays on the moved step's button.
  await page.getByRole("button", { name: "Move step 3 up" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: "Step 3 is now step 2." }).waitFor();
  assert.deepEqual(await titles(), ["1. Towers of Hanoi (Direct method)", "2. N queens (Backtracking with bitmasks)", "3. Water jugs (Breadth-first)", "4. Sudoku (Propagate constraints, then guess)"]);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), "Move step 2 up");
  // By dragging: the first step onto the last.
  await page.locator(".builder-steps .drag-handle").nth(0).dragTo(page.locator(".builder-steps li").nth(3));
  assert.deepEqual(await titles(), ["1. N queens (Backtracking with bitmasks)", "2. Water jugs (Breadth-first)", "3. Sudoku (Propagate constraints, then guess)", "4. Towers of Hanoi (Direct method)"]);
  await page.getByRole("button", { name: "Delete step 3" }).click();
  assert.deepEqual(await titles(), ["1. N queens (Backtracking with bitmasks)", "2. Water jugs (Breadth-first)", "3. Towers of Hanoi (Direct method)"]);
  assert.equal(await page.getByLabel("Note for step 3").inputValue(), "Start with the towers.");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/lesson-builder.png` });
  assert.deepEqual(await seriousViolations(page), [], "the builder: axe");

  // Kept in local storage: the builder opens again as it was.
  await page.reload();
  await page.locator(".builder-steps li").first().waitFor();
  assert.deepEqual(await titles(), ["1. N queens (Backtracking with bitmasks)", "2. Water jugs (Breadth-first)", "3. Towers of Hanoi (Direct method)"]);

  await page.getByRole("button", { name: "Copy lesson link" }).click();
  const shared = await page.getByLabel("Lesson link").inputValue();
  assert.match(shared, /#\/lesson\?data=[\w-]+$/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export .json" }).click()]);
  const file = JSON.parse(await streamText(await download.createReadStream()));
  assert.equal(file.title, "Four puzzles");
  assert.deepEqual(file.steps.map((s) => s.note), ["", "", "Start with the towers."]);

  // A lesson whose link is too long for some chat tools: the builder says so and offers the file.
  const long = { v: 1, title: "Long", steps: Array.from({ length: 40 }, (_, i) => ({ link: "#/jugs", note: noise(300, i) })) };
  page.once("dialog", (dialog) => dialog.accept());
  await page.locator("input[type=file]").setInputFiles({ name: "long.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(long)) });
  await page.getByRole("status").filter({ hasText: "Imported “Long”: 40 steps." }).waitFor();
  await page.getByRole("button", { name: "Copy lesson link" }).click();
  await page.getByRole("alert").filter({ hasText: /characters long.*Export \.json/ }).waitFor();
  // A file that is not a lesson is refused, and the lesson stays.
  await page.locator("input[type=file]").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from('{"v": 1, "title": "x", "steps": []}') });
  await page.getByRole("alert").filter({ hasText: "This file was not imported: steps: a lesson has 1 to 100 steps" }).waitFor();
  assert.equal((await titles()).length, 40);
  // A lesson whose link would be longer than any reader takes is refused where the link is made.
  const tooLong = { v: 1, title: "Too long", steps: [0, 1, 2].map((i) => ({ link: `#/jugs?about=${noise(30000, i)}`, note: "" })) };
  page.once("dialog", (dialog) => dialog.accept());
  await page.locator("input[type=file]").setInputFiles({ name: "long.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(tooLong)) });
  await page.getByRole("status").filter({ hasText: "Imported “Too long”: 3 steps." }).waitFor();
  await page.getByRole("button", { name: "Play the lesson" }).click();
  await page.getByRole("alert").filter({ hasText: /cannot be shared as a link: this lesson's link would be \d+ bytes, past the 65536/ }).waitFor();
  assert.equal(hash(page), "#/lesson", "the builder stays");

  await page.goto(shared);
  await count(page).filter({ hasText: "1 / 3" }).waitFor();
  assert.equal(await page.locator(".lesson-title").innerText(), "Four puzzles");
  await page.locator(".puzzle-page.queens").waitFor();
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  await count(page).filter({ hasText: "3 / 3" }).waitFor();
  assert.equal(await note(page).innerText(), "Start with the towers.");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a lesson draft this app cannot read is left as it is, and the teacher is told", async () => {
  const { page, errors } = await open("#/", SMALL);
  // A newer release's draft (its version and a key this one does not know), and a step added since.
  const newer = JSON.stringify({ v: 2, title: "Next year's lesson", steps: [{ link: "#/jugs", note: "Pour.", quiz: "?" }] });
  await page.evaluate((draft) => {
    localStorage.setItem("lesson", draft);
    localStorage.setItem("lesson-inbox", "#/hanoi?discs=3&pegs=3");
  }, newer);
  await page.evaluate(() => { location.hash = "#/lesson"; });
  await page.getByRole("alert").filter({ hasText: /The lesson draft kept in this browser could not be read: it is in lesson format 2, and this Puzzle Lab reads format 1\..*It is left as it is/ }).waitFor();
  // The step added on a page is here to work with; writing changes nothing kept.
  assert.equal(await page.locator(".builder-steps li").count(), 1);
  await page.getByLabel("Title").fill("Today's lesson");
  await page.getByLabel("Note for step 1").fill("Three discs.");
  await page.getByRole("button", { name: "Copy lesson link" }).click();
  assert.deepEqual(await page.evaluate(() => [localStorage.getItem("lesson"), localStorage.getItem("lesson-inbox")]), [newer, "#/hanoi?discs=3&pegs=3"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a lesson draft another window made unreadable is not written over", async () => {
  const { page, errors } = await open("#/lesson", SMALL);
  await page.getByRole("heading", { name: "Your lesson" }).waitFor();
  const newer = JSON.stringify({ v: 2, title: "Written in another window", steps: [] });
  await page.evaluate((draft) => localStorage.setItem("lesson", draft), newer);
  await page.getByLabel("Title").fill("Mine");
  await page.getByRole("alert").filter({ hasText: "was changed by another window and cannot be read here" }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem("lesson")), newer);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the landing page's example lessons play, and a lesson opened once plays offline", async () => {
  const { page, errors } = await open("#/", SMALL);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.getByRole("link", { name: "Uninformed vs informed search" }).click();
  await count(page).filter({ hasText: "1 / 4" }).waitFor();
  await page.locator(".puzzle-page.sliding.searching").waitFor({ timeout: 30000 });
  await page.locator(".search-figures").waitFor({ timeout: 30000 });
  await page.screenshot({ path: `${shots}/lesson-example-search.png` });
  // The teacher's note is shown whole at 1024×768, above the board.
  assert.ok(await note(page).evaluate((n) => n.scrollHeight <= n.clientHeight + 1), "the note is whole");
  assert.ok(await page.locator(".search-steps").isVisible(), "the search's controls stay on screen");
  // `]` is the Search view's (one expansion), as the note says; the lesson stays at step 1.
  assert.match(await note(page).innerText(), /Press \] \(or tap ››\) to expand one position at a time/);
  await page.keyboard.press("]");
  await page.locator(".moment-count").filter({ hasText: /^event [1-9]\d* of/ }).waitFor();
  assert.equal(await count(page).innerText(), "1 / 4");
  await page.keyboard.press("PageDown");
  await count(page).filter({ hasText: "2 / 4" }).waitFor();
  assert.match(await note(page).innerText(), /A\* adds a guess/);

  await page.context().setOffline(true);
  await page.reload();
  await count(page).filter({ hasText: "2 / 4" }).waitFor();
  await page.locator(".puzzle-page.sliding.searching").waitFor({ timeout: 30000 });
  await page.keyboard.press("PageDown");
  await count(page).filter({ hasText: "3 / 4" }).waitFor();
  await page.evaluate(() => { location.hash = "#/lesson?example=constraints"; });
  await count(page).filter({ hasText: "1 / 4" }).waitFor();
  await page.locator(".puzzle-page.sudoku").waitFor();
  await page.context().setOffline(false);
  assert.deepEqual(errors, []);
  await page.close();
});

test("presented at 1024×768, each step of the constraints lesson shows its steps and its whole drawing, at 18 px", async () => {
  for (const step of [1, 3, 4]) {
    const { page, errors } = await open(`#/lesson?example=constraints&step=${step}`, SMALL);
    await page.locator(".search-counts").waitFor({ timeout: 30000 });
    await page.keyboard.press("p");
    await page.locator("html[data-presenting=on]").waitFor();
    // The bar grows with the note in the larger type (at most 30% of the window), and the
    // note has the bar's width (the step and title above it): the example's notes are whole.
    await nextFrames(page);
    const [whole, barShare] = await page.evaluate(() => {
      const note = document.querySelector(".lesson-note");
      return [note.scrollHeight <= note.clientHeight + 1, document.querySelector(".lesson-bar").offsetHeight / innerHeight];
    });
    assert.ok(whole, `step ${step}: the note is whole (the bar takes ${barShare.toFixed(2)} of the window)`);
    assert.ok(barShare <= 0.3, `step ${step}: the bar takes ${barShare.toFixed(2)} of the window`);
    await assertInView(page, page.locator(".search-steps"), `step ${step}: the steps`);
    await assertInView(page, page.locator(".search-grid, .search-queens, .search-alphametic"), `step ${step}: the drawing`);
    await assertInView(page, page.getByRole("button", { name: "Close the search" }), `step ${step}: closing the search`);
    assert.deepEqual(await smallText(page), [], `step ${step}: every word at least 18 px`);
    await page.screenshot({ path: `${shots}/lesson-constraints-${step}-1024x768-present.png` });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

/** Text no compressor can shrink much, so a lesson's link grows long. */
function noise(length, seed) {
  let x = seed + 1;
  let text = "";
  while (text.length < length) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += x.toString(36);
  }
  return text.slice(0, length);
}

async function streamText(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}
