// Starts Puzzle Lab. The landing page is the plain HTML of index.html; a link to a puzzle
// loads that page's own bundle (one wasm file per page, so a visit downloads only the page
// it opens). Following a link to another page reloads, so the new page's bundle runs alone.
(function () {
  // Offline use after the first visit (static/sw.js explains the caching).
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js").catch(() => {});

  const landing = document.getElementById("landing");
  const pages = [...landing.querySelectorAll(".cards a")].map((a) => a.getAttribute("href").slice(2));
  const pageOf = (hash) => (/^#\/([^?]*)/.exec(hash) ?? ["", ""])[1];
  const current = pageOf(location.hash);
  addEventListener("hashchange", () => {
    if (pageOf(location.hash) !== current) location.reload();
  });

  const alert = document.getElementById("route-alert");
  const say = (text) => {
    alert.textContent = text;
    alert.hidden = false;
  };

  // The landing page's theme switch (a page's bundle has its own, with the same setting).
  function themeSwitch() {
    const root = document.documentElement;
    const button = document.getElementById("theme");
    const show = () => {
      const dark = localStorage.getItem("theme") === "dark";
      root.dataset.theme = dark ? "dark" : "light";
      button.textContent = dark ? "☀ Light" : "☾ Dark";
    };
    button.addEventListener("click", () => {
      localStorage.setItem("theme", root.dataset.theme === "dark" ? "light" : "dark");
      show();
    });
    show();
  }

  if (pages.includes(current)) {
    landing.remove();
    import(`./page-${current}.js`)
      .then((bundle) => bundle.default({ module_or_path: `./page-${current}_bg.wasm` }))
      .catch((error) => {
        document.body.append(landing);
        themeSwitch();
        say(`The ${current} page could not be loaded (${error.message}). Check the connection and reload.`);
      });
  } else {
    themeSwitch();
    if (current) say(`There is no puzzle called '${decodeURIComponent(current)}' (yet).`);
  }
})();
