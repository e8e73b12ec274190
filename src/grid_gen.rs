//! Puzzles with exactly one solution on boards of any shape, reproducible
//! from a seed.
//!
//! A 3×3 shape is the 9×9 generator's ([`crate::generator`]), unchanged,
//! so 9×9 seeds give the puzzles they always gave. Every other shape:
//!
//! 1. fill: a complete grid from a randomized backtracker ([`random_grid`]:
//!    fewest free values first, values in random order, a restart when a
//!    fill runs past its budget);
//! 2. carve: visit the cell groups of the symmetry in random order and
//!    blank a group when the puzzle keeps exactly one solution. For one
//!    cell that is: no other value the cell allows leads to a solution
//!    (any second solution must differ from the known one there); for a
//!    larger group, a count to 2.
//!
//! Up to 16×16 every check runs to the end, so the puzzle is **minimal**
//! within its symmetry: blanking any further group gives it a second
//! solution. Above 16×16 a check that makes more than
//! [`CHECK_BUDGET`] placements counts as "keep the group": the puzzle
//! still has exactly one solution (a group is only ever blanked when a
//! finished check proved it), but may not be minimal; [`Generated::minimal`]
//! says which. Budgets count placements, not time, so the same seed gives
//! the same puzzle on every machine; above 16×16 it may change with the
//! engine's version (a check's placements depend on the engine), up to
//! 16×16 only with the filler's or the carving's.
//!
//! # Symmetries
//! A symmetry fits a shape when it maps the boxes onto boxes, so that the
//! pattern of givens looks symmetric against the box borders as printed.
//! A half turn (`rot180`) and a mirror across the middle column
//! (`mirror`) fit every R×C (bands map to bands, stacks to stacks). A
//! quarter turn (`rot90`) and the main diagonal (`diagonal`) turn R×C
//! boxes into C×R boxes, so they fit square boxes (2×2, 3×3, 4×4, 5×5)
//! only; on 2×3 or 3×4 boxes they are an error that lists the ones that
//! fit.
//!
//! Cost (release build, CPU time, `bench_generate`): a minimal 6×6 in
//! about 0.1 ms, a minimal 16×16 in 50 to 70 ms (median of 11 seeds), a
//! 25×25 in about a second.

use crate::generator::{self, Symmetry};
use crate::grid::Grid;
use crate::grid_solver::Engine;
use crate::rng::Rng;
use crate::shape::Shape;
use std::fmt;

/// Placements allowed to one uniqueness check above 16×16.
pub const CHECK_BUDGET: u64 = 2_000;

/// The largest size whose puzzles are always minimal.
pub const MINIMAL_UP_TO: usize = 16;

/// Fills tried before giving up (a bound, never reached in practice).
const FILL_ATTEMPTS: usize = 10_000;

/// A generated puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// True when no group of givens can be blanked without a second
    /// solution (always up to 16×16; see the module notes).
    pub minimal: bool,
}

