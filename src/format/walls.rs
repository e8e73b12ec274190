//! The `walls` format of HDU 4069 "Squiggly Sudoku": N lines of N numbers,
//! each a cell's value (0 blank) plus its walls, 16 up, 32 right, 64 down
//! and 128 left; the walls outline the board's N irregular regions. Read,
//! a board is a jigsaw [`Grid`] whose regions the walls enclose (a wall
//! marked on either side of a cell side counts, so a board may leave the
//! edge walls unwritten, as some HDU inputs do); written, every wall is
//! marked on both sides, the board's edge included, and a board without
//! regions gets its boxes' walls. Values are 1 to N ≤ 15 (the low four
//! bits). Never detected: `--from walls`.

use super::cells::{column, count};
use super::rows::{self, Rows};
use super::source::Source;
use super::{BoardRead, Format, Sizing};
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use crate::board::variant::Variant;
use std::io::BufRead;
use std::sync::Arc;

/// The wall bits of a cell: up, right, down, left.
const UP: u8 = 16;
const RIGHT: u8 = 32;
const DOWN: u8 = 64;
const LEFT: u8 = 128;

/// The largest value the low four bits hold.
const MAX_VALUE: usize = 15;

/// How `walls` reads its rows: the raw numbers, turned into a board by
/// [`board`].
const ROWS: Rows = Rows {
    format: Format::Walls,
    width: |raw| raw.split_whitespace().count(),
    row,
    symbols: false,
    finish: Some(board),
};

/// Reads one `walls` board from the source's next line on.
pub(crate) fn read<R: BufRead>(src: &mut Source<R>, sizing: Sizing) -> BoardRead {
    rows::read(src, &ROWS, sizing)
}

/// Row `row` (1-based) of an N-wide board: its N raw numbers (0 to 255)
/// into `out` (N cells).
fn row(
    raw: &str,
    row: usize,
    n: usize,
    _: Convention,
    out: &mut [u8],
) -> Result<(), (usize, String)> {
    let mut found = 0;
    for (k, word) in raw.split_whitespace().enumerate() {
        let at = word.as_ptr() as usize - raw.as_ptr() as usize;
        // A number is digits only: `+144` is none.
        let digits = word.bytes().all(|b| b.is_ascii_digit());
        let v: u8 = word.parse().ok().filter(|_| digits).ok_or_else(|| {
            (
                column(raw, at),
                format!(
                    "`{}` is not a cell of walls (a number 0 to 255)",
                    super::cells::shown(word)
                ),
            )
        })?;
        if let Some(cell) = out.get_mut(k) {
            *cell = v;
        }
        found += 1;
    }
    match found == n {
        true => Ok(()),
        false => Err((
            0,
            format!("row {} has {}, expected {}", row, count(found, "cell"), n),
        )),
    }
}

/// The board of `shape` whose raw numbers are `raw`: its values, and the
/// regions its walls enclose.
fn board(shape: Shape, raw: Vec<u8>) -> Result<Grid, String> {
    let n = shape.size();
    if n > MAX_VALUE {
        return Err(format!(
            "a {}x{} board cannot be written in walls (values up to {})",
            n, n, MAX_VALUE
        ));
    }
    let values: Vec<u8> = raw.iter().map(|&v| v & 15).collect();
    if let Some(i) = values.iter().position(|&v| usize::from(v) > n) {
        return Err(format!(
            "{} holds {}: the value {} is over {}",
            shape.cell_name(i),
            raw[i],
            values[i],
            n
        ));
    }
    // Regions: the cells joined across every side with no wall on it.
    let mut region: Vec<usize> = (0..n * n).collect();
    fn root(region: &mut [usize], mut i: usize) -> usize {
        while region[i] != i {
            region[i] = region[region[i]];
            i = region[i];
        }
        i
    }
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        let open_right = c + 1 < n && raw[i] & RIGHT == 0 && raw[i + 1] & LEFT == 0;
        let open_down = r + 1 < n && raw[i] & DOWN == 0 && raw[i + n] & UP == 0;
        for (open, j) in [(open_right, i + 1), (open_down, i + n)] {
            if open {
                let (a, b) = (root(&mut region, i), root(&mut region, j));
                region[a.max(b)] = a.min(b);
            }
        }
    }
    // The regions, numbered in the order of their first cell.
    let mut number: Vec<Option<usize>> = vec![None; n * n];
    let mut regions = 0;
    let mut of_cell = Vec::with_capacity(n * n);
    for i in 0..n * n {
        let top = root(&mut region, i);
        let k = *number[top].get_or_insert_with(|| {
            regions += 1;
            regions - 1
        });
        of_cell.push(k);
    }
    if regions != n {
        return Err(format!(
            "the walls enclose {}, expected {} of {} cells each",
            count(regions, "region"),
            n,
            n
        ));
    }
    // One mark per region (N ≤ 15 of them).
    let layout: String = of_cell
        .iter()
        .map(|&k| char::from(b'A' + k as u8))
        .collect();
    let rules = Variant::classic()
        .with_regions(shape, &layout)
        .map_err(|e| format!("the walls: {}", e))?;
    Grid::new(shape, values)
        .map_err(|e| e.to_string())?
        .with_variant(Arc::new(rules))
        .map_err(|e| e.to_string())
}

