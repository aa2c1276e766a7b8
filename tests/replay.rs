//! The Search view's replay of recorded searches (`core::replay`): the frontier it rebuilds
//! must be the one the algorithm really takes nodes from, at every expansion, for every
//! discipline; the path at the end must be the solution; constraint grids and queens' boards
//! must end as the solution and undo exactly what a backtrack takes back.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::core::job::{format_count, JobContext, Report};
use puzzlelab::core::link::{Link, LinkParams};
use puzzlelab::core::replay::{Direction, Replay, Seek};
use puzzlelab::core::search::Limits;
use puzzlelab::core::trace::{Event, Trace};
use puzzlelab::puzzles::sliding::domain::{Board, Dir};
use puzzlelab::puzzles::sliding::params::SlidingParams;
use puzzlelab::puzzles::sliding::picture::picture;
use puzzlelab::puzzles::{pictures, solve_link, solve_traced, Recorded};

fn traced(link: &str) -> (Report, Replay) {
    let (report, trace) = recorded(link);
    (report, Replay::new(trace))
}

fn recorded(link: &str) -> (Report, Trace) {
    let clock = || 0.0;
    let mut listener = |_: f64, _: &puzzlelab::core::job::Progress| true;
    let mut ctx = JobContext::new(Limits::default(), &clock, &mut listener);
    solve_traced(link, &mut ctx).unwrap_or_else(|e| panic!("{link}: {e}"))
}

/// Links of every search discipline (queue, stack, priority, IDA*'s path, hill climbing).
const SEARCHES: &[&str] = &[
    "#/sliding?size=3&seed=3&shuffle=20&algo=bfs",
    "#/sliding?size=3&seed=3&shuffle=20&algo=astar",
    "#/sliding?size=3&seed=3&shuffle=20&algo=idastar",
    "#/sliding?size=3&seed=2&shuffle=12&algo=greedy",
    "#/sliding?size=3&seed=3&shuffle=12&algo=dfs&depth=14",
    "#/hanoi?discs=4&pegs=4&algo=astar",
    "#/hanoi?discs=3&algo=naive",
    "#/jugs?algo=bfs",
    "#/jugs?algo=dfs",
    "#/marbles?algo=bfs",
    "#/golf-tee?algo=dfs",
    "#/blocks?algo=bfs",
];

#[test]
fn the_frontier_rebuilt_is_the_one_the_search_takes_from() {
    for link in SEARCHES {
        let (_, replay) = traced(link);
        let stops = replay.expansion_stops().to_vec();
        assert!(!stops.is_empty(), "{link}: no expansions");
        let astar = link.contains("algo=astar");
        for (k, &stop) in stops.iter().enumerate() {
            let taken = match replay.event(stop) {
                Some(Event::Expand { node, .. } | Event::Goal { node }) => *node,
                other => panic!("{link}: stop {stop} is {other:?}"),
            };
            let frame = replay.frame(stop, false);
            assert_eq!(frame.next, Some(taken), "{link}: next at stop {stop}");
            if k == 0 {
                continue; // the start was never generated
            }
            let frontier = replay.frontier_at(stop);
            let new_iteration = matches!(replay.event(stop - 1), Some(Event::Iteration { .. }));
            if link.contains("idastar") && new_iteration {
                assert_eq!(taken, 0, "{link}: each iteration starts from the start");
            } else if link.contains("idastar") {
                // IDA* keeps its path: the node taken is the one just generated, on top of it.
                assert_eq!(frontier.last().map(|w| w.node), Some(taken), "{link}: IDA* path at {stop}");
            } else {
                assert_eq!(frontier.first().map(|w| w.node), Some(taken), "{link}: first row at {stop}");
            }
            if astar {
                let f = frontier.first().map(|w| w.f).unwrap();
                assert!(frontier.iter().all(|w| w.f >= f), "{link}: a smaller f waits at {stop}");
            }
        }
    }
}

