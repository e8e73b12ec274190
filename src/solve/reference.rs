//! Test support (compiled for tests only): seeded random boards of every
//! shape and a plain reference search, so the engine can be checked
//! against something obviously right, for its answers and its work.
//!
//! The reference is what a student writes: recursive, used-value masks
//! per row, column and box, and at every node the narrowest branch: the
//! blank with the fewest candidates, or the value with the fewest places
//! left in a unit (a hidden single when it has one), ending the branch
//! when either has none. It counts its nodes (values placed) and gives up
//! past a budget. It plays the board's variant the plain way too: the
//! diagonals or regions as more units, and a killer cage as used values
//! and a running total (a value may not pass the cage's sum, and a
//! cage's last blank gets the value that makes it).

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::rng::Rng;
use crate::solve::found::{Found, SearchStats};

/// Every box shape the differential checks cover, 4×4 to 25×25.
pub const SHAPES: [(usize, usize); 16] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (5, 2),
    (3, 4),
    (4, 3),
    (4, 4),
    (3, 5),
    (5, 3),
    (4, 5),
    (5, 4),
    (5, 5),
];

/// A seeded random board of `shape` at a random density: a random full
/// grid with 30 % to 90 % of its cells blanked; on every other board of
/// 60 % blanks or fewer one blank is then given another value than the
/// grid's, one no given of its row, column or box holds, which often
/// leaves no solution. So boards come with one solution, two,
/// many and none.
pub fn random_board(rng: &mut Rng, shape: Shape) -> Grid {
    let solution = crate::generate::random_grid(rng, shape).unwrap_or_else(|| Grid::empty(shape));
    let mut board = solution.clone();
    let cells = shape.cell_count();
    let percent = [30, 50, 60, 70, 80, 90][rng.below(6)];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &i in &order[..cells * percent / 100] {
        board.set(i, 0);
    }
    if percent <= 60 && rng.below(2) == 0 {
        // A value other than the full grid's, where no given rules it out.
        let i = order[rng.below(cells * percent / 100)];
        let v = rng.below(shape.size()) as u8 + 1;
        if v != solution.get(i) && shape.peers(i).iter().all(|&j| board.get(j) != v) {
            board.set(i, v);
        }
    }
    board
}

/// How long the reference may search before it gives up.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// This many nodes: the same verdict on every machine (the tests).
    Nodes(u64),
    /// This many seconds of the thread's CPU time (wall time where there
    /// is no such clock): `make bench`'s rule is stated in time.
    Seconds(f64),
}

/// The reference's state: the board and the used values of each unit.
struct Plain {
    shape: Shape,
    /// The puzzle: its rules, and its cells as they were given.
    rules: Grid,
    cells: Vec<u8>,
    /// Bit `v - 1`: value `v` stands in unit `u`.
    used: Vec<u32>,
    /// The cage of each cell, if any, and per cage its used values, total
    /// so far and blanks left.
    cage_of: Vec<Option<usize>>,
    cages: Vec<CageState>,
    nodes: u64,
    budget: Budget,
    /// When the search began, on the thread's CPU clock and the wall clock.
    started: (Option<f64>, std::time::Instant),
    found: usize,
    first: Option<Grid>,
}

/// A cage's values so far.
#[derive(Clone, Copy)]
struct CageState {
    used: u32,
    total: u32,
    sum: u32,
    open: usize,
}

impl Plain {
    /// Its work: the reference counts placements (nodes) only.
    fn stats(&self) -> SearchStats {
        SearchStats {
            placements: self.nodes,
            ..SearchStats::default()
        }
    }

    /// The board's state, or `None` when two givens clash.
    fn new(puzzle: &Grid, budget: Budget) -> Option<Plain> {
        let shape = puzzle.shape();
        let variant = puzzle.variant();
        let mut plain = Plain {
            shape,
            rules: puzzle.clone(),
            cells: vec![0; shape.cell_count()],
            used: vec![0; variant.unit_count(shape)],
            cage_of: variant.cage_of(shape),
            cages: variant
                .cages()
                .iter()
                .map(|c| CageState {
                    used: 0,
                    total: 0,
                    sum: c.sum,
                    open: c.cells.len(),
                })
                .collect(),
            nodes: 0,
            budget,
            started: (crate::clock::thread_cpu(), std::time::Instant::now()),
            found: 0,
            first: None,
        };
        for i in 0..shape.cell_count() {
            let v = puzzle.get(i);
            if v != 0 {
                if plain.free(i) & 1 << (v - 1) == 0 {
                    return None;
                }
                plain.flip(i, v);
            }
        }
        Some(plain)
    }

    /// Counts a node; `Err` once the budget is spent (the clock is read
    /// every 256 nodes).
    fn step(&mut self) -> Result<(), ()> {
        self.nodes += 1;
        let over = match self.budget {
            Budget::Nodes(most) => self.nodes > most,
            Budget::Seconds(_) if !self.nodes.is_multiple_of(256) => false,
            Budget::Seconds(most) => {
                let spent = match (self.started.0, crate::clock::thread_cpu()) {
                    (Some(start), Some(now)) => now - start,
                    _ => self.started.1.elapsed().as_secs_f64(),
                };
                spent > most
            }
        };
        if over {
            Err(())
        } else {
            Ok(())
        }
    }

