//! The `spaced` reader: N lines of N numbers separated by any spacing
//! (BOJ 2580 at 9×9), `0` or `.` blank, numbers up to N at every size; a
//! row is one line. Rows are collected, and N read, as `rows.rs` says.

use super::cells::{column, count, sized_number};
use super::rows::{self, Rows};
use super::source::Source;
use super::{BoardRead, Format, Sizing};
use crate::board::symbol::Convention;
use std::io::BufRead;

/// How `spaced` writes its rows.
const ROWS: Rows = Rows {
    format: Format::Spaced,
    width: |raw| raw.split_whitespace().count(),
    row,
    symbols: false,
    finish: None,
};

/// Reads one `spaced` board from the source's next line on.
pub(crate) fn read<R: BufRead>(src: &mut Source<R>, sizing: Sizing) -> BoardRead {
    rows::read(src, &ROWS, sizing)
}

/// Row `row` (1-based) of an N-wide `spaced` board into `out` (N cells).
fn row(
    raw: &str,
    row: usize,
    n: usize,
    _: Convention,
    out: &mut [u8],
) -> Result<(), (usize, String)> {
    let mut found = 0usize;
    let mut start = None;
    for (k, ch) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))) {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(k),
            (true, Some(s)) => {
                let v = sized_number(&raw[s..k], n).map_err(|m| (column(raw, s), m))?;
                if let Some(cell) = out.get_mut(found) {
                    *cell = v;
                }
                found += 1;
                start = None;
            }
            _ => {}
        }
    }
    if found == n {
        return Ok(());
    }
    // A whole board on one line says which rule it breaks.
    let why = if found == n * n {
        ": a row is one line"
    } else {
        ""
    };
    Err((
        0,
        format!(
            "row {} has {}, expected {}{}",
            row,
            count(found, "cell"),
            n,
            why
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, Format};
    use crate::testdata::{BOJ2580_IN, WIKI};
    use crate::Board;

    #[test]
    fn spaced_boj2580_sample_round_trips() {
        let text = BOJ2580_IN;
        let p = only(text, None);
        assert_eq!(p.style.format, Format::Spaced);
        assert_eq!(p.board().unwrap().get(0, 1), 3);
        assert_eq!(p.board().unwrap().to_spaced(), text);
        assert_eq!(Board::from_spaced(text), Ok(p.board().unwrap()));
    }

    #[test]
    fn a_board_on_one_line_is_refused_as_a_row_too_long() {
        // A row is one line: the board's 81 numbers on one line are its
        // first row, 72 cells too long, and the next line starts row 2.
        let b = board(WIKI);
        let one_line = b.to_spaced().replace('\n', " ");
        let all = parse_all(&format!("{}\n", one_line), None);
        assert_eq!(
            all[0].clone().unwrap_err().to_string(),
            "puzzle 1, line 1: row 1 has 81 cells, expected 9: a row is one line"
        );
    }

    #[test]
    fn any_spacing_and_dots_are_read() {
        let b = board(WIKI);
        let wide = b.to_spaced().replace(' ', " \t ").replace('0', ".");
        assert_eq!(only(&wide, None).board().unwrap(), b);
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
            ["puzzle 1, line 1, column 3: '-1' is not a number 0-9"]
        );
        let word = text.replacen(" 3 ", " three ", 1);
        assert_eq!(
            errors(&word),
            ["puzzle 1, line 1, column 3: 'three' is not a number 0-9"]
        );
    }
}
