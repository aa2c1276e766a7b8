// Starts the app (a file, not inline script: index.html's Content-Security-Policy). A release
// build has a bundle per page (scripts/page_bundles.sh): a first visit downloads only the
// page the address names. A lesson, whose steps visit any page, a build without them (`trunk
// serve`) and a page whose bundle cannot load (offline, before its bundle was stored) run the
// app with every page, which Trunk names in this script's tag (Trunk.toml's pattern_script).
// The build (scripts/release.sh) writes the next line: each page's bundle, named by content.
const PAGES = {};
const tag = document.querySelector("script[data-app]");
const EVERY_PAGE = [tag.dataset.app, tag.dataset.wasm];
const base = new URL(".", import.meta.url);

/** A bundle's bindings and its wasm's response, both asked for at once. */
async function fetched([script, wasm]) {
  const [bindings, response] = await Promise.all([import(new URL(script, base).href), fetch(new URL(wasm, base))]);
  if (!response.ok) throw new Error(`${wasm}: ${response.status}`);
  return { init: bindings.default, response };
}

const page = /^#\/([^?]*)/.exec(location.hash)?.[1] ?? "";
const own = Object.hasOwn(PAGES, page) ? PAGES[page] : null;
const bundle = await (own ? fetched(own).catch(() => fetched(EVERY_PAGE)) : fetched(EVERY_PAGE));
await bundle.init({ module_or_path: bundle.response });