#[test]
fn the_path_at_the_end_is_the_solution_and_the_counters_match() {
    for link in SEARCHES {
        let (report, replay) = traced(link);
        let end = replay.frame(replay.len(), false);
        assert_eq!(end.path, report.moves, "{link}: path to the goal");
        assert!(
            end.markup.contains(&format!("({} moves): {}", report.moves.len(), report.moves.join(" "))),
            "{link}"
        );
        assert!(end.said.contains("goal"), "{link}: {}", end.said);
        assert!(end.markup.contains(&format!("<b>{}</b> expanded", format_count(report.expanded))), "{link}");
        assert!(
            end.markup.contains(&format!("<b>{}</b> generated", format_count(report.generated))),
            "{link}"
        );
    }
}

#[test]
fn steps_go_forwards_and_back_to_the_same_moments() {
    let (_, replay) = traced("#/sliding?size=3&seed=3&shuffle=20&algo=bfs");
    let len = replay.len();
    assert_eq!(replay.seek(0, Seek::Start), 0);
    assert_eq!(replay.seek(0, Seek::End), len);
    // One event a step, a position found again too: the counter numbers every moment shown.
    let mut found_again = 0;
    for t in 0..200 {
        assert_eq!(replay.seek(t, Seek::Event(Direction::Forward)), t + 1, "at {t}");
        assert_eq!(replay.seek(t + 1, Seek::Event(Direction::Back)), t, "back from {}", t + 1);
        if let Some(Event::Duplicate { node }) = replay.event(t + 1) {
            found_again += 1;
            let generated = replay.frame(t + 1, false).said;
            assert!(generated.contains(&format!("the position of node {node}, seen before")), "{generated}");
        }
    }
    assert!(found_again > 0, "the first 200 events find a position again");
    assert_eq!(replay.seek(0, Seek::Event(Direction::Back)), 0);
    let mut t = 0;
    let mut forward = Vec::new();
    while t < len {
        t = replay.seek(t, Seek::Expansion(Direction::Forward));
        forward.push(t);
    }
    let mut back = Vec::new();
    while t > 0 {
        t = replay.seek(t, Seek::Expansion(Direction::Back));
        back.push(t);
    }
    back.reverse();
    assert_eq!(&forward[..forward.len() - 1], &back[1..], "expansion stops are the same both ways");
    // A layer of breadth-first search is a depth: its stops see g rise by one.
    let mut t = 0;
    let mut depths = Vec::new();
    while t < len {
        t = replay.seek(t, Seek::Layer(Direction::Forward));
        if let Some(Event::Expand { g, .. }) = replay.event(t) {
            depths.push(*g);
        }
    }
    assert_eq!(depths, (1..=depths.len() as u32).collect::<Vec<_>>());
    assert_eq!(Seek::parse("layer-", 0), Ok(Seek::Layer(Direction::Back)));
    assert_eq!(Seek::parse("at", 12), Ok(Seek::At(12)));
    assert!(Seek::parse("sideways", 0).is_err());
}

#[test]
fn a_layer_of_a_star_is_a_contour_of_larger_f() {
    let (report, replay) = traced("#/sliding?size=3&seed=3&shuffle=20&algo=astar");
    let mut t = 0;
    let mut contours = Vec::new();
    while t < replay.len() {
        t = replay.seek(t, Seek::Layer(Direction::Forward));
        if let Some(Event::Expand { g, h, .. }) = replay.event(t) {
            contours.push(g + h);
        }
    }
    assert!(contours.len() > 1, "A* on this board passes more than one f: {contours:?}");
    assert!(contours.windows(2).all(|pair| pair[0] < pair[1]), "f rises at each stop: {contours:?}");
    // A consistent heuristic: the last contour is the optimal length.
    assert_eq!(contours.last().copied(), Some(report.length as u32));
}

