// Starts the solver worker: loads Trunk's no-modules bindings and the worker's wasm from the
// folder this script was served from. The page passes that script's absolute address as the
// worker's name, because a harness may run the worker from a blob: address with no folder.
const base = new URL(".", self.name || self.location.href);
importScripts(new URL("worker.js", base).href);
wasm_bindgen({ module_or_path: new URL("worker_bg.wasm", base).href });
