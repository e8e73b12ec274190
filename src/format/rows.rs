//! Boards written as 9 row lines (`spaced`, `digits`): the rows are
//! collected across blank lines and `#` comment lines, so a blank line
//! ends a board only once it has its 9 rows. A bad row spoils its board
//! only: it still counts as a row, and the next board starts after the
//! 9th.

use super::cells::count;
use super::source::Source;
use super::{BoardRead, Format, ParseError, Style};
use crate::board::Board;
use std::io::BufRead;

/// Cells in a row, rows in a board.
pub(crate) const SIDE: usize = 9;

/// Reads row `row` (1-based) from `raw` into `out` (the cells from that
/// row to the end of the board); returns how many rows it filled, or the
/// column (0: the whole line) and what is wrong.
pub(crate) type RowReader =
    fn(raw: &str, row: usize, out: &mut [u8]) -> Result<usize, (usize, String)>;

/// Reads one board of `format`, whose rows `read_row` reads, from the
/// source's next line on (the framing has skipped blank lines before it).
pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    format: Format,
    read_row: RowReader,
) -> BoardRead {
    let mut cells = [0u8; SIDE * SIDE];
    let mut rows = 0;
    let mut first_line = 0;
    let mut last_line = 0;
    let mut err: Option<ParseError> = None;
    while rows < SIDE {
        let line = match src.next_line() {
            Some(line) => line,
            None => break,
        };
        if line.is_skippable() {
            src.recycle(line);
            continue;
        }
        if first_line == 0 {
            first_line = line.number;
        }
        last_line = line.number;
        match read_row(&line.text, rows + 1, &mut cells[rows * SIDE..]) {
            Ok(filled) => rows += filled,
            Err((column, message)) => {
                rows += 1;
                if err.is_none() {
                    err = Some(ParseError::at(line.number, column, message));
                }
            }
        }
        src.recycle(line);
    }
    if let Some(e) = err {
        return Err(e);
    }
    if rows < SIDE {
        return Err(ParseError::at(
            last_line,
            0,
            format!("board ends after {}, expected 9", count(rows, "row")),
        ));
    }
    Ok((Board(cells), Style::new(format), first_line))
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
            assert_eq!((p.board, p.line), (b, 1), "{}", gapped);
            let commented = rows.replacen('\n', "\n# note\n   \n", 4);
            assert_eq!(only(&commented, None).board, b);
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
        assert_eq!(all[0].as_ref().unwrap().board, a);
        let second = all[1].as_ref().unwrap();
        assert_eq!((second.board, second.line), (b, 24));
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
