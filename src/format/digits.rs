//! The `digits` reader: N lines of N symbols without separators (BOJ 2239
//! at 9×9, SPOJ SUDOKU's 16 rows of 16 letters), `0` or `.` blank (`-` in
//! letters). Rows are collected, and N read, as `rows.rs` says; `euler`
//! reads its rows with [`row`] too.

use super::cells::{column, count, symbol_value};
use super::rows::{self, Rows};
use super::source::Source;
use super::{BoardRead, Format, Sizing};
use crate::board::symbol::Convention;
use std::io::BufRead;

/// How `digits` writes its rows.
const ROWS: Rows = Rows {
    format: Format::Digits,
    width: |raw| raw.trim().chars().count(),
    row,
    symbols: true,
    finish: None,
};

/// Reads one `digits` board from the source's next line on.
pub(crate) fn read<R: BufRead>(src: &mut Source<R>, sizing: Sizing) -> BoardRead {
    rows::read(src, &ROWS, sizing)
}

/// Row `row` (1-based) of N symbols in `conv` into `out` (N cells).
pub(crate) fn row(
    raw: &str,
    row: usize,
    n: usize,
    conv: Convention,
    out: &mut [u8],
) -> Result<(), (usize, String)> {
    let body = raw.trim();
    let lead = raw.len() - raw.trim_start().len();
    let mut found = 0usize;
    for (k, ch) in body.char_indices() {
        let v = symbol_value(conv, ch, n).map_err(|m| (column(raw, lead + k), m))?;
        if let Some(cell) = out.get_mut(found) {
            *cell = v;
        }
        found += 1;
    }
    if found != n {
        return Err((
            0,
            format!("row {} has {}, expected {}", row, count(found, "cell"), n),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, Format};
    use crate::testdata::{BOJ2239_IN, WIKI};
    use crate::Board;

    #[test]
    fn digits_boj2239_sample_round_trips() {
        let text = BOJ2239_IN;
        let p = only(text, None);
        assert_eq!(p.style.format, Format::Digits);
        assert_eq!(p.board().unwrap().get(8, 8), 7);
        assert_eq!(p.board().unwrap().to_digit_rows(), text);
        let dotted = text.replace('0', ".");
        assert_eq!(Board::from_digit_rows(&dotted), Ok(p.board().unwrap()));
    }

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
    fn eight_rows_at_the_end_name_the_last_line() {
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
        let long = board(WIKI).to_digit_rows().replacen('\n', "1\n", 1);
        assert_eq!(
            errors(&long),
            ["puzzle 1, line 1: row 1 has 10 cells, expected 9"]
        );
    }
}
