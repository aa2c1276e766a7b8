//! The documentation says what is true: every `puzzlelab` command in the README and `docs/`
//! runs and answers as written, every relative link and picture exists (anchors included),
//! and the guide's code is the example puzzle's own. (Every app link in them is opened in the
//! browser by `tests/e2e/docs.test.mjs`.)
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The README and every guide in `docs/`, with their text.
fn documents() -> Vec<(PathBuf, String)> {
    let mut paths = vec![PathBuf::from("README.md")];
    let mut guides: Vec<PathBuf> = fs::read_dir("docs")
        .expect("docs/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    paths.extend(guides);
    paths.into_iter().map(|p| (p.clone(), fs::read_to_string(&p).unwrap())).collect()
}

/// The fenced code blocks of a Markdown text: (language, lines).
fn code_blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(language)) => open = Some((language.trim().to_string(), Vec::new())),
            (Some(_), Some(_)) => blocks.push(open.take().unwrap()),
            (Some((_, lines)), None) => lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a code block is never closed");
    blocks
}

const CLI: &str = "target/release/puzzlelab";

/// Whether `actual` is what the documentation shows: equal, or for a string ending in `…`, or
/// an array ending in `"…"`, what comes before it.
fn shows(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::String(e), Value::String(a)) if e.ends_with('…') => a.starts_with(e.trim_end_matches('…')),
        (Value::Array(e), Value::Array(a)) if e.last() == Some(&Value::from("…")) => {
            let shown = &e[..e.len() - 1];
            a.len() >= shown.len() && shown.iter().zip(a).all(|(e, a)| shows(e, a))
        }
        _ => expected == actual,
    }
}

/// An answer line, `# → exit 2: "error": "…"`: the exit code (0 unless said) and the fields
/// the first line of output must show.
fn answer(line: &str) -> Option<(i32, Value)> {
    let said = line.trim().strip_prefix("# →")?.trim();
    let (code, fields) = match said.strip_prefix("exit ") {
        Some(rest) => {
            let (code, fields) = rest.split_once(':').expect("exit N: fields");
            (code.parse().expect("an exit code"), fields.trim())
        }
        None => (0, said),
    };
    let json = format!("{{{}}}", fields.replace(", …]", ", \"…\"]"));
    Some((
        code,
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("the answer {said} is not JSON ({e})")),
    ))
}

#[test]
fn every_command_of_the_documents_runs_and_answers_as_written() {
    let mut run = 0;
    for (path, text) in documents() {
        for (language, lines) in code_blocks(&text) {
            if language != "sh" {
                continue;
            }
            for (i, line) in lines.iter().enumerate() {
                if !line.contains(CLI) || line.trim_start().starts_with('#') {
                    continue;
                }
                let command = line.split(" # ").next().unwrap().replace(CLI, env!("CARGO_BIN_EXE_puzzlelab"));
                let out = Command::new("sh").arg("-c").arg(&command).output().expect("sh runs");
                let first = String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").to_string();
                let (code, fields) = lines.get(i + 1).and_then(|l| answer(l)).unwrap_or((0, Value::Null));
                let what = format!("{}: `{line}`", path.display());
                assert_eq!(out.status.code(), Some(code), "{what} exits {code}: {first}");
                if let Value::Object(fields) = fields {
                    let got: Value =
                        serde_json::from_str(&first).unwrap_or_else(|e| panic!("{what}: not JSON ({e})"));
                    for (key, expected) in fields {
                        assert!(
                            shows(&expected, &got[&key]),
                            "{what}: \"{key}\" is {} not {expected}",
                            got[&key]
                        );
                    }
                }
                run += 1;
            }
        }
    }
    println!("{run} commands of the documents ran as written");
    assert!(run >= 10, "{run} commands run");
}

/// A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        in_code ^= line.trim_start().starts_with("```");
        if !in_code && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// Markdown links and pictures, `[text](target)`, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        in_code ^= line.trim_start().starts_with("```");
        if in_code {
            continue;
        }
        for (start, _) in line.match_indices("](") {
            let rest = &line[start + 2..];
            targets.push(rest[..rest.find(')').expect("a link closes")].to_string());
        }
    }
    targets
}

fn ignored_by_git(path: &Path) -> bool {
    Command::new("git").args(["check-ignore", "-q"]).arg(path).status().is_ok_and(|s| s.success())
}

