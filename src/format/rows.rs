//! Boards written as N row lines (`spaced`, `digits`): the rows are
//! collected across blank lines and `#` comment lines, so a blank line
//! ends a board only once it has its N rows. A bad row spoils its board
//! only: it still counts as a row, and the next board starts after the
//! N-th.
//!
//! N is the length of the board's rows: with `--box` the shape's, else the
//! first row's, unless the next two rows share another length that makes a
//! board; so one mistyped row is reported as that row's mistake, not as a
//! board of another size. Rows shorter than 4 cells are read as short rows
//! of a 9×9 board. A row is one line: a first line of N² cells (more than
//! the largest row) is read as the first row of an N×N board, so the error
//! says that the row is too long rather than that the board is too large.

use super::cells::{convention, count, shape_of_rows};
use super::source::{Line, Source};
use super::{BoardRead, Format, ParseError, Sizing, Style};
use crate::board::grid::Grid;
use crate::board::shape::{Shape, MAX_SIZE};
use crate::board::symbol::Convention;
use std::io::BufRead;

/// Reads row `row` (1-based) of an N-wide board from `raw` into `out` (its
/// N cells), or says at which column (0: the whole line) what is wrong.
pub(crate) type RowReader = fn(
    raw: &str,
    row: usize,
    n: usize,
    conv: Convention,
    out: &mut [u8],
) -> Result<(), (usize, String)>;

/// Makes a board of a shape from the cells its rows wrote, or says why
/// they make none.
pub(crate) type BoardMaker = fn(Shape, Vec<u8>) -> Result<Grid, String>;

/// How one format writes its rows.
pub(crate) struct Rows {
    /// The format.
    pub format: Format,
    /// How many cells a row line holds.
    pub width: fn(&str) -> usize,
    /// Reads one row line.
    pub row: RowReader,
    /// True when cells are symbols whose convention is read from the board
    /// (`digits`); false for numbers (`spaced`).
    pub symbols: bool,
    /// Makes the board of the cells `row` wrote (`walls`: values and
    /// regions from raw numbers); `None`: the cells are the values.
    pub finish: Option<BoardMaker>,
}

/// Reads one board of `rows`' format from the source's next line on (the
/// framing has skipped blank lines before it).
pub(crate) fn read<R: BufRead>(src: &mut Source<R>, rows: &Rows, sizing: Sizing) -> BoardRead {
    let mut lines: Vec<Line> = Vec::new();
    let result = collect(src, rows, sizing, &mut lines).and_then(|shape| {
        let n = shape.size();
        let conv = if rows.symbols {
            convention(sizing, n, lines.iter().flat_map(|l| l.text.trim().chars()))
        } else {
            convention(sizing, n, None)
        };
        let mut cells = vec![0u8; shape.cell_count()];
        let mut err = None;
        for (k, line) in lines.iter().enumerate() {
            let out = &mut cells[k * n..(k + 1) * n];
            if let Err((column, message)) = (rows.row)(&line.text, k + 1, n, conv, out) {
                err = err.or(Some(ParseError::at(line.number, column, message)));
            }
        }
        let filled = lines.len();
        if let Some(e) = err {
            return Err(e);
        }
        if filled < n {
            let last = lines.last().map_or(0, |l| l.number);
            let message = format!("board ends after {}, expected {}", count(filled, "row"), n);
            return Err(ParseError::at(last, 0, message));
        }
        let first = lines.first().map_or(0, |l| l.number);
        let grid = match rows.finish {
            Some(finish) => finish(shape, cells).map_err(|m| ParseError::at(first, 0, m))?,
            None => Grid::new(shape, cells).map_err(|e| ParseError::at(0, 0, e.to_string()))?,
        };
        let style = Style {
            convention: conv,
            ..Style::new(rows.format)
        };
        Ok((grid, style, lines.first().map_or(0, |l| l.number)))
    });
    for line in lines {
        src.recycle(line);
    }
    result
}

/// Collects the row lines of one board into `lines` and decides its shape
/// (see the module notes).
fn collect<R: BufRead>(
    src: &mut Source<R>,
    rows: &Rows,
    sizing: Sizing,
    lines: &mut Vec<Line>,
) -> Result<Shape, ParseError> {
    read_lines(src, lines, 1);
    let (w1, at) = match lines.first() {
        Some(line) => ((rows.width)(&line.text), line.number),
        None => return Err(ParseError::at(0, 0, "no board found")),
    };
    let forced = sizing.shape.map(|s| s.size());
    let n = match forced {
        Some(n) => n,
        None => {
            read_lines(src, lines, 3);
            let w: Vec<usize> = lines.iter().map(|l| (rows.width)(&l.text)).collect();
            match w[..] {
                [a, b, c] if a != b && a != c && b == c && Shape::for_size(b).is_ok() => b,
                // A whole board on its first line: the first row of a
                // board of its root's size, and too long.
                _ => match Shape::from_cells(w1) {
                    Ok(whole) if w1 > MAX_SIZE => whole.size(),
                    _ => w1,
                },
            }
        }
    };
    let shape = match shape_of_rows(n, sizing) {
        Some(shape) => shape.map_err(|m| ParseError::at(at, 0, m))?,
        // Too short for any board: read as a short row of a 9×9 one.
        None => Shape::CLASSIC,
    };
    read_lines(src, lines, shape.size());
    Ok(shape)
}

/// Reads row lines (skipping blank and comment lines) until `lines` holds
/// `n` or the input ends.
fn read_lines<R: BufRead>(src: &mut Source<R>, lines: &mut Vec<Line>, n: usize) {
    while lines.len() < n {
        match src.next_line() {
            Some(line) if line.is_skippable() => src.recycle(line),
            Some(line) => lines.push(line),
            None => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, Format};
    use crate::testdata::{WIKI, WIKI_SOLVED};

    #[test]
    fn rows_are_collected_across_blank_lines() {
        let b = board(WIKI);
        for rows in [b.to_digit_rows(), b.to_spaced()] {
            let gapped = rows.replace('\n', "\n\n");
            let p = only(&gapped, None);
            assert_eq!((p.board().unwrap(), p.line), (b, 1), "{}", gapped);
            let commented = rows.replacen('\n', "\n# note\n   \n", 4);
            assert_eq!(only(&commented, None).board().unwrap(), b);
        }
    }

    #[test]
    fn blank_lines_end_a_board_only_after_its_nine_rows() {
        let (a, b) = (board(WIKI), board(WIKI_SOLVED));
        let text = format!(
            "\n\n{}\n\n\n{}\n\n",
            a.to_digit_rows().replace('\n', "\n\n"),
            b.to_digit_rows()
        );
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].as_ref().unwrap().board().unwrap(), a);
        let second = all[1].as_ref().unwrap();
        assert_eq!((second.board().unwrap(), second.line), (b, 24));
    }

    #[test]
    fn a_short_board_takes_rows_of_the_next_one() {
        // The rule's price: 8 rows then a blank line do not end a board.
        let eight: String = board(WIKI)
            .to_digit_rows()
            .lines()
            .take(8)
            .map(|l| format!("{}\n", l))
            .collect();
        let text = format!("{}\n{}", eight, board(WIKI_SOLVED).to_digit_rows());
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2);
        assert!(all[0].is_ok());
        assert_eq!(
            all[1].clone().unwrap_err().to_string(),
            "puzzle 2, line 18: board ends after 8 rows, expected 9"
        );
        assert_eq!(all[0].as_ref().unwrap().style.format, Format::Digits);
    }
}
