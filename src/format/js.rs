//! The `js` reader: a JS/JSON array literal of N arrays of N cells (9 for
//! 9×9), as LeetCode 37 and JavaScript exercises write boards.
//!
//! One statement per board: `[let|const|var] [NAME =] [[…], …] [;]`
//! (NAME: ASCII letters, digits and `_`, not starting with a digit).
//! Cells are one-digit numbers 0-9 or one-character strings (`"5"`, `'.'`,
//! with `.` or `0` blank), mixed freely; whitespace and `//` comments go
//! anywhere; trailing commas are fine. Several statements may share a line.
//! The board's size is its number of rows (`--box` gives the shape);
//! above 9×9 numbers go up to N and strings are symbols of a convention
//! (`"G"`, see [`crate::board::symbol`]), checked once the board is closed.
//! Rarely pasted JavaScript is refused, to keep the rule small enough for
//! `src/bin/js_array.rs` to read it the same way: `/* */` comments, numbers
//! written `05` or `-0`, `$` in names.
//!
//! Unlike the row formats, a statement is read character by character, so
//! the reader keeps a window of the input: the lines of the statement being
//! read. After an error it skips to the statement's end (the `]` matching
//! its `[`, searched at most [`SCAN_LIMIT`] bytes ahead) when another
//! statement follows that `]`, else to the next line that starts like a
//! statement (`let`/`const`/`var`, or `[` after a blank line).

use super::cells::{convention, count, shape_of_rows, shown, symbol_value};
use super::detect::is_end;
use super::source::{Next, Source};
use super::{BoardRead, Format, ParseError, Sizing, Style};
use crate::board::grid::Grid;
use crate::board::shape::{Shape, MAX_SIZE};
use crate::board::symbol::Convention;
use std::io::BufRead;

/// A cell as written, its value checked once the board's size is known:
/// a number token or the character of a one-character string, with its
/// line and column.
struct Raw {
    cell: RawCell,
    line: usize,
    col: usize,
}

enum RawCell {
    Number(String),
    Symbol(char),
}

/// How far past a bad statement's `[` the reader looks for its `]`.
pub(crate) const SCAN_LIMIT: usize = 1 << 20;

/// The reader's window on the input and its position in it.
#[derive(Default)]
pub(crate) struct Js {
    /// Lines taken from the source, whole, each with its `\n`.
    buf: String,
    /// Byte offset of the next unread byte in `buf`.
    pos: usize,
    /// Line and column (in characters) of `pos`.
    line: usize,
    col: usize,
    /// Column of `buf[0]`.
    first_col: usize,
    /// True while `buf[..pos]` must be kept (inside a statement).
    keep: bool,
}

impl Js {
    /// A reader at the start of its input.
    pub fn new() -> Js {
        Js::default()
    }

    /// Skips whitespace and comments to the next statement.
    pub fn seek<R: BufRead>(&mut self, src: &mut Source<R>) -> Result<Next, ParseError> {
        self.buf.drain(..self.pos);
        self.pos = 0;
        self.first_col = self.col;
        self.keep = false;
        let mut c = Cursor {
            st: self,
            src,
            sizing: Sizing::default(),
        };
        c.space();
        if c.peek_byte().is_none() {
            return Ok(Next::Eof);
        }
        // An `end` line: `end` alone on its line, blanks aside.
        let (before, rest) = self.buf.split_at(self.pos);
        let lead = before.rsplit('\n').next().unwrap_or("");
        let whole_line = before.contains('\n') || self.first_col == 1;
        let line = rest.split('\n').next().unwrap_or("");
        if whole_line && lead.trim().is_empty() && is_end(line) {
            return Ok(Next::EndLine(self.line));
        }
        Ok(Next::Board(self.line))
    }

    /// Reads one statement from where [`Js::seek`] stopped. After an error
    /// the reader stands at the next statement (see the module notes).
    pub fn read<R: BufRead>(&mut self, src: &mut Source<R>, sizing: Sizing) -> BoardRead {
        self.keep = true;
        let mut c = Cursor {
            st: self,
            src,
            sizing,
        };
        let first_line = c.st.line;
        let mut opened = None;
        let result = c.statement(&mut opened);
        match result {
            Ok((grid, quote, convention)) => {
                let style = Style {
                    quote,
                    convention,
                    ..Style::new(Format::Js)
                };
                Ok((grid, style, first_line))
            }
            Err(e) => {
                c.recover(opened);
                Err(e)
            }
        }
    }
}