#[test]
fn every_relative_link_and_picture_exists() {
    let mut checked = 0;
    for (path, text) in documents() {
        let folder = path.parent().unwrap();
        for target in link_targets(&text) {
            if target.starts_with("http") || target.starts_with("#/") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() { path.clone() } else { folder.join(file) };
            let what = format!("{}: ({target})", path.display());
            assert!(file.exists(), "{what}: {} does not exist", file.display());
            assert!(!ignored_by_git(&file), "{what}: git ignores {}", file.display());
            if !fragment.is_empty() {
                let headings = anchors(&fs::read_to_string(&file).unwrap());
                assert!(
                    headings.iter().any(|a| a == fragment),
                    "{what}: no heading #{fragment} ({headings:?})"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} links checked");
}

#[test]
fn the_guides_code_is_the_example_puzzles() {
    let guide = fs::read_to_string("docs/architecture.md").unwrap();
    let mut quoted = 0;
    for (language, lines) in code_blocks(&guide) {
        let Some(source) = lines.first().and_then(|l| l.strip_prefix("// src/")) else { continue };
        assert_eq!(language, "rust");
        let file = fs::read_to_string(format!("src/{source}")).unwrap();
        let excerpt = lines[1..].join("\n");
        assert!(
            file.contains(&excerpt),
            "docs/architecture.md quotes src/{source} as it no longer is:\n{excerpt}"
        );
        quoted += 1;
    }
    assert!(quoted >= 8, "{quoted} excerpts");
}

#[test]
fn the_readme_is_a_front_page_with_the_two_commands_first() {
    let readme = fs::read_to_string("README.md").unwrap();
    assert!(readme.len() <= 12 * 1024, "the README has {} bytes", readme.len());
    let first = readme.lines().find(|l| l.starts_with("## ")).unwrap();
    assert_eq!(first, "## Two commands");
    assert!(readme.contains("./scripts/serve.sh") && readme.contains("./scripts/test.sh"));
}

/// A new puzzle cannot be left out of the front page or the link reference: every puzzle of the
/// registry has its row in the README's table and its section in docs/links.md, each naming
/// its link (`#/name`).
#[test]
fn every_puzzle_of_the_registry_has_its_row_and_its_links_section() {
    let readme = fs::read_to_string("README.md").unwrap();
    let table = readme.split("## The puzzles").nth(1).expect("the README lists the puzzles");
    let rows: Vec<&str> =
        table.lines().take_while(|l| !l.starts_with("## ")).filter(|l| l.starts_with('|')).collect();
    let links = fs::read_to_string("docs/links.md").unwrap();
    let sections: Vec<&str> = links.lines().filter(|l| l.starts_with("### ")).collect();
    for puzzle in puzzlelab::puzzles::PUZZLES {
        let named = format!("`#/{}`", puzzle.name);
        assert!(rows.iter().any(|row| row.contains(&named)), "README.md's table has no row for {named}");
        assert!(sections.iter().any(|s| s.contains(&named)), "docs/links.md has no section for {named}");
    }
}

/// Every command the prose mentions (`puzzlelab bench --count 3 LINK`) is one the CLI has: the
/// concrete ones in code blocks run above; these are usage lines and long benchmarks.
#[test]
fn every_command_the_prose_mentions_is_one_the_cli_has() {
    let usage = String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_puzzlelab")).output().expect("puzzlelab runs").stdout,
    )
    .unwrap();
    let mut mentioned = 0;
    for (path, text) in documents() {
        let mut in_code = false;
        let prose: String = text
            .lines()
            .filter(|line| {
                in_code ^= line.trim_start().starts_with("```");
                !in_code && !line.trim_start().starts_with("```")
            })
            .collect::<Vec<_>>()
            .join("\n");
        for span in prose.split('`').skip(1).step_by(2) {
            let Some(args) =
                span.strip_prefix("puzzlelab ").or_else(|| span.strip_prefix("target/release/puzzlelab "))
            else {
                continue;
            };
            let command = args.split_whitespace().next().unwrap();
            assert!(
                usage.contains(&format!("puzzlelab {command} ")),
                "{}: `{span}`: the CLI has no command '{command}'",
                path.display()
            );
            mentioned += 1;
        }
    }
    assert!(mentioned >= 10, "{mentioned} commands mentioned");
}

#[test]
fn the_guides_keyboard_tables_are_the_apps_table_of_keys() {
    let guide = fs::read_to_string("docs/teaching.md").unwrap();
    let begin = "<!-- keys: written by `puzzlelab keys --guide` -->\n";
    let start = guide.find(begin).expect("the Keyboard section marks its tables") + begin.len();
    let end = guide[start..].find("<!-- keys: end -->").expect("and their end") + start;
    let written = puzzlelab::core::keys::guide_markdown(&puzzlelab::puzzles::own_keys());
    assert_eq!(
        guide[start..end].trim(),
        written.trim(),
        "docs/teaching.md's Keyboard tables differ from src/core/keys.rs: paste `puzzlelab keys --guide` between the marks"
    );
}
