// The page's link as a QR code (`q`): drawn big enough for the back of a room, decoded here by
// jsQR from a screenshot of what the browser drew, and the decoded link opens exactly the page
// that was shown. A link too long for a QR code says so and the page stays usable.
import { test } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { open, shots, counterShows, pythonLesson } from "./harness.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const overlay = (page) => page.getByRole("dialog", { name: "This page's link as a QR code" });

/** The text of the QR code drawn in `locator`, read from a screenshot of it. */
async function decode(locator) {
  const png = PNG.sync.read(await locator.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.ok(found, "the drawn QR code decodes");
  return found.data;
}

/** The board and the playback line, to compare two pages. */
const shown = async (page) => ({
  board: await page.locator(".board").innerHTML(),
  playback: await page.locator(".playback-bar").innerText(),
});

test("q shows the page's link as a QR code that opens the same page, at its step", async () => {
  const { page, errors } = await open("#/hanoi?discs=4&pegs=3&algo=optimal", PROJECTOR);
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await counterShows(page, "step 0 / 15");
  for (let i = 0; i < 3; i++) await page.keyboard.press(".");
  await counterShows(page, "step 3 / 15");
  const before = await shown(page);
  await page.keyboard.press("q");
  const picture = overlay(page).locator(".qr-picture svg");
  await picture.waitFor();
  const box = await picture.boundingBox();
  assert.ok(box.width >= 0.6 * 768 && box.height >= 0.6 * 768, `big enough from the back: ${JSON.stringify(box)}`);
  const link = await decode(picture);
  assert.equal(link, page.url(), "the code holds the page's address");
  assert.match(link, /step=3/);
  assert.equal(await overlay(page).locator(".qr-link code").textContent(), link, "the link is written under it");
  await page.screenshot({ path: `${shots}/qr-1024x768.png` });

  const scanned = await open(new URL(link).hash, PROJECTOR);
  await counterShows(scanned.page, "step 3 / 15");
  assert.deepEqual(await shown(scanned.page), before, "the scanned link opens what was shown");
  await scanned.page.close();

  await page.keyboard.press("q");
  await overlay(page).waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Show link as QR code" }).click();
  await picture.waitFor();
  await overlay(page).getByRole("button", { name: /Back to the page/ }).click();
  await overlay(page).waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  assert.deepEqual(scanned.errors, []);
  await page.close();
});

test("a link longer than a QR code holds is refused with the reason, and the page goes on", async () => {
  // Random words do not compress: the lesson's link grows past 2,953 characters.
  let x = 7;
  const words = Array.from({ length: 900 }, () => (x = (x * 1103515245 + 12345) % 2147483648).toString(36)).join(" ");
  const link = pythonLesson({ v: 1, title: "Long", steps: [{ link: "#/jugs", note: words }] });
  assert.ok(link.length > 3000, `${link.length} characters`);
  const { page, errors } = await open(link, PROJECTOR);
  await page.locator(".puzzle-page.jugs").waitFor({ timeout: 30000 });
  await page.keyboard.press("q");
  const alert = overlay(page).getByRole("alert");
  await alert.waitFor();
  assert.match(await alert.textContent(), /This link has \d+ characters: more than a QR code holds \(2953\)\..*share it with Copy link/i);
  await page.keyboard.press("Escape");
  await overlay(page).waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Solve", exact: true }).click();
  await page.getByRole("button", { name: "Solve", exact: true }).and(page.locator(":enabled")).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("the presenter window shows the projector's step as a QR code that opens the lesson at that step", async () => {
  const lesson = pythonLesson({ v: 1, title: "Two steps", steps: [
    { link: "#/hanoi?discs=3", note: "Three discs." }, { link: "#/jugs", note: "Pour." }] });
  const { page, errors } = await open(`${lesson}&step=2&presenter=1`, PROJECTOR);
  await page.locator(".presenter .lesson-count").filter({ hasText: "Step 2 / 2" }).waitFor({ timeout: 30000 });
  await page.getByRole("button", { name: "QR code of this step" }).click();
  const dialog = page.getByRole("dialog", { name: "The step on the projector as a QR code" });
  const link = await decode(dialog.locator(".qr-picture svg"));
  assert.equal(new URL(link).hash, `${lesson}&step=2`, "the lesson at the projector's step");
  const scanned = await open(new URL(link).hash, PROJECTOR);
  await scanned.page.locator(".lesson-count").filter({ hasText: "2 / 2" }).waitFor({ timeout: 30000 });
  await scanned.page.locator(".puzzle-page.jugs").waitFor();
  await dialog.getByRole("button", { name: "Back to the notes" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  assert.deepEqual(scanned.errors, []);
  await scanned.page.close();
  await page.close();
});
