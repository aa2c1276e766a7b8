// Embedding (`embed=1`, docs/links.md#embedding): a course page on another origin, served with
// no isolation headers, frames a puzzle, a race and a lesson with the code `puzzlelab link`
// prints (`embed_html`), as a teacher pastes it. Inside the frames: no header, no settings,
// nothing sideways, the board, status, Solve and playback in view at 640×420 and 360×640; the
// course page keeps the focus and its scroll; each frame tells its height and its address;
// Solve, Cancel, Play and the keys work once clicked into; "Open in Puzzle Lab" opens the full
// page; the QR sheet gives the same code.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { execFileSync } from "node:child_process";
import { open, shots, testServer } from "./harness.mjs";

const cli = new URL("../../target/debug/puzzlelab", import.meta.url).pathname;
const embedHtml = (link) => JSON.parse(execFileSync(cli, ["link", link]).toString()).embed_html;

const PUZZLE = "#/sliding?size=3&seed=1&shuffle=30&algo=astar";
const RACE = "#/sliding?size=3&seed=3&shuffle=20&race=bfs,astar,idastar&t=100";
const LESSON = "#/lesson?example=search";
/** A count of 17 queens: long enough to be cancelled. */
const LONG = "#/queens?n=17&first=0-15";

/** The course page: the pasted frames, sized to the heights they say as docs/links.md shows,
 * and every message they post, kept in order. */
