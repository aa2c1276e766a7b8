// Starts the app: Trunk's bindings, then the app's wasm, both named by the script tag that
// loaded this file (Trunk.toml's pattern_script). A file rather than an inline script, so the
// page's Content-Security-Policy can refuse every inline script.
const tag = document.querySelector("script[data-app]");
const { default: init } = await import(tag.dataset.app);
await init({ module_or_path: tag.dataset.wasm });
