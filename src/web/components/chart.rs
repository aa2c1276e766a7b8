//! A small line chart (SVG) of one or more series over a shared x axis, e.g. best and mean
//! score per generation: round ticks on both axes, and a log scale for values spanning decades.

use crate::core::axis::{
    curves_in_words, decades_spanned, linear_ticks, log_ticks, readable_top, tick_label,
};
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

// Room for labels at a projector's 24 px: the y ticks at the left, the x ticks and the axis's
// name under the plot. The key and the title are text above it, which wraps on a narrow screen.
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 210.0;
/// Room right of the plot (the last x tick's label is centred on it).
const RIGHT: f64 = 36.0;
/// The plot's top: room for the top tick's label centred on its line.
const TOP: f64 = 24.0;
const LEFT: f64 = 72.0;
const BOTTOM: f64 = 52.0;

/// How y values map to heights: linear between two ticks, or logarithmic.
enum Scale {
    Linear(f64, f64),
    /// log10 of the lowest and highest tick; values at or below 0 sit on the lowest.
    Log(f64, f64),
}

impl Scale {
    /// 0 at the bottom of the plot, 1 at the top.
    fn fraction(&self, y: f64) -> f64 {
        match *self {
            Scale::Linear(low, high) => (y - low) / (high - low),
            Scale::Log(low, high) => ((y.max(10f64.powf(low))).log10() - low) / (high - low),
        }
    }
}

#[function_component]
pub fn Chart(props: &ChartProps) -> Html {
    let values = || props.series.iter().flat_map(|s| s.points.iter());
    let x_max = values().map(|p| p.0).fold(1.0f64, f64::max);
    let (y_min, y_max) = values().fold((0.0f64, 0.0f64), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    let log = if y_min >= 0.0 { decades_spanned(values().map(|p| p.1)) } else { None };
    // A few early outliers above the top are clipped there (and said) rather than flatten the rest.
    let clipped_above =
        log.is_none().then(|| readable_top(props.series.iter().map(|s| &s.points[..]))).flatten();
    let y_max = clipped_above.unwrap_or(y_max);
    let (y_ticks, scale) = match log {
        Some((low, high)) => {
            let ticks = log_ticks(low, high);
            let scale = Scale::Log(ticks[0].log10(), ticks[ticks.len() - 1].log10());
            (ticks, scale)
        }
        None => {
            let ticks = linear_ticks(y_min, y_max);
            let scale = Scale::Linear(ticks[0], ticks[ticks.len() - 1]);
            (ticks, scale)
        }
    };
    let x_ticks = linear_ticks(0.0, x_max);
    let x_end = x_ticks[x_ticks.len() - 1];
    let px = |x: f64| LEFT + (WIDTH - LEFT - RIGHT) * x / x_end;
    let py = |y: f64| HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * scale.fraction(y).min(1.0);
    let lines = props.series.iter().map(|s| {
        let points: Vec<String> =
            s.points.iter().map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y))).collect();
        html! { <polyline class={classes!("series", s.class.to_string())} points={points.join(" ")} /> }
    });
    // The key is text beside the plot, not in it: it wraps, however many lines and however long
    // their names, instead of running into the title.
    let key = props.series.iter().map(|s| {
        html! { <span class={classes!("legend", s.class.to_string())}>{ s.name.clone() }</span> }
    });
    let y_marks = y_ticks.iter().map(|&t| {
        let y = format!("{:.1}", py(t));
        html! {
            <>
                <line class="grid" x1={LEFT.to_string()} x2={(WIDTH - RIGHT).to_string()} y1={y.clone()} y2={y.clone()} />
                <text class="tick y" x={(LEFT - 6.0).to_string()} y={y}>{ tick_label(t) }</text>
            </>
        }
    });
    let x_marks = x_ticks.iter().map(|&t| {
        let x = format!("{:.1}", px(t));
        // The last label ends at the chart's edge: centred on its tick, a long one ("30,000"
        // at a projector's size) would be cut.
        let (class, label_x) = match t == x_end {
            true => ("tick x last", format!("{:.1}", WIDTH - 2.0)),
            false => ("tick x", x.clone()),
        };
        html! {
            <>
                <line class="axis" x1={x.clone()} x2={x} y1={(HEIGHT - BOTTOM).to_string()} y2={(HEIGHT - BOTTOM + 5.0).to_string()} />
                <text {class} x={label_x} y={(HEIGHT - BOTTOM + 22.0).to_string()}>{ tick_label(t) }</text>
            </>
        }
    });
    let curves: Vec<(&str, &[(f64, f64)])> =
        props.series.iter().map(|s| (s.name.as_str(), &s.points[..])).collect();
    let y_title = match (log, clipped_above) {
        (Some(_), _) => format!("{} (log scale)", props.y_label),
        (None, Some(_)) => format!("{} · early points off the top", props.y_label),
        (None, None) => props.y_label.to_string(),
    };
    html! {
        <div class="chart-box">
        <p class="chart-key">{ for key }</p>
        <p class="chart-title">{ y_title }</p>
        <svg class="chart" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
            aria-label={format!("{} by {}: {}", props.y_label, props.x_label, curves_in_words(&curves, &props.x_label))}>
            { for y_marks }
            { for x_marks }
            <line class="axis" x1={LEFT.to_string()} y1={(HEIGHT - BOTTOM).to_string()}
                x2={(WIDTH - RIGHT).to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
            <line class="axis" x1={LEFT.to_string()} y1={TOP.to_string()} x2={LEFT.to_string()}
                y2={(HEIGHT - BOTTOM).to_string()} />
            <text class="axis-label" x={(WIDTH / 2.0).to_string()} y={(HEIGHT - 8.0).to_string()}>{ props.x_label.clone() }</text>
            { for lines }
        </svg>
        </div>
    }
}
