//! The shape of a board of any size: N×N cells in boxes of R rows by C
//! columns, N = R·C from 1 to 25, and the cell/unit geometry of it.
//!
//! Cells are numbered row-major, 0 to N²−1, as on the 9×9 board
//! ([`crate::board`]). A 6×6 board with 2×3 boxes (`--box 2x3`: boxes two
//! rows high, three columns wide):
//!
//! ```text
//!      c0 c1 c2   c3 c4 c5
//! r0    0  1  2 |  3  4  5      box 0 | box 1
//! r1    6  7  8 |  9 10 11
//!      ---------+---------
//! r2   12 13 14 | 15 16 17      box 2 | box 3
//! r3   18 ...
//!      ---------+---------
//! r4   24 ...                   box 4 | box 5
//! r5   30 31 32 | 33 34 35
//! ```
//!
//! With `--box 3x2` the same 36 cells fall into three boxes across and two
//! down, each three rows high and two columns wide. Boxes are numbered
//! row-major; the board has C bands of boxes (R rows each) and R stacks
//! (C columns each). The 3N *units* are numbered as in
//! [`crate::board::nine::UNITS`]: rows `0..N`, columns `N..2N`, boxes `2N..3N`.
//! People see rows, columns, boxes and cells from 1: `r12c3`, `box 10`.
//!
//! # Which shape a cell count gets
//! A board of N² cells gets the box shape R×C with R·C = N, R ≤ C, closest
//! to square (R the largest divisor of N not above √N): 16 → 2×2, 36 →
//! 2×3, 64 → 2×4, 81 → 3×3, 144 → 3×4, 256 → 4×4, 625 → 5×5, 1 → 1×1.
//! `--box RxC` chooses another one, e.g. `--box 3x2` or `--box 4x3`.
//!
//! Boxes one row high (1×N) or one column wide (N×1) are allowed when asked
//! for with `--box` (the board is then a Latin square: every box is a whole
//! row or column), but never chosen from a cell count: a prime N (2, 3, 5,
//! 7, 11, 13, 17, 19, 23) has no other box shape, and a 9-cell or 25-cell
//! text is far likelier to be a mistake than a Latin square, so those
//! counts are an error that names the `--box` to write. A count that is no
//! square, 0, or more than 625 cells (N > 25) is an error too.
//!
//! # Why a runtime shape
//! The size reaches the code as a value, [`Shape`], held by the general
//! board [`crate::board::grid::Grid`], rather than as a const generic: one
//! compiled copy of every algorithm serves all 28 sizes (one binary,
//! nothing monomorphised 28 times), a size read from a file needs no
//! dispatch table, and the cost of a runtime N (index arithmetic with a
//! variable instead of a constant) is small beside the search itself. The
//! one size where speed is the kit's selling point, 9×9, keeps its own
//! board ([`crate::board::Board`]) and engine ([`crate::solve::nine`]); the
//! general modules hand every 3×3 board to it (see
//! [`crate::solve::any`], whose header has the measurements).

use std::fmt;
use std::str::FromStr;

/// The largest side: boards go up to 25×25 (625 cells), so a cell's
/// candidates fit in a `u32` bit mask.
pub const MAX_SIZE: usize = 25;

