import { test } from "node:test";
import { open } from "./harness.mjs";
const P = { width: 1024, height: 768 };
const cases = [
  ["alpha-p", "#/alphametics?view=search&t=30", true], ["hanoi-v", "#/hanoi?discs=3&algo=optimal", false],
  ["idastar-p", "#/sliding?size=3&seed=3&shuffle=20&algo=idastar&view=search&t=400", true],
  ["sudoku-p", "#/sudoku?view=search&t=60", true],
  ["race15", "#/sliding?size=4&seed=1&shuffle=30&race=bfs,astar,idastar&t=100000", false],
  ["queens", "#/queens?view=search&t=3", false],
  ["bayes-p", "#/bayes", true],
];
test("shots", async () => {
  for (const [name, link, present] of cases) {
    const { page } = await open(link, P);
    await page.waitForTimeout(4000);
    if (present) { await page.keyboard.press("p"); await page.waitForTimeout(800); }
    if (name === "race15") { await page.keyboard.press("End"); await page.waitForTimeout(3000); }
    if (name === "hanoi-v") { await page.keyboard.press("s"); await page.waitForTimeout(1500); await page.keyboard.press("v"); await page.waitForTimeout(500); }
    if (name === "bayes-p") { await page.keyboard.press("s"); await page.waitForTimeout(3000); }
    await page.screenshot({ path: `/tmp/shots/${name}.png` });
    const boxes = await page.evaluate(() => [...document.querySelectorAll(".search-figures, .race, .board-area, .stage")].map((e) => [e.className, e.scrollHeight, e.clientHeight, Math.round(e.getBoundingClientRect().bottom)]));
    console.log(name, JSON.stringify(boxes));
    await page.close();
  }
});