#[test]
fn snapshots_within_any_budget_show_what_the_events_from_the_start_show() {
    for link in ["#/sliding?size=3&seed=3&shuffle=20&algo=bfs", "#/sudoku?algo=propagate", "#/queens?n=8"] {
        let (_, trace) = recorded(link);
        // Budget 0 keeps the start alone: every moment is rebuilt from the first event.
        let from_start = Replay::within(trace.clone(), 0);
        // (Its weight: the state, and the start waiting in a search's frontier or the clues.)
        assert!(from_start.snapshot_weight() < 100, "{link}: {}", from_start.snapshot_weight());
        let snapshotted = Replay::new(trace.clone());
        let small = Replay::within(trace, 3_000);
        assert!(small.snapshot_weight() <= 3_000, "{link}: {}", small.snapshot_weight());
        let len = from_start.len();
        for t in (0..=len).step_by((len as usize / 37).max(1)).chain([len / 2 + 7, len]) {
            let expected = from_start.frame(t, false);
            assert_eq!(snapshotted.frame(t, false), expected, "{link} at {t}");
            assert_eq!(small.frame(t, false), expected, "{link} at {t}, small budget");
        }
        let moments: Vec<u32> = (0..=len).step_by(97).collect();
        let along = small.counters_along(&moments);
        for (summary, &t) in along.iter().zip(&moments) {
            let at = from_start.summary(t);
            assert_eq!(
                (summary.expanded, summary.generated, summary.frontier),
                (at.expanded, at.generated, at.frontier)
            );
            assert_eq!((summary.guesses, summary.backtracks), (at.guesses, at.backtracks), "{link} at {t}");
        }
    }
}

#[test]
fn a_search_recorded_for_a_view_stops_at_the_cut() {
    // The hardest 8-puzzle: breadth-first search expands every position, far past the cut.
    let link = "#/sliding?size=3&tiles=8,6,7,2,5,4,3,0,1&algo=bfs";
    let clock = || 0.0;
    let mut listener = |_: f64, _: &puzzlelab::core::job::Progress| true;
    let limits = Limits { stop_at_cut: true, ..Limits::default() };
    let (viewed, trace) = solve_traced(link, &mut JobContext::new(limits, &clock, &mut listener)).unwrap();
    assert_eq!(viewed.stopped.as_deref(), Some("recorded"));
    assert!(trace.cut);
    assert_eq!(trace.events.len(), puzzlelab::core::trace::MAX_EVENTS);
    // The CLI's trace goes on to the end, with the same first events.
    let (whole, whole_trace) = recorded(link);
    assert!(whole.solved && whole.expanded > viewed.expanded, "{} > {}", whole.expanded, viewed.expanded);
    assert_eq!(whole_trace.events, trace.events);
}

#[test]
fn a_deep_search_draws_a_bounded_number_of_rows_by_depth() {
    let (report, replay) = traced("#/sliding?size=3&seed=3&shuffle=20&algo=dfs");
    assert!(report.length > 1_000, "an unlimited depth-first search goes deep: {}", report.length);
    let markup = replay.frame(replay.len(), false).markup;
    let rows = markup.matches("class=\"depth\"").count();
    assert!((1..=puzzlelab::core::replay::MAX_DEPTH_ROWS).contains(&rows), "{rows} rows");
    assert!(markup.contains("0–"), "rows are bands of depths");
}

#[test]
fn predict_mode_hides_the_next_node_and_explains_a_miss() {
    let (_, replay) = traced("#/sliding?size=3&seed=3&shuffle=20&algo=astar");
    let stop = replay.expansion_stops()[3];
    let shown = replay.frame(stop, false);
    let hidden = replay.frame(stop, true);
    assert!(shown.markup.contains("class=\"next\""));
    assert!(!hidden.markup.contains("class=\"next\""), "predict mode gives the answer away");
    assert!(hidden.markup.contains("data-miss=\""), "a wrong pick has its reason");
    assert!(hidden.markup.contains("It takes the smallest f") || hidden.markup.contains("ties go to"));
}

/// The frontier rows' node numbers, top to bottom (predict mode's cards, in their order).
fn row_nodes(markup: &str) -> Vec<u32> {
    let row = if markup.contains("predict-cards") { "<li data-node=\"" } else { "<tr data-node=\"" };
    markup.split(row).skip(1).map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap()).collect()
}

