//! How the values of a board are written in its answers, as the kit's
//! writer writes them back ([`crate::format::render`]): one character a
//! cell in the board's convention (digits up to 9×9; digits and letters,
//! or letters, above), or numbers where the format writes numbers
//! (`spaced`, js number cells) above 9×9. Messages name values the same
//! way.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use crate::format::{Format, Style};

/// How the values of a board are written in its answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Symbols {
    /// One character a cell in this convention, on an N×N board.
    Chars(Convention, usize),
    /// Numbers 1..=N, `0` blank: the `spaced` format (and `js` number
    /// cells) above 9×9.
    Numbers(usize),
}

impl Symbols {
    /// How `style` writes the values of a board of `shape`.
    pub(super) fn of(style: &Style, shape: Shape) -> Symbols {
        let n = shape.size();
        let numbers = match style.format {
            Format::Spaced => true,
            Format::Js => style.quote.is_none(),
            _ => false,
        };
        if n > 9 && numbers {
            Symbols::Numbers(n)
        } else {
            Symbols::Chars(style.convention, n)
        }
    }

    /// A value for a message: `7`, `G`, `12`.
    pub(super) fn value(self, v: u8) -> String {
        match self {
            Symbols::Chars(convention, _) => convention.write(v, '0').to_string(),
            Symbols::Numbers(_) => v.to_string(),
        }
    }

    /// The first clash of `grid`'s values, for a message, its value
    /// written this way (on 9×9: `digit 3 repeats in row 1 (r1c1 and
    /// r1c2)`, found by the 9×9 board's own scan, the fast path).
    pub(super) fn first_clash(self, grid: &Grid) -> Option<String> {
        if let Some(board) = grid.to_board() {
            return board.first_clash().map(|c| c.to_string());
        }
        let clash = grid.first_clash()?;
        Some(match self {
            Symbols::Chars(convention, _) => clash.describe(convention),
            Symbols::Numbers(_) => clash.to_string(),
        })
    }

