//! Jets & Sharks (the slides' "Data mining with neural nets", ASPN recipe 496908): the
//! interactive activation and competition net over a gang table. Touching units (external
//! input) and running the net retrieves what the table says about them, generalises, and
//! fills in missing facts.
//! `#/jets-sharks?touch=Ken:0.8`; `touch=Sharks,20,jh,sing,burglar` (weight 1 each);
//! `depair=Lance:burglar&touch=Lance`; `cycles`, the constants (`max`, `min`, `rest`, `decay`,
//! `alpha`, `gamma`, `estr`) and `table` (rows separated by `~`) when changed; `step` the cycle shown.

pub mod net;

use crate::core::format::format_count;
use crate::core::job::{JobContext, Report};
use crate::core::link::{describe_errors, Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use net::{Constants, Net, Table};

pub const PUZZLE: &str = "jets-sharks";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Jets & Sharks",
    summary:
        "A neural net that remembers a gang table: touch a name or some facts and watch what it retrieves.",
    keys: &[],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<JetsSharksParams>;

/// This puzzle's links name no algorithm (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = |_| None;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("touch", &["Ken:0.8", "Sharks,20,jh,sing,burglar", "Ken:3", "Kenn", ""]),
    ("depair", &["Lance:burglar", "Lance", ":"]),
    ("cycles", &["1", "100", "1000", "0", "1001"]),
    ("max", &["1", "0", "-1"]),
    ("min", &["-0.2", "0", "-1"]),
    ("rest", &["-0.1", "2"]),
    ("decay", &["0.1", "0", "1"]),
    ("alpha", &["0.1", "1"]),
    ("gamma", &["0.1", "1"]),
    ("estr", &["0.4", "0", "1"]),
    ("table", &["name,team~Ann,Red~Bob,Red~Cy,Blue", "name,team", "name~Ann", "a,b~x,y~x,z"]),
    ("step", &["0", "1", "100"]),
];

/// The classic 27-row table (McClelland 1981), as the recipe uses it.
pub const GANGS: &str = include_str!("gangs.csv");

pub const MAX_CYCLES: usize = 1000;

/// Rows of a table in a link are separated by `~`.
const ROW_SEPARATOR: char = '~';

#[derive(Debug, Clone, PartialEq)]
pub struct JetsSharksParams {
    /// The table the link gives (`None`: the gangs).
    pub table: Option<Table>,
    /// External input: (unit, weight).
    pub touch: Vec<(String, f64)>,
    /// Links removed: (unit, unit).
    pub depair: Vec<(String, String)>,
    pub cycles: usize,
    pub constants: Constants,
    /// The cycle shown.
    pub step: usize,
}

impl Default for JetsSharksParams {
    fn default() -> Self {
        Self {
            table: None,
            touch: vec![("Ken".into(), 0.8)],
            depair: Vec::new(),
            cycles: 100,
            constants: Constants::default(),
            step: 0,
        }
    }
}

impl JetsSharksParams {
    pub fn table(&self) -> Table {
        self.table.clone().unwrap_or_else(|| Table::parse(GANGS).expect("the gangs' table reads"))
    }

    /// The net with the links `depair` removes.
    pub fn net(&self) -> Net {
        let mut net = Net::of(&self.table());
        for (a, b) in &self.depair {
            if let (Some(a), Some(b)) = (net.find(a), net.find(b)) {
                net.depair(a, b);
            }
        }
        net
    }

    /// Each unit's external input.
    pub fn input(&self, net: &Net) -> Vec<f64> {
        let mut input = vec![0.0; net.names.len()];
        for (name, weight) in &self.touch {
            if let Some(unit) = net.find(name) {
                input[unit] = *weight;
            }
        }
        input
    }
}

/// `2` for whole weights, `0.8` otherwise.
fn write_number(x: f64) -> String {
    format!("{x}")
}

