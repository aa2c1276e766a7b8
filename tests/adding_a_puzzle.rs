//! Adding a puzzle touches three places (README, "Adding a puzzle"): its module, its registry
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
    let start = source.rfind(&format!("{name}!")).unwrap_or_else(|| panic!("no {name}! call"));
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
    // lesson opens (no reload, no page of its own), so a first visit does not download it.
    assert_eq!(
        bins,
        ["app.rs", "lessons.rs", "puzzlelab.rs", "worker-simd.rs", "worker.rs"],
        "one app (with its lessons, loaded when one opens), one worker, one CLI"
    );
}
