import { chromium } from "playwright-core";
import { serve } from "./server.mjs";
const server = await serve(new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
for (const algo of ["idastar", "auto", "idastar", "auto", "astar", "idastar", "auto"]) {
  await page.goto(server.url + "#/sliding?size=3&seed=1&shuffle=30&algo=" + algo);
  await page.locator("main").first().waitFor(); await page.waitForTimeout(300);
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Solve", exact: true }).click();
    await page.locator(".status").filter({ hasText: "Solved" }).waitFor();
    console.log(algo, i, (await page.locator(".status").innerText()).match(/[\d.]+ ms/)?.[0]);
  }
}
await browser.close(); server.close();
