//! The `puzzlelab` command line: its JSON fields and exit codes are a public contract.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::puzzles::hanoi::domain::{Move, Tower};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn puzzlelab(args: &[&str], stdin: Option<&str>) -> Output {
    puzzlelab_bytes(args, stdin.unwrap_or("").as_bytes())
}

/// `puzzlelab args` started with its standard input, output and error piped.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("puzzlelab starts")
}

fn puzzlelab_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// The error of a command that must be refused (exit code 2).
fn refused(args: &[&str]) -> String {
    let out = puzzlelab(args, None);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    json_lines(&out)[0]["error"].as_str().unwrap().to_string()
}

/// Replays a report's moves through the Hanoi rules and returns the final letters.
fn replay(discs: u8, pegs: u8, start: &str, moves: &Value) -> String {
    let tower = Tower::new(discs, pegs);
    let mut position = tower.parse_position(start).unwrap();
    for m in moves.as_array().unwrap() {
        let mv = Move::parse(m.as_str().unwrap(), pegs).unwrap();
        position = tower.apply(position, mv).unwrap_or_else(|e| panic!("illegal {mv}: {e}"));
    }
    tower.format_position(position)
}

#[test]
fn solves_a_hash_link_with_every_contract_field() {
    let out = puzzlelab(&["solve", "#/hanoi?discs=4&pegs=3&algo=optimal"], None);
    assert!(out.status.success());
    let report = &json_lines(&out)[0];
    assert_eq!(report["puzzle"], "hanoi");
    assert_eq!(report["algorithm"], "optimal");
    assert_eq!(report["link"], "#/hanoi?discs=4&pegs=3&algo=optimal");
    assert_eq!(report["solved"], true);
    assert_eq!(report["length"], 15);
    assert_eq!(report["moves"].as_array().unwrap().len(), 15);
    assert!(report["expanded"].is_u64());
    assert!(report["elapsed_ms"].is_number());
    assert_eq!(report["optimal"], true);
    assert_eq!(replay(4, 3, "AAAA", &report["moves"]), "CCCC");
}

#[test]
fn solves_a_full_url_with_the_pages_default_algorithm() {
    let out = puzzlelab(&["solve", "http://127.0.0.1:8080/#/hanoi?discs=3&pegs=4"], None);
    assert!(out.status.success());
    let report = &json_lines(&out)[0];
    assert_eq!((report["algorithm"].as_str(), report["length"].as_u64()), (Some("optimal"), Some(5)));
    assert_eq!(replay(3, 4, "AAA", &report["moves"]), "DDD");
}

#[test]
fn search_algorithms_report_their_cost() {
    let out = puzzlelab(&["solve", "#/hanoi?discs=5&algo=bfs"], None);
    let report = &json_lines(&out)[0];
    assert_eq!(report["length"], 31);
    assert!(report["expanded"].as_u64().unwrap() > 31);
    assert_eq!(report["optimal_length"], 31);
}

#[test]
fn bad_input_is_an_error_object_with_exit_code_2() {
    for (link, expected) in [
        ("#/hanoi?discs=0", "discs: must be a whole number from 1 to 20, got '0'"),
        ("#/hanoi?algo=magic", "algo: 'magic' is not one of"),
        ("#/hanoi?state=AAX", "state:"),
        ("#/chess", "unknown puzzle 'chess'"),
        ("#/sudoku?grid=12", "grid: must have 16, 81 or 256 characters"),
        ("#/alphametics?equation=SEND%20%2B", "equation: column 7"),
        ("#/hanoi?discs", "discs: has no value"),
    ] {
        let error = refused(&["solve", link]);
        assert!(error.contains(expected), "{link}: {error}");
    }
    let out = puzzlelab(&["frobnicate"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(json_lines(&out)[0]["error"].as_str().unwrap().contains("usage"));
}

#[test]
fn batch_mode_answers_every_line_in_order() {
    let input = "#/hanoi?discs=3\n\nnot a link at all\n#/hanoi?discs=2&algo=bfs\n";
    let out = puzzlelab(&["solve", "-"], Some(input));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "one answer per input line, the blank one too");
    assert_eq!(lines[0]["length"], 7);
    assert_eq!(lines[1]["error"], "input line 2 is blank: one link per line");
    assert!(lines[2]["error"].is_string());
    assert_eq!(lines[3]["length"], 3);
    assert_eq!(out.status.code(), Some(2), "a bad line makes the batch exit 2");
}

/// A solver that panics (the debug build's `panic=1`, as the tests build it) answers an error
/// line, and the batch goes on.
#[test]
fn batch_mode_goes_on_past_a_line_whose_solver_panics() {
    let out = puzzlelab(&["solve", "-"], Some("#/hanoi?discs=3&panic=1\n#/hanoi?discs=2\n"));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0]["error"].as_str().unwrap().contains("internal error"), "{}", lines[0]);
    assert_eq!(lines[1]["length"], 3);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn batch_mode_keeps_one_answer_per_line_whatever_comes_in() {
    let long = format!("#/hanoi?moves={}\n", "AB,".repeat(400_000));
    let mut input: Vec<u8> = Vec::new();
    for line in [
        &b"#/hanoi?discs=3\r\n"[..],
        b"   \t \n",
        b"\n",
        b"#/hanoi?discs=\xff\n",
        b"#/hanoi?\0discs=2\n",
        long.as_bytes(),
        b"#/lesson?example=search\n",
        "#/hanoi?\u{2028}\u{2029}\u{85}=1\n".as_bytes(),
        b"#/hanoi?discs=2",
    ] {
        input.extend_from_slice(line);
    }
    let out = puzzlelab_bytes(&["solve", "-"], &input);
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    // Every reader's idea of a line: JSON's raw separators are escaped.
    assert!(!text.contains(['\u{2028}', '\u{2029}', '\u{85}']), "{text}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 9, "nine lines in, nine answers out");
    assert_eq!(lines[0]["length"], 7, "a CRLF line solves");
    assert_eq!(lines[1]["error"], "input line 2 is blank: one link per line");
    assert_eq!(lines[2]["error"], "input line 3 is blank: one link per line");
    assert!(lines[3]["error"].as_str().unwrap().contains("not UTF-8"));
    assert!(lines[4]["error"].is_string(), "a NUL byte is refused");
    assert_eq!(
        lines[5]["error"],
        "input line 6 is longer than 65536 bytes, the longest a link may be: refused unread"
    );
    assert_eq!(lines[6]["lesson"], "Uninformed vs informed search");
    assert!(lines[7]["error"].as_str().unwrap().contains('\u{2028}'), "the separators survive, escaped");
    assert_eq!(lines[8]["length"], 3, "a last line without its end is answered");
}

#[test]
fn a_reader_that_goes_away_ends_the_batch_quietly() {
    let mut child = spawn(&["solve", "-"]);
    let mut input = child.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(child.stdout.take().unwrap());
    writeln!(input, "#/hanoi?discs=3").unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(&mut output, &mut first).unwrap();
    assert!(first.contains("\"length\":7"), "{first}");
    // `| head -1`: the reader leaves; the next answers have nowhere to go.
    drop(output);
    for _ in 0..50 {
        if writeln!(input, "#/hanoi?discs=3").is_err() {
            break;
        }
    }
    drop(input);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "no error for a reader that had what it wanted");
}

