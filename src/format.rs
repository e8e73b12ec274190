//! Every text format of a board: read (auto-detected, many puzzles per
//! text) and write.
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
//! Glossary: a *puzzle* is one board read from a text, numbered from 1 in
//! its text; a *row* is one of its 9 rows; *line* and *column* are 1-based
//! positions in the text (columns count characters). Several boards in a
//! multi-line format are separated by one blank line on output; any number
//! of blank lines is accepted on input (euler needs none: its `Grid` line
//! starts each board).
//!
//! Parsing is one pass over the text, O(n), and never stops at a bad
//! puzzle when the next one can still be found: the iterator yields one
//! `Result` per puzzle. It checks syntax only; clashing givens are
//! [`Board::first_clash`]'s business.

use crate::board::Board;
use std::fmt;
use std::str::FromStr;

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

/// One board read from a text, with where and how it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The cells read (givens may still clash).
    pub board: Board,
    /// How it was written.
    pub style: Style,
    /// 1-based number of the puzzle in its text.
    pub number: usize,
    /// 1-based line where it starts.
    pub line: usize,
}

/// A syntax error, with its position. A field of 0 means "not known" and
/// is left out of the message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// 1-based number of the puzzle in its text (0 when reading one board).
    pub puzzle: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters (0 when the whole line is at fault).
    pub column: usize,
    /// What is wrong, e.g. `'x' is not a digit 0-9 or '.'`.
    pub message: String,
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

// ---------------------------------------------------------------- detect

/// The format of `text`, guessed from its first line that holds anything
/// but blanks and `#` comments; `None` when there is no such line.
///
/// `[`, `let`/`const`/`var`, `NAME =`, `//` or `/*` ⇒ `js`; `Grid…` ⇒
/// `euler`; ` | ` ⇒ `pretty` (which then reads as one error, "cannot be
/// read back"); several short words ⇒ `spaced`; one word shorter than 20 characters ⇒
/// `digits`; anything else ⇒ `line`. O(length of the lines looked at).
pub fn detect(text: &str) -> Option<Format> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for raw in text.split('\n') {
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if t.starts_with('[') || t.starts_with('/') || js_prefix(t) {
            return Some(Format::Js);
        }
        if is_grid_header(t) {
            return Some(Format::Euler);
        }
        if t.contains(" | ") {
            return Some(Format::Pretty);
        }
        let mut words = t.split_whitespace();
        let first = words.next().unwrap_or("");
        let first_len = first.chars().take(20).count();
        if words.next().is_some() && first_len <= 2 {
            return Some(Format::Spaced);
        }
        return Some(if first_len < 20 {
            Format::Digits
        } else {
            Format::Line
        });
    }
    None
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
fn is_grid_header(t: &str) -> bool {
    t.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("grid"))
}

// ---------------------------------------------------------------- parse

/// Every puzzle of `text`, in order: a board or the error that spoiled
/// it. `forced` skips detection; `None` detects the format once for the
/// whole text. An empty vector means the text holds no puzzle at all.
/// Syntax only: clashing givens are not errors here. O(n).
pub fn parse_all(text: &str, forced: Option<Format>) -> Vec<Result<Puzzle, ParseError>> {
    puzzles(text, forced).collect()
}

/// Like [`parse_all`], one puzzle at a time (for huge inputs).
pub fn puzzles(text: &str, forced: Option<Format>) -> Puzzles<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Puzzles {
        text,
        format: forced.or_else(|| detect(text)),
        pos: 0,
        line: 1,
        col: 1,
        number: 0,
        done: false,
    }
}

/// The iterator of [`puzzles`].
pub struct Puzzles<'a> {
    text: &'a str,
    format: Option<Format>,
    /// Byte offset of the next unread byte.
    pos: usize,
    /// Line and column of `pos` (the column is kept by the js reader only;
    /// the line readers stay at line starts).
    line: usize,
    col: usize,
    number: usize,
    done: bool,
}

impl<'a> Puzzles<'a> {
    /// The format being read (`None` for a text with no puzzle).
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The next line (without `\n` and `\r`) and its number; consumes it.
    fn next_line(&mut self) -> Option<(usize, &'a str)> {
        let (n, raw, next) = self.peek_line()?;
        self.pos = next;
        self.line += 1;
        Some((n, raw))
    }

    /// The next line, its number and where the one after it starts.
    fn peek_line(&self) -> Option<(usize, &'a str, usize)> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let (raw, len) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        Some((self.line, raw, self.pos + len))
    }

    /// Skips blank and `#` comment lines; false at the end of the text.
    fn skip_blank_lines(&mut self) -> bool {
        while let Some((_, raw, _)) = self.peek_line() {
            if !is_skippable(raw) {
                return true;
            }
            self.next_line();
        }
        false
    }

    fn error(&self, line: usize, column: usize, message: String) -> ParseError {
        ParseError {
            puzzle: self.number,
            line,
            column,
            message,
        }
    }

    fn puzzle(&self, board: Board, style: Style, line: usize) -> Puzzle {
        Puzzle {
            board,
            style,
            number: self.number,
            line,
        }
    }

    /// `line`: each non-blank, non-comment line is one puzzle.
    fn next_line_puzzle(&mut self) -> Option<Result<Puzzle, ParseError>> {
        if !self.skip_blank_lines() {
            return None;
        }
        let (n, raw) = self.next_line()?;
        self.number += 1;
        Some(match line_cells(raw) {
            Ok(board) => Ok(self.puzzle(board, Style::new(Format::Line), n)),
            Err((column, message)) => Err(self.error(n, column, message)),
        })
    }

