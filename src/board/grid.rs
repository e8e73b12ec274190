//! The board of any size: [`Grid`], N×N cells of a [`Shape`], row-major,
//! 0 = blank, values 1..=N.
//!
//! The 9×9 [`Board`](crate::board::Board) stays the kit's fast path; a grid
//! of shape 3×3 converts to and from it losslessly ([`Grid::from_board`],
//! [`Grid::to_board`], in [`crate::board::nine`]), and the general solver and generator hand such
//! grids to the 9×9 engine. How values are written (digits, letters,
//! numbers) is [`crate::board::symbol`]'s business; cell geometry is the shape's.

use crate::board::clash::Clash;
use crate::board::shape::{Shape, ShapeError};
use crate::board::variant::{Break, Variant};
use std::fmt;
use std::sync::Arc;

/// A board of any shape: `shape.cell_count()` cells, row-major, each 0
/// (blank) or a value 1..=N, and the variant rules it is played by
/// ([`Variant`]: diagonals, regions, cages; none on a classic board).
/// Every constructor keeps that invariant.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
    /// `None` on a classic board; shared between a puzzle and its
    /// solutions.
    variant: Option<Arc<Variant>>,
}

/// The rules of a classic board.
static CLASSIC: Variant = Variant::CLASSIC;

/// Cells that make no grid of the shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GridError {
    /// The wrong number of cells for the shape.
    Count(ShapeError),
    /// A cell value above N: the cell, its value, the shape.
    Value(usize, u8, Shape),
    /// Variant rules read for another cell count.
    Variant(Shape),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GridError::Count(e) => e.fmt(f),
            GridError::Value(cell, value, shape) => write!(
                f,
                "{} holds {}, beyond {}",
                shape.cell_name(cell),
                value,
                shape.size()
            ),
            GridError::Variant(shape) => write!(
                f,
                "the variant layout does not fit a {}x{} board",
                shape.size(),
                shape.size()
            ),
        }
    }
}

impl std::error::Error for GridError {}

impl Grid {
    /// The all-blank grid of `shape`.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
            variant: None,
        }
    }

    /// A grid of `shape` with these cells (row-major, 0 = blank); errors
    /// when their number is not N² or a value is above N.
    pub fn new(shape: Shape, cells: Vec<u8>) -> Result<Grid, GridError> {
        shape.check_cells(cells.len()).map_err(GridError::Count)?;
        let n = shape.size();
        if let Some(i) = cells.iter().position(|&v| usize::from(v) > n) {
            return Err(GridError::Value(i, cells[i], shape));
        }
        Ok(Grid {
            shape,
            cells,
            variant: None,
        })
    }

    /// The same cells played by `variant`'s rules; errors when its layouts
    /// were read for another cell count. A classic variant gives a classic
    /// grid.
    pub fn with_variant(mut self, variant: Arc<Variant>) -> Result<Grid, GridError> {
        if !variant.fits(self.shape) {
            return Err(GridError::Variant(self.shape));
        }
        self.variant = (!variant.is_classic()).then_some(variant);
        Ok(self)
    }

    /// The same rules over other cells (a solution of this puzzle, a
    /// puzzle carved from this grid): `cells` must hold N² values of
    /// 0..=N, as [`Grid::new`] checks.
    pub fn with_cells(&self, cells: Vec<u8>) -> Result<Grid, GridError> {
        let mut grid = Grid::new(self.shape, cells)?;
        grid.variant = self.variant.clone();
        Ok(grid)
    }

    /// The variant rules (the classic ones on a classic board).
    #[inline]
    pub fn variant(&self) -> &Variant {
        self.variant.as_deref().unwrap_or(&CLASSIC)
    }

    /// True when the board has no variant rule.
    #[inline]
    pub fn is_classic(&self) -> bool {
        self.variant.is_none()
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// N: rows, columns, boxes and values.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The cells, row-major, 0 = blank.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of cell `i`; 0 = blank.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The value at row `r`, column `c` (both 0..N); 0 = blank.
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[self.shape.cell(r, c)]
    }

    /// Writes `value` (0 = blank) into cell `i`.
    ///
    /// Panics when `value` is above N: a caller's bug, since values from
    /// text come through [`crate::board::symbol`], which checks them.
    pub fn set(&mut self, i: usize, value: u8) {
        assert!(
            usize::from(value) <= self.size(),
            "value {} on a {}x{} grid",
            value,
            self.size(),
            self.size()
        );
        self.cells[i] = value;
    }

    /// How many cells are filled.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// How many cells are blank.
    pub fn blanks(&self) -> usize {
        self.cells.len() - self.givens()
    }

    /// True when no cell is blank (the values may still clash).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first clash among the filled cells (a value repeated in a row,
    /// column, box or region, diagonal or cage), the earliest second cell
    /// row-major first, or `None`. O(N²).
    pub fn first_clash(&self) -> Option<Clash> {
        match self.variant().first_break(self.shape, &self.cells)? {
            Break::Repeat(area, first, second) => Some(Clash {
                shape: self.shape,
                area,
                first,
                second,
                value: self.cells[first],
            }),
            Break::Sum(..) => None,
        }
    }

    /// The first rule the filled cells break: a clash, or a full cage
    /// whose values miss its sum ([`Variant::first_break`]).
    pub fn first_break(&self) -> Option<Break> {
        self.variant().first_break(self.shape, &self.cells)
    }

    /// True when `self` is a complete grid of `puzzle`'s shape and rules
    /// that breaks none of them and keeps every given of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.variant() == puzzle.variant()
            && self.is_full()
            && self.first_break().is_none()
            && puzzle
                .cells
                .iter()
                .zip(self.cells.iter())
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