impl LinkParams for JetsSharksParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let d = Self::default();
        let table = match r.raw("table") {
            None => None,
            Some(text) => match Table::parse(&text.replace(ROW_SEPARATOR, "\n")) {
                Ok(table) => Some(table),
                Err(why) => {
                    r.reject("table", why);
                    None
                }
            },
        };
        let params = Self { table, ..Self::default() };
        let net = Net::of(&params.table());
        // A unit is written as the table spells it, whatever case was typed.
        let unit = |name: &str| net.find(name).map(|u| net.names[u].clone());
        let mut problems = Vec::new();
        let touch = match r.raw("touch") {
            None if params.table.is_none() => d.touch.clone(),
            None => Vec::new(),
            Some(text) => text
                .split(',')
                .filter(|w| !w.is_empty())
                .filter_map(|item| {
                    let (name, weight) = item.split_once(':').unwrap_or((item, "1"));
                    let weight =
                        crate::core::link::parse_decimal(weight).filter(|w| (-1.0..=1.0).contains(w));
                    match (unit(name), weight) {
                        (Some(name), Some(weight)) => Some((name, weight)),
                        (None, _) => {
                            problems.push((
                                "touch",
                                format!("there is no unit '{name}' (units are the table's values)"),
                            ));
                            None
                        }
                        (_, None) => {
                            problems.push(("touch", format!("'{item}': a weight is a number from -1 to 1")));
                            None
                        }
                    }
                })
                .collect(),
        };
        let depair = match r.raw("depair") {
            None => Vec::new(),
            Some(text) => text
                .split(',')
                .filter(|w| !w.is_empty())
                .filter_map(|pair| match pair.split_once(':').map(|(a, b)| (unit(a), unit(b))) {
                    Some((Some(a), Some(b))) => Some((a, b)),
                    _ => {
                        problems.push((
                            "depair",
                            format!("'{pair}' is not two units joined by ':', as Lance:burglar"),
                        ));
                        None
                    }
                })
                .collect(),
        };
        for (key, why) in problems {
            r.reject(key, why);
        }
        let cycles = r.number("cycles", 1..=MAX_CYCLES, 100);
        let k = Constants::default();
        let constants = Constants {
            max: r.decimal("max", 0.1..=2.0, k.max),
            min: r.decimal("min", -2.0..=0.0, k.min),
            rest: r.decimal("rest", -1.0..=1.0, k.rest),
            decay: r.decimal("decay", 0.0..=1.0, k.decay),
            alpha: r.decimal("alpha", 0.0..=1.0, k.alpha),
            gamma: r.decimal("gamma", 0.0..=1.0, k.gamma),
            estr: r.decimal("estr", 0.0..=1.0, k.estr),
        };
        let constants = if constants.min <= constants.rest && constants.rest <= constants.max {
            constants
        } else {
            // Name the key the link gave: rest itself, or the bound that left it outside.
            let given = ["rest", "min", "max"].into_iter().find(|key| link.get(key).is_some());
            let (key, c) = (given.unwrap_or("rest"), &constants);
            r.reject(key, format!("rest ({}) must lie between min ({}) and max ({})", c.rest, c.min, c.max));
            k
        };
        let mut step = r.step();
        if step > cycles {
            r.reject(
                "step",
                format!("must be a whole number from 0 to {cycles} (cycles={cycles}), got '{step}'"),
            );
            step = 0;
        }
        (Self { table: params.table, touch, depair, cycles, constants, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE);
        if let Some(table) = &self.table {
            link = link.with("table", table.to_csv().replace('\n', &ROW_SEPARATOR.to_string()));
        }
        if !self.depair.is_empty() {
            let pairs: Vec<String> = self.depair.iter().map(|(a, b)| format!("{a}:{b}")).collect();
            link = link.with("depair", pairs.join(","));
        }
        let touch: Vec<String> = self
            .touch
            .iter()
            .map(|(name, w)| if *w == 1.0 { name.clone() } else { format!("{name}:{}", write_number(*w)) })
            .collect();
        link = link.with("touch", touch.join(","));
        if self.cycles != 100 {
            link = link.with("cycles", self.cycles);
        }
        let (k, d) = (&self.constants, Constants::default());
        for (key, value, default) in [
            ("max", k.max, d.max),
            ("min", k.min, d.min),
            ("rest", k.rest, d.rest),
            ("decay", k.decay, d.decay),
            ("alpha", k.alpha, d.alpha),
            ("gamma", k.gamma, d.gamma),
            ("estr", k.estr, d.estr),
        ] {
            if value != default {
                link = link.with(key, write_number(value));
            }
        }
        if self.step > 0 {
            link = link.with("step", self.step);
        }
        link
    }
}

