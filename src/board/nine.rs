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
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::rng::Rng;

/// A 9×9 Sudoku board, row-major, 0 = blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board(pub [u8; 81]);

/// The 27 units of the classic shape (9 rows, then 9 columns, then 9
/// boxes), 9 cells each: [`Shape::unit_cell`] made a table once, at compile
/// time, for the 9×9 code that walks units in its inner loops.
pub const UNITS: [[u8; 9]; 27] = build_units();

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        while k < 9 {
            units[u][k] = Shape::CLASSIC.unit_cell(u, k) as u8;
            k += 1;
        }
        u += 1;
    }
    units
}

/// The conversions between the two boards, kept beside the 9×9 board so
/// that the board of any size knows nothing of it.
impl Grid {
    /// The 9×9 board as a grid of shape 3×3.
    pub fn from_board(board: &Board) -> Grid {
        // A Board may hold values above 9 (its field is public); they
        // become blanks rather than break the grid's invariant, and the
        // engines reject such a board anyway before converting.
        let mut grid = Grid::empty(Shape::CLASSIC);
        for (i, &v) in board.0.iter().enumerate() {
            if v <= 9 {
                grid.set(i, v);
            }
        }
        grid
    }

    /// The 9×9 board of a classic 3×3 grid; `None` for any other shape
    /// and for a variant (the 9×9 engine knows no variant rule).
    pub fn to_board(&self) -> Option<Board> {
        if self.shape() != Shape::CLASSIC || !self.is_classic() {
            return None;
        }
        let mut cells = [0u8; 81];
        cells.copy_from_slice(self.cells());
        Some(Board(cells))
    }
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

    /// True when every cell holds a digit 1 to 9 and no row, column or box
    /// repeats one: a solved grid, checked without a search (a few hundred
    /// instructions, about a tenth of solving a 17-clue puzzle).
    pub fn is_solved(&self) -> bool {
        // One bit per cell for its value (bit 0 for a blank, 10 to 15 for
        // a value above 9); a unit of nine cells is right when its bits
        // make exactly 1 to 9. Whole rows at a time, so that the compiler
        // keeps the columns in vector registers.
        let mut bits = [0u16; 81];
        for (bit, &v) in bits.iter_mut().zip(&self.0) {
            *bit = 1 << v.min(15);
        }
        let (mut cols, mut boxes, mut rows_ok) = ([0u16; 9], [0u16; 9], true);
        for (r, row) in bits.chunks_exact(9).enumerate() {
            let mut seen = 0;
            for (c, &bit) in row.iter().enumerate() {
                seen |= bit;
                cols[c] |= bit;
                boxes[r / 3 * 3 + c / 3] |= bit;
            }
            rows_ok &= seen == 0x3fe;
        }
        rows_ok && cols.iter().chain(&boxes).all(|&m| m == 0x3fe)
    }

    /// The first clash among the filled cells, scanning cells row-major,
    /// or `None` when no unit repeats a digit: [`Grid::first_clash`] on
    /// this board. O(81).
    pub fn first_clash(&self) -> Option<Clash> {
        Grid::from_board(self).first_clash()
    }

    /// True when `self` is a complete, clash-free grid that keeps every
    /// given of `puzzle`: [`Grid::solves`] on the two boards.
    pub fn solves(&self, puzzle: &Board) -> bool {
        Grid::from_board(self).solves(&Grid::from_board(puzzle))
    }

    /// A random isomorph of the board, drawn from `rng`: its digits
    /// relabelled; its bands, its stacks, the rows of each band and the
    /// columns of each stack permuted; and half the time transposed. Every
    /// rule sees the same board (as many solutions, each the isomorph of
    /// one of the board's, as hard for every technique), but a search that
    /// tries cells, digits or units in an order of its own meets them in
    /// another order: a set of puzzles published in one form can suit one
    /// search's order, and its isomorphs measure the search on forms no
    /// order was fitted to (`sudoku bench --isomorphs`).
    pub fn isomorph(&self, rng: &mut Rng) -> Board {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        let rows = shuffled_lines(rng);
        let columns = shuffled_lines(rng);
        let transposed = rng.below(2) == 1;
        let mut out = Board::EMPTY;
        for (i, cell) in out.0.iter_mut().enumerate() {
            let (r, c) = (rows[i / 9], columns[i % 9]);
            let (r, c) = if transposed { (c, r) } else { (r, c) };
            *cell = match self.0[r * 9 + c] {
                0 => 0,
                d => digits[usize::from(d - 1)],
            };
        }
        out
    }
}

