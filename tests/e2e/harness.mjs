// Shared set-up for the end-to-end tests: the release build (dist/) served on loopback and
// Debian's Chromium driven by playwright-core.
import { before, after } from "node:test";
import { mkdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { serve } from "./server.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = new URL("../../dist/", import.meta.url).pathname;
export const shots = `${here}screenshots`;
let server;
let browser;

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await serve(dist);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/**
 * Opens `hash` in a fresh page (a browser context of its own: no cache, no service worker yet);
 * collects uncaught page errors in `errors`. `before(page)` runs before the page is loaded;
 * `options` go to the new context (`serviceWorkers: "block"` where a test reroutes requests,
 * which a service worker would answer from its cache).
 */
export async function open(hash, viewport = { width: 1920, height: 1080 }, before = async () => {}, options = {}) {
  const page = await browser.newPage({ viewport, ...options });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await before(page);
  await page.goto(server.url + hash);
  await page.locator("main").first().waitFor();
  return { page, errors };
}

/** Links that solve in a second or two, by page (the defaults of some pages take longer). */
export const QUICK = {
  sliding: "?size=3&seed=1&shuffle=30&algo=astar",
  tiles264: "?seed=2",
  queens: "?n=8&algo=genetic&seed=2",
};

/** Moves to the puzzle titled `title` by the header's menu. */
export async function goToPuzzle(page, title) {
  await page.getByRole("button", { name: "Puzzles ▾" }).click();
  await page.getByRole("navigation", { name: "Puzzles" }).getByRole("link", { name: title }).click();
}

export const status = (page) => page.getByRole("status").and(page.locator(".status"));

/** Waits for the playback counter to read `text` exactly: a key press or a click returns
 * before the page has drawn the step it asked for. */
export const counterShows = (page, text) =>
  page.locator(".counter").filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: 2000 });

/** The test server (its address, and `setRoot` to deploy another build). */
export const testServer = () => server;
export const hash = (page) => decodeURIComponent(new URL(page.url()).hash);

/** Waits until the address's hash matches `pattern` (pages update it on their next render). */
export async function waitForHash(page, pattern) {
  await page.waitForFunction((source) => new RegExp(source).test(decodeURIComponent(location.hash)),
    pattern.source, { timeout: 5000 }).catch(() => {});
  const now = decodeURIComponent(new URL(page.url()).hash);
  if (!pattern.test(now)) throw new Error(`the address ${now} does not match ${pattern}`);
}

/**
 * Solves `link` in a solver worker of its own, started from a blob that runs `prelude` (script
 * text) first, to play a browser that lacks something; resolves to the worker's report. The
 * app's Content-Security-Policy allows no blob: worker, so open the page with [`HARNESS`].
 */
export const solveInWorker = (page, link, prelude) => page.evaluate(async ({ link, prelude }) => {
  const url = new URL(document.querySelector("meta[name=puzzlelab-worker]").content, location.href).href;
  const source = `${prelude}\nimportScripts(${JSON.stringify(url)});`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { name: url });
  const next = () => new Promise((resolve, reject) => {
    worker.onerror = (e) => reject(new Error(`the harness's worker failed: ${e.message ?? "it did not start"}`));
    worker.onmessage = (e) => {
      const message = JSON.parse(Array.isArray(e.data) ? e.data[0] : e.data);
      if (!message.progress) resolve(message);
    };
  });
  await next(); // ready
  worker.postMessage(JSON.stringify({ type: "solve", job: 1, link }));
  const { done } = await next();
  worker.terminate();
  return done.report;
}, { link, prelude });

/** Options of `open` for a page that runs a harness's worker (a blob, which the app's policy refuses). */
export const HARNESS = { bypassCSP: true };

/** The serious and critical accessibility violations axe-core finds on the page (axe is
 * served by the test server, from the page's origin: the page runs no inline script). */
export async function seriousViolations(page) {
  await page.addScriptTag({ url: "/__test/axe.min.js" });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Fails unless `locator` is entirely inside the window. */
export async function assertInView(page, locator, what) {
  const { width, height } = page.viewportSize();
  assert.ok(await locator.count() > 0, `${what} is on the page`);
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is drawn`);
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1;
  assert.ok(inside, `${what} at ${JSON.stringify(box)} is outside ${width}x${height}`);
}

/** Controls that another element lies on top of (at their centre), as "control under cover". */
export function controlsCovered(page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll("button, input, select, textarea, a[href]")];
    return controls.flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === "hidden") return [];
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return [];
      const top = document.elementFromPoint(x, y);
      if (!top || control.contains(top) || top.contains(control)) return [];
      const name = (element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${element.textContent.trim().slice(0, 20)}"`;
      return [`${name(control)} under ${name(top)}`];
    });
  });
}

/**
 * Words (and score pegs) drawn smaller than `least` px (18: a projector's rule), as "what size":
 * in the elements `within` (the stage unless told), on screen unless `offScreen`.
 */
export function smallText(page, least = 18, within = ".stage", offScreen = false) {
  return page.evaluate(([least, within, offScreen]) => {
    const small = [];
    const shown = (el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (offScreen || (box.bottom > 0 && box.top < innerHeight))
        && getComputedStyle(el).visibility !== "hidden";
    };
    const say = (el, size) => `${el.tagName.toLowerCase()}.${el.getAttribute("class")} "${el.textContent.trim().slice(0, 20)}" ${size.toFixed(1)} px`;
    for (const el of document.querySelectorAll(`:is(${within}) *:not(svg *)`)) {
      const ownWords = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (ownWords && shown(el) && size < least) small.push(say(el, size));
    }
    for (const el of document.querySelectorAll(`:is(${within}) svg text`)) {
      if (!el.textContent.trim() || !shown(el)) continue;
      const m = el.getScreenCTM();
      const size = parseFloat(getComputedStyle(el).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      if (size < least) small.push(say(el, size));
    }
    for (const peg of document.querySelectorAll(`:is(${within}) .key`)) {
      const width = peg.getBoundingClientRect().width;
      if (width < least) small.push(say(peg, width));
    }
    return [...new Set(small)];
  }, [least, within, offScreen]);
}

/** A lesson link made as a script outside the app would: Python's zlib (raw deflate) and base64url. */
export function pythonLesson(lesson) {
  const script = `import base64, json, sys, zlib
c = zlib.compressobj(9, zlib.DEFLATED, -15)
raw = c.compress(sys.stdin.read().encode()) + c.flush()
print(base64.urlsafe_b64encode(raw).rstrip(b"=").decode())`;
  return "#/lesson?data=" + execFileSync("python3", ["-c", script], { input: JSON.stringify(lesson) }).toString().trim();
}