/// Unit names as reports give them: the name, or `column:name` where a word is in two columns.
pub fn unit_labels(net: &Net, table: &Table) -> Vec<String> {
    net.names
        .iter()
        .enumerate()
        .map(|(u, name)| match net.names.iter().filter(|n| *n == name).count() {
            1 => name.clone(),
            _ => format!("{}:{name}", table.columns[net.pool[u]]),
        })
        .collect()
}

/// What the net retrieved: the most active unit of each pool, where one is active.
pub fn retrieved(net: &Net, table: &Table, act: &[f64]) -> String {
    let best: Vec<String> = net
        .pools
        .iter()
        .enumerate()
        .filter_map(|(col, members)| {
            let &top = members.iter().max_by(|&&a, &&b| act[a].total_cmp(&act[b]))?;
            (act[top] > 0.0).then(|| format!("{} {}", table.columns[col], net.names[top]))
        })
        .collect();
    match best.is_empty() {
        true => "nothing is active".into(),
        false => format!("the net retrieves {}", best.join(", ")),
    }
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// Its solvers search nothing step by step: a trace or a race is refused.
pub fn work(_: &Link) -> Work {
    Work::Unrecorded(super::records_no_trace(PUZZLE, None))
}

/// Runs the net a link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, _ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = JetsSharksParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let mut report = Report::new(PUZZLE, "iac", params.to_link().without("step").to_hash());
    let (table, net) = (params.table(), params.net());
    let history = net.run(&params.constants, &params.input(&net), params.cycles);
    let last = history.last().expect("the history starts at rest");
    let labels = unit_labels(&net, &table);
    report.activations =
        Some(labels.iter().cloned().zip(last.iter().map(|&a| serde_json::json!(round4(a)))).collect());
    report.solved = true;
    report.length = params.cycles;
    report.moves = (1..=params.cycles).map(|c| c.to_string()).collect();
    report.expanded = (params.cycles * net.names.len()) as u64;
    report.message = Some(format!(
        "after {} cycles {}",
        format_count(params.cycles as u64),
        retrieved(&net, &table, last)
    ));
    report.solution = Some(serde_json::json!({
        "units": labels,
        "pools": net.pool,
        "columns": table.columns,
        "history": history.iter().map(|a| a.iter().map(|&x| round4(x)).collect::<Vec<f64>>()).collect::<Vec<_>>(),
    }));
    Ok(report)
}

#[cfg(test)]
mod tests {
    use crate::puzzles::solve_quietly as run;

    /// The slides' printout: each unit's activation to two decimals.
    fn check(link: &str, expected: &str) {
        let report = run(link).unwrap();
        let acts = report.activations.unwrap();
        for pair in expected.split_whitespace() {
            let (name, value) = pair.split_once('=').unwrap();
            let got = acts[name].as_f64().unwrap();
            assert_eq!(format!("{got:.2}"), value, "{link}: {name}");
        }
    }

    #[test]
    fn unit_names_are_read_in_any_case_and_written_as_the_table_spells_them() {
        assert_eq!(
            crate::puzzles::canonical_link("#/jets-sharks?touch=ken:0.8").unwrap(),
            crate::puzzles::canonical_link("#/jets-sharks?touch=Ken:0.8").unwrap()
        );
        assert!(crate::puzzles::canonical_link("#/jets-sharks?touch=kenny").is_err());
    }

