// In-browser benchmark (not part of the test suite): runs links through the real solver
// worker in Debian's Chromium and prints the same summary as `puzzlelab bench`; when the
// native CLI is built (`cargo build --release`) it runs the same seeds natively too and prints
// `wasm_over_native`, the ratio of mean times. Usage, after `trunk build --release`:
//   node tests/e2e/bench.mjs '#/sliding?size=4&shuffle=uniform&algo=pdb' [count] [first seed]
// (DIST=folder serves another build than dist/, to compare two.)
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { serve } from "./server.mjs";

const [template, count = "20", first = "1"] = process.argv.slice(2);
const seeds = Array.from({ length: Number(count) }, (_, i) => Number(first) + i);
const withSeed = (seed) => {
  const base = template.replace(/([?&])seed=\d+&?/, "$1").replace(/[?&]$/, "");
  return `${base}${base.includes("?") ? "&" : "?"}seed=${seed}`;
};

const server = await serve(process.env.DIST ?? new URL("../../dist/", import.meta.url).pathname);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage();
await page.goto(server.url);
await page.locator("main").waitFor();
const reports = await page.evaluate(async (links) => {
  const url = new URL(document.querySelector("meta[name=puzzlelab-worker]").content, location.href).href;
  const worker = new Worker(url, { name: url });
  const next = () => new Promise((resolve) => {
    worker.onmessage = (e) => {
      const message = JSON.parse(e.data);
      if (!message.progress) resolve(message);
    };
  });
  await next(); // ready
  const out = [];
  for (const [job, link] of links.entries()) {
    worker.postMessage(JSON.stringify({ type: "solve", job, link }));
    out.push(await next());
  }
  return out;
}, [withSeed(seeds[0]), ...seeds.map(withSeed)]);
await browser.close();
server.close();

const cli = new URL("../../target/release/puzzlelab", import.meta.url).pathname;
const native = existsSync(cli)
  ? JSON.parse(execFileSync(cli, ["bench", "--count", count, "--seed", first, template]).toString())
  : null;

const failed = reports.find((m) => !m.done);
if (failed) throw new Error(`the worker did not solve: ${JSON.stringify(failed)}`);
const [warmup, ...runs] = reports.map((m) => m.done.report);
const summary = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return { mean: v.reduce((a, b) => a + b, 0) / v.length, median: v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2, max: v.at(-1) };
};
const elapsed = summary(runs.map((r) => r.elapsed_ms));
// Benchmark sets time the solving alone: their rates compare the solvers without the rest of a job.
const rates = runs.some((r) => r.puzzles_per_s) ? summary(runs.map((r) => r.puzzles_per_s ?? 0)) : null;
console.log(JSON.stringify({
  link: template, seeds: [seeds[0], seeds.at(-1)], runs: runs.length, solved: runs.filter((r) => r.solved).length,
  warmup_ms: warmup.elapsed_ms, expanded: summary(runs.map((r) => r.expanded)),
  elapsed_ms: elapsed,
  generations: summary(runs.map((r) => r.generations ?? 0)),
  // The solver's own notes (e.g. a Sudoku set's puzzles per second), one per run.
  messages: runs.map((r) => r.message),
  ...(rates && { puzzles_per_s: rates }),
  native: native
    ? { elapsed_ms: native.elapsed_ms, puzzles_per_s: native.puzzles_per_s, reference: native.reference }
    : "build the CLI (cargo build --release) to compare",
  wasm_over_native: native ? elapsed.mean / native.elapsed_ms.mean : null,
  // A set's time per puzzle in the worker over natively, from the median rates.
  ...(rates && native && { wasm_over_native_per_puzzle: native.puzzles_per_s.median / rates.median }),
}));
