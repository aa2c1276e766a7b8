//! Bars of how many games needed 1, 2, 3 … guesses, with optional vertical lines at given
//! averages (a strategy's mean, the best possible).

use yew::prelude::*;

/// A tournament under way: games `done` of `total`, and how many guesses each needed.
#[derive(Clone, Default, PartialEq)]
pub struct LiveTally {
    pub done: u64,
    pub total: u64,
    pub histogram: Vec<u64>,
}

impl LiveTally {
    /// The tallies of several workers' shares, added up.
    pub fn sum<'a>(shares: impl Iterator<Item = &'a LiveTally>) -> LiveTally {
        let mut sum = LiveTally::default();
        for share in shares {
            sum.done += share.done;
            sum.total += share.total;
            if sum.histogram.len() < share.histogram.len() {
                sum.histogram.resize(share.histogram.len(), 0);
            }
            for (k, n) in share.histogram.iter().enumerate() {
                sum.histogram[k] += n;
            }
        }
        sum
    }

    /// A progress bar and the bars so far.
    pub fn view(&self, elapsed: &str) -> Html {
        html! {
            <div class="running">
                <progress aria-label="Games played" max={self.total.max(1).to_string()} value={self.done.to_string()}></progress>
                <span class="live-counters">{ format!("Secrets broken: {} of {} · {elapsed}",
                    crate::core::format::format_count(self.done), crate::core::format::format_count(self.total)) }</span>
                <TallyBars histogram={self.histogram.clone()} label="Secrets broken in 1, 2, 3 … guesses (so far)" />
            </div>
        }
    }
}

/// A vertical line across the bars at `at` guesses.
#[derive(Clone, PartialEq)]
pub struct Marker {
    pub at: f64,
    pub label: String,
    pub class: &'static str,
}

#[derive(Properties, PartialEq)]
pub struct TallyBarsProps {
    /// `histogram[k]` games needed k + 1 guesses.
    pub histogram: Vec<u64>,
    pub label: AttrValue,
    #[prop_or_default]
    pub markers: Vec<Marker>,
}

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 200.0;
const PAD: f64 = 30.0;

#[function_component]
pub fn TallyBars(props: &TallyBarsProps) -> Html {
    let columns = props.histogram.len().max(1) as f64;
    let tallest = props.histogram.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bar_width = (WIDTH - 2.0 * PAD) / columns;
    // Guesses k sit at the middle of column k - 1.
    let x_of = |guesses: f64| PAD + (guesses - 0.5) * bar_width;
    let bars = props.histogram.iter().enumerate().map(|(k, &count)| {
        let h = (HEIGHT - 2.0 * PAD) * count as f64 / tallest;
        let x = PAD + k as f64 * bar_width;
        html! {
            <g class="bar">
                <rect x={format!("{:.1}", x + 2.0)} y={format!("{:.1}", HEIGHT - PAD - h)}
                    width={format!("{:.1}", bar_width - 4.0)} height={format!("{h:.1}")} />
                <text class="count" x={format!("{:.1}", x + bar_width / 2.0)} y={format!("{:.1}", HEIGHT - PAD - h - 4.0)}>{ count }</text>
                <text class="bin" x={format!("{:.1}", x + bar_width / 2.0)} y={format!("{:.1}", HEIGHT - PAD + 16.0)}>{ k + 1 }</text>
            </g>
        }
    });
    // Each line is named in a legend at the top left, beside a sample of its stroke.
    let markers = props.markers.iter().enumerate().map(|(i, m)| {
        let x = x_of(m.at);
        let legend_y = 32.0 + 16.0 * i as f64;
        html! {
            <g class={classes!("marker", m.class)}>
                <line x1={format!("{x:.1}")} x2={format!("{x:.1}")} y1={format!("{:.1}", PAD - 6.0)} y2={format!("{:.1}", HEIGHT - PAD)} />
                <line x1="8" x2="28" y1={format!("{:.1}", legend_y - 4.0)} y2={format!("{:.1}", legend_y - 4.0)} />
                <text x="32" y={format!("{legend_y:.1}")}>{ &m.label }</text>
            </g>
        }
    });
    let games: u64 = props.histogram.iter().sum();
    html! {
        <svg class="histogram tally" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
            aria-label={format!("{}: {games} games; {}", props.label, describe(&props.histogram))}>
            <text class="axis-label" x="4" y="14">{ props.label.clone() }</text>
            { for bars }
            { for markers }
        </svg>
    }
}

/// "1 in 1 guess, 6 in 2 guesses, …" for screen readers.
fn describe(histogram: &[u64]) -> String {
    let parts: Vec<String> = histogram
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, n)| format!("{n} in {}", crate::core::format::count_of(k as u64 + 1, "guess", "guesses")))
        .collect();
    parts.join(", ")
}
