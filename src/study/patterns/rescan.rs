//! Patterns 1 and 2: a value is tested by rescanning the cell's row,
//! column and box (3N cells, 27 on 9×9). Pattern 1 also finds the next
//! blank by scanning the board from r1c1; pattern 2 lists the blanks once.

use super::geometry::Geometry;
use super::{Move, Tally};

/// True when value `v` is nowhere in the row, column and box of cell `i`:
/// the 3N-cell rescan of patterns 1 and 2.
fn allows<G: Geometry>(g: G, cells: &[u8], i: usize, v: u8) -> bool {
    let n = g.size();
    // N² cells: on 9×9 a constant 81, so that the compiler can drop bounds
    // checks as it did for the `[u8; 81]` of the 9×9-only code (the same
    // in `scan`).
    let cells = &cells[..n * n];
    let (r, c) = (g.row_of(i), g.col_of(i));
    for k in 0..n {
        if cells[r * n + k] == v || cells[k * n + c] == v {
            return false;
        }
    }
    let (rows, cols) = (g.box_rows(), g.box_cols());
    let (top, left) = (r / rows * rows, c / cols * cols);
    for rr in top..top + rows {
        for cc in left..left + cols {
            if cells[rr * n + cc] == v {
                return false;
            }
        }
    }
    true
}

/// Pattern 1: find the first blank by scanning from r1c1, try 1..=N.
pub(super) fn scan<G: Geometry, W: FnMut(Move) -> bool>(
    g: G,
    cells: &mut [u8],
    depth: usize,
    t: &mut Tally<W>,
) -> bool {
    let n = g.size();
    let i = match cells[..n * n].iter().position(|&v| v == 0) {
        Some(i) => i,
        None => return true, // no blank left: solved
    };
    for v in 1..=n as u8 {
        if allows(g, cells, i, v) {
            if !t.place(i, v, depth + 1) {
                return true;
            }
            cells[i] = v;
            if scan(g, cells, depth + 1, t) {
                return true;
            }
            cells[i] = 0;
            if !t.undo(i, depth) {
                return true;
            }
        }
    }
    false // no value fits here: the caller undoes its own value
}

/// Pattern 2: the blanks are listed once; `blanks[k]` is the next one.
pub(super) fn blank_list<G: Geometry, W: FnMut(Move) -> bool>(
    g: G,
    cells: &mut [u8],
    blanks: &[usize],
    k: usize,
    t: &mut Tally<W>,
) -> bool {
    let i = match blanks.get(k) {
        Some(&i) => i,
        None => return true,
    };
    for v in 1..=g.size() as u8 {
        if allows(g, cells, i, v) {
            if !t.place(i, v, k + 1) {
                return true;
            }
            cells[i] = v;
            if blank_list(g, cells, blanks, k + 1, t) {
                return true;
            }
            cells[i] = 0;
            if !t.undo(i, k) {
                return true;
            }
        }
    }
    false
}
