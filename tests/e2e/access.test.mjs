// Every board by every hand: a player who solves each puzzle with the keyboard alone, knowing
// the board only from the accessibility tree (the places' names) and what the live region
// says; the same puzzles by taps on a phone held both ways; and the focus ring's contrast.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, waitForHash, seriousViolations } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const PORTRAIT = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
const LANDSCAPE = { viewport: { width: 640, height: 360 }, hasTouch: true, isMobile: true };

/** What the screen reader heard last about the board. */
const said = (page) => page.locator(".said").innerText();

/** The board's places as the accessibility tree names them, in order. */
async function placeNames(page) {
  const tree = await page.locator(".board .places").ariaSnapshot();
  return [...tree.matchAll(/button "([^"]*)"/g)].map((m) => m[1]);
}

const focusedName = (page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

/** Tabs from the top of the page until the focus is on one of the board's places. */
async function tabIntoBoard(page) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("place"))) return;
  }
  throw new Error("Tab never reaches the board");
}

/** Moves the focus with the arrow keys to the place whose name matches `wanted`, the way a
 * sighted keyboard user does: towards it, one arrow at a time. */
async function arrowTo(page, wanted) {
  const names = await placeNames(page);
  const target = names.findIndex((name) => wanted.test(name));
  assert.ok(target >= 0, `no place matches ${wanted} among ${names.join(" | ")}`);
  for (let i = 0; i < 40; i++) {
    const now = await focusedName(page);
    if (wanted.test(now)) return now;
    const [from, to] = await page.evaluate((target) => {
      const places = [...document.querySelectorAll(".board .place")];
      const box = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
      return [box(document.activeElement), box(places[target])];
    }, target);
    const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "ArrowRight" : "ArrowLeft") : (dy > 0 ? "ArrowDown" : "ArrowUp");
    await page.keyboard.press(key);
  }
  throw new Error(`the arrows never reach ${wanted} (at ${await focusedName(page)})`);
}

/** Presses the place matching `wanted` from the keyboard; resolves to what is then said. */
/** Presses a place and returns what a screen reader hears first: the sentence said, or else the
 * status when only it changed (a pick: "Picked peg A: …", the place's name not said again). */
async function pressPlace(page, wanted, key = "Enter") {
  await arrowTo(page, wanted);
  const regions = () => page.evaluate(() => [".said", "main p.status"].map((s) => document.querySelector(s)?.innerText ?? ""));
  const before = await regions();
  await page.keyboard.press(key);
  await page.waitForFunction((before) => [".said", "main p.status"].some((s, i) => (document.querySelector(s)?.innerText ?? "") !== before[i]),
    before, { timeout: 3000 }).catch(() => {});
  await page.waitForTimeout(50);
  const after = await regions();
  return after.find((words, i) => words !== before[i] && words !== "") ?? "";
}

/** Each puzzle, a position near its goal, and the presses that reach it: (place, what the
 * live region must then say[, the place the focus then names: a piece moved by one press takes
 * the focus with it]). The last checks what the page says at the goal. */
