// Starts the app. The build puts it into the page (scripts/inline_starter.py), right after the
// page's Content-Security-Policy, which runs it by its hash: a classic script there runs as
// soon as it is read, before the style sheet arrives, so the page's bundle is asked for at once.
// A release build has a bundle per page (scripts/page_bundles.sh): a first visit downloads
// only the page the address names. A lesson, whose steps visit any page, a build without them
// (`trunk serve`) and a page whose bundle cannot load (offline, before its bundle was stored)
// run the app with every page, which Trunk names in this script's tag (Trunk.toml's
// pattern_script). The build (scripts/release.sh) writes the next line: each page's bundle.
const PAGES = {};
{
  const tag = document.currentScript;
  const everyPage = [tag.dataset.app, tag.dataset.wasm];
  const base = new URL(".", location.href);

  /** A bundle's bindings and its wasm's response, both asked for at once. */
  const fetched = async ([script, wasm]) => {
    const [bindings, response] = await Promise.all([import(new URL(script, base).href), fetch(new URL(wasm, base))]);
    if (!response.ok) throw new Error(`${wasm}: ${response.status}`);
    return { init: bindings.default, response };
  };
  /** Resolves once the page has been read (the app mounts into its body). */
  const read = new Promise((resolve) => {
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", resolve, { once: true });
    else resolve();
  });

  // The page's name as the app reads it (core::link::Link::parse): `#name`, `#/name/` and
  // `#/Name` name the same page as `#/name`.
  const page = (/^#\/?([^?]*)/.exec(location.hash)?.[1] ?? "").replace(/\/+$/, "").toLowerCase();
  const own = Object.hasOwn(PAGES, page) ? PAGES[page] : null;
  /** Fetches a bundle and starts it once the page is read. */
  const started = async (files) => {
    const bundle = await fetched(files);
    await read;
    await bundle.init({ module_or_path: bundle.response });
  };
  // The page's own bundle, else (not stored offline, not served, not compiled) the one with
  // every page; if neither starts, the loading line says so instead of waiting for ever.
  (own ? started(own).catch(() => started(everyPage)) : started(everyPage)).catch(async (error) => {
    await read;
    const loading = document.getElementById("loading");
    if (loading) loading.textContent = `Puzzle Lab could not start (${error?.message ?? error}): check the connection, then reload the page.`;
  });
}