    /// `spaced` and `digits`: up to 9 rows, ended by 9 rows, a blank line
    /// or the end. A bad row spoils its board only.
    fn next_row_puzzle(&mut self, format: Format) -> Option<Result<Puzzle, ParseError>> {
        if !self.skip_blank_lines() {
            return None;
        }
        self.number += 1;
        let mut cells = [0u8; 81];
        let mut rows = 0;
        let mut first_line = 0;
        let mut last_line = 0;
        let mut err: Option<ParseError> = None;
        while rows < 9 {
            let (n, raw, _) = match self.peek_line() {
                Some(l) => l,
                None => break,
            };
            if raw.trim().is_empty() {
                break;
            }
            self.next_line();
            if is_comment(raw) {
                continue;
            }
            if first_line == 0 {
                first_line = n;
            }
            last_line = n;
            let result = match format {
                Format::Spaced => spaced_row(raw, rows + 1, &mut cells[rows * 9..]),
                _ => digit_row(raw, rows + 1, &mut cells[rows * 9..rows * 9 + 9]).map(|()| 1),
            };
            match result {
                Ok(filled) => rows += filled,
                Err((column, message)) => {
                    rows += 1;
                    if err.is_none() {
                        err = Some(self.error(n, column, message));
                    }
                }
            }
        }
        if let Some(e) = err {
            return Some(Err(e));
        }
        if rows < 9 {
            return Some(Err(self.error(
                last_line,
                0,
                format!("board ends after {}, expected 9", count(rows, "row")),
            )));
        }
        Some(Ok(self.puzzle(
            Board(cells),
            Style::new(format),
            first_line,
        )))
    }

    /// `euler`: a `Grid` header, then 9 rows of digits up to the next
    /// header. Blank lines are ignored.
    fn next_euler_puzzle(&mut self) -> Option<Result<Puzzle, ParseError>> {
        if !self.skip_blank_lines() {
            return None;
        }
        self.number += 1;
        let (first_line, header) = self.next_line()?;
        let label = header.trim();
        let mut err = None;
        if !is_grid_header(label) {
            err = Some(self.error(
                first_line,
                0,
                format!("expected a `Grid NN` line, found `{}`", shown(label)),
            ));
        }
        let mut cells = [0u8; 81];
        let mut rows = 0;
        while let Some((n, raw, _)) = self.peek_line() {
            if is_grid_header(raw.trim()) {
                break;
            }
            self.next_line();
            if is_skippable(raw) || err.is_some() {
                continue;
            }
            if rows == 9 {
                err = Some(self.error(n, 0, format!("`{}` has more than 9 rows", shown(label))));
                continue;
            }
            rows += 1;
            if let Err((column, message)) = digit_row(raw, rows, &mut cells[rows * 9 - 9..rows * 9])
            {
                err = Some(self.error(n, column, message));
            }
        }
        if let Some(e) = err {
            return Some(Err(e));
        }
        if rows < 9 {
            return Some(Err(self.error(
                first_line,
                0,
                format!("`{}` has {}, expected 9", shown(label), count(rows, "row")),
            )));
        }
        let style = Style {
            format: Format::Euler,
            quote: None,
            label: Some(label.to_string()),
        };
        Some(Ok(self.puzzle(Board(cells), style, first_line)))
    }
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.format? {
            Format::Line => self.next_line_puzzle(),
            Format::Spaced => self.next_row_puzzle(Format::Spaced),
            Format::Digits => self.next_row_puzzle(Format::Digits),
            Format::Euler => self.next_euler_puzzle(),
            Format::Js => self.next_js_puzzle(),
            Format::Pretty => {
                self.done = true;
                self.skip_blank_lines().then(|| {
                    Err(ParseError {
                        puzzle: 1,
                        line: self.line,
                        column: 0,
                        message: "pretty is an output format; it cannot be read back".to_string(),
                    })
                })
            }
        };
        if item.is_none() {
            self.done = true;
        }
        item
    }
}

/// True for a blank line or a `#` comment.
fn is_skippable(raw: &str) -> bool {
    let t = raw.trim();
    t.is_empty() || t.starts_with('#')
}

fn is_comment(raw: &str) -> bool {
    raw.trim_start().starts_with('#')
}

/// 1-based character column of byte offset `byte` in `line`.
fn column(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

/// `1 row`, `8 rows`.
fn count(n: usize, noun: &str) -> String {
    format!("{} {}{}", n, noun, if n == 1 { "" } else { "s" })
}

/// A token or line as shown in a message: at most 12 characters.
fn shown(s: &str) -> String {
    let mut out: String = s.chars().take(12).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// The value of a cell character: `1`-`9`, `0` or `.` (blank).
fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        '.' => Some(0),
        _ => None,
    }
}

fn not_a_cell(ch: char) -> String {
    format!("'{}' is not a digit 0-9 or '.'", ch.escape_debug())
}

/// The cells of one `line` puzzle. After the 81 cells, a space, tab, `,`,
/// `;` or `#` starts a comment that is ignored. Errors carry the column
/// (0 for a wrong count).
fn line_cells(raw: &str) -> Result<Board, (usize, String)> {
    let body = raw.trim();
    let lead = raw.len() - raw.trim_start().len();
    let mut cells = [0u8; 81];
    let mut n = 0usize;
    // Bytes, not chars: every cell is ASCII, and a byte that is not one
    // ends the scan at a character boundary.
    for (k, &b) in body.as_bytes().iter().enumerate() {
        let v = match b {
            b'1'..=b'9' => b - b'0',
            b'0' | b'.' => 0,
            _ => {
                let ch = body[k..].chars().next().unwrap_or(' ');
                if n == 81 && (ch.is_whitespace() || ",;#".contains(ch)) {
                    break;
                }
                return Err((column(raw, lead + k), not_a_cell(ch)));
            }
        };
        if n < 81 {
            cells[n] = v;
        }
        n += 1;
    }
    if n != 81 {
        return Err((0, format!("expected 81 cells, found {}", n)));
    }
    Ok(Board(cells))
}

