// What the README and the guides in docs/ show is true. Every app link they give opens in the
// app (moving between pages without reloading) and the address the page writes back is the
// link's canonical form as the native CLI reads it (`puzzlelab link`); a link given as a bad
// example gets an alert naming its problem. And the pictures they show are taken here, of the
// app as it is (tests/e2e/screenshots/doc-*.png, kept in the repository).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { open, hash, shots } from "./harness.mjs";

const root = new URL("../../", import.meta.url);
const documents = ["README.md", ...readdirSync(new URL("docs/", root)).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const cli = new URL("target/debug/puzzlelab", root).pathname;

/** `{ link }` or `{ error }`, as the CLI reads `link`. */
function canonical(link) {
  try {
    return JSON.parse(execFileSync(cli, ["link", link]).toString());
  } catch (failed) {
    return JSON.parse(failed.stdout.toString());
  }
}

/** The app links a document gives: in code spans and quoted in commands ("…" is a placeholder). */
function appLinks(text) {
  return [...text.matchAll(/['`"](#\/[a-z][a-z0-9-]*(?:\?[^'`"\s]*)?)['`"]/g)]
    .map((m) => m[1]).filter((link) => !link.includes("…"));
}

test("every link in the README and the guides opens in the app as its canonical form", async () => {
  const links = new Set();
  for (const file of documents) {
    const found = appLinks(readFileSync(new URL(file, root), "utf8"));
    if (file.match(/README|teaching|links|cli/)) assert.ok(found.length >= 3, `${file} gives links: ${found.length}`);
    for (const link of found) links.add(link);
  }
  const { page, errors } = await open("#/");
  let opened = 0;
  for (const link of links) {
    const expected = canonical(link);
    if (expected.error?.startsWith("link: unknown puzzle 'doubling'")) continue; // the unlisted example
    await page.evaluate((link) => { location.hash = link; }, link);
    if (link === "#/lesson") {
      // No lesson to read (`link` refuses it so): the app's address of the lesson builder.
      await page.locator("main.builder h1", { hasText: "Your lesson" }).waitFor();
    } else if (expected.error) {
      await page.locator("[role=alert]:not(.empty)").filter({ hasText: /\S/ }).first().waitFor()
        .catch((e) => assert.fail(`${link} is refused by \`link\` (${expected.error}), but the app shows no alert: ${e.message}`));
    } else {
      await page.waitForFunction((want) => decodeURIComponent(location.hash) === decodeURIComponent(want),
        expected.link, { timeout: 15000 }).catch(() => {});
      assert.equal(hash(page), decodeURIComponent(expected.link), `${link} opens as its canonical form`);
    }
    opened++;
  }
  assert.ok(opened >= 40, `opened ${opened} links`);
  assert.deepEqual(errors, []);
  await page.close();
});

const PROJECTOR = { width: 1024, height: 768 };
/** Still pictures: no tile caught half-way through a slide. */
const STILL = { reducedMotion: "reduce" };
const EIGHT_PUZZLE = "#/sliding?size=3&seed=1&shuffle=30&algo=astar";
const SEARCH = "#/sliding?size=3&seed=3&shuffle=20";

/** Opens a link as the guides show it, waits for `ready`, and takes the picture `name`. */
async function picture(name, link, ready, { viewport = PROJECTOR, options = {}, before } = {}) {
  const { page, errors } = await open(link, viewport, async () => {}, { ...STILL, ...options });
  if (before) await before(page);
  await ready(page);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: `${shots}/doc-${name}.png` });
  assert.deepEqual(errors, [], name);
  await page.close();
}

const stepShown = (page, text) => page.locator(".playback-bar").filter({ hasText: text }).waitFor({ timeout: 60000 });

test("the guides' pictures show what their captions say", async () => {
  await picture("page", `${EIGHT_PUZZLE}&step=10`, (page) => stepShown(page, "step 10 / 22"));
  await picture("present", `${EIGHT_PUZZLE}&step=10`, async (page) => {
    await stepShown(page, "step 10 / 22");
    await page.keyboard.press("p");
    await page.getByRole("button", { name: "Leave presentation (p)" }).waitFor();
  });
  await picture("search", `${SEARCH}&algo=astar&view=search&t=40`,
    (page) => page.locator(".moment-count").filter({ hasText: /^event 40 of/ }).waitFor({ timeout: 60000 }));
  // Predict mode asks at the next expansion from event 40.
  await picture("predict", `${SEARCH}&algo=bfs&view=search&t=40&predict=1`, async (page) => {
    await page.locator(".predict-cards").waitFor({ timeout: 60000 });
    await page.locator(".predict-score").waitFor();
  });
  await picture("race", `${SEARCH}&race=bfs,astar,idastar&t=100`,
    (page) => page.locator(".moment-count").filter({ hasText: /^tick 100 of/ }).waitFor({ timeout: 60000 }));
  await picture("lesson", "#/lesson?example=search&step=2",
    (page) => page.locator(".lesson-count").filter({ hasText: "2 / 4" }).waitFor({ timeout: 60000 }));
  await picture("presenter", "#/lesson?example=search&step=2&presenter=1",
    (page) => page.locator(".presenter .lesson-count").filter({ hasText: "Step 2 / 4" }).waitFor({ timeout: 60000 }));
  await picture("builder", "#/hanoi?discs=3", async (page) => {
    const add = page.getByRole("button", { name: "Add to lesson" });
    await add.click();
    for (const link of [`${SEARCH}&algo=bfs&view=search&t=40`, `${SEARCH}&race=bfs,astar,idastar`]) {
      await page.evaluate((h) => { location.hash = h; }, link);
      await page.locator(".moment-count").waitFor({ timeout: 60000 });
      await add.click();
    }
    await page.getByRole("link", { name: "Lesson", exact: true }).click();
    await page.getByRole("heading", { name: "Your lesson" }).waitFor();
    await page.getByLabel("Title").fill("Searching the 8-puzzle");
    await page.getByLabel("Note for step 1").fill("Fifteen moves for four discs: the recursion needs no search.");
    await page.getByLabel("Note for step 2").fill("Breadth-first: which node comes next? Vote before I step.");
    await page.getByLabel("Note for step 3").fill("Three searches on one clock: who finishes first?");
    await page.evaluate(() => window.scrollTo(0, 0));
  });
  await picture("qr", `${EIGHT_PUZZLE}&step=10`, async (page) => {
    await stepShown(page, "step 10 / 22");
    await page.keyboard.press("q");
    await page.locator(".qr-picture svg").waitFor();
  });
  await picture("phone", `${EIGHT_PUZZLE}&step=10`, (page) => stepShown(page, "step 10 / 22"),
    { viewport: { width: 393, height: 851 }, options: { hasTouch: true, isMobile: true } });
});

test("the app shows the teacher's guide: from the shortcut list, its links open the app, and offline", async () => {
  const { page, errors } = await open("#/", PROJECTOR);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.keyboard.press("?");
  const [guide] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("dialog", { name: "Keyboard shortcuts" }).getByRole("link", { name: "Teacher's guide" }).click(),
  ]);
  await guide.getByRole("heading", { name: "Teaching with Puzzle Lab", level: 1 }).waitFor();
  // Every section of docs/teaching.md, and its pictures drawn.
  const written = readFileSync(new URL("docs/teaching.md", root), "utf8").match(/^## .+$/gm).map((h) => h.slice(3));
  assert.deepEqual(await guide.getByRole("heading", { level: 2 }).allInnerTexts(), written);
  await guide.waitForLoadState("load");
  const pictures = await guide.locator("img").evaluateAll((images) => images.map((i) => [i.alt, i.naturalWidth]));
  assert.ok(pictures.length >= 8, `${pictures.length} pictures`);
  for (const [alt, width] of pictures) assert.ok(width > 0, `the picture "${alt}" is drawn`);
  // A link written as code opens the app at that page.
  await guide.getByRole("link", { name: "#/sliding?size=3&seed=1&shuffle=30&algo=astar&step=10" }).click();
  await stepShown(guide, "step 10 / 22");
  await guide.close();

  // Offline, once the guide was shown: its text and its pictures.
  const address = new URL(await page.evaluate(() => document.querySelector("meta[name=puzzlelab-guide]").content), page.url());
  await page.context().setOffline(true);
  await page.goto(address.href);
  await page.getByRole("heading", { name: "Building a lesson" }).waitFor();
  await page.waitForLoadState("load");
  const drawn = await page.locator("img").evaluateAll((images) => images.filter((i) => i.naturalWidth > 0).length);
  assert.equal(drawn, pictures.length, "the pictures seen online are kept");
  await page.context().setOffline(false);
  assert.deepEqual(errors, []);
  await page.close();
});
