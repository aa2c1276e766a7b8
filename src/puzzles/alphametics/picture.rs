//! The Search view's picture of an alphametic (drawn in the worker): every letter with its
//! digit so far, coloured by why it has it. A sum of words is written in columns, as on paper,
//! with the carry into each column once the columns to its right are all known.

use super::equation::{Equation, Expr, Letter, Op};
use super::AlphameticsParams;
use crate::core::format::html_text as text;
use crate::core::link::{Link, LinkParams};
use crate::core::replay::{Assignment, Pictures};
use std::fmt::Write;

/// The link's equation drawn with the values so far.
pub fn link_pictures(link: &Link) -> Pictures {
    let equation = AlphameticsParams::from_link(link).0.equation;
    Pictures::Values(Box::new(move |assigned| picture(&equation, assigned)))
}

/// Each letter's digit and cause so far (`None`: no digit yet).
type Known<'a> = Vec<Option<(u32, &'a str)>>;

/// The equation with the digits of `assigned`: in columns when it is a sum of words equal to
/// one word, else written out in a line.
pub fn picture(equation: &Equation, assigned: &[Assignment]) -> String {
    let mut known: Known = vec![None; equation.letters.len()];
    for (cell, value, cause) in assigned {
        let mut chars = cell.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => equation.letters.iter().position(|&l| l == c),
            _ => None,
        };
        if let Some(i) = letter {
            known[i] = Some((*value, cause.as_str()));
        }
    }
    match (addends(&equation.left), &equation.right) {
        (Some(terms), Expr::Word(total)) => columns(equation, &terms, total, &known),
        _ => in_a_line(equation, &known),
    }
}

/// The words of a sum of words, or `None` when the side is anything else.
fn addends(expr: &Expr) -> Option<Vec<&[Letter]>> {
    match expr {
        Expr::Word(word) => Some(vec![word.as_slice()]),
        Expr::Binary(Op::Add, left, right) => {
            let mut words = addends(left)?;
            words.extend(addends(right)?);
            Some(words)
        }
        _ => None,
    }
}

/// One letter's cell: the letter, and under it its digit (or a dot while it has none).
fn letter_cell(equation: &Equation, letter: Letter, known: &Known, html: &mut String) {
    let name = text(&equation.letters[letter].to_string());
    match known[letter] {
        Some((digit, cause)) => {
            let _ = write!(
                html,
                "<td class=\"cause-{cause}\"><span class=\"letter\">{name}</span><span class=\"digit\">{digit}</span></td>"
            );
        }
        None => {
            let _ = write!(
                html,
                "<td class=\"open\"><span class=\"letter\">{name}</span><span class=\"digit\" aria-label=\"no digit yet\">·</span></td>"
            );
        }
    }
}

/// The carry into each column, counted from the right (column 0 has none): known while every
/// letter of the terms to its right has a digit.
fn carries(terms: &[&[Letter]], width: usize, known: &Known) -> Vec<Option<u32>> {
    let mut carries = vec![Some(0)];
    for column in 0..width {
        let sum = carries[column].and_then(|carry_in| {
            terms.iter().try_fold(carry_in, |sum, word| match word.len().checked_sub(column + 1) {
                Some(i) => known[word[i]].map(|(digit, _)| sum + digit),
                None => Some(sum),
            })
        });
        carries.push(sum.map(|s| s / 10));
    }
    carries
}

