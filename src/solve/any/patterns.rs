//! Counting by value patterns: the general engine's second method, for the
//! boards its cell search cannot finish within a round.
//!
//! A value's *pattern* is the N cells it takes in a solution: one per row,
//! column and box (or region), and one per diagonal on an X board. A
//! solution is N patterns, one per value, that share no cell; so counting
//! solutions is counting the ways to cover the cells with such patterns
//! (exact cover, Knuth's algorithm X: take the open cell with the fewest
//! patterns through it and try each of them).
//!
//! Where it pays: a near-empty board on an irregular layout. The cell
//! search places values one cell at a time, and a layout that no grid
//! fills (HDU 4069's `layout-without-filling`: an empty jigsaw board)
//! shows it only deep down, in every branch; the general engine spent over
//! a minute there. Patterns see the whole board at once: the cell with the
//! fewest patterns through it runs out after a few choices, and that board
//! is proved empty in milliseconds. On a board with givens the patterns
//! are few and the cover is quick too; on a big empty board they are too
//! many to list, so the method has a work budget and gives up.
//!
//! The values no given names are interchangeable: they share one list of
//! patterns, a cover takes an unordered set of them, and each cover stands
//! for k! solutions (k such values), as any naming of them gives one.
//!
//! Only for boards of at most 128 cells (a pattern is a `u128`) without
//! killer cages (a pattern cannot check a sum).

use crate::board::grid::Grid;

/// A set of cells, bit `i` for cell `i`.
type Cells = u128;

/// What [`count`] found: the solutions up to the limit, the first one,
/// and the branch points of the cover (the engine's guesses).
pub(super) struct Covered {
    pub(super) count: usize,
    pub(super) first: Option<Grid>,
    pub(super) guesses: u64,
}

/// The steps (a pattern listed, or looked at while covering) the method
/// takes before it gives up: about 50 ms of CPU time in a release build
/// (about 13 ns a step; an empty 10×10 board takes 2.8 million steps).
const WORK: u64 = 4_000_000;

/// Counts the solutions of `puzzle` up to `limit` by patterns; `None`
/// when the board is not one the method takes (over 128 cells, killer
/// cages), or when it gives up past [`WORK`] steps. Givens that clash
/// leave some value without a pattern: 0.
pub(super) fn count(puzzle: &Grid, limit: usize) -> Option<Covered> {
    let shape = puzzle.shape();
    let (n, cells) = (shape.size(), shape.cell_count());
    let variant = puzzle.variant();
    if cells > 128 || !variant.cages().is_empty() || limit == 0 {
        return None;
    }
    // Per cell: its units as bits (row, column, box or region, diagonals).
    let units: Vec<u64> = (0..cells)
        .map(|i| variant.units_of(shape, i).fold(0, |m, u| m | 1 << u))
        .collect();
    let every_unit: u64 = units.iter().fold(0, |m, &u| m | u);
    let values = puzzle.cells();
    let mut work = 0;
    // lists[0]: the patterns shared by the values no given names
    // (`fresh`); lists[v]: value v's, when a given names it.
    let mut lists: Vec<Vec<Cells>> = vec![Vec::new(); n + 1];
    let mut fresh = Vec::new();
    for v in 1..=n as u8 {
        let givens: Vec<usize> = (0..cells).filter(|&i| values[i] == v).collect();
        if givens.is_empty() {
            fresh.push(v);
            if fresh.len() > 1 {
                continue; // the shared list is listed once
            }
        }
        // Where v may go: its givens, and the blanks that share no unit
        // with one of them.
        let taken = givens.iter().fold(0, |m, &g| m | units[g]);
        let allowed = (0..cells)
            .filter(|&i| values[i] == v || (values[i] == 0 && units[i] & taken == 0))
            .fold(0, |m: Cells, i| m | 1 << i);
        let givens = givens.iter().fold(0, |m: Cells, &g| m | 1 << g);
        let mut list = Vec::new();
        let mut listing = Listing {
            n,
            units: &units,
            every_unit,
            allowed,
            out: &mut list,
            work: &mut work,
        };
        listing.rows(0, 0, 0).ok()?;
        // A pattern must hold every given of its value.
        list.retain(|&p| p & givens == givens);
        let label = if givens == 0 { 0 } else { usize::from(v) };
        lists[label] = list;
    }
    let mut cover = Cover {
        limit,
        all: if cells == 128 {
            Cells::MAX
        } else {
            (1 << cells) - 1
        },
        arrangements: (1..=fresh.len()).product(),
        fresh: &fresh,
        chosen: vec![0; n + 1],
        count: 0,
        first: None,
        guesses: 0,
        work,
    };
    cover.search(&lists, 0, 0).ok()?;
    Some(Covered {
        count: cover.count.min(limit),
        first: cover.first.and_then(|first| puzzle.with_cells(first).ok()),
        guesses: cover.guesses,
    })
}

