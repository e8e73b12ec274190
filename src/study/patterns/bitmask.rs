//! Patterns 4 and 5: used masks per row, column and box (and a variant's
//! diagonals and cages, [`Extra`]), a `u32` whose
//! bit `v - 1` is set when value `v` is used (N ≤ 25, so bits 0 to 24). Only
//! the free values of a cell are enumerated, lowest bit first; pattern 5
//! also branches on the blank with the fewest of them.

use super::extra::Extra;
use super::geometry::Geometry;
use super::{Move, Tally};
use crate::board::shape::MAX_SIZE;

pub(super) struct Masks<G> {
    g: G,
    rows: [u32; MAX_SIZE],
    cols: [u32; MAX_SIZE],
    boxes: [u32; MAX_SIZE],
    /// A variant's diagonals and cages, kept as masks.
    extra: Option<Extra>,
}

impl<G: Geometry> Masks<G> {
    /// The masks of the givens in `cells`; `extra` holds them already.
    pub(super) fn new(g: G, extra: Option<Extra>, cells: &[u8]) -> Masks<G> {
        let mut m = Masks {
            g,
            rows: [0; MAX_SIZE],
            cols: [0; MAX_SIZE],
            boxes: [0; MAX_SIZE],
            extra: None,
        };
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                m.flip(i, 1 << (v - 1));
            }
        }
        m.extra = extra;
        m
    }

    /// The free values of cell `i`, as bits.
    #[inline(always)]
    fn free(&self, i: usize) -> u32 {
        let g = self.g;
        let free = g.all_values()
            & !(self.rows[g.row_of(i)] | self.cols[g.col_of(i)] | self.boxes[g.box_of(i)]);
        match &self.extra {
            Some(extra) => free & extra.free(i),
            None => free,
        }
    }

    /// Toggles value `bit` in the three units of cell `i`: the same line
    /// places and undoes.
    #[inline(always)]
    fn flip(&mut self, i: usize, bit: u32) {
        let g = self.g;
        self.rows[g.row_of(i)] ^= bit;
        self.cols[g.col_of(i)] ^= bit;
        self.boxes[g.box_of(i)] ^= bit;
    }

    /// A variant's masks, as [`Masks::flip`] goes: `on` when placing.
    #[inline(always)]
    fn flip_extra(&mut self, i: usize, v: u8, on: bool) {
        if let Some(extra) = &mut self.extra {
            extra.flip(i, v, on);
        }
    }

    /// Patterns 4 and 5: the blank at position `k` of `blanks` gets its
    /// free values, lowest first. Pattern 4 (`fewest` false) takes the
    /// blanks in the order of the list made once (row-major). Pattern 5
    /// (`fewest`) first swaps into position `k` the blank of `blanks[k..]`
    /// with the fewest free values (see `fewest_free`), and swaps it back
    /// when the branch fails.
    pub(super) fn search<W: FnMut(Move) -> bool>(
        &mut self,
        cells: &mut [u8],
        blanks: &mut [usize],
        k: usize,
        fewest: bool,
        t: &mut Tally<W>,
    ) -> bool {
        if k == blanks.len() {
            return true;
        }
        let best = if fewest {
            self.fewest_free(blanks, k)
        } else {
            k
        };
        blanks.swap(k, best);
        let i = blanks[k];
        let mut cand = self.free(i);
        while cand != 0 {
            let bit = cand & cand.wrapping_neg(); // lowest free value
            cand &= cand - 1; // ... crossed off the candidates
            let v = bit.trailing_zeros() as u8 + 1;
            if !t.place(i, v, k + 1) {
                return true;
            }
            cells[i] = v;
            self.flip(i, bit);
            self.flip_extra(i, v, true);
            if self.search(cells, blanks, k + 1, fewest, t) {
                return true;
            }
            self.flip(i, bit);
            self.flip_extra(i, v, false);
            cells[i] = 0;
            if !t.undo(i, k) {
                return true;
            }
        }
        blanks.swap(k, best); // leave the list as the caller saw it
        false
    }

    /// The position of the blank with the fewest free values among
    /// `blanks[k..]`. Ties go to the blank that comes first in the list,
    /// whose order earlier swaps have changed: the rule of the kit's judge
    /// binaries. (The tie rule matters: see `problems/STUDY.md`.)
    fn fewest_free(&self, blanks: &[usize], k: usize) -> usize {
        let mut best = k;
        let mut best_count = u32::MAX;
        for (j, &b) in blanks.iter().enumerate().skip(k) {
            let n = self.free(b).count_ones();
            if n < best_count {
                best = j;
                best_count = n;
                if n <= 1 {
                    break; // nothing beats a forced (or impossible) blank
                }
            }
        }
        best
    }
}
