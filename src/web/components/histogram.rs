//! A bar chart of how many values fall in each of a few equal-width bins, plus a bar for
//! runs that failed ("stuck").

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HistogramProps {
    pub values: Vec<u64>,
    /// Runs that never succeeded, shown as a last, separate bar.
    pub failures: usize,
    pub label: AttrValue,
}

const BINS: usize = 10;
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 220.0;
const PAD: f64 = 36.0;

#[function_component]
pub fn Histogram(props: &HistogramProps) -> Html {
    let max = props.values.iter().copied().max().unwrap_or(1).max(1);
    let width = max.div_ceil(BINS as u64).max(1);
    let mut counts = vec![0usize; BINS];
    for &v in &props.values {
        counts[((v.saturating_sub(1)) / width) as usize] += 1;
    }
    counts.push(props.failures);
    let tallest = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bar_width = (WIDTH - 2.0 * PAD) / counts.len() as f64;
    let bars = counts.iter().enumerate().map(|(i, &count)| {
        let h = (HEIGHT - 2.0 * PAD) * count as f64 / tallest;
        let x = PAD + i as f64 * bar_width;
        let stuck = i == BINS;
        let label = if stuck { "stuck".to_string() } else { format!("≤{}", (i as u64 + 1) * width) };
        html! {
            <g class={classes!("bar", stuck.then_some("stuck"))}>
                <rect x={format!("{:.1}", x + 2.0)} y={format!("{:.1}", HEIGHT - PAD - h)}
                    width={format!("{:.1}", bar_width - 4.0)} height={format!("{h:.1}")} />
                <text class="count" x={format!("{:.1}", x + bar_width / 2.0)} y={format!("{:.1}", HEIGHT - PAD - h - 4.0)}>{ count }</text>
                <text class="bin" x={format!("{:.1}", x + bar_width / 2.0)} y={format!("{:.1}", HEIGHT - PAD + 14.0)}>{ label }</text>
            </g>
        }
    });
    html! {
        <svg class="histogram" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
            aria-label={format!("{}: {} runs, {} stuck", props.label, props.values.len() + props.failures, props.failures)}>
            <text class="axis-label" x="4" y="16">{ props.label.clone() }</text>
            { for bars }
        </svg>
    }
}
