//! What a cell may be written as, shared by the readers, the size a board
//! gets from its cells, and the wording of their messages.
//!
//! - a *cell character* (`line`, `digits`, `euler`, js strings): a symbol
//!   of the board's convention ([`crate::board::symbol`]): `1`-`9`, `0` or `.` for
//!   a blank up to 9×9; above, `1-9A..` (blank `.`/`0`) or letters `A..`
//!   (blank `-`/`.`);
//! - a *number token*: `0`-`N` in `spaced`, also `05`, `-0` and `.` for a
//!   blank; js number cells are written plainly (`7`, `12`), see `js.rs`.
//!
//! A board's size comes from its cells (a `line` puzzle's cell count, the
//! length of a row), unless `--box` gives the shape ([`Sizing`]); its
//! convention is digits up to 9×9 and detected above, unless `--symbols`
//! gives it ([`convention`]).

use super::Sizing;
use crate::board::shape::{Shape, ShapeError, MAX_SIZE};
use crate::board::symbol::{self, Convention, SymbolError};

/// `'x' is not a digit 0-9 or '.'`
pub(crate) fn not_a_cell(ch: char) -> String {
    format!("'{}' is not a digit 0-9 or '.'", shown_char(ch))
}

/// True for a character that is a symbol or a blank in some convention:
/// `0`-`9`, `A`-`Z`, `.`, `-`.
pub(crate) fn is_symbol(ch: char) -> bool {
    ch.is_ascii_digit() || ch.is_ascii_uppercase() || ch == '.' || ch == '-'
}

/// The convention of an N×N board whose cell characters are `chars`: the
/// forced one, else digits up to 9×9, else [`Convention::detect`].
pub(crate) fn convention<I: IntoIterator<Item = char>>(
    sizing: Sizing,
    n: usize,
    chars: I,
) -> Convention {
    match sizing.symbols {
        Some(forced) => forced,
        None if n <= 9 => Convention::Digits,
        None => Convention::detect(chars),
    }
}

/// The value of cell character `ch` on an N×N board written in `conv`.
/// Boards up to 9×9 in digits keep the 9×9 reader's message for anything
/// that is no digit: `'x' is not a digit 0-9 or '.'`.
#[inline]
pub(crate) fn symbol_value(conv: Convention, ch: char, n: usize) -> Result<u8, String> {
    match conv.read(ch, n) {
        Ok(v) => Ok(v),
        Err(e) => Err(symbol_message(conv, ch, n, e)),
    }
}

/// The message of [`symbol_value`]'s error.
#[cold]
fn symbol_message(conv: Convention, ch: char, n: usize, e: SymbolError) -> String {
    match e {
        SymbolError::LetterInDigits(..) | SymbolError::LettersBlank(..) if n <= 9 => {
            SymbolError::Unknown(ch, n, conv).to_string()
        }
        e => e.to_string(),
    }
}

/// The value of a number token on an N×N board (`0`..`N`, also `05`, `00`;
/// `.` is a blank): the messages of [`number_value`] at 9×9.
pub(crate) fn sized_number(tok: &str, n: usize) -> Result<u8, String> {
    symbol::read_number(tok, n).map_err(|e| e.to_string())
}

/// The smallest side read from a board's cells: 4×4. Smaller boards (1×1)
/// are read only with `--box`.
const MIN_READ: usize = 4;

/// The shape of a board of `cells` cells (`--box` when given). A count
/// that is no board says which count was expected: the nearest board's
/// (`expected 81 cells, found 80`; 81 below 16 cells), or the shape's when
/// forced.
pub(crate) fn shape_of(cells: usize, sizing: Sizing) -> Result<Shape, String> {
    if cells == 81 && sizing.shape.is_none() {
        return Ok(Shape::CLASSIC);
    }
    let expected = |want: usize| format!("expected {} cells, found {}", want, cells);
    if let Some(shape) = sizing.shape {
        return match shape.check_cells(cells) {
            Ok(()) => Ok(shape),
            Err(_) => Err(expected(shape.cell_count())),
        };
    }
    if cells > MAX_SIZE * MAX_SIZE {
        return Err(format!(
            "expected at most {} cells ({}x{}), found {}",
            MAX_SIZE * MAX_SIZE,
            MAX_SIZE,
            MAX_SIZE,
            cells
        ));
    }
    match Shape::from_cells(cells) {
        Ok(shape) if shape.size() >= MIN_READ => Ok(shape),
        Err(e @ ShapeError::NoBoxShape(_)) if cells > MIN_READ * MIN_READ => Err(e.to_string()),
        _ if cells < MIN_READ * MIN_READ => Err(expected(81)),
        _ => {
            let nearest = (MIN_READ..=MAX_SIZE)
                .map(|n| n * n)
                .filter(|&c| Shape::from_cells(c).is_ok())
                .min_by_key(|&c| c.abs_diff(cells))
                .unwrap_or(81);
            Err(expected(nearest))
        }
    }
}

