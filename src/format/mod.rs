//! Every text format of a board: read (auto-detected, many puzzles per
//! input, streamed) and write.
//!
//! | name     | what it is                                   | read as                        | written as |
//! |----------|----------------------------------------------|--------------------------------|------------|
//! | `line`   | a whole board on one line (81 cells at 9×9); one puzzle a line | `0` or `.` blank, `#` comments | `.` blank  |
//! | `spaced` | N lines of N numbers (BOJ 2580)              | any spacing, a row a line | `0` blank, one space |
//! | `digits` | N lines of N symbols (BOJ 2239, SPOJ SUDOKU's letters) | `0` or `.` blank (`-` in letters) | `0` blank (`-` in letters) |
//! | `js`     | JS/JSON array of N arrays of N (LeetCode 37) | numbers or 1-char strings, `let x =`, `;`, `//`, trailing commas | the input's cell style |
//! | `euler`  | `Grid NN`, then 9 digit rows (Project Euler 96) | many grids, no blank line needed | `0` blank |
//! | `pretty` | boxed rows for people                        | not read (output only)         | `4 2 5 \| 9 7 1 \| 3 6 8`, `------+-------+------`, `.` blank; a jigsaw's walls |
//! | `walls`  | N lines of N numbers, value + walls (HDU 4069) | `--from walls` only; the walls give a jigsaw's regions | every wall on both sides, the edge too |
//! | `killer` | N lines `cells marks`, then `MARK=SUM` words (CodinGame) | `--from killer` only; the marks and sums give the cages | `.` blank, `.` marks outside cages |
//!
//! # Every size
//!
//! `line`, `spaced`, `digits`, `js` and `pretty` hold boards of every
//! size from 4×4 to 25×25 (boxes R×C, see [`crate::board::shape`]); `euler` is
//! 9×9. A board's size comes from its cells: a `line` puzzle's cell count
//! (16 → 4×4, 36 → 6×6 with 2×3 boxes, 81 → 9×9, 256 → 16×16), the
//! length of a board's rows (see `rows.rs`) or a js board's row count; [`Sizing`] (`--box RxC`)
//! gives the shape instead, e.g. 3×2 boxes for a 6×6 board. Up to 9×9 the
//! symbols are digits; above, a board is in digits-and-letters (`1-9A..`,
//! `.`/`0` blank) or in letters (`A..`, `-`/`.` blank), detected from its
//! characters by the rule of [`crate::board::symbol`] or forced (`--symbols`),
//! and written back in the convention it was read in ([`Style::convention`]).
//! Numbers (`spaced`) are `0` to N at every size.
//!
//! Two texts read differently from what one might mean: one word of 16
//! symbols is a 16×16 row, not a 4×4 `line` puzzle (give `--box 2x2` or
//! `--from line`), and a row shorter than 4 cells is a short 9×9 row.
//!
//! Glossary: a *puzzle* is one board read from an input, numbered from 1
//! in its input; a *row* is one of its 9 rows; *line* and *column* are
//! 1-based positions in the input (columns count characters). Several
//! boards in a multi-line format are separated by one blank line on output.
//!
//! # The files of this module, one concern each
//!
//! | file | concern |
//! |---|---|
//! | `source.rs` | the input as numbered lines, from any `BufRead`: UTF-8, CRLF, BOM, limits |
//! | `detect.rs` | which format an input is in |
//! | `framing.rs` | how an input frames its boards ([`Cases`]): a count, `end`, one, to the end; the [`Reader`] |
//! | `cells.rs` | what a cell may be written as, and the rows of digits and numbers |
//! | `rows.rs` | boards of 9 row lines (`spaced`, `digits`): rows collected across blank lines |
//! | `line.rs`, `spaced.rs`, `digits.rs`, `js.rs`, `euler.rs`, `walls.rs`, `killer.rs` | one reader per format |
//! | `render.rs` | writing boards: [`render`], [`render_many`], `Board::to_*` |
//!
//! Each reader takes one board from the source (`source.rs`) where the
//! framing left it and returns its cells (or a syntax error); they know
//! nothing of puzzle numbers, counts or `end` lines. They return a
//! [`Grid`] of the size they read; [`Puzzle::board`] gives the 9×9
//! [`Board`] that the 9×9 commands and engine take.
//!
//! # Framing (see [`Cases`])
//!
//! Judges frame their inputs in four ways, and the reader understands each:
//! a first line holding one number T followed by T boards (POJ 2676, SPOJ
//! SUDOGOB, SPOJ SUDOKU), boards until a line `end` (POJ 3074), boards
//! separated by blank lines to the end of the input (Kattis sudokunique),
//! and exactly one board (BOJ 2580, BOJ 2239, LeetCode 37).
//!
//! With [`Cases::Auto`] (what the commands and [`detect`] use unless told
//! otherwise; [`puzzles`] and [`parse_all`] read [`Cases::Eof`], boards to
//! the end, as they always did) the rule is:
//!
//! - **count**: when the first line that is not blank or a `#` comment holds
//!   one whole number of 1 to 7 digits and more lines follow it, it is the
//!   count T. Exactly T boards must follow: fewer is an error naming the
//!   count's line, one more is an error naming the line where it starts
//!   (and reading stops there). A lone number with nothing after it is read
//!   as a board (and is an error), and so is a number followed by a line
//!   of as many characters without spaces (`1234` then `3412`: the first
//!   rows of a 4×4 `digits` board). The one ambiguity: UVa 989's first line
//!   is a box size `n` (3 for 9×9), not a count; UVa 989 inputs are read
//!   with the framing `--cases eof` only when they hold one case without
//!   its `n` line (its `3` is otherwise taken as a count of 3).
//! - **end**: a line `end` where a board would start closes the input:
//!   nothing after it is read, as a judge's program would not read it.
//! - otherwise boards run to the end of the input.
//!
//! [`Cases::Count`], [`Cases::End`], [`Cases::Eof`] and [`Cases::One`]
//! force one framing (`cases =` in `judge.conf`, `--cases` on the
//! commands): `count` requires the count line, `end` reads until an `end`
//! line (the end of the input also closes), `eof` gives neither a count
//! line nor `end` any meaning, and `one` reads exactly one board (a second
//! one is an error naming its line).
//!
//! # Rows across blank lines
//!
//! A board of row lines (`spaced`, `digits`, and `euler` after its header)
//! collects its 9 rows across blank lines and `#` comment lines: blank
//! lines end a board only once it has its 9 rows. So 9 digit rows with
//! blank lines between them are one board, as the judge files read them.
//! Blank lines between boards are optional, and any number is accepted.
//!
//! # Streaming, errors and limits
//!
//! A [`Reader`] reads its input line by line: memory does not grow with
//! the input (one line, one board, and for `js` the statement being read;
//! a statement whose brackets never balance is searched for its end at most
//! 1 MiB ahead). It never stops at a bad puzzle when the next one can still
//! be found: it yields one `Result` per puzzle. It checks syntax only;
//! clashing givens are [`Board::first_clash`]'s business.
//!
//! An input that cannot be read (an I/O error, bytes that are not UTF-8, a
//! line longer than 1 MiB) ends the reading: the reader yields one last
//! error naming the line (the board being read then is dropped) and
//! [`Reader::is_unreadable`] says so. A text is always readable, except
//! for a line longer than 1 MiB.