/// The budget ran out.
struct GaveUp;

/// One value's patterns being listed, row by row.
struct Listing<'a> {
    n: usize,
    /// Per cell, its units as bits.
    units: &'a [u64],
    /// The units a pattern must meet once each.
    every_unit: u64,
    /// The cells the value may take.
    allowed: Cells,
    out: &'a mut Vec<Cells>,
    work: &'a mut u64,
}

impl Listing<'_> {
    /// Lists the patterns that complete `cells` (one cell in each row
    /// above `r`, meeting the units in `used`) with a cell in each row
    /// from `r` down.
    fn rows(&mut self, r: usize, used: u64, cells: Cells) -> Result<(), GaveUp> {
        *self.work += 1;
        if *self.work > WORK {
            return Err(GaveUp);
        }
        if r == self.n {
            // A column, box or region per row, all different, meets each
            // of them; a diagonal may still be missed. (Such a pattern
            // could be in no cover anyway, since the N patterns must
            // cover a diagonal's N cells; it is dropped here, early.)
            if used == self.every_unit {
                self.out.push(cells);
            }
            return Ok(());
        }
        for i in r * self.n..(r + 1) * self.n {
            if self.allowed & 1 << i != 0 && self.units[i] & used == 0 {
                self.rows(r + 1, used | self.units[i], cells | 1 << i)?;
            }
        }
        Ok(())
    }
}

/// The exact cover of the cells by patterns (see the module notes).
struct Cover<'a> {
    limit: usize,
    /// Every cell of the board.
    all: Cells,
    /// k!: the solutions one cover stands for, k the fresh values.
    arrangements: usize,
    /// The values no given names, in the order their patterns are chosen.
    fresh: &'a [u8],
    /// The pattern chosen for each value.
    chosen: Vec<Cells>,
    count: usize,
    /// The first solution: values, row-major.
    first: Option<Vec<u8>>,
    guesses: u64,
    work: u64,
}