/// The shape of a board whose rows hold `n` cells (`--box` when given);
/// `None` for rows too short for any board (fewer than 4 cells), which the
/// caller reports as a short row.
pub(crate) fn shape_of_rows(n: usize, sizing: Sizing) -> Option<Result<Shape, String>> {
    match sizing.shape {
        Some(shape) => Some(Ok(shape)),
        None if n < MIN_READ => None,
        None => {
            Some(Shape::for_size(n).map_err(|e| format!("rows of {}: {}", count(n, "cell"), e)))
        }
    }
}

/// 1-based character column of byte offset `byte` in `line`.
pub(crate) fn column(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

/// `1 row`, `8 rows`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    format!("{} {}{}", n, noun, if n == 1 { "" } else { "s" })
}

pub(crate) use crate::board::symbol::{shown, shown_char};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_characters_and_number_tokens() {
        let digits = Convention::Digits;
        assert_eq!(symbol_value(digits, '.', 9), Ok(0));
        assert_eq!(symbol_value(digits, '7', 9), Ok(7));
        assert_eq!(symbol_value(digits, 'G', 16), Ok(16));
        assert_eq!(symbol_value(Convention::Letters, 'G', 16), Ok(7));
        for bad in ['x', 'A', '-'] {
            assert_eq!(
                symbol_value(digits, bad, 9).unwrap_err(),
                format!("'{}' is not a digit 0-9 or '.'", bad)
            );
        }
        assert_eq!(not_a_cell('\t'), "'\\t' is not a digit 0-9 or '.'");
        for (tok, v) in [
            ("0", 0),
            ("9", 9),
            ("05", 5),
            ("00", 0),
            (".", 0),
            ("000", 0),
        ] {
            assert_eq!(sized_number(tok, 9), Ok(v), "{}", tok);
        }
        assert_eq!(sized_number("16", 16), Ok(16));
        assert_eq!(sized_number("10", 9).unwrap_err(), "10 is out of range 0-9");
        assert_eq!(
            sized_number("-1", 9).unwrap_err(),
            "'-1' is not a number 0-9"
        );
        assert_eq!(
            sized_number("-0", 9).unwrap_err(),
            "'-0' is not a number 0-9"
        );
        assert_eq!(
            sized_number("+1", 9).unwrap_err(),
            "'+1' is not a number 0-9"
        );
        assert_eq!(sized_number("a", 9).unwrap_err(), "'a' is not a number 0-9");
        assert_eq!(sized_number("-", 9).unwrap_err(), "'-' is not a number 0-9");
    }

    #[test]
    fn shapes_from_counts_name_the_nearest_board() {
        let free = Sizing::default();
        assert_eq!(shape_of(81, free), Ok(Shape::CLASSIC));
        assert_eq!(
            shape_of(80, free).unwrap_err(),
            "expected 81 cells, found 80"
        );
        assert_eq!(shape_of(9, free).unwrap_err(), "expected 81 cells, found 9");
        assert_eq!(
            shape_of(250, free).unwrap_err(),
            "expected 256 cells, found 250"
        );
        assert!(shape_of(49, free).unwrap_err().contains("--box 1x7"));
        assert_eq!(shape_of_rows(3, free), None);
        assert!(shape_of_rows(7, free)
            .unwrap()
            .unwrap_err()
            .starts_with("rows of 7 cells"));
    }

    #[test]
    fn messages_count_and_shorten() {
        assert_eq!(count(1, "row"), "1 row");
        assert_eq!(count(0, "cell"), "0 cells");
        assert_eq!(shown("short"), "short");
        assert_eq!(shown("abcdefghijklmnop"), "abcdefghijkl…");
        assert_eq!(column("é x", 3), 3);
    }
}
