import { chromium } from "playwright-core";
import { serve } from "./server.mjs";
const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
const scrollers = () => page.evaluate(() => [...document.querySelectorAll("*")].filter(e => { const s = getComputedStyle(e); return /(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 2; }).map(e => [e.className, e.clientHeight, e.scrollHeight]));
for (const ex of ["search", "constraints"]) for (let step = 1; step <= 4; step++) {
  await page.goto(server.url + `#/lesson?example=${ex}&step=${step}`);
  await page.locator(".lesson-count").waitFor(); await page.waitForTimeout(2500);
  for (const present of [false, true]) {
    const on = await page.evaluate(() => document.documentElement.dataset.presenting === "on");
    if (on !== present) { await page.keyboard.press("p"); await page.waitForTimeout(800); }
    const bar = await page.evaluate(() => document.querySelector(".lesson-bar").offsetHeight);
    console.log(ex, step, present, "bar", bar, JSON.stringify(await scrollers()));
    await page.screenshot({ path: `/tmp/shots/lesson-${ex}-${step}-${present}.png` });
  }
}
await browser.close(); server.close();
