// Phone benchmark (not part of the test suite): opens links as a mid-range phone on a slow
// network would, on a clean profile, and prints the milliseconds to a drawn board and to the
// first solve's answer, with the bytes received by then. The network is slowed at the test
// server (1.6 Mbit/s down shared by every response, 150 ms round trip, gzip as a host sends),
// so the page's workers and service worker are slowed too; Chromium's CPU is slowed 4×.
// Usage, after `trunk build --release`:
//   node tests/e2e/phone-bench.mjs ['#/sliding?size=3&shuffle=20&seed=3'] [runs]
// (DIST=folder serves another build than dist/, to compare two.)
import { chromium } from "playwright-core";
import { serve } from "./server.mjs";

const [link = "#/sliding?size=3&shuffle=20&seed=3", runs = "3"] = process.argv.slice(2);
const SLOW_4G = { bitsPerSecond: 1.6e6, roundTripMs: 150 };

const server = await serve(process.env.DIST ?? new URL("../../dist/", import.meta.url).pathname, { network: SLOW_4G });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run"],
});

/** Kilobytes of the responses `sent` finished by `time`, and which. */
function received(sent, time) {
  const done = sent.filter((r) => r.done !== null && r.done <= time);
  return { kb: Math.round(done.reduce((sum, r) => sum + r.bytes, 0) / 100) / 10, files: done.map((r) => `${r.name} ${Math.round(r.bytes / 1000)}`) };
}

/** Set in the page before it loads: logs `bench:NAME:MS` when an element first shows, its
 * milliseconds from the navigation's start to the frame that draws it (as the browser's Largest
 * Contentful Paint counts). The page reports it itself: a test tool polling the page from
 * outside would take the slowed processor's time from the page it measures. */
function reportFirstShown() {
  const watched = { board: ".board svg", answer: ".playback .counter" };
  const shown = new Set();
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(watched)) {
      if (shown.has(name) || !document.querySelector(selector)) continue;
      shown.add(name);
      requestAnimationFrame(() => setTimeout(() => console.debug(`bench:${name}:${performance.now()}`)));
    }
  }).observe(document, { childList: true, subtree: true });
}

/** One first visit: milliseconds from navigation to the board drawn and to the answer. */
async function visit(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(reportFirstShown);
  const shown = {};
  const nowShown = (name) => page.waitForEvent("console", {
    timeout: 120000,
    predicate: (message) => {
      const mark = /^bench:(\w+):([\d.]+)$/.exec(message.text());
      if (mark) shown[mark[1]] = { page_ms: Number(mark[2]), at: performance.now() };
      return mark?.[1] === name;
    },
  });
  server.sent();
  const start = performance.now();
  const boardShown = nowShown("board");
  await page.goto(server.url + link, { waitUntil: "commit" });
  await boardShown;
  const answerShown = nowShown("answer");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await answerShown;
  const board = shown.board.at, answer = shown.answer.at;
  // What the rest of the visit downloads (the service worker's precache) comes after.
  await page.waitForTimeout(15000);
  const sent = server.sent();
  return {
    board_ms: Math.round(shown.board.page_ms),
    answer_ms: Math.round(shown.answer.page_ms),
    before_board: received(sent, board),
    before_answer: received(sent, answer),
    whole_visit_kb: Math.round(sent.reduce((sum, r) => sum + r.bytes, 0) / 1000),
    // Each response: milliseconds from navigation to asked and to its last byte, and its KB.
    timeline: sent.map((r) => `${r.name} ${Math.round(r.asked - start)}–${Math.round(r.done - start)} ms ${Math.round(r.bytes / 1000)} KB`),
  };
}

// A first visit's files are compressed by the server as they are first asked for, which would
// slow the first run: one visit that is not counted compresses them all beforehand.
const results = [];
for (let run = -1; run < Number(runs); run++) {
  const context = await browser.newContext({ viewport: { width: 393, height: 851 }, hasTouch: true, isMobile: true });
  const result = await visit(await context.newPage());
  if (run >= 0) results.push(result);
  await context.close();
}
await browser.close();
server.close();

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(JSON.stringify({
  link,
  runs: results.length,
  first_visit: { board_ms: median(results.map((r) => r.board_ms)), answer_ms: median(results.map((r) => r.answer_ms)) },
  each: results,
}, null, 1));
