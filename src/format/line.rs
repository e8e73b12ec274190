//! The `line` reader: 81 cells on one line, row-major, `0` or `.` blank;
//! one puzzle a line. After the 81 cells, a space, tab, `,`, `;` or `#`
//! starts a comment that is ignored (`sudoku gen --with-solution` puts the
//! solution there, puzzle collections a rating).

use super::cells::{column, not_a_cell};
use super::source::Source;
use super::{BoardRead, Format, ParseError, Style};
use crate::board::Board;
use std::io::BufRead;

/// Reads the board on the source's next line (the framing has skipped
/// blank and comment lines). O(length of the line).
pub(crate) fn read<R: BufRead>(src: &mut Source<R>) -> BoardRead {
    let line = match src.next_line() {
        Some(line) => line,
        None => return Err(ParseError::at(0, 0, "no board found")),
    };
    let result = cells(&line.text)
        .map(|board| (board, Style::new(Format::Line), line.number))
        .map_err(|(column, message)| ParseError::at(line.number, column, message));
    src.recycle(line);
    result
}

/// The cells of one `line` puzzle; errors carry the column (0 for a wrong
/// count).
fn cells(raw: &str) -> Result<Board, (usize, String)> {
    let body = raw.trim();
    let lead = raw.len() - raw.trim_start().len();
    let mut cells = [0u8; 81];
    let mut n = 0usize;
    // Bytes, not chars: every cell is ASCII, and a byte that is not one
    // ends the scan at a character boundary.
    for (k, &b) in body.as_bytes().iter().enumerate() {
        let v = match b {
            b'1'..=b'9' => b - b'0',
            b'0' | b'.' => 0,
            _ => {
                let ch = body[k..].chars().next().unwrap_or(' ');
                if n == 81 && (ch.is_whitespace() || ",;#".contains(ch)) {
                    break;
                }
                return Err((column(raw, lead + k), not_a_cell(ch)));
            }
        };
        if n < 81 {
            cells[n] = v;
        }
        n += 1;
    }
    if n != 81 {
        return Err((0, format!("expected 81 cells, found {}", n)));
    }
    Ok(Board(cells))
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, render_many};
    use super::*;
    use crate::testdata::{WIKI, WIKI_SOLVED};

    #[test]
    fn line_canonical_text_round_trips() {
        let text = format!("{}\n{}\n", WIKI, WIKI_SOLVED);
        let all: Vec<(Board, Style)> = parse_all(&text, None)
            .into_iter()
            .map(|r| r.map(|p| (p.board, p.style)).unwrap())
            .collect();
        assert_eq!(render_many(&all), text);
        assert_eq!(all[0].0.givens(), 30);
    }

    #[test]
    fn line_reads_zero_or_dot_as_blank_and_skips_comments() {
        let zeros = WIKI.replace('.', "0");
        let text = format!("# top\n\n{}\n  # another\n{}  ; rated 3.5\n", zeros, WIKI);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 2);
        let (a, b) = (all[0].clone().unwrap(), all[1].clone().unwrap());
        assert_eq!(a.board, b.board);
        assert_eq!((a.number, a.line, b.number, b.line), (1, 3, 2, 5));
        assert_eq!(a.board.to_line(), format!("{}\n", WIKI));
    }

    #[test]
    fn text_after_the_cells_is_a_comment() {
        for tail in ["\t5 3.5", ",x", ";", "#rated", "  "] {
            let p = only(&format!("{}{}\n", WIKI, tail), None);
            assert_eq!(p.board, board(WIKI), "{:?}", tail);
        }
        assert_eq!(
            errors(&format!("{}x\n", WIKI)),
            ["puzzle 1, line 1, column 82: 'x' is not a digit 0-9 or '.'"]
        );
    }

    #[test]
    fn line_errors_name_the_column_or_the_count() {
        assert_eq!(
            Board::from_line(&WIKI[1..]).unwrap_err().to_string(),
            "line 1: expected 81 cells, found 80"
        );
        let text = format!("{}\n{}x{}\n{}\n", WIKI, &WIKI[..40], &WIKI[41..], WIKI);
        let all = parse_all(&text, None);
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok() && all[2].is_ok());
        assert_eq!(
            all[1].clone().unwrap_err().to_string(),
            "puzzle 2, line 2, column 41: 'x' is not a digit 0-9 or '.'"
        );
    }
}
