//! The output's side: its lines, and a board read out of them against the
//! template of the format it must be written in (presentation errors).
//!
//! A *template* is a format rendered for a full board: the output must
//! have its shape, cell for cell.

use crate::board::{cell_name, Board};
use crate::format::{self, Style};

/// The lines of an output (or ANSWER) as the checker reads them, with a
/// cursor: split at LF, with trailing spaces, tabs and CRs of each line
/// dropped, and blank lines at the very end dropped.
pub(super) struct Lines<'a> {
    lines: Vec<&'a str>,
    /// Index of the next unread line.
    pos: usize,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Lines<'a> {
        let mut lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.trim_end_matches([' ', '\t', '\r']))
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        Lines { lines, pos: 0 }
    }

    /// True when the text holds no line at all (empty or blank).
    pub(super) fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The next unread line, without consuming it.
    pub(super) fn peek(&self) -> Option<&'a str> {
        self.lines.get(self.pos).copied()
    }

    /// Consumes the next line.
    pub(super) fn advance(&mut self) {
        self.pos += 1;
    }

    /// The 1-based number of the next unread line.
    pub(super) fn number(&self) -> usize {
        self.pos + 1
    }

    /// Skips blank lines (between answers).
    pub(super) fn skip_blank(&mut self) {
        while self.peek().is_some_and(str::is_empty) {
            self.pos += 1;
        }
    }
}

/// A character for a message: `'x'`, `'"'`, `"'"`, `'\t'`, `'\u{0}'`.
fn show(c: char) -> String {
    if c == '\'' {
        "\"'\"".to_string()
    } else if c.is_control() || (c.is_whitespace() && c != ' ') {
        format!("'{}'", c.escape_debug())
    } else {
        format!("'{}'", c)
    }
}

/// A line for a message, quoted and cut at 40 characters.
pub(super) fn show_text(s: &str) -> String {
    let short: String = s.chars().take(40).collect();
    let more = if s.chars().count() > 40 { "..." } else { "" };
    format!("\"{}{}\"", short.escape_debug(), more)
}

/// One character of a template line: a fixed character, or a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Fixed(char),
    /// The cell index 0..81 and the character the format writes for blank.
    Cell(usize, char),
}

/// The format of `style` as a template: rendering a board of all 1s and
/// one of all 2s, the characters that differ are the cells; the rest is
/// fixed text. One entry per line. `None` if the format's cells are not
/// one character wide (no format of the kit is like that).
fn template(style: &Style) -> Option<Vec<Vec<Slot>>> {
    let ones: Vec<char> = format::render(&Board([1; 81]), style).chars().collect();
    let twos: Vec<char> = format::render(&Board([2; 81]), style).chars().collect();
    let blank: Vec<char> = format::render(&Board::EMPTY, style).chars().collect();
    if ones.len() != twos.len() {
        return None;
    }
    let mut lines = vec![Vec::new()];
    let mut cell = 0;
    for (k, (&a, &b)) in ones.iter().zip(twos.iter()).enumerate() {
        if a == '\n' {
            lines.push(Vec::new());
        } else if a != b {
            let blank_char = if blank.len() == ones.len() {
                blank[k]
            } else {
                '0'
            };
            lines.last_mut()?.push(Slot::Cell(cell, blank_char));
            cell += 1;
        } else {
            lines.last_mut()?.push(Slot::Fixed(a));
        }
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    (cell == 81).then_some(lines)
}

/// Reads one board from `lines`, laid out in `style`'s format line for
/// line; the error is the presentation error's reason (`line 3, column 4:
/// expected ' ', got ',' (the answer must be in the spaced format)`).
pub(super) fn read_board(lines: &mut Lines, style: &Style) -> Result<Board, String> {
    let template = template(style).ok_or_else(|| {
        format!(
            "the {} format cannot be checked cell by cell",
            style.format.name()
        )
    })?;
    let fmt_name = style.format.name();
    let mut board = Board::EMPTY;
    for want in &template {
        let line = lines.peek().ok_or_else(|| {
            format!(
                "the output ends after line {}; the {} format has {} lines",
                lines.lines.len(),
                fmt_name,
                template.len()
            )
        })?;
        read_line(line, want, &mut board).map_err(|e| {
            format!(
                "line {}{} (the answer must be in the {} format)",
                lines.number(),
                e,
                fmt_name
            )
        })?;
        lines.advance();
    }
    Ok(board)
}

/// Reads one line against its template line into `board`; the error
/// continues `line N`: `, column 4: expected ' ', got ','`.
fn read_line(line: &str, want: &[Slot], board: &mut Board) -> Result<(), String> {
    let got: Vec<char> = line.chars().collect();
    let cell_like = |c: &char| c.is_ascii_digit() || *c == '.';
    let want_cells = want
        .iter()
        .filter(|s| match s {
            Slot::Cell(..) => true,
            Slot::Fixed(c) => cell_like(c),
        })
        .count();
    let got_cells = got.iter().filter(|c| cell_like(c)).count();
    if got.is_empty() {
        return Err(" is blank".to_string());
    }
    if got_cells != want_cells {
        return Err(format!(
            " has {} cells, expected {}: {}",
            got_cells,
            want_cells,
            show_text(line)
        ));
    }
    for (k, slot) in want.iter().enumerate() {
        let column = k + 1;
        let c = match got.get(k) {
            Some(&c) => c,
            None => {
                let expected = match slot {
                    Slot::Fixed(f) => show(*f),
                    Slot::Cell(..) => "a digit".to_string(),
                };
                return Err(format!(
                    " ends at column {}, expected {} next",
                    column - 1,
                    expected
                ));
            }
        };
        match *slot {
            Slot::Fixed(f) if c != f => {
                return Err(format!(
                    ", column {}: expected {}, got {}",
                    column,
                    show(f),
                    show(c)
                ))
            }
            Slot::Fixed(_) => {}
            Slot::Cell(i, blank) => {
                board.0[i] = match c {
                    '1'..='9' => c as u8 - b'0',
                    _ if c == blank || c == '0' => 0,
                    _ => {
                        return Err(format!(
                            ", column {}: expected a digit 1-9 for {}, got {}",
                            column,
                            cell_name(i),
                            show(c)
                        ))
                    }
                }
            }
        }
    }
    if got.len() > want.len() {
        return Err(format!(
            ", column {}: expected the end of the line, got {}",
            want.len() + 1,
            show(got[want.len()])
        ));
    }
    Ok(())
}
