//! `puzzlelab`: solves share links headless and prints JSON (README, "Command line").

use puzzlelab::core::job::JobContext;
use puzzlelab::core::search::Limits;
use puzzlelab::puzzles;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: puzzlelab solve LINK   solve one share link (full URL or #/...)
       puzzlelab solve -      solve one link per line from standard input
       puzzlelab list         the puzzles and their link names";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        ["solve", "-"] => solve_lines(),
        ["solve", link] => {
            let (line, ok) = solve_to_json(link);
            println!("{line}");
            exit_code(ok)
        }
        ["list"] => {
            for p in puzzles::PUZZLES {
                let entry = serde_json::json!({ "puzzle": p.name, "title": p.title, "summary": p.summary });
                println!("{entry}");
            }
            ExitCode::SUCCESS
        }
        ["help" | "--help" | "-h"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            println!("{}", serde_json::json!({ "error": format!("bad arguments\n{USAGE}") }));
            ExitCode::from(2)
        }
    }
}

/// One JSON line for one link, and whether it was a good link.
fn solve_to_json(link: &str) -> (String, bool) {
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64() * 1000.0;
    let mut quiet = |_: f64, _: &puzzlelab::core::job::Progress| true;
    let mut ctx = JobContext::new(Limits::default(), &clock, &mut quiet);
    match puzzles::solve_link(link, &mut ctx) {
        Ok(report) => (serde_json::to_string(&report).expect("reports serialize"), true),
        Err(error) => (serde_json::json!({ "error": error }).to_string(), false),
    }
}

/// Batch mode: every line gets its answer, in order, even after a bad one.
fn solve_lines() -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_ok = true;
    for line in std::io::stdin().lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                let _ = writeln!(out, "{}", serde_json::json!({ "error": format!("input: {e}") }));
                return ExitCode::from(2);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let (json, ok) = solve_to_json(&line);
        all_ok &= ok;
        if writeln!(out, "{json}").and_then(|_| out.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    exit_code(all_ok)
}

fn exit_code(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
