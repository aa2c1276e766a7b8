// One table of keys per mode (src/core/keys.rs, printed by `puzzlelab keys`): in every mode —
// a page, the Search view, predict mode, a race, a lesson, the list of keys and a QR code —
// the `?` list shows that mode's table, and every key of the table is pressed and does what
// its row says, nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { open, hash, counterShows, pythonLesson } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const root = new URL("../../", import.meta.url).pathname;
const printed = execFileSync("cargo", ["run", "--quiet", "--bin", "puzzlelab", "--", "keys"], { cwd: root, encoding: "utf8" });
const lines = printed.trim().split("\n").map((line) => JSON.parse(line));
const TABLES = Object.fromEntries(lines.filter((l) => !l.puzzle).map((l) => [l.mode, l.keys]));
const OWN = Object.fromEntries(lines.filter((l) => l.puzzle).map((l) => [l.puzzle, l.keys]));

/** Playwright's name for a key as browsers report it. */
const pressable = (key) => (key === " " ? "Space" : key);

/** The rows of `mode` a page shows: its own first (on its page), and none they take. */
function rowsOf(mode, puzzle, inLesson) {
  const own = mode === "page" ? OWN[puzzle] ?? [] : [];
  const taken = new Set(own.flatMap((row) => row.keys));
  const lesson = new Set(["next-lesson-step", "previous-lesson-step"]);
  const rows = TABLES[mode].filter((row) => !row.keys.some((k) => taken.has(k)) || mode !== "page");
  return [...own, ...rows.filter((row) => inLesson || !lesson.has(row.command))];
}

/** The `?` list as shown: [[keys, does]]. Closes it again with Esc. */
async function shownList(page) {
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await dialog.waitFor();
  const keys = await dialog.locator("dt").allTextContents();
  const does = await dialog.locator("dd").allTextContents();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  return keys.map((k, i) => [k, does[i]]);
}

async function assertListIsTable(page, mode, puzzle, inLesson = false) {
  const expected = rowsOf(mode, puzzle, inLesson).map((row) => [row.shown, row.does]);
  // The app's keys and a lesson's come last in the list; the order of the rest is the table's.
  const sort = (rows) => [...rows].sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
  assert.deepEqual(sort(await shownList(page)), sort(expected), `the ? list of ${mode} on ${puzzle}`);
  assert.equal(await page.locator("html").getAttribute("data-keys"), mode);
}

const attribute = (page, name) => page.locator("html").getAttribute(name);
const statusText = (page) => page.locator(".status").textContent();
const moment = async (page) => {
  const text = await page.locator(".moment-count").textContent();
  const [t, len] = text.match(/[\d,]+/g).map((n) => Number(n.replaceAll(",", "")));
  return { t, len };
};
/** Waits until the moment shown passes `test`: [op, value], op one of "=", "<", ">"; value a
 * number or "len" (the last moment). */
const atMoment = (page, [op, value]) =>
  page.waitForFunction(([op, value]) => {
    const numbers = (document.querySelector(".moment-count")?.textContent ?? "").match(/[\d,]+/g);
    if (!numbers) return false;
    const [t, len] = numbers.map((n) => Number(n.replaceAll(",", "")));
    const wanted = value === "len" ? len : value;
    return op === "=" ? t === wanted : op === "<" ? t < wanted : t > wanted;
  }, [op, value], { timeout: 10000 });

/** Each command's effect in the app's three modes that step through something (the Search
 * view, predict mode, a race), checked from the moment shown. */
async function checkStep(page, command, key) {
  const { t } = await moment(page);
  const expect = {
    back: ["=", t - 1],
    forward: ["=", t + 1],
    "back-expansion": ["<", t],
    "forward-expansion": [">", t],
    "back-layer": ["<", t],
    "forward-layer": [">", t],
    "to-start": ["=", 0],
    "to-end": ["=", "len"],
  }[command];
  if (!expect) return false;
  await page.keyboard.press(pressable(key));
  await atMoment(page, expect);
  return true;
}