const GAMES = [
  {
    name: "sliding",
    link: "#/sliding?size=3&tiles=1,2,3,4,0,5,7,8,6",
    presses: [[/^Row 2, column 3: tile 5, beside/, /^Move 1: tile 5 slides left\.$/, /^Row 2, column 2: tile 5/],
      [/^Row 3, column 3: tile 6, beside/, /^Move 2: tile 6 slides up\.$/, /^Row 2, column 3: tile 6/]],
    done: /Solved by hand in 2 moves/,
  },
  {
    name: "hanoi",
    link: "#/hanoi?discs=2",
    presses: [[/^Peg A: discs 2, 1, top 1$/, /^Picked peg A: now pick/], [/^Peg B/, /^Move 1: disc 1 from peg A to peg B\.$/],
      [/^Peg A/, /^Picked peg A/], [/^Peg C/, /^Move 2: disc 2 from peg A to peg C\.$/],
      [/^Peg B/, /^Picked peg B/], [/^Peg C/, /^Move 3: disc 1 from peg B to peg C\.$/]],
    done: /Solved by hand in 3 moves: optimal/,
  },
  {
    name: "queens",
    link: "#/queens?n=4",
    presses: [[/^Row 1, column 2: empty, free$/, /^Row 1, column 2: queen$/], [/^Row 2, column 4: empty, free$/, /queen$/],
      [/^Row 3, column 1: empty, free$/, /queen$/], [/^Row 4, column 3: empty, free$/, /queen$/]],
    done: /All 4 queens placed and none attacks another: solved/,
  },
  {
    name: "jugs",
    link: "#/jugs?capacity=3,5&start=3,0&goal=0,3",
    presses: [[/^Jug A: 3 of 3 litres$/, /^Picked jug A: now pick the jug to pour into/], [/^Jug B: 0 of 5 litres$/, /^Move 1: .*now A 0, B 3\.$/]],
    done: /Done in 1 pours/,
  },
  {
    name: "marbles",
    link: "#/marbles?n=1&gap=1",
    presses: [[/^Slot 1: white/, /^Move 1: the white marble in slot 1 slides to slot 2\.$/, /^Slot 2: white/],
      [/^Slot 3: black/, /^Move 2: the black marble in slot 3 hops to slot 1\.$/, /^Slot 1: black/],
      [/^Slot 2: white/, /^Move 3: the white marble in slot 2 slides to slot 3\.$/, /^Slot 3: white/]],
    done: /Solved by hand in 3 moves/,
    goal: [/^Slot 1: black/, /^Slot 2: empty/, /^Slot 3: white/],
  },
  {
    name: "golf tees",
    link: "#/golf-tee?pos=010100000000000&goal=0",
    presses: [[/^Hole 3, row 3, position 1: tee$/, /^Picked the tee in hole 3: now pick the empty hole/],
      [/^Hole 0, row 1, position 1: empty, the goal hole$/, /^Move 1: the tee in hole 3 jumps over hole 1 into hole 0/]],
    done: /Solved by hand in 1 move!/,
    goal: [/^Hole 0, .*: tee, the goal hole$/, /^Hole 1, .*: empty$/],
  },
  {
    name: "blocks",
    link: "#/blocks?layout=1...&width=2&goal=bottom-right",
    presses: [[/^Row 1, column 1: piece 1, the red block$/, /^Picked piece 1: now pick/], [/^Row 1, column 2: empty$/, /^Move 1: piece 1 slides right\.$/],
      [/^Row 1, column 2: piece 1, the red block$/, /^Picked piece 1: now pick/],
      [/^Row 2, column 2: empty, in the goal corner$/, /^Move 2: piece 1 slides down\.$/]],
    done: /Solved by hand in 2 moves/,
    goal: [/^Row 2, column 2: piece 1, the red block, in the goal corner$/],
  },
];

for (const game of GAMES) {
  test(`${game.name}: played to its goal by the keyboard alone, every move heard and in the link`, async () => {
    const { page, errors } = await open(game.link, PROJECTOR);
    await page.locator(".board .place").first().waitFor();
    await tabIntoBoard(page);
    for (const [place, heard, landed] of game.presses) {
      const words = await pressPlace(page, place);
      assert.match(words, heard, `after pressing ${place}`);
      assert.ok(await page.evaluate(() => document.activeElement?.classList.contains("place")), "the focus stays on the board");
      if (landed) assert.match(await focusedName(page), landed, "the focus went with the piece");
    }
    if (game.done) await status(page).filter({ hasText: game.done }).waitFor({ timeout: 3000 });
    const names = await placeNames(page);
    for (const wanted of game.goal ?? []) assert.ok(names.some((n) => wanted.test(n)), `${wanted} in ${names.join(" | ")}`);
    // `b` reads the whole board: every place's name, in order.
    await page.keyboard.press("b");
    assert.equal(await said(page), `${names.join("; ")}.`);
    // The moves heard are the link's moves: opening it again shows the same board.
    const moves = game.presses.filter(([, heard]) => /\^Move/.test(heard.source)).length;
    if (moves > 0) await waitForHash(page, new RegExp(`moves=([^&,]+,){${moves - 1}}[^&,]+(&|$)`));
    const { page: again } = await open(hash(page), PROJECTOR);
    await again.locator(".board .place").first().waitFor();
    // A piece picked is the player's, not the link's.
    const unpicked = (list) => list.map((name) => name.replace(/, picked[^,]*/, ""));
    assert.deepEqual(unpicked(await placeNames(again)), unpicked(names), "the link reopens the board as played");
    assert.deepEqual(errors, []);
    await again.close();
    await page.close();
  });
}