#[test]
fn predict_mode_asks_in_an_order_that_is_not_the_answer() {
    for link in
        ["#/sliding?size=3&seed=1&shuffle=30&algo=astar", "#/sliding?size=3&seed=1&shuffle=30&algo=bfs"]
    {
        let (_, replay) = traced(link);
        let (mut questions, mut answer_on_top) = (0, 0);
        for &stop in replay.expansion_stops().iter().take(200) {
            let (shown, asked) = (replay.frame(stop, false), replay.frame(stop, true));
            let (in_order, candidates) = (row_nodes(&shown.markup), row_nodes(&asked.markup));
            let mut sorted = candidates.clone();
            sorted.sort_unstable();
            // The first eight waiting nodes in the search's order (the answer among them).
            let mut expected: Vec<u32> = in_order.iter().copied().take(8).collect();
            expected.sort_unstable();
            assert_eq!(sorted, expected, "{link} at {stop}: the same candidates");
            assert!(candidates.contains(&asked.next.unwrap()), "{link} at {stop}: the answer is offered");
            let caption = &asked.markup
                [asked.markup.find("<figcaption>").unwrap()..asked.markup.find("</figcaption>").unwrap()];
            assert!(
                caption.contains("shuffled") && !caption.contains("first"),
                "the rule comes after: {caption}"
            );
            if candidates.len() > 1 {
                questions += 1;
                answer_on_top += usize::from(candidates[0] == asked.next.unwrap());
            }
            assert_eq!(asked, replay.frame(stop, true), "the same order every time");
        }
        assert!(questions > 50, "{link}: {questions}");
        assert!(
            answer_on_top * 3 < questions,
            "{link}: the answer on top {answer_on_top} times of {questions}"
        );
    }
}

#[test]
fn a_sudoku_grid_ends_solved_and_a_backtrack_undoes_its_guess() {
    let (report, replay) = traced("#/sudoku?algo=propagate");
    let end = replay.frame(replay.len(), false);
    assert!(!end.board, "the grid is in the markup");
    assert!(!end.markup.contains("class=\"open"), "every cell is filled at the end");
    assert!(report.solved);
    // Just after a backtrack the grid is as it was just before its guess.
    let (guess, back) = {
        let mut open = Vec::new();
        let mut pair = None;
        for i in 0..replay.len() {
            match replay.event(i) {
                Some(Event::Guess { .. }) => open.push(i),
                Some(Event::Backtrack { .. }) => {
                    pair = Some((open.pop().unwrap(), i));
                    break;
                }
                _ => {}
            }
        }
        pair.expect("the hardest puzzle needs a backtrack")
    };
    assert_eq!(
        strip_counts(&replay.frame(guess, false).markup),
        strip_counts(&replay.frame(back + 1, false).markup)
    );
}

/// The markup without its counters line.
fn strip_counts(markup: &str) -> &str {
    &markup[markup.find("</p>").unwrap()..]
}

#[test]
fn queens_count_their_solutions_and_show_each_board() {
    let (report, replay) = traced("#/queens?n=6&algo=backtracking");
    let end = replay.frame(replay.len(), false);
    assert!(
        end.markup.contains(&format!("<b>{}</b> solutions found", format_count(report.count.unwrap()))),
        "{}",
        end.markup
    );
    let first = (1..=replay.len()).find(|&t| replay.frame(t, false).markup.contains("a solution")).unwrap();
    let solved = replay.frame(first, false);
    assert_eq!(solved.markup.matches('♛').count(), 6);
    assert!(solved.markup.contains("<b>1</b> solution found"), "one solution, in the singular");
    let removed = (0..replay.len()).find(|&i| matches!(replay.event(i), Some(Event::Remove { .. }))).unwrap();
    assert!(replay.frame(removed + 1, false).markup.contains('✕'));
}

#[test]
fn each_frontier_row_of_the_8_puzzle_shows_its_board() {
    let link = "#/sliding?size=3&seed=3&shuffle=20&algo=astar";
    let (_, replay) = traced(link);
    let replay = replay.with_pictures(pictures(link));
    let start: Board = SlidingParams::from_link(&Link::parse(link).unwrap()).0.current();
    for &stop in &replay.expansion_stops()[1..8] {
        let markup = replay.frame(stop, false).markup;
        let row = &markup[markup.find("class=\"next\"").expect("the next row is marked")..];
        let shown = &row[row.find("<svg").unwrap()..row.find("</svg>").unwrap() + 6];
        // The board the next expansion puts on the page, drawn the same way.
        let path = replay.frame(stop + 1, false).path;
        let board = path.iter().try_fold(start.clone(), |b, m| b.apply(Dir::parse(m)?)).unwrap();
        assert_eq!(shown, picture(&board), "{link}: the next row's board at {stop}");
    }
}

