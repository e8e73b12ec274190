//! The rules a variant board adds beyond its row, column and box, as the
//! patterns test them: the two main diagonals (X) and killer cages. A
//! jigsaw's regions need nothing here: the geometry's box of a cell is its
//! region.
//!
//! A cage is tested the plain way, with no search of its own: a value
//! must not repeat in it, must leave at least 1 for each other blank of
//! the cage (the running total plus the value plus one per other blank
//! stays within the sum), and must make the sum exactly when it fills the
//! cage's last blank.
//!
//! Patterns 1 and 2 test a value by rescanning cells
//! ([`Extra::scan_allows`]); patterns 3 to 5 keep masks and totals that
//! they update on every placement and undo ([`Extra::free`],
//! [`Extra::flip`]). Both read the same rule ([`cage_allows`]), so the four
//! patterns that take the blanks in the same order still visit the same
//! nodes.

use crate::board::grid::Grid;

/// One killer cage and, for the mask patterns, its running state.
#[derive(Clone)]
struct CageState {
    cells: Vec<usize>,
    sum: u32,
    /// Values in the cage, bit `v - 1` for `v`.
    used: u32,
    /// The total of those values.
    total: u32,
    /// Its blanks.
    blanks: u32,
}

/// A variant board's diagonals and cages; see the module header.
#[derive(Clone)]
pub(crate) struct Extra {
    n: usize,
    diagonals: bool,
    /// Values on the main diagonal and on the anti-diagonal.
    diagonal_used: [u32; 2],
    /// The cage of each cell (empty without cages).
    cage_of: Vec<Option<usize>>,
    cages: Vec<CageState>,
}

/// True when `v` may go into a cage of sum `sum` whose values so far add
/// up to `total` and which has `blanks` blanks, this one included: the
/// others need at least 1 each, and the last blank must make the sum.
#[inline(always)]
fn cage_allows(sum: u32, total: u32, blanks: u32, v: u32) -> bool {
    match blanks {
        1 => total + v == sum,
        _ => total + v + (blanks - 1) <= sum,
    }
}