mod cells;
mod detect;
mod digits;
mod euler;
mod framing;
mod js;
mod killer;
mod line;
mod render;
mod rows;
mod separator;
mod source;
mod spaced;
#[cfg(test)]
mod testutil;
mod walls;

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use crate::board::Board;
use std::fmt;
use std::str::FromStr;

pub use detect::detect;
pub use framing::Cases;
pub use framing::Reader;
pub use line::plain_board;
pub use render::{jigsaw_lines, render, render_many, separator, Cells};
pub use separator::{Separator, MAX_SEPARATOR};
pub use source::{io_message, read_small_text, WaitHook, MAX_LINE, SMALL_TEXT};
pub(crate) use source::{RawError, RawLines};

// ---------------------------------------------------------------- names

/// A text format of a board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// 81 cells on one line, `0` or `.` blank; written with `.`. Text
    /// after the cells and a space, tab, `,`, `;` or `#` is ignored.
    Line,
    /// 9 lines of 9 numbers separated by spaces (BOJ 2580), a row a line.
    Spaced,
    /// 9 lines of 9 digits (BOJ 2239); `.` is read as a blank.
    Digits,
    /// A JS/JSON array literal of 9 arrays of 9 cells (numbers, or
    /// one-character strings with `"."` blank as in LeetCode 37).
    Js,
    /// Project Euler 96: a `Grid NN` line then 9 rows of digits.
    Euler,
    /// Boxed rows for people; output only.
    Pretty,
    /// HDU 4069's cells: a value plus its walls (16 up, 32 right, 64 down,
    /// 128 left), which outline a jigsaw's regions; never detected.
    Walls,
    /// CodinGame's killer boards: each row's cells beside its cage marks,
    /// then `MARK=SUM` words; never detected.
    Killer,
}

