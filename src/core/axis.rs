//! Chart axes: round tick values (steps of 1, 2 or 5 times a power of ten), and a log scale
//! for values that span decades; and a chart's curves in words.

/// About five ticks at round values, from at most `min` to at least `max` (`min` ≤ 0 ≤ `max`
/// keeps 0 a tick).
pub fn linear_ticks(min: f64, max: f64) -> Vec<f64> {
    if !(max > min && min.is_finite() && max.is_finite()) {
        return vec![min.min(0.0), min.min(0.0) + 1.0];
    }
    let rough = (max - min) / 5.0;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|&s| s >= rough).unwrap_or(10.0 * power);
    let (first, last) = ((min / step).floor() as i64, (max / step).ceil() as i64);
    (first..=last).map(|i| i as f64 * step).collect()
}

/// Powers of ten from below `min` to above `max` (both positive).
pub fn log_ticks(min: f64, max: f64) -> Vec<f64> {
    let (low, high) = (min.log10().floor() as i32, max.log10().ceil() as i32);
    (low..=high.max(low + 1)).map(|e| 10f64.powi(e)).collect()
}

/// The smallest positive value and the largest, when the values span at least two decades
/// (a log scale shows them better); zeros and negatives are left out of the span.
pub fn decades_spanned(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let (mut low, mut high) = (f64::INFINITY, 0.0f64);
    for v in values.filter(|v| *v > 0.0 && v.is_finite()) {
        low = low.min(v);
        high = high.max(v);
    }
    (high > 0.0 && high / low >= 100.0).then_some((low, high))
}

/// The top of a linear axis that lets the bulk of a run be read: when each series' first
/// twentieth holds values over twice as high as all the rest (a genetic run's random first
/// generation scores far worse than the later ones), the axis stops a little above the rest
/// and those early points are clipped at its top; otherwise `None` (every value fits).
pub fn readable_top<'a>(series: impl Iterator<Item = &'a [(f64, f64)]>) -> Option<f64> {
    let (mut highest, mut later) = (f64::MIN, f64::MIN);
    for points in series {
        let early = points.len().div_ceil(20);
        for (i, &(_, y)) in points.iter().enumerate().filter(|(_, p)| p.1.is_finite()) {
            highest = highest.max(y);
            if i >= early {
                later = later.max(y);
            }
        }
    }
    (later > 0.0 && highest > 2.0 * later).then_some(1.1 * later)
}

/// A tick's label: no more digits than it needs ("0.05", "20,000", "1e-6").
pub fn tick_label(value: f64) -> String {
    if value == 0.0 {
        return "0".into();
    }
    if value.abs() >= 1.0 && value.abs() < 1e9 && value.fract() == 0.0 {
        return crate::core::format::format_count(value.abs() as u64);
    }
    if value.abs() < 1e-3 {
        return format!("{value:e}");
    }
    let text = format!("{value:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A chart's curves in words, for those who cannot see them: where each begins and ends
/// ("best from 12 at generation 0 to 0 at generation 130").
pub fn curves_in_words(curves: &[(&str, &[(f64, f64)])], x_label: &str) -> String {
    let said: Vec<String> = curves
        .iter()
        .filter_map(|(name, points)| {
            let ((x0, y0), (x1, y1)) = (points.first()?, points.last()?);
            Some(format!(
                "{name} from {} at {x_label} {} to {} at {x_label} {}",
                tick_label(*y0),
                tick_label(*x0),
                tick_label(*y1),
                tick_label(*x1)
            ))
        })
        .collect();
    said.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_are_said_from_their_first_point_to_their_last() {
        let best = [(0.0, 12.0), (1.0, 5.5), (130.0, 0.0)];
        let mean = [(0.0, 20.25), (130.0, 3.0)];
        let said = curves_in_words(&[("best", &best), ("mean", &mean), ("empty", &[])], "generation");
        assert_eq!(
            said,
            "best from 12 at generation 0 to 0 at generation 130; mean from 20.25 at generation 0 to 3 at generation 130"
        );
    }

    #[test]
    fn a_few_early_outliers_do_not_flatten_the_run() {
        // Seed 7 of the 264 square: the first generation's mean 1.11, the rest near 0.1.
        let run: Vec<(f64, f64)> = std::iter::once(1.11)
            .chain((0..240).map(|i| 0.04 + 0.0004 * i as f64))
            .map(|y| (0.0, y))
            .collect();
        let top = readable_top([&run[..]].into_iter()).unwrap();
        assert!((0.13..0.16).contains(&top), "{top}");
        let even: Vec<(f64, f64)> = (0..100).map(|i| (0.0, f64::from(i))).collect();
        assert_eq!(readable_top([&even[..]].into_iter()), None, "an even spread keeps every value");
        assert_eq!(readable_top([&[(0.0, 0.0), (1.0, 0.0)][..]].into_iter()), None);
        assert_eq!(readable_top(std::iter::empty()), None);
    }

    #[test]
    fn linear_ticks_are_round_and_cover_the_range() {
        assert_eq!(linear_ticks(0.0, 1.126), [0.0, 0.5, 1.0, 1.5]);
        assert_eq!(linear_ticks(0.0, 1856.0), [0.0, 500.0, 1000.0, 1500.0, 2000.0]);
        assert_eq!(linear_ticks(0.0, 34.0), [0.0, 10.0, 20.0, 30.0, 40.0]);
        assert_eq!(linear_ticks(-0.2, 1.0), [-0.5, 0.0, 0.5, 1.0]);
        assert_eq!(linear_ticks(0.0, 0.0), [0.0, 1.0]);
    }

    #[test]
    fn log_scale_only_when_values_span_decades() {
        assert_eq!(decades_spanned([0.0, 0.004, 0.9, 1.1].into_iter()), Some((0.004, 1.1)));
        assert_eq!(decades_spanned([0.5, 1.1].into_iter()), None);
        assert_eq!(log_ticks(0.004, 1.1), [0.001, 0.01, 0.1, 1.0, 10.0]);
        assert_eq!(log_ticks(5.0, 5.0), [1.0, 10.0]);
    }

    #[test]
    fn labels_are_short() {
        assert_eq!(tick_label(0.5), "0.5");
        assert_eq!(tick_label(20000.0), "20,000");
        assert_eq!(tick_label(0.01), "0.01");
        assert_eq!(tick_label(0.0001), "1e-4");
        assert_eq!(tick_label(0.0), "0");
    }
}
