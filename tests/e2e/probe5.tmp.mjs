import { chromium } from "playwright-core";
import { serve } from "./server.mjs";
const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
for (const link of process.argv.slice(2)) {
  await page.goto(server.url + link);
  await page.locator(".search-figures").waitFor(); await page.waitForTimeout(2500);
  if (!link.includes("lesson")) await page.getByRole("button", { name: "Present" }).click();
  await page.waitForTimeout(800);
  console.log(link, JSON.stringify(await page.evaluate(() => { const f = document.querySelector(".search-figures"); const top = f.getBoundingClientRect().top; return [f.clientHeight, [...f.children].map(c => [c.tagName, c.className, Math.round(c.getBoundingClientRect().top - top), Math.round(c.getBoundingClientRect().height), Math.round(c.getBoundingClientRect().width)])]; })));
  await page.screenshot({ path: `/tmp/shots/fig-${link.replace(/[^a-z0-9]/g, "")}.png`.slice(0, 90) });
}
await browser.close(); server.close();
