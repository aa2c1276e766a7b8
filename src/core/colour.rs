//! Colours that stay readable: the lightest-needed fill for black text to keep a contrast of
//! at least 4.5:1 (WCAG AA), worked out from the sRGB formulas.

/// The lowest lightness (percent, from 52) at which black text on `hsl(hue, saturation%, …)`
/// has a contrast of at least 4.5:1.
pub fn readable_lightness(hue: f64, saturation: u8) -> u8 {
    let saturation = f64::from(saturation) / 100.0;
    (52..=100)
        .find(|&l| contrast_with_black(hsl_to_rgb(hue, saturation, f64::from(l) / 100.0)) >= 4.5)
        .unwrap_or(100)
}

/// Red, green, blue in 0..=1 of a colour given as hue (degrees), saturation and lightness.
pub fn hsl_to_rgb(hue: f64, saturation: f64, lightness: f64) -> [f64; 3] {
    let half_chroma = saturation * lightness.min(1.0 - lightness);
    let channel = |n: f64| {
        let k = (n + hue / 30.0) % 12.0;
        lightness - half_chroma * (k - 3.0).min(9.0 - k).clamp(-1.0, 1.0)
    };
    [channel(0.0), channel(8.0), channel(4.0)]
}

/// WCAG contrast ratio of a colour against black.
pub fn contrast_with_black(rgb: [f64; 3]) -> f64 {
    let linear = |c: f64| if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) };
    let luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
    (luminance + 0.05) / 0.05
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_colours_convert_and_contrast() {
        assert_eq!(hsl_to_rgb(0.0, 1.0, 0.5), [1.0, 0.0, 0.0]);
        assert_eq!(hsl_to_rgb(120.0, 1.0, 0.5), [0.0, 1.0, 0.0]);
        assert_eq!(hsl_to_rgb(240.0, 1.0, 0.5), [0.0, 0.0, 1.0]);
        assert!((contrast_with_black([1.0, 1.0, 1.0]) - 21.0).abs() < 1e-9);
        assert!((contrast_with_black([0.0, 0.0, 1.0]) - 2.444).abs() < 1e-3);
    }

    #[test]
    fn every_hue_gets_a_readable_lightness() {
        for hue in (0..360).step_by(5) {
            let l = readable_lightness(f64::from(hue), 70);
            let rgb = hsl_to_rgb(f64::from(hue), 0.7, f64::from(l) / 100.0);
            assert!(contrast_with_black(rgb) >= 4.5, "hue {hue}: {l}%");
            // Blue needs much more light than yellow for the same contrast.
            assert!(l <= 100);
        }
        assert!(readable_lightness(240.0, 70) > readable_lightness(60.0, 70));
    }
}