/// A grid from one line of digits-convention symbols (`.` or `0` blank),
/// for the tests of the general modules.
#[cfg(test)]
pub(crate) fn grid(shape: Shape, text: &str) -> Grid {
    let n = shape.size();
    let cells = text
        .chars()
        .map(|ch| {
            crate::board::symbol::Convention::Digits
                .read(ch, n)
                .unwrap()
        })
        .collect();
    Grid::new(shape, cells).unwrap()
}

/// The digits-convention line of a grid (`.` blank), for test messages.
#[cfg(test)]
pub(crate) fn line(g: &Grid) -> String {
    g.cells()
        .iter()
        .map(|&v| crate::board::symbol::Convention::Digits.write(v, '.'))
        .collect()
}

/// A random complete grid of `shape`, for the tests of the general
/// modules: the pattern grid `(C·(r mod R) + r div R + c) mod N + 1` with
/// its values, its bands and stacks and the rows and columns inside them
/// shuffled. (Only grids of one family: the generator fills at random.)
#[cfg(test)]
pub(crate) fn shuffled_grid(rng: &mut crate::rng::Rng, shape: Shape) -> Grid {
    let (rows, cols, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let mut values: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut values);
    // Lines of `groups` groups of `inner` lines each, shuffled both ways.
    let mut order = |groups: usize, inner: usize| {
        let mut outer: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut outer);
        let mut lines = Vec::new();
        for g in outer {
            let mut within: Vec<usize> = (0..inner).collect();
            rng.shuffle(&mut within);
            lines.extend(within.iter().map(|k| g * inner + k));
        }
        lines
    };
    let row_order = order(cols, rows);
    let col_order = order(rows, cols);
    let mut g = Grid::empty(shape);
    for (r, &sr) in row_order.iter().enumerate() {
        for (c, &sc) in col_order.iter().enumerate() {
            let base = (cols * (sr % rows) + sr / rows + sc) % n;
            g.set(shape.cell(r, c), values[base]);
        }
    }
    g
}

/// A random puzzle of `shape` for the tests: a [`shuffled_grid`] with a
/// random number of cells blanked and, one time in four, one cell set to
/// a random value (which may break it).
#[cfg(test)]
pub(crate) fn random_puzzle(rng: &mut crate::rng::Rng, shape: Shape) -> Grid {
    let mut puzzle = shuffled_grid(rng, shape);
    let cells = shape.cell_count();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &i in &order[..rng.below(cells + 1)] {
        puzzle.set(i, 0);
    }
    if rng.below(4) == 0 {
        let i = rng.below(cells);
        puzzle.set(i, rng.below(shape.size() + 1) as u8);
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::boxes;
    use crate::board::symbol::Convention;

    /// The 6x6 grid with 2x3 boxes whose rows shift by 3, then 1.
    const SIX: &str = "123456456123231564564231312645645312";

    #[test]
    fn a_full_grid_solves_its_puzzles_and_not_another_shape() {
        let full = grid(boxes(2, 3), SIX);
        assert!(full.is_full() && full.first_clash().is_none());
        let mut puzzle = full.clone();
        puzzle.set(0, 0);
        puzzle.set(35, 0);
        assert_eq!((puzzle.givens(), puzzle.blanks()), (34, 2));
        assert!(full.solves(&puzzle));
        let mut wrong = full.clone();
        wrong.set(0, 2);
        assert!(!wrong.solves(&puzzle));
        // Same cells read with 3x2 boxes: the boxes repeat values.
        let tall = grid(boxes(3, 2), SIX);
        assert!(tall.first_clash().is_some());
        assert!(!full.solves(&Grid::empty(boxes(3, 2))));
    }

    #[test]
    fn first_clash_names_unit_cells_and_symbol() {
        let s = boxes(4, 4);
        let mut g = Grid::empty(s);
        g.set(s.cell(0, 0), 12);
        g.set(s.cell(1, 3), 12); // same box 1
        let clash = g.first_clash().unwrap();
        assert_eq!((clash.first, clash.second, clash.value), (0, 19, 12));
        assert_eq!(
            clash.to_string(),
            "value 12 repeats in box 1 (r1c1 and r2c4)"
        );
        assert_eq!(
            clash.describe(Convention::Letters),
            "symbol L repeats in box 1 (r1c1 and r2c4)"
        );
        assert_eq!(
            clash.describe(Convention::Digits),
            "symbol C repeats in box 1 (r1c1 and r2c4)"
        );
        g.set(19, 0);
        g.set(s.cell(15, 0), 12); // same column
        assert_eq!(
            g.first_clash().unwrap().to_string(),
            "value 12 repeats in column 1 (r1c1 and r16c1)"
        );
    }

    #[test]
    fn shuffled_grids_are_valid_in_every_shape() {
        let mut rng = crate::rng::Rng::new(7);
        for r in 1..=5 {
            for c in 1..=5 {
                let g = shuffled_grid(&mut rng, boxes(r, c));
                assert!(g.is_full() && g.first_clash().is_none(), "{}x{}", r, c);
            }
        }
    }

    #[test]
    fn bad_cells_are_refused() {
        let err = Grid::new(boxes(2, 2), vec![0; 15]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--box 2x2 does not fit 15 cells: 2x2 boxes make 4x4 boards (16 cells)"
        );
        let mut cells = vec![0; 16];
        cells[5] = 5;
        assert_eq!(
            Grid::new(boxes(2, 2), cells).unwrap_err().to_string(),
            "r2c2 holds 5, beyond 4"
        );
    }

    #[test]
    #[should_panic(expected = "value 17 on a 16x16 grid")]
    fn setting_a_value_beyond_n_is_a_bug() {
        Grid::empty(boxes(4, 4)).set(0, 17);
    }
}
