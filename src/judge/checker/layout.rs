//! A board read out of the lines of an output against the template of
//! the format it must be written in (presentation errors).
//!
//! A *template* is a format rendered for a full board of the puzzle's
//! shape: the output must have its shape, cell for cell. A cell is what
//! [`Symbols`] reads: one character (a digit, or a letter above 9×9, in
//! the board's convention), or, where the format writes numbers above
//! 9×9, a number of one or two digits.
//!
//! The template is the puzzle's own: a jigsaw's walls in `pretty`, a
//! killer board's cage marks and sums are fixed text of it. In `walls`,
//! whose cells are numbers adding a cell's walls to its value (`144` blank,
//! `153` a 9 under the same walls), a cell's width varies with its value:
//! there each line's numbers give the values (below the wall bits), and
//! the board they make, written back, must be the line.

use super::fault::Fault;
use super::lines::Lines;
use super::symbols::Symbols;
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::format::{self, Format, Style};
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

/// The format of `style` for a board like `puzzle` (its shape and variant)
/// as a template: rendering a board of all 1s and a blank one, the
/// characters that differ are the cells (with the blank's character); the
/// rest is fixed text. One entry per line. `None` if the two renderings do
/// not line up.
fn template(style: &Style, puzzle: &Grid) -> Option<Template> {
    let shape = puzzle.shape();
    let ones = puzzle.with_cells(vec![1; shape.cell_count()]).ok()?;
    let ones: Vec<char> = format::render(&ones, style).chars().collect();
    let blank = puzzle.with_cells(vec![0; shape.cell_count()]).ok()?;
    let blank: Vec<char> = format::render(&blank, style).chars().collect();
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
/// made is kept with the puzzle it was made for (every answer of a text is
/// usually in one style, and a variant's layout is shared by its puzzles).
#[derive(Default)]
pub(super) struct Layout {
    last: Option<(Style, Grid, Option<Template>)>,
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
        puzzle: &Grid,
    ) -> Result<Grid, Fault> {
        let shape = puzzle.shape();
        if style.format == Format::Walls {
            return read_walls(lines, style, puzzle);
        }
        let known = matches!(&self.last, Some((s, p, _))
            if s == style && p.shape() == shape && p.variant() == puzzle.variant());
        if !known {
            let blank = puzzle.with_cells(vec![0; shape.cell_count()]).ok();
            let made = template(style, puzzle);
            self.last = blank.map(|b| (style.clone(), b, made));
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
        puzzle
            .with_cells(cells)
            .map_err(|e| Fault::Layout(e.to_string()))
    }
}

/// Reads one board in the `walls` format: the N lines' numbers give the
/// values (the number less its wall bits, 16 and up; a token that is no
/// value reads as blank), and the board they make, written back with the
/// puzzle's walls, must be each line character for character.
fn read_walls<R: BufRead>(
    lines: &mut Lines<R>,
    style: &Style,
    puzzle: &Grid,
) -> Result<Grid, Fault> {
    let shape = puzzle.shape();
    let n = shape.size();
    let mut cells = vec![0u8; shape.cell_count()];
    let mut got = Vec::with_capacity(n);
    for r in 0..n {
        let taken = lines.taken();
        let line = lines.peek().map_err(Fault::Unreadable)?.ok_or_else(|| {
            Fault::Layout(format!(
                "the output ends after line {}; the walls format has {} lines",
                taken, n
            ))
        })?;
        let line = line.to_string();
        for (c, token) in line.split_whitespace().take(n).enumerate() {
            let value = token.parse::<u32>().map_or(0, |v| v % 16);
            if value as usize <= n {
                cells[r * n + c] = value as u8;
            }
        }
        got.push((lines.number(), line));
        lines.advance();
    }
    let board = puzzle
        .with_cells(cells)
        .map_err(|e| Fault::Layout(e.to_string()))?;
    let written = format::render(&board, style);
    for ((number, got), want) in got.iter().zip(written.lines()) {
        if let Some(e) = differs(got, want) {
            return Err(Fault::Layout(format!(
                "line {}{} (the answer must be in the walls format)",
                number, e
            )));
        }
    }
    Ok(board)
}

/// Where line `got` first differs from `want`, continuing `line N` as
/// [`read_line`]'s errors do; `None` when they are the same.
fn differs(got: &str, want: &str) -> Option<String> {
    let (g, w): (Vec<char>, Vec<char>) = (got.chars().collect(), want.chars().collect());
    let at = g.iter().zip(&w).take_while(|(a, b)| a == b).count();
    match (g.get(at), w.get(at)) {
        (None, None) => None,
        (None, Some(&want)) => Some(format!(
            " ends at column {}, expected {} next",
            at,
            show(want)
        )),
        (Some(&got), None) => Some(format!(
            ", column {}: expected the end of the line, got {}",
            at + 1,
            show(got)
        )),
        (Some(&got), Some(&want)) => Some(format!(
            ", column {}: expected {}, got {}",
            at + 1,
            show(want),
            show(got)
        )),
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