/** Puts the view back at moment `t` (by the slider). */
async function backTo(page, t) {
  await page.locator("input.moment").evaluate((input, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, t);
  await atMoment(page, ["=", t]);
}

async function checkDialogOpens(page, key, name) {
  await page.keyboard.press(pressable(key));
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

async function checkAppKey(page, command, key) {
  switch (command) {
    case "show-keys":
      await checkDialogOpens(page, key, "Keyboard shortcuts");
      return true;
    case "present":
    case "theme": {
      const name = command === "present" ? "data-presenting" : "data-theme";
      const before = await attribute(page, name);
      await page.keyboard.press(key);
      await page.waitForFunction(([n, b]) => document.documentElement.getAttribute(n) !== b, [name, before]);
      await page.keyboard.press(key);
      await page.waitForFunction(([n, b]) => document.documentElement.getAttribute(n) === b, [name, before]);
      return true;
    }
  }
  return false;
}

async function checkSearchKey(page, command, key, t0) {
  if (await checkAppKey(page, command, key)) return;
  if (await checkStep(page, command, key)) return backTo(page, t0);
  switch (command) {
    case "play-pause": {
      await page.keyboard.press("Space");
      await page.locator(".search-steps button[aria-label='Pause']").waitFor();
      await page.keyboard.press("Space");
      await page.locator(".search-steps button[aria-label='Play']").waitFor();
      return backTo(page, t0);
    }
    case "faster":
    case "slower": {
      const speed = () => page.locator(".search-steps .speed").textContent();
      // From the middle speed, so both directions move.
      const before = await speed();
      await page.keyboard.press(key);
      await page.waitForFunction((b) => document.querySelector(".search-steps .speed").textContent !== b, before, { timeout: 3000 });
      return page.keyboard.press(command === "faster" ? "-" : "+");
    }
    case "show-qr-code":
      return checkDialogOpens(page, key, "This page's link as a QR code");
    case "read-board": {
      await page.keyboard.press("b");
      await page.waitForFunction(() => /Row \d+, column \d+/.test(document.querySelector(".said")?.textContent ?? ""), null, { timeout: 3000 });
      return;
    }
    case "close-search": {
      await page.keyboard.press(pressable(key));
      await page.locator(".search-view").waitFor({ state: "detached" });
      assert.equal(await attribute(page, "data-keys"), "page");
      await page.keyboard.press("v");
      await page.locator(".moment-count").waitFor();
      return backTo(page, t0);
    }
    case "predict": {
      await page.keyboard.press("g");
      await page.locator("button.predict[aria-pressed='true']").waitFor();
      assert.equal(await attribute(page, "data-keys"), "predict");
      await page.keyboard.press("g");
      await page.locator("button.predict[aria-pressed='false']").waitFor();
      return backTo(page, t0);
    }
  }
  assert.fail(`no check for ${command} (${key})`);
}

test("the Search view: its ? list is its table, every key steps the search, none plays the board", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20&algo=astar&view=search&t=40", PROJECTOR);
  await atMoment(page, ["=", 40]);
  await assertListIsTable(page, "search", "sliding");
  for (const row of rowsOf("search", "sliding")) {
    for (const key of row.keys) await checkSearchKey(page, row.command, key, 40);
  }
  // The board is shown, not played: the link gains no move, the search its moment back.
  await page.locator(".board .places [tabindex='0']").first().click().catch(() => page.locator(".board").click());
  await page.locator(".alert").filter({ hasText: /shows the search: it is not played here/ }).waitFor({ timeout: 3000 });
  assert.doesNotMatch(hash(page), /moves=/);
  assert.equal((await moment(page)).t, 40);
  // A page's key that the view does not take says where it works.
  await page.keyboard.press("s");
  await page.locator(".alert").filter({ hasText: /^s does nothing in the Search view\. On the page, s: solve\. Press v/ }).waitFor({ timeout: 3000 });
  assert.equal((await moment(page)).t, 40);
  assert.deepEqual(errors, []);
  await page.close();
});

test("v twice: the Search view closes on the solution the page showed, at its step, with its status", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20&algo=astar", PROJECTOR);
  await page.keyboard.press("s");
  await counterShows(page, "step 0 / \\d+");
  for (let i = 0; i < 3; i++) await page.keyboard.press(".");
  await counterShows(page, "step 3 / \\d+");
  const status = await statusText(page);
  assert.match(status, /^A\*/);
  await page.keyboard.press("v");
  await page.locator(".moment-count").waitFor();
  await page.keyboard.press(".");
  await page.keyboard.press("v");
  await page.locator(".search-view").waitFor({ state: "detached" });
  await counterShows(page, "step 3 / \\d+");
  assert.equal(await statusText(page), status);
  assert.match(hash(page), /step=3/);
  assert.deepEqual(errors, []);
});