/// Where a board's `[` is: byte offset in the window, line, column.
type Opened = (usize, usize, usize);

/// The reader's window with the source that refills it.
struct Cursor<'a, R> {
    st: &'a mut Js,
    src: &'a mut Source<R>,
    /// The shape and symbols forced on the board (`--box`, `--symbols`).
    sizing: Sizing,
}

impl<R: BufRead> Cursor<'_, R> {
    /// Appends the source's next line to the window; false at the end.
    /// Outside a statement the used-up window is dropped first.
    fn fill(&mut self) -> bool {
        let line = match self.src.next_line() {
            Some(line) => line,
            None => return false,
        };
        let st = &mut *self.st;
        if !st.keep && st.pos == st.buf.len() {
            st.buf.clear();
            st.pos = 0;
        }
        if st.buf.is_empty() {
            st.line = line.number;
            st.col = 1;
            st.first_col = 1;
        }
        st.buf.push_str(&line.text);
        if line.newline {
            st.buf.push('\n');
        }
        self.src.recycle(line);
        true
    }

    fn peek_byte(&mut self) -> Option<u8> {
        loop {
            if let Some(&b) = self.st.buf.as_bytes().get(self.st.pos) {
                return Some(b);
            }
            if !self.fill() {
                return None;
            }
        }
    }

    /// Moves one byte on, keeping line and column.
    fn bump(&mut self) {
        if let Some(b) = self.peek_byte() {
            self.st.pos += 1;
            if b == b'\n' {
                self.st.line += 1;
                self.st.col = 1;
            } else if b & 0xC0 != 0x80 {
                self.st.col += 1;
            }
        }
    }

    /// True when the bytes at the reading position start with `s` (safe
    /// inside a multi-byte character, unlike slicing the `str`). The window
    /// holds whole lines, and `s` never spans one.
    fn at(&mut self, s: &[u8]) -> bool {
        self.peek_byte().is_some() && self.st.buf.as_bytes()[self.st.pos..].starts_with(s)
    }

    /// The character at the reading position, for messages (`\u{fffd}`
    /// inside a multi-byte character, which the reader never stops in).
    fn peek_char(&mut self) -> Option<char> {
        self.peek_byte()?;
        match self.st.buf.get(self.st.pos..) {
            Some(rest) => rest.chars().next(),
            None => Some('\u{fffd}'),
        }
    }

    fn error(&self, message: String) -> ParseError {
        ParseError::at(self.st.line, self.st.col, message)
    }

    /// What the reader found, for messages: `'x'` or `the end`.
    fn found(&mut self) -> String {
        match self.peek_char() {
            Some(c) => format!("'{}'", c.escape_debug()),
            None => "the end".to_string(),
        }
    }

    /// Skips whitespace and `// …` comments.
    fn space(&mut self) {
        loop {
            match self.peek_byte() {
                Some(b) if b.is_ascii_whitespace() => self.bump(),
                Some(b'/') if self.at(b"//") => {
                    while !matches!(self.peek_byte(), None | Some(b'\n')) {
                        self.bump();
                    }
                }
                _ => return,
            }
        }
    }

    /// An identifier at the reading position (may be empty).
    fn word(&mut self) -> String {
        let start = self.st.pos;
        while self
            .peek_byte()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.bump();
        }
        self.st.buf[start..self.st.pos].to_string()
    }

    fn statement(
        &mut self,
        opened: &mut Option<Opened>,
    ) -> Result<(Grid, Option<char>, Convention), ParseError> {
        if self
            .peek_byte()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        {
            let word = self.word();
            self.space();
            if matches!(word.as_str(), "let" | "const" | "var") {
                if !self
                    .peek_byte()
                    .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
                {
                    let found = self.found();
                    return Err(
                        self.error(format!("expected a name after `{}`, found {}", word, found))
                    );
                }
                self.word();
                self.space();
            }
            if self.peek_byte() != Some(b'=') {
                let found = self.found();
                return Err(self.error(format!("expected '=', found {}", found)));
            }
            self.bump();
            self.space();
        }
        if self.peek_byte() != Some(b'[') {
            let found = self.found();
            return Err(self.error(format!("expected '[' to start a board, found {}", found)));
        }
        *opened = Some((self.st.pos, self.st.line, self.st.col));
        let board = self.board()?;
        self.space();
        if self.peek_byte() == Some(b';') {
            self.bump();
        }
        Ok(board)
    }

    /// `[` row `,` … `]` with the reader at the `[`: the grid, the quote
    /// of its string cells and their convention.
    fn board(&mut self) -> Result<(Grid, Option<char>, Convention), ParseError> {
        let (line, col) = (self.st.line, self.st.col);
        self.bump();
        let mut rows: Vec<(Vec<Raw>, usize, usize)> = Vec::new();
        let mut quote = None;
        loop {
            self.space();
            match self.peek_byte() {
                None => return Err(ParseError::at(line, col, "this '[' is never closed")),
                Some(b']') => break,
                Some(b'[') => {
                    if rows.len() == MAX_SIZE {
                        let message =
                            format!("a {}th row; a board has at most {}", MAX_SIZE + 1, MAX_SIZE);
                        return Err(self.error(message));
                    }
                    let at = (self.st.line, self.st.col);
                    let row = self.row(rows.len() + 1, &mut quote)?;
                    rows.push((row, at.0, at.1));
                    self.comma(&format!("row {}", rows.len()))?;
                }
                Some(_) => {
                    let found = self.found();
                    return Err(self.error(format!(
                        "expected '[' to start row {}, found {}",
                        rows.len() + 1,
                        found
                    )));
                }
            }
        }
        let shape = match shape_of_rows(rows.len(), self.sizing) {
            Some(Ok(shape)) if shape.size() == rows.len() => shape,
            Some(Err(message)) => return Err(self.error(message)),
            wrong => {
                let n = wrong.and_then(Result::ok).map_or(9, Shape::size);
                let message = format!("board has {}, expected {}", count(rows.len(), "row"), n);
                return Err(self.error(message));
            }
        };
        self.bump();
        let n = shape.size();
        let symbols = rows
            .iter()
            .flat_map(|(row, ..)| row)
            .filter_map(|raw| match raw.cell {
                RawCell::Symbol(ch) => Some(ch),
                RawCell::Number(_) => None,
            });
        let conv = convention(self.sizing, n, symbols);
        let mut cells = Vec::with_capacity(n * n);
        for (r, (row, line, col)) in rows.iter().enumerate() {
            if row.len() != n {
                let message = format!(
                    "row {} has {}, expected {}",
                    r + 1,
                    count(row.len(), "cell"),
                    n
                );
                return Err(ParseError::at(*line, *col, message));
            }
            for raw in row {
                let value = match &raw.cell {
                    RawCell::Number(tok) => number_cell(tok, n),
                    RawCell::Symbol(ch) => string_cell(*ch, n, conv, quote.unwrap_or('"')),
                };
                cells.push(value.map_err(|m| ParseError::at(raw.line, raw.col, m))?);
            }
        }
        let grid = Grid::new(shape, cells).map_err(|e| ParseError::at(line, col, e.to_string()))?;
        Ok((grid, quote, conv))
    }

    /// What may follow an element (`what`: `row 3`, `a cell`): a `,`
    /// (taken), or the `]` that closes the list (left for the caller).
    fn comma(&mut self, what: &str) -> Result<(), ParseError> {
        self.space();
        match self.peek_byte() {
            Some(b',') => self.bump(),
            Some(b']') | None => {}
            _ => {
                let found = self.found();
                return Err(self.error(format!(
                    "expected ',' or ']' after {}, found {}",
                    what, found
                )));
            }
        }
        Ok(())
    }

    /// One row `[c, c, …]` with the reader at its `[`: its cells as
    /// written.
    fn row(&mut self, row: usize, quote: &mut Option<char>) -> Result<Vec<Raw>, ParseError> {
        let (line, col) = (self.st.line, self.st.col);
        self.bump();
        let mut cells = Vec::new();
        loop {
            self.space();
            match self.peek_byte() {
                None => return Err(ParseError::at(line, col, "this '[' is never closed")),
                Some(b']') => break,
                Some(b'[') => {
                    return Err(self.error(format!(
                        "unexpected '[' inside row {} (is a ']' missing?)",
                        row
                    )))
                }
                Some(_) if cells.len() == MAX_SIZE => {
                    let message = format!("row {} has more than {} cells", row, MAX_SIZE);
                    return Err(self.error(message));
                }
                Some(_) => {
                    cells.push(self.cell(quote)?);
                    self.comma("a cell")?;
                }
            }
        }
        self.bump();
        Ok(cells)
    }

    /// A number token or a one-character string (`"5"`, `'.'`), as written.
    fn cell(&mut self, quote: &mut Option<char>) -> Result<Raw, ParseError> {
        let (line, col) = (self.st.line, self.st.col);
        let start = self.st.pos;
        let raw = |cell| Raw { cell, line, col };
        match self.peek_byte() {
            Some(q @ (b'"' | b'\'')) => {
                self.bump();
                while !matches!(self.peek_byte(), Some(b) if b == q) {
                    if matches!(self.peek_byte(), None | Some(b'\n')) {
                        return Err(ParseError::at(line, col, "this string is never closed"));
                    }
                    self.bump();
                }
                self.bump();
                let inner = &self.st.buf[start + 1..self.st.pos - 1];
                quote.get_or_insert(q as char);
                let mut chars = inner.chars();
                match (chars.next(), chars.next()) {
                    (Some(ch), None) => Ok(raw(RawCell::Symbol(ch))),
                    _ => Err(ParseError::at(
                        line,
                        col,
                        not_one_character(inner, q as char),
                    )),
                }
            }
            _ => {
                while self.peek_byte().is_some_and(|b| {
                    b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_' || b >= 0x80
                }) {
                    self.bump();
                }
                if self.st.pos == start {
                    let found = self.found();
                    return Err(self.error(format!("{} is not a cell", found)));
                }
                let tok = &self.st.buf[start..self.st.pos];
                if tok == "." {
                    return Err(ParseError::at(
                        line,
                        col,
                        "'.' is not a cell; write \".\" or 0",
                    ));
                }
                // A token that is no cell on any board is said at once (in
                // the words of the forced size, else of 9×9); a number's
                // range is checked once the board's size is known.
                if let Err(largest) = number_cell(tok, MAX_SIZE) {
                    let n = self.sizing.shape.map_or(9, Shape::size);
                    let message = number_cell(tok, n).err().unwrap_or(largest);
                    return Err(ParseError::at(line, col, message));
                }
                Ok(raw(RawCell::Number(tok.to_string())))
            }
        }
    }

    /// After an error in a statement: skips to its end. From the board's
    /// `[` (when it was reached) to its matching `]` when the next
    /// statement or the end follows it; before that `[`, to the next line.
    /// Otherwise (brackets that never balance within [`SCAN_LIMIT`], or a
    /// stray `]`): to the next line that starts a statement, or to the end.
    fn recover(&mut self, opened: Option<Opened>) {
        let error_at = (self.st.pos, self.st.line, self.st.col);
        let opened = match opened {
            Some(o) => o,
            None => return self.resync(false),
        };
        (self.st.pos, self.st.line, self.st.col) = opened;
        let mut depth = 0usize;
        while let Some(b) = self.peek_byte() {
            if self.st.pos - opened.0 > SCAN_LIMIT {
                break;
            }
            match b {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        self.space();
                        if self.peek_byte() == Some(b';') {
                            self.bump();
                        }
                        // Trust the matching `]` only when a statement (or
                        // the end) follows it; a stray `]` inside the board
                        // closes it too early.
                        self.space();
                        if self
                            .peek_byte()
                            .is_none_or(|b| b == b'[' || b.is_ascii_alphabetic() || b == b'_')
                        {
                            return;
                        }
                        break;
                    }
                }
                b'/' if self.at(b"//") => {
                    self.space();
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
        (self.st.pos, self.st.line, self.st.col) = error_at;
        self.resync(true);
    }

    /// Moves to the start of the line after the reading position; with
    /// `statement`, further on to a line that starts a new statement.
    fn resync(&mut self, statement: bool) {
        self.st.keep = false;
        let st = &mut *self.st;
        match st.buf[st.pos..].find('\n') {
            Some(i) => {
                st.pos += i + 1;
                st.line += 1;
                st.col = 1;
            }
            None => {
                // The last line, without a newline.
                st.col += st.buf[st.pos..].chars().count();
                st.pos = st.buf.len();
                return;
            }
        }
        if !statement {
            return;
        }
        // The line the error was on holds the error, so it is not blank.
        let mut prev_blank = false;
        loop {
            let st = &mut *self.st;
            if st.pos < st.buf.len() {
                let rest = &st.buf[st.pos..];
                let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
                let text = &rest[..len];
                if starts_statement(text, prev_blank) {
                    return;
                }
                prev_blank = text.trim().is_empty();
                st.pos += len;
                if text.ends_with('\n') {
                    st.line += 1;
                    st.col = 1;
                }
                continue;
            }
            st.buf.clear();
            st.pos = 0;
            let starts = match self.src.peek() {
                None => return,
                Some(line) => {
                    if starts_statement(&line.text, prev_blank) {
                        true
                    } else {
                        prev_blank = line.text.trim().is_empty();
                        false
                    }
                }
            };
            if starts {
                return;
            }
            if let Some(line) = self.src.next_line() {
                self.st.line = line.number + 1;
                self.src.recycle(line);
            }
        }
    }
}