    #[test]
    fn the_slides_three_queries_to_two_decimals() {
        check(
            "#/jets-sharks?touch=Ken:0.8",
            "Ken=0.82 Nick=0.23 Neal=0.23 Rick=0.03 Earl=0.03 Pete=0.03 Fred=0.03 Sharks=0.53 Jets=-0.13 20=0.41 \
             30=-0.05 40=-0.13 hs=0.54 jh=-0.14 col=-0.14 sing=0.53 mar=-0.13 div=-0.13 burglar=0.41 pusher=-0.11 bookie=-0.11",
        );
        check(
            "#/jets-sharks?touch=Sharks,20,jh,sing,burglar",
            "Ken=0.54 Lance=0.47 John=0.47 Jim=0.47 George=0.47 Sharks=0.78 Jets=0.48 20=0.85 30=-0.15 40=-0.15 \
             jh=0.84 hs=-0.12 col=-0.15 sing=0.80 mar=0.02 div=0.02 burglar=0.85 bookie=-0.15 pusher=-0.15",
        );
        check(
            "#/jets-sharks?depair=Lance:burglar&touch=Lance",
            "Lance=0.82 John=0.54 Jim=0.30 George=0.30 Al=0.26 Jets=0.66 Sharks=-0.14 20=0.63 30=-0.13 40=-0.14 \
             jh=0.66 hs=-0.14 col=-0.14 mar=0.58 div=-0.08 sing=-0.14 burglar=0.54 pusher=-0.14 bookie=-0.14",
        );
    }

    #[test]
    fn touching_ken_retrieves_his_row_and_has_not_settled_at_100_cycles() {
        let report = run("#/jets-sharks?touch=Ken:0.8").unwrap();
        assert_eq!(
            report.message.as_deref(),
            Some("after 100 cycles the net retrieves name Ken, gang Sharks, age 20, edu hs, marital sing, occupation burglar")
        );
        let longer = run("#/jets-sharks?touch=Ken:0.8&cycles=300").unwrap();
        let (a, b) = (report.activations.unwrap(), longer.activations.unwrap());
        assert!(
            (a["Nick"].as_f64().unwrap() - b["Nick"].as_f64().unwrap()).abs() > 0.005,
            "still moving at 100 cycles"
        );
    }

    #[test]
    fn an_edited_table_travels_in_the_link() {
        let link = "#/jets-sharks?table=name,team~Ann,Red~Bob,Red~Cy,Blue&touch=Red";
        let report = run(link).unwrap();
        assert_eq!(report.link, link);
        let acts = report.activations.unwrap();
        assert!(acts["Ann"].as_f64().unwrap() > 0.0 && acts["Cy"].as_f64().unwrap() < 0.0);
    }

    #[test]
    fn bad_links_are_refused_with_the_reason() {
        assert!(run("#/jets-sharks?touch=Kenn").unwrap_err().contains("no unit 'Kenn'"));
        assert!(run("#/jets-sharks?touch=Ken:3").unwrap_err().contains("from -1 to 1"));
        assert!(run("#/jets-sharks?depair=Lance").unwrap_err().starts_with("depair:"));
        assert!(run("#/jets-sharks?table=name,team~Ann").unwrap_err().contains("row 1 has 1 values"));
        assert!(run("#/jets-sharks?cycles=0").unwrap_err().starts_with("cycles:"));
        assert!(run("#/jets-sharks?rest=2").unwrap_err().starts_with("rest:"));
        assert_eq!(
            run("#/jets-sharks?min=0").unwrap_err(),
            "min: rest (-0.1) must lie between min (0) and max (1)"
        );
        assert!(run("#/jets-sharks?rest=0.5&max=0.2").unwrap_err().starts_with("rest: rest (0.5)"));
    }

    #[test]
    fn long_tables_are_refused_at_the_first_row_past_the_limit() {
        // 6,000 rows, under the link limit: refused at row 201, before reading the rest.
        let rows: String = (0..6_000).map(|i| format!("~A{i},B")).collect();
        let err = run(&format!("#/jets-sharks?table=name,team{rows}")).unwrap_err();
        assert_eq!(err, "table: the table has more than 200 rows; it needs 1 to 200");
        let twice = run("#/jets-sharks?table=name,team~Ann,Red~Ann,Blue").unwrap_err();
        assert_eq!(twice, "table: row 2: the name 'Ann' is used twice");
        assert!(run("#/jets-sharks?table=name,team").unwrap_err().contains("no rows"));
    }
}