#[test]
fn batch_mode_survives_a_line_that_is_not_utf8() {
    let input = b"#/hanoi?discs=3\n#/hanoi?discs=\xff\xfe4\n#/hanoi?discs=2\n";
    let out = puzzlelab_bytes(&["solve", "-"], input);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "every line answered");
    assert_eq!(lines[0]["length"], 7);
    assert_eq!(lines[1]["error"], "input line 2 is not UTF-8 text: links are plain ASCII");
    assert_eq!(lines[2]["length"], 3);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bench_times_a_queens_count_against_the_plain_c_method() {
    let out = puzzlelab(&["bench", "--count", "2", "#/queens?n=12"], None);
    let line = &json_lines(&out)[0];
    let reference = &line["reference"];
    assert_eq!(reference["result"], 14_200, "the reference counts too: {line}");
    assert!(reference["mean_ms"].is_number(), "a measured figure, whatever its value: {reference}");
    assert!(reference["ratio"].is_number(), "a measured figure, whatever its value: {reference}");
    // The same counter in real C, built with the system's cc (or skipped, saying so).
    let c = &reference["c"];
    match c.get("error") {
        None => {
            assert_eq!(c["result"], 14_200, "{c}");
            assert!(c["ratio"].is_number(), "a measured figure, whatever its value: {c}");
        }
        Some(error) => assert!(error.as_str().unwrap().starts_with("skipped: no C compiler"), "{c}"),
    }
    assert_eq!(line["runs"], 2);
}

/// The article's own loop, run by CPython beside ours: under `rng=python` both must end at the
/// article's generation 423 (a live check that our stream replays CPython's draws).
#[test]
fn bench_times_the_264_genetic_algorithm_against_the_articles_python() {
    let out = puzzlelab(&["bench", "--count", "1", "--seed", "1690419104", "#/tiles264?rng=python"], None);
    let line = &json_lines(&out)[0];
    let reference = &line["reference"];
    assert_eq!(line["generations"]["max"], 423.0, "{line}");
    assert_eq!(
        reference["same_generations"],
        serde_json::json!({ "compared": 1, "all_equal": true }),
        "{line}"
    );
    assert!(reference["ms_per_generation"].is_number(), "a measured figure, whatever its value: {reference}");
    assert!(reference["ratio"].is_number(), "a measured figure, whatever its value: {reference}");
    let changed = puzzlelab(&["bench", "--count", "1", "#/tiles264?population=500"], None);
    assert!(
        json_lines(&changed)[0].get("reference").is_none(),
        "only the article's settings have a reference"
    );
}

#[test]
fn a_reader_that_goes_away_ends_the_program_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["solve", "#/hanoi?discs=20&algo=optimal"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "no panic message: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn memory_hungry_search_stops_instead_of_exhausting_memory() {
    let out = puzzlelab(&["solve", "#/hanoi?discs=20&algo=bfs"], None);
    assert!(out.status.success());
    let report = &json_lines(&out)[0];
    assert_eq!(report["solved"], false);
    assert_eq!(report["stopped"], "memory");
    assert!(report["message"].as_str().unwrap().contains("direct method"));
}

/// Replays sliding moves (blank directions) from a board; returns the final board's text.
fn replay_sliding(size: u8, tiles: &str, moves: &Value) -> String {
    use puzzlelab::puzzles::sliding::domain::{Board, Dir};
    let mut board = Board::parse(size, tiles).unwrap();
    for m in moves.as_array().unwrap() {
        board = board.apply(Dir::parse(m.as_str().unwrap()).unwrap()).unwrap();
    }
    board.to_text()
}

#[test]
fn sliding_links_solve_optimally_and_replay_to_the_goal() {
    let tiles = "8,6,7,2,5,4,3,0,1"; // one of the two hardest 8-puzzle boards: 31 moves
    for algo in ["bfs", "astar", "idastar", "auto"] {
        let out = puzzlelab(&["solve", &format!("#/sliding?size=3&tiles={tiles}&algo={algo}")], None);
        assert!(out.status.success(), "{algo}");
        let report = &json_lines(&out)[0];
        assert_eq!(
            (report["length"].as_u64(), report["optimal"].as_bool()),
            (Some(31), Some(true)),
            "{algo}"
        );
        assert_eq!(replay_sliding(3, tiles, &report["moves"]), "1,2,3,4,5,6,7,8,0");
    }
}