impl Cover<'_> {
    /// Covers the cells outside `covered` with one pattern per value left:
    /// `lists[0]` holds the patterns still possible for the fresh values
    /// from `fresh[next_fresh]` on, `lists[v]` value v's (empty once v has
    /// one).
    fn search(
        &mut self,
        lists: &[Vec<Cells>],
        covered: Cells,
        next_fresh: usize,
    ) -> Result<(), GaveUp> {
        if covered == self.all {
            if self.first.is_none() {
                self.first = Some(self.grid());
            }
            self.count += self.arrangements;
            return Ok(());
        }
        // The open cell with the fewest patterns through it.
        let mut through = [0u32; 128];
        for &pattern in lists.iter().flatten() {
            let mut cells = pattern;
            while cells != 0 {
                through[cells.trailing_zeros() as usize] += 1;
                cells &= cells - 1;
            }
        }
        self.spend(lists.iter().map(Vec::len).sum())?;
        let open = self.all & !covered;
        let cell = (0..128)
            .filter(|&i| open & 1 << i != 0)
            .min_by_key(|&i| through[i])
            .unwrap_or(0);
        if through[cell] == 0 {
            return Ok(());
        }
        if through[cell] > 1 {
            self.guesses += 1;
        }
        for (label, list) in lists.iter().enumerate() {
            for &pattern in list.iter().filter(|&&p| p & 1 << cell != 0) {
                if self.count >= self.limit {
                    return Ok(());
                }
                let (value, next) = if label == 0 {
                    (usize::from(self.fresh[next_fresh]), next_fresh + 1)
                } else {
                    (label, next_fresh)
                };
                // What stays possible: the patterns of the values still
                // without one that share no cell with this one.
                let rest: Vec<Vec<Cells>> = lists
                    .iter()
                    .enumerate()
                    .map(|(other, list)| {
                        let done = if other == 0 {
                            next == self.fresh.len()
                        } else {
                            other == value
                        };
                        if done {
                            Vec::new()
                        } else {
                            list.iter().copied().filter(|&p| p & pattern == 0).collect()
                        }
                    })
                    .collect();
                self.spend(lists.iter().map(Vec::len).sum())?;
                self.chosen[value] = pattern;
                self.search(&rest, covered | pattern, next)?;
            }
        }
        Ok(())
    }

    /// Counts `steps` against the budget.
    fn spend(&mut self, steps: usize) -> Result<(), GaveUp> {
        self.work += steps as u64;
        if self.work > WORK {
            return Err(GaveUp);
        }
        Ok(())
    }

    /// The grid of the chosen patterns.
    fn grid(&self) -> Vec<u8> {
        let cells = self.all.count_ones() as usize;
        let mut values = vec![0; cells];
        for (value, &pattern) in self.chosen.iter().enumerate() {
            for (i, cell) in values.iter_mut().enumerate() {
                if pattern & 1 << i != 0 {
                    *cell = value as u8;
                }
            }
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::count;
    use crate::board::grid::{grid, line, random_puzzle, Grid};
    use crate::board::shape::{boxes, Shape};
    use crate::board::variant::Variant;
    use crate::rng::Rng;
    use crate::solve::any::variants::{random_board, Kind};
    use crate::solve::reference::{self, Budget};
    use std::sync::Arc;

    #[test]
    fn the_empty_4x4_board_has_its_288_grids() {
        // 12 covers, each standing for the 4! namings of its values.
        let empty = Grid::empty(boxes(2, 2));
        let covered = count(&empty, 1000).expect("a small board");
        assert_eq!(covered.count, 288);
        assert!(covered.first.expect("a grid").is_full());
        assert_eq!(count(&empty, 100).map(|c| c.count), Some(100));
    }

    #[test]
    fn counts_agree_with_the_reference_on_random_boards() {
        let mut rng = Rng::new(20_261_128);
        // Fewer and smaller boards in a debug build (`make test`).
        let (rounds, shapes): (usize, &[(usize, usize)]) = if cfg!(debug_assertions) {
            (2, &[(2, 2), (2, 3), (3, 2), (3, 3)])
        } else {
            (10, &[(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
        };
        let kinds = [Kind::X, Kind::Jigsaw, Kind::XJigsaw];
        let mut answered = 0;
        for _ in 0..rounds {
            for &(r, c) in shapes {
                let shape = boxes(r, c);
                let mut boards: Vec<Grid> = kinds
                    .iter()
                    .filter_map(|&kind| {
                        (0..10)
                            .find_map(|_| random_board(&mut rng, shape, kind))
                            .map(|(board, _)| board)
                    })
                    .collect();
                boards.push(random_puzzle(&mut rng, shape));
                for board in boards {
                    let Some(plain) = reference::count(&board, 3, Budget::Nodes(200_000)) else {
                        continue;
                    };
                    let shown = || format!("{} {:?}", line(&board), board.variant());
                    let Some(covered) = count(&board, 3) else {
                        continue;
                    };
                    answered += 1;
                    assert_eq!(covered.count, plain.count, "{}", shown());
                    match covered.first {
                        Some(first) => assert!(first.solves(&board), "{}", shown()),
                        None => assert_eq!(plain.count, 0, "{}", shown()),
                    }
                }
            }
        }
        // The method gives up only on near-empty big boards.
        assert!(
            answered >= rounds * shapes.len() * 3,
            "only {} boards answered",
            answered
        );
    }

    #[test]
    fn a_jigsaw_layout_that_no_grid_fills_is_empty() {
        // HDU 4069's `layout-without-filling`, as region marks: every
        // value has 5,162 patterns, and no nine of them fit together.
        let regions = "001111112\
                       001322112\
                       033332222\
                       034444442\
                       035464477\
                       035666677\
                       035888667\
                       555888667\
                       555888777";
        let jigsaw = Variant::classic()
            .with_regions(Shape::CLASSIC, regions)
            .expect("nine regions of nine cells");
        let empty = Grid::empty(Shape::CLASSIC)
            .with_variant(Arc::new(jigsaw))
            .expect("a 9x9 layout");
        let covered = count(&empty, 2).expect("within the budget");
        assert_eq!(covered.count, 0);
        assert!(covered.first.is_none());
        assert_eq!(super::super::count_solutions(&empty, 2), 0);
    }

    #[test]
    fn killer_cages_and_big_boards_are_left_to_the_cell_search() {
        let cages = Variant::classic()
            .with_cages(
                boxes(2, 2),
                "aabb,ccdd,eeff,gghh,a=3,b=7,c=7,d=3,e=3,f=7,g=7,h=3",
            )
            .expect("cages");
        let killer = Grid::empty(boxes(2, 2))
            .with_variant(Arc::new(cages))
            .unwrap();
        assert!(count(&killer, 2).is_none());
        assert!(count(&Grid::empty(boxes(3, 4)), 2).is_none());
        assert!(count(&grid(boxes(2, 2), "1234341221434321"), 2).is_some());
    }
}
