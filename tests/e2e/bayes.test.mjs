// End-to-end checks of the naive Bayes page: the slides' guesses by both methods, the tie and
// the disagreement said in words, an edited training set kept in the link, a bad one refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, shots, waitForHash } from "./harness.mjs";

const scoreRow = (page, category) =>
  page.locator("table.scores tr", { has: page.locator("th", { hasText: new RegExp(`^${category}$`) }) });

test("bayes: the slides' guesses, the tie and where the methods disagree", async () => {
  const { page, errors } = await open("#/bayes?method=reverend&guess=they%20went%20to%20el%20cantina",
    { width: 1024, height: 768 });
  await page.locator(".agreement", {
    hasText: "The methods disagree: Reverend picks spanish and english (tied), multinomial naive Bayes picks english.",
  }).waitFor();
  assert.match(await scoreRow(page, "spanish").locator("td").first().innerText(), /0\.9999 ★/);
  assert.equal(await scoreRow(page, "french").locator("td").first().innerText(), "no evidence");
  assert.match(await scoreRow(page, "english").locator("td").nth(1).innerText(), /0\.4270 ★/);
  // Board, status and Solve visible together at 1024×768.
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "spanish and english tie at 0.9999" }).waitFor();
  for (const part of [page.locator("table.scores"), status(page), page.getByRole("button", { name: "Solve", exact: true })]) {
    assert.ok(await part.isVisible());
    const box = await part.boundingBox();
    assert.ok(box.y + box.height <= 768, "visible without scrolling");
  }
  await page.screenshot({ path: `${shots}/bayes-1024x768.png` });
  // The second example: both methods agree.
  await page.getByLabel("Examples").selectOption("they were flying planes");
  await waitForHash(page, /guess=they were flying planes/);
  await page.locator(".agreement", { hasText: "Both methods pick english." }).waitFor();
  // The multinomial method's evidence: P(they | english) = 2 / 39.
  await page.getByLabel("Algorithm", { exact: true }).selectOption("multinomial");
  await waitForHash(page, /method=multinomial/);
  const they = page.locator("table.evidence tr", { has: page.locator("th", { hasText: /^they$/ }) });
  assert.equal(await they.locator("td").nth(3).innerText(), "0.0513");
  assert.deepEqual(errors, []);
  await page.close();
});

test("bayes: training texts edited in the page travel in the link; bad ones are refused", async () => {
  const { page, errors } = await open("#/bayes?train=spam");
  await page.locator(".agreement", { hasText: "Both methods pick spam." }).waitFor();
  await page.locator("details.table-edit summary").click();
  await page.getByLabel("Training texts").fill("ham: lunch at noon\nspam: win money now\nspam: free money");
  await page.getByLabel("Training texts").blur();
  await waitForHash(page, /train=ham:lunch at noon~spam:win money now~spam:free money/);
  await page.getByLabel("Text to guess").fill("money for lunch");
  await page.getByLabel("Text to guess").press("Enter");
  await waitForHash(page, /guess=money for lunch/);
  await scoreRow(page, "spam").waitFor();
  // A line without a category is refused; what the page had stays.
  await page.getByLabel("Training texts").fill("ham: lunch\nno category here");
  await page.getByLabel("Training texts").blur();
  await page.getByRole("alert").filter({ hasText: "line 2 has no ':'" }).waitFor();
  await waitForHash(page, /train=ham:lunch at noon~/);
  const bad = await open("#/bayes?train=klingon");
  await bad.page.getByRole("alert").filter({ hasText: "no preset 'klingon'" }).waitFor();
  assert.deepEqual([...errors, ...bad.errors], []);
  await page.close();
  await bad.page.close();
});
