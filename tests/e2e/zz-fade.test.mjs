import { test } from "node:test";
import { open } from "./harness.mjs";
test("fade", async () => {
  const { page } = await open("#/sliding?size=4&seed=1&shuffle=30&race=bfs,astar,idastar&t=100000", { width: 1024, height: 768 });
  await page.waitForTimeout(5000);
  await page.keyboard.press("End"); await page.waitForTimeout(2000);
  console.log(await page.evaluate(() => { const f = document.querySelector(".search-figures"); const s = getComputedStyle(f, "::after");
    return { op: s.opacity, content: s.content, anim: s.animationName, tl: s.animationTimeline, pos: s.position, h: s.height, sh: f.scrollHeight, ch: f.clientHeight, sup: CSS.supports("animation-timeline: scroll()") }; }));
  await page.screenshot({ path: "/tmp/shots/fade.png" });
});
