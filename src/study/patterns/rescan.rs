//! Patterns 1 and 2: a value is tested by rescanning the cell's row,
//! column and box (3N cells, 27 on 9×9). Pattern 1 also finds the next
//! blank by scanning the board from r1c1; pattern 2 lists the blanks once.
//! On a variant board the rescan also covers the diagonals and the cage
//! of the cell ([`Extra::scan_allows`]); a jigsaw's box is its region.

use super::extra::Extra;
use super::geometry::Geometry;
use super::{Move, Tally};

/// True when value `v` is nowhere in the row, column and box of cell `i`
/// (the 3N-cell rescan of patterns 1 and 2), nor against a variant's
/// diagonals and cage (`extra`, rescanned too).
fn allows<G: Geometry>(g: G, extra: Option<&Extra>, cells: &[u8], i: usize, v: u8) -> bool {
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
    if g.box_holds(cells, i, v) {
        return false;
    }
    extra.is_none_or(|x| x.scan_allows(cells, i, v))
}

/// Pattern 1: find the first blank by scanning from r1c1, try 1..=N.
pub(super) fn scan<G: Geometry, W: FnMut(Move) -> bool>(
    g: G,
    extra: Option<&Extra>,
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
        if allows(g, extra, cells, i, v) {
            if !t.place(i, v, depth + 1) {
                return true;
            }
            cells[i] = v;
            if scan(g, extra, cells, depth + 1, t) {
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
    extra: Option<&Extra>,
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
        if allows(g, extra, cells, i, v) {
            if !t.place(i, v, k + 1) {
                return true;
            }
            cells[i] = v;
            if blank_list(g, extra, cells, blanks, k + 1, t) {
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