/// Row `row` (1-based) of a `digits` board into `out`.
fn digit_row(raw: &str, row: usize, out: &mut [u8]) -> Result<(), (usize, String)> {
    let body = raw.trim();
    let lead = raw.len() - raw.trim_start().len();
    let mut n = 0usize;
    for (k, ch) in body.char_indices() {
        let v = cell_value(ch).ok_or_else(|| (column(raw, lead + k), not_a_cell(ch)))?;
        if n < 9 {
            out[n] = v;
        }
        n += 1;
    }
    if n != 9 {
        return Err((
            0,
            format!("row {} has {}, expected 9", row, count(n, "cell")),
        ));
    }
    Ok(())
}

/// Row `row` (1-based) of a `spaced` board into `out` (9 cells, or 81
/// when `row` is 1: a whole board on one line, as BOJ 2580 allows).
/// Returns how many rows it filled.
fn spaced_row(raw: &str, row: usize, out: &mut [u8]) -> Result<usize, (usize, String)> {
    let mut n = 0usize;
    let mut start = None;
    for (k, ch) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))) {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(k),
            (true, Some(s)) => {
                let v = number_value(&raw[s..k]).map_err(|m| (column(raw, s), m))?;
                if let Some(cell) = out.get_mut(n) {
                    *cell = v;
                }
                n += 1;
                start = None;
            }
            _ => {}
        }
    }
    match n {
        9 => Ok(1),
        81 if row == 1 => Ok(9),
        _ => Err((
            0,
            format!("row {} has {}, expected 9", row, count(n, "cell")),
        )),
    }
}

/// The value of a number token (`0`-`9`, also `05`; `.` is a blank).
fn number_value(tok: &str) -> Result<u8, String> {
    if tok == "." {
        return Ok(0);
    }
    let digits = tok.strip_prefix('-').unwrap_or(tok);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{}' is not a number 0-9", shown(tok)));
    }
    let significant = digits.trim_start_matches('0');
    if significant.len() <= 1 && (tok.len() == digits.len() || significant.is_empty()) {
        return Ok(significant.bytes().next().map_or(0, |b| b - b'0'));
    }
    Err(format!("{} is out of range 0-9", shown(tok)))
}

// ---------------------------------------------------------------- js