test("sudoku: the arrows select the cell they reach, digits fill it, a clash is named", async () => {
  const { page, errors } = await open("#/sudoku", PROJECTOR);
  await page.locator(".board .place").first().waitFor();
  await tabIntoBoard(page);
  const open1 = (await placeNames(page)).find((n) => / empty$/.test(n));
  const cell = open1.split(":")[0];
  await arrowTo(page, new RegExp(`^${cell}:`));
  // A value that a friend of the cell already holds, so the clash is heard.
  const row = Number(cell.match(/Row (\d+)/)[1]);
  const names = await placeNames(page);
  const taken = names.find((n) => n.startsWith(`Row ${row},`) && /: \d, a clue$/.test(n)).match(/: (\d)/)[1];
  await page.keyboard.press(taken);
  await page.waitForFunction(() => /^Move 1:/.test(document.querySelector(".said")?.innerText ?? ""), null, { timeout: 3000 });
  assert.match(await said(page), new RegExp(`^Move 1: You entered ${taken} in ${cell.toLowerCase()}, which clashes with row ${row}, column \\d`));
  assert.match(await focusedName(page), new RegExp(`^${cell}: ${taken}, clashes with row ${row}, column \\d`));
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => /^Move 2:/.test(document.querySelector(".said")?.innerText ?? ""), null, { timeout: 3000 });
  assert.match(await focusedName(page), new RegExp(`^${cell}: empty$`));
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: a code broken from the keyboard, each probe's score read in the accessibility tree", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&secret=1122&breaker=you", PROJECTOR);
  await page.locator(".mastermind").first().waitFor();
  for (const key of ["1", "2", "3", "4"]) await page.keyboard.press(key);
  // The Probe button pressed from the keyboard: disabled once used, it hands the focus to
  // the board, not to the page.
  await page.getByRole("button", { name: "Probe", exact: true }).focus();
  await page.keyboard.press("Enter");
  await waitForHash(page, /moves=1234/);
  assert.equal(await said(page), "Move 1: probe 1234: 1 black, 1 white.");
  await page.waitForTimeout(100);
  assert.ok(await page.evaluate(() => document.activeElement?.closest(".board") != null), "the focus stays on the board");
  for (const key of ["1", "1", "2"]) await page.keyboard.press(key);
  assert.equal(await said(page), "Your probe: 1 1 2, one symbol to go.");
  // The board read aloud includes the probe being typed.
  await page.keyboard.press("b");
  assert.match(await said(page), /^Probes: 1234: 1 black, 1 white\. \d+ codes are still possible\. Your probe: 1 1 2, one symbol to go\.$/);
  await page.keyboard.press("2");
  await page.keyboard.press("Enter");
  await waitForHash(page, /moves=1234,1122/);
  assert.equal(await said(page), "Move 2: probe 1122: 4 black, 0 white.");
  await page.keyboard.press("b");
  assert.match(await said(page), /^Probes: 1234: 1 black, 1 white; 1122: 4 black, 0 white\. 1 code is still possible\.$/);
  const tree = await page.locator(".mastermind .probes").ariaSnapshot();
  assert.match(tree, /img "1234"[^\n]*\n\s*- img "1 black, 1 white"/);
  assert.match(tree, /img "1122"[^\n]*\n\s*- img "4 black, 0 white"/);
  // Enter on a link follows it (it is not the page's "send the probe").
  await page.getByRole("link", { name: "Puzzle Lab" }).focus();
  await page.keyboard.press("Enter");
  await page.locator("main.home").waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [shape, options] of [["portrait", PORTRAIT], ["landscape", LANDSCAPE]]) {
  test(`taps alone on a 360 px phone held ${shape}: each board played to its goal, nothing sideways`, async () => {
    for (const game of GAMES) {
      const { page, errors } = await open(game.link, options.viewport, async () => {}, options);
      await page.locator(".board .place").first().waitFor();
      for (const [place, heard] of game.presses) {
        const names = await placeNames(page);
        const name = names.find((n) => place.test(n));
        assert.ok(name, `${game.name}: no place matches ${place}`);
        const target = page.getByRole("button", { name, exact: true });
        await target.scrollIntoViewIfNeeded();
        await target.tap();
        // Heard: the sentence said, or a pick's status naming the place.
        const regions = () => page.evaluate(() => [".said", "main p.status"].map((s) => document.querySelector(s)?.innerText ?? ""));
        await page.waitForFunction((re) => [".said", "main p.status"].some((s) => new RegExp(re).test(document.querySelector(s)?.innerText ?? "")),
          heard.source, { timeout: 3000 }).catch(() => {});
        const [sentence, words] = await regions();
        assert.match(heard.test(sentence) ? sentence : words, heard, `${game.name} (${shape}): after tapping ${name}`);
      }
      if (game.done) await status(page).filter({ hasText: game.done }).waitFor({ timeout: 3000 });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= options.viewport.width, `${game.name} (${shape}): the page is ${wide} px wide`);
      assert.deepEqual(errors, [], game.name);
      await page.close();
    }
  });
}

