//! The landing page is plain HTML in index.html and each page is its own bundle: this checks
//! both against the registry, so a new puzzle cannot be left off the landing page, the header
//! or the build.

use puzzlelab::puzzles::PUZZLES;

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[test]
fn every_puzzle_has_its_card_its_header_link_and_its_bundle() {
    let html = std::fs::read_to_string("index.html").expect("index.html at the crate root");
    let mut last_card = 0;
    for p in PUZZLES {
        let (title, summary) = (escaped(p.title), escaped(p.summary));
        let nav = format!("<a href=\"#/{}\">{title}</a>", p.name);
        assert!(html.contains(&nav), "index.html: the header has no link {nav}");
        let card = html.find(&format!("<li class=\"card\">\n          <a href=\"#/{}\">", p.name));
        let card = card.unwrap_or_else(|| panic!("index.html: no card for {}", p.name));
        assert!(card > last_card, "index.html: the card of {} is out of the registry's order", p.name);
        last_card = card;
        let rest = &html[card..];
        let end = rest.find("</li>").expect("a card ends");
        assert!(rest[..end].contains(&format!("<h2>{title}</h2>")), "the card of {} has its title", p.name);
        assert!(rest[..end].contains(&format!("<p>{summary}</p>")), "the card of {} has its summary", p.name);
        assert!(rest[..end].contains("<svg"), "the card of {} has a picture", p.name);
        let bundle = format!("data-bin=\"page-{}\"", p.name);
        assert!(html.contains(&bundle), "index.html does not build the page's bundle ({bundle})");
        let bin = format!("src/bin/page-{}.rs", p.name);
        assert!(std::path::Path::new(&bin).exists(), "{bin} is missing");
    }
    assert_eq!(html.matches("<li class=\"card\">").count(), PUZZLES.len(), "a card per puzzle, no more");
}