impl Format {
    /// Every format, in the order the help texts list them.
    pub const ALL: [Format; 8] = [
        Format::Line,
        Format::Spaced,
        Format::Digits,
        Format::Js,
        Format::Euler,
        Format::Pretty,
        Format::Walls,
        Format::Killer,
    ];

    /// The lowercase name used by `--from` / `--to`: `line`, `spaced`, …
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Spaced => "spaced",
            Format::Digits => "digits",
            Format::Js => "js",
            Format::Euler => "euler",
            Format::Pretty => "pretty",
            Format::Walls => "walls",
            Format::Killer => "killer",
        }
    }

    /// True for the formats that can be read (all but `pretty`).
    pub fn is_readable(self) -> bool {
        self != Format::Pretty
    }

    /// The variant rules a board of this format writes itself (`walls`
    /// its regions, `killer` its cages), which `--x`, `--regions` and
    /// `--cages` cannot add to; `None` for the other formats.
    pub fn own_rules(self) -> Option<&'static str> {
        match self {
            Format::Walls => Some("regions"),
            Format::Killer => Some("cages"),
            _ => None,
        }
    }

    /// True when one board takes several lines (all but `line`).
    pub fn is_multi_line(self) -> bool {
        self != Format::Line
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    /// Parses a lowercase name; the error lists the known ones.
    fn from_str(s: &str) -> Result<Format, String> {
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown format `{}` (formats: line, spaced, digits, js, euler, pretty, walls, \
                     killer)",
                    s
                )
            })
    }
}

/// How a board was written, so that it can be written back the same way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Style {
    /// The format.
    pub format: Format,
    /// For `js`: the quote character of string cells (`"` or `'`), or
    /// `None` for number cells.
    pub quote: Option<char>,
    /// For `euler`: the header line, e.g. `Grid 01`.
    pub label: Option<String>,
    /// How values are written as one character (boards above 9×9 may be
    /// in letters); numbers (`spaced`, js number cells) do not use it.
    pub convention: Convention,
}

impl Style {
    /// The plain style of `format`: number cells, no label, digits.
    pub fn new(format: Format) -> Style {
        Style {
            format,
            quote: None,
            label: None,
            convention: Convention::Digits,
        }
    }
}

/// What a reader is told about the boards' size and symbols (`--box`,
/// `--symbols`); by default both are read from each board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Sizing {
    /// The box shape every board must have, instead of the one its cell
    /// count or row length gives.
    pub shape: Option<Shape>,
    /// The convention every board is written in, instead of the detected one.
    pub symbols: Option<Convention>,
    /// One more character read as a blank cell, as `.` is (`?` in HDU 1426
    /// and HDU 3111, `*` in HDU 5547); see [`blank_char`].
    pub blank: Option<char>,
    /// A line that may stand between two boards (HDU 3111's `---`): read
    /// as a blank line.
    pub separator: Option<Separator>,
}

/// Checks a character asked for as an extra blank (`--blank`, `blank =`):
/// one ASCII punctuation character other than `#` (a comment), `.` and `-`
/// (blanks already), or `,`, `;`, `[`, `]`, `'`, `"` (js syntax). The error
/// says what is allowed.
pub fn blank_char(text: &str) -> Result<char, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) if ch.is_ascii_punctuation() && !"#.-,;[]'\"".contains(ch) => Ok(ch),
        _ => Err(format!(
            "`{}`: expected one punctuation character such as ? or * (not # . - , ; [ ] ' \")",
            text
        )),
    }
}

