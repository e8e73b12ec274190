//! Every text format of a board: read (auto-detected, many puzzles per
//! input, streamed) and write.
//!
//! | name     | what it is                                   | read as                        | written as |
//! |----------|----------------------------------------------|--------------------------------|------------|
//! | `line`   | 81 cells on one line; one puzzle a line      | `0` or `.` blank, `#` comments | `.` blank  |
//! | `spaced` | 9 lines of 9 numbers (BOJ 2580)              | any spacing, or 81 on one line | `0` blank, one space |
//! | `digits` | 9 lines of 9 digits (BOJ 2239)               | `0` or `.` blank               | `0` blank  |
//! | `js`     | JS/JSON array of 9 arrays of 9 (LeetCode 37) | numbers or 1-char strings, `let x =`, `;`, `//`, trailing commas | the input's cell style |
//! | `euler`  | `Grid NN`, then 9 digit rows (Project Euler 96) | many grids, no blank line needed | `0` blank |
//! | `pretty` | boxed rows for people                        | not read (output only)         | `4 2 5 \| 9 7 1 \| 3 6 8`, `------+-------+------`, `.` blank |
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
//! | `line.rs`, `spaced.rs`, `digits.rs`, `js.rs`, `euler.rs` | one reader per format |
//! | `render.rs` | writing boards: [`render`], [`render_many`], `Board::to_*` |
//!
//! Each reader takes one board from the source (`source.rs`) where the
//! framing left it and returns its cells (or a syntax error); they know
//! nothing of puzzle numbers, counts or `end` lines. They read 9×9 boards
//! today (`rows::SIDE`, and 81 cells in `line.rs`); the row readers fill
//! the slice of cells they are given and the cell grammars in `cells.rs`
//! know no size, which is where other board sizes would plug in.
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
//!   as a board (and is an error). A board row has 9 cells and a `line`
//!   puzzle 81, so no board is mistaken for a count. The one ambiguity: UVa
//!   989's first line is a box size `n` (3 for 9×9), not a count; the kit
//!   reads 9×9 boards only, so UVa 989 inputs are not read yet (its `3` is
//!   taken as a count of 3 and the input is reported as holding 1 board).
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
mod line;
mod render;
mod rows;
mod source;
mod spaced;
#[cfg(test)]
mod testutil;

use crate::board::Board;
use std::fmt;
use std::str::FromStr;

pub use crate::problem::Cases;
pub use detect::detect;
pub use framing::Reader;
pub use render::{render, render_many, separator};
pub use source::{WaitHook, MAX_LINE};

// ---------------------------------------------------------------- names

/// A text format of a board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// 81 cells on one line, `0` or `.` blank; written with `.`. Text
    /// after the cells and a space, tab, `,`, `;` or `#` is ignored.
    Line,
    /// 9 lines of 9 numbers separated by spaces (BOJ 2580); a board may
    /// also be all 81 numbers on one line.
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
}

impl Format {
    /// Every format, in the order the help texts list them.
    pub const ALL: [Format; 6] = [
        Format::Line,
        Format::Spaced,
        Format::Digits,
        Format::Js,
        Format::Euler,
        Format::Pretty,
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
        }
    }

    /// True for the formats that can be read (all but `pretty`).
    pub fn is_readable(self) -> bool {
        self != Format::Pretty
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
                    "unknown format `{}` (formats: line, spaced, digits, js, euler, pretty)",
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
}

impl Style {
    /// The plain style of `format`: number cells, no label.
    pub fn new(format: Format) -> Style {
        Style {
            format,
            quote: None,
            label: None,
        }
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
    /// The cells read (givens may still clash).
    pub board: Board,
    /// How it was written.
    pub style: Style,
    /// 1-based number of the puzzle in its input.
    pub number: usize,
    /// 1-based line where it starts.
    pub line: usize,
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
pub(crate) type BoardRead = Result<(Board, Style, usize), ParseError>;

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

/// Exactly one board of `text` in `format`, errors without a puzzle number.
fn parse_one(text: &str, format: Format) -> Result<Board, ParseError> {
    let mut all = puzzles_framed(text, Some(format), Cases::One);
    let first = match all.next() {
        Some(r) => r.map_err(|e| ParseError { puzzle: 0, ..e })?,
        None => return Err(ParseError::at(1, 0, "no board found")),
    };
    if let Some(Err(e)) = all.next() {
        return Err(ParseError { puzzle: 0, ..e });
    }
    Ok(first.board)
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
                assert_eq!(p.board, b, "{:?}\n{}", style, text);
                let mut expected = style.clone();
                if style.format == Format::Euler && style.label.is_none() {
                    expected.label = Some("Grid 01".into());
                }
                assert_eq!(p.style, expected, "{}", text);
                assert_eq!(render(&p.board, &p.style), text);
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
                assert_eq!(&p.board, b);
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
            assert_eq!(only(&text, None).board, b, "{:?}", text);
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
                        assert!(p.board.0.iter().all(|&v| v <= 9));
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
        assert_eq!(errs, ["puzzle 1, line 1: expected 81 cells, found 1000000"]);
        let long_row = format!("[[{}]]", "1,".repeat(100_000));
        assert_eq!(
            errors(&long_row),
            ["puzzle 1, line 1, column 21: row 1 has more than 9 cells"]
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
