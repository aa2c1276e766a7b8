import { chromium } from "playwright-core";
import { serve } from "./server.mjs";
const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
const go = async (hash) => { await page.goto(server.url + hash); await page.locator("main").first().waitFor(); await page.waitForTimeout(1500); };
// (a) compare times
await go("#/sliding?size=3&seed=1&shuffle=30");
await page.getByRole("button", { name: /^Compare/ }).first().click();
await page.waitForTimeout(8000);
console.log(await page.locator("table").first().innerText());
await page.getByRole("button", { name: /^Compare/ }).first().click();
await page.waitForTimeout(8000);
console.log(await page.locator("table").first().innerText());
await browser.close(); server.close();