fn quietly<T>(run: impl FnOnce(&mut JobContext) -> T) -> T {
    let clock = || 0.0;
    let mut listener = |_: f64, _: &puzzlelab::core::job::Progress| true;
    run(&mut JobContext::new(Limits::default(), &clock, &mut listener))
}

#[test]
fn a_race_from_the_goal_says_so_instead_of_comparing_nothing() {
    let race =
        quietly(|ctx| Recorded::record("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0&race=bfs,astar", ctx))
            .unwrap();
    let end = race.frame(0, Seek::End, false);
    assert!(end.said.contains("The start is already the goal"), "{}", end.said);
    assert!(!end.said.contains("times as many"), "{}", end.said);
}

#[test]
fn a_lane_that_ended_keeps_its_counters_to_the_end_of_the_race() {
    let race =
        quietly(|ctx| Recorded::record("#/sudoku?race=propagate,backtrack&clock=guesses", ctx)).unwrap();
    let end = race.frame(0, Seek::End, false);
    let propagation = &end.markup[..end.markup.find("Lane 2").unwrap()];
    assert!(propagation.contains("done at"), "{propagation}");
    assert!(
        propagation.contains("taken back <b>") && !propagation.contains("taken back <b>—"),
        "{propagation}"
    );
}

#[test]
fn a_race_replays_every_lane_on_one_clock_to_its_own_end() {
    let board = "#/sliding?size=3&seed=3&shuffle=20";
    let race = quietly(|ctx| Recorded::record(&format!("{board}&race=bfs,astar,idastar"), ctx)).unwrap();
    let alone: Vec<Report> = ["bfs", "astar", "idastar"]
        .iter()
        .map(|a| quietly(|ctx| solve_link(&format!("{board}&algo={a}"), ctx)).unwrap())
        .collect();
    let last = alone.iter().map(|r| r.expanded).max().unwrap() as u32;
    let end = race.frame(0, Seek::End, false);
    assert_eq!(end.len, last, "the race lasts as long as its slowest lane");
    for report in &alone {
        assert!(
            end.markup
                .contains(&format!("done at {} expanded: 18 moves, shortest", format_count(report.expanded))),
            "{}",
            report.algorithm
        );
    }
    // At tick 100 every lane has expanded 100 nodes, or ended sooner.
    let at_100 = race.frame(100, Seek::At(100), false);
    for report in &alone {
        assert!(
            at_100.markup.contains(&format!("expanded <b>{}</b>", report.expanded.min(100))),
            "{}",
            report.algorithm
        );
    }
    // At the end the race names its winner and how much more work the others did, to scale,
    // each algorithm by its name in the menu.
    assert!(end.said.contains("IDA*, Manhattan + linear conflicts finished first"), "{}", end.said);
    let times = alone[0].expanded as f64 / alone[2].expanded as f64;
    let times = format_count(times.round() as u64);
    assert!(end.said.contains(&format!("Breadth-first needed {times} times as many")), "{}", end.said);
    assert!(end.markup.contains("<h3>2 A* with Manhattan distance</h3>"), "{}", end.markup);
    // Breadth-first finds its goal as it generates it: its last tick shows the goal, 18 deep.
    let bfs = &end.markup[..end.markup.find("Lane 2").unwrap()];
    assert!(bfs.contains("depth <b>18</b>"), "{bfs}");
    assert!(end.markup.contains("width: 100.0%") && end.markup.contains(", to scale"));
    // The layer step goes to the next lane's end.
    let first_end = alone.iter().map(|r| r.expanded).min().unwrap() as u32;
    assert_eq!(race.frame(0, Seek::Layer(Direction::Forward), false).t, first_end);
    let csv = race.csv().unwrap();
    assert!(csv.starts_with("tick,lane,algorithm,expanded,generated,frontier,guesses,ended\n"));
    assert!(
        csv.lines().any(|l| l.starts_with(&format!("{last},2,astar,{},", alone[1].expanded))),
        "the last tick lists each lane's end"
    );
}

