//! Adding a puzzle touches three places (docs/architecture.md, "Adding a puzzle"): its module, its registry
//! line and its page. This checks each puzzle has exactly those, and that nothing else in the
//! build keeps a list of puzzles by hand: the landing page, the header, the shortcut list, the
//! CLI and the tests all follow the registry.

use puzzlelab::puzzles::PUZZLES;
use std::fs;
use std::path::Path;

fn read(path: &str) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A puzzle's Rust module name (`golf-tee` → `golf_tee`).
fn module(name: &str) -> String {
    name.replace('-', "_")
}

/// The text of the macro call `name!(…)` or `name! {…}` in `source`.
fn macro_call<'a>(source: &'a str, name: &str) -> &'a str {
    // The call at the start of a line (a test may invoke the macro again, indented).
    let start = source.find(&format!("\n{name}!")).unwrap_or_else(|| panic!("no {name}! call")) + 1;
    let end = source[start..].find([')', '}']).expect("the call ends") + start;
    &source[start..end]
}

/// The identifiers a list macro names, in order (the first word of each item).
fn listed(call: &str) -> Vec<String> {
    let body = &call[call.find(['(', '{']).expect("the call opens") + 1..];
    body.split(',').filter_map(|item| item.split_whitespace().next()).map(str::to_string).collect()
}

#[test]
fn every_puzzle_has_its_module_its_registry_line_and_its_page_in_registry_order() {
    let modules: Vec<String> = PUZZLES.iter().map(|p| module(p.name)).collect();
    assert_eq!(listed(macro_call(&read("src/puzzles/mod.rs"), "registry")), modules, "the registry lines");
    assert_eq!(
        listed(macro_call(&read("src/web/pages/mod.rs"), "pages")),
        modules,
        "the pages, in registry order"
    );
    for module in &modules {
        let (file, folder) = (format!("src/puzzles/{module}.rs"), format!("src/puzzles/{module}/mod.rs"));
        assert!(Path::new(&file).exists() || Path::new(&folder).exists(), "{module}: no puzzle module");
        let page = read(&format!("src/web/pages/{module}.rs"));
        assert!(page.contains("impl PuzzlePage for"), "src/web/pages/{module}.rs implements PuzzlePage");
        assert!(page.contains("const THUMBNAIL"), "src/web/pages/{module}.rs draws its landing card");
    }
}

#[test]
fn nothing_else_lists_the_puzzles_by_hand() {
    let mut files = vec!["index.html".to_string(), "Trunk.toml".to_string(), "Cargo.toml".to_string()];
    for folder in ["static", "src/bin"] {
        for entry in fs::read_dir(folder).expect("the folder exists") {
            let path = entry.expect("readable").path();
            // Pictures (the install icons) hold no text that could list puzzles.
            if path.extension().is_some_and(|e| e == "png") {
                continue;
            }
            files.push(path.display().to_string());
        }
    }
    for file in &files {
        let text = read(file);
        for p in PUZZLES {
            for mention in [format!("#/{}", p.name), format!("page-{}", p.name)] {
                assert!(!text.contains(&mention), "{file} names the puzzle {} ({mention})", p.name);
            }
        }
    }
    let mut bins: Vec<String> = fs::read_dir("src/bin")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    bins.sort();
    // The lessons bundle is the app's own part for lessons, loaded into the same page when a
    // lesson opens (no reload, no page of its own), so a first visit does not download it. A
    // page's own bundle and worker are one program each, built once per page the registry
    // lists (`PUZZLELAB_PAGE`, scripts/page_bundles.sh): a new puzzle adds no program.
    assert_eq!(
        bins,
        ["app.rs", "lessons.rs", "page.rs", "puzzlelab.rs", "worker-page.rs", "worker-simd.rs", "worker.rs"],
        "one app (with its lessons, loaded when one opens) and one page's, the workers, one CLI"
    );
}

/// Copies what builds the crate (its manifests, `src/` and the data it includes) into `to`.
fn copy_crate(to: &Path) {
    fn copy_dir(from: &Path, to: &Path) {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy_dir(&path, &target);
            } else {
                fs::copy(&path, &target).unwrap();
            }
        }
    }
    for folder in ["src", "tests/data", "tests/reference"] {
        let _ = fs::remove_dir_all(to.join(folder));
        copy_dir(Path::new(folder), &to.join(folder));
    }
    for file in ["Cargo.toml", "Cargo.lock"] {
        fs::copy(file, to.join(file)).unwrap();
    }
}

/// `text` with `old` replaced once by `new`; the guide's instruction must still apply.
fn edit(text: &str, old: &str, new: &str) -> String {
    assert_eq!(text.matches(old).count(), 1, "the guide's edit finds `{old}` once");
    text.replacen(old, new, 1)
}

/// `text` with `line` added as the last item of the list macro `name!(…)` or `name! {…}`,
/// whatever comes last in it now (the guide says "add a line", in no particular place).
fn append_item(text: &str, name: &str, line: &str) -> String {
    let call = macro_call(text, name);
    let start = text.find(call).expect("the call is in the text");
    let end = start + call.len();
    let before_close = text[..end].trim_end().len();
    format!("{}\n{line}{}", &text[..before_close], &text[before_close..])
}

/// Runs cargo in `dir` with its own target folder, failing with cargo's own words.
fn cargo(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo {args:?}:\n{}", String::from_utf8_lossy(&out.stderr));
}

/// The guide, tried as a new user would in a copy of the crate: listing the example puzzle takes
/// its registry line and its page line, nothing else; then the CLI solves it and the app, its
/// page included, compiles for the browser. (The first run builds the copy's dependencies: a
/// few minutes; later runs reuse them in `target/tmp`.)
#[test]
fn listing_the_example_puzzle_takes_its_registry_line_and_its_page_line() {
    let copy = Path::new(env!("CARGO_TARGET_TMPDIR")).join("listed-example");
    copy_crate(&copy);
    let registry = copy.join("src/puzzles/mod.rs");
    let text = read(registry.to_str().unwrap());
    fs::write(&registry, append_item(&text, "registry", "    doubling,")).unwrap();
    let pages = copy.join("src/web/pages/mod.rs");
    let text = read(pages.to_str().unwrap());
    let text = edit(&text, "\npub mod doubling;\n", "\n");
    fs::write(&pages, append_item(&text, "pages", "    doubling => DoublingPage,")).unwrap();

    cargo(&copy, &["build", "--locked", "--bin", "puzzlelab"]);
    let cli = copy.join("target/debug/puzzlelab");
    let out = std::process::Command::new(&cli).args(["solve", "#/doubling?target=10"]).output().unwrap();
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer["length"], 4, "{answer}");
    assert_eq!(answer["optimal"], true, "{answer}");
    let listed = std::process::Command::new(&cli).arg("list").output().unwrap();
    assert!(String::from_utf8_lossy(&listed.stdout).contains("doubling"), "puzzlelab list names it");
    cargo(&copy, &["check", "--locked", "--lib", "--target", "wasm32-unknown-unknown"]);
}