impl From<Format> for Style {
    fn from(format: Format) -> Style {
        Style::new(format)
    }
}

/// One board read from an input, with where and how it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The cells read, of any size (givens may still clash).
    pub grid: Grid,
    /// How it was written.
    pub style: Style,
    /// 1-based number of the puzzle in its input.
    pub number: usize,
    /// 1-based line where it starts.
    pub line: usize,
}

impl Puzzle {
    /// The board, when it is 9×9 with 3×3 boxes (the kit's fast path).
    pub fn board(&self) -> Option<Board> {
        self.grid.to_board()
    }
}

/// A syntax error, with its position. A field of 0 means "not known" and
/// is left out of the message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// 1-based number of the puzzle in its input (0 when reading one board,
    /// or when the error is about the input rather than one puzzle).
    pub puzzle: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters (0 when the whole line is at fault).
    pub column: usize,
    /// What is wrong, e.g. `'x' is not a digit 0-9 or '.'`.
    pub message: String,
}

impl ParseError {
    /// An error at `line` and `column` (0: the whole line), not yet tied
    /// to a puzzle (the framing numbers it).
    pub(crate) fn at(line: usize, column: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            puzzle: 0,
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    /// `puzzle 2, line 11, column 4: 'x' is not a digit 0-9 or '.'`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        for (name, value) in [
            ("puzzle", self.puzzle),
            ("line", self.line),
            ("column", self.column),
        ] {
            if value > 0 {
                write!(f, "{}{} {}", sep, name, value)?;
                sep = ", ";
            }
        }
        if !sep.is_empty() {
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// What a board reader hands back: the cells, how they were written and
/// the line where the board starts; or a syntax error (not yet numbered).
pub(crate) type BoardRead = Result<(Grid, Style, usize), ParseError>;

// ---------------------------------------------------------------- texts

/// The iterator of [`puzzles`]: a [`Reader`] over a text.
pub type Puzzles<'a> = Reader<&'a [u8]>;

/// Every puzzle of `text`, in order: a board or the error that spoiled
/// it. `forced` skips detection; `None` detects the format once for the
/// whole text. Boards run to the end of the text ([`Cases::Eof`]: a count
/// line or `end` is no framing here; [`puzzles_framed`] reads them). An
/// empty vector means the text holds no puzzle at all. Syntax only:
/// clashing givens are not errors here. O(n).
pub fn parse_all(text: &str, forced: Option<Format>) -> Vec<Result<Puzzle, ParseError>> {
    puzzles(text, forced).collect()
}

/// Like [`parse_all`], one puzzle at a time (for huge inputs).
/// [`Puzzles::format`](Reader::format) is known at once.
pub fn puzzles(text: &str, forced: Option<Format>) -> Puzzles<'_> {
    puzzles_framed(text, forced, Cases::Eof)
}

/// Like [`puzzles`], framed as `cases` says (see the module notes):
/// `Cases::Auto` reads a count line and an `end` line as the commands do.
pub fn puzzles_framed(text: &str, forced: Option<Format>, cases: Cases) -> Puzzles<'_> {
    let mut reader = Reader::new(text.as_bytes(), forced, cases);
    reader.start();
    reader
}

/// Exactly one 9×9 board of `text` in `format`, errors without a puzzle
/// number.
fn parse_one(text: &str, format: Format) -> Result<Board, ParseError> {
    let mut all = puzzles_framed(text, Some(format), Cases::One);
    let first = match all.next() {
        Some(r) => r.map_err(|e| ParseError { puzzle: 0, ..e })?,
        None => return Err(ParseError::at(1, 0, "no board found")),
    };
    if let Some(Err(e)) = all.next() {
        return Err(ParseError { puzzle: 0, ..e });
    }
    first.board().ok_or_else(|| {
        let message = format!(
            "expected a 9x9 board, found {}",
            first.grid.shape().describe()
        );
        ParseError::at(first.line, 0, message)
    })
}