impl Puzzles<'_> {
    fn peek_byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// Moves one byte on, keeping line and column.
    fn bump(&mut self) {
        if let Some(b) = self.peek_byte() {
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else if b & 0xC0 != 0x80 {
                self.col += 1;
            }
        }
    }

    /// True when the bytes at the reading position start with `s` (safe
    /// inside a multi-byte character, unlike slicing the `str`).
    fn at(&self, s: &[u8]) -> bool {
        self.text.as_bytes()[self.pos..].starts_with(s)
    }

    /// The character at the reading position, for messages (`\u{fffd}`
    /// inside a multi-byte character, which the reader never stops in).
    fn peek_char(&self) -> Option<char> {
        match self.text.get(self.pos..) {
            Some(rest) => rest.chars().next(),
            None => Some('\u{fffd}'),
        }
    }

    fn js_error(&self, message: String) -> ParseError {
        self.error(self.line, self.col, message)
    }

    /// What the reader found, for messages: `'x'` or `the end`.
    fn found(&self) -> String {
        match self.peek_char() {
            Some(c) => format!("'{}'", c.escape_debug()),
            None => "the end".to_string(),
        }
    }

    /// Skips whitespace, `// …` and `/* … */` comments.
    fn js_space(&mut self) -> Result<(), ParseError> {
        loop {
            match self.peek_byte() {
                Some(b) if b.is_ascii_whitespace() => self.bump(),
                Some(b'/') if self.at(b"//") => {
                    while !matches!(self.peek_byte(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                Some(b'/') if self.at(b"/*") => {
                    let (line, col) = (self.line, self.col);
                    self.bump();
                    self.bump();
                    while !self.at(b"*/") {
                        if self.peek_byte().is_none() {
                            return Err(self.error(
                                line,
                                col,
                                "this comment is never closed".into(),
                            ));
                        }
                        self.bump();
                    }
                    self.bump();
                    self.bump();
                }
                _ => return Ok(()),
            }
        }
    }

    /// An identifier at the reading position (may be empty).
    fn js_word(&mut self) -> &str {
        let start = self.pos;
        while self
            .peek_byte()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
        {
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// One statement: `[let|const|var] [NAME =] [[…], …] [;]`.
    fn next_js_puzzle(&mut self) -> Option<Result<Puzzle, ParseError>> {
        if let Err(e) = self.js_space() {
            self.pos = self.text.len();
            self.number += 1;
            return Some(Err(ParseError {
                puzzle: self.number,
                ..e
            }));
        }
        self.peek_byte()?;
        self.number += 1;
        let first_line = self.line;
        let mut opened = None;
        let result = self.js_statement(&mut opened);
        Some(match result {
            Ok((board, quote)) => {
                let style = Style {
                    format: Format::Js,
                    quote,
                    label: None,
                };
                Ok(self.puzzle(board, style, first_line))
            }
            Err(e) => {
                self.js_recover(opened);
                Err(e)
            }
        })
    }

    fn js_statement(
        &mut self,
        opened: &mut Option<(usize, usize, usize)>,
    ) -> Result<(Board, Option<char>), ParseError> {
        if self
            .peek_byte()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
        {
            let word = self.js_word().to_string();
            self.js_space()?;
            if matches!(word.as_str(), "let" | "const" | "var") {
                if self.js_word().is_empty() {
                    return Err(self.js_error(format!(
                        "expected a name after `{}`, found {}",
                        word,
                        self.found()
                    )));
                }
                self.js_space()?;
            }
            if self.peek_byte() != Some(b'=') {
                return Err(self.js_error(format!("expected '=', found {}", self.found())));
            }
            self.bump();
            self.js_space()?;
        }
        if self.peek_byte() != Some(b'[') {
            return Err(self.js_error(format!(
                "expected '[' to start a board, found {}",
                self.found()
            )));
        }
        *opened = Some((self.pos, self.line, self.col));
        let board = self.js_board()?;
        self.js_space()?;
        if self.peek_byte() == Some(b';') {
            self.bump();
        }
        Ok(board)
    }

    /// `[` row `,` … `]` with the reader at the `[`.
    fn js_board(&mut self) -> Result<(Board, Option<char>), ParseError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        let mut cells = [0u8; 81];
        let mut quote = None;
        let mut rows = 0;
        loop {
            self.js_space()?;
            match self.peek_byte() {
                None => {
                    return Err(self.error(line, col, "this '[' is never closed".into()));
                }
                Some(b']') => break,
                Some(b'[') => {
                    if rows == 9 {
                        return Err(self.js_error("a 10th row; a board has 9".into()));
                    }
                    rows += 1;
                    self.js_row(rows, &mut cells[rows * 9 - 9..rows * 9], &mut quote)?;
                    self.js_space()?;
                    match self.peek_byte() {
                        Some(b',') => self.bump(),
                        Some(b']') | None => {}
                        _ => {
                            return Err(self.js_error(format!(
                                "expected ',' or ']' after row {}, found {}",
                                rows,
                                self.found()
                            )))
                        }
                    }
                }
                Some(_) => {
                    return Err(self.js_error(format!(
                        "expected '[' to start row {}, found {}",
                        rows + 1,
                        self.found()
                    )))
                }
            }
        }
        if rows != 9 {
            return Err(self.js_error(format!("board has {}, expected 9", count(rows, "row"))));
        }
        self.bump();
        Ok((Board(cells), quote))
    }

    /// One row `[c, c, …]` with the reader at its `[`.
    fn js_row(
        &mut self,
        row: usize,
        out: &mut [u8],
        quote: &mut Option<char>,
    ) -> Result<(), ParseError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        let mut n = 0usize;
        loop {
            self.js_space()?;
            match self.peek_byte() {
                None => return Err(self.error(line, col, "this '[' is never closed".into())),
                Some(b']') => break,
                Some(b'[') => {
                    return Err(self.js_error(format!(
                        "unexpected '[' inside row {} (is a ']' missing?)",
                        row
                    )))
                }
                Some(_) if n == 9 => {
                    let message = format!("row {} has more than 9 cells", row);
                    return Err(self.js_error(message));
                }
                Some(_) => {
                    out[n] = self.js_cell(quote)?;
                    n += 1;
                    self.js_space()?;
                    match self.peek_byte() {
                        Some(b',') => self.bump(),
                        Some(b']') | None => {}
                        _ => {
                            return Err(self.js_error(format!(
                                "expected ',' or ']' after a cell, found {}",
                                self.found()
                            )))
                        }
                    }
                }
            }
        }
        self.bump();
        if n != 9 {
            return Err(self.error(
                line,
                col,
                format!("row {} has {}, expected 9", row, count(n, "cell")),
            ));
        }
        Ok(())
    }

    /// A number 0-9 or a one-character string (`"5"`, `'.'`).
    fn js_cell(&mut self, quote: &mut Option<char>) -> Result<u8, ParseError> {
        let (line, col) = (self.line, self.col);
        let start = self.pos;
        match self.peek_byte() {
            Some(q @ (b'"' | b'\'')) => {
                self.bump();
                while !matches!(self.peek_byte(), Some(b) if b == q) {
                    if matches!(self.peek_byte(), None | Some(b'\n')) {
                        return Err(self.error(line, col, "this string is never closed".into()));
                    }
                    self.bump();
                }
                self.bump();
                let inner = &self.text[start + 1..self.pos - 1];
                quote.get_or_insert(q as char);
                let mut chars = inner.chars();
                match (chars.next().and_then(cell_value), chars.next()) {
                    (Some(v), None) => Ok(v),
                    _ => Err(self.error(
                        line,
                        col,
                        format!(
                            "{}{}{} is not a one-character cell 1-9, '0' or '.'",
                            q as char,
                            shown(inner),
                            q as char
                        ),
                    )),
                }
            }
            _ => {
                while self.peek_byte().is_some_and(|b| {
                    b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_' || b >= 0x80
                }) {
                    self.bump();
                }
                if self.pos == start {
                    let message = format!("{} is not a cell", self.found());
                    return Err(self.js_error(message));
                }
                let tok = &self.text[start..self.pos];
                if tok == "." {
                    return Err(self.error(
                        line,
                        col,
                        "'.' is not a cell; write \".\" or 0".into(),
                    ));
                }
                number_value(tok).map_err(|m| self.error(line, col, m))
            }
        }
    }

    /// After an error in a js statement: skips to its end. From the
    /// board's `[` (when it was reached) to its matching `]` when the next
    /// statement or the end follows it; before that `[`, to the next line.
    /// Otherwise (brackets that never balance, or a stray `]`): to the next
    /// line that starts with `let`/`const`/`var`, or with `[` after a blank
    /// line, or to the end.
    fn js_recover(&mut self, opened: Option<(usize, usize, usize)>) {
        let (error_pos, error_line) = (self.pos, self.line);
        let opened = match opened {
            Some(o) => o,
            None => return self.resync(false),
        };
        (self.pos, self.line, self.col) = opened;
        let mut depth = 0usize;
        while let Some(b) = self.peek_byte() {
            match b {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        if self.js_space().is_ok() && self.peek_byte() == Some(b';') {
                            self.bump();
                        }
                        // Trust the matching `]` only when a statement (or
                        // the end) follows it; a stray `]` inside the board
                        // closes it too early.
                        if self.js_space().is_ok()
                            && self.peek_byte().is_none_or(|b| {
                                b == b'[' || b.is_ascii_alphabetic() || b == b'_' || b == b'$'
                            })
                        {
                            return;
                        }
                        break;
                    }
                }
                b'/' if self.at(b"//") || self.at(b"/*") => {
                    let _ = self.js_space();
                    continue;
                }
                b'"' | b'\'' => {
                    self.bump();
                    while !matches!(self.peek_byte(), None | Some(b'\n'))
                        && self.peek_byte() != Some(b)
                    {
                        self.bump();
                    }
                    if self.peek_byte() != Some(b) {
                        continue;
                    }
                }
                _ => {}
            }
            self.bump();
        }
        self.pos = error_pos;
        self.line = error_line;
        self.resync(true);
    }

    /// Moves to the start of the line after the reading position; with
    /// `statement`, further on to a line that starts a new statement.
    fn resync(&mut self, statement: bool) {
        let text = self.text;
        let mut at = self.pos;
        loop {
            let next = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
            self.line += text[at..next].bytes().filter(|&b| b == b'\n').count();
            at = next;
            if at >= text.len() || !statement || starts_statement(text, at) {
                break;
            }
        }
        self.pos = at;
        self.col = 1;
    }
}

