//! The `euler` reader (Project Euler 96): a `Grid NN` header line, then 9
//! rows of digits up to the next header (or an `end` line). Blank and `#`
//! lines are ignored, so grids need no blank line between them; the
//! header is kept as the board's label, to be written back.

use super::cells::{count, shown};
use super::detect::{is_end, is_grid_header};
use super::digits;
use super::source::Source;
use super::{BoardRead, Format, ParseError, Style};
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use std::io::BufRead;

/// Cells in a row, rows in a grid: Project Euler's grids are 9×9.
const SIDE: usize = 9;

/// Reads one grid from the source's next line (its header) to the next
/// header or the end.
pub(crate) fn read<R: BufRead>(src: &mut Source<R>) -> BoardRead {
    let header = match src.next_line() {
        Some(line) => line,
        None => return Err(ParseError::at(0, 0, "no board found")),
    };
    let first_line = header.number;
    let label = header.text.trim().to_string();
    let mut err = None;
    if !is_grid_header(&label) {
        err = Some(ParseError::at(
            first_line,
            0,
            format!("expected a `Grid NN` line, found `{}`", shown(&label)),
        ));
    }
    let mut cells = [0u8; SIDE * SIDE];
    let mut rows = 0;
    while let Some(line) = src.peek() {
        if is_grid_header(&line.text) || is_end(&line.text) {
            break;
        }
        let line = match src.next_line() {
            Some(line) => line,
            None => break,
        };
        if line.is_skippable() || err.is_some() {
            src.recycle(line);
            continue;
        }
        if rows == SIDE {
            let message = format!("`{}` has more than 9 rows", shown(&label));
            err = Some(ParseError::at(line.number, 0, message));
            continue;
        }
        rows += 1;
        let out = &mut cells[(rows - 1) * SIDE..rows * SIDE];
        if let Err((column, message)) = digits::row(&line.text, rows, SIDE, Convention::Digits, out)
        {
            err = Some(ParseError::at(line.number, column, message));
        }
        src.recycle(line);
    }
    if let Some(e) = err {
        return Err(e);
    }
    if rows < SIDE {
        return Err(ParseError::at(
            first_line,
            0,
            format!("`{}` has {}, expected 9", shown(&label), count(rows, "row")),
        ));
    }
    let style = Style {
        label: Some(label),
        ..Style::new(Format::Euler)
    };
    let grid = Grid::new(Shape::CLASSIC, cells.to_vec())
        .map_err(|e| ParseError::at(first_line, 0, e.to_string()))?;
    Ok((grid, style, first_line))
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, render_many, Format, Style};
    use crate::testdata::{WIKI, WIKI_SOLVED};
    use crate::Board;

    #[test]
    fn euler_file_reads_grid_by_grid_and_round_trips() {
        let a = board(WIKI).to_digit_rows();
        let b = board(WIKI_SOLVED).to_digit_rows();
        let text = format!("Grid 01\n{}Grid 02\n{}Grid 03\n{}", a, b, a);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 3);
        let boards: Vec<(Board, Style)> = all
            .into_iter()
            .map(|r| r.map(|p| (p.board().unwrap(), p.style)).unwrap())
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
        let long = format!("Grid 01\n{}{}", a, "123456789\n");
        assert_eq!(
            errors(&long),
            ["puzzle 1, line 11: `Grid 01` has more than 9 rows"]
        );
    }

    #[test]
    fn blank_lines_between_rows_and_grids_are_ignored() {
        let a = board(WIKI).to_digit_rows().replace('\n', "\n\n");
        let text = format!("\nGrid 01\n\n{}\nGrid 02\n{}", a, a);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].as_ref().unwrap().line, 23);
    }
}