#[test]
fn a_lane_stopped_by_the_limit_ends_where_it_stopped_and_a_cut_lane_says_so() {
    // Genetic lanes stopped by the limit: they end at the generations they made, not at tick 0.
    let link = "#/queens?n=20&race=genetic,genetic&seeds=1,2&clock=generations";
    let race = quietly(|ctx| Recorded::record(link, ctx)).unwrap();
    let end = race.frame(0, Seek::End, false);
    assert!(end.len > 250_000, "{}", end.len);
    let stopped = "stopped by the race's limit (250,000 generations)";
    assert_eq!(end.markup.matches(stopped).count(), 2);
    assert!(
        end.markup.contains("(seed 1)</h3>") && end.markup.contains("(seed 2)</h3>"),
        "lanes named by their seeds"
    );
    assert!(race.frame(1, Seek::At(1), false).markup.contains("running…"));
    // A breadth-first lane on the hardest 8-puzzle finishes past its recording's 250,000 events.
    let link = "#/sliding?size=3&tiles=8,6,7,2,5,4,3,0,1&race=bfs,idastar";
    let race = quietly(|ctx| Recorded::record(link, ctx)).unwrap();
    let end = race.frame(0, Seek::End, false);
    let bfs = &end.markup[..end.markup.find("Lane 2").unwrap()];
    assert!(bfs.contains("done at ") && bfs.contains("; its replay ends at "), "{bfs}");
    assert!(!bfs.contains("time on its own") || bfs.contains("done at "), "a lane's time once it has ended");
    let past_the_recording = race.frame(end.len - 1, Seek::At(end.len - 1), false);
    let bfs = &past_the_recording.markup[..past_the_recording.markup.find("Lane 2").unwrap()];
    assert!(bfs.contains("running; its replay ends at "), "{bfs}");
    assert!(!bfs.contains("time on its own"), "a running lane has no time yet: {bfs}");
    // Past its recording, the bar and the clock's count agree.
    let count = format!("expanded <b>{}</b>", format_count(u64::from(end.len - 1)));
    assert!(bfs.contains(&count), "{count} in {bfs}");
}

/// Replays a Sudoku trace's own events, apart from `core::replay`: at every `single` the cell
/// has exactly that value left, at every `hidden` the value has one place left in a row,
/// column or box, and no value is given to a cell twice outside a guess taken back.
fn check_sudoku_trace(link: &str) {
    let (_, trace) = recorded(link);
    let side = 9usize;
    let cell_of = |name: &str| {
        let (row, col) = name.strip_prefix('r').unwrap().split_once('c').unwrap();
        (row.parse::<usize>().unwrap() - 1) * side + col.parse::<usize>().unwrap() - 1
    };
    let units: Vec<Vec<usize>> = (0..side)
        .flat_map(|i| {
            let row = (0..side).map(move |c| i * side + c).collect::<Vec<_>>();
            let col = (0..side).map(move |r| r * side + i).collect::<Vec<_>>();
            let (br, bc) = (i / 3 * 3, i % 3 * 3);
            let boxed = (0..side).map(move |k| (br + k / 3) * side + bc + k % 3).collect::<Vec<_>>();
            [row, col, boxed]
        })
        .collect();
    let (mut values, mut struck) = (vec![0u32; side * side], vec![0u32; side * side]);
    let mut saved = Vec::new();
    let left = |struck: &[u32], values: &[u32], cell: usize| -> Vec<u32> {
        (1..=side as u32).filter(|v| values[cell] == 0 && struck[cell] & (1 << v) == 0).collect()
    };
    let (mut singles, mut hiddens, mut solutions) = (0, 0, 0u32);
    for (i, event) in trace.events.iter().enumerate() {
        match event {
            Event::Assign { cell, value, cause } => {
                let at = cell_of(cell);
                match cause.as_str() {
                    "single" => {
                        singles += 1;
                        assert_eq!(
                            left(&struck, &values, at),
                            [*value],
                            "{link}: event {i}, {cell} = {value}"
                        );
                    }
                    "hidden" => {
                        hiddens += 1;
                        let only_place = units.iter().filter(|u| u.contains(&at)).any(|unit| {
                            let places: Vec<usize> = unit
                                .iter()
                                .copied()
                                .filter(|&c| left(&struck, &values, c).contains(value))
                                .collect();
                            places == [at]
                        });
                        assert!(
                            only_place,
                            "{link}: event {i}, {cell} = {value} is not the value's only place"
                        );
                    }
                    _ => {}
                }
                assert_eq!(values[at], 0, "{link}: event {i}, {cell} given a value twice");
                values[at] = *value;
            }
            Event::Eliminate { cell, value, .. } => struck[cell_of(cell)] |= 1 << value,
            Event::Guess { .. } => saved.push((values.clone(), struck.clone())),
            Event::Backtrack { .. } => (values, struck) = saved.pop().expect("a guess to take back"),
            Event::Solution => {
                assert!(values.iter().all(|&v| v != 0), "{link}: event {i}, a solution with open cells");
                solutions += 1;
            }
            _ => {}
        }
    }
    assert!(singles + hiddens > 0, "{link}: the rules placed nothing");
    assert_eq!(solutions, u32::from(!trace.cut), "{link}: the solution is an event");
}