    /// What a cell is, for a message: `a digit`, `a symbol`, `a letter`,
    /// `a number`.
    pub(super) fn kind(self) -> &'static str {
        match self {
            Symbols::Chars(Convention::Digits, n) if n <= 9 => "a digit",
            Symbols::Chars(Convention::Digits, _) => "a symbol",
            Symbols::Chars(Convention::Letters, _) => "a letter",
            Symbols::Numbers(_) => "a number",
        }
    }

    /// What a cell should be, for a message: `a digit 1-9`, `a symbol
    /// 1-9, A-G`, `a letter A-P`, `a number 1-16`.
    pub(super) fn expected(self) -> String {
        let span = match self {
            Symbols::Chars(convention, n) => {
                let range = convention.range(n);
                range
                    .split_once(' ')
                    .map_or(range.clone(), |(_, span)| span.to_string())
            }
            Symbols::Numbers(n) => format!("1-{}", n),
        };
        format!("{} {}", self.kind(), span)
    }

    /// True for a character that counts as a cell when the cells of a
    /// line are counted.
    pub(super) fn cell_like(self, c: char) -> bool {
        match self {
            Symbols::Chars(Convention::Digits, n) if n <= 9 => c.is_ascii_digit() || c == '.',
            Symbols::Chars(..) => c.is_ascii_alphanumeric() || matches!(c, '.' | '-'),
            Symbols::Numbers(_) => c.is_ascii_digit() || c == '.',
        }
    }

    /// The cells of `line`: characters, or runs of digits for numbers.
    pub(super) fn count_cells(self, line: &[char]) -> usize {
        let mut cells = 0;
        let mut in_number = false;
        for &c in line {
            let like = self.cell_like(c);
            let number = matches!(self, Symbols::Numbers(_)) && c.is_ascii_digit();
            if like && !(number && in_number) {
                cells += 1;
            }
            in_number = number;
        }
        cells
    }

    /// Reads the cell `got` starts with: its value and the characters it
    /// takes, or `None` when it is no cell (`blank` is the format's blank).
    pub(super) fn read(self, got: &[char], blank: char) -> Option<(u8, usize)> {
        let c = *got.first()?;
        match self {
            // The 9×9 digits, first: the common case.
            Symbols::Chars(Convention::Digits, 9) if c.is_ascii_digit() && c != '0' => {
                Some((c as u8 - b'0', 1))
            }
            Symbols::Chars(convention, n) => {
                let blanks: &[char] = match convention {
                    Convention::Digits => &['0'],
                    Convention::Letters => &['-', '.'],
                };
                if c == blank || blanks.contains(&c) {
                    return Some((0, 1));
                }
                match convention.read(c, n) {
                    Ok(v) if v > 0 => Some((v, 1)),
                    _ => None,
                }
            }
            Symbols::Numbers(n) => {
                let len = got.iter().take_while(|c| c.is_ascii_digit()).count();
                if len == 0 && (c == blank || c == '.') {
                    return Some((0, 1));
                }
                let number: String = got[..len].iter().collect();
                match number.parse::<usize>() {
                    Ok(v) if len <= 2 && v <= n => Some((v as u8, len)),
                    _ => None,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIGITS9: Symbols = Symbols::Chars(Convention::Digits, 9);
    const DIGITS16: Symbols = Symbols::Chars(Convention::Digits, 16);
    const LETTERS16: Symbols = Symbols::Chars(Convention::Letters, 16);
    const NUMBERS16: Symbols = Symbols::Numbers(16);

    #[test]
    fn a_style_and_a_shape_say_how_values_are_written() {
        let classic = Shape::CLASSIC;
        let big = Shape::new(4, 4).unwrap();
        let spaced = Style::new(Format::Spaced);
        assert_eq!(Symbols::of(&spaced, classic), DIGITS9);
        assert_eq!(Symbols::of(&spaced, big), NUMBERS16);
        let letters = Style {
            convention: Convention::Letters,
            ..Style::new(Format::Digits)
        };
        assert_eq!(Symbols::of(&letters, big), LETTERS16);
        let quoted = Style {
            quote: Some('"'),
            ..Style::new(Format::Js)
        };
        assert_eq!(Symbols::of(&quoted, big), DIGITS16);
        assert_eq!(Symbols::of(&Style::new(Format::Js), big), NUMBERS16);
    }

    #[test]
    fn values_and_expectations_are_named_as_written() {
        assert_eq!(
            (DIGITS9.value(7), DIGITS9.expected()),
            ("7".into(), "a digit 1-9".into())
        );
        assert_eq!(DIGITS16.value(16), "G");
        assert_eq!(DIGITS16.expected(), "a symbol 1-9, A-G");
        assert_eq!(
            (LETTERS16.value(7), LETTERS16.value(16)),
            ("G".into(), "P".into())
        );
        assert_eq!(LETTERS16.expected(), "a letter A-P");
        assert_eq!(NUMBERS16.value(16), "16");
        assert_eq!(NUMBERS16.expected(), "a number 1-16");
        let small = Symbols::Chars(Convention::Digits, 4);
        assert_eq!(
            (small.kind(), small.expected()),
            ("a digit", "a digit 1-4".into())
        );
    }

    #[test]
    fn cells_are_read_and_counted_as_written() {
        let chars = |s: &str| s.chars().collect::<Vec<char>>();
        assert_eq!(DIGITS9.read(&chars("7"), '0'), Some((7, 1)));
        assert_eq!(DIGITS9.read(&chars("0"), '.'), Some((0, 1)));
        // On 9×9 only the format's blank and 0 are blanks, as always.
        assert_eq!(DIGITS9.read(&chars("."), '0'), None);
        assert_eq!(LETTERS16.read(&chars("-"), '-'), Some((0, 1)));
        assert_eq!(LETTERS16.read(&chars("P"), '-'), Some((16, 1)));
        assert_eq!(LETTERS16.read(&chars("Q"), '-'), None);
        assert_eq!(LETTERS16.read(&chars("1"), '-'), None);
        assert_eq!(DIGITS16.read(&chars("G"), '0'), Some((16, 1)));
        assert_eq!(NUMBERS16.read(&chars("16 3"), '0'), Some((16, 2)));
        assert_eq!(NUMBERS16.read(&chars("0 3"), '0'), Some((0, 1)));
        assert_eq!(NUMBERS16.read(&chars("17"), '0'), None);
        assert_eq!(NUMBERS16.read(&chars("007"), '0'), None);
        assert_eq!(NUMBERS16.count_cells(&chars("10 2 . 16")), 4);
        assert_eq!(DIGITS9.count_cells(&chars("1 2 3")), 3);
        assert_eq!(LETTERS16.count_cells(&chars("AB-.1")), 5);
    }
}