const coursePage = (frames, heading = "Week 3: searching for a path") => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course page</title>
<style>body { font: 16px/1.4 sans-serif; margin: 1.5rem; } iframe { display: block; margin: 1rem 0; }</style>
<script>window.messages = []; addEventListener("message", (event) => {
  const index = [...document.querySelectorAll("iframe")].findIndex((f) => f.contentWindow === event.source);
  window.messages.push({ frame: index, ...event.data });
  const frame = document.querySelectorAll("iframe")[index];
  if (frame && event.data?.puzzlelab === "resize") frame.style.height = \`\${event.data.height}px\`;
});</script></head>
<body><h1>${heading}</h1><p>Try the puzzle below, then race the three searches.</p>
${frames.join("\n<p>Read the step's note, then press Next.</p>\n")}
<p>End of the page.</p></body></html>`;

/** A second origin (localhost, another port) serving `pages` by path, with no isolation headers. */
let course;
const pages = new Map();
const courseOrigin = () => new Promise((resolve) => {
  course = createServer((req, res) => {
    const body = pages.get(new URL(req.url, "http://x").pathname);
    res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(body ?? "not found");
  });
  course.listen(0, "127.0.0.1", () => resolve(`http://localhost:${course.address().port}`));
});
after(() => course?.close());

/** The app's whole address for `link`, as a teacher copies it from the address bar. */
const appAddress = (link) => `${testServer().url}${link}`;

/** What a frame shows, measured inside it. */
const layout = (frame) => frame.evaluate(() => {
  const box = (selector) => document.querySelector(selector)?.getBoundingClientRect();
  const inView = (selector) => { const b = box(selector); return !!b && b.height > 0 && b.top >= -1 && b.bottom <= innerHeight + 1; };
  return {
    sideways: document.documentElement.scrollWidth - innerWidth,
    // A race's lanes whole across the frame (none cut at its right edge).
    lanesCut: [...document.querySelectorAll(".lane")].filter((lane) => lane.getBoundingClientRect().right > innerWidth + 1).length,
    header: !!box(".app-header")?.height,
    settings: [...document.querySelectorAll(".panel > :not(.solve-bar)")].some((e) => e.getBoundingClientRect().height > 0),
    board: inView(".lanes") || inView(".board"),
    status: inView(".status") || inView(".lanes"),
    solve: inView(".solve-bar button.primary"),
    // A solution's playback bar, or a race's steps (its frame keeps the race: no Close button).
    playback: inView(".playback-bar") || inView(".search-steps"),
    open: inView(".open-full"),
  };
});

test("a course page on another origin frames a puzzle, a race and a lesson with the pasted code", async () => {
  const origin = await courseOrigin();
  const snippets = [PUZZLE, RACE, LESSON].map((link) => embedHtml(appAddress(link)));
  for (const snippet of snippets) {
    assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#\/.*embed=1" title="Puzzle Lab: [^"]+" width="\d+" height="\d+" loading="lazy" allow="fullscreen"/);
  }
  // The frames at 640×420, as a course page's column gives them.
  const sized = snippets.map((s) => s.replace(/width="\d+" height="\d+"/, 'width="640" height="420"'));
  pages.set("/course.html", coursePage(sized));
  const { page, errors } = await open("#/", { width: 1280, height: 900 });
  await page.goto(`${origin}/course.html`);
  const frames = () => page.frames().filter((f) => f !== page.mainFrame());
  await page.waitForFunction(() => document.querySelectorAll("iframe").length === 3);
  // Lazy frames load as they near the window: scroll through, then back to the top.
  for (const y of [0, 600, 1200, 1800]) { await page.evaluate((y) => scrollTo(0, y), y); await page.waitForTimeout(400); }
  await page.evaluate(() => scrollTo(0, 0));
  const [puzzle, race, lesson] = await Promise.all([0, 1, 2].map(async (i) => {
    const handle = await page.locator("iframe").nth(i).elementHandle();
    return handle.contentFrame();
  }));
  await puzzle.locator(".board svg").waitFor();
  await race.locator(".lanes").waitFor({ timeout: 30000 });
  await lesson.locator(".lesson-bar").waitFor({ timeout: 30000 });
  await lesson.locator(".board").first().waitFor({ timeout: 30000 });
  assert.equal(frames().length, 3);
  assert.equal(await puzzle.evaluate(() => crossOriginIsolated), false, "a third-party frame is not isolated");

  // Nothing taken from the course page: its focus and its scroll.
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true, "the course page keeps the focus");
  assert.equal(await page.evaluate(() => scrollY), 0, "the course page is not scrolled");

  // Each frame is as tall as it says (the course page gives it that height): the race's lanes
  // and the lesson's Search view ask for more than 420 px; all of each is in its frame.
  const heights = await page.evaluate(() => [...document.querySelectorAll("iframe")].map((f) => f.getBoundingClientRect().height));
  const lastSaid = (i) => page.evaluate((i) => window.messages.filter((m) => m.frame === i && m.puzzlelab === "resize").at(-1)?.height, i);
  for (const i of [0, 1, 2]) assert.equal(heights[i], await lastSaid(i), `frame ${i} at the height it said`);
  assert.ok(heights[1] > 420 && heights[2] > 420, `the race and the lesson asked for more: ${heights}`);
  for (const [name, frame] of [["puzzle", puzzle], ["race", race], ["lesson", lesson]]) {
    const shown = await layout(frame);
    assert.ok(shown.sideways <= 0, `${name}: nothing sideways (${shown.sideways} px)`);
    assert.equal(shown.header, false, `${name}: no header`);
    assert.equal(shown.settings, false, `${name}: no settings`);
    // A frame that keeps its race or Search view has no Solve: its solve would show nothing.
    assert.deepEqual([shown.board, shown.status, shown.solve, shown.playback, shown.open], [true, true, name === "puzzle", true, true],
      `${name}: board, status, Solve (on the puzzle), playback and "Open in Puzzle Lab" in the frame`);
    assert.equal(await frame.evaluate(() => document.documentElement.scrollHeight - innerHeight), 0, `${name}: the content fits its frame`);
  }
  // Tab goes down the frame in the order drawn: Solve's bar first, above the board.
  const solveTop = await puzzle.locator(".solve-bar button.primary").evaluate((b) => b.getBoundingClientRect().top);
  assert.ok(solveTop < await puzzle.locator(".board").evaluate((b) => b.getBoundingClientRect().top), "Solve above the board");
  // The whole course page in one window (frames of another origin are not drawn outside it).
  await page.setViewportSize({ width: 1280, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/doc-embed-course.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each frame said its height and its address.
  const said = await page.evaluate(() => window.messages);
  for (const i of [0, 1, 2]) {
    const resize = said.filter((m) => m.frame === i && m.puzzlelab === "resize");
    assert.ok(resize.length >= 1 && resize.every((m) => Number.isInteger(m.height)) && resize.at(-1).height > 100, `frame ${i}: resize ${JSON.stringify(resize)}`);
    const state = said.filter((m) => m.frame === i && m.puzzlelab === "state");
    assert.ok(state.length >= 1 && state.at(-1).link.includes("embed=1"), `frame ${i}: state ${JSON.stringify(state.at(-1))}`);
  }
  // The height said follows the content down as well as up: the Search view opened, then
  // closed, the frame is as tall as before.
  const opened = await lastSaid(0);
  await puzzle.getByRole("button", { name: "Show the search" }).click();
  await page.waitForFunction((h) => window.messages.filter((m) => m.frame === 0 && m.puzzlelab === "resize").at(-1).height > h, opened);
  await puzzle.getByRole("button", { name: "Close the search" }).click();
  await page.waitForFunction((h) => window.messages.filter((m) => m.frame === 0 && m.puzzlelab === "resize").at(-1).height === h, opened, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await lastSaid(0), opened, "the frame back to its height once the Search view is closed");

  // Solve, then Play, by clicks; then keys once clicked into.
  await puzzle.getByRole("button", { name: "Solve", exact: true }).click();
  await puzzle.locator(".status").filter({ hasText: /Solved|solution/ }).waitFor({ timeout: 30000 });
  await puzzle.locator(".playback-bar").getByRole("button", { name: /Play/ }).click();
  // The address follows when playback pauses or ends (about 20 moves at the page's speed).
  await puzzle.waitForFunction(() => /step=[1-9]/.test(location.hash), null, { timeout: 40000 });
  await page.waitForFunction(() => window.messages.some((m) => m.frame === 0 && m.puzzlelab === "state" && /step=[1-9]/.test(m.link)));
  // Played to its end, then stepped by keys from the start.
  await puzzle.locator(".playback-bar").getByRole("button", { name: /^Play/ }).waitFor({ timeout: 30000 });
  await puzzle.locator("body").press("Home");
  await puzzle.waitForFunction(() => /step=0(&|$)/.test(location.hash));
  const before = 0;
  await puzzle.locator("body").press(".");
  await puzzle.waitForFunction((n) => new RegExp(`step=${n + 1}(&|$)`).test(location.hash), before);
  // A key of the app typed while the course page has the focus does nothing in the frame.
  await page.locator("h1").click();
  await page.keyboard.press(".");
  await page.waitForTimeout(300);
  assert.ok((await puzzle.evaluate(() => location.hash)).includes(`step=${before + 1}`), "keys stay with the course page");

  // "Open in Puzzle Lab" opens the full page as it stands, in a new tab.
  const [full] = await Promise.all([page.context().waitForEvent("page"), puzzle.locator(".open-full").click()]);
  await full.waitForLoadState();
  assert.match(full.url(), new RegExp(`step=${before + 1}`), "the full page at the frame's step");
  assert.doesNotMatch(full.url(), /embed=/, "the full page, not the embedded one");
  await full.locator(".app-header").waitFor();
  await full.close();

  // The QR sheet's embed code is the command line's for the frame's address.
  await puzzle.locator("body").click({ position: { x: 5, y: 5 } });
  await puzzle.locator("body").press("q");
  const code = await puzzle.getByRole("textbox", { name: "The embed code" }).inputValue();
  const fullAddress = await puzzle.evaluate(() => location.href.replace(/([?&])embed=1&?/, "$1").replace(/[?&]$/, ""));
  assert.equal(code, embedHtml(fullAddress));
  // The code a phone scans opens the full page, not the bare frame.
  assert.equal(await puzzle.locator(".qr-overlay .qr-link code").textContent({ timeout: 10000 }), fullAddress);
  await puzzle.locator("body").press("Escape");
  // What the frame does not show, its keys say where it is: presenting and comparing.
  for (const [key, words] of [["p", /^Presentation mode is the full app's: "Open in Puzzle Lab ↗" opens this page in it\.$/],
    ["c", /^Comparing the algorithms is the full app's: "Open in Puzzle Lab ↗"/]]) {
    await puzzle.locator("body").press(key);
    await puzzle.locator("[role=alert] span").filter({ hasText: words }).waitFor({ timeout: 3000 });
  }
  assert.equal(await puzzle.evaluate(() => document.documentElement.dataset.presenting ?? "off"), "off");
  assert.equal(await puzzle.locator(".compare table, table.compare").count(), 0);

  // The race's frame keeps the race: no way to close it, and v says where the board is played.
  assert.equal(await race.locator(".search-toggle").count(), 0, "no Close the race in its frame");
  await race.locator("body").click({ position: { x: 5, y: 5 } });
  await race.locator("body").press("v");
  await race.locator("[role=alert] span").filter({ hasText: /^This frame shows the race and keeps it\. "Open in Puzzle Lab ↗" opens the full page, where the board is played\.$/ }).waitFor({ timeout: 3000 });
  assert.equal(await race.locator(".lanes").count(), 1, "the race is still shown");
  // A step button clicked to the race's end is disabled there: the focus stays in the steps.
  await race.locator("body").press("Home");
  await race.getByRole("button", { name: /to the end$/i }).click();
  await race.waitForFunction(() => document.activeElement?.closest(".search-steps") !== null, null, { timeout: 10000 });
  // Its `?` list names only what works there: no way out of the race, no presenting.
  // The frame grows to show the whole list while it is open, and goes back after.
  const raceHeight = await lastSaid(1);
  await race.locator("body").press("?");
  const list = race.getByRole("dialog", { name: "Keyboard shortcuts" });
  const listed = await list.innerText();
  assert.doesNotMatch(listed, /close the race|presentation mode/i, listed);
  assert.match(listed, /Space/);
  const listHeight = await list.evaluate((dialog) => dialog.scrollHeight);
  await page.waitForFunction((h) => window.messages.filter((m) => m.frame === 1 && m.puzzlelab === "resize").at(-1).height >= h, listHeight, { timeout: 5000 });
  await race.locator("body").press("Escape");
  await page.waitForFunction((h) => window.messages.filter((m) => m.frame === 1 && m.puzzlelab === "resize").at(-1).height === h, raceHeight, { timeout: 5000 });

  // Cancel cancels without isolation: a long count in the same frame, stopped.
  await puzzle.goto(`${appAddress(LONG)}&embed=1`);
  await puzzle.getByRole("button", { name: "Solve", exact: true }).click();
  await puzzle.locator(".live-counters").waitFor();
  await puzzle.getByRole("button", { name: "Cancel", exact: true }).click();
  await puzzle.locator(".status").filter({ hasText: "Cancelled" }).waitFor();
  assert.equal(await puzzle.locator(".live-counters").count(), 0);

  // A lesson's step bar works inside its frame.
  await lesson.getByRole("button", { name: /Next/ }).first().click();
  await page.waitForFunction(() => window.messages.some((m) => m.frame === 2 && m.puzzlelab === "state" && /step=2/.test(m.link)));
  // By keyboard to the last step: the Next button, disabled there, hands the focus to Previous.
  const next = lesson.getByRole("button", { name: "Next step", exact: true });
  for (let step = 3; await next.isEnabled(); step++) {
    await next.press("Enter");
    await page.waitForFunction((n) => window.messages.some((m) => m.frame === 2 && m.puzzlelab === "state" && new RegExp(`step=${n}`).test(m.link)), step, { timeout: 10000 });
  }
  assert.equal(await lesson.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Previous step", "the focus kept in the step bar");

  // At 360×640 (a phone's column): still nothing sideways, the board and Solve in the frame.
  await page.evaluate(() => document.querySelectorAll("iframe").forEach((f) => { f.width = 360; f.height = 640; }));
  await puzzle.goto(`${appAddress(PUZZLE)}&embed=1`);
  await puzzle.locator(".board svg").waitFor();
  for (const [name, frame] of [["puzzle", puzzle], ["race", race], ["lesson", lesson]]) {
    await page.waitForTimeout(300);
    const shown = await layout(frame);
    assert.ok(shown.sideways <= 0, `${name} at 360 px: nothing sideways (${shown.sideways} px)`);
    assert.equal(shown.lanesCut, 0, `${name} at 360 px: every lane whole`);
    assert.deepEqual([shown.board, shown.status, shown.solve, shown.playback], [true, true, name === "puzzle", true], `${name} at 360 px`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a puzzle in a slide: the frame fills the slide under its title", async () => {
  const origin = course ? `http://localhost:${course.address().port}` : await courseOrigin();
  const snippet = embedHtml(appAddress("#/hanoi?discs=4")).replace(/width="\d+" height="\d+"/, 'width="900" height="430"');
  pages.set("/slide.html", `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slide</title>
<style>body { margin: 0; background: #fdf6e3; font: 28px/1.3 sans-serif; } section { width: 960px; height: 540px; padding: 20px 30px; box-sizing: border-box; }
h2 { margin: 0 0 12px; font-size: 40px; } iframe { background: #fff; }</style></head>
<body><section><h2>Towers of Hanoi: the recursion at work</h2>${snippet}</section></body></html>`);
  const { page, errors } = await open("#/", { width: 960, height: 540 });
  await page.goto(`${origin}/slide.html`);
  const frame = await (await page.locator("iframe").elementHandle()).contentFrame();
  await frame.locator(".board svg").waitFor();
  const shown = await layout(frame);
  assert.deepEqual([shown.board, shown.status, shown.solve, shown.playback, shown.sideways <= 0], [true, true, true, true, true]);
  await page.screenshot({ path: `${shots}/doc-embed-slide.png` });
  // Hanoi's direct method records no steps, and a frame has no algorithm menu: no "Show the
  // search", and `v` says where the menu is.
  assert.equal(await frame.getByRole("button", { name: "Show the search" }).count(), 0);
  await frame.locator("body").click({ position: { x: 5, y: 5 } });
  await frame.locator("body").press("v");
  await frame.locator("[role=alert] span").filter({ hasText: /the full page's algorithm menu \("Open in Puzzle Lab ↗"\) offers them\.$/ }).waitFor({ timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});


test("offline after a first visit: a frame from another origin of the same site opens and solves with the network off", async () => {
  // A school's course pages beside its own Puzzle Lab (lms.school.edu framing puzzles.school.edu):
  // another origin, the same site, so the browser keeps the frame's storage and its service worker.
  const port = course ? course.address().port : Number(new URL(await courseOrigin()).port);
  const host = `http://127.0.0.1:${port}/same-site.html`;
  const html = coursePage([embedHtml(appAddress("#/hanoi?discs=4"))], "Week 4: recursion");
  pages.set("/same-site.html", html);
  const { page, errors } = await open("#/", { width: 1280, height: 900 });
  await page.goto(host);
  const frame = async () => (await page.locator("iframe").elementHandle()).contentFrame();
  const first = await frame();
  await first.locator(".board svg").waitFor();
  assert.notEqual(new URL(first.url()).origin, new URL(host).origin, "the frame is of another origin");
  // The service worker is active once it has stored every file.
  await first.evaluate(() => navigator.serviceWorker.ready);
  // The network off; the course page itself comes from wherever the school keeps it.
  await page.context().setOffline(true);
  await page.route(host, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  await page.reload();
  const again = await frame();
  await again.locator(".board svg").waitFor({ timeout: 30000 });
  assert.equal(await again.evaluate(() => navigator.onLine), false);
  await again.getByRole("button", { name: "Solve", exact: true }).click();
  await again.locator(".status").filter({ hasText: "Solved: 15 moves" }).waitFor({ timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.context().setOffline(false);
  await page.close();
});