#[test]
fn sliding_refuses_unsolvable_malformed_and_unsupported_boards() {
    for (link, expected) in [
        (
            "#/sliding?size=4&tiles=1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0",
            "tiles: this board cannot be solved",
        ),
        ("#/sliding?size=3&tiles=1,2,3,4,5,6,7,7,0", "tiles: tile 7 appears twice"),
        ("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8", "tiles: has 8 tiles"),
        ("#/sliding?size=3&algo=pdb", "algo: pattern databases are built for 4×4 boards"),
    ] {
        // Refused by the link's reader: `link` and `solve` refuse alike, before any work.
        for command in ["solve", "link"] {
            let error = refused(&[command, link]);
            assert!(error.contains(expected), "{command} {link}: {error}");
        }
    }
    // A 6×6 board is a board to play: its link is good, and its answer says no solver takes it.
    let link = "#/sliding?size=6";
    assert!(puzzlelab(&["link", link], None).status.success());
    let out = puzzlelab(&["solve", link], None);
    assert!(out.status.success());
    let answer = &json_lines(&out)[0];
    assert_eq!(answer["solved"], false);
    assert!(answer["message"].as_str().unwrap().contains("the solvers take boards up to 5×5"), "{answer}");
}

#[test]
fn bench_summarises_a_range_of_seeds() {
    let out = puzzlelab(
        &["bench", "--count", "5", "--seed", "3", "#/sliding?size=3&shuffle=uniform&algo=astar"],
        None,
    );
    assert!(out.status.success());
    let summary = &json_lines(&out)[0];
    assert_eq!((summary["runs"].as_u64(), summary["solved"].as_u64()), (Some(5), Some(5)));
    assert_eq!(summary["optimal"], 5);
    assert_eq!(summary["seeds"], serde_json::json!([3, 7]));
    // The five boards' shortest solutions, and A*'s work on them (ties broken in a fixed order).
    assert_eq!(
        (summary["length"]["median"].as_f64(), summary["length"]["max"].as_f64()),
        (Some(23.0), Some(24.0))
    );
    assert_eq!(summary["expanded"]["median"], 503.0);
    assert_eq!(summary["expanded"]["max"], 910.0);
    let out = puzzlelab(&["bench", "--count"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_pages_playback_speed_in_a_link_is_accepted_and_ignored() {
    let out = puzzlelab(&["solve", "#/hanoi?discs=3&speed=5"], None);
    assert!(out.status.success());
    let report = &json_lines(&out)[0];
    assert_eq!(
        (report["length"].as_u64(), report["link"].as_str()),
        (Some(7), Some("#/hanoi?discs=3&pegs=3&algo=optimal"))
    );
}

#[test]
fn bench_repeats_a_puzzle_without_randomness() {
    let out = puzzlelab(&["bench", "--count", "3", "#/jugs"], None);
    assert!(out.status.success());
    let summary = &json_lines(&out)[0];
    assert_eq!((summary["runs"].as_u64(), summary["solved"].as_u64()), (Some(3), Some(3)));
    assert_eq!(summary["length"]["max"], 7.0);
    assert_eq!(summary["link"], "#/jugs");
}

#[test]
fn genetic_links_report_generations_and_a_checked_solution() {
    use puzzlelab::puzzles::tiles264::domain::check_solution;
    let out = puzzlelab(&["solve", "#/tiles264?seed=2"], None);
    assert!(out.status.success());
    let report = &json_lines(&out)[0];
    assert_eq!(report["solved"], true);
    assert_eq!(report["generations"], 1921, "seed 2's run, the same in every build");
    let layout: Vec<u8> = serde_json::from_value(report["solution"].clone()).unwrap();
    assert_eq!(check_solution(&layout.try_into().unwrap()), Ok(()));
    // The browser suite checks that wasm gives this same run (tests/browser.rs).
    assert_eq!(report["generations"], 1921);
    let again = &json_lines(&puzzlelab(&["solve", "#/tiles264?seed=2"], None))[0];
    assert_eq!((&again["generations"], &again["solution"]), (&report["generations"], &report["solution"]));
    // Each new best, for the page to replay: scores falling to 0 at the last generation.
    let improvements = report["improvements"].as_array().unwrap();
    let scores: Vec<f64> = improvements.iter().map(|i| i["fitness"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[1] < w[0]), "{scores:?}");
    let last = improvements.last().unwrap();
    assert_eq!(
        (&last["attempt"], &last["genome"], scores[scores.len() - 1]),
        (&report["generations"], &report["solution"], 0.0)
    );

    let phrase = &json_lines(&puzzlelab(&["solve", "#/phrase?target=Hello%20world&seed=3"], None))[0];
    assert_eq!(phrase["solution"], "Hello world");
}

#[test]
fn the_queens_genetic_run_lists_each_new_best() {
    let report = &json_lines(&puzzlelab(&["solve", "#/queens?n=8&algo=genetic&seed=2"], None))[0];
    let improvements = report["improvements"].as_array().unwrap();
    let fitness: Vec<f64> = improvements.iter().map(|i| i["fitness"].as_f64().unwrap()).collect();
    assert_eq!(fitness, [25.0, 30.0, 31.0, 32.0], "rising to 4n = 32");
    assert_eq!(improvements.last().unwrap()["genome"], report["queens"]);
}

#[test]
fn queens_links_count_and_place() {
    let report = &json_lines(&puzzlelab(&["solve", "#/queens?n=10"], None))[0];
    assert_eq!((report["count"].as_u64(), report["count_up_to_symmetry"].as_u64()), (Some(724), Some(92)));
    let genetic = &json_lines(&puzzlelab(&["solve", "#/queens?n=8&algo=genetic&seed=1"], None))[0];
    let queens: Vec<[usize; 2]> = serde_json::from_value(genetic["queens"].clone()).unwrap();
    assert_eq!(queens.len(), 8);
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            let attack = a[0] == b[0] || a[1] == b[1] || a[0].abs_diff(b[0]) == a[1].abs_diff(b[1]);
            assert!(!attack, "{a:?} and {b:?} attack each other");
        }
    }
    let refused = puzzlelab(&["solve", "#/queens?n=14&algo=permutations"], None);
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn bench_runs_published_sets_against_their_optimal_lengths() {
    let out = puzzlelab(&["bench", "--count", "2", "korf100"], None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let summary = &json_lines(&out)[0];
    assert_eq!((summary["set"].as_str(), summary["algo"].as_str()), (Some("korf100"), Some("pdb")));
    assert_eq!((summary["runs"].as_u64(), summary["matches_published"].as_u64()), (Some(2), Some(2)));
    assert_eq!(summary["length"]["max"], 57.0, "Korf's first two take 57 and 55 moves");
    assert_eq!(summary["length_ratio"]["max"], 1.0);
    assert!(summary["nodes_per_s"].as_f64().unwrap() > 0.0);
    let boards: Vec<(u64, u64)> = summary["boards"]
        .as_array()
        .expect("each board's figures")
        .iter()
        .map(|board| (board["number"].as_u64().unwrap(), board["length"].as_u64().unwrap()))
        .collect();
    assert_eq!(boards, [(1, 57), (2, 55)]);

    let out = puzzlelab(&["bench", "--count", "1", "korf-felner50"], None);
    let summary = &json_lines(&out)[0];
    assert_eq!(summary["unsolved"].as_array().map(Vec::len), Some(0), "{summary}");
    // Budgets count positions, not time: the first board comes out at 105 moves (optimal 95)
    // on every machine.
    assert_eq!(summary["length"]["max"], 105.0, "{summary}");
    assert_eq!(summary["longer"], serde_json::json!([1]));
}

#[test]
fn link_prints_the_canonical_form_or_what_is_wrong() {
    let output = puzzlelab(&["link", "#/Hanoi?discs=4"], None);
    assert!(output.status.success());
    let canonical = json_lines(&output)[0]["link"].as_str().unwrap().to_string();
    assert!(canonical.starts_with("#/hanoi?discs=4&"), "{canonical}");
    let again = puzzlelab(&["link", &canonical], None);
    assert_eq!(json_lines(&again)[0]["link"], canonical.as_str(), "the canonical form reads as itself");
    for bad in ["#/hanoi?discs=99", "#/nosuch", "#/%zz"] {
        let output = puzzlelab(&["link", bad], None);
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(json_lines(&output)[0]["error"].as_str().is_some_and(|e| !e.is_empty()), "{bad}");
    }
}

/// Solves `link` and returns its one JSON answer.
fn solve_one(link: &str) -> Value {
    let out = puzzlelab(&["solve", link], None);
    json_lines(&out).remove(0)
}

#[test]
fn trace_1_records_every_event_and_changes_nothing() {
    // (link, whether each position keeps one parent: the goal's chain of parents is then
    // its path; a memoryless greedy or a depth-first search may reach a position again).
    for (link, one_parent) in [
        ("#/sliding?size=3&tiles=1,2,3,4,0,6,7,5,8&algo=bfs", true),
        ("#/sliding?size=3&seed=3&shuffle=20&algo=astar", true),
        ("#/sliding?size=3&seed=3&shuffle=20&algo=idastar", true),
        ("#/sliding?size=3&seed=2&shuffle=12&algo=greedy", false),
        ("#/sliding?size=3&seed=3&shuffle=12&algo=dfs&depth=14", false),
        ("#/hanoi?discs=4&pegs=4&algo=astar", true),
        ("#/jugs?algo=bfs", true),
        ("#/marbles?algo=bfs", true),
        ("#/golf-tee?algo=dfs", false),
        ("#/blocks?algo=bfs", true),
    ] {
        let plain = solve_one(link);
        let traced = solve_one(&format!("{link}&trace=1"));
        for field in ["moves", "expanded", "generated", "stored", "peak_frontier", "solved"] {
            assert_eq!(plain[field], traced[field], "{link}: trace=1 changes {field}");
        }
        assert!(plain.get("trace").is_none(), "{link}: no trace unless asked");
        let events = traced["trace"].as_array().unwrap_or_else(|| panic!("{link}: {traced}"));
        assert_eq!(traced["trace_cut"], false, "{link}");
        let count = |name: &str| events.iter().filter(|e| e["e"] == name).count() as u64;
        assert_eq!(count("expand"), traced["expanded"].as_u64().unwrap(), "{link}: expand events");
        assert_eq!(count("generate"), traced["generated"].as_u64().unwrap(), "{link}: generate events");
        // Ids come in the order positions are first generated, from the start's 0.
        let mut next_id = 1;
        for event in events.iter().filter(|e| e["e"] == "generate") {
            let node = event["node"].as_u64().unwrap();
            assert!(node <= next_id, "{link}: node {node} before {next_id}");
            next_id = next_id.max(node + 1);
        }
        let goal = events.last().unwrap();
        assert_eq!(goal["e"], "goal", "{link}: a solved search ends at its goal");
        if !one_parent {
            continue;
        }
        // The goal's chain of parents, from the last generate of each node that was kept,
        // spells the solution's moves.
        let mut reached = std::collections::HashMap::new();
        for pair in events.windows(2) {
            if pair[0]["e"] == "generate" && pair[1]["e"] != "duplicate" {
                reached.insert(pair[0]["node"].as_u64().unwrap(), &pair[0]);
            }
        }
        let mut node = goal["node"].as_u64().unwrap();
        let mut moves = Vec::new();
        while node != 0 && moves.len() <= events.len() {
            let event = reached[&node];
            moves.push(event["move"].clone());
            node = event["parent"].as_u64().unwrap();
        }
        moves.reverse();
        assert_eq!(Value::Array(moves), traced["moves"], "{link}: the goal's path");
    }
}

#[test]
fn trace_marks_prunes_and_iterations_and_says_when_it_was_cut() {
    let ida = solve_one("#/sliding?size=3&seed=3&shuffle=20&algo=idastar&trace=1");
    let events = ida["trace"].as_array().unwrap();
    let bounds: Vec<u64> =
        events.iter().filter(|e| e["e"] == "iteration").map(|e| e["bound"].as_u64().unwrap()).collect();
    assert!(bounds.len() >= 2 && bounds.windows(2).all(|w| w[0] < w[1]), "bounds rise: {bounds:?}");
    assert_eq!(
        *bounds.last().unwrap(),
        ida["length"].as_u64().unwrap(),
        "the last bound is the optimal length"
    );
    let prune = events.iter().find(|e| e["e"] == "prune").expect("IDA* prunes");
    assert!(prune["f"].as_u64() > prune["bound"].as_u64());
    let layers = ida["trace_layers"].as_array().unwrap();
    assert_eq!(layers.len(), bounds.len());
    assert_eq!(
        layers.iter().map(|l| l["expanded"].as_u64().unwrap()).sum::<u64>(),
        ida["expanded"].as_u64().unwrap()
    );

    let bfs = solve_one("#/sliding?size=3&seed=1&shuffle=30&algo=bfs&trace=1");
    assert_eq!(bfs["trace"].as_array().unwrap().len(), 250_000);
    assert_eq!(bfs["trace_cut"], true);
    let layers = bfs["trace_layers"].as_array().unwrap();
    let expanded: u64 = layers.iter().map(|l| l["expanded"].as_u64().unwrap()).sum();
    assert_eq!(expanded, bfs["expanded"].as_u64().unwrap(), "layers count to the end, past the cut");

    for (link, why) in [
        ("#/hanoi?discs=3&trace=2", "trace: must be 0 or 1"),
        ("#/tiles264?seed=2&trace=1", "records no trace"),
    ] {
        let out = puzzlelab(&["solve", link], None);
        assert_eq!(out.status.code(), Some(2), "{link}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(why),
            "{link}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn queens_placed_by_hand_are_judged_by_the_puzzles_own_rules() {
    for (placed, pairs, solved) in [
        ("r1c1,r2c3", 0, false),
        ("r1c1,r2c2,r8c8", 3, false),
        ("r1c4,r2c2,r3c7,r4c3,r5c6,r6c8,r7c5,r8c1", 0, true),
    ] {
        let answer = solve_one(&format!("#/queens?n=8&placed={placed}"));
        assert_eq!(answer["placed_attacking_pairs"], pairs, "{placed}");
        assert_eq!(answer["placed_solved"], solved, "{placed}");
    }
    assert!(solve_one("#/queens?n=8").get("placed_solved").is_none(), "only when queens are placed");
}

#[test]
fn queens_backtracking_traces_each_queen_placed_and_taken_back() {
    let plain = solve_one("#/queens?n=6&algo=backtracking");
    let traced = solve_one("#/queens?n=6&algo=backtracking&trace=1");
    for field in ["count", "expanded", "queens", "solutions"] {
        assert_eq!(plain[field], traced[field], "trace=1 changes {field}");
    }
    let events = traced["trace"].as_array().unwrap();
    let count = |name: &str| events.iter().filter(|e| e["e"] == name).count() as u64;
    assert_eq!(count("place"), traced["expanded"].as_u64().unwrap(), "a node is a queen placed");
    assert_eq!(count("place"), count("remove"), "every queen is taken back in the end");
    assert!(count("dead_end") > 0);
    // Replaying the events, the board never holds two queens that attack each other, and it
    // is full exactly as often as there are solutions.
    let mut board: Vec<(i64, i64)> = Vec::new();
    let mut full = 0;
    for event in events {
        let square = (event["row"].as_i64().unwrap_or(-1), event["col"].as_i64().unwrap_or(-1));
        match event["e"].as_str().unwrap() {
            "place" => {
                assert_eq!(square.0, board.len() as i64, "queens go row by row");
                assert!(board
                    .iter()
                    .all(|&(r, c)| c != square.1 && (r - square.0).abs() != (c - square.1).abs()));
                board.push(square);
                full += usize::from(board.len() == 6);
            }
            "remove" => assert_eq!(board.pop(), Some(square)),
            _ => {}
        }
    }
    assert_eq!(full as u64, traced["count"].as_u64().unwrap());
}

#[test]
fn sudoku_traces_assignments_eliminations_guesses_and_backtracks() {
    for link in ["#/sudoku?algo=propagate", "#/sudoku?grid=1...............&algo=backtrack"] {
        let plain = solve_one(link);
        let traced = solve_one(&format!("{link}&trace=1"));
        for field in ["moves", "solution", "assignments", "guesses", "backtracks"] {
            assert_eq!(plain[field], traced[field], "{link}: trace=1 changes {field}");
        }
        let events = traced["trace"].as_array().unwrap();
        let count = |name: &str, cause: Option<&str>| {
            let of_cause = |e: &&Value| cause.is_none_or(|c| e["cause"] != c);
            events.iter().filter(|e| e["e"] == name).filter(of_cause).count() as u64
        };
        assert_eq!(count("assign", Some("given")), traced["assignments"].as_u64().unwrap(), "{link}");
        assert_eq!(
            count("guess", None),
            traced["guesses"]["count"].as_u64().or(traced["guesses"].as_u64()).unwrap(),
            "{link}"
        );
        assert_eq!(count("backtrack", None), traced["backtracks"].as_u64().unwrap(), "{link}");
        assert_eq!(count("dead_end", None), traced["dead_ends"].as_u64().unwrap(), "{link}");
        // Replaying the assignments, guesses taken back undone, fills the solution's grid.
        let side = (traced["solution"].as_str().unwrap().len() as f64).sqrt() as usize;
        let mut grid = vec!['.'; side * side];
        let mut undo: Vec<Vec<char>> = Vec::new();
        for event in events {
            let cell = |e: &Value| {
                let name = e["cell"].as_str().unwrap();
                let (r, c) = name[1..].split_once('c').unwrap();
                (r.parse::<usize>().unwrap() - 1) * side + c.parse::<usize>().unwrap() - 1
            };
            match event["e"].as_str().unwrap() {
                "guess" => undo.push(grid.clone()),
                "assign" => {
                    grid[cell(event)] = char::from_digit(event["value"].as_u64().unwrap() as u32, 36).unwrap()
                }
                "backtrack" => grid = undo.pop().expect("a guess to take back"),
                _ => {}
            }
        }
        assert_eq!(grid.iter().collect::<String>(), traced["solution"].as_str().unwrap(), "{link}");
    }
}

#[test]
fn alphametics_columns_trace_letters_given_digits_and_guesses_taken_back() {
    let link = "#/alphametics?equation=SEND%20%2B%20MORE%20%3D%3D%20MONEY&algo=columns";
    let plain = solve_one(link);
    let traced = solve_one(&format!("{link}&trace=1"));
    for field in ["solutions", "assignments", "guesses", "backtracks"] {
        assert_eq!(plain[field], traced[field], "trace=1 changes {field}");
    }
    let events = traced["trace"].as_array().unwrap();
    let count = |name: &str| events.iter().filter(|e| e["e"] == name).count() as u64;
    assert_eq!(count("assign"), traced["assignments"].as_u64().unwrap());
    assert_eq!(count("guess"), traced["guesses"]["count"].as_u64().or(traced["guesses"].as_u64()).unwrap());
    assert_eq!(count("backtrack"), traced["backtracks"].as_u64().unwrap());
    assert_eq!(count("dead_end"), traced["dead_ends"].as_u64().unwrap());
    // Replayed with each guess undone when taken back, the letters reach the one solution.
    let solution = &traced["solutions"][0];
    let mut digits = serde_json::Map::new();
    let mut undo = Vec::new();
    let mut reached = false;
    for event in events {
        match event["e"].as_str().unwrap() {
            "guess" => undo.push(digits.clone()),
            "assign" => {
                digits.insert(event["cell"].as_str().unwrap().to_string(), event["value"].clone());
                reached |= Value::Object(digits.clone()) == *solution;
            }
            "backtrack" => digits = undo.pop().expect("a guess to take back"),
            "dead_end" => {}
            // The trace says so when it reaches the solution, and only then.
            "solution" => assert_eq!(Value::Object(digits.clone()), *solution),
            other => panic!("unexpected event {other}"),
        }
    }
    assert!(reached, "the trace reaches {solution}");
    assert_eq!(count("solution"), 1, "one solution, one event");
}

#[test]
fn a_race_lists_each_lane_ending_where_its_own_solve_ends() {
    let board = "#/sliding?size=3&seed=3&shuffle=20";
    let race = solve_one(&format!("{board}&race=bfs,astar,idastar"));
    assert_eq!(race["algorithm"], "race");
    assert_eq!(race["clock"], "expanded");
    assert_eq!(race["solved"], true);
    let lanes = race["race"].as_array().unwrap();
    assert_eq!(lanes.len(), 3);
    for (lane, algo) in lanes.iter().zip(["bfs", "astar", "idastar"]) {
        let alone = solve_one(&format!("{board}&algo={algo}"));
        assert_eq!(lane["algorithm"], algo);
        for field in ["solved", "length", "optimal", "expanded", "generated", "peak_frontier"] {
            assert_eq!(lane[field], alone[field], "{algo}: {field}");
        }
        assert_eq!(lane["finished_at"], alone["expanded"], "{algo}: the clock counts expansions");
    }
    // The race link keeps the puzzle (its seed too) and the race, not one lane's algorithm.
    let link = race["link"].as_str().unwrap();
    assert!(
        link.contains("seed=3") && link.contains("race=bfs,astar,idastar") && !link.contains("algo="),
        "{link}"
    );
}

#[test]
fn races_run_on_guesses_and_generations_and_stop_a_lane_at_the_limit() {
    let sudoku = solve_one("#/sudoku?race=propagate,backtrack&clock=guesses");
    let lanes = sudoku["race"].as_array().unwrap();
    let propagate = solve_one("#/sudoku?algo=propagate");
    let guesses = |r: &Value| r["guesses"]["count"].as_u64().or(r["guesses"].as_u64()).unwrap();
    assert_eq!(lanes[0]["finished_at"].as_u64(), Some(guesses(&propagate)));
    // Plain backtracking needs more than 250,000 guesses here: its lane stops there.
    assert_eq!(lanes[1]["finished_at"], Value::Null);
    assert_eq!(lanes[1]["stopped"], "passed 250000 guesses");
    assert_eq!(sudoku["solved"], false, "not every lane finished");
    let genetic = solve_one("#/queens?n=8&race=genetic,genetic&seeds=1,2&clock=generations");
    for (lane, seed) in genetic["race"].as_array().unwrap().iter().zip([1, 2]) {
        let alone = solve_one(&format!("#/queens?n=8&algo=genetic&seed={seed}"));
        assert_eq!(lane["seed"], seed);
        assert_eq!(lane["finished_at"], alone["generations"], "seed {seed}");
    }
}

#[test]
fn bad_races_are_refused_with_the_reason() {
    for (link, expected) in [
        ("#/sliding?size=3&race=bfs", "race: must name 2 to 4 algorithms"),
        ("#/sliding?size=3&race=bfs,astar&clock=seconds", "clock: must be expanded, generated"),
        ("#/queens?race=genetic,genetic&seeds=1&clock=generations", "seeds: gives 1 seeds for 2 lanes"),
        (
            "#/queens?race=genetic,genetic&seeds=1,9007199254740993&clock=generations",
            "seeds: '9007199254740993' is not a whole number from 0 to 9007199254740991",
        ),
        // Every lane starts from one position: seeds vary only what genetic runs draw.
        (
            "#/sliding?size=3&shuffle=20&race=bfs,astar&seeds=1,2",
            "seeds: only genetic runs draw from their seed",
        ),
        ("#/sliding?size=3&race=bfs,bfs", "race: lane 2 repeats lane 1 (bfs)"),
        (
            "#/queens?n=8&race=genetic,genetic&seeds=3,3&clock=generations",
            "repeats lane 1 (genetic) with the same seed",
        ),
        ("#/sliding?size=3&race=bfs,magic", "race: lane 2 (magic): algo:"),
        // A clock a lane does not count: refused from the link, before any lane runs.
        ("#/jugs?race=bfs,dfs&clock=guesses", "clock: lane 1 (bfs) does not count guesses"),
        (
            "#/sliding?size=3&race=bfs,astar&clock=generations",
            "clock: lane 1 (bfs) does not count generations",
        ),
        (
            "#/sudoku?race=propagate,backtrack&clock=generated",
            "clock: lane 1 (propagate) does not count generated",
        ),
        ("#/queens?n=8&race=genetic,genetic&seeds=1,2", "seeds: only genetic runs"),
        ("#/queens?n=8&race=backtracking,genetic", "race: lane 1 (backtracking) does not count expanded"),
        ("#/hanoi?discs=3&race=bfs,optimal", "race: lane 2 (optimal) does not count expanded"),
        ("#/mastermind?race=knuth,entropy", "race: lane 1 (knuth) does not count expanded"),
        ("#/tiles264?race=exact,genetic", "race: lane 1 (exact) does not count expanded"),
        (
            "#/tiles264?runs=3&race=genetic,genetic&seeds=1,2&clock=generations",
            "clock: lane 1 (genetic) does not count generations",
        ),
        // A lane's work is bounded: 100,000 generations of 100,000 would take hours.
        (
            "#/tiles264?population=100000&flip=0&exchange=0&race=genetic,genetic&seeds=1,2&clock=generations",
            "population: 100,000 generations of 100,000 individuals make 10,000,000,000, past a run's budget",
        ),
    ] {
        let error = refused(&["solve", link]);
        assert!(error.contains(expected), "{link}: {error}");
        assert_eq!(refused(&["link", link]), error, "link and solve refuse {link} alike");
    }
}

#[test]
fn every_lane_stops_at_the_limit_whatever_its_clock_counts() {
    // Breadth-first search needs 483,563 generated positions here: its lane stops at 250,000.
    let board = "#/sliding?size=3&tiles=8,6,7,2,5,4,3,0,1";
    let race = solve_one(&format!("{board}&race=bfs,astar&clock=generated"));
    let (bfs, astar) = (&race["race"][0], &race["race"][1]);
    assert_eq!(bfs["stopped"], "passed 250000 generated");
    assert_eq!(bfs["finished_at"], Value::Null);
    let generated = bfs["generated"].as_u64().unwrap();
    assert!((250_000..250_004).contains(&generated), "stopped as it passed the limit: {bfs}");
    let alone = solve_one(&format!("{board}&algo=astar"));
    assert_eq!(astar["finished_at"], alone["generated"], "A* finishes as it does alone");
    assert_eq!(astar["solved"], true);
    // Plain backtracking on Sudoku counts guesses as expanded nodes, and stops past 250,000.
    let race = solve_one("#/sudoku?race=propagate,backtrack");
    assert_eq!(race["race"][1]["stopped"], "passed 250000 expanded");
    // Genetic runs stop at the limit on generations, not at their own cap (200 million).
    let race = solve_one("#/queens?n=20&race=genetic,genetic&seeds=1,2&clock=generations");
    for lane in race["race"].as_array().unwrap() {
        assert_eq!(lane["stopped"], "passed 250000 generations", "{lane}");
        assert_eq!(lane["finished_at"], Value::Null);
    }
}

#[test]
fn a_refused_trace_is_refused_before_any_work() {
    // Counting 20 queens takes about an hour: the refusal must not wait for it.
    for (link, expected) in [
        ("#/queens?n=20&trace=1", "trace: queens backtracking records its placements up to n = 10"),
        ("#/queens?n=20&algo=genetic&trace=1", "trace: queens with algo=genetic records no trace"),
        ("#/tiles264?trace=1", "trace: tiles264 records no trace"),
        ("#/sliding?size=5&trace=1", "trace: sliding with algo=auto records no trace"),
    ] {
        let error = refused(&["solve", link]);
        assert!(error.starts_with(expected), "{link}: {error}");
    }
}

#[test]
fn in_a_batch_a_lesson_answers_on_one_line() {
    let input = "#/hanoi?discs=3\n#/lesson?example=search\n#/hanoi?discs=2\n";
    let out = puzzlelab(&["solve", "-"], Some(input));
    assert_eq!(out.status.code(), Some(0));
    let answers = json_lines(&out);
    assert_eq!(answers.len(), 3, "one object per input line");
    assert_eq!((answers[0]["length"].as_u64(), answers[2]["length"].as_u64()), (Some(7), Some(3)));
    assert_eq!(answers[1]["lesson"], "Uninformed vs informed search");
    let steps = json_lines(&puzzlelab(&["lesson", "#/lesson?example=search"], None))[0]["steps"].clone();
    let inside = answers[1]["answers"].as_array().unwrap();
    assert_eq!(inside.len(), steps.as_array().unwrap().len(), "each step's answer inside it");
    assert!(inside.iter().all(|a| a["solved"] == true || a["race"].is_array()));
    let address = answers[1]["link"].as_str().unwrap();
    assert_eq!(
        json_lines(&puzzlelab(&["lesson", address], None))[0]["steps"],
        steps,
        "the lesson's own link"
    );
}

/// A lesson link made by Python (`zlib.compressobj(9, zlib.DEFLATED, -15)`, base64url without
/// padding): "Constraints", Sudoku by propagation, then queens by backtracking.
const PYTHON_LESSON: &str = "#/lesson?data=TY2xCgIxEER_JaxgdSg2FsJxhT9gYScW8VxjSNiN2Y3Ncf9u7rBIN7wZ3kzwhZM5dAbUa8Sa4cwkmq0nFahcFJNUfpsgegrLYrOX8uRQBhsd9ylzss4qLmtiXSWXP_RM5uWz6A7mzrSKT0EkGag_blfNw46h3o7Bk2tN1zeSactqus8_";

#[test]
fn a_lesson_lists_its_steps_and_solves_each_in_order() {
    let out = puzzlelab(&["lesson", &format!("{PYTHON_LESSON}&step=2")], None);
    assert_eq!(out.status.code(), Some(0));
    let lesson = &json_lines(&out)[0];
    assert_eq!(lesson["title"], "Constraints");
    assert_eq!(lesson["step"], 2);
    let steps = lesson["steps"].as_array().unwrap();
    assert_eq!(steps[0]["link"], "#/sudoku?algo=propagate&pick=min", "links in canonical form");
    assert_eq!(steps[1]["note"], "Then backtracking.");
    let out = puzzlelab(&["solve", PYTHON_LESSON], None);
    assert_eq!(out.status.code(), Some(0));
    let answers = json_lines(&out);
    assert_eq!(answers.len(), 2, "one answer per step");
    assert_eq!(
        (answers[0]["puzzle"].as_str(), answers[1]["puzzle"].as_str()),
        (Some("sudoku"), Some("queens"))
    );
    assert_eq!(answers[1]["count"], 4, "six queens have four solutions");
}

#[test]
fn a_cut_or_bad_lesson_is_refused_with_the_reason() {
    let cut = &PYTHON_LESSON[..PYTHON_LESSON.len() - 12];
    for (link, expected) in [
        (cut.to_string(), "cut short"),
        (format!("{PYTHON_LESSON}&step=3"), "step: must be a step of the lesson, 1 to 2"),
        ("#/lesson".to_string(), "data: a lesson link needs data"),
        ("#/lesson?example=search&stepp=2".to_string(), "stepp: is not a parameter of 'lesson'"),
    ] {
        for command in ["lesson", "solve", "link"] {
            let error = refused(&[command, &link]);
            assert!(error.contains(expected), "{command} {link}: {error}");
        }
    }
}

#[test]
fn a_lesson_file_gives_its_link_and_the_examples_open_and_solve() {
    use puzzlelab::core::lesson::EXAMPLES;
    for (name, title) in EXAMPLES {
        let file = format!("src/core/lesson/examples/{name}.json");
        let out = puzzlelab(&["lesson", &file], None);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let from_file = &json_lines(&out)[0];
        assert_eq!(from_file["title"], title, "{file}");
        let out = puzzlelab(&["lesson", from_file["link"].as_str().unwrap()], None);
        assert_eq!(json_lines(&out)[0]["steps"], from_file["steps"], "{file}'s link holds the file's lesson");
        let example = format!("#/lesson?example={name}&step=2");
        let out = puzzlelab(&["lesson", &example], None);
        assert_eq!(json_lines(&out)[0]["steps"], from_file["steps"], "{example} is the file's lesson");
        assert_eq!(json_lines(&out)[0]["step"], 2);
        let out = puzzlelab(&["solve", &example], None);
        assert_eq!(out.status.code(), Some(0), "every step of {example} solves");
        let answers = json_lines(&out);
        assert_eq!(answers.len(), from_file["steps"].as_array().unwrap().len());
        for answer in &answers {
            let lanes = answer["race"].as_array().map_or(&[][..], Vec::as_slice);
            let solved = answer["solved"] == true || lanes.iter().any(|lane| lane["solved"] == true);
            assert!(solved, "{example}: {} was not solved", answer["link"]);
        }
    }
    for (link, address) in [
        ("#/lesson?example=search&step=2&presenter=1", "#/lesson?example=search&step=2"),
        ("#/lesson?example=search&step=1", "#/lesson?example=search"),
    ] {
        let out = puzzlelab(&["link", link], None);
        assert_eq!(json_lines(&out)[0]["link"], address, "the address the app writes for {link}");
    }
    let error = refused(&["lesson", "#/lesson?example=nope"]);
    assert!(error.contains("no example lesson 'nope' (there are search, constraints)"), "{error}");
    let bad = std::env::temp_dir().join("puzzlelab-bad-lesson.json");
    std::fs::write(&bad, r##"{"v": 1, "title": "T", "steps": [{"link": "#/hanoi?discs=99", "note": ""}]}"##)
        .unwrap();
    let error = refused(&["lesson", bad.to_str().unwrap()]);
    assert!(error.contains("steps[1].link: discs"), "{error}");
    // Sixty texts to classify: a lesson within every limit but its link's, refused where the
    // link would be made.
    let mut x: u64 = 1;
    let mut text = || -> String {
        (0..1_900)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                char::from(b" abcdefghijklmnopqrstuvwxyz"[(x >> 59) as usize % 27])
            })
            .collect()
    };
    let steps: Vec<Value> =
        (0..60).map(|_| serde_json::json!({ "link": format!("#/bayes?guess={}", text().replace(' ', "+")), "note": "" })).collect();
    let long = std::env::temp_dir().join("puzzlelab-long-lesson.json");
    std::fs::write(&long, serde_json::json!({ "v": 1, "title": "Sixty texts", "steps": steps }).to_string())
        .unwrap();
    let error = refused(&["lesson", long.to_str().unwrap()]);
    assert!(error.starts_with("link: this lesson's link would be "), "{error}");
}

#[test]
fn a_genetic_run_past_its_budget_is_refused_from_its_link_raced_or_not() {
    for (link, expected) in [
        (
            "#/tiles264?population=100000&generations=10000000",
            "generations: 10,000,000 generations of 100,000 individuals make 1,000,000,000,000, past a run's budget of 100,000,000",
        ),
        ("#/tiles264?runs=1000", "runs: 1000 runs of up to 100,000,000 individuals"),
    ] {
        let error = refused(&["solve", link]);
        assert!(error.contains(expected), "{link}: {error}");
        assert_eq!(refused(&["link", link]), error, "link and solve refuse {link} alike");
    }
    // The budgets fit the defaults and a documented many-run link.
    for link in
        ["#/tiles264", "#/tiles264?runs=50", "#/tiles264?algo=exact&population=100000&generations=10000000"]
    {
        assert!(puzzlelab(&["link", link], None).status.success(), "{link}");
    }
}
