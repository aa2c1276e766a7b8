//! A link as a QR code (the `qrcode` crate encodes it), drawn as SVG for phones to scan from
//! the projector. The error correction is the strongest that keeps the code coarse enough to
//! be read from the back of a room; a longer link gets less of it.

use qrcode::{Color, EcLevel, QrCode, Version};
use std::fmt::Write;

/// The largest code (in QR versions: 4 modules more per side each) that error correction is
/// not traded for: version 10 is 57 modules a side, 8 px each on a 1024×768 projector.
const COARSE_ENOUGH: i16 = 10;

/// The most bytes a QR code holds (version 40, low error correction, byte mode).
pub const MOST_BYTES: usize = 2_953;

/// Modules of white around the code, as the standard asks.
const QUIET_ZONE: usize = 4;

/// The longest link written whole under its code.
const WRITTEN_WHOLE: usize = 120;

/// A link drawn as a QR code.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkCode {
    /// The link the code holds.
    pub link: String,
    /// The code as an SVG picture (black modules on white, with the quiet zone).
    pub svg: String,
    /// Its error correction: 'L', 'M', 'Q' or 'H' (7 %, 15 %, 25 % or 30 % may be lost).
    pub level: char,
    /// Its size in QR versions (1 to 40).
    pub version: i16,
}

impl LinkCode {
    /// The code as a page shows it: the picture, the link written under it (after `note`,
    /// which says what the link is when it is not the page's own address), what the code is.
    pub fn markup(&self, note: &str) -> String {
        format!(
            "<div class=\"qr-picture\">{}</div><p class=\"qr-link\">{}<code>{}</code></p>\
             <p class=\"qr-about\">Scan it with a phone's camera to open {}. It still scans with up \
             to {} % of it hidden or smudged.</p>",
            self.svg,
            crate::core::format::html_text(note),
            crate::core::format::html_text(&self.written_link()),
            if self.link.contains("#/lesson?") {
                "the lesson at this step"
            } else {
                "this page as it is now"
            },
            self.recoverable_percent(),
        )
    }

    /// How much of the code may be lost and still read, by its error correction.
    pub fn recoverable_percent(&self) -> u32 {
        match self.level {
            'L' => 7,
            'M' => 15,
            'Q' => 25,
            _ => 30,
        }
    }

    /// The link as written under the code: whole when it can be read, else its start and end
    /// and its length (a lesson's link runs to a thousand characters that no one types, and
    /// written whole it would push the code off the screen).
    fn written_link(&self) -> String {
        let chars: Vec<char> = self.link.chars().collect();
        if chars.len() <= WRITTEN_WHOLE {
            return self.link.clone();
        }
        let start: String = chars[..WRITTEN_WHOLE * 2 / 3].iter().collect();
        let end: String = chars[chars.len() - WRITTEN_WHOLE / 4..].iter().collect();
        format!("{start}…{end} ({} characters: scan the code)", chars.len())
    }
}

/// `link` as a QR code: the strongest error correction whose code stays coarse, else the
/// smallest code that holds it; `Err` when no QR code can hold it.
pub fn link_code(link: &str) -> Result<LinkCode, String> {
    let levels = [(EcLevel::H, 'H'), (EcLevel::Q, 'Q'), (EcLevel::M, 'M'), (EcLevel::L, 'L')];
    let codes: Vec<(QrCode, char)> = levels
        .iter()
        .filter_map(|&(level, letter)| {
            QrCode::with_error_correction_level(link, level).ok().map(|c| (c, letter))
        })
        .collect();
    let version = |code: &QrCode| match code.version() {
        Version::Normal(v) | Version::Micro(v) => v,
    };
    let chosen =
        codes.iter().position(|(code, _)| version(code) <= COARSE_ENOUGH).unwrap_or(codes.len().max(1) - 1);
    let Some((code, level)) = codes.into_iter().nth(chosen) else {
        return Err(format!(
            "This link has {} characters: more than a QR code holds ({MOST_BYTES}).",
            link.len()
        ));
    };
    Ok(LinkCode { link: link.to_string(), svg: svg(&code), level, version: version(&code) })
}

/// The code's dark modules as one SVG path (a run of dark modules in a row is one rectangle).
fn svg(code: &QrCode) -> String {
    let width = code.width();
    let side = width + 2 * QUIET_ZONE;
    let colors = code.to_colors();
    let mut path = String::new();
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Dark {
                let run = row[x..].iter().take_while(|&&c| c == Color::Dark).count();
                let _ = write!(path, "M{} {}h{run}v1h-{run}z", x + QUIET_ZONE, y + QUIET_ZONE);
                x += run;
            } else {
                x += 1;
            }
        }
    }
    format!(
        "<svg class=\"qr-code\" viewBox=\"0 0 {side} {side}\" role=\"img\" aria-label=\"QR code of the link\" \
         shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_links_get_the_strongest_correction_and_long_ones_less() {
        let short = link_code("http://127.0.0.1:8080/#/hanoi?discs=4").unwrap();
        assert_eq!(short.level, 'H');
        assert!(short.version <= COARSE_ENOUGH);
        let long = format!("http://127.0.0.1:8080/#/sudoku?grid={}", "1".repeat(300));
        let long = link_code(&long).unwrap();
        assert!(matches!(long.level, 'L' | 'M' | 'Q'), "{}", long.level);
        let longest = link_code(&"a".repeat(MOST_BYTES)).unwrap();
        assert_eq!((longest.level, longest.version), ('L', 40));
    }

    #[test]
    fn a_long_link_is_written_by_its_ends_and_length_under_the_code() {
        let short = link_code("http://x/#/jugs").unwrap();
        assert!(short.markup("").contains("<code>http://x/#/jugs</code>"));
        let lesson = format!("http://127.0.0.1:8080/#/lesson?data={}&step=3", "A".repeat(900));
        let markup = link_code(&lesson).unwrap().markup("");
        let written = &markup[markup.find("<code>").unwrap()..markup.find("</code>").unwrap()];
        assert!(written.starts_with("<code>http://127.0.0.1:8080/#/lesson?data=AAA"), "{written}");
        assert!(written.ends_with("AAA&amp;step=3 (943 characters: scan the code)"), "{written}");
        assert!(written.len() < 200, "the code holds the link, the words do not: {written}");
    }

    #[test]
    fn a_link_no_code_holds_is_refused_with_its_length() {
        let why = link_code(&"a".repeat(MOST_BYTES + 1)).unwrap_err();
        assert!(why.contains("2954 characters") && why.contains("2953"), "{why}");
    }

    #[test]
    fn the_picture_has_a_quiet_zone_and_the_codes_modules() {
        let code = link_code("http://x/#/jugs").unwrap();
        let modules = 17 + 4 * code.version as usize;
        let side = modules + 2 * QUIET_ZONE;
        assert!(code.svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")), "{}", code.svg);
        // The top-left finder pattern starts at the quiet zone's corner: a run of 7 modules.
        assert!(code.svg.contains(&format!("M{QUIET_ZONE} {QUIET_ZONE}h7v1h-7z")), "{}", code.svg);
    }
}
