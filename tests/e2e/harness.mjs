// Shared set-up for the end-to-end tests: the release build (dist/) served on loopback and
// Debian's Chromium driven by playwright-core.
import { before, after } from "node:test";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
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
 * Opens `hash` in a fresh page (a browser context of its own: no cache, no service worker);
 * collects uncaught page errors in `errors`. `before(page)` runs before the page is loaded.
 */
export async function open(hash, viewport = { width: 1920, height: 1080 }, before = async () => {}) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await before(page);
  await page.goto(server.url + hash);
  await page.locator("main").first().waitFor();
  return { page, errors };
}

export const status = (page) => page.getByRole("status");
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
 * text) first, to play a browser that lacks something; resolves to the worker's report.
 */
export const solveInWorker = (page, link, prelude) => page.evaluate(async ({ link, prelude }) => {
  const url = new URL("solver_worker.js", location.href).href;
  const source = `${prelude}\nimportScripts(${JSON.stringify(url)});`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { name: url });
  const next = () => new Promise((resolve) => {
    worker.onmessage = (e) => {
      const message = JSON.parse(Array.isArray(e.data) ? e.data[0] : e.data);
      if (message.type !== "progress") resolve(message);
    };
  });
  await next(); // ready
  worker.postMessage(JSON.stringify({ type: "solve", job: 1, link }));
  const { report } = await next();
  worker.terminate();
  return report;
}, { link, prelude });
