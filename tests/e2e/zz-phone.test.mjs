import { test } from "node:test";
import { open } from "./harness.mjs";
const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
test("probe", async () => {
  const { page: landing } = await open("#/", PHONE.viewport, async () => {}, { hasTouch: true, isMobile: true });
  const names = (await landing.locator(".cards a").evaluateAll((ls) => ls.map((a) => a.getAttribute("href")))).map((h) => h.replace("#/", ""));
  console.log("landing", await landing.evaluate(() => [document.documentElement.scrollWidth, innerWidth]));
  await landing.screenshot({ path: `/tmp/probe/phone-landing.png` });
  await landing.close();
  for (const name of (process.env.PAGES ?? names.join(" ")).split(" ")) {
    const { page } = await open(`#/${name}`, PHONE.viewport, async () => {}, { hasTouch: true, isMobile: true });
    await page.waitForTimeout(800);
    const info = await page.evaluate(() => {
      const board = document.querySelector(".board")?.getBoundingClientRect();
      const status = document.querySelector(".status")?.getBoundingClientRect();
      const small = [...document.querySelectorAll("button, select, input, a[href], summary")].filter((e) => { const b = e.getBoundingClientRect(); return b.width > 0 && (b.height < 44 || b.width < 44); }).map((e) => `${e.tagName}.${e.className}:${(e.textContent||e.getAttribute("aria-label")||"").trim().slice(0,12)}:${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`);
      return { sw: document.documentElement.scrollWidth, w: innerWidth, boardTop: board && Math.round(board.top), boardBottom: board && Math.round(board.bottom), statusTop: status && Math.round(status.top), small: small.length, some: small.slice(0, 6) };
    });
    console.log(name, JSON.stringify(info));
    await page.screenshot({ path: `/tmp/probe/phone-${name}.png` });
    await page.close();
  }
});
