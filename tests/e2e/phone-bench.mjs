// Phone benchmark (not part of the test suite): opens links as a mid-range phone on a slow
// network would (Chromium's CPU slowed 4×; 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip),
// first on a clean profile, then again with what the first visit stored (HTTP cache and service
// worker), and prints the milliseconds to a drawn board and to the first solve's answer.
// Usage, after `trunk build --release`:
//   node tests/e2e/phone-bench.mjs ['#/sliding?size=3&seed=1&shuffle=30&algo=astar'] [runs]
import { chromium } from "playwright-core";
import { serve } from "./server.mjs";

const [link = "#/sliding?size=3&seed=1&shuffle=30&algo=astar", runs = "3"] = process.argv.slice(2);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run"],
});

/** One visit of `page`: milliseconds from navigation to the board drawn and to the answer. */
async function visit(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  const start = Date.now();
  await page.goto(server.url + link);
  await page.locator(".board svg").first().waitFor({ timeout: 120000 });
  const board = Date.now() - start;
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".playback .counter").waitFor({ timeout: 120000 });
  return { board_ms: board, answer_ms: Date.now() - start };
}

const results = [];
for (let run = 0; run < Number(runs); run++) {
  const context = await browser.newContext({ viewport: { width: 393, height: 851 }, hasTouch: true, isMobile: true });
  const first = await visit(await context.newPage());
  // The first visit's service worker stores the release; the repeat visit is served from it.
  const page = await context.newPage();
  await page.goto(server.url + "#/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.close();
  const repeat = await visit(await context.newPage());
  results.push({ first, repeat });
  await context.close();
}
await browser.close();
server.close();

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const of = (visit, key) => median(results.map((r) => r[visit][key]));
console.log(JSON.stringify({
  link,
  runs: results.length,
  first_visit: { board_ms: of("first", "board_ms"), answer_ms: of("first", "answer_ms") },
  repeat_visit: { board_ms: of("repeat", "board_ms"), answer_ms: of("repeat", "answer_ms") },
  each: results,
}, null, 1));
