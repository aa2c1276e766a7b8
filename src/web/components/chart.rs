//! A small line chart (SVG) of one or more series over a shared x axis, e.g. best and mean
//! score per generation.

use yew::prelude::*;

#[derive(Clone, PartialEq)]
pub struct Series {
    pub name: AttrValue,
    /// CSS class giving the line its colour.
    pub class: AttrValue,
    pub points: Vec<(f64, f64)>,
}

#[derive(Properties, PartialEq)]
pub struct ChartProps {
    pub series: Vec<Series>,
    pub x_label: AttrValue,
    pub y_label: AttrValue,
}

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 220.0;
const PAD: f64 = 36.0;

#[function_component]
pub fn Chart(props: &ChartProps) -> Html {
    let all = props.series.iter().flat_map(|s| s.points.iter());
    let (mut x_max, mut y_max) = (1.0f64, 0.0f64);
    for &(x, y) in all {
        x_max = x_max.max(x);
        y_max = y_max.max(y);
    }
    let y_max = if y_max > 0.0 { y_max } else { 1.0 };
    let place = |(x, y): (f64, f64)| {
        let px = PAD + (WIDTH - 2.0 * PAD) * x / x_max;
        let py = HEIGHT - PAD - (HEIGHT - 2.0 * PAD) * y / y_max;
        format!("{px:.1},{py:.1}")
    };
    let lines = props.series.iter().map(|s| {
        let points: Vec<String> = s.points.iter().map(|&p| place(p)).collect();
        html! { <polyline class={classes!("series", s.class.to_string())} points={points.join(" ")} /> }
    });
    let legend = props.series.iter().enumerate().map(|(i, s)| {
        let y = PAD - 16.0 + 18.0 * i as f64;
        html! {
            <text class={classes!("legend", s.class.to_string())} x={format!("{:.0}", WIDTH - PAD - 120.0)}
                y={format!("{y:.0}")}>{ s.name.clone() }</text>
        }
    });
    html! {
        <svg class="chart" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
            aria-label={format!("{} by {}", props.y_label, props.x_label)}>
            <line class="axis" x1={PAD.to_string()} y1={(HEIGHT - PAD).to_string()}
                x2={(WIDTH - PAD).to_string()} y2={(HEIGHT - PAD).to_string()} />
            <line class="axis" x1={PAD.to_string()} y1={PAD.to_string()} x2={PAD.to_string()}
                y2={(HEIGHT - PAD).to_string()} />
            <text class="axis-label" x={(WIDTH / 2.0).to_string()} y={(HEIGHT - 6.0).to_string()}>
                { format!("{} (up to {})", props.x_label, x_max) }
            </text>
            <text class="axis-label" x="4" y={(PAD - 14.0).to_string()}>{ format!("{} (up to {y_max:.3})", props.y_label) }</text>
            { for lines }
            { for legend }
        </svg>
    }
}