/// True when the line at byte `at` starts with `let`/`const`/`var`, or
/// with `[` right after a blank line: the usual start of the next board.
fn starts_statement(text: &str, at: usize) -> bool {
    let t = text[at..].trim_start_matches([' ', '\t']);
    if ["let", "const", "var"].iter().any(|k| {
        t.strip_prefix(k)
            .is_some_and(|r| r.starts_with([' ', '\t']))
    }) {
        return true;
    }
    if !t.starts_with('[') || at == 0 {
        return false;
    }
    let before = &text[..at - 1];
    let prev = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    prev.trim().is_empty()
}

// ---------------------------------------------------------------- render

/// `board` written in `style`, ending with a newline. An `euler` board
/// without a label gets `Grid 01`.
pub fn render(board: &Board, style: &Style) -> String {
    match style.format {
        Format::Line => board.to_line(),
        Format::Spaced => board.to_spaced(),
        Format::Digits => board.to_digit_rows(),
        Format::Js => board.to_js(style.quote),
        Format::Euler => board.to_euler(style.label.as_deref().unwrap_or("Grid 01")),
        Format::Pretty => board.to_pretty(),
    }
}

/// What goes between a board written in `prev` and the next one written in
/// `next`: nothing between `line` boards or before an `euler` board that
/// follows another (its header separates), else one blank line.
pub fn separator(prev: Format, next: Format) -> &'static str {
    match (prev, next) {
        (Format::Line, Format::Line) | (Format::Euler, Format::Euler) => "",
        _ => "\n",
    }
}

/// Many boards, each in its style, separated as [`separator`] says. An
/// `euler` board without a label gets `Grid NN` from its position (1-based).
pub fn render_many(boards: &[(Board, Style)]) -> String {
    let mut out = String::with_capacity(boards.len() * 100);
    let mut prev = None;
    for (k, (board, style)) in boards.iter().enumerate() {
        if let Some(p) = prev {
            out.push_str(separator(p, style.format));
        }
        if style.format == Format::Euler && style.label.is_none() {
            out.push_str(&board.to_euler(&format!("Grid {:02}", k + 1)));
        } else {
            out.push_str(&render(board, style));
        }
        prev = Some(style.format);
    }
    out
}

/// Exactly one board of `text` in `format`, errors without a puzzle number.
fn parse_one(text: &str, format: Format) -> Result<Board, ParseError> {
    let mut all = puzzles(text, Some(format));
    let first = match all.next() {
        Some(r) => r.map_err(|e| ParseError { puzzle: 0, ..e })?,
        None => {
            return Err(ParseError {
                puzzle: 0,
                line: 1,
                column: 0,
                message: "no board found".to_string(),
            })
        }
    };
    if let Some(next) = all.next() {
        let line = match next {
            Ok(p) => p.line,
            Err(e) => e.line,
        };
        return Err(ParseError {
            puzzle: 0,
            line,
            column: 0,
            message: "more than one board".to_string(),
        });
    }
    Ok(first.board)
}

fn digit_char(v: u8, blank: char) -> char {
    if v == 0 {
        blank
    } else {
        (b'0' + v) as char
    }
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

    /// 81 characters, `.` for blanks, then a newline.
    pub fn to_line(&self) -> String {
        let mut s: String = self.0.iter().map(|&v| digit_char(v, '.')).collect();
        s.push('\n');
        s
    }

    /// 9 lines of 9 numbers separated by one space, `0` for blanks.
    pub fn to_spaced(&self) -> String {
        let mut s = String::with_capacity(162);
        for row in self.0.chunks(9) {
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push(' ');
                }
                s.push(digit_char(v, '0'));
            }
            s.push('\n');
        }
        s
    }

    /// 9 lines of 9 digits, `0` for blanks.
    pub fn to_digit_rows(&self) -> String {
        let mut s = String::with_capacity(90);
        for row in self.0.chunks(9) {
            s.extend(row.iter().map(|&v| digit_char(v, '0')));
            s.push('\n');
        }
        s
    }

    /// A JS array literal, one row per line with a two-space indent and
    /// `, ` between cells; `[` and `]` on lines of their own. With a
    /// `quote`, cells are one-character strings and blanks are `"."`;
    /// else numbers with 0 for blanks.
    pub fn to_js(&self, quote: Option<char>) -> String {
        let mut s = String::from("[\n");
        for (r, row) in self.0.chunks(9).enumerate() {
            s.push_str("  [");
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push_str(", ");
                }
                match quote {
                    Some(q) => {
                        s.push(q);
                        s.push(digit_char(v, '.'));
                        s.push(q);
                    }
                    None => s.push(digit_char(v, '0')),
                }
            }
            s.push_str(if r < 8 { "],\n" } else { "]\n" });
        }
        s.push_str("]\n");
        s
    }

    /// The Project Euler layout: the `label` line (`Grid 01`), then 9 rows
    /// of digits with `0` for blanks.
    pub fn to_euler(&self, label: &str) -> String {
        let mut s = String::with_capacity(label.len() + 91);
        s.push_str(label);
        s.push('\n');
        s.push_str(&self.to_digit_rows());
        s
    }

    /// Boxed rows for people: `4 2 5 | 9 7 1 | 3 6 8`, a
    /// `------+-------+------` line between bands, `.` for blanks.
    pub fn to_pretty(&self) -> String {
        let mut s = String::with_capacity(11 * 22);
        for (r, row) in self.0.chunks(9).enumerate() {
            if r == 3 || r == 6 {
                s.push_str("------+-------+------\n");
            }
            for (c, &v) in row.iter().enumerate() {
                if c > 0 {
                    s.push_str(if c % 3 == 0 { " | " } else { " " });
                }
                s.push(digit_char(v, '.'));
            }
            s.push('\n');
        }
        s
    }
}

