//! The board: one noun type that every module of the kit shares.
//!
//! Cells are numbered row-major, 0 to 80:
//!
//! ```text
//!      c0 c1 c2   c3 c4 c5   c6 c7 c8
//! r0    0  1  2 |  3  4  5 |  6  7  8     box 0 | box 1 | box 2
//! r1    9 10 11 | 12 13 14 | 15 16 17
//! r2   18 19 20 | 21 22 23 | 24 25 26
//!      ---------+----------+---------
//! r3   27 ...                             box 3 | box 4 | box 5
//!      ...
//! r8   72 73 74 | 75 76 77 | 78 79 80     box 6 | box 7 | box 8
//! ```
//!
//! A cell holds 0 (blank) or a digit 1 to 9. Rows, columns and boxes are
//! numbered 0 to 8; people see them 1 to 9 (`r1c1` is cell 0).

use crate::board::clash::Clash;
use crate::board::shape::Shape;

/// A 9×9 Sudoku board, row-major, 0 = blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board(pub [u8; 81]);

/// The row (0..9) of cell `i`.
#[inline]
pub const fn row_of(i: usize) -> usize {
    i / 9
}

/// The column (0..9) of cell `i`.
#[inline]
pub const fn col_of(i: usize) -> usize {
    i % 9
}

/// The box (0..9, row-major) of cell `i`.
#[inline]
pub const fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

/// The 27 units (9 rows, then 9 columns, then 9 boxes), 9 cells each.
pub const UNITS: [[u8; 9]; 27] = build_units();

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        let mut j = 0;
        while j < 9 {
            units[k][j] = (k * 9 + j) as u8;
            units[9 + k][j] = (j * 9 + k) as u8;
            units[18 + k][j] = ((k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        k += 1;
    }
    units
}

/// People's name for unit `u` of [`UNITS`]: `row 3`, `column 5`, `box 9`.
pub fn unit_name(u: usize) -> String {
    let kind = ["row", "column", "box"][u / 9];
    format!("{} {}", kind, u % 9 + 1)
}

/// People's name for cell `i`: `r1c1` .. `r9c9`.
pub fn cell_name(i: usize) -> String {
    format!("r{}c{}", row_of(i) + 1, col_of(i) + 1)
}

impl Default for Board {
    fn default() -> Self {
        Board::EMPTY
    }
}

impl Board {
    /// The all-blank board.
    pub const EMPTY: Board = Board([0; 81]);

    /// The cells, row-major, 0 = blank.
    pub fn cells(&self) -> &[u8; 81] {
        &self.0
    }

    /// The value at row `r`, column `c` (both 0..9); 0 = blank.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.0[r * 9 + c]
    }

    /// How many cells are filled.
    pub fn givens(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank (the digits may still clash).
    pub fn is_full(&self) -> bool {
        self.0.iter().all(|&v| v != 0)
    }

    /// The first clash among the filled cells, scanning cells row-major,
    /// or `None` when no unit repeats a digit. O(81).
    pub fn first_clash(&self) -> Option<Clash> {
        // seen[unit][digit] = 1 + cell that holds it, 0 if none yet.
        let mut seen = [[0u8; 10]; 27];
        for i in 0..81 {
            let d = self.0[i];
            if d == 0 {
                continue;
            }
            for u in [row_of(i), 9 + col_of(i), 18 + box_of(i)] {
                let slot = &mut seen[u][d as usize];
                if *slot != 0 {
                    return Some(Clash {
                        shape: Shape::CLASSIC,
                        first: *slot as usize - 1,
                        second: i,
                        value: d,
                    });
                }
                *slot = i as u8 + 1;
            }
        }
        None
    }

    /// True when `self` is a complete, clash-free grid that keeps every
    /// given of `puzzle`.
    pub fn solves(&self, puzzle: &Board) -> bool {
        self.is_full()
            && self.first_clash().is_none()
            && puzzle
                .0
                .iter()
                .zip(self.0.iter())
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_cover_every_cell_three_times() {
        let mut count = [0; 81];
        for unit in UNITS.iter() {
            for &i in unit.iter() {
                count[i as usize] += 1;
            }
        }
        assert!(count.iter().all(|&n| n == 3));
        assert_eq!(UNITS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }

    #[test]
    fn box_of_matches_row_and_column() {
        for i in 0..81 {
            assert_eq!(box_of(i), row_of(i) / 3 * 3 + col_of(i) / 3);
        }
    }

    #[test]
    fn first_clash_names_the_unit_and_cells() {
        let mut b = Board::EMPTY;
        b.0[0] = 5;
        b.0[20] = 5;
        let clash = b.first_clash().unwrap();
        assert_eq!((clash.first, clash.second, clash.value), (0, 20, 5));
        assert_eq!(
            clash.to_string(),
            "digit 5 repeats in box 1 (r1c1 and r3c3)"
        );
        b.0[20] = 4;
        assert_eq!(b.first_clash(), None);
    }
}