/** WCAG's contrast ratio of two colours given as "rgb(r, g, b)". */
function contrast(a, b) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("focus rings have 3:1 contrast against the page and the board they ring, in both themes", async () => {
  const { page, errors } = await open("#/sliding?size=3&tiles=1,2,3,4,0,5,7,8,6", PROJECTOR);
  for (const theme of ["light", "dark"]) {
    if (theme === "dark") await page.keyboard.press("t");
    await page.locator(".board .place").first().waitFor();
    const [ring, pageColour] = await page.evaluate(() => {
      const button = document.querySelector(".solve-bar button");
      button.focus();
      return [getComputedStyle(button).outlineColor, getComputedStyle(document.body).backgroundColor];
    });
    assert.ok(contrast(ring, pageColour) >= 3, `${theme}: button ring ${ring} on ${pageColour}: ${contrast(ring, pageColour).toFixed(2)}`);
    await tabIntoBoard(page);
    // A place's ring has two tones (its stroke inside, its outline around it): against every
    // colour of the board, one of them stands out.
    const [inner, outer, tiles] = await page.evaluate(() => [
      getComputedStyle(document.activeElement).stroke,
      getComputedStyle(document.activeElement).outlineColor,
      [...document.querySelectorAll(".tiles .tile rect")].map((rect) => getComputedStyle(rect).fill),
    ]);
    for (const behind of [pageColour, ...new Set(tiles)]) {
      const best = Math.max(contrast(inner, behind), contrast(outer, behind));
      assert.ok(best >= 3, `${theme}: place ring ${inner} / ${outer} on ${behind}: ${best.toFixed(2)}`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("forced colours (Windows high contrast): no serious axe violation on the played boards", async () => {
  for (const game of GAMES) {
    const { page, errors } = await open(game.link, PROJECTOR, async (p) => p.emulateMedia({ forcedColors: "active" }));
    await page.locator(".board .place").first().waitFor();
    assert.deepEqual(await seriousViolations(page), [], game.name);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("zoomed to 200 % (a 1024×768 screen): each board and its status in one screen", async () => {
  for (const link of ["#/sudoku", "#/sliding?size=4&seed=1&shuffle=30", "#/queens?n=8", "#/hanoi?discs=5", "#/blocks"]) {
    const { page, errors } = await open(link, { width: 512, height: 384 }, async () => {}, { deviceScaleFactor: 2 });
    const board = page.locator(".board svg").first();
    await board.waitFor();
    const [boardBox, statusBox] = [await board.boundingBox(), await status(page).boundingBox()];
    assert.ok(statusBox.y >= 0 && boardBox.y + boardBox.height <= 384 + 1,
      `${link}: status at ${statusBox.y}, board ${JSON.stringify(boardBox)} in a 384 px window`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 512, `${link}: nothing sideways`);
    assert.deepEqual(errors, []);
    await page.close();
  }
  // A results page stepped by keys: its status and the answer stay in the screen (a genetic
  // run's chart and the net's pools come under the steps).
  for (const link of ["#/tiles264", "#/phrase", "#/jets-sharks"]) {
    const { page, errors } = await open(link, { width: 512, height: 384 }, async () => {}, { deviceScaleFactor: 2 });
    await page.locator(".board").waitFor();
    await page.keyboard.press("s");
    await page.locator(".playback-bar button[aria-label='Play']:not([disabled])").waitFor({ timeout: 60000 });
    for (const key of ["Home", ".", "."]) await page.keyboard.press(key);
    const statusBox = await status(page).boundingBox();
    const playBox = await page.locator(".playback-bar").boundingBox();
    assert.ok(statusBox.y >= 0 && playBox.y < 384, `${link}: status at ${statusBox.y}, the steps at ${playBox.y} while stepping`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("zoomed to 200 %, a refusal's alert above the board leaves the focused place in the window", async () => {
  const { page, errors } = await open("#/sudoku", { width: 512, height: 384 }, async () => {}, { deviceScaleFactor: 2 });
  await page.locator(".board .place").first().waitFor();
  // Row 9, column 1 holds a clue (8): a value typed there is refused.
  await page.locator(".board .place").nth(72).focus();
  await page.keyboard.press("5");
  await page.getByRole("alert").filter({ hasText: /is a clue/ }).waitFor({ timeout: 3000 });
  await page.waitForFunction(() => {
    const box = document.activeElement.getBoundingClientRect();
    return document.activeElement.matches(".place") && box.top >= 0 && box.bottom <= innerHeight;
  }, null, { timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("zoomed to 200 %, Solve with a Sudoku cell picked by the arrows: the pad closes, the status and Play in the window", async () => {
  const { page, errors } = await open("#/sudoku", { width: 512, height: 384 }, async () => {}, { deviceScaleFactor: 2 });
  await page.locator(".board .place").first().waitFor();
  await page.locator(".board .place").first().focus();
  for (let row = 0; row < 8; row++) await page.keyboard.press("ArrowDown");
  await page.locator(".digit-pad").waitFor();
  await page.keyboard.press("s");
  await page.locator(".playback-bar button[aria-label='Play']:focus").waitFor({ timeout: 20000 });
  await page.locator(".digit-pad").waitFor({ state: "detached", timeout: 3000 });
  await page.waitForTimeout(100);
  const [statusBox, playBox] = [await status(page).boundingBox(), await page.locator(".playback-bar :focus").boundingBox()];
  assert.ok(statusBox.y >= 0 && playBox.y + playBox.height <= 384, `status at ${statusBox.y}, Play at ${playBox.y} in a 384 px window`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("zoomed to 200 %, keys stepping a solution: the focused button stays in the window, the steps stay put", async () => {
  for (const link of ["#/mastermind", "#/sudoku"]) {
    const { page, errors } = await open(link, { width: 512, height: 384 }, async () => {}, { deviceScaleFactor: 2 });
    await page.locator(".board").waitFor();
    await page.keyboard.press("s");
    const play = page.locator(".playback-bar button[aria-label='Play']:not([disabled])");
    await play.waitFor({ timeout: 60000 });
    await play.focus();
    const tops = [];
    for (let step = 1; step <= 4; step++) {
      await page.keyboard.press(".");
      await page.locator(".playback-bar").filter({ hasText: new RegExp(`step ${step} /`) }).waitFor({ timeout: 3000 });
      await page.waitForTimeout(100);
      const box = await page.locator(".playback-bar :focus").boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 384, `${link}, step ${step}: the focused button at ${box.y} in a 384 px window`);
      tops.push(Math.round((await page.locator(".playback-bar").boundingBox()).y + await page.evaluate(() => scrollY)));
    }
    if (link === "#/sudoku") {
      // The note under the grid (one line, then two) keeps its room: the steps stay where they are.
      assert.equal(new Set(tops.slice(1)).size, 1, `${link}: the steps at ${tops} on the page`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("an alert is its words alone: its dismiss button sits beside it, not read with it", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20", PROJECTOR);
  await page.locator(".board").waitFor();
  await page.keyboard.press("u");
  const alert = page.getByRole("alert").filter({ hasText: /\S/ });
  await alert.waitFor({ timeout: 3000 });
  assert.equal((await alert.innerText()).trim(), "No move to undo.");
  await page.getByRole("button", { name: "Dismiss message" }).click();
  await page.locator(".messages .alert.empty").waitFor({ state: "attached", timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the same sentence twice is said twice: a repeated answer or refusal is drawn anew in its live region", async () => {
  const { page, errors } = await open("#/sliding?size=3&seed=3&shuffle=20", { width: 1024, height: 768 });
  await page.locator(".board").waitFor();
  // A refusal is said by its alert alone (not twice at once: the polite region keeps quiet).
  const alerted = page.locator(".messages .alert span");
  const saidRound = await page.locator(".said span").getAttribute("data-round");
  for (const round of [1, 2]) {
    await page.keyboard.press("u");
    await alerted.filter({ hasText: "No move to undo." }).waitFor({ timeout: 3000 });
    assert.equal(await alerted.getAttribute("data-round"), String(round), "a new alert each time, though its words repeat");
  }
  assert.equal(await page.locator(".said span").getAttribute("data-round"), saidRound, "nothing said over the alert");
  // A refusal repeated: its alert's words are drawn anew (a screen reader hears it again).
  const alertSpan = () => page.locator(".messages .alert span").elementHandle();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.locator(".messages .alert span").filter({ hasText: /not allowed/ }).waitFor({ timeout: 3000 });
  const first = await alertSpan();
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((old) => document.querySelector(".messages .alert span") !== old, first, { timeout: 3000 });
  assert.match(await page.locator(".messages .alert span").innerText(), /not allowed/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the classifier's same verdict on a new text is heard again", async () => {
  const { page, errors } = await open("#/bayes", { width: 1024, height: 768 });
  const field = page.getByLabel("Text to guess");
  const verdict = page.locator(".agreement span");
  await field.fill("das ist gut");
  await field.press("Enter");
  await verdict.filter({ hasText: "Both methods pick german." }).waitFor({ timeout: 5000 });
  const first = await verdict.elementHandle();
  await field.fill("das ist gut und");
  await field.press("Enter");
  await page.waitForURL(/guess=das%20ist%20gut%20und/);
  await page.waitForFunction((old) => document.querySelector(".agreement span") !== old, first, { timeout: 3000 });
  assert.equal(await verdict.innerText(), "Both methods pick german.", "drawn anew, its words the same");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a results page: u steps back through the answer as its row says, and what was said before the answer goes", async () => {
  const { page, errors } = await open("#/phrase?target=Hello%20world&seed=1", { width: 1024, height: 768 });
  await page.locator(".board").waitFor();
  await page.locator("body").focus();
  await page.keyboard.press("b");
  await page.locator(".said").filter({ hasText: /^No guess yet/ }).waitFor({ timeout: 3000 });
  await page.keyboard.press("s");
  await status(page).filter({ hasText: "Guessed after" }).waitFor({ timeout: 60000 });
  assert.equal(await said(page), "", "the board read before the answer is not left in the reading order");
  const counter = await page.locator(".counter").innerText();
  const [, step, len] = counter.match(/^step (\d+) \/ (\d+)$/);
  assert.equal(step, len, "the run is shown at its end");
  await page.locator("body").focus();
  await page.keyboard.press("u");
  await page.locator(".counter").filter({ hasText: `step ${len - 1} / ${len}` }).waitFor({ timeout: 3000 });
  assert.match(await said(page), new RegExp(`^Step ${len - 1} of ${len}: `));
  assert.deepEqual(errors, []);
  await page.close();
});

test("Play run to its end says the step it reached, not the one it started from", async () => {
  const { page, errors } = await open("#/hanoi?discs=3", { width: 1024, height: 768 });
  await page.keyboard.press("s");
  await page.locator(".counter").filter({ hasText: /^step 0 \/ 7$/ }).waitFor({ timeout: 20000 });
  for (let i = 0; i < 4; i++) await page.keyboard.press("+");
  await page.keyboard.press(" ");
  await page.locator(".counter").filter({ hasText: /^step 7 \/ 7$/ }).waitFor({ timeout: 20000 });
  await page.locator(".said").filter({ hasText: /^Step 7 of 7/ }).waitFor({ timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Play and Pause are said; at the slow speeds each step is said while playing; End reaches the goal", async () => {
  const { page, errors } = await open("#/hanoi?discs=3", PROJECTOR);
  await page.locator(".board .place").first().waitFor();
  // Before a solve, a playback key says what to do first.
  await page.keyboard.press(".");
  await page.locator(".said").filter({ hasText: /^No solution to step through yet: solve first/ }).waitFor({ timeout: 3000 });
  await page.keyboard.press("s");
  await page.locator(".counter").filter({ hasText: /^step 0 \/ 7$/ }).waitFor({ timeout: 20000 });
  for (let i = 0; i < 7; i++) await page.keyboard.press("-");
  await page.locator(".said").filter({ hasText: /^Speed 1 of 7, each step said while playing\.$/ }).waitFor({ timeout: 3000 });
  await page.keyboard.press(" ");
  await page.locator(".said").filter({ hasText: /^Playing from step 0 of 7, each step said\.$/ }).waitFor({ timeout: 3000 });
  // While it plays, each step is said with its move, as the counter shows it.
  await page.locator(".said").filter({ hasText: /^Step 1 of 7: disc 1 from peg A to peg C\.$/ }).waitFor({ timeout: 5000 });
  await page.locator(".said").filter({ hasText: /^Step 2 of 7: / }).waitFor({ timeout: 5000 });
  assert.equal(await page.locator(".playback button[aria-label='Pause']").count(), 1, "still playing");
  await page.keyboard.press(" ");
  const paused = await page.locator(".said").filter({ hasText: /^Paused at step [2-7] of 7: / }).innerText({ timeout: 3000 });
  assert.equal(paused.match(/step (\d)/)[1], (await page.locator(".counter").innerText()).match(/step (\d)/)[1], "the step said is the step shown");
  // Faster than speed 2, Play says that steps are not said one by one.
  for (let i = 0; i < 3; i++) await page.keyboard.press("+");
  await page.keyboard.press("Home");
  await page.keyboard.press(" ");
  await page.locator(".said").filter({ hasText: /^Playing from step 0 of 7\. Each step is said at speed 2 or slower/ }).waitFor({ timeout: 3000 });
  await page.keyboard.press(" ");
  await page.keyboard.press("End");
  await page.locator(".counter").filter({ hasText: /^step 7 \/ 7$/ }).waitFor({ timeout: 3000 });
  await page.locator(".said").filter({ hasText: /^Step 7 of 7: disc 1 from peg A to peg C; solved: the goal is reached\.$/ }).waitFor({ timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("an answer shown whole (the queens) says it has no steps; the focus stays on the board through Solve, ? and the QR code", async () => {
  const { page, errors } = await open("#/queens?n=6&algo=backtracking", PROJECTOR);
  await page.locator(".board .place").first().waitFor();
  await tabIntoBoard(page);
  // Queens are taken off one at a time: u says so, in the queens' own words.
  await page.keyboard.press("u");
  await page.locator("[role=alert] span").filter({ hasText: /^Queens are placed and taken off one at a time/ }).waitFor({ timeout: 3000 });
  await page.keyboard.press("s");
  await page.locator(".counter").filter({ hasText: /^solution 1 \/ 4$/ }).waitFor({ timeout: 20000 });
  // The squares gave way to the solution, named in words: the focus is on it, not lost.
  await page.waitForFunction(() => document.activeElement?.matches(".board[tabindex='0']"), null, { timeout: 3000 });
  assert.match(await focusedName(page), /^6×6 board, queens at /);
  await page.keyboard.press(".");
  await page.locator(".said").filter({ hasText: /^This answer is shown whole: it has no steps to play\.$/ }).waitFor({ timeout: 3000 });
  const round = Number(await page.locator(".said span").getAttribute("data-round"));
  await page.keyboard.press("End");
  await page.locator(`.said span[data-round='${round + 1}']`).filter({ hasText: /^This answer is shown whole/ }).waitFor({ timeout: 3000 });
  // A switch says what it now shows, each time.
  await page.keyboard.press("a");
  await page.locator(".said").filter({ hasText: /^Attacked squares shown\.$/ }).waitFor({ timeout: 3000 });
  await page.keyboard.press("a");
  await page.locator(".said").filter({ hasText: /^Attacked squares hidden\.$/ }).waitFor({ timeout: 3000 });
  // ? and Esc give the focus back to the board (a place drawn in SVG on Hanoi's).
  await page.keyboard.press("?");
  await page.locator(".overlay-box").waitFor();
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.activeElement?.matches(".board[tabindex='0']"), null, { timeout: 3000 });
  await page.goto(page.url().replace(/#.*/, "#/hanoi?discs=3"));
  await page.locator(".board .place").first().waitFor();
  await tabIntoBoard(page);
  // The list of keys (?) and the QR code's sheet (q), closed by Esc, give the focus back to
  // the peg that had it.
  const escapeBackToPlace = async (key, sheet) => {
    const place = await focusedName(page);
    await page.keyboard.press(key);
    await page.locator(sheet).waitFor();
    await page.keyboard.press("Escape");
    await page.locator(sheet).waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.classList.contains("place"), null, { timeout: 3000 });
    assert.equal(await focusedName(page), place, key);
  };
  await escapeBackToPlace("?", ".overlay-box");
  await page.keyboard.press("ArrowRight");
  await escapeBackToPlace("q", ".qr-overlay");
  // After Solve the focus is on Play; r puts the solution aside, Play goes: the board takes the
  // focus (its frame, so the arrows still steer a piece picked), and Tab reaches its places.
  await page.keyboard.press("s");
  await page.locator(".counter").filter({ hasText: /^step 0 \/ 7$/ }).waitFor({ timeout: 20000 });
  await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Play", null, { timeout: 3000 });
  await page.keyboard.press("r");
  await page.locator(".said").filter({ hasText: "Back to the start position." }).waitFor({ timeout: 3000 });
  await page.waitForFunction(() => document.activeElement?.matches(".board"), null, { timeout: 3000 });
  await page.keyboard.press("Tab");
  await page.waitForFunction(() => document.activeElement?.classList.contains("place"), null, { timeout: 3000 });
  // A new seed is heard, not only shown: the status, a live region, says it, once (the spoken
  // line does not say it over).
  await page.keyboard.press("n");
  await page.locator("[role=status].status[aria-live=polite]").filter({ hasText: /^Random position from seed \d+/ }).waitFor({ timeout: 3000 });
  assert.doesNotMatch(await page.locator(".said").textContent(), /Random position from seed/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("u taking back the move a solution started after says that the solution goes with it", async () => {
  const { page, errors } = await open("#/jugs", PROJECTOR);
  await page.locator(".board .place").first().waitFor();
  await page.locator("body").focus();
  for (const key of ["3", "2"]) await page.keyboard.press(key);
  await waitForHash(page, /moves=/);
  await page.keyboard.press("s");
  await page.locator(".playback-bar button[aria-label='Play']:not([disabled])").waitFor({ timeout: 20000 });
  await page.locator("body").focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("u");
  await page.locator(".said").filter({ hasText: /^Move 1 undone \(.*\)\. The solution shown started after that move: it is put away \(s solves again\)\.$/ })
    .waitFor({ timeout: 3000 });
  assert.equal(await page.locator(".playback-bar button[aria-label='Play']:not([disabled])").count(), 0, "the solution is gone, as said");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Esc in a setting leaves it for the board's current place, which a screen reader names", async () => {
  const { page, errors } = await open("#/hanoi?discs=3", PROJECTOR);
  await page.getByLabel("Discs", { exact: true }).focus();
  await page.keyboard.press("Escape");
  assert.match(await focusedName(page), /^Peg A: discs 3, 2, 1/);
  for (const key of ["1", "3"]) await page.keyboard.press(key);
  await waitForHash(page, /moves=AC/);
  // Undo says which move it took back, not only its number.
  await page.keyboard.press("u");
  await page.locator(".said").filter({ hasText: /^Move 1 undone \(disc 1 from peg A to peg C\)\.$/ }).waitFor({ timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});