/// The (letter, digit) pairs an alphametic's picture draws, in order ('·': no digit yet).
fn drawn_letters(markup: &str) -> Vec<(char, char)> {
    let picture = markup.split("</figure>").next().unwrap_or_default();
    picture
        .split("<span class=\"letter\">")
        .skip(1)
        .map(|cell| {
            let letter = cell.chars().next().unwrap();
            let digit = cell.split("class=\"digit\"").nth(1).unwrap().split('>').nth(1).unwrap();
            (letter, digit.chars().next().unwrap())
        })
        .collect()
}

#[test]
fn an_alphametics_view_draws_the_letters_digits_of_each_moment_and_no_digit_twice() {
    let link = "#/alphametics?equation=SEND%20%2B%20MORE%20%3D%3D%20MONEY&algo=columns";
    let (report, trace) = recorded(link);
    assert_eq!(report.count, Some(1));
    let solutions = trace.events.iter().filter(|e| matches!(e, Event::Solution)).count();
    assert_eq!(solutions, 1, "the solution is an event");
    let replay = Replay::new(trace).with_pictures(pictures(link));
    let mut digits: std::collections::BTreeMap<String, u32> = Default::default();
    let mut branches: Vec<Vec<String>> = vec![Vec::new()];
    for t in 0..=replay.len() {
        let frame = replay.frame(t, false);
        assert!(!frame.markup.contains("search-grid"), "t={t}: an alphametic has no grid");
        let drawn = drawn_letters(&frame.markup);
        assert_eq!(drawn.len(), "SENDMOREMONEY".len(), "t={t}: every letter of the sum is drawn");
        if t == replay.len() {
            // The end, every choice taken back, draws the solution found: 9567 + 1085 = 10652.
            let sum: String = drawn.iter().map(|(_, digit)| digit).collect();
            assert_eq!(sum, "9567108510652", "the end shows the solution");
            continue;
        }
        for (letter, digit) in &drawn {
            let expected =
                digits.get(&letter.to_string()).map_or('·', |d| char::from_digit(*d, 10).unwrap());
            assert_eq!(*digit, expected, "t={t}: {letter} as the events so far give it");
        }
        let mut held: Vec<u32> = digits.values().copied().collect();
        held.sort();
        held.dedup();
        assert_eq!(held.len(), digits.len(), "t={t}: two letters share a digit: {digits:?}");
        match replay.event(t) {
            Some(Event::Assign { cell, value, cause }) => {
                if cause == "guess" {
                    branches.push(Vec::new());
                }
                digits.insert(cell.clone(), *value);
                branches.last_mut().unwrap().push(cell.clone());
            }
            Some(Event::Backtrack { .. }) => {
                for letter in branches.pop().unwrap() {
                    digits.remove(&letter);
                }
            }
            Some(Event::Solution) => {
                let markup = replay.frame(t + 1, false);
                assert!(markup.said.starts_with("A solution"));
                let drawn: String = drawn_letters(&markup.markup).iter().map(|&(_, d)| d).collect();
                assert_eq!(drawn, "9567108510652");
                assert!(
                    markup.markup.contains("<td>1</td><td>0</td><td>1</td><td>1</td><td></td>"),
                    "carries"
                );
            }
            _ => {}
        }
    }
}