impl Extra {
    /// The extra rules of `puzzle` with its givens counted in, or `None`
    /// on a board without diagonals or cages (the patterns then run the
    /// code they ran before variants).
    pub(crate) fn of(puzzle: &Grid) -> Option<Extra> {
        let variant = puzzle.variant();
        if !variant.has_diagonals() && variant.cages().is_empty() {
            return None;
        }
        let n = puzzle.size();
        let mut extra = Extra {
            n,
            diagonals: variant.has_diagonals(),
            diagonal_used: [0; 2],
            cage_of: variant.cage_of(puzzle.shape()),
            cages: variant
                .cages()
                .iter()
                .map(|cage| CageState {
                    cells: cage.cells.iter().map(|&i| usize::from(i)).collect(),
                    sum: cage.sum,
                    used: 0,
                    total: 0,
                    blanks: cage.cells.len() as u32,
                })
                .collect(),
        };
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                extra.flip(i, v, true);
            }
        }
        Some(extra)
    }

    /// The diagonals cell `i` lies on: bit 0 the main one, bit 1 the
    /// anti-diagonal.
    #[inline(always)]
    fn diagonals_of(&self, i: usize) -> usize {
        if !self.diagonals {
            return 0;
        }
        let (r, c) = (i / self.n, i % self.n);
        usize::from(r == c) | usize::from(r + c == self.n - 1) << 1
    }

    /// The values the diagonals and the cage of blank `i` allow there, as
    /// bits, from the masks and totals.
    #[inline]
    pub(crate) fn free(&self, i: usize) -> u32 {
        let mut free = (1u32 << self.n) - 1;
        let on = self.diagonals_of(i);
        for d in 0..2 {
            if on >> d & 1 == 1 {
                free &= !self.diagonal_used[d];
            }
        }
        if let Some(&Some(k)) = self.cage_of.get(i) {
            let cage = &self.cages[k];
            free &= !cage.used;
            let mut left = free;
            while left != 0 {
                let v = left.trailing_zeros() + 1;
                if !cage_allows(cage.sum, cage.total, cage.blanks, v) {
                    free &= !(1 << (v - 1));
                }
                left &= left - 1;
            }
        }
        free
    }

    /// Writes (`on`) or erases value `v` at cell `i` in the masks and
    /// totals.
    #[inline]
    pub(crate) fn flip(&mut self, i: usize, v: u8, on: bool) {
        let bit = 1u32 << (v - 1);
        let on_diagonals = self.diagonals_of(i);
        for d in 0..2 {
            if on_diagonals >> d & 1 == 1 {
                self.diagonal_used[d] ^= bit;
            }
        }
        if let Some(&Some(k)) = self.cage_of.get(i) {
            let cage = &mut self.cages[k];
            cage.used ^= bit;
            match on {
                true => {
                    cage.total += u32::from(v);
                    cage.blanks -= 1;
                }
                false => {
                    cage.total -= u32::from(v);
                    cage.blanks += 1;
                }
            }
        }
    }

    /// True when the diagonals and the cage of blank `i` allow value `v`,
    /// found by rescanning their cells in `cells` (the rule of
    /// [`Extra::free`] without its state).
    pub(super) fn scan_allows(&self, cells: &[u8], i: usize, v: u8) -> bool {
        let n = self.n;
        let on = self.diagonals_of(i);
        if on & 1 == 1 && (0..n).any(|k| cells[k * n + k] == v) {
            return false;
        }
        if on & 2 == 2 && (0..n).any(|k| cells[k * n + n - 1 - k] == v) {
            return false;
        }
        let Some(&Some(k)) = self.cage_of.get(i) else {
            return true;
        };
        let cage = &self.cages[k];
        let (mut total, mut blanks) = (0, 0);
        for &j in &cage.cells {
            match cells[j] {
                0 => blanks += 1,
                w if w == v => return false,
                w => total += u32::from(w),
            }
        }
        cage_allows(cage.sum, total, blanks, u32::from(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;
    use crate::board::variant::Variant;
    use std::sync::Arc;

    fn board(variant: Variant, cells: &str) -> Grid {
        let cells = cells.bytes().map(|b| b.saturating_sub(b'0')).collect();
        Grid::new(Shape::CLASSIC, cells)
            .unwrap()
            .with_variant(Arc::new(variant))
            .unwrap()
    }

    #[test]
    fn a_classic_board_has_no_extra_rules() {
        assert!(Extra::of(&Grid::empty(Shape::CLASSIC)).is_none());
    }

    #[test]
    fn masks_and_rescan_agree_on_diagonals_and_cages() {
        // Cage a: r1c1, r1c2, r1c3 (sum 6); cage b: r2c1 r2c2 (sum 17).
        let layout = format!("aaa......bb{},a=6,b=17", ".".repeat(70));
        let variant = Variant::classic()
            .with_diagonals(true)
            .with_cages(Shape::CLASSIC, &layout)
            .unwrap();
        let mut cells = format!("1{}", ".".repeat(80)).replace('.', "0");
        cells.replace_range(80..81, "5"); // r9c9, on the main diagonal
        let puzzle = board(variant, &cells);
        let extra = Extra::of(&puzzle).unwrap();
        for i in 0..81 {
            if puzzle.get(i) != 0 {
                continue;
            }
            for v in 1..=9u8 {
                let by_mask = extra.free(i) >> (v - 1) & 1 == 1;
                assert_eq!(
                    by_mask,
                    extra.scan_allows(puzzle.cells(), i, v),
                    "cell {} value {}",
                    i,
                    v
                );
            }
        }
        // r1c2 in cage a (the given 1, sum 6, two blanks): 2, 3 or 4; not
        // 1 (it repeats), nor 5 or more (nothing left for r1c3).
        assert_eq!(extra.free(1), 0b1110);
        // r2c2, on the main diagonal with the givens 1 and 5: neither.
        assert_eq!(extra.free(10), 0x1ff & !0b1_0001);
        // r2c1 then r2c2: the last blank of cage b must make 17.
        let mut extra = extra;
        extra.flip(9, 8, true);
        assert_eq!(extra.free(10), 1 << 8);
    }
}
