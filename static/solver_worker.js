// Starts the solver worker: loads Trunk's no-modules bindings and the worker's wasm from the
// folder this script was served from. The page passes that script's absolute address as the
// worker's name, because a harness may run the worker from a blob: address with no folder.
// Two builds of the same solvers: one with WebAssembly SIMD (vector instructions, in every
// browser since 2023), used where the browser validates a module holding one, else the plain one.
// A page's own bundle names its puzzle after a `#` in the worker's name: a release build has a
// SIMD build with that puzzle's solvers alone (scripts/page_bundles.sh), used where it loads;
// offline before it was stored, and for the app with every page, the build with every puzzle.
// The build (scripts/release.sh) writes the next three lines: the release's id, which the
// worker reports to the page, and each build's files, named by their content, with its size.
const RELEASE = null;
const BUILDS = { "worker-simd": ["worker-simd.js", "worker-simd_bg.wasm", 0], "worker": ["worker.js", "worker_bg.wasm", 0] };
const PAGE_BUILDS = {};
const base = new URL(".", self.name || self.location.href);
const page = decodeURIComponent(new URL(self.name || self.location.href).hash.slice(1));
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // one function type: () -> v128
  0x03, 0x02, 0x01, 0x00, // one function of that type
  0x0a, 0x0a, 0x01, 0x08, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x0b, // i32.const 0, i8x16.splat, i8x16.popcnt
]);
const simd = WebAssembly.validate(SIMD_PROBE);
const everyPuzzle = BUILDS[simd ? "worker-simd" : "worker"];
const own = simd && Object.hasOwn(PAGE_BUILDS, page) ? PAGE_BUILDS[page] : null;
// A worker that cannot load says so (as a failure of no job, 0), so the page need not wait.
const failed = (error) => postMessage(JSON.stringify({ failed: { job: 0, error: `the solver could not start: ${error}` } }));
if (RELEASE) self.puzzlelabRelease = RELEASE;
/**
 * The wasm's response, its bytes counted as they arrive (compiled as they stream in all the
 * same): on a slow network the page says how much of the solver has arrived.
 */
async function counted([, wasm, size]) {
  const response = await fetch(new URL(wasm, base).href);
  if (!response.ok) throw new Error(`${wasm}: ${response.status}`);
  if (!size || !response.body) return response;
  let done = 0;
  let said = 0;
  const counter = new TransformStream({
    transform(chunk, stream) {
      done += chunk.byteLength;
      if (done - said >= size / 50 || done >= size) {
        said = done;
        const progress = { build: { label: "Loading the solver", done, total: size } };
        postMessage(JSON.stringify({ progress: { job: 0, elapsed_ms: performance.now(), progress } }));
      }
      stream.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), { headers: response.headers });
}
/** The page's own build if its wasm comes, else the one with every puzzle: its script and wasm. */
async function chosen() {
  if (own) {
    // Its script too, at once, into the HTTP cache that importScripts reads.
    fetch(new URL(own[0], base).href).catch(() => {});
    try {
      return [own[0], await counted(own)];
    } catch {
      // Not stored (offline) or not served: the build with every puzzle serves this page too.
    }
  }
  return [everyPuzzle[0], counted(everyPuzzle)];
}

// The wasm is asked for first: it arrives while the bindings' script loads and runs.
chosen()
  .then(([script, response]) => {
    importScripts(new URL(script, base).href);
    return wasm_bindgen({ module_or_path: response });
  })
  .catch(failed);