/// The sum written in columns: a row of carries, the terms, a rule, the total.
fn columns(equation: &Equation, terms: &[&[Letter]], total: &[Letter], known: &Known) -> String {
    let width = terms.iter().map(|w| w.len()).chain([total.len()]).max().unwrap_or(0);
    let carries = carries(terms, width, known);
    let mut html = format!(
        "<figure class=\"search-alphametic\"><table class=\"alphametic-columns\"><caption>{}: the sum column by column</caption><tbody>",
        text(&equation.text)
    );
    html.push_str("<tr class=\"carries\"><th scope=\"row\">carry</th>");
    for column in (0..width).rev() {
        // The units column has no carry in.
        match carries[column].filter(|_| column > 0) {
            Some(carry) => {
                let _ = write!(html, "<td>{carry}</td>");
            }
            None => html.push_str("<td></td>"),
        }
    }
    html.push_str("</tr>");
    let rows = terms.iter().enumerate().map(|(i, word)| (if i + 1 == terms.len() { "+" } else { "" }, *word));
    for (sign, word) in rows.chain([("=", total)]) {
        let class = if sign == "=" { " class=\"total\"" } else { "" };
        let _ = write!(html, "<tr{class}><th scope=\"row\">{sign}</th>");
        for _ in word.len()..width {
            html.push_str("<td class=\"blank\"></td>");
        }
        for &letter in word {
            letter_cell(equation, letter, known, &mut html);
        }
        html.push_str("</tr>");
    }
    html.push_str(
        "</tbody></table><figcaption>Under each letter its digit so far (· none yet), coloured by \
         why it has it. Above each column the carry into it, once every column to its right is \
         known.</figcaption></figure>",
    );
    html
}

/// Any other equation: its text, each letter with its digit under it.
fn in_a_line(equation: &Equation, known: &Known) -> String {
    let mut html = format!(
        "<figure class=\"search-alphametic\"><table class=\"alphametic-line\"><caption>{}</caption><tbody><tr>",
        text(&equation.text)
    );
    for c in equation.text.chars().filter(|c| *c != ' ') {
        match equation.letters.iter().position(|&l| l == c) {
            Some(letter) => letter_cell(equation, letter, known, &mut html),
            None => {
                let _ = write!(html, "<td class=\"operator\">{}</td>", text(&c.to_string()));
            }
        }
    }
    html.push_str(
        "</tr></tbody></table><figcaption>Under each letter its digit so far (· none yet), \
         coloured by why it has it.</figcaption></figure>",
    );
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assigned(pairs: &[(&str, u32)]) -> Vec<Assignment> {
        pairs.iter().map(|&(l, d)| (l.to_string(), d, "single".to_string())).collect()
    }

    /// The digits of a drawn row, in order ('·' for none).
    fn row_digits(html: &str, row: usize) -> String {
        let row = html.split("<tr").nth(row + 1).unwrap();
        row.split("class=\"digit\"")
            .skip(1)
            .map(|cell| cell.split('>').nth(1).unwrap().chars().next().unwrap())
            .collect()
    }

    #[test]
    fn a_sum_is_drawn_in_columns_with_the_carries_known_so_far() {
        let equation = Equation::parse("SEND + MORE == MONEY").unwrap();
        let empty = picture(&equation, &[]);
        assert_eq!(row_digits(&empty, 1), "····");
        assert!(!empty.contains("<td>1</td>"), "no carry is known before any digit");
        let solved =
            assigned(&[("S", 9), ("E", 5), ("N", 6), ("D", 7), ("M", 1), ("O", 0), ("R", 8), ("Y", 2)]);
        let html = picture(&equation, &solved);
        assert_eq!(row_digits(&html, 1), "9567");
        assert_eq!(row_digits(&html, 2), "1085");
        assert_eq!(row_digits(&html, 3), "10652");
        // 7 + 5 = 12, 6 + 8 + 1 = 15, 5 + 0 + 1 = 6, 9 + 1 = 10: carries 1, 1, 0, 1.
        let carries = html.split("<tr").nth(1).unwrap();
        assert!(carries.contains("<td>1</td><td>0</td><td>1</td><td>1</td><td></td>"), "{carries}");
        // D alone: the units column still lacks E, so no carry is known.
        let partial = picture(&equation, &assigned(&[("D", 7)]));
        assert!(!partial.split("<tr").nth(1).unwrap().contains("<td>1</td>"));
    }

    #[test]
    fn other_equations_are_written_out_in_a_line() {
        let equation = Equation::parse("PI * R ** 2 == AREA").unwrap();
        let html = picture(&equation, &assigned(&[("P", 9), ("R", 1)]));
        assert!(html.contains("alphametic-line"));
        assert_eq!(row_digits(&html, 0), "9·1·1··");
        assert!(html.contains("<td class=\"operator\">*</td>"));
    }
}