    /// The values blank `i` can take, as bits (bit `v - 1` = value `v`).
    fn free(&self, i: usize) -> u32 {
        let all = (1u32 << self.shape.size()) - 1;
        let free = self.units_of(i).fold(all, |f, u| f & !self.used[u]);
        match self.cage_of.get(i).copied().flatten() {
            None => free,
            Some(c) => {
                let cage = self.cages[c];
                let left = cage.sum.saturating_sub(cage.total);
                let fits = if cage.open == 1 {
                    // The last blank makes the sum exactly.
                    if (1..=32).contains(&left) {
                        1u32 << (left - 1)
                    } else {
                        0
                    }
                } else {
                    // The other blanks need at least 1 each.
                    (1u32 << left.saturating_sub(1).min(31)) - 1
                };
                free & !cage.used & fits
            }
        }
    }

    /// The units of cell `i` in the puzzle's rules.
    fn units_of(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.rules.variant().units_of(self.shape, i)
    }

    /// Places `v` in blank `i`, or takes it back: the same XOR both ways.
    fn flip(&mut self, i: usize, v: u8) {
        let placing = self.cells[i] == 0;
        let units: Vec<usize> = self.units_of(i).collect();
        for u in units {
            self.used[u] ^= 1 << (v - 1);
        }
        if let Some(c) = self.cage_of.get(i).copied().flatten() {
            let cage = &mut self.cages[c];
            cage.used ^= 1 << (v - 1);
            if placing {
                cage.total += u32::from(v);
                cage.open -= 1;
            } else {
                cage.total -= u32::from(v);
                cage.open += 1;
            }
        }
        self.cells[i] ^= v;
    }

    /// The narrowest branch: `(cell, value)` pairs to try, or `None` when
    /// the board is full. An empty list is a dead end.
    fn branch(&self) -> Option<Vec<(usize, u8)>> {
        let n = self.shape.size();
        // places[u * (n + 1) + v]: the blanks of unit u where v may go.
        let mut places = vec![0usize; self.used.len() * (n + 1)];
        let mut cell: Option<(usize, u32)> = None;
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == 0) {
            let free = self.free(i);
            if cell.is_none_or(|(_, fewest)| free.count_ones() < fewest) {
                cell = Some((i, free.count_ones()));
            }
            for u in self.units_of(i) {
                for v in 1..=n {
                    places[u * (n + 1) + v] += (free >> (v - 1) & 1) as usize;
                }
            }
        }
        let (i, fewest) = cell?;
        let mut value: Option<(usize, usize, usize)> = None;
        for u in 0..self.used.len() {
            for v in (1..=n).filter(|&v| self.used[u] & 1 << (v - 1) == 0) {
                let count = places[u * (n + 1) + v];
                if count < fewest as usize && value.is_none_or(|(_, _, most)| count < most) {
                    value = Some((u, v, count));
                }
            }
        }
        Some(match value {
            Some((u, v, _)) => self
                .rules
                .variant()
                .unit_cells(self.shape, u)
                .into_iter()
                .filter(|&j| self.cells[j] == 0 && self.free(j) & 1 << (v - 1) != 0)
                .map(|j| (j, v as u8))
                .collect(),
            None => {
                let free = self.free(i);
                (1..=n as u8)
                    .filter(|&v| free & 1 << (v - 1) != 0)
                    .map(|v| (i, v))
                    .collect()
            }
        })
    }

    /// Counts solutions up to `limit`; `Err` past the budget.
    fn count(&mut self, limit: usize) -> Result<(), ()> {
        let Some(branch) = self.branch() else {
            self.found += 1;
            if self.first.is_none() {
                self.first = self.rules.with_cells(self.cells.clone()).ok();
            }
            return Ok(());
        };
        for (i, v) in branch {
            self.step()?;
            self.flip(i, v);
            let result = self.count(limit);
            self.flip(i, v);
            result?;
            if self.found >= limit {
                break;
            }
        }
        Ok(())
    }

    /// True when the blanks from `i` on fill, row-major in ascending
    /// values (so the first fill is the smallest), a dead end being a
    /// blank or a unit's value with no place; `Err` past the budget.
    fn smallest(&mut self, i: usize) -> Result<bool, ()> {
        let Some(i) = (i..self.cells.len()).find(|&j| self.cells[j] == 0) else {
            return Ok(true);
        };
        let free = self.free(i);
        for v in (1..=self.shape.size() as u8).filter(|&v| free & 1 << (v - 1) != 0) {
            self.step()?;
            self.flip(i, v);
            let dead = self.branch().is_some_and(|b| b.is_empty());
            if !dead && self.smallest(i + 1)? {
                return Ok(true);
            }
            self.flip(i, v);
        }
        Ok(false)
    }
}

/// Counts the solutions of `puzzle` up to `limit` with the reference;
/// `None` past the budget.
pub fn count(puzzle: &Grid, limit: usize, budget: Budget) -> Option<Found<Grid>> {
    let Some(mut plain) = Plain::new(puzzle, budget) else {
        return Some(Found::nothing());
    };
    plain.count(limit).ok()?;
    Some(Found {
        count: plain.found,
        stats: plain.stats(),
        first: plain.first,
        stopped: false,
    })
}

/// The smallest solution of `puzzle` by the reference's row-major search;
/// `None` past the budget.
pub fn smallest(puzzle: &Grid, budget: Budget) -> Option<Found<Grid>> {
    let Some(mut plain) = Plain::new(puzzle, budget) else {
        return Some(Found::nothing());
    };
    let found = plain.smallest(0).ok()?;
    let first = found
        .then(|| plain.rules.with_cells(plain.cells.clone()).ok())
        .flatten();
    Some(Found {
        count: usize::from(first.is_some()),
        first,
        stats: plain.stats(),
        stopped: false,
    })
}
