// End-to-end checks of the Jets & Sharks page: the slides' queries, cycles played back, an
// edited table kept in the link, a bad touch refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { open, status, shots, waitForHash } from "./harness.mjs";

const value = async (page, unit) =>
  Number(await page.locator(".pool li", { has: page.locator(".unit", { hasText: new RegExp(`^${unit}$`) }) })
    .locator(".value").innerText());

test("jets & sharks: the slides' queries, played back cycle by cycle", async () => {
  const { page, errors } = await open("#/jets-sharks?touch=Ken:0.8", { width: 1024, height: 768 });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "retrieves name Ken, gang Sharks, age 20, edu hs, marital sing, occupation burglar" }).waitFor();
  // The run opens at its end, where the status's words come from: the slides' numbers.
  assert.equal(await value(page, "Ken"), 0.82);
  assert.equal(await value(page, "Sharks"), 0.53);
  // Played back from rest, cycle by cycle, to the same numbers.
  await page.keyboard.press("Home");
  assert.equal(await value(page, "Ken"), -0.1);
  for (let i = 0; i < 100; i++) await page.keyboard.press(".");
  assert.equal(await value(page, "Ken"), 0.82);
  await waitForHash(page, /step=100/);
  await page.screenshot({ path: `${shots}/jets-sharks-1024x768.png` });
  await page.getByLabel("The slides' queries").selectOption("Lance");
  await waitForHash(page, /depair=Lance:burglar&touch=Lance/);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "occupation burglar" }).waitFor();
  assert.equal(await value(page, "burglar"), 0.54);
  assert.equal(await value(page, "mar"), 0.58);
  assert.deepEqual(errors, []);
  await page.close();
});

test("jets & sharks: an edited table in the link; a bad touch is refused with the reason", async () => {
  const { page, errors } = await open("#/jets-sharks?table=name,team~Ann,Red~Bob,Red~Cy,Blue&touch=Red");
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await status(page).filter({ hasText: "retrieves name" }).waitFor();
  assert.equal(await page.locator(".pool").count(), 2);
  const bad = await open("#/jets-sharks?touch=Kenn");
  await bad.page.getByRole("alert").filter({ hasText: "there is no unit 'Kenn'" }).waitFor();
  assert.deepEqual([...errors, ...bad.errors], []);
  await page.close();
  await bad.page.close();
});
