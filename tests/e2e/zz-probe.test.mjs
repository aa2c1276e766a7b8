import { test } from "node:test";
import { open } from "./harness.mjs";
const P = { width: 1024, height: 768 };
async function words(page) {
  return page.evaluate(() => ({
    status: document.querySelector(".status")?.textContent,
    alert: document.querySelector(".messages .alert")?.textContent,
    said: document.querySelector(".said")?.textContent,
  }));
}
test("probe refusals", async () => {
  let { page } = await open("#/sliding?size=3&seed=3&shuffle=20", P);
  await page.locator(".board").waitFor();
  for (const k of ["ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp"]) { await page.keyboard.press(k); console.log("sliding", k, await words(page)); }
  ({ page } = await open("#/hanoi?discs=3", P));
  await page.keyboard.press("2"); console.log("hanoi 2", await words(page));
  ({ page } = await open("#/sudoku", P));
  await page.locator(".board").waitFor();
  await page.keyboard.press("ArrowRight"); await page.keyboard.press("5"); console.log("sudoku 5", await words(page));
  await page.keyboard.press("5"); console.log("sudoku 5 again", await words(page));
  ({ page } = await open("#/mastermind", P));
  await page.locator(".board").waitFor().catch(() => {});
  await page.keyboard.press("1"); await page.keyboard.press("Enter"); console.log("mm enter", await words(page));
  ({ page } = await open("#/blocks", P));
  await page.keyboard.press("ArrowUp"); console.log("blocks up", await words(page));
  ({ page } = await open("#/sliding?size=4&seed=1&shuffle=40&algo=pdb", P));
  await page.keyboard.press("s");
  for (let i = 0; i < 20; i++) {
    const y = await page.locator(".board").evaluate((b) => b.getBoundingClientRect().y);
    const p = await page.locator(".progress, .search-progress").count();
    console.log("pdb board y", y, p);
    await page.waitForTimeout(150);
  }
});