impl Board {
    /// Reads one `line` board (81 cells, `0` or `.` blank). O(n).
    pub fn from_line(text: &str) -> Result<Board, ParseError> {
        parse_one(text, Format::Line)
    }

    /// Reads one `spaced` board (9 lines of 9 numbers). O(n).
    pub fn from_spaced(text: &str) -> Result<Board, ParseError> {
        parse_one(text, Format::Spaced)
    }

    /// Reads one `digits` board (9 lines of 9 digits, `.` blank). O(n).
    pub fn from_digit_rows(text: &str) -> Result<Board, ParseError> {
        parse_one(text, Format::Digits)
    }

    /// Reads one `js` board (a JS/JSON array literal). O(n).
    pub fn from_js(text: &str) -> Result<Board, ParseError> {
        parse_one(text, Format::Js)
    }
}

// ---------------------------------------------------------------- tests

/// The behaviour every format shares: round trips, errors that point
/// inside the text, inputs that never make a reader panic.
#[cfg(test)]
mod tests {
    use super::testutil::*;
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn format_names_parse_back() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
            assert_eq!(f.to_string(), f.name());
        }
        let err = "jsn".parse::<Format>().unwrap_err();
        assert!(err.contains("unknown format `jsn`"), "{}", err);
        assert!(err.contains("euler"), "{}", err);
    }

    #[test]
    fn parse_error_display_leaves_out_unknown_parts() {
        let e = ParseError {
            puzzle: 2,
            line: 11,
            column: 4,
            message: "m".into(),
        };
        assert_eq!(e.to_string(), "puzzle 2, line 11, column 4: m");
        let e = ParseError {
            puzzle: 0,
            column: 0,
            ..e
        };
        assert_eq!(e.to_string(), "line 11: m");
    }

    #[test]
    fn every_format_reads_back_what_it_writes_on_random_boards() {
        let mut rng = Rng::new(96);
        for _ in 0..200 {
            let b = random_board(&mut rng);
            for style in every_style() {
                let text = render(&b, &style);
                let p = only(&text, None);
                assert_eq!(p.board().unwrap(), b, "{:?}\n{}", style, text);
                let mut expected = style.clone();
                if style.format == Format::Euler && style.label.is_none() {
                    expected.label = Some("Grid 01".into());
                }
                assert_eq!(p.style, expected, "{}", text);
                assert_eq!(render(&p.board().unwrap(), &p.style), text);
            }
        }
    }

    #[test]
    fn render_many_reads_back_as_many_boards() {
        let mut rng = Rng::new(2580);
        for style in every_style() {
            let boards: Vec<(Board, Style)> = (0..5)
                .map(|_| (random_board(&mut rng), style.clone()))
                .collect();
            let text = render_many(&boards);
            let back = parse_all(&text, None);
            assert_eq!(back.len(), 5, "{}", text);
            for (k, (r, (b, _))) in back.into_iter().zip(&boards).enumerate() {
                let p = r.unwrap();
                assert_eq!(&p.board().unwrap(), b);
                assert_eq!(p.number, k + 1);
            }
        }
    }

    #[test]
    fn board_from_reads_exactly_one_board() {
        let b = board(crate::testdata::WIKI);
        assert_eq!(Board::from_spaced(&b.to_spaced()), Ok(b));
        assert_eq!(Board::from_js(&b.to_js(Some('\''))), Ok(b));
        let two = format!("{}{}", b.to_line(), b.to_line());
        assert_eq!(
            Board::from_line(&two).unwrap_err().to_string(),
            "line 2: more than one board"
        );
        assert!(Board::from_line("")
            .unwrap_err()
            .message
            .contains("no board"));
        // One board: a lone number is no count and `end` no framing.
        assert_eq!(
            Board::from_digit_rows("5\n").unwrap_err().to_string(),
            "line 1: row 1 has 1 cell, expected 9"
        );
    }

    #[test]
    fn crlf_trailing_spaces_missing_newline_and_blank_tail_are_fine() {
        let b = board(crate::testdata::WIKI);
        for text in [
            b.to_spaced().replace('\n', " \r\n"),
            b.to_digit_rows().trim_end().to_string(),
            format!("{}\n\n\n", b.to_js(Some('"'))),
            format!("{}\r\n\r\n", b.to_line().trim_end()),
            b.to_euler("Grid 01").replace('\n', "\r\n"),
            format!("\u{feff}{}", b.to_line()),
        ] {
            assert_eq!(only(&text, None).board().unwrap(), b, "{:?}", text);
        }
    }

    #[test]
    fn empty_input_has_no_puzzle() {
        for text in ["", "\n\n", "  \r\n", "# nothing\n"] {
            assert!(parse_all(text, None).is_empty());
        }
    }

    #[test]
    fn forced_format_skips_detection() {
        let text = "123456789\n".repeat(9);
        assert_eq!(only(&text, None).style.format, Format::Digits);
        let errs: Vec<_> = parse_all(&text, Some(Format::Line));
        assert_eq!(errs.len(), 9);
        assert_eq!(
            errs[0].clone().unwrap_err().to_string(),
            "puzzle 1, line 1: expected 81 cells, found 9"
        );
        let pretty = parse_all(&text, Some(Format::Pretty));
        assert!(pretty[0]
            .clone()
            .unwrap_err()
            .message
            .contains("output format"));
        let drawn = Board::EMPTY.to_pretty();
        assert_eq!(detect(&drawn), Some(Format::Pretty));
        assert_eq!(
            errors(&format!("\n{}", drawn)),
            ["puzzle 1, line 2: pretty is an output format; it cannot be read back"]
        );
    }

    #[test]
    fn mangled_texts_never_panic_and_errors_point_inside_the_text() {
        let soup: Vec<char> = "[]0123456789.,;'\"/*\n\r\t #-=Gridletvarxend|é"
            .chars()
            .collect();
        let mut rng = Rng::new(37);
        let styles = every_style();
        for case in 0..3000 {
            let text: String = if case % 2 == 0 {
                (0..rng.below(300))
                    .map(|_| soup[rng.below(soup.len())])
                    .collect()
            } else {
                // A valid rendering with a few characters replaced,
                // inserted or deleted.
                let style = &styles[rng.below(styles.len())];
                let mut chars: Vec<char> = render_many(&[
                    (random_board(&mut rng), style.clone()),
                    (random_board(&mut rng), style.clone()),
                ])
                .chars()
                .collect();
                for _ in 0..1 + rng.below(3) {
                    let i = rng.below(chars.len());
                    match rng.below(3) {
                        0 => chars[i] = soup[rng.below(soup.len())],
                        1 => chars.insert(i, soup[rng.below(soup.len())]),
                        _ => {
                            chars.remove(i);
                        }
                    }
                }
                chars.into_iter().collect()
            };
            let lines = text.split('\n').count();
            for (k, r) in parse_all(&text, None).into_iter().enumerate() {
                match r {
                    Ok(p) => {
                        let n = p.grid.size() as u8;
                        assert!(p.grid.cells().iter().all(|&v| v <= n));
                        assert_eq!(p.number, k + 1, "{:?}", text);
                    }
                    Err(e) => {
                        assert!(e.line >= 1 && e.line <= lines, "{} in {:?}", e, text);
                        let line = text.split('\n').nth(e.line - 1).unwrap_or("");
                        assert!(e.column <= line.chars().count() + 1, "{} in {:?}", e, text);
                        assert!(!e.message.is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn huge_inputs_give_one_short_error() {
        let digits = "7".repeat(1_000_000);
        let errs = errors(&digits);
        assert_eq!(
            errs,
            ["puzzle 1, line 1: expected at most 625 cells (25x25), found 1000000"]
        );
        let long_row = format!("[[{}]]", "1,".repeat(100_000));
        assert_eq!(
            errors(&long_row),
            ["puzzle 1, line 1, column 53: row 1 has more than 25 cells"]
        );
        let js = format!("[[{}]]", digits);
        let errs = errors(&js);
        assert_eq!(errs.len(), 1);
        assert!(errs[0].len() < 100, "{}", errs[0]);
        assert!(errs[0].ends_with("is out of range 0-9"), "{}", errs[0]);
        let many =
            format!("{}\n", board(crate::testdata::WIKI).to_line().trim_end()).repeat(10_000);
        assert_eq!(puzzles(&many, None).filter(|r| r.is_ok()).count(), 10_000);
    }

    #[test]
    fn a_line_over_the_limit_makes_the_text_unreadable() {
        let text = format!("{}\n{}\n", crate::testdata::WIKI, "7".repeat(MAX_LINE + 1));
        let mut all = puzzles(&text, None);
        assert!(all.next().unwrap().is_ok());
        assert_eq!(
            all.next().unwrap().unwrap_err().to_string(),
            "line 2: line is longer than 1 MiB"
        );
        assert!(all.next().is_none());
        assert!(all.is_unreadable());
    }
}

/// Boards of every size: each readable format reads back what it writes,
/// in both conventions, and sizes are read as the module notes say.
#[cfg(test)]
mod sizes {
    use super::*;
    use crate::board::grid::random_puzzle;
    use crate::board::shape::boxes;
    use crate::rng::Rng;

    /// The one puzzle of `text` read with `sizing`.
    fn read(text: &str, sizing: Sizing) -> Result<Puzzle, String> {
        let mut all: Vec<_> = Reader::new(text.as_bytes(), None, Cases::Auto)
            .with_sizing(sizing)
            .collect();
        assert_eq!(all.len(), 1, "{:?}", all);
        all.remove(0).map_err(|e| e.to_string())
    }

    fn forced(r: usize, c: usize) -> Sizing {
        Sizing {
            shape: Some(boxes(r, c)),
            ..Sizing::default()
        }
    }

    #[test]
    fn an_extra_blank_character_reads_as_a_blank_in_every_format() {
        let blank = Sizing {
            blank: Some('?'),
            ..Sizing::default()
        };
        let line = "?3?".repeat(27);
        let spaced_rows = "? 3 ? 4 ? ? ? ? ?\n".to_string() + &"? ? ? ? ? ? ? ? ?\n".repeat(8);
        let digit_rows = "?3?4?????\n".to_string() + &"?????????\n".repeat(8);
        for text in [line.as_str(), &spaced_rows, &digit_rows] {
            let puzzle = read(text, blank).unwrap();
            assert_eq!(puzzle.grid.cells()[..2], [0, 3], "{}", text);
            assert!(read(text, Sizing::default()).is_err(), "{}", text);
        }
        // `?` keeps its column: a bad cell after it is named where it is.
        let bad = "?x".repeat(40) + "?";
        assert_eq!(
            read(&bad, blank).unwrap_err(),
            "puzzle 1, line 1, column 2: 'x' is not a digit 0-9 or '.'"
        );
        assert_eq!(blank_char("*"), Ok('*'));
        for wrong in ["", "??", "#", ".", "-", "a", "7", ",", "\""] {
            assert!(blank_char(wrong).is_err(), "{:?}", wrong);
        }
    }

    #[test]
    fn every_shape_and_convention_round_trips() {
        let mut rng = Rng::new(11);
        for (r, c) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
        ] {
            let shape = boxes(r, c);
            let n = shape.size();
            for convention in Convention::ALL {
                if n <= 9 && convention == Convention::Letters {
                    continue;
                }
                let grid = random_puzzle(&mut rng, shape);
                for format in [Format::Line, Format::Spaced, Format::Digits] {
                    let style = Style {
                        convention,
                        ..Style::new(format)
                    };
                    let text = render(&grid, &style);
                    // Shapes are read from the cells, but 3×2 boxes and a
                    // 4×4 line (a 16×16 row) need --box.
                    let sizing = if r > c || (n == 4 && format == Format::Line) {
                        forced(r, c)
                    } else {
                        Sizing::default()
                    };
                    let p = read(&text, sizing).unwrap_or_else(|e| panic!("{}\n{}", e, text));
                    assert_eq!(p.grid, grid, "{:?}\n{}", style, text);
                    assert_eq!(render(&p.grid, &p.style), text, "{:?}", style);
                }
            }
        }
    }

    #[test]
    fn shapes_come_from_the_cells_or_box() {
        let line6 = ".".repeat(36);
        assert_eq!(
            read(&line6, Sizing::default()).unwrap().grid.shape(),
            boxes(2, 3)
        );
        assert_eq!(
            read(&line6, forced(3, 2)).unwrap().grid.shape(),
            boxes(3, 2)
        );
        // 16 symbols on one line: a 16×16 row, unless --box 2x2.
        let line4 = "1.3.3....1.34..1";
        assert_eq!(read(line4, forced(2, 2)).unwrap().grid.shape(), boxes(2, 2));
        let rows4 = "1.3.\n3...\n.1.3\n4..1\n";
        let p = read(rows4, Sizing::default()).unwrap();
        assert_eq!(
            (p.grid.shape(), p.style.format),
            (boxes(2, 2), Format::Digits)
        );
        // `1234` is no count when a row as long follows it.
        let counted = "1\n1234\n3412\n2143\n4321\n";
        assert_eq!(read(counted, Sizing::default()).unwrap().grid.givens(), 16);
    }

    #[test]
    fn spoj_letters_read_as_letters_and_digits_beyond_nine_as_digits() {
        let text = format!("--A----C-----O-I\n{}", "----------------\n".repeat(15));
        let p = read(&text, Sizing::default()).unwrap();
        assert_eq!(p.style.convention, Convention::Letters);
        assert_eq!((p.grid.get(2), p.grid.get(15)), (1, 9));
        let digits = format!("{}{}", "G", ".".repeat(255));
        let p = read(&digits, Sizing::default()).unwrap();
        assert_eq!(
            (p.style.convention, p.grid.get(0)),
            (Convention::Letters, 7)
        );
        let digits = format!("{}{}", "G1", ".".repeat(254));
        let p = read(&digits, Sizing::default()).unwrap();
        assert_eq!(
            (p.style.convention, p.grid.get(0)),
            (Convention::Digits, 16)
        );
    }

    #[test]
    fn bad_sizes_and_symbols_name_the_place() {
        let err = |text: &str, sizing| read(text, sizing).unwrap_err();
        assert_eq!(
            err(&".".repeat(35), Sizing::default()),
            "puzzle 1, line 1: expected 36 cells, found 35"
        );
        assert_eq!(
            err(&".".repeat(36), forced(3, 3)),
            "puzzle 1, line 1: expected 81 cells, found 36"
        );
        assert!(err(&".".repeat(49), Sizing::default()).contains("give --box 1x7"));
        let seven = format!("7{}", ".".repeat(35));
        assert_eq!(
            err(&seven, Sizing::default()),
            "puzzle 1, line 1, column 1: '7' is beyond 6 (digits 1-6)"
        );
        let mixed = format!("1-{}", ".".repeat(254));
        assert!(err(&mixed, Sizing::default()).starts_with("puzzle 1, line 1, column 2: '-'"));
        let rows = "1.3.\n3...\n.1.\n4..1\n";
        assert_eq!(
            err(rows, Sizing::default()),
            "puzzle 1, line 3: row 3 has 3 cells, expected 4"
        );
    }

    #[test]
    fn uva_989_boards_follow_their_box_size() {
        let text = "1\n1\n\n2\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n3\n0 0 0 0 0 0 0 0 0\n";
        let all: Vec<_> = Reader::new(text.as_bytes(), None, Cases::Size).collect();
        assert_eq!(all.len(), 3);
        assert_eq!(all[0].as_ref().unwrap().grid.shape(), boxes(1, 1));
        assert_eq!(all[1].as_ref().unwrap().grid.shape(), boxes(2, 2));
        assert_eq!(
            all[2].as_ref().unwrap_err().to_string(),
            "puzzle 3, line 11: board ends after 1 row, expected 9"
        );
        let bad: Vec<_> = Reader::new("x\n1\n".as_bytes(), None, Cases::Size).collect();
        assert_eq!(
            bad[0].as_ref().unwrap_err().to_string(),
            "puzzle 1, line 1: expected the box size n (1 to 5) before a board, found `x`"
        );
    }
}
