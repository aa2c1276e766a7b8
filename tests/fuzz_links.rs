//! Fuzzing the share-link codec and every puzzle's parameters with thousands of mutated links
//! (random keys and values, duplicates, percent-escapes, huge numbers, non-ASCII, truncation).
//! What must hold for every one of them:
//! - nothing panics;
//! - every refusal names a parameter of the link (or `link` itself) and a reason;
//! - every accepted link reads back to a canonical link that reads again without a problem
//!   and to itself (the canonical form is a fixed point).
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::core::link::{Link, LinkError, MAX_LINK_BYTES};
use puzzlelab::core::seed::{SeededRng, Stream};
use puzzlelab::puzzles::{find, read_link, PUZZLES};
use std::time::Instant;

/// Mutated links per run: enough to reach every kind of mutation many times over, few
/// enough for every CI run.
const CASES: usize = 6_000;

/// Keys the puzzles read, plus a few they do not.
const KEYS: &[&str] = &[
    "discs",
    "pegs",
    "state",
    "goal",
    "moves",
    "algo",
    "seed",
    "step",
    "size",
    "tiles",
    "shuffle",
    "depth",
    "n",
    "first",
    "population",
    "keep",
    "flip",
    "exchange",
    "generations",
    "runs",
    "rng",
    "target",
    "v",
    "colour",
    "",
    "%",
    "a=b",
];

/// Values that have broken parsers before: edges of ranges, huge and negative numbers, lists
/// gone wrong, escapes, non-ASCII.
const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "17",
    "20",
    "21",
    "-1",
    "99999999999999999999999",
    "1e9",
    "NaN",
    "0.5",
    "1.0",
    "-0.0",
    "inf",
    "",
    ",",
    ",,,",
    "AB,AC",
    "AB,AB",
    "U,L,D,R",
    "1,2,3,4,5,6,7,8,0",
    "uniform",
    "bfs",
    "dfs",
    "optimal",
    "auto",
    "pdb",
    "genetic",
    "exact",
    "python",
    "chacha",
    "backtracking",
    "permutations",
    "0-3",
    "3-0",
    "7-7",
    "AAAA",
    "CCCC",
    "ABCD",
    "%",
    "%2",
    "%zz",
    "%E2%82%AC",
    "caf\u{e9}",
    "\u{1F600}",
    "Not%20all",
    "a+b",
    "&",
    "=",
    "#",
    "?",
    "1000000",
    "9007199254740991",
    "9007199254740992",
];

fn pick<'a>(rng: &mut SeededRng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

/// A random printable or escaped fragment, sometimes non-ASCII.
fn noise(rng: &mut SeededRng) -> String {
    let len = rng.below(12);
    (0..len)
        .map(|_| match rng.below(6) {
            0 => char::from_u32(0x80 + rng.below(0x2000) as u32).unwrap_or('?'),
            1 => '%',
            _ => (b' ' + rng.below(95) as u8) as char,
        })
        .collect()
}

/// One mutated link, built from a puzzle's canonical default link.
fn mutated(rng: &mut SeededRng) -> String {
    let puzzle = &PUZZLES[rng.below(PUZZLES.len() as u64) as usize];
    let (base, _) = (read_link(puzzle.name).unwrap())(&Link::new(puzzle.name));
    let mut pairs: Vec<(String, String)> = base.params.clone();
    for _ in 0..=rng.below(4) {
        match rng.below(7) {
            0 => pairs.push((pick(rng, KEYS).into(), pick(rng, VALUES).into())),
            1 if !pairs.is_empty() => {
                let i = rng.below(pairs.len() as u64) as usize;
                pairs[i].1 = pick(rng, VALUES).into();
            }
            2 if !pairs.is_empty() => {
                let i = rng.below(pairs.len() as u64) as usize;
                let copy = pairs[i].clone();
                pairs.push(copy);
            }
            3 if !pairs.is_empty() => {
                let i = rng.below(pairs.len() as u64) as usize;
                pairs.remove(i);
            }
            4 => pairs.push((pick(rng, KEYS).into(), noise(rng))),
            5 if !pairs.is_empty() => {
                let i = rng.below(pairs.len() as u64) as usize;
                pairs[i].1 = format!("{},{}", pairs[i].1, pick(rng, VALUES));
            }
            _ => pairs.push((noise(rng), noise(rng))),
        }
    }
    let query: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut query = query.join("&");
    if rng.chance(0.05) {
        let cut = rng.below(query.len() as u64 + 1) as usize;
        query = query.char_indices().take_while(|(i, _)| *i < cut).map(|(_, c)| c).collect();
    }
    format!("#/{}?{query}", puzzle.name)
}

fn assert_names_a_parameter(link: &Link, error: &LinkError, text: &str) {
    assert!(!error.reason.is_empty(), "{text}: empty reason for {}", error.field);
    assert!(
        error.field == "link" || link.params.iter().any(|(k, _)| *k == error.field),
        "{text}: refusal names '{}', which the link does not have",
        error.field
    );
}

#[test]
fn mutated_links_never_panic_and_every_accepted_link_is_canonical() {
    let mut rng = SeededRng::new(2026);
    let started = Instant::now();
    let (mut refused, mut repaired, mut clean, mut slowest) = (0, 0, 0, 0.0f64);
    for _ in 0..CASES {
        let text = mutated(&mut rng);
        let began = Instant::now();
        let link = match Link::parse(&text) {
            Ok(link) => link,
            Err(error) => {
                refused += 1;
                assert!(!error.field.is_empty() && !error.reason.is_empty(), "{text}: {error:?}");
                continue;
            }
        };
        let puzzle = find(&link.puzzle).expect("mutations keep the puzzle name");
        let (canonical, errors) = (read_link(puzzle.name).unwrap())(&link);
        slowest = slowest.max(began.elapsed().as_secs_f64() * 1000.0);
        for error in &errors {
            assert_names_a_parameter(&link, error, &text);
        }
        if errors.is_empty() {
            clean += 1;
        } else {
            repaired += 1;
        }
        let again = Link::parse(&canonical.to_hash()).unwrap_or_else(|e| panic!("{text}: {e}"));
        let (fixed, errors) = (read_link(puzzle.name).unwrap())(&again);
        assert!(errors.is_empty(), "{text} -> {canonical}: {errors:?}");
        assert_eq!(fixed, canonical, "{text}: the canonical form reads back to itself");
    }
    println!(
        "{CASES} mutated links: {clean} clean, {repaired} repaired with named problems, {refused} refused; \
         slowest read {slowest:.2} ms; {:.0} ms in all",
        started.elapsed().as_secs_f64() * 1000.0
    );
    assert!(clean > 0 && repaired > 0 && refused > 0, "every path was exercised");
}

#[test]
fn huge_links_are_refused_before_parsing() {
    let huge = format!("#/hanoi?moves={}", "AB,BA,".repeat(MAX_LINK_BYTES));
    let error = Link::parse(&huge).unwrap_err();
    assert_eq!(error.field, "link");
    // A link just under the limit made of a list parses, and its list is refused whole.
    let long = format!("#/hanoi?discs=3&moves={}", "AB,BA,".repeat(6_000));
    let link = Link::parse(&long).unwrap();
    let (canonical, errors) = (read_link("hanoi").unwrap())(&link);
    assert_eq!(errors[0].field, "moves");
    assert_eq!(canonical.get("moves"), None);
}