#[test]
fn every_single_and_hidden_of_a_sudoku_trace_is_justified_by_the_events_before_it() {
    check_sudoku_trace("#/sudoku?algo=propagate");
    for grid in include_str!("data/sudoku/top95.txt").lines().take(12) {
        check_sudoku_trace(&format!("#/sudoku?grid={}&algo=propagate", grid.trim()));
    }
}

#[test]
fn a_search_for_every_solution_stops_at_each_on_the_way() {
    let (_, replay) = traced("#/alphametics?algo=columns");
    let mut t = 0;
    let mut stops = Vec::new();
    while t < replay.len() {
        t = replay.seek(t, Seek::Layer(Direction::Forward));
        stops.push(replay.frame(t, false).said);
    }
    assert!(stops.iter().any(|said| said.starts_with("A solution")), "{stops:?}");
    let end = replay.frame(replay.len(), false).said;
    assert_eq!(
        end,
        "The search is over: every possibility has been tried, and 1 solution found, shown here."
    );
    // The end draws the solution, not the letters every choice was taken back from.
    let drawn = replay.frame(replay.len(), false).markup;
    assert!(drawn.contains("<b>8</b> assigned"), "SEND + MORE = MONEY's eight letters: {drawn}");
    let (_, queens) = traced("#/queens?n=6&algo=backtracking");
    let end = queens.frame(queens.len(), false);
    assert!(end.said.ends_with("and 4 solutions found; the last is shown."), "{}", end.said);
    assert!(end.markup.contains("<b>6</b> queens on the board"), "{}", end.markup);
    assert!(!end.markup.contains("class=\"removed\""), "no queen of the solution marked taken off");
}

#[test]
fn moment_zero_says_what_each_kind_of_trace_starts_from() {
    for (link, start, counted) in [
        ("#/sliding?size=3&seed=3&shuffle=12&algo=bfs", "the start is the only node", "expanded"),
        ("#/sudoku?algo=propagate", "the puzzle's clues are on the grid", "assigned"),
        ("#/alphametics?algo=columns", "no letter has a digit", "assigned"),
        ("#/queens?n=6&algo=backtracking", "the board is empty", "queens on the board"),
    ] {
        let (_, replay) = traced(link);
        let frame = replay.frame(0, false);
        assert!(frame.said.contains(start), "{link}: {}", frame.said);
        // A puzzle's clues are on its grid at moment 0 (the Sudoku's 26 read by its first events).
        let clues = (0..replay.len())
            .map_while(|i| {
                matches!(replay.event(i), Some(Event::Assign { cause, .. }) if cause == "given").then_some(())
            })
            .count();
        assert_eq!(clues > 0, link.starts_with("#/sudoku"), "{link}");
        assert!(frame.markup.contains(&format!("<b>{clues}</b> {counted}")), "{link}: {}", frame.markup);
        assert_eq!(
            frame.markup.matches("<td class=\"cause-given").count(),
            clues,
            "{link}: every clue drawn"
        );
        if clues > 0 {
            let first_stop = replay.seek(0, Seek::Expansion(Direction::Forward));
            assert!(
                first_stop > clues as u32,
                "] stops at a value the solver gives, not a clue: {first_stop}"
            );
            assert!(!frame.markup.contains("only place left"), "the legend keeps to the causes of this run");
            let at = replay.seek(0, Seek::Layer(Direction::Forward));
            let guess = replay.frame(at, false);
            assert!(guess.said.starts_with("A choice point"), "}} shows the guess itself: {}", guess.said);
            // The counter counts the guess once its value is drawn, at the next moment.
            let guesses = |markup: &str| markup.contains("<b>1</b> guess<");
            assert!(!guesses(&guess.markup), "{link}: no guess counted before it is drawn");
            assert!(guesses(&replay.frame(at + 1, false).markup), "{link}: the guess drawn and counted");
        }
    }
}
