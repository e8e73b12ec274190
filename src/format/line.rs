//! The `line` reader: a whole board on one line, row-major, one puzzle a
//! line: 81 cells for 9×9, 16 for 4×4, 256 for 16×16 (the shape comes from
//! the cell count, or `--box`). Blanks are `0` or `.` (`-` in letters).
//! After the cells, a space, tab, `,`, `;` or `#` starts a comment that is
//! ignored (`sudoku gen --with-solution` puts the solution there, puzzle
//! collections a rating).

use super::cells::{column, convention, is_symbol, not_a_cell, shape_of, symbol_value};
use super::source::Source;
use super::{BoardRead, Format, ParseError, Sizing, Style};
use crate::board::grid::Grid;
use crate::board::symbol::Convention;
use crate::board::Board;
use std::io::BufRead;

/// Reads the board on the source's next line (the framing has skipped
/// blank and comment lines). O(length of the line).
pub(crate) fn read<R: BufRead>(src: &mut Source<R>, sizing: Sizing) -> BoardRead {
    let line = match src.next_line() {
        Some(line) => line,
        None => return Err(ParseError::at(0, 0, "no board found")),
    };
    let result = cells(&line.text, sizing)
        .map(|(grid, style)| (grid, style, line.number))
        .map_err(|(column, message)| ParseError::at(line.number, column, message));
    src.recycle(line);
    result
}

/// The board of a plain 9×9 line (its bytes, without the `\n`): exactly
/// 81 cells `1`-`9`, `0` or `.`, then nothing or a space, tab, `,`, `;`
/// or `#` and a comment of printable ASCII. `None` for any other line,
/// which [`super::Reader`] reads (it may be another size, a comment line,
/// an error, or the UTF-8 and carriage-return rules of the input may
/// apply). What the reader would make of such a line, with no `--box`,
/// `--symbols` or `--blank` given, in a few nanoseconds: the fast path of
/// `sudoku solve` and `count` on big files.
pub fn plain_board(line: &[u8]) -> Option<Board> {
    let (cells, tail) = (line.get(..81)?, &line[81..]);
    let mut board = [0u8; 81];
    let mut bad = false;
    for (v, &b) in board.iter_mut().zip(cells) {
        let digit = b.wrapping_sub(b'0');
        bad |= digit > 9 && b != b'.';
        *v = if b == b'.' { 0 } else { digit };
    }
    let comment = match tail.split_first() {
        None => true,
        Some((first, rest)) => {
            matches!(first, b' ' | b'\t' | b',' | b';' | b'#')
                && rest
                    .iter()
                    .all(|&b| b == b'\t' || (b' '..=b'~').contains(&b))
        }
    };
    (!bad && comment).then_some(Board(board))
}

/// The cells of one `line` puzzle; errors carry the column (0 for a wrong
/// count).
fn cells(raw: &str, sizing: Sizing) -> Result<(Grid, Style), (usize, String)> {
    let lead = raw.len() - raw.trim_start().len();
    let rest = &raw[lead..];
    let ends = |ch: char| ch.is_whitespace() || ",;#".contains(ch);
    let body_end = match rest
        .bytes()
        .position(|b| !b.is_ascii() || ends(char::from(b)))
    {
        Some(k) if !rest.as_bytes()[k].is_ascii() => rest[k..]
            .char_indices()
            .find(|&(_, ch)| ends(ch))
            .map_or(rest.len(), |(j, _)| k + j),
        Some(k) => k,
        None => rest.len(),
    };
    let body = &rest[..body_end];
    // Cells are ASCII; a body that is not is an error found below.
    let ascii = body.is_ascii();
    let stray = || {
        let (k, ch) = body.char_indices().find(|&(_, ch)| !is_symbol(ch))?;
        Some((column(raw, lead + k), not_a_cell(ch)))
    };
    let count = if ascii {
        body.len()
    } else {
        body.chars().count()
    };
    let shape = match shape_of(count, sizing) {
        Ok(shape) => shape,
        Err(message) => return Err(stray().unwrap_or((0, message))),
    };
    let n = shape.size();
    let conv = convention(sizing, n, body.chars());
    let mut cells = Vec::with_capacity(shape.cell_count());
    if ascii && conv == Convention::Digits && n <= 9 {
        // The common case, digits up to 9×9, byte by byte.
        for (k, &b) in body.as_bytes().iter().enumerate() {
            let v = match b {
                b'0' | b'.' => 0,
                b'1'..=b'9' if usize::from(b - b'0') <= n => b - b'0',
                _ => {
                    let m = symbol_value(conv, char::from(b), n)
                        .err()
                        .unwrap_or_default();
                    return Err((column(raw, lead + k), m));
                }
            };
            cells.push(v);
        }
    } else {
        for (k, ch) in body.char_indices() {
            cells.push(symbol_value(conv, ch, n).map_err(|m| (column(raw, lead + k), m))?);
        }
    }
    let grid = Grid::new(shape, cells).map_err(|e| (0, e.to_string()))?;
    let style = Style {
        convention: conv,
        ..Style::new(Format::Line)
    };
    Ok((grid, style))
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, render_many};
    use super::*;
    use crate::testdata::{WIKI, WIKI_SOLVED};
    use crate::Board;

    #[test]
    fn line_canonical_text_round_trips() {
        let text = format!("{}\n{}\n", WIKI, WIKI_SOLVED);
        let all: Vec<(Board, Style)> = parse_all(&text, None)
            .into_iter()
            .map(|r| r.map(|p| (p.board().unwrap(), p.style)).unwrap())
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
        assert_eq!(a.board().unwrap(), b.board().unwrap());
        assert_eq!((a.number, a.line, b.number, b.line), (1, 3, 2, 5));
        assert_eq!(a.board().unwrap().to_line(), format!("{}\n", WIKI));
    }

    #[test]
    fn text_after_the_cells_is_a_comment() {
        for tail in ["\t5 3.5", ",x", ";", "#rated", "  "] {
            let p = only(&format!("{}{}\n", WIKI, tail), None);
            assert_eq!(p.board().unwrap(), board(WIKI), "{:?}", tail);
        }
        assert_eq!(
            errors(&format!("{}x\n", WIKI)),
            ["puzzle 1, line 1, column 82: 'x' is not a digit 0-9 or '.'"]
        );
    }

    #[test]
    fn a_plain_line_is_the_board_the_reader_reads() {
        for text in [
            WIKI.to_string(),
            WIKI.replace('.', "0"),
            format!("{} {}", WIKI, WIKI_SOLVED),
            format!("{};rated 3.5", WIKI),
            format!("{}#", WIKI),
        ] {
            let read = only(&format!("{}\n", text), None).board().unwrap();
            assert_eq!(plain_board(text.as_bytes()), Some(read), "{:?}", text);
        }
        // Not plain: the reader decides (another size, an error, a comment
        // that is not plain ASCII, a carriage return, a stray cell).
        for text in [
            &WIKI[1..],
            &format!("{}x", WIKI),
            &format!("{} é", WIKI),
            &format!("{} a\rb", WIKI),
            &format!("{}x{}", &WIKI[..40], &WIKI[41..]),
            "# comment",
            "",
        ] {
            assert_eq!(plain_board(text.as_bytes()), None, "{:?}", text);
        }
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
