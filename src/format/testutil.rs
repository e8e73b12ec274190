//! Helpers for the tests of every reader.

use super::{parse_all, Format, Puzzle, Style};
use crate::rng::Rng;
use crate::Board;

/// The board of a `line` text.
pub(crate) fn board(line: &str) -> Board {
    Board::from_line(line).unwrap()
}

/// The one puzzle of `text`, asserting there is exactly one.
pub(crate) fn only(text: &str, forced: Option<Format>) -> Puzzle {
    let mut all = parse_all(text, forced);
    assert_eq!(all.len(), 1, "{:?}", all);
    all.remove(0).unwrap()
}

/// The errors of `text`, as messages.
pub(crate) fn errors(text: &str) -> Vec<String> {
    parse_all(text, None)
        .into_iter()
        .filter_map(|r| r.err().map(|e| e.to_string()))
        .collect()
}

/// A random board with some blanks.
pub(crate) fn random_board(rng: &mut Rng) -> Board {
    let mut b = Board::EMPTY;
    for v in b.0.iter_mut() {
        *v = rng.below(10) as u8;
    }
    b
}

/// Every style a board can be read back in.
pub(crate) fn every_style() -> Vec<Style> {
    // (`walls` and `killer` are never detected, and their boards carry
    // regions or cages: their own tests read them back.)
    let mut styles: Vec<Style> = Format::ALL
        .iter()
        .filter(|&&f| f.is_readable() && !matches!(f, Format::Walls | Format::Killer))
        .map(|&f| Style::new(f))
        .collect();
    for q in ['"', '\''] {
        styles.push(Style {
            format: Format::Js,
            quote: Some(q),
            label: None,
            convention: crate::board::symbol::Convention::Digits,
        });
    }
    styles.push(Style {
        format: Format::Euler,
        quote: None,
        label: Some("Grid 42".into()),
        convention: crate::board::symbol::Convention::Digits,
    });
    styles
}
