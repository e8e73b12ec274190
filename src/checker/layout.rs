//! A board read out of the lines of an output against the template of
//! the format it must be written in (presentation errors).
//!
//! A *template* is a format rendered for a full board: the output must
//! have its shape, cell for cell.

use super::lines::Lines;
use super::rules::Fault;
use crate::board::{cell_name, Board};
use crate::format::{self, Style};
use std::io::BufRead;

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

/// The boards of one text, read against templates; the last template
/// made is kept (every answer of a text is usually in one style).
#[derive(Default)]
pub(super) struct Layout {
    last: Option<(Style, Option<Vec<Vec<Slot>>>)>,
}

impl Layout {
    /// Reads one board from `lines`, laid out in `style`'s format line
    /// for line; the layout fault says why not (`line 3, column 4:
    /// expected ' ', got ',' (the answer must be in the spaced format)`).
    pub(super) fn read_board<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        style: &Style,
    ) -> Result<Board, Fault> {
        if self.last.as_ref().map(|(s, _)| s) != Some(style) {
            self.last = Some((style.clone(), template(style)));
        }
        let fmt_name = style.format.name();
        let template = match self.last.as_ref().and_then(|(_, t)| t.as_ref()) {
            Some(t) => t,
            None => {
                return Err(Fault::Layout(format!(
                    "the {} format cannot be checked cell by cell",
                    fmt_name
                )))
            }
        };
        let mut board = Board::EMPTY;
        for want in template {
            let taken = lines.taken();
            let line = lines.peek().map_err(Fault::Unreadable)?.ok_or_else(|| {
                Fault::Layout(format!(
                    "the output ends after line {}; the {} format has {} lines",
                    taken,
                    fmt_name,
                    template.len()
                ))
            })?;
            read_line(line, want, &mut board).map_err(|e| {
                Fault::Layout(format!(
                    "line {}{} (the answer must be in the {} format)",
                    lines.number(),
                    e,
                    fmt_name
                ))
            })?;
            lines.advance();
        }
        Ok(board)
    }
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
