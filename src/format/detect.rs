//! Which format an input is in, and the framing lines (a count, `end`).
//!
//! The format is guessed from the first line of the first board: the
//! first line that holds anything but blanks and `#` comments, after a
//! count line when there is one (see the framing rules in the module notes).
//!
//! `[`, `let`/`const`/`var`, `NAME =`, `//` or `/*` ⇒ `js`; `Grid…` ⇒
//! `euler`; ` | ` ⇒ `pretty` (which then reads as one error, "cannot be
//! read back"); several short words, or one character ⇒ `spaced`; one
//! word of at most 25 characters ⇒ `digits` (a row: 9 for 9×9, 16 for
//! 16×16); anything else ⇒ `line`. With `--box`, one word of exactly N² characters is a `line`
//! puzzle and one of N a `digits` row, whatever its length: a 4×4 `line`
//! puzzle (16 cells) reads as a 16×16 row unless `--box 2x2` or
//! `--from line` says otherwise.

use super::{puzzles_framed, Cases, Format};
use crate::board::shape::{Shape, MAX_SIZE};

/// The format of `text`'s boards, framed as [`Cases::Auto`] says (see the
/// module notes): a count line is looked past; `None` when the text holds
/// no board (only blanks and `#` comments, or a closing `end` first).
/// O(length of the lines looked at).
pub fn detect(text: &str) -> Option<Format> {
    puzzles_framed(text, None, Cases::Auto).format()
}

/// The format of a board whose first line is `line` (not blank, not a
/// `#` comment), on boards of `shape` when `--box` forced one.
pub(crate) fn detect_line(line: &str, shape: Option<Shape>) -> Format {
    let t = line.trim();
    if t.starts_with('[') || t.starts_with('/') || js_prefix(t) {
        return Format::Js;
    }
    if is_grid_header(t) {
        return Format::Euler;
    }
    if t.contains(" | ") {
        return Format::Pretty;
    }
    let mut words = t.split_whitespace();
    let first = words.next().unwrap_or("");
    let first_len = first.chars().take(MAX_SIZE + 1).count();
    let several = words.next().is_some();
    // One number alone is a row of numbers: a 1×1 board (UVa 989's n = 1)
    // or a stray number; a row of symbols has at least 4.
    if (several && first_len <= 2) || first_len == 1 {
        return Format::Spaced;
    }
    if let Some(shape) = shape {
        // A line puzzle may carry text after its cells (`gen
        // --with-solution` puts the solution there).
        let len = first.chars().count();
        if len == shape.cell_count() {
            return Format::Line;
        }
        if len == shape.size() && !several {
            return Format::Digits;
        }
    }
    if first_len <= MAX_SIZE {
        Format::Digits
    } else {
        Format::Line
    }
}

/// True when `t` starts like a JS statement: a keyword or `NAME =`.
fn js_prefix(t: &str) -> bool {
    if !t
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
    {
        return false;
    }
    let word_end = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(t.len());
    let word = &t[..word_end];
    let rest = t[word_end..].trim_start();
    matches!(word, "let" | "const" | "var") && word_end < t.len() || rest.starts_with('=')
}

/// True for a Project Euler header line (`Grid 01`), case-insensitive.
pub(crate) fn is_grid_header(t: &str) -> bool {
    t.trim()
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("grid"))
}

/// The count T when `line` holds one whole number of 1 to 7 digits and
/// nothing else (spaces aside). A 9×9 row has 9 cells and a `line` puzzle
/// 16 or more, so no such row is read as a count; a row of a smaller board
/// is told apart by the line after it (see `Reader::count_follows`).
pub(crate) fn count_of(line: &str) -> Option<usize> {
    let t = line.trim();
    if t.is_empty() || t.len() > 7 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// True for the line `end` that closes an input (POJ 3074).
pub(crate) fn is_end(line: &str) -> bool {
    line.trim() == "end"
}

#[cfg(test)]
mod tests {
    use super::super::testutil::board;
    use super::*;
    use crate::testdata::WIKI;

    #[test]
    fn detection_names_each_format() {
        let b = board(WIKI);
        assert_eq!(detect(&b.to_line()), Some(Format::Line));
        assert_eq!(detect(&b.to_spaced()), Some(Format::Spaced));
        assert_eq!(detect(&b.to_digit_rows()), Some(Format::Digits));
        assert_eq!(detect(&b.to_js(None)), Some(Format::Js));
        assert_eq!(detect(&b.to_euler("Grid 01")), Some(Format::Euler));
        assert_eq!(detect("# c\n\n// js?\nvar x=[]"), Some(Format::Js));
        assert_eq!(detect("board = [[1]]"), Some(Format::Js));
        assert_eq!(detect("/* hi */ [[1]]"), Some(Format::Js));
        assert_eq!(detect("grid 7\n"), Some(Format::Euler));
        assert_eq!(detect("5 3 . . 7 . . . ."), Some(Format::Spaced));
        assert_eq!(detect("53..7...."), Some(Format::Digits));
        assert_eq!(detect(&format!("{} 3.5 rating", WIKI)), Some(Format::Line));
        assert_eq!(detect("\n \r\n# only comments\n"), None);
        assert_eq!(detect(""), None);
    }

    #[test]
    fn detection_looks_past_a_count_and_stops_at_end() {
        let b = board(WIKI);
        assert_eq!(
            detect(&format!("2\n{}", b.to_spaced())),
            Some(Format::Spaced)
        );
        assert_eq!(detect(&format!("1\n\n{}", b.to_line())), Some(Format::Line));
        assert_eq!(detect("end\n"), None);
        // A lone number with nothing after it is a (bad) board of numbers.
        assert_eq!(detect("5\n"), Some(Format::Spaced));
    }

    #[test]
    fn counts_are_short_whole_numbers() {
        assert_eq!(count_of(" 3 "), Some(3));
        assert_eq!(count_of("0012"), Some(12));
        assert_eq!(count_of("9999999"), Some(9_999_999));
        for not in ["", "12345678", "123456789", "-1", "+2", "3 4", "1.", "x"] {
            assert_eq!(count_of(not), None, "{:?}", not);
        }
        assert!(is_end("end") && is_end(" end\t"));
        assert!(!is_end("END") && !is_end("the end"));
    }
}
