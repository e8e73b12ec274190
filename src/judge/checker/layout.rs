//! A board read out of the lines of an output against the template of
//! the format it must be written in (presentation errors).
//!
//! A *template* is a format rendered for a full board of the puzzle's
//! shape: the output must have its shape, cell for cell. A cell is what
//! [`Symbols`] reads: one character (a digit, or a letter above 9×9, in
//! the board's convention), or, where the format writes numbers above
//! 9×9, a number of one or two digits.

use super::fault::Fault;
use super::lines::Lines;
use super::symbols::Symbols;
use crate::board::grid::Grid;
use crate::board::shape::Shape;
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
    /// The cell index and the character the format writes for blank.
    Cell(usize, char),
}

/// A format's template: one line of slots per line.
type Template = Vec<Vec<Slot>>;

/// The format of `style` for a board of `shape` as a template: rendering
/// a board of all 1s and a blank one, the characters that differ are the
/// cells (with the blank's character); the rest is fixed text. One entry
/// per line. `None` if the two renderings do not line up.
fn template(style: &Style, shape: Shape) -> Option<Template> {
    let ones = Grid::new(shape, vec![1; shape.cell_count()]).ok()?;
    let ones: Vec<char> = format::render(&ones, style).chars().collect();
    let blank: Vec<char> = format::render(&Grid::empty(shape), style).chars().collect();
    if ones.len() != blank.len() {
        return None;
    }
    let mut lines = vec![Vec::new()];
    let mut cell = 0;
    for (&a, &b) in ones.iter().zip(blank.iter()) {
        if a == '\n' {
            lines.push(Vec::new());
        } else if a != b {
            lines.last_mut()?.push(Slot::Cell(cell, b));
            cell += 1;
        } else {
            lines.last_mut()?.push(Slot::Fixed(a));
        }
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    (cell == shape.cell_count()).then_some(lines)
}

/// The boards of one text, read against templates; the last template
/// made is kept (every answer of a text is usually in one style).
#[derive(Default)]
pub(super) struct Layout {
    last: Option<(Style, Shape, Option<Template>)>,
}

impl Layout {
    /// Reads one board of `shape` from `lines`, laid out in `style`'s
    /// format line for line; the layout fault says why not (`line 3,
    /// column 4: expected ' ', got ',' (the answer must be in the spaced
    /// format)`).
    pub(super) fn read_board<R: BufRead>(
        &mut self,
        lines: &mut Lines<R>,
        style: &Style,
        shape: Shape,
    ) -> Result<Grid, Fault> {
        let known = matches!(&self.last, Some((s, sh, _)) if s == style && *sh == shape);
        if !known {
            self.last = Some((style.clone(), shape, template(style, shape)));
        }
        let fmt_name = style.format.name();
        let template = match self.last.as_ref().and_then(|(_, _, t)| t.as_ref()) {
            Some(t) => t,
            None => {
                return Err(Fault::Layout(format!(
                    "the {} format cannot be checked cell by cell",
                    fmt_name
                )))
            }
        };
        let symbols = Symbols::of(style, shape);
        // Above 9x9 the message also names the symbols.
        let written = match symbols {
            Symbols::Chars(convention, n) if n > 9 => {
                format!("{} format in {}", fmt_name, convention.range(n))
            }
            _ => format!("{} format", fmt_name),
        };
        let mut cells = vec![0; shape.cell_count()];
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
            read_line(line, want, symbols, shape, &mut cells).map_err(|e| {
                Fault::Layout(format!(
                    "line {}{} (the answer must be in the {})",
                    lines.number(),
                    e,
                    written
                ))
            })?;
            lines.advance();
        }
        // Every value was read as one of the board's: this cannot fail.
        Grid::new(shape, cells).map_err(|e| Fault::Layout(e.to_string()))
    }
}

/// Reads one line against its template line into `board`; the error
/// continues `line N`: `, column 4: expected ' ', got ','`. Columns count
/// characters.
fn read_line(
    line: &str,
    want: &[Slot],
    symbols: Symbols,
    shape: Shape,
    cells: &mut [u8],
) -> Result<(), String> {
    let got: Vec<char> = line.chars().collect();
    let want_cells = want
        .iter()
        .filter(|s| match s {
            Slot::Cell(..) => true,
            Slot::Fixed(c) => symbols.cell_like(*c),
        })
        .count();
    let got_cells = symbols.count_cells(&got);
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
    let mut at = 0;
    for slot in want {
        let column = at + 1;
        let c = match got.get(at) {
            Some(&c) => c,
            None => {
                let expected = match slot {
                    Slot::Fixed(f) => show(*f),
                    Slot::Cell(..) => symbols.kind().to_string(),
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
            Slot::Fixed(_) => at += 1,
            Slot::Cell(i, blank) => match symbols.read(&got[at..], blank) {
                Some((value, len)) => {
                    cells[i] = value;
                    at += len;
                }
                None => {
                    return Err(format!(
                        ", column {}: expected {} for {}, got {}",
                        column,
                        symbols.expected(),
                        shape.cell_name(i),
                        show(c)
                    ))
                }
            },
        }
    }
    if got.len() > at {
        return Err(format!(
            ", column {}: expected the end of the line, got {}",
            at + 1,
            show(got[at])
        ));
    }
    Ok(())
}