test("v on an algorithm that records no steps says which ones the Search view shows, and keeps the result", async () => {
  const { page, errors } = await open("#/hanoi?discs=3&algo=optimal", PROJECTOR);
  await page.keyboard.press("s");
  await counterShows(page, "step 0 / 7");
  const status = await statusText(page);
  await page.keyboard.press("v");
  await page.locator(".alert").filter({ hasText: /^The Search view cannot show Direct method: it does not record its steps\. It can show .*A\*/ }).waitFor({ timeout: 3000 });
  assert.equal(await page.locator(".search-view").count(), 0);
  assert.equal(await statusText(page), status);
  await counterShows(page, "step 0 / 7");
  assert.deepEqual(errors, []);
});

test("u with nothing to undo keeps the solution; arrows in Compare move between its rows; busy goes once the answer comes", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20&algo=astar", PROJECTOR);
  await page.keyboard.press("s");
  await counterShows(page, "step 0 / \\d+");
  const status = await statusText(page);
  await page.keyboard.press("u");
  await page.locator(".alert").filter({ hasText: /^No move to undo\./ }).waitFor({ timeout: 3000 });
  await counterShows(page, "step 0 / \\d+");
  assert.equal(await statusText(page), status);
  // The comparison's rows take the arrows: no tile slides under the table.
  await page.keyboard.press("c");
  await page.locator("table.compare tbody tr:focus").waitFor({ timeout: 30000 });
  const first = await page.locator("table.compare tbody tr:focus th").innerText();
  // A row heard says what Enter does on it (its description, after its numbers).
  const described = await page.locator("table.compare tbody tr:focus").getAttribute("aria-describedby");
  assert.equal(await page.locator(`#${described}`).textContent(), "Enter shows this row's solution on the board.");
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((t) => document.activeElement?.closest("tr")?.querySelector("th")?.innerText !== t, first, { timeout: 3000 });
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  assert.equal(await page.locator("table.compare tbody tr:focus th").innerText(), first);
  assert.doesNotMatch(hash(page), /moves=/);
  // Enter on a row plays its solution and says so (it played in silence).
  await page.keyboard.press("Enter");
  await page.locator(".said").filter({ hasText: /^Playing from step 0 of \d+/ }).waitFor({ timeout: 30000 });
  await page.close();
  // Esc closes the puzzles' menu and gives the focus back to its button.
  const menu = await open("#/sliding?size=3", PROJECTOR);
  await menu.page.locator(".menu-button").focus();
  await menu.page.keyboard.press("Enter");
  await menu.page.keyboard.press("Tab");
  await menu.page.keyboard.press("Escape");
  assert.equal(await menu.page.evaluate(() => document.activeElement?.classList.contains("menu-button")), true, "the focus on the menu's button");
  await menu.page.close();
  // A second Solve while one runs is refused; the refusal goes once the answer comes.
  const genetic = await open("#/tiles264?seed=3", PROJECTOR);
  await genetic.page.keyboard.press("s");
  await genetic.page.keyboard.press("s");
  await genetic.page.locator(".alert").filter({ hasText: /^Busy solving/ }).waitFor({ timeout: 3000 });
  await genetic.page.locator(".status").filter({ hasText: /Solved/ }).waitFor({ timeout: 60000 });
  await genetic.page.waitForFunction(() => !/Busy solving/.test(document.querySelector(".messages .alert")?.textContent ?? ""), null, { timeout: 3000 });
  assert.deepEqual([...errors, ...genetic.errors], []);
  await genetic.page.close();
});