// ---------------------------------------------------------------- tests

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::testdata::{BOJ2239_IN, BOJ2580_IN, WIKI, WIKI_SOLVED};

    fn board(line: &str) -> Board {
        Board::from_line(line).unwrap()
    }

    fn only(text: &str, forced: Option<Format>) -> Puzzle {
        let mut all = parse_all(text, forced);
        assert_eq!(all.len(), 1, "{:?}", all);
        all.remove(0).unwrap()
    }

    fn errors(text: &str) -> Vec<String> {
        parse_all(text, None)
            .into_iter()
            .filter_map(|r| r.err().map(|e| e.to_string()))
            .collect()
    }

    /// A random board with some blanks, from `seed`.
    fn random_board(rng: &mut Rng) -> Board {
        let mut b = Board::EMPTY;
        for v in b.0.iter_mut() {
            *v = rng.below(10) as u8;
        }
        b
    }

    fn every_style() -> Vec<Style> {
        let mut styles: Vec<Style> = Format::ALL
            .iter()
            .filter(|f| f.is_readable())
            .map(|&f| Style::new(f))
            .collect();
        for q in ['"', '\''] {
            styles.push(Style {
                format: Format::Js,
                quote: Some(q),
                label: None,
            });
        }
        styles.push(Style {
            format: Format::Euler,
            quote: None,
            label: Some("Grid 42".into()),
        });
        styles
    }

    // ------------------------------------------------------------ names

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

    // ------------------------------------------------------------ round trips

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
    fn line_canonical_text_round_trips() {
        let text = format!("{}\n{}\n", WIKI, WIKI_SOLVED);
        let all: Vec<(Board, Style)> = parse_all(&text, None)
            .into_iter()
            .map(|r| r.map(|p| (p.board, p.style)).unwrap())
            .collect();
        assert_eq!(render_many(&all), text);
        assert_eq!(all[0].0.givens(), 30);
    }

    #[test]
    fn line_reads_zero_or_dot_as_blank_and_skips_comments() {
        let zeros = WIKI.replace('.', "0");
        let text = format!("# top\n\n{}\n  # another\n{}  ; rated 3.5\n", zeros, WIKI);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2);
        let (a, b) = (all[0].clone().unwrap(), all[1].clone().unwrap());
        assert_eq!(a.board, b.board);
        assert_eq!((a.number, a.line, b.number, b.line), (1, 3, 2, 5));
        assert_eq!(a.board.to_line(), format!("{}\n", WIKI));
    }

    #[test]
    fn spaced_boj2580_sample_round_trips() {
        let text = BOJ2580_IN;
        let p = only(text, None);
        assert_eq!(p.style.format, Format::Spaced);
        assert_eq!(p.board.get(0, 1), 3);
        assert_eq!(p.board.to_spaced(), text);
        assert_eq!(Board::from_spaced(text), Ok(p.board));
    }

    #[test]
    fn spaced_board_on_one_line_reads_as_nine_rows() {
        let b = board(WIKI);
        let one_line = b.to_spaced().replace('\n', " ");
        let all = parse_all(&format!("{}\n{}", one_line, one_line), None);
        assert_eq!(all.len(), 2);
        for (k, r) in all.into_iter().enumerate() {
            let p = r.unwrap();
            assert_eq!(
                (p.board, p.style.format, p.line),
                (b, Format::Spaced, k + 1)
            );
        }
    }

    #[test]
    fn digits_boj2239_sample_round_trips() {
        let text = BOJ2239_IN;
        let p = only(text, None);
        assert_eq!(p.style.format, Format::Digits);
        assert_eq!(p.board.get(8, 8), 7);
        assert_eq!(p.board.to_digit_rows(), text);
        let dotted = text.replace('0', ".");
        assert_eq!(Board::from_digit_rows(&dotted), Ok(p.board));
    }

    #[test]
    fn js_example_with_let_and_trailing_comma_reads() {
        let text = "let board = [\n  [0,3,0,2,6,0,7,0,1],\n  [6,8,0,0,7,0,0,9,0],\n\
                    [1,9,0,0,0,4,5,0,0], [8,2,0,1,0,0,0,4,0], // a comment\n\
                    [0,0,4,6,0,2,9,0,0],\n[0,5,0,0,0,3,0,2,8],\n[0,0,9,3,0,0,0,7,4],\n\
                    [0,4,0,0,5,0,0,3,6],\n[7,0,3,0,1,8,0,0,0,],\n];\n";
        let p = only(text, None);
        assert_eq!(p.style, Style::new(Format::Js));
        assert_eq!(p.board.get(0, 1), 3);
        assert_eq!(p.board.get(8, 5), 8);
        let canonical = p.board.to_js(None);
        assert!(canonical.starts_with("[\n  [0, 3, 0, 2, 6, 0, 7, 0, 1],\n"));
        assert!(canonical.ends_with("  [7, 0, 3, 0, 1, 8, 0, 0, 0]\n]\n"));
        assert_eq!(Board::from_js(&canonical), Ok(p.board));
    }

    #[test]
    fn js_leetcode_strings_keep_their_quote() {
        let rows: Vec<String> = WIKI
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|&c| format!("\"{}\"", c as char)).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let text = format!("const board = [{}]", rows.join(","));
        let p = only(&text, None);
        assert_eq!(p.board, board(WIKI));
        assert_eq!(p.style.quote, Some('"'));
        let out = render(&p.board, &p.style);
        assert!(
            out.starts_with("[\n  [\"5\", \"3\", \".\", \".\", \"7\""),
            "{}",
            out
        );
        let single = out.replace('"', "'");
        let q = only(&single, Some(Format::Js));
        assert_eq!((q.board, q.style.quote), (p.board, Some('\'')));
        assert_eq!(render(&q.board, &q.style), single);
    }

    #[test]
    fn euler_file_reads_grid_by_grid_and_round_trips() {
        let a = board(WIKI).to_digit_rows();
        let b = board(WIKI_SOLVED).to_digit_rows();
        let text = format!("Grid 01\n{}Grid 02\n{}Grid 03\n{}", a, b, a);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 3);
        let boards: Vec<(Board, Style)> = all
            .into_iter()
            .map(|r| r.map(|p| (p.board, p.style)).unwrap())
            .collect();
        assert_eq!(boards[1].0, board(WIKI_SOLVED));
        assert_eq!(boards[2].1.label.as_deref(), Some("Grid 03"));
        assert_eq!(render_many(&boards), text);
        let unlabeled: Vec<(Board, Style)> = boards
            .iter()
            .map(|(b, _)| (*b, Style::new(Format::Euler)))
            .collect();
        assert_eq!(render_many(&unlabeled), text);
    }

    #[test]
    fn pretty_draws_boxes() {
        let out = board(WIKI_SOLVED).to_pretty();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[7], "------+-------+------");
        assert!(out.ends_with("3 4 5 | 2 8 6 | 1 7 9\n"));
        assert!(board(WIKI)
            .to_pretty()
            .starts_with("5 3 . | . 7 . | . . .\n"));
    }

    #[test]
    fn multi_line_boards_are_separated_by_one_blank_line() {
        let b = board(WIKI);
        let two = render_many(&[
            (b, Style::new(Format::Spaced)),
            (b, Style::new(Format::Spaced)),
        ]);
        assert_eq!(two, format!("{}\n{}", b.to_spaced(), b.to_spaced()));
        let lines = render_many(&[(b, Style::new(Format::Line)), (b, Style::new(Format::Line))]);
        assert_eq!(lines, format!("{}{}", b.to_line(), b.to_line()));
        let text = format!("\n\n{}\n\n\n{}\n\n", b.to_digit_rows(), b.to_digit_rows());
        assert_eq!(parse_all(&text, None).len(), 2);
    }

    // ------------------------------------------------------------ detection

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

    // ------------------------------------------------------------ tolerated

    #[test]
    fn crlf_trailing_spaces_missing_newline_and_blank_tail_are_fine() {
        let b = board(WIKI);
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
        assert!(Board::from_line("")
            .unwrap_err()
            .message
            .contains("no board"));
    }

    // ------------------------------------------------------------ errors

    #[test]
    fn digits_bad_character_names_puzzle_line_and_column() {
        let good = board(WIKI).to_digit_rows();
        let bad = good.replacen("400803001", "400x03001", 1);
        assert!(bad.contains('x'));
        let text = format!("{}\n{}\n{}", good, bad, good);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok() && all[2].is_ok());
        assert_eq!(
            all[1].clone().unwrap_err().to_string(),
            "puzzle 2, line 15, column 4: 'x' is not a digit 0-9 or '.'"
        );
    }

    #[test]
    fn short_row_names_the_row() {
        let mut text = board(WIKI).to_spaced();
        text.truncate(text.len() - 3);
        text.push('\n');
        assert_eq!(
            errors(&text),
            ["puzzle 1, line 9: row 9 has 8 cells, expected 9"]
        );
        let eight_rows: String = board(WIKI)
            .to_digit_rows()
            .lines()
            .take(8)
            .map(|l| format!("{}\n", l))
            .collect();
        assert_eq!(
            errors(&eight_rows),
            ["puzzle 1, line 8: board ends after 8 rows, expected 9"]
        );
    }

    #[test]
    fn spaced_out_of_range_and_foreign_tokens() {
        let text = board(WIKI).to_spaced();
        let ten = text.replacen("5 3", "10 3", 1);
        assert_eq!(
            errors(&ten),
            ["puzzle 1, line 1, column 1: 10 is out of range 0-9"]
        );
        let neg = text.replacen(" 3 ", " -1 ", 1);
        assert_eq!(
            errors(&neg),
            ["puzzle 1, line 1, column 3: -1 is out of range 0-9"]
        );
        let word = text.replacen(" 3 ", " three ", 1);
        assert_eq!(
            errors(&word),
            ["puzzle 1, line 1, column 3: 'three' is not a number 0-9"]
        );
    }

    #[test]
    fn line_errors_name_the_column_or_the_count() {
        assert_eq!(
            Board::from_line(&WIKI[1..]).unwrap_err().to_string(),
            "line 1: expected 81 cells, found 80"
        );
        let text = format!("{}\n{}x{}\n{}\n", WIKI, &WIKI[..40], &WIKI[41..], WIKI);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok() && all[2].is_ok());
        assert_eq!(
            all[1].clone().unwrap_err().to_string(),
            "puzzle 2, line 2, column 41: 'x' is not a digit 0-9 or '.'"
        );
    }

    #[test]
    fn js_errors_name_the_place_and_later_boards_still_read() {
        let good = board(WIKI).to_js(None);
        let ten = good.replacen("[5, 3", "[5, 10", 1);
        let neg = good.replacen("[6, 0", "[-1, 0", 1);
        let short = good.replacen("[8, 0, 0, 0, 6, 0, 0, 0, 3]", "[8, 0, 0, 0, 6, 0, 0, 3]", 1);
        let text = format!("{}\n{}\n{}\n{}\n{}", good, ten, neg, short, good);
        let all = parse_all(&text, None);
        let shown: Vec<String> = all
            .iter()
            .map(|r| match r {
                Ok(p) => format!("ok {}", p.number),
                Err(e) => e.to_string(),
            })
            .collect();
        assert_eq!(
            shown,
            [
                "ok 1",
                "puzzle 2, line 14, column 7: 10 is out of range 0-9",
                "puzzle 3, line 27, column 4: -1 is out of range 0-9",
                "puzzle 4, line 41, column 3: row 4 has 8 cells, expected 9",
                "ok 5",
            ]
        );
    }

    #[test]
    fn js_unbalanced_brackets_are_reported() {
        let good = board(WIKI).to_js(None);
        let unclosed = good.trim_end().trim_end_matches(']').to_string();
        assert_eq!(
            errors(&unclosed),
            ["puzzle 1, line 1, column 1: this '[' is never closed"]
        );
        let missing_row_end = good.replacen("0, 0],\n  [6", "0, 0,\n  [6", 1);
        let text = format!("{}\n{}", missing_row_end, good);
        let all = parse_all(&text, None);
        assert_eq!(
            all[0].clone().unwrap_err().to_string(),
            "puzzle 1, line 3, column 3: unexpected '[' inside row 1 (is a ']' missing?)"
        );
        assert_eq!(all.len(), 2, "{:?}", all);
        assert_eq!(all[1].clone().unwrap().board, board(WIKI));
        let stray = good.replacen("0, 0],\n  [6", "0, 0]],\n  [6", 1);
        let text = format!("{}\n{}", stray, good);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2, "{:?}", all);
        assert_eq!(
            all[0].clone().unwrap_err().to_string(),
            "puzzle 1, line 2, column 30: board has 1 row, expected 9"
        );
        assert_eq!(all[1].clone().unwrap().line, 13);
        let one_per_line = format!(
            "{}\n[[1]]\n{}\n",
            good.replace('\n', ""),
            good.replace('\n', "")
        );
        let shown: Vec<bool> = parse_all(&one_per_line, None)
            .iter()
            .map(|r| r.is_ok())
            .collect();
        assert_eq!(shown, [true, false, true]);
        assert_eq!(
            errors("[[1,2,3,4,5,6,7,8,9]] ]"),
            ["puzzle 1, line 1, column 21: board has 1 row, expected 9"]
        );
        assert_eq!(
            errors(&format!("{} ]", good.trim_end())),
            ["puzzle 2, line 11, column 3: expected '[' to start a board, found ']'"]
        );
    }

    #[test]
    fn js_comments_and_strings_may_hold_any_character() {
        let good = board(WIKI).to_js(Some('"'));
        let text = format!("/* grille très difficile — 難しい */\n{}", good)
            .replacen("\"5\"", "\"5\" /* é */", 1)
            .replacen("\"3\"", "\"3\" // ü", 1);
        let text = text.replacen("// ü", "// ü\n", 1);
        assert_eq!(only(&text, None).board, board(WIKI));
        let bad = good.replacen("\"3\"", "\"é\"", 1);
        assert_eq!(
            errors(&format!("// ü\n{}", bad)),
            ["puzzle 1, line 3, column 9: \"é\" is not a one-character cell 1-9, '0' or '.'"]
        );
        let word = good.replacen("\"3\"", "ü", 1);
        assert_eq!(
            errors(&word),
            ["puzzle 1, line 2, column 9: 'ü' is not a number 0-9"]
        );
    }

    #[test]
    fn js_string_cells_must_be_one_character() {
        let good = board(WIKI).to_js(Some('"'));
        let long = good.replacen("\"5\"", "\"55\"", 1);
        assert_eq!(
            errors(&long),
            ["puzzle 1, line 2, column 4: \"55\" is not a one-character cell 1-9, '0' or '.'"]
        );
        assert_eq!(
            errors("[\n  ['5', '3],\n]\n"),
            ["puzzle 1, line 2, column 9: this string is never closed"]
        );
    }

    #[test]
    fn euler_bad_grid_does_not_stop_the_next() {
        let a = board(WIKI).to_digit_rows();
        let bad = a.replacen("000", "0a0", 1);
        let text = format!("Grid 01\n{}Grid 02\n{}Grid 03\n{}", a, bad, a);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok() && all[2].is_ok());
        assert_eq!(
            all[1].clone().unwrap_err().to_string(),
            "puzzle 2, line 12, column 7: 'a' is not a digit 0-9 or '.'"
        );
        let short = format!("Grid 01\n{}Grid 02\n", a);
        assert_eq!(
            errors(&short),
            ["puzzle 2, line 11: `Grid 02` has 0 rows, expected 9"]
        );
    }

    #[test]
    fn mangled_texts_never_panic_and_errors_point_inside_the_text() {
        let soup: Vec<char> = "[]0123456789.,;'\"/*\n\r\t #-=Gridletvarx|é"
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
                        assert_eq!(p.number, k + 1);
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
        let many = format!("{}\n", board(WIKI).to_line().trim_end()).repeat(10_000);
        assert_eq!(puzzles(&many, None).filter(|r| r.is_ok()).count(), 10_000);
    }
}
