// Loads the lessons bundle (the lesson player's bar, the presenter window, the builder: see
// src/bin/lessons.rs) when the app first opens a lesson: Trunk's no-modules bindings, then the
// bundle's wasm, from the folder this script was served from. Once loaded, the bundle shows the
// lesson the address names and listens for the app's later requests (src/web/lesson_host.rs).
// After a failure the app adds this loader again (src/web/lesson_host.rs): it declares nothing
// at the top level but a `var`, and takes the bindings an earlier try loaded, so a second run
// neither redeclares a name (a SyntaxError that no `error` event reports) nor loads them twice.
// The build (scripts/release.sh) writes the next line: the bundle's files, named by content.
var LESSONS = ["lessons.js", "lessons_bg.wasm"];
{
  const base = new URL(".", document.currentScript.src);
  // A bundle that cannot load says why, so the app can tell the user (it keeps working).
  const failed = (error) => dispatchEvent(new CustomEvent("puzzlelab-lesson-failed", { detail: String(error) }));
  const start = () => wasm_bindgen({ module_or_path: new URL(LESSONS[1], base).href }).catch(failed);
  if (typeof wasm_bindgen === "function") {
    start();
  } else {
    const bindings = document.createElement("script");
    bindings.src = new URL(LESSONS[0], base).href;
    bindings.onload = start;
    bindings.onerror = () => {
      bindings.remove();
      failed(`${LESSONS[0]} did not load`);
    };
    document.head.append(bindings);
  }
}