/// Why no puzzle could be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenError {
    /// The symmetry does not map the shape's boxes onto boxes.
    SymmetryDoesNotFit(Symmetry, Shape),
    /// No complete grid was found within the fill attempts.
    NoGrid(Shape),
    /// The 9×9 generator's own error.
    Classic(generator::GenError),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenError::SymmetryDoesNotFit(symmetry, shape) => {
                let fitting: Vec<&str> = Symmetry::ALL
                    .iter()
                    .filter(|s| fits(**s, shape))
                    .map(|s| s.name())
                    .collect();
                write!(
                    f,
                    "--symmetry {} does not fit {} boxes (it turns them into {} boxes); \
                     symmetries that fit: {}",
                    symmetry,
                    shape,
                    shape.transposed(),
                    fitting.join(", ")
                )
            }
            GenError::NoGrid(shape) => write!(
                f,
                "no complete {}x{} grid found in {} attempts",
                shape.size(),
                shape.size(),
                FILL_ATTEMPTS
            ),
            GenError::Classic(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GenError {}

/// True when `symmetry` maps the boxes of `shape` onto boxes: always for
/// `none`, `rot180` and `mirror`; for `rot90` and `diagonal` only with
/// square boxes.
pub fn fits(symmetry: Symmetry, shape: Shape) -> bool {
    match symmetry {
        Symmetry::None | Symmetry::Rot180 | Symmetry::Mirror => true,
        Symmetry::Rot90 | Symmetry::Diagonal => shape.has_square_boxes(),
    }
}

/// The image of cell `i` of an N×N board under the symmetry's generating
/// map (as [`Symmetry::image`] on 9×9).
pub fn image(symmetry: Symmetry, shape: Shape, i: usize) -> usize {
    let n = shape.size();
    let (r, c) = (shape.row_of(i), shape.col_of(i));
    match symmetry {
        Symmetry::None => i,
        Symmetry::Rot180 => n * n - 1 - i,
        Symmetry::Rot90 => c * n + (n - 1 - r),
        Symmetry::Mirror => r * n + (n - 1 - c),
        Symmetry::Diagonal => c * n + r,
    }
}

/// The cell groups (orbits) of the symmetry on `shape`, each ascending,
/// ordered by their first cell.
pub fn groups(symmetry: Symmetry, shape: Shape) -> Vec<Vec<usize>> {
    let cells = shape.cell_count();
    let mut seen = vec![false; cells];
    let mut groups = Vec::new();
    for start in 0..cells {
        if seen[start] {
            continue;
        }
        let mut group = Vec::new();
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            group.push(i);
            i = image(symmetry, shape, i);
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// True when the filled cells of `grid` form a pattern the symmetry maps
/// onto itself.
pub fn holds(symmetry: Symmetry, grid: &Grid) -> bool {
    let shape = grid.shape();
    (0..shape.cell_count())
        .all(|i| (grid.get(i) == 0) == (grid.get(image(symmetry, shape, i)) == 0))
}

/// One puzzle of `shape` with exactly one solution, its givens symmetric
/// under `symmetry`, drawn from `rng` (see the module notes). Errors when
/// the symmetry does not fit the shape.
pub fn generate(rng: &mut Rng, shape: Shape, symmetry: Symmetry) -> Result<Generated, GenError> {
    if !fits(symmetry, shape) {
        return Err(GenError::SymmetryDoesNotFit(symmetry, shape));
    }
    if shape == Shape::CLASSIC {
        let options = generator::Options {
            symmetry,
            ..generator::Options::default()
        };
        let g = generator::generate(rng, &options).map_err(GenError::Classic)?;
        return Ok(Generated {
            puzzle: Grid::from_board(&g.puzzle),
            solution: Grid::from_board(&g.solution),
            minimal: true,
        });
    }
    let solution = random_grid(rng, shape).ok_or(GenError::NoGrid(shape))?;
    let budget = if shape.size() <= MINIMAL_UP_TO {
        u64::MAX
    } else {
        CHECK_BUDGET
    };
    let engine = Engine::new(shape);
    let groups = groups(symmetry, shape);
    let (puzzle, minimal) = carve(rng, &engine, &solution, &groups, budget);
    // The full grid has one solution, and carving blanks a group only when
    // a finished check proved the puzzle keeps it.
    debug_assert_eq!(engine.count_within(&puzzle, 2, u64::MAX), Some(1));
    Ok(Generated {
        puzzle,
        solution,
        minimal,
    })
}

/// A complete valid grid of `shape` drawn from `rng`: a backtracker that
/// fills the blank with the fewest free values first (the first of
/// those, row-major), trying its values in random order. Every valid grid
/// can come out (not uniformly). A fill that makes more than
/// [`fill_budget`] placements starts over, with the stream where it is;
/// `None` after 10,000 such restarts (never seen: a 25×25 fill
/// takes about two attempts).
///
/// The filler is its own code, not the engine's, so engine changes never
/// change the grid a seed gives.
pub fn random_grid(rng: &mut Rng, shape: Shape) -> Option<Grid> {
    (0..FILL_ATTEMPTS).find_map(|_| {
        let mut fill = Fill {
            shape,
            cells: vec![0; shape.cell_count()],
            used: vec![0; shape.unit_count()],
            budget: fill_budget(shape),
        };
        if fill.search(rng, shape.cell_count()) {
            Grid::new(shape, fill.cells).ok()
        } else {
            None
        }
    })
}

/// Placements allowed to one fill before it starts over: five per cell.
pub fn fill_budget(shape: Shape) -> usize {
    5 * shape.cell_count()
}

/// The randomized filler's state: the values used per unit, as bits
/// (bit `v - 1` for value `v`).
struct Fill {
    shape: Shape,
    cells: Vec<u8>,
    used: Vec<u32>,
    /// Placements left before giving up.
    budget: usize,
}

impl Fill {
    fn free(&self, i: usize) -> u32 {
        let [r, c, b] = self.shape.units_of(i);
        let all = (1u32 << self.shape.size()) - 1;
        all & !(self.used[r] | self.used[c] | self.used[b])
    }

    fn toggle(&mut self, i: usize, bit: u32) {
        for u in self.shape.units_of(i) {
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

/// Blanks the groups of `solution` in random order while the puzzle keeps
/// exactly one solution; also says whether every check ran to its end
/// (then the puzzle is minimal).
fn carve(
    rng: &mut Rng,
    engine: &Engine,
    solution: &Grid,
    groups: &[Vec<usize>],
    budget: u64,
) -> (Grid, bool) {
    let mut order: Vec<usize> = (0..groups.len()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = solution.clone();
    let mut minimal = true;
    for &g in &order {
        let group = &groups[g];
        for &i in group {
            puzzle.set(i, 0);
        }
        match still_unique(engine, &mut puzzle, solution, group, budget) {
            Some(true) => continue,
            Some(false) => {}
            None => minimal = false,
        }
        for &i in group {
            puzzle.set(i, solution.get(i));
        }
    }
    (puzzle, minimal)
}

/// True when `puzzle`, a unique puzzle with solution `solution` minus the
/// cells of `group`, still has only that solution; `None` when a check
/// ran out of budget. For one cell it tries each other value the cell
/// allows (a second solution must differ there), leaving `puzzle` as it
/// was; for larger groups it counts solutions up to 2.
fn still_unique(
    engine: &Engine,
    puzzle: &mut Grid,
    solution: &Grid,
    group: &[usize],
    budget: u64,
) -> Option<bool> {
    let i = match *group {
        [i] => i,
        _ => return engine.count_within(puzzle, 2, budget).map(|n| n == 1),
    };
    let shape = puzzle.shape();
    let mut allowed = vec![true; shape.size() + 1];
    for j in shape.peers(i) {
        allowed[usize::from(puzzle.get(j))] = false;
    }
    let mut unique = Some(true);
    for v in 1..=shape.size() as u8 {
        if !allowed[usize::from(v)] || v == solution.get(i) {
            continue;
        }
        puzzle.set(i, v);
        let found = engine.count_within(puzzle, 1, budget);
        puzzle.set(i, 0);
        match found {
            Some(0) => {}
            Some(_) => return Some(false),
            None => unique = None,
        }
    }
    unique
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::line;
    use crate::grid_solver::count_solutions;
    use crate::shape::boxes;

    /// Every group of givens, blanked, gives a second solution.
    fn assert_minimal(g: &Generated, symmetry: Symmetry) {
        for group in groups(symmetry, g.puzzle.shape()) {
            if group.iter().all(|&i| g.puzzle.get(i) != 0) {
                let mut p = g.puzzle.clone();
                for &i in &group {
                    p.set(i, 0);
                }
                assert_eq!(count_solutions(&p, 2), 2, "{} {:?}", line(&g.puzzle), group);
            }
        }
    }

    #[test]
    fn small_shapes_get_unique_minimal_symmetric_puzzles() {
        let mut rng = Rng::new(2024);
        for (r, c) in [(1, 3), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
            let s = boxes(r, c);
            for symmetry in Symmetry::ALL.into_iter().filter(|&m| fits(m, s)) {
                let g = generate(&mut rng, s, symmetry).unwrap();
                let shown = format!("{} {} {}", s, symmetry, line(&g.puzzle));
                assert_eq!(count_solutions(&g.puzzle, 2), 1, "{}", shown);
                assert!(g.solution.solves(&g.puzzle), "{}", shown);
                assert!(g.minimal && holds(symmetry, &g.puzzle), "{}", shown);
                assert_minimal(&g, symmetry);
            }
        }
    }

    #[test]
    fn same_seed_same_puzzle() {
        let s = boxes(2, 3);
        let a = generate(&mut Rng::new(5), s, Symmetry::Rot180).unwrap();
        let b = generate(&mut Rng::new(5), s, Symmetry::Rot180).unwrap();
        assert_eq!(a, b);
        let c = generate(&mut Rng::new(6), s, Symmetry::Rot180).unwrap();
        assert_ne!(a.puzzle, c.puzzle);
    }

    #[test]
    fn classic_shape_is_the_9x9_generator_unchanged() {
        let g = generate(&mut Rng::new(11), Shape::CLASSIC, Symmetry::Rot90).unwrap();
        let options = generator::Options {
            symmetry: Symmetry::Rot90,
            ..generator::Options::default()
        };
        let expect = generator::generate(&mut Rng::new(11), &options).unwrap();
        assert_eq!(g.puzzle.to_board(), Some(expect.puzzle));
        assert_eq!(g.solution.to_board(), Some(expect.solution));
    }

    #[test]
    fn quarter_turns_and_diagonals_need_square_boxes() {
        let s = boxes(2, 3);
        let err = generate(&mut Rng::new(1), s, Symmetry::Rot90).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--symmetry rot90 does not fit 2x3 boxes (it turns them into 3x2 boxes); \
             symmetries that fit: none, rot180, mirror"
        );
        assert!(!fits(Symmetry::Diagonal, boxes(3, 4)));
        assert!(fits(Symmetry::Diagonal, boxes(4, 4)));
        assert!(fits(Symmetry::Mirror, boxes(1, 5)));
    }

    #[test]
    fn groups_partition_the_board_and_match_the_9x9_maps() {
        for s in [boxes(2, 3), boxes(4, 4), boxes(5, 5)] {
            for symmetry in Symmetry::ALL {
                let mut count = vec![0; s.cell_count()];
                for group in groups(symmetry, s) {
                    for i in group {
                        count[i] += 1;
                    }
                }
                assert!(count.iter().all(|&k| k == 1), "{} {}", s, symmetry);
            }
        }
        for symmetry in Symmetry::ALL {
            for i in 0..81 {
                assert_eq!(image(symmetry, Shape::CLASSIC, i), symmetry.image(i));
            }
        }
        // 6x6 under a half turn: 18 pairs; 5x5 boards have a centre.
        assert_eq!(groups(Symmetry::Rot180, boxes(2, 3)).len(), 18);
        assert_eq!(groups(Symmetry::Rot90, boxes(1, 5)).len(), 7);
    }

    #[test]
    fn random_grids_are_valid_and_seeded() {
        for s in [boxes(2, 2), boxes(2, 3), boxes(3, 4)] {
            let a = random_grid(&mut Rng::new(8), s).unwrap();
            assert!(a.is_full() && a.first_clash().is_none(), "{}", s);
            assert_eq!(Some(a), random_grid(&mut Rng::new(8), s));
        }
    }
}

/// Benchmarks (ignored tests: `cargo test --release --lib bench_ --
/// --ignored --nocapture --test-threads 1`).
#[cfg(test)]
mod bench {
    use super::*;
    use crate::grid::line;
    use crate::grid_solver::bench::measure;
    use crate::grid_solver::solve_counted;

    #[test]
    #[ignore]
    fn bench_generate() {
        for (r, c, symmetry, runs) in [
            (2, 3, Symmetry::None, 51),
            (3, 2, Symmetry::Rot180, 51),
            (2, 4, Symmetry::None, 21),
            (3, 4, Symmetry::None, 11),
            (4, 4, Symmetry::None, 11),
            (4, 4, Symmetry::Rot90, 11),
            (5, 5, Symmetry::None, 3),
        ] {
            let s = Shape::new(r, c).unwrap();
            let mut givens = Vec::new();
            let mut minimal = true;
            let figures = measure(runs, |k| {
                let g = generate(&mut Rng::new(k as u64), s, symmetry).unwrap();
                givens.push(g.puzzle.givens());
                minimal &= g.minimal;
            });
            givens.sort_unstable();
            println!(
                "--box {} --symmetry {}: {} (seeds 0 to {}); givens {} to {}, all minimal: {}",
                s,
                symmetry,
                figures,
                runs - 1,
                givens[0],
                givens[runs - 1],
                minimal
            );
        }
    }

    /// Ranks generated puzzles by the placements of one solve, to pick the
    /// benchmark boards of `grid_solver::bench`.
    #[test]
    #[ignore]
    fn bench_pick_hard_boards() {
        for (r, c, seeds) in [(4, 4, 100), (5, 5, 8)] {
            let s = Shape::new(r, c).unwrap();
            let mut best: Option<(u64, u64, Grid)> = None;
            for seed in 0..seeds {
                let g = generate(&mut Rng::new(seed), s, Symmetry::None).unwrap();
                let (_, stats) = solve_counted(&g.puzzle);
                if best.as_ref().is_none_or(|b| stats.placements > b.1) {
                    best = Some((seed, stats.placements, g.puzzle));
                }
            }
            if let Some((seed, placements, puzzle)) = best {
                println!(
                    "{}: seed {}, {} placements\n{}",
                    s,
                    seed,
                    placements,
                    line(&puzzle)
                );
            }
        }
    }
}
