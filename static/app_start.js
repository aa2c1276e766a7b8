// Starts the app from the names its script tag gives (Trunk.toml's pattern_script): a file, not inline script (index.html's CSP).
const tag = document.querySelector("script[data-app]");
const { default: init } = await import(tag.dataset.app);
await init({ module_or_path: tag.dataset.wasm });