/// The largest cell count, `MAX_SIZE²`.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// A board's shape: boxes of `box_rows` rows by `box_cols` columns, so
/// N = `box_rows · box_cols` rows, columns, boxes and symbols. Always valid
/// (1 ≤ N ≤ 25): every constructor checks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// Why a cell count or a `--box` text gives no shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ShapeError {
    /// No cells at all.
    NoCells,
    /// The cell count is not N² for any N.
    NotSquare(usize),
    /// N² cells with N above [`MAX_SIZE`].
    TooLarge(usize),
    /// N² cells where N (above 1) has only the 1×N box shape.
    NoBoxShape(usize),
    /// `--box RxC` with R or C zero.
    EmptyBox(usize, usize),
    /// `--box RxC` with R·C above [`MAX_SIZE`].
    BoxTooLarge(usize, usize),
    /// `--box` given that does not fit this many cells.
    Mismatch(Shape, usize),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::NoCells => f.write_str("no cells: a board needs at least one"),
            ShapeError::NotSquare(cells) => write!(
                f,
                "{} cells is no square: a board has NxN cells (16, 36, 81, 256, ... up to 625)",
                cells
            ),
            ShapeError::TooLarge(cells) => {
                let side = (cells as f64).sqrt().round() as usize;
                write!(
                    f,
                    "{} cells: {}x{} is larger than the largest board, {}x{}",
                    cells, side, side, MAX_SIZE, MAX_SIZE
                )
            }
            ShapeError::NoBoxShape(cells) => {
                let side = (cells as f64).sqrt().round() as usize;
                write!(
                    f,
                    "{} cells: {}x{} has no box shape but 1x{} (boxes that are whole rows); \
                     give --box 1x{} to solve it as a Latin square",
                    cells, side, side, side, side
                )
            }
            ShapeError::EmptyBox(r, c) => write!(
                f,
                "--box {}x{}: a box needs at least one row and one column",
                r, c
            ),
            ShapeError::BoxTooLarge(r, c) => write!(
                f,
                "--box {}x{}: boxes of {} cells make {}x{} boards, larger than {}x{}",
                r,
                c,
                r * c,
                r * c,
                r * c,
                MAX_SIZE,
                MAX_SIZE
            ),
            ShapeError::Mismatch(shape, cells) => {
                let n = shape.size();
                write!(f, "--box {} does not fit {} cells", shape, cells)?;
                if let Ok(side) = square_side(cells) {
                    write!(f, " ({}x{})", side, side)?;
                }
                write!(
                    f,
                    ": {} boxes make {}x{} boards ({} cells)",
                    shape,
                    n,
                    n,
                    n * n
                )
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// N when `cells` is N² (N ≥ 1); the error says why not.
fn square_side(cells: usize) -> Result<usize, ShapeError> {
    if cells == 0 {
        return Err(ShapeError::NoCells);
    }
    let side = (cells as f64).sqrt().round() as usize;
    if side.checked_mul(side) != Some(cells) {
        return Err(ShapeError::NotSquare(cells));
    }
    Ok(side)
}

impl Shape {
    /// The classic 9×9 board with 3×3 boxes, [`crate::board::Board`]'s shape.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// Boxes of `box_rows` rows by `box_cols` columns; errors when either
    /// is 0 or the board would be larger than 25×25.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows == 0 || box_cols == 0 {
            return Err(ShapeError::EmptyBox(box_rows, box_cols));
        }
        if box_rows * box_cols > MAX_SIZE {
            return Err(ShapeError::BoxTooLarge(box_rows, box_cols));
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The shape of an N×N board: R×C with R·C = N, R ≤ C, closest to
    /// square. Errors when N is 0, above 25, or above 1 with only the 1×N
    /// shape (a prime): see the module notes.
    pub fn for_size(n: usize) -> Result<Shape, ShapeError> {
        Shape::from_cells(n.saturating_mul(n))
    }

    /// The shape of a board of `cells` cells (see [`Shape::for_size`]); the
    /// error names the count: `10 cells is no square: …`.
    pub fn from_cells(cells: usize) -> Result<Shape, ShapeError> {
        let n = square_side(cells)?;
        if n > MAX_SIZE {
            return Err(ShapeError::TooLarge(cells));
        }
        // The largest divisor of n not above its square root.
        let rows = (1..=n)
            .rev()
            .find(|&r| r * r <= n && n % r == 0)
            .unwrap_or(1);
        if rows == 1 && n > 1 {
            return Err(ShapeError::NoBoxShape(cells));
        }
        Shape::new(rows, n / rows)
    }

    /// The shape for a board of `cells` cells: `forced` (from `--box`) when
    /// given, checked against the count, else [`Shape::from_cells`].
    pub fn choose(cells: usize, forced: Option<Shape>) -> Result<Shape, ShapeError> {
        match forced {
            Some(shape) => shape.check_cells(cells).map(|()| shape),
            None => Shape::from_cells(cells),
        }
    }

    /// Ok when the board has exactly `cells` cells; the error says what
    /// the shape needs: `--box 3x3 does not fit 36 cells (6x6): …`.
    pub fn check_cells(self, cells: usize) -> Result<(), ShapeError> {
        if cells == self.cell_count() {
            Ok(())
        } else {
            Err(ShapeError::Mismatch(self, cells))
        }
    }

    /// R: the rows of one box.
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// C: the columns of one box.
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// N = R·C: the rows, columns, boxes of the board, and its symbols.
    #[inline]
    pub const fn size(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// N²: the cells of the board.
    #[inline]
    pub const fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// 3N: the units (rows, then columns, then boxes).
    #[inline]
    pub const fn unit_count(self) -> usize {
        3 * self.size()
    }

    /// True when the boxes are square (R = C), so that a quarter turn or a
    /// transposition maps boxes onto boxes.
    pub fn has_square_boxes(self) -> bool {
        self.box_rows == self.box_cols
    }

    /// The same board turned a quarter: boxes C×R.
    pub fn transposed(self) -> Shape {
        Shape {
            box_rows: self.box_cols,
            box_cols: self.box_rows,
        }
    }

    /// `625 cells: 25x25, boxes 5x5`.
    pub fn describe(self) -> String {
        let n = self.size();
        format!("{} cells: {}x{}, boxes {}", n * n, n, n, self)
    }

    // ------------------------------------------------------------ geometry

    /// The row (0..N) of cell `i`.
    #[inline]
    pub const fn row_of(self, i: usize) -> usize {
        i / self.size()
    }

    /// The column (0..N) of cell `i`.
    #[inline]
    pub const fn col_of(self, i: usize) -> usize {
        i % self.size()
    }

    /// The box (0..N, row-major) of cell `i`.
    #[inline]
    pub const fn box_of(self, i: usize) -> usize {
        let (r, c) = (self.row_of(i), self.col_of(i));
        r / self.box_rows() * self.box_rows() + c / self.box_cols()
    }

    /// The cell at row `r`, column `c`.
    #[inline]
    pub const fn cell(self, r: usize, c: usize) -> usize {
        r * self.size() + c
    }

    /// The `k`-th cell (0..N, row-major inside the box) of box `b`.
    #[inline]
    pub const fn box_cell(self, b: usize, k: usize) -> usize {
        let (rows, cols) = (self.box_rows(), self.box_cols());
        let top = b / rows * rows;
        let left = b % rows * cols;
        self.cell(top + k / cols, left + k % cols)
    }

    /// The `k`-th cell (0..N) of unit `u` (rows `0..N`, columns `N..2N`,
    /// boxes `2N..3N`): left to right, top to bottom, row-major in a box.
    #[inline]
    pub const fn unit_cell(self, u: usize, k: usize) -> usize {
        let n = self.size();
        match u / n {
            0 => self.cell(u, k),
            1 => self.cell(k, u - n),
            _ => self.box_cell(u - 2 * n, k),
        }
    }

    /// The N cells of unit `u`, in [`Shape::unit_cell`] order.
    pub fn unit(self, u: usize) -> impl Iterator<Item = usize> {
        (0..self.size()).map(move |k| self.unit_cell(u, k))
    }

    /// The three units of cell `i`: its row, column and box.
    #[inline]
    pub const fn units_of(self, i: usize) -> [usize; 3] {
        let n = self.size();
        [self.row_of(i), n + self.col_of(i), 2 * n + self.box_of(i)]
    }

    /// The cells that share a row, column or box with cell `i` (not `i`
    /// itself), ascending. 3N − R − C − 1 of them (20 on 9×9).
    pub fn peers(self, i: usize) -> Vec<usize> {
        let mut peers: Vec<usize> = self
            .units_of(i)
            .iter()
            .flat_map(|&u| self.unit(u))
            .filter(|&j| j != i)
            .collect();
        peers.sort_unstable();
        peers.dedup();
        peers
    }

    /// People's name for cell `i`: `r1c1` .. `r25c25`.
    pub fn cell_name(self, i: usize) -> String {
        format!("r{}c{}", self.row_of(i) + 1, self.col_of(i) + 1)
    }

    /// People's name for unit `u`: `row 3`, `column 12`, `box 10`.
    pub fn unit_name(self, u: usize) -> String {
        let n = self.size();
        let kind = ["row", "column", "box"][u / n];
        format!("{} {}", kind, u % n + 1)
    }

    /// The name of the unit that cells `a` and `b` share (row first, then
    /// column, then box), or `None` when they share none.
    pub fn shared_unit(self, a: usize, b: usize) -> Option<usize> {
        let (ua, ub) = (self.units_of(a), self.units_of(b));
        (0..3).find(|&k| ua[k] == ub[k]).map(|k| ua[k])
    }
}

impl Default for Shape {
    /// The classic 9×9 shape.
    fn default() -> Shape {
        Shape::CLASSIC
    }
}

impl fmt::Display for Shape {
    /// The box as `RxC`, as `--box` takes it: `3x2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

/// A `--box` text that is not `RxC`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoxParseError {
    /// Not two whole numbers around an `x`.
    Syntax(String),
    /// Two numbers that make no shape.
    Shape(ShapeError),
}

impl fmt::Display for BoxParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoxParseError::Syntax(text) => write!(
                f,
                "--box `{}` is not RxC (box rows x box columns, e.g. 3x2)",
                text
            ),
            BoxParseError::Shape(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BoxParseError {}

impl FromStr for Shape {
    type Err = BoxParseError;

    /// Reads `RxC` (also `RXC` or `R×C`): boxes R rows high, C columns wide.
    fn from_str(text: &str) -> Result<Shape, BoxParseError> {
        let syntax = || BoxParseError::Syntax(text.to_string());
        let (r, c) = text.split_once(['x', 'X', '×']).ok_or_else(syntax)?;
        let number = |s: &str| -> Result<usize, BoxParseError> {
            if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse().map_err(|_| syntax())
        };
        Shape::new(number(r)?, number(c)?).map_err(BoxParseError::Shape)
    }
}

/// The shape with boxes of `rows` by `cols`, for the tests of the
/// general modules.
#[cfg(test)]
pub(crate) fn boxes(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).expect("a test shape")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_counts_get_the_box_closest_to_square() {
        for (cells, r, c) in [
            (1, 1, 1),
            (16, 2, 2),
            (36, 2, 3),
            (64, 2, 4),
            (81, 3, 3),
            (100, 2, 5),
            (144, 3, 4),
            (196, 2, 7),
            (256, 4, 4),
            (324, 3, 6),
            (400, 4, 5),
            (441, 3, 7),
            (484, 2, 11),
            (576, 4, 6),
            (625, 5, 5),
        ] {
            assert_eq!(Shape::from_cells(cells), Ok(boxes(r, c)), "{}", cells);
        }
        assert_eq!(Shape::for_size(16), Ok(boxes(4, 4)));
        assert_eq!(Shape::from_cells(81), Ok(Shape::CLASSIC));
    }

    #[test]
    fn counts_without_a_shape_are_errors_that_say_why() {
        let err = |cells| Shape::from_cells(cells).unwrap_err().to_string();
        assert_eq!(err(0), "no cells: a board needs at least one");
        assert_eq!(
            err(80),
            "80 cells is no square: a board has NxN cells (16, 36, 81, 256, ... up to 625)"
        );
        assert_eq!(
            err(676),
            "676 cells: 26x26 is larger than the largest board, 25x25"
        );
        assert_eq!(
            err(49),
            "49 cells: 7x7 has no box shape but 1x7 (boxes that are whole rows); \
             give --box 1x7 to solve it as a Latin square"
        );
        for prime in [2, 3, 5, 11, 13, 17, 19, 23] {
            assert_eq!(
                Shape::for_size(prime),
                Err(ShapeError::NoBoxShape(prime * prime))
            );
        }
        assert_eq!(
            Shape::for_size(usize::MAX),
            Err(ShapeError::NotSquare(usize::MAX))
        );
    }

    #[test]
    fn box_text_reads_rows_by_columns() {
        assert_eq!("3x2".parse(), Ok(boxes(3, 2)));
        assert_eq!("4X3".parse(), Ok(boxes(4, 3)));
        assert_eq!("5×5".parse(), Ok(boxes(5, 5)));
        assert_eq!("1x7".parse(), Ok(boxes(1, 7)));
        assert_eq!(boxes(3, 2).to_string(), "3x2");
        let err = |t: &str| t.parse::<Shape>().unwrap_err().to_string();
        assert_eq!(
            err("3by2"),
            "--box `3by2` is not RxC (box rows x box columns, e.g. 3x2)"
        );
        for bad in [
            "x3",
            "3x",
            "3x-2",
            "+3x2",
            " 3x2",
            "3x2x1",
            "99999999999999999999x1",
        ] {
            assert!(
                matches!(bad.parse::<Shape>(), Err(BoxParseError::Syntax(_))),
                "{}",
                bad
            );
        }
        assert_eq!(
            err("0x4"),
            "--box 0x4: a box needs at least one row and one column"
        );
        assert_eq!(
            err("5x6"),
            "--box 5x6: boxes of 30 cells make 30x30 boards, larger than 25x25"
        );
    }

    #[test]
    fn forced_box_must_fit_the_cells() {
        assert_eq!(Shape::choose(36, Some(boxes(3, 2))), Ok(boxes(3, 2)));
        assert_eq!(Shape::choose(36, None), Ok(boxes(2, 3)));
        assert_eq!(Shape::choose(49, Some(boxes(1, 7))), Ok(boxes(1, 7)));
        assert_eq!(
            Shape::choose(36, Some(Shape::CLASSIC))
                .unwrap_err()
                .to_string(),
            "--box 3x3 does not fit 36 cells (6x6): 3x3 boxes make 9x9 boards (81 cells)"
        );
        assert_eq!(
            Shape::choose(35, Some(boxes(2, 3)))
                .unwrap_err()
                .to_string(),
            "--box 2x3 does not fit 35 cells: 2x3 boxes make 6x6 boards (36 cells)"
        );
        assert_eq!(boxes(5, 5).describe(), "625 cells: 25x25, boxes 5x5");
    }

    #[test]
    fn geometry_of_2x3_and_3x2_boxes_differ_as_drawn() {
        let wide = boxes(2, 3); // boxes 2 rows high, 3 columns wide
        let tall = boxes(3, 2);
        assert_eq!(
            (wide.size(), wide.cell_count(), wide.unit_count()),
            (6, 36, 18)
        );
        // Box 1 of 2x3: rows 0-1, columns 3-5.
        assert_eq!(
            wide.unit(12 + 1).collect::<Vec<_>>(),
            vec![3, 4, 5, 9, 10, 11]
        );
        // Box 1 of 3x2: rows 0-2, columns 2-3.
        assert_eq!(
            tall.unit(12 + 1).collect::<Vec<_>>(),
            vec![2, 3, 8, 9, 14, 15]
        );
        // r3c4 (cell 21): box 3 in 2x3 (second band, right), box 4 in 3x2.
        assert_eq!((wide.box_of(21), tall.box_of(21)), (3, 4));
        assert_eq!(wide.peers(0).len(), 18 - 2 - 3 - 1);
        assert_eq!(wide.cell_name(21), "r4c4");
        assert_eq!(wide.unit_name(12 + 4), "box 5");
        assert_eq!(wide.unit_name(6 + 5), "column 6");
        assert_eq!(boxes(4, 4).cell_name(255), "r16c16");
    }

    #[test]
    fn units_cover_every_cell_once_per_kind_in_every_shape() {
        for r in 1..=5 {
            for c in 1..=5 {
                let s = boxes(r, c);
                let n = s.size();
                let mut seen = vec![[0; 3]; s.cell_count()];
                for u in 0..s.unit_count() {
                    for i in s.unit(u) {
                        seen[i][u / n] += 1;
                        assert!(s.units_of(i).contains(&u), "{} unit {} cell {}", s, u, i);
                    }
                }
                assert!(seen.iter().all(|&k| k == [1, 1, 1]), "{}", s);
                let expect = 3 * n - r - c - 1;
                assert!((0..n * n).all(|i| s.peers(i).len() == expect), "{}", s);
            }
        }
    }

    #[test]
    fn classic_shape_names_cells_and_units_as_people_do() {
        let s = Shape::CLASSIC;
        assert_eq!(s.box_of(40), 4);
        assert_eq!(s.cell_name(80), "r9c9");
        assert_eq!(s.unit_name(9), "column 1");
        assert_eq!(s.unit_name(26), "box 9");
        let middle: Vec<usize> = s.unit(22).collect();
        assert_eq!(middle, [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(s.shared_unit(0, 20), Some(18));
        assert_eq!(s.shared_unit(0, 80), None);
    }
}