/// The walls of each cell of an N×N board whose cells lie in `regions`
/// (row-major): a wall on every side that borders another region or the
/// board's edge.
pub(crate) fn walls_of(n: usize, regions: &[u8]) -> Vec<u8> {
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let differs = |j: usize| regions[j] != regions[i];
            let mut w = 0;
            if r == 0 || differs(i - n) {
                w |= UP;
            }
            if c + 1 == n || differs(i + 1) {
                w |= RIGHT;
            }
            if r + 1 == n || differs(i + n) {
                w |= DOWN;
            }
            if c == 0 || differs(i - 1) {
                w |= LEFT;
            }
            w
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{parse_all, render, Style};
    use super::*;

    /// HDU 4069's first sample.
    const SAMPLE: &str = "\
144 18 112 208 80 25 54 144 48
135 38 147 80 121 128 97 130 32
137 32 160 144 114 167 208 0 32
192 100 160 160 208 96 183 192 101
209 80 39 192 86 48 136 80 114
152 48 226 144 112 160 160 149 48
128 0 112 166 215 96 160 128 41
128 39 153 32 209 80 101 136 35
192 96 200 67 80 112 208 68 96
";
    const REGIONS: &str =
        "AAABBBBCCAADDDBBCCAADEEBCCCAADEBBFCCDDDEEEFFFGGDHHEFIIGGGHEEFIIGGHHFFFIIGGHHHHIII";

    fn one(text: &str) -> Result<Grid, String> {
        let mut all = parse_all(text, Some(Format::Walls));
        assert_eq!(all.len(), 1);
        all.remove(0).map(|p| p.grid).map_err(|e| e.to_string())
    }

    #[test]
    fn the_sample_reads_as_its_regions_and_givens() {
        let grid = one(SAMPLE).unwrap();
        let regions: String = grid
            .variant()
            .regions()
            .unwrap()
            .iter()
            .map(|&r| char::from(b'A' + r))
            .collect();
        assert_eq!(regions, REGIONS);
        let givens: String = grid.cells().iter().map(|&v| char::from(b'0' + v)).collect();
        assert_eq!(
            givens,
            "020009600763090120900027000040000705107060802802000050000670009079010583008300040"
        );
    }

    #[test]
    fn written_walls_read_back_the_same_board() {
        let grid = one(SAMPLE).unwrap();
        let written = render(&grid, &Style::new(Format::Walls));
        assert!(written.ends_with('\n') && !written.contains(" \n"));
        let again = one(&written).unwrap();
        assert_eq!(again, grid);
        // Edge walls left unwritten read the same.
        let bare: String = written
            .lines()
            .enumerate()
            .map(|(r, line)| {
                let cells: Vec<String> = line
                    .split(' ')
                    .enumerate()
                    .map(|(c, w)| {
                        let mut v: u8 = w.parse().unwrap();
                        if r == 0 {
                            v &= !UP;
                        }
                        if c == 0 {
                            v &= !LEFT;
                        }
                        v.to_string()
                    })
                    .collect();
                cells.join(" ") + "\n"
            })
            .collect();
        assert_eq!(one(&bare).unwrap(), grid);
    }

    #[test]
    fn bad_walls_are_named() {
        // No walls at all: one region of 81 cells.
        let open = "0 0 0 0 0 0 0 0 0\n".repeat(9);
        assert_eq!(
            one(&open).unwrap_err(),
            "puzzle 1, line 1: the walls enclose 1 region, expected 9 of 9 cells each"
        );
        let big = SAMPLE.replacen("144", "154", 1);
        assert!(one(&big)
            .unwrap_err()
            .contains("r1c1 holds 154: the value 10 is over 9"));
        let word = SAMPLE.replacen("18", "x", 1);
        assert!(one(&word)
            .unwrap_err()
            .contains("`x` is not a cell of walls"));
    }
}
