//! The `killer` format of CodinGame's "Killer Sudoku Solver": N lines,
//! each a row's cells (`.` blank) then, after spaces, its cells' cage
//! marks (`..1..5... aabbccdde`), then the cage sums as `MARK=SUM` words
//! on the lines after the rows (`a=12 b=17 ...`). Read, a board is
//! a killer [`Grid`] whose cages the marks and sums give, by the one cage
//! syntax of [`crate::board::variant`] (a `.` mark: a cell in no cage);
//! written, a board's cages the same way (`.` marks and no sums line for a
//! board without cages). Every size; symbols as `digits` rows read them.
//! Never detected: `--from killer`.

use super::cells::{column, convention, count, shape_of_rows};
use super::source::{Line, Source};
use super::{digits, BoardRead, Format, ParseError, Sizing, Style};
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::variant::{Cage, Variant};
use std::io::BufRead;
use std::sync::Arc;

/// Reads one `killer` board from the source's next line on: N row lines
/// (blank and comment lines between them skipped), then the sums lines.
pub(crate) fn read<R: BufRead>(src: &mut Source<R>, sizing: Sizing) -> BoardRead {
    let mut rows: Vec<Line> = Vec::new();
    let mut sums: Vec<Line> = Vec::new();
    let result = collect(src, sizing, &mut rows, &mut sums)
        .and_then(|shape| board(shape, sizing, &rows, &sums));
    for line in rows.into_iter().chain(sums) {
        src.recycle(line);
    }
    result
}

/// The cells word of a row line (its first word).
fn cells_word(line: &Line) -> &str {
    line.text.split_whitespace().next().unwrap_or("")
}

/// Collects the row lines and the sums lines of one board; the board's
/// shape comes from the first row's cells (or `--box`).
fn collect<R: BufRead>(
    src: &mut Source<R>,
    sizing: Sizing,
    rows: &mut Vec<Line>,
    sums: &mut Vec<Line>,
) -> Result<Shape, ParseError> {
    let mut shape: Option<Shape> = None;
    while shape.is_none_or(|s| rows.len() < s.size()) {
        let line = match src.next_line() {
            Some(line) if line.is_skippable() => {
                src.recycle(line);
                continue;
            }
            Some(line) => line,
            None => {
                let (last, found) = (rows.last().map_or(0, |l| l.number), rows.len());
                let message = match shape {
                    None => "no board found".to_string(),
                    Some(s) => format!(
                        "board ends after {}, expected {}",
                        count(found, "row"),
                        s.size()
                    ),
                };
                return Err(ParseError::at(last, 0, message));
            }
        };
        if shape.is_none() {
            let width = cells_word(&line).chars().count();
            let found = match shape_of_rows(width, sizing) {
                Some(found) => found,
                None => Err(format!("a row of {} is too short", count(width, "cell"))),
            };
            shape = Some(found.map_err(|m| ParseError::at(line.number, 0, m))?);
        }
        rows.push(line);
    }
    // The sums: the lines after the rows whose words all are MARK=SUM,
    // blank lines before and between them skipped. The blank lines after
    // the last of them are left to the framing (they may end the board).
    let mut skipped: Vec<Line> = Vec::new();
    while let Some(line) = src.next_line() {
        if line.is_skippable() {
            skipped.push(line);
            continue;
        }
        let text = line.text.trim();
        if !text.split_whitespace().all(|w| w.contains('=')) {
            src.unread(line);
            break;
        }
        sums.push(line);
        skipped.clear();
    }
    for line in skipped.into_iter().rev() {
        src.unread(line);
    }
    Ok(shape.unwrap_or(Shape::CLASSIC))
}

/// The board of `shape` that the row lines and sums lines write.
fn board(shape: Shape, sizing: Sizing, rows: &[Line], sums: &[Line]) -> BoardRead {
    let n = shape.size();
    let symbols: String = rows.iter().map(cells_word).collect();
    let conv = convention(sizing, n, symbols.chars());
    let mut cells = vec![0u8; n * n];
    let mut layout = String::with_capacity(n * n + 4 * n);
    for (r, line) in rows.iter().enumerate() {
        let raw = &line.text;
        let mut words = raw.split_whitespace();
        let (Some(values), Some(marks), None) = (words.next(), words.next(), words.next()) else {
            let message = format!(
                "row {} is not its cells then its cage marks (e.g. `..1..5... aabbccdde`)",
                r + 1
            );
            return Err(ParseError::at(line.number, 0, message));
        };
        // The cells word read as a `digits` row, cut from the line's start
        // so that columns count from there.
        let values_end = values.as_ptr() as usize - raw.as_ptr() as usize + values.len();
        digits::row(&raw[..values_end], r + 1, n, conv, &mut cells[r * n..])
            .map_err(|(col, message)| ParseError::at(line.number, col, message))?;
        let found = marks.chars().count();
        if found != n {
            let at = column(raw, marks.as_ptr() as usize - raw.as_ptr() as usize);
            let message = format!(
                "row {} has {}, expected {}",
                r + 1,
                count(found, "cage mark"),
                n
            );
            return Err(ParseError::at(line.number, at, message));
        }
        layout.push_str(marks);
    }
    for line in sums {
        layout.push(' ');
        layout.push_str(line.text.trim());
    }
    let at = sums.first().unwrap_or(&rows[0]).number;
    let rules = Variant::classic()
        .with_cages(shape, &layout)
        .map_err(|e| ParseError::at(at, 0, format!("the cages: {}", e)))?;
    let first = rows[0].number;
    let grid = Grid::new(shape, cells)
        .map_err(|e| ParseError::at(first, 0, e.to_string()))?
        .with_variant(Arc::new(rules))
        .map_err(|e| ParseError::at(first, 0, e.to_string()))?;
    let style = Style {
        convention: conv,
        ..Style::new(Format::Killer)
    };
    Ok((grid, style, first))
}