/// The value of a number cell on an N×N board: a number 0 to N written
/// plainly (`7`, `12`; not `07` or `-0`).
fn number_cell(tok: &str, n: usize) -> Result<u8, String> {
    let digits = tok.strip_prefix('-').unwrap_or(tok);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{}' is not a number 0-{}", shown(tok), n));
    }
    let significant = digits.trim_start_matches('0');
    let value = match significant.len() {
        0..=2 => significant.parse::<usize>().unwrap_or(0),
        _ => usize::MAX,
    };
    if value > n || (value > 0 && digits.len() < tok.len()) {
        return Err(format!("{} is out of range 0-{}", shown(tok), n));
    }
    if digits.len() < tok.len() || significant.len() < digits.len() && tok != "0" {
        let write = match n {
            0..=9 => format!("one digit 0-{}", n),
            _ => format!("a number 0-{}", n),
        };
        return Err(format!("{} is not a cell; write {}", shown(tok), write));
    }
    Ok(value as u8)
}

/// The value of a one-character string cell `ch` on an N×N board in
/// `conv`; up to 9×9 anything but `1`-`9`, `0` and `.` is refused as
/// before (`"x" is not a one-character cell 1-9, '0' or '.'`).
fn string_cell(ch: char, n: usize, conv: Convention, quote: char) -> Result<u8, String> {
    symbol_value(conv, ch, n).map_err(|m| {
        if n == 9 && conv == Convention::Digits {
            not_one_character(&ch.to_string(), quote)
        } else {
            m
        }
    })
}