test("predict mode: a card's number picks it, Esc and g leave it, the steps stay", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20&algo=bfs&view=search&t=40&predict=1", PROJECTOR);
  const cards = page.locator(".predict-cards li[data-card]");
  await cards.first().waitFor({ timeout: 30000 });
  await assertListIsTable(page, "predict", "sliding");
  const verdict = page.locator(".predict-verdict");
  // Cards are numbered 1, 2, 3 … by their place: their numbers are not the nodes' (whose
  // order would give breadth-first's answer away).
  const numbers = await cards.evaluateAll((cs) => cs.map((c) => [c.dataset.card, c.dataset.node, c.querySelector("button").textContent]));
  assert.deepEqual(numbers.map(([card]) => card), numbers.map((_, i) => String(i + 1)));
  for (const [card, , shown] of numbers) assert.equal(shown, card, "the card shows its card number");
  // The last card's key picks it; the verdict names the card and its node.
  const [card, node] = numbers[numbers.length - 1];
  await page.keyboard.press(card);
  await verdict.filter({ hasText: /^(Right|Not this one): card \d+, node \d+, is expanded next/ }).waitFor();
  assert.match(await page.locator(".predict-score").textContent(), /of 1 right/);
  assert.ok(numbers.some(([, n]) => n === node));
  // Once the answer is out a number says how to go on; at the next question a number no card
  // has says so.
  await page.keyboard.press("1");
  await page.locator(".search-view .alert").filter({ hasText: /The answer is out/ }).waitFor();
  const asked = await moment(page);
  await page.keyboard.press("]");
  await verdict.filter({ hasText: /which of these waiting nodes/ }).waitFor();
  // The next question's cards are drawn with its moment.
  await atMoment(page, [">", asked.t]);
  if (await cards.count() < 9) {
    await page.keyboard.press("9");
    await page.locator(".search-view .alert").filter({ hasText: /There is no card 9/ }).waitFor();
  }
  // No digit moves a tile (the link keeps no moves).
  assert.doesNotMatch(hash(page), /moves=/);
  // The steps are the Search view's.
  const { t } = await moment(page);
  await page.keyboard.press("ArrowRight");
  await atMoment(page, ["=", t + 1]);
  // Esc leaves predict mode, the view stays; v leaves the view.
  await page.keyboard.press("Escape");
  await page.locator("button.predict[aria-pressed='false']").waitFor();
  assert.equal(await attribute(page, "data-keys"), "search");
  await page.keyboard.press("g");
  await page.locator("button.predict[aria-pressed='true']").waitFor();
  await page.keyboard.press("v");
  await page.locator(".search-view").waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a race: its ? list is its table and every key moves its clock", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=1&shuffle=30&race=bfs,astar", PROJECTOR);
  await page.locator(".moment-count").waitFor({ timeout: 30000 });
  await backTo(page, 40);
  await assertListIsTable(page, "race", "sliding");
  // The race's keys act as the Search view's, on its clock.
  for (const row of rowsOf("race", "sliding")) {
    for (const key of row.keys) await checkSearchKey(page, row.command, key, 40);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page: its ? list is its table (its own keys first), and every key does what its row says", async () => {
  const { page, errors } = await open("#/hanoi?discs=3", PROJECTOR);
  await assertListIsTable(page, "page", "hanoi");
  for (const row of rowsOf("page", "hanoi")) {
    for (const key of row.keys) {
      if (await checkAppKey(page, row.command, key)) continue;
      switch (row.command) {
        case "board": {
          // Hanoi's 1–4 pick pegs A–D (three pegs here: 4 says there is no peg D).
          await page.keyboard.press(key);
          const [where, words] = {
            1: [".status", /^Picked peg A/],
            2: [".alert", /^Peg B is empty/],
            3: [".alert", /^Peg C is empty/],
            4: [".alert", /^There is no peg D: this tower has pegs A–C \(keys 1–3\)/],
          }[key];
          await page.locator(where).filter({ hasText: words }).waitFor({ timeout: 3000 });
          // Peg A pressed again puts the disc back down.
          if (key === "1") await page.keyboard.press(key);
          break;
        }
        case "solve":
          await page.keyboard.press("s");
          await counterShows(page, "step 0 / 7");
          break;
        case "back":
        case "forward":
        case "to-start": {
          await page.keyboard.press(".");
          await page.keyboard.press(".");
          await counterShows(page, "step 2 / 7");
          await page.keyboard.press(pressable(key));
          await counterShows(page, { back: "step 1 / 7", forward: "step 3 / 7", "to-start": "step 0 / 7" }[row.command]);
          await page.keyboard.press("Home");
          await counterShows(page, "step 0 / 7");
          break;
        }
        case "to-end":
          // End reaches the goal, paused, and says its last move; Home takes the step back.
          await page.keyboard.press(key);
          await counterShows(page, "step 7 / 7");
          await page.waitForFunction(() => /^Step 7 of 7: .+/.test(document.querySelector(".said")?.textContent ?? ""), null, { timeout: 3000 });
          await page.keyboard.press("Home");
          await counterShows(page, "step 0 / 7");
          break;
        case "play-pause":
          await page.keyboard.press("Space");
          await page.locator(".playback button[aria-label='Pause']").waitFor();
          await page.keyboard.press("Space");
          await page.locator(".playback button[aria-label='Play']").waitFor();
          await page.keyboard.press("Home");
          break;
        case "faster":
        case "slower": {
          const speed = () => page.locator(".playback .speed").textContent();
          const before = await speed();
          await page.keyboard.press(key);
          await page.waitForFunction((b) => document.querySelector(".playback .speed").textContent !== b, before, { timeout: 3000 });
          await page.keyboard.press(row.command === "faster" ? "-" : "+");
          break;
        }
        case "compare":
          await page.keyboard.press("c");
          await page.locator(".compare table, table.compare").first().waitFor({ timeout: 20000 });
          await page.locator("button[aria-label='Cancel']:disabled").waitFor({ timeout: 20000 });
          // A comparison puts the solution aside: solved again for the keys that play it.
          await page.keyboard.press("s");
          await counterShows(page, "step 0 / 7");
          break;
        case "cancel":
          // Tested with a solve that runs long enough, below.
          break;
        case "new-seed":
          // A position drawn from a new seed; then back to the tower at its start.
          await page.keyboard.press("n");
          await page.locator(".status").filter({ hasText: /^Random position from seed \d+/ }).waitFor({ timeout: 3000 });
          await page.waitForFunction(() => /seed=\d+/.test(location.hash));
          await page.evaluate(() => { location.hash = "#/hanoi?discs=3"; });
          await page.waitForFunction(() => !/seed=/.test(location.hash) && document.querySelector(".status"));
          break;
        case "undo":
        case "restart": {
          // A move by hand (A → C), then the key takes it back.
          await page.keyboard.press("1");
          await page.keyboard.press("3");
          await page.waitForFunction(() => /moves=AC/.test(decodeURIComponent(location.hash)));
          await page.keyboard.press(key);
          await page.waitForFunction(() => !/moves=AC/.test(decodeURIComponent(location.hash)));
          break;
        }
        case "open-search":
          // Hanoi's default, the direct method, records no steps: v says which methods do
          // (the Search view's own keys are checked on the sliding page above).
          await page.keyboard.press("v");
          await page.locator(".alert").filter({ hasText: /^The Search view cannot show Direct method/ }).waitFor({ timeout: 3000 });
          assert.equal(await page.locator(".search-view").count(), 0);
          assert.equal(await attribute(page, "data-keys"), "page");
          break;
        case "show-qr-code":
          await checkDialogOpens(page, "q", "This page's link as a QR code");
          break;
        case "read-board":
          await page.keyboard.press("b");
          await page.waitForFunction(() => /Peg A/.test(document.querySelector(".said")?.textContent ?? ""), null, { timeout: 3000 });
          break;
        default:
          assert.fail(`no check for ${row.command} (${key})`);
      }
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("dialogs take every key: Esc closes the one open and cancels nothing, q or ? opens no second", async () => {
  const { page, errors } = await open("#/sliding?size=4&seed=1&shuffle=80&algo=bfs", PROJECTOR);
  await assertListIsTable(page, "page", "sliding");
  const cancel = page.getByRole("button", { name: "Cancel" });
  await page.keyboard.press("s");
  await page.locator(".solve-bar button[aria-label='Cancel']:enabled, button[aria-label='Cancel']:enabled").first().waitFor();
  // The list of keys over a running solve: its table is the dialog's.
  await page.keyboard.press("?");
  const list = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await list.waitFor();
  assert.equal(await attribute(page, "data-dialog"), "shortcuts");
  for (const key of ["q", "s", "ArrowRight", "PageDown"]) await page.keyboard.press(key);
  assert.equal(await page.getByRole("dialog").count(), 1, "no second dialog");
  // Tab moves among the list's controls and never leaves it.
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
  await page.keyboard.press("Tab");
  assert.equal(await focusedText(), "Teacher's guide");
  await page.keyboard.press("Tab");
  assert.equal(await focusedText(), "Close");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await focusedText(), "Teacher's guide");
  await page.keyboard.press("Escape");
  await list.waitFor({ state: "detached" });
  // Esc closed the list only: the solve still runs; Esc now cancels it.
  assert.ok(await cancel.isEnabled(), "the solve runs on");
  await page.keyboard.press("Escape");
  await page.locator("button[aria-label='Cancel']:disabled").waitFor({ timeout: 10000 });
  // A QR code: its table, and no list of keys over it.
  await page.keyboard.press("q");
  const code = page.getByRole("dialog", { name: "This page's link as a QR code" });
  await code.waitFor();
  assert.equal(await attribute(page, "data-dialog"), "qr-code");
  await page.keyboard.press("?");
  assert.equal(await page.getByRole("dialog").count(), 1, "no list over the QR code");
  assert.match(await focusedText(), /Back to the page/);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "The embed code");
  await page.keyboard.press("Tab");
  assert.match(await focusedText(), /^Copy the embed code/);
  await page.keyboard.press("Tab");
  assert.match(await focusedText(), /Back to the page/);
  await page.keyboard.press("q");
  await code.waitFor({ state: "detached" });
  assert.equal(await attribute(page, "data-dialog"), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a lesson: PageDown and PageUp move between steps, and wait while a dialog is open", async () => {
  const { page, errors } = await open("#/lesson?example=search", PROJECTOR);
  const count = page.locator(".lesson-count");
  await count.filter({ hasText: /^1 \// }).waitFor({ timeout: 20000 });
  await page.locator("main .board, main .search-view").first().waitFor({ timeout: 20000 });
  const mode = await attribute(page, "data-keys");
  assert.ok(["page", "search", "predict", "race"].includes(mode), mode);
  await page.keyboard.press("PageDown");
  await count.filter({ hasText: /^2 \// }).waitFor();
  await page.keyboard.press("?");
  await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
  const listed = await page.locator(".overlay dt").allTextContents();
  assert.ok(listed.includes("PageDown") && listed.includes("PageUp"), listed.join(" "));
  await page.keyboard.press("PageDown");
  await page.keyboard.press("Escape");
  await count.filter({ hasText: /^2 \// }).waitFor();
  await page.keyboard.press("PageUp");
  await count.filter({ hasText: /^1 \// }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("a lesson's QR code: on both windows at once, closed from either by Esc or its button, and no page QR over it", async () => {
  const lesson = pythonLesson({ v: 1, title: "Two steps", steps: [
    { link: "#/hanoi?discs=3", note: "Three discs." }, { link: "#/jugs", note: "Pour." }] });
  const { page: projector, errors } = await open(lesson, PROJECTOR);
  await projector.locator(".puzzle-page.hanoi").waitFor({ timeout: 30000 });
  const [presenter] = await Promise.all([
    projector.context().waitForEvent("page"),
    projector.getByRole("button", { name: "Open presenter view" }).click(),
  ]);
  await presenter.locator(".presenter").waitFor({ timeout: 30000 });
  const shownOn = (page) => page.locator(".qr-overlay");
  for (const closeBy of ["Escape", "button"]) {
    await presenter.getByRole("button", { name: "QR code of this step" }).click();
    await shownOn(presenter).waitFor();
    await shownOn(projector).waitFor();
    // On the projector the lesson's code holds the keys: q closes it, opens no second code.
    assert.equal(await projector.locator("html").getAttribute("data-dialog"), "qr-code");
    const close = shownOn(presenter).getByRole("button", { name: /Back to the notes/ });
    const box = await shownOn(projector).getByRole("button", { name: /Back to the lesson/ }).boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 768, `the projector's close button on screen: ${JSON.stringify(box)}`);
    if (closeBy === "Escape") await presenter.keyboard.press("Escape");
    else await close.click();
    await shownOn(presenter).waitFor({ state: "detached" });
    await shownOn(projector).waitFor({ state: "detached" });
  }
  // Shown again, and closed from the projector by q: the presenter follows.
  await presenter.getByRole("button", { name: "QR code of this step" }).click();
  await shownOn(projector).waitFor();
  await projector.keyboard.press("q");
  await shownOn(projector).waitFor({ state: "detached" });
  await shownOn(presenter).waitFor({ state: "detached" });
  assert.equal(await projector.getByRole("dialog").count(), 0, "no page QR code opened by that q");
  // The presenter window has its own keys: q shows the code on both screens and closes it;
  // p does nothing there (presentation mode is the projector's).
  assert.equal(await presenter.locator("html").getAttribute("data-keys"), "presenter");
  await presenter.keyboard.press("q");
  await shownOn(presenter).waitFor();
  await shownOn(projector).waitFor();
  await presenter.keyboard.press("q");
  await shownOn(projector).waitFor({ state: "detached" });
  await presenter.keyboard.press("p");
  await presenter.keyboard.press("?");
  await presenter.getByRole("dialog", { name: "Keyboard shortcuts" }).filter({ hasText: /projector's step as a QR code/ }).waitFor();
  assert.equal(await presenter.locator("html").getAttribute("data-presenting"), "off");
  assert.equal(await presenter.getByRole("button", { name: "Present" }).count(), 0);
  assert.deepEqual(errors, []);
  await presenter.close();
  await projector.close();
});