/// The rows of a board with `cages` in `killer`: each row's cells
/// (`symbol` writes one) and its cells' cage marks (`.` outside every
/// cage), then, when there are cages, one line of `MARK=SUM` words.
pub(crate) fn killer_rows(n: usize, cages: &[Cage], symbol: impl Fn(usize) -> char) -> String {
    let mut marks = vec!['.'; n * n];
    for cage in cages {
        for &i in &cage.cells {
            marks[usize::from(i)] = cage.mark;
        }
    }
    let mut s = String::with_capacity(n * (2 * n + 2) + 6 * cages.len());
    for r in 0..n {
        s.extend((r * n..(r + 1) * n).map(&symbol));
        s.push(' ');
        s.extend(&marks[r * n..(r + 1) * n]);
        s.push('\n');
    }
    if !cages.is_empty() {
        let sums: Vec<String> = cages
            .iter()
            .map(|c| format!("{}={}", c.mark, c.sum))
            .collect();
        s.push_str(&sums.join(" "));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::{parse_all, render, Style};
    use super::*;

    /// CodinGame's sample: 9 rows of cells beside cage marks, then sums.
    const SAMPLE: &str = "\
56..1..2. aabbccdde
..72..68. afghhiide
..2.87.15 jfggklmme
......3.9 jjgnklopp
.7....2.. qqgnooorr
9.634.8.. stuuvwwxx
2.9..8... stuuvvwyz
..41.2... sAuuByyyz
.8.4...3. CADDBEEFF
a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 n=15 o=15 p=13 q=11 r=11 s=18 t=3 u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 C=6 D=9 E=10 F=5
";

    fn all(text: &str) -> Vec<Result<Grid, String>> {
        parse_all(text, Some(Format::Killer))
            .into_iter()
            .map(|p| p.map(|p| p.grid).map_err(|e| e.to_string()))
            .collect()
    }

    fn one(text: &str) -> Result<Grid, String> {
        let mut found = all(text);
        assert_eq!(found.len(), 1, "{}", text);
        found.remove(0)
    }

    #[test]
    fn the_sample_reads_as_its_givens_and_cages() {
        let grid = one(SAMPLE).unwrap();
        let cages = grid.variant().cages();
        assert_eq!(cages.len(), 32);
        let a = &cages[0];
        assert_eq!((a.mark, a.sum, &a.cells[..]), ('a', 12, &[0u16, 1, 9][..]));
        assert_eq!(grid.cells()[..9], [5, 6, 0, 0, 1, 0, 0, 2, 0]);
        // Written back, the text is the same; and again as read.
        let written = render(&grid, &Style::new(Format::Killer));
        assert_eq!(written, SAMPLE);
    }

    #[test]
    fn sums_may_follow_blank_lines_and_span_lines_and_boards_follow() {
        let (rows, sums) = SAMPLE.split_at(SAMPLE.find("a=").unwrap());
        let spread = format!("\n{}\n\n{}", rows, sums.replace(" p=", "\n   p="));
        let two = format!("{}\n{}", spread, spread);
        let found = all(&two);
        assert_eq!(found.len(), 2);
        for grid in found {
            assert_eq!(grid.unwrap(), one(SAMPLE).unwrap());
        }
    }

    #[test]
    fn a_board_without_cages_writes_dots_and_no_sums() {
        let grid = Grid::new(Shape::new(2, 2).unwrap(), vec![0; 16]).unwrap();
        let written = render(&grid, &Style::new(Format::Killer));
        assert_eq!(written, ".... ....\n".repeat(4));
        assert_eq!(one(&written).unwrap(), grid);
    }

    #[test]
    fn bad_rows_and_cages_are_named() {
        let no_marks = SAMPLE.replacen(" aabbccdde", "", 1);
        assert_eq!(
            one(&no_marks).unwrap_err(),
            "puzzle 1, line 1: row 1 is not its cells then its cage marks (e.g. \
             `..1..5... aabbccdde`)"
        );
        let short = SAMPLE.replacen("afghhiide", "afghhiid", 1);
        assert_eq!(
            one(&short).unwrap_err(),
            "puzzle 1, line 2, column 11: row 2 has 8 cage marks, expected 9"
        );
        let stray = SAMPLE.replacen("..72..68.", "..72.x68.", 1);
        assert!(one(&stray)
            .unwrap_err()
            .starts_with("puzzle 1, line 2, column 6: "));
        let unsummed = SAMPLE.replacen(" F=5", "", 1);
        assert_eq!(
            one(&unsummed).unwrap_err(),
            "puzzle 1, line 10: the cages: cage 'F' has cells but no sum (add F=SUM)"
        );
        let cut: String = SAMPLE.lines().take(5).map(|l| format!("{}\n", l)).collect();
        assert_eq!(
            one(&cut).unwrap_err(),
            "puzzle 1, line 5: board ends after 5 rows, expected 9"
        );
    }
}
