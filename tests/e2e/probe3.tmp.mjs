import { chromium } from "playwright-core";
import { serve } from "./server.mjs";
const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
const fonts = () => page.evaluate(() => {
  const out = {};
  for (const el of document.querySelectorAll(".lane *")) {
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const f = getComputedStyle(el).fontSize; out[f] = (out[f] ?? []).concat(el.className || el.tagName);
  }
  return out;
});
const boxes = () => page.evaluate(() => [...document.querySelectorAll(".lane")].map(l => { const r = l.getBoundingClientRect(); return [l.querySelector("h3")?.innerText, Math.round(r.top), Math.round(r.bottom)]; }));
const scrollers = () => page.evaluate(() => [...document.querySelectorAll("*")].filter(e => { const s = getComputedStyle(e); return /(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 2; }).map(e => [e.className, e.clientHeight, e.scrollHeight]));
for (const present of [false, true]) {
  await page.goto(server.url + "#/sliding?size=3&seed=3&shuffle=20&race=bfs,astar,idastar&t=100");
  await page.locator(".lane").first().waitFor(); await page.waitForTimeout(1500);
  if (present) await page.keyboard.press("p");
  await page.waitForTimeout(500);
  console.log("race present", present, JSON.stringify(await fonts()), JSON.stringify(await boxes()), JSON.stringify(await scrollers()));
  await page.screenshot({ path: `/tmp/shots/race-${present}.png` });
}
await page.goto(server.url + "#/lesson?example=search");
await page.waitForTimeout(2000);
for (let i = 0; i < 8; i++) {
  if (await page.locator(".lane").count()) break;
  await page.keyboard.press("n"); await page.waitForTimeout(1500);
}
for (const present of [false, true]) {
  if (present) await page.keyboard.press("p");
  await page.waitForTimeout(800);
  console.log("lesson race", present, page.url().slice(-40), JSON.stringify(await boxes()), JSON.stringify(await scrollers()));
  await page.screenshot({ path: `/tmp/shots/lesson-race-${present}.png` });
}
await browser.close(); server.close();
