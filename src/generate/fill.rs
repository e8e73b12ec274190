//! A complete grid drawn at random: the first step of every puzzle.
//!
//! The filler is its own code, not the engine's, so engine changes never
//! change the grid a seed gives.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::rng::Rng;

/// Fills tried before giving up (a bound, never reached in practice: a
/// 25×25 fill takes about two attempts).
pub const FILL_ATTEMPTS: usize = 10_000;

/// A complete valid grid of `shape` drawn from `rng`: a backtracker that
/// fills the blank with the fewest free values first (the first of those,
/// row-major), trying its values in random order. Every valid grid can
/// come out (not uniformly). Such searches now and then wander into a long
/// dead end, so a fill that makes more than [`fill_budget`] placements
/// starts over, with the stream where it is: no heavy tail. `None` after
/// [`FILL_ATTEMPTS`] such restarts.
pub fn random_grid(rng: &mut Rng, shape: Shape) -> Option<Grid> {
    random_filling(rng, &Grid::empty(shape))
}

/// A complete grid drawn from `rng` that keeps `rules`' shape and units
/// (rows, columns, boxes or regions, diagonals), as [`random_grid`] draws
/// one; cages are not read. A classic board draws what [`random_grid`]
/// does.
pub fn random_filling(rng: &mut Rng, rules: &Grid) -> Option<Grid> {
    let shape = rules.shape();
    (0..FILL_ATTEMPTS).find_map(|_| {
        let mut fill = Fill {
            rules,
            shape,
            cells: vec![0; shape.cell_count()],
            used: vec![0; rules.variant().unit_count(shape)],
            budget: fill_budget(shape),
        };
        if fill.search(rng, shape.cell_count()) {
            rules.with_cells(fill.cells).ok()
        } else {
            None
        }
    })
}

/// Placements allowed to one fill before it starts over: 300 on 9×9 (the
/// budget every 9×9 seed was made with, kept so seeds give the grids they
/// always gave), five per cell on every other shape.
pub fn fill_budget(shape: Shape) -> usize {
    if shape == Shape::CLASSIC {
        300
    } else {
        5 * shape.cell_count()
    }
}

/// The randomized filler's state: the values used per unit, as bits
/// (bit `v - 1` for value `v`).
struct Fill<'a> {
    rules: &'a Grid,
    shape: Shape,
    cells: Vec<u8>,
    used: Vec<u32>,
    /// Placements left before giving up.
    budget: usize,
}

impl Fill<'_> {
    /// The values cell `i` can still take.
    fn free(&self, i: usize) -> u32 {
        let all = (1u32 << self.shape.size()) - 1;
        let units = self.rules.variant().units_of(self.shape, i);
        units.fold(all, |free, u| free & !self.used[u])
    }

    /// Marks value `bit` used in cell `i`'s units, or frees it again.
    fn toggle(&mut self, i: usize, bit: u32) {
        for u in self.rules.variant().units_of(self.shape, i) {
            self.used[u] ^= bit;
        }
    }

    /// Fills the `blanks` remaining blanks; false when stuck or out of
    /// budget.
    fn search(&mut self, rng: &mut Rng, blanks: usize) -> bool {
        if blanks == 0 {
            return true;
        }
        let mut best = (0, u32::MAX);
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == 0) {
            let count = self.free(i).count_ones();
            if count < best.1 {
                best = (i, count);
                if count <= 1 {
                    break;
                }
            }
        }
        let (i, free) = (best.0, self.free(best.0));
        let mut bits: Vec<u32> = (0..32).map(|k| 1 << k).filter(|b| free & b != 0).collect();
        rng.shuffle(&mut bits);
        for bit in bits {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            self.cells[i] = bit.trailing_zeros() as u8 + 1;
            self.toggle(i, bit);
            if self.search(rng, blanks - 1) {
                return true;
            }
            self.toggle(i, bit);
            self.cells[i] = 0;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::boxes;

    #[test]
    fn random_grids_are_valid_and_seeded() {
        for s in [boxes(2, 2), boxes(2, 3), Shape::CLASSIC, boxes(3, 4)] {
            let mut a = Rng::new(8);
            let mut b = Rng::new(8);
            for _ in 0..5 {
                let g = random_grid(&mut a, s).unwrap();
                assert!(g.is_full() && g.first_clash().is_none(), "{}", s);
                assert_eq!(Some(g), random_grid(&mut b, s));
            }
        }
        let one = random_grid(&mut Rng::new(1), Shape::CLASSIC);
        assert_ne!(one, random_grid(&mut Rng::new(2), Shape::CLASSIC));
    }

    #[test]
    fn the_first_9x9_grid_of_seed_5_is_the_one_it_always_was() {
        let g = random_grid(&mut Rng::new(5), Shape::CLASSIC).unwrap();
        let line: String = g.cells().iter().map(|v| char::from(b'0' + v)).collect();
        assert_eq!(line, FIRST_GRID_OF_SEED_5);
    }

    /// The solution of `sudoku gen --seed 5` (its first grid) before the
    /// 9×9 and the any-size generators became one.
    const FIRST_GRID_OF_SEED_5: &str =
        "126873459984512736537496821268731945795284613413965287642159378371628594859347162";
}
