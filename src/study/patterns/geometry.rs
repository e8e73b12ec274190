//! Where a cell lies, as the backtracking patterns ask it: one trait, two
//! answers. [`Classic`] is the 9×9 board with its sizes as constants, the
//! arithmetic of [`crate::board`]; [`ShapeTables`] is any other shape, or
//! a jigsaw board of any size, its row, column and box (the region, on a
//! jigsaw) per cell looked up in tables built once per run.
//!
//! The patterns are generic over the trait, so the compiler makes two
//! copies of each: the 9×9 one divides by the constant 9 (a multiply) and
//! keeps its loops of nine, exactly the code the study measured before
//! boards had other sizes; the general one reads N from the layout and
//! trades the division by a runtime N (tens of cycles) for a table read.

use crate::board::grid::Grid;
use crate::board::shape::Shape;

/// The geometry of a board of N×N cells in R×C boxes.
pub(super) trait Geometry: Copy {
    /// N: rows, columns, boxes, and the values 1..=N.
    fn size(self) -> usize;
    /// R: the rows of a box.
    fn box_rows(self) -> usize;
    /// C: the columns of a box.
    fn box_cols(self) -> usize;
    /// The row (0..N) of cell `i`.
    fn row_of(self, i: usize) -> usize;
    /// The column (0..N) of cell `i`.
    fn col_of(self, i: usize) -> usize;
    /// The box (0..N, row-major) of cell `i`.
    fn box_of(self, i: usize) -> usize;

    /// True when value `v` is in the box of cell `i` on the board `cells`:
    /// the box part of the rescan of patterns 1 and 2.
    #[inline(always)]
    fn box_holds(self, cells: &[u8], i: usize, v: u8) -> bool {
        rescan_box(self, cells, i, v)
    }

    /// Bits 0 to N − 1: every value, as a mask whose bit `v - 1` is
    /// value `v` (N ≤ 25, so it fits a `u32`).
    #[inline(always)]
    fn all_values(self) -> u32 {
        (1u32 << self.size()) - 1
    }
}

/// The box of cell `i` rescanned for value `v`: its R×C cells.
#[inline(always)]
fn rescan_box<G: Geometry>(g: G, cells: &[u8], i: usize, v: u8) -> bool {
    let n = g.size();
    let (rows, cols) = (g.box_rows(), g.box_cols());
    let (top, left) = (g.row_of(i) / rows * rows, g.col_of(i) / cols * cols);
    (top..top + rows).any(|r| (left..left + cols).any(|c| cells[r * n + c] == v))
}

/// The 9×9 board with 3×3 boxes.
#[derive(Clone, Copy)]
pub(super) struct Classic;

impl Geometry for Classic {
    #[inline(always)]
    fn size(self) -> usize {
        9
    }
    #[inline(always)]
    fn box_rows(self) -> usize {
        3
    }
    #[inline(always)]
    fn box_cols(self) -> usize {
        3
    }
    #[inline(always)]
    fn row_of(self, i: usize) -> usize {
        Shape::CLASSIC.row_of(i)
    }
    #[inline(always)]
    fn col_of(self, i: usize) -> usize {
        Shape::CLASSIC.col_of(i)
    }
    #[inline(always)]
    fn box_of(self, i: usize) -> usize {
        Shape::CLASSIC.box_of(i)
    }
}

/// Any shape: the row, column and box (or region) of every cell in one
/// table.
pub(super) struct ShapeTables {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    /// `[row, column, box]` of each cell; the box is the region on a
    /// jigsaw.
    units: Vec<[u8; 3]>,
    /// A jigsaw's regions, the cells of each (`None`: boxes).
    regions: Option<Vec<Vec<usize>>>,
}

impl ShapeTables {
    /// The tables of `shape`. O(N²).
    pub(super) fn new(shape: Shape) -> ShapeTables {
        let cell = |i| {
            [shape.row_of(i), shape.col_of(i), shape.box_of(i)].map(|u| u as u8)
            // N <= 25
        };
        ShapeTables {
            n: shape.size(),
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            units: (0..shape.cell_count()).map(cell).collect(),
            regions: None,
        }
    }

    /// The tables of `puzzle`'s board: its shape, with its regions in
    /// place of the boxes on a jigsaw. O(N²).
    pub(super) fn of(puzzle: &Grid) -> ShapeTables {
        let shape = puzzle.shape();
        let mut tables = ShapeTables::new(shape);
        if let Some(regions) = puzzle.variant().regions() {
            let mut cells = vec![Vec::new(); shape.size()];
            for (i, &region) in regions.iter().enumerate() {
                tables.units[i][2] = region;
                cells[usize::from(region)].push(i);
            }
            tables.regions = Some(cells);
        }
        tables
    }
}

impl Geometry for &ShapeTables {
    #[inline(always)]
    fn size(self) -> usize {
        self.n
    }
    #[inline(always)]
    fn box_rows(self) -> usize {
        self.box_rows
    }
    #[inline(always)]
    fn box_cols(self) -> usize {
        self.box_cols
    }
    #[inline(always)]
    fn row_of(self, i: usize) -> usize {
        usize::from(self.units[i][0])
    }
    #[inline(always)]
    fn col_of(self, i: usize) -> usize {
        usize::from(self.units[i][1])
    }
    #[inline(always)]
    fn box_of(self, i: usize) -> usize {
        usize::from(self.units[i][2])
    }
    #[inline(always)]
    fn box_holds(self, cells: &[u8], i: usize, v: u8) -> bool {
        match &self.regions {
            Some(regions) => regions[self.box_of(i)].iter().any(|&j| cells[j] == v),
            None => rescan_box(self, cells, i, v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_and_layout_agree_on_every_9x9_cell() {
        let layout = ShapeTables::new(Shape::CLASSIC);
        for i in 0..81 {
            assert_eq!(
                [Classic.row_of(i), Classic.col_of(i), Classic.box_of(i)],
                [layout.row_of(i), layout.col_of(i), layout.box_of(i)]
            );
        }
        assert_eq!(Classic.all_values(), 0x1ff);
        assert_eq!((&layout).all_values(), 0x1ff);
    }

    #[test]
    fn layout_follows_the_shape_at_25x25() {
        let shape = Shape::new(5, 5).unwrap();
        let layout = ShapeTables::new(shape);
        assert_eq!((&layout).all_values(), 0x1ff_ffff);
        let last = shape.cell_count() - 1;
        assert_eq!(
            [
                layout.row_of(last),
                layout.col_of(last),
                layout.box_of(last)
            ],
            [24, 24, 24]
        );
    }
}
