//! Pattern 3: the blank list plus tables of the values used in each row,
//! column and box, set on place and cleared on undo, so a value test is
//! three lookups.

use super::extra::Extra;
use super::geometry::Geometry;
use super::{Move, Tally};
use crate::board::shape::MAX_SIZE;

/// A table of used values: `[unit][v]` is true when value `v` is in that
/// row (column, box) already. Sized for the largest board.
type Used = [[bool; MAX_SIZE + 1]; MAX_SIZE];

pub(super) struct UsedTables<G> {
    g: G,
    rows: Used,
    cols: Used,
    boxes: Used,
    /// A variant's diagonals and cages, kept as masks.
    extra: Option<Extra>,
    blanks: Vec<usize>,
}

impl<G: Geometry> UsedTables<G> {
    /// The tables of the givens in `cells`, and its `blanks` (row-major);
    /// `extra` holds the givens already.
    pub(super) fn new(
        g: G,
        extra: Option<Extra>,
        cells: &[u8],
        blanks: Vec<usize>,
    ) -> UsedTables<G> {
        let none = [[false; MAX_SIZE + 1]; MAX_SIZE];
        let mut t = UsedTables {
            g,
            rows: none,
            cols: none,
            boxes: none,
            extra,
            blanks,
        };
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                t.mark(i, v, true);
            }
        }
        t
    }

    /// Marks value `v` used (or free again) in the three units of cell `i`.
    fn mark(&mut self, i: usize, v: u8, used: bool) {
        let v = usize::from(v);
        self.rows[self.g.row_of(i)][v] = used;
        self.cols[self.g.col_of(i)][v] = used;
        self.boxes[self.g.box_of(i)][v] = used;
    }

    /// [`UsedTables::mark`], and the variant's masks too.
    fn set(&mut self, i: usize, v: u8, used: bool) {
        self.mark(i, v, used);
        if let Some(extra) = &mut self.extra {
            extra.flip(i, v, used);
        }
    }

    pub(super) fn search<W: FnMut(Move) -> bool>(
        &mut self,
        cells: &mut [u8],
        k: usize,
        t: &mut Tally<W>,
    ) -> bool {
        let i = match self.blanks.get(k) {
            Some(&i) => i,
            None => return true,
        };
        let g = self.g;
        let (r, c, b) = (g.row_of(i), g.col_of(i), g.box_of(i));
        // What a variant's diagonals and cage allow here (the same for
        // every value tried: each undo restores the masks).
        let allowed = self.extra.as_ref().map_or(u32::MAX, |x| x.free(i));
        for v in 1..=g.size() as u8 {
            let vu = usize::from(v);
            if self.rows[r][vu] || self.cols[c][vu] || self.boxes[b][vu] {
                continue;
            }
            if allowed >> (v - 1) & 1 == 0 {
                continue; // a diagonal or the cage rules it out
            }
            if !t.place(i, v, k + 1) {
                return true;
            }
            cells[i] = v;
            self.set(i, v, true);
            if self.search(cells, k + 1, t) {
                return true;
            }
            self.set(i, v, false);
            cells[i] = 0;
            if !t.undo(i, k) {
                return true;
            }
        }
        false
    }
}
