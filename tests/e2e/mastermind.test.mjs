// End-to-end checks of the Mastermind page on the release build: both roles, a tournament
// with its histogram and comparison, a live tournament cancelled, a bad secret refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, hash, shots, waitForHash } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const rows = (page) => page.locator(".mastermind .probes li");

test("mastermind: the computer breaks 3632 with Knuth's rule, probe by probe", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&secret=3632&algo=knuth", PROJECTOR);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /Broke 3632 in \d probes/ }).waitFor();
  const total = Number((await page.locator(".counter").innerText()).match(/\/ (\d+)/)[1]);
  assert.ok(total >= 3 && total <= 5, `Knuth needs at most 5 probes, took ${total}`);
  // Space plays (focus moved to Play); step by hand instead.
  await page.keyboard.press(".");
  assert.equal(await rows(page).count(), 1);
  assert.equal(await rows(page).first().locator(".code").getAttribute("aria-label"), "1122");
  await page.locator(".split").filter({ hasText: "Before this probe 1,296 codes were possible" }).waitFor();
  assert.match(await page.locator(".split").innerText(), /worst case: 256 codes left/);
  // Each bar heard in words, not as "0b 0w 256".
  const heard = await page.locator(".split-bars li .visually-hidden").allTextContents();
  assert.ok(heard.length > 1 && heard.every((words) => /^\d black, \d white: [\d,]+ codes?(, the score this probe got)?$/.test(words)), heard.join(" | "));
  assert.equal(heard.filter((words) => words.endsWith("the score this probe got")).length, 1);
  await waitForHash(page, /step=1$/);
  for (let i = 1; i < total; i++) await page.keyboard.press(".");
  assert.equal(await rows(page).count(), total);
  assert.equal(await rows(page).last().locator(".keys").getAttribute("aria-label"), "4 black, 0 white");
  await page.screenshot({ path: `${shots}/mastermind-knuth-1024x768.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: a student breaks the seeded secret from the keyboard, then the computer finishes", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&breaker=you&seed=5", PROJECTOR);
  assert.equal(await page.locator(".secret-row .code.hidden").count(), 1, "the secret is hidden");
  for (const key of ["1", "1", "2", "2", "Enter"]) await page.keyboard.press(key);
  await waitForHash(page, /moves=1122/);
  const afterOne = Number((await status(page).innerText()).match(/^([\d,]+) codes? (is|are) still possible after 1 probe/)[1].replace(",", ""));
  assert.ok(afterOne < 1296 && afterOne > 0, `${afterOne}`);
  await page.keyboard.press("l");
  const listed = (await page.locator(".possible-codes").innerText()).split(/\s+/).filter((w) => /^\d{4}$/.test(w));
  assert.equal(listed.length, Math.min(afterOne, 120), "the possible codes are listed");
  for (const key of ["3", "4", "5", "6", "Enter"]) await page.keyboard.press(key);
  await waitForHash(page, /moves=1122,3456/);
  assert.equal(await rows(page).count(), 2);
  await page.keyboard.press("s");
  await status(page).filter({ hasText: /Broke \d{4} in \d+ probes? after your 2 probes/ }).waitFor();
  const secret = (await status(page).innerText()).match(/Broke (\d{4})/)[1];
  await page.keyboard.press("End").catch(() => {});
  const total = Number((await page.locator(".counter").innerText()).match(/\/ (\d+)/)[1]);
  for (let i = 0; i < total; i++) await page.keyboard.press(".");
  assert.equal(await page.locator(".secret-row .code").getAttribute("aria-label"), secret, "broken: the secret shows");
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: turning to break the secret yourself draws a new one (the computer's side showed it); a link keeps its own", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&seed=1", PROJECTOR);
  const shown = (await status(page).innerText()).match(/breaks the secret (\d{4})/)[1];
  await page.getByLabel("Who breaks the code").selectOption("you");
  await waitForHash(page, /breaker=you/);
  assert.doesNotMatch(hash(page), /seed=1(&|$)/, "a new seed, so not the secret just shown");
  assert.equal(await page.locator(".secret-row .code.hidden").count(), 1, "the new secret is hidden");
  assert.ok(!(await status(page).innerText()).includes(shown));
  // A probe, then back to the computer's side: it shows a new secret, not the one being broken,
  // and the probe made for the other side goes with it.
  await page.keyboard.press("Escape");
  for (const key of ["1", "1", "2", "2", "Enter"]) await page.keyboard.press(key);
  await waitForHash(page, /moves=1122/);
  const beingBroken = hash(page).match(/seed=(\d+)/)[1];
  await page.getByLabel("Who breaks the code").selectOption("computer");
  await status(page).filter({ hasText: /^The computer breaks the secret \d{4}/ }).waitFor({ timeout: 3000 });
  assert.doesNotMatch(hash(page), new RegExp(`seed=${beingBroken}(&|$)|moves=`));
  // A link that says whose turn it is keeps its seed and its secret.
  await page.goto(page.url().replace(/#.*/, "#/mastermind?pegs=4&symbols=6&breaker=you&seed=1"));
  await page.locator(".secret-row .code.hidden").waitFor();
  for (const key of [...shown, "Enter"]) await page.keyboard.press(key);
  await status(page).filter({ hasText: /Broken in 1 probe/ }).waitFor({ timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: Knuth's tournament over all 1,296 secrets, its histogram and a comparison", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&algo=knuth&tournament=all", PROJECTOR);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "Knuth's rule broke 1,296 secrets with 5,801 probes: 4.476 on average, at most 5" })
    .waitFor({ timeout: 30000 });
  const bars = await page.locator("svg.tally").getAttribute("aria-label");
  assert.match(bars, /1 in 1 guess, 6 in 2 guesses, 62 in 3 guesses, 533 in 4 guesses, 694 in 5 guesses/);
  assert.match(await page.locator("svg.tally").innerHTML(), /best possible 4\.340/);
  await page.screenshot({ path: `${shots}/mastermind-tournament-1024x768.png` });
  await page.getByRole("button", { name: "Compare all algorithms" }).click();
  await status(page).filter({ hasText: "Comparison finished" }).waitFor({ timeout: 120000 });
  const table = page.locator("table.compare");
  assert.match(await table.innerText(), /Probes \(average\)/);
  assert.match(await table.locator("tr", { hasText: "(Knuth)" }).innerText(), /4\.476/);
  assert.match(await table.locator("tr", { hasText: "Most different scores" }).innerText(), /4\.373/);
  assert.equal(await table.locator("tbody tr").count(), 8);
  await page.screenshot({ path: `${shots}/mastermind-compare-1920x1080.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: a long tournament shows its histogram live and cancels", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=10&algo=knuth&tournament=all", PROJECTOR);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.locator(".running").filter({ hasText: "Secrets broken:" }).waitFor({ timeout: 20000 });
  await page.locator(".running svg.tally").waitFor();
  await page.keyboard.press("Escape");
  await status(page).filter({ hasText: "Cancelled" }).waitFor();
  assert.equal(await page.locator(".running").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: a bad secret is refused with the reason; the page stays usable", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&secret=12345");
  await page.getByRole("alert").filter({ hasText: "secret: '12345' has 5 symbols; a code has 4" }).waitFor();
  assert.ok(!hash(page).includes("12345"), hash(page));
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: /Broke \d{4}/ }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("mastermind: a split is told in plain numbers, and a score of nothing shows a marker", async () => {
  const { page, errors } = await open("#/mastermind?pegs=4&symbols=6&secret=3632&breaker=you&moves=1111", PROJECTOR);
  const first = rows(page).first().locator(".keys");
  assert.equal(await first.getAttribute("aria-label"), "0 black, 0 white");
  assert.equal(await first.locator(".key.none").count(), 1, "no black, no white: an empty marker, not nothing");
  // Knuth's probes for 3632, played by hand: before the last one, one code is left.
  await page.goto(page.url().replace(/#.*/, "#/mastermind?pegs=4&symbols=6&secret=3632&breaker=you&moves=1122,1344,3526,1462,3632"));
  await page.locator(".split").filter({ hasText: "Before this probe 1 code was possible" }).waitFor();
  const split = await page.locator(".split").innerText();
  assert.match(split, /splits them into 1 group \(bars\)/);
  assert.match(split, /Information: 0\.00 bits · worst case: 1 code left/);
  assert.equal(await rows(page).last().locator(".key.none").count(), 0, "a score with pegs has no empty marker");
  assert.deepEqual(errors, []);
  await page.close();
});