/// `"55" is not a one-character cell 1-9, '0' or '.'`
fn not_one_character(inner: &str, quote: char) -> String {
    format!(
        "{}{}{} is not a one-character cell 1-9, '0' or '.'",
        quote,
        shown(inner),
        quote
    )
}

/// True when `line` starts with `let`/`const`/`var`, or with `[` right
/// after a blank line: the usual start of the next board.
fn starts_statement(line: &str, prev_blank: bool) -> bool {
    let t = line.trim_start_matches([' ', '\t']);
    if ["let", "const", "var"].iter().any(|k| {
        t.strip_prefix(k)
            .is_some_and(|r| r.starts_with([' ', '\t']))
    }) {
        return true;
    }
    t.starts_with('[') && prev_blank
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, puzzles_framed, render, Cases, Format, Style};
    use crate::testdata::WIKI;
    use crate::Board;

    #[test]
    fn js_example_with_let_and_trailing_comma_reads() {
        let text = "let board = [\n  [0,3,0,2,6,0,7,0,1],\n  [6,8,0,0,7,0,0,9,0],\n\
                    [1,9,0,0,0,4,5,0,0], [8,2,0,1,0,0,0,4,0], // a comment\n\
                    [0,0,4,6,0,2,9,0,0],\n[0,5,0,0,0,3,0,2,8],\n[0,0,9,3,0,0,0,7,4],\n\
                    [0,4,0,0,5,0,0,3,6],\n[7,0,3,0,1,8,0,0,0,],\n];\n";
        let p = only(text, None);
        assert_eq!(p.style, Style::new(Format::Js));
        assert_eq!(p.board().unwrap().get(0, 1), 3);
        assert_eq!(p.board().unwrap().get(8, 5), 8);
        let canonical = p.board().unwrap().to_js(None);
        assert!(canonical.starts_with("[\n  [0, 3, 0, 2, 6, 0, 7, 0, 1],\n"));
        assert!(canonical.ends_with("  [7, 0, 3, 0, 1, 8, 0, 0, 0]\n]\n"));
        assert_eq!(Board::from_js(&canonical), Ok(p.board().unwrap()));
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
        assert_eq!(p.board().unwrap(), board(WIKI));
        assert_eq!(p.style.quote, Some('"'));
        let out = render(&p.board().unwrap(), &p.style);
        assert!(
            out.starts_with("[\n  [\"5\", \"3\", \".\", \".\", \"7\""),
            "{}",
            out
        );
        let single = out.replace('"', "'");
        let q = only(&single, Some(Format::Js));
        assert_eq!(
            (q.board().unwrap(), q.style.quote),
            (p.board().unwrap(), Some('\''))
        );
        assert_eq!(render(&q.board().unwrap(), &q.style), single);
    }

    #[test]
    fn several_statements_on_one_line_and_an_end_line() {
        let one = board(WIKI).to_js(None).replace('\n', "");
        let text = format!("{} let b = {};\n{}\nend\n", one, one, one);
        let all: Vec<_> = puzzles_framed(&text, None, Cases::Auto).collect();
        assert_eq!(all.len(), 3, "{:?}", all);
        assert!(all.iter().all(|r| r.is_ok()));
        assert_eq!(all[2].as_ref().unwrap().line, 2);
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
        assert_eq!(all[1].clone().unwrap().board().unwrap(), board(WIKI));
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
    fn a_bracket_that_never_closes_is_searched_a_bounded_way() {
        // The scan for the matching `]` gives up after SCAN_LIMIT bytes and
        // goes on at the next line that starts a statement.
        let good = board(WIKI).to_js(None);
        let filler = "  [1, 2, 3,\n".repeat(super::SCAN_LIMIT / 10);
        let text = format!("[[1, x\n{}\nlet b = {}", filler, good);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2);
        assert_eq!(
            all[0].clone().unwrap_err().to_string(),
            "puzzle 1, line 1, column 6: 'x' is not a number 0-9"
        );
        assert_eq!(all[1].clone().unwrap().board().unwrap(), board(WIKI));
    }

    #[test]
    fn js_comments_and_strings_may_hold_any_character() {
        let good = board(WIKI).to_js(Some('"'));
        let text = format!("// grille très difficile — 難しい\n{}", good)
            .replacen("\"5\"", "\"5\" // é\n", 1)
            .replacen("\"3\"", "\"3\" // ü\n", 1);
        assert_eq!(only(&text, None).board().unwrap(), board(WIKI));
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
    fn js_block_comments_padded_numbers_and_dollar_names_are_refused() {
        let good = board(WIKI).to_js(None);
        let refused = |text: String| errors(&text).into_iter().next().unwrap_or_default();
        assert_eq!(
            refused(format!("/* a board */ {}", good)),
            "puzzle 1, line 1, column 1: expected '[' to start a board, found '/'"
        );
        assert_eq!(
            refused(good.replacen("[5, 3", "[5, /* x */ 3", 1)),
            "puzzle 1, line 2, column 7: '/' is not a cell"
        );
        assert_eq!(
            refused(good.replacen("[5, 3", "[5, 03", 1)),
            "puzzle 1, line 2, column 7: 03 is not a cell; write one digit 0-9"
        );
        assert_eq!(
            refused(good.replacen("[5, 3, 0", "[5, 3, -0", 1)),
            "puzzle 1, line 2, column 10: -0 is not a cell; write one digit 0-9"
        );
        assert_eq!(
            refused(good.replacen("[5, 3", "[5, 3.0", 1)),
            "puzzle 1, line 2, column 7: '3.0' is not a number 0-9"
        );
        assert_eq!(
            refused(format!("$b = {}", good)),
            "puzzle 1, line 1, column 1: expected '[' to start a board, found '$'"
        );
        assert_eq!(
            refused(format!("let 5b = {}", good)),
            "puzzle 1, line 1, column 5: expected a name after `let`, found '5'"
        );
        assert_eq!(
            only(&format!("let b_5 = {}", good), None).board().unwrap(),
            board(WIKI)
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
}
