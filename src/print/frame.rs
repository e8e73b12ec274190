//! Where one grid is drawn on a page: its square and the weights of its
//! lines, shared by the sheet ([`crate::print::sheet`]) and the variant
//! drawing ([`crate::print::variant`]).

/// Where a grid is drawn on the page, and the weights of its lines: what
/// the sheet's grid drawing and the variant drawing of
/// [`crate::print::variant`] share.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The left edge of the grid.
    pub x: f64,
    /// The bottom edge of the grid.
    pub y: f64,
    /// The side of the grid.
    pub size: f64,
    /// The side of one cell (`size / n`).
    pub cell: f64,
    /// The number of rows (and columns), N.
    pub n: usize,
    /// The weight of the cell lines.
    pub thin: f64,
    /// The weight of the box (or region) lines.
    pub thick: f64,
    /// The weight of the border.
    pub border: f64,
}

impl Frame {
    /// The frame of an N×N grid of side `size` whose bottom-left corner
    /// is (`x`, `y`), with line weights scaled to its cells.
    pub fn new(x: f64, y: f64, size: f64, n: usize) -> Frame {
        // Weights scaled to the cell: thin lines of S/600 and box lines of
        // S/160 on a 9x9 grid of side S, the same per cell on other sizes.
        let nines = n as f64 / 9.0;
        let thin = (size / (600.0 * nines)).clamp(0.5, 0.75);
        let thick = (size / (160.0 * nines)).clamp(1.75, 2.75);
        Frame {
            x,
            y,
            size,
            cell: size / n as f64,
            n,
            thin,
            thick,
            border: thick * 1.25,
        }
    }

    /// The x of the left edge of column `col` (0..=N; N: the right edge).
    pub fn col_x(&self, col: usize) -> f64 {
        self.x + col as f64 * self.cell
    }

    /// The y of the top edge of row `row` (0..=N; N: the bottom edge).
    pub fn row_y(&self, row: usize) -> f64 {
        self.y + self.size - row as f64 * self.cell
    }
}