/// The nine rows (or columns) in a random order that keeps bands (stacks)
/// together: the three groups of three in a random order, and the lines
/// of each group in a random order.
fn shuffled_lines(rng: &mut Rng) -> [usize; 9] {
    let mut groups = [0, 1, 2];
    rng.shuffle(&mut groups);
    let mut order = [0; 9];
    for (slot, g) in groups.into_iter().enumerate() {
        let mut within = [0, 1, 2];
        rng.shuffle(&mut within);
        for (k, line) in within.into_iter().enumerate() {
            order[3 * slot + k] = 3 * g + line;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::symbol::Convention;

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
    fn classic_grid_converts_to_board_and_back_with_the_same_clash() {
        let line81 =
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
        let board = Board::from_line(line81).unwrap();
        let g = Grid::from_board(&board);
        assert_eq!(g.shape(), Shape::CLASSIC);
        assert_eq!(g.to_board(), Some(board));
        assert_eq!(g.givens(), board.givens());
        let mut clashing = board;
        clashing.0[1] = 3; // r1c3 holds 3 already
        let a = clashing.first_clash().unwrap().to_string();
        let b = Grid::from_board(&clashing).first_clash().unwrap();
        assert_eq!(b.to_string(), a);
        assert_eq!(b.describe(Convention::Digits), a);
        assert_eq!(Grid::empty(Shape::new(2, 2).unwrap()).to_board(), None);
    }

    /// How often each digit appears on `b` (index 0: the blanks).
    fn digits_of(b: &Board) -> [usize; 10] {
        let mut n = [0; 10];
        for &v in b.cells() {
            n[usize::from(v)] += 1;
        }
        n
    }

    #[test]
    fn isomorphs_keep_a_grid_valid_and_a_puzzle_as_it_was() {
        let solution = Board::from_line(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        )
        .unwrap();
        let puzzle = Board::from_line(
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        )
        .unwrap();
        let mut rng = Rng::new(7);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            // The same draws for both: the isomorph of the solution solves
            // the isomorph of the puzzle.
            let before = rng.clone();
            let grid = solution.isomorph(&mut rng);
            let mut again = before;
            let iso = puzzle.isomorph(&mut again);
            assert!(grid.is_full() && grid.first_clash().is_none());
            assert!(grid.solves(&iso), "{:?} does not solve {:?}", grid, iso);
            assert_eq!(iso.givens(), puzzle.givens());
            // Relabelling keeps how often each digit appears, up to order.
            let (mut a, mut b) = (digits_of(&puzzle), digits_of(&iso));
            a[1..].sort_unstable();
            b[1..].sort_unstable();
            assert_eq!(a, b);
            seen.insert(iso);
        }
        assert!(seen.len() > 190, "only {} different isomorphs", seen.len());
        // The same seed, the same isomorphs.
        assert_eq!(
            puzzle.isomorph(&mut Rng::new(3)),
            puzzle.isomorph(&mut Rng::new(3))
        );
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

    #[test]
    fn is_solved_takes_complete_clash_free_grids_only() {
        let solved = Board::from_line(crate::testdata::WIKI_SOLVED).unwrap();
        assert!(solved.is_solved());
        let mut b = solved;
        b.0[40] = 0;
        assert!(!b.is_solved(), "a blank");
        b.0[40] = 10;
        assert!(!b.is_solved(), "a value above 9");
        // Swap two cells of a row: the row still holds every digit, but
        // two columns now repeat one.
        let mut b = solved;
        b.0.swap(0, 1);
        assert!(b.is_full() && b.first_clash().is_some() && !b.is_solved());
        // Every isomorph of a solved grid is solved.
        let mut rng = Rng::new(7);
        assert!((0..20).all(|_| solved.isomorph(&mut rng).is_solved()));
    }
}
