//! Puzzles with exactly one solution on boards of any shape, reproducible
//! from a seed. One generator for every size:
//!
//! 1. fill (`fill.rs`): a complete grid drawn by a randomized backtracker
//!    (fewest free values first, values in random order, a restart when a
//!    fill runs past its budget);
//! 2. carve (`carve.rs`): visit the cell groups of the [`Symmetry`] in random
//!    order and blank a group when the puzzle keeps exactly one solution
//!    (for one cell: no other value the cell allows completes the puzzle;
//!    for a larger group, a count to 2) and, with a difficulty target
//!    (9×9), when it stays solvable by that level's techniques; stop early
//!    when `--givens N` (9×9) is reached;
//! 3. accept, or reject and start again from a new grid: the givens must be
//!    exactly N when asked, and the grade exactly the target when asked
//!    (an `expert` puzzle cannot be carved on purpose, only found). After
//!    [`GenOptions::attempts`] rejected grids, give up with a message.
//!
//! Without a target the puzzle is **minimal** within its symmetry:
//! blanking any further group gives it a second solution (a group that
//! failed once fails forever: blanking more only adds solutions). Above
//! 16×16 a check that makes more than [`CHECK_BUDGET`] placements counts
//! as "keep the group": the puzzle still has exactly one solution (a group
//! is only ever blanked when a finished check proved it) but may not be
//! minimal; [`Generated::minimal`] says which.
//!
//! Every random choice comes from the [`Rng`] passed in, so the same seed
//! and options give the same puzzles on every machine (budgets count
//! placements, not time). A run of many puzzles draws each from its own
//! generator, [`rng_for`]`(seed, index)`, so puzzle k does not depend on
//! the ones before it: they can be made in any order, on any number of
//! threads, and still be the same. Above 16×16 a seed's puzzle may change
//! with the engine's version (a check's placements depend on it).
//!
//! Cost (release build, CPU time): a minimal 9×9 in about 0.3 ms (one
//! fill, then one uniqueness check per group with the 9×9 engine), a
//! minimal 6×6 in about 0.1 ms, a minimal 16×16 in 50 to 70 ms, a 25×25 in
//! about a second. A 9×9 difficulty target below `expert` adds logic runs
//! (a few ms); `expert` rejects about half of the grids.
//!
//! | file | what it holds |
//! |---|---|
//! | `symmetry.rs` | [`Symmetry`]: the pattern of the givens, which symmetries fit a shape |
//! | `fill.rs` | [`random_grid`]: a complete grid drawn at random |
//! | `carve.rs` | blanking groups while the solution stays unique |
//! | `killer.rs` | [`generate_killer`]: killer puzzles, cages drawn over a filling, then carved |

mod carve;
mod fill;
mod killer;
mod symmetry;

pub use carve::{CHECK_BUDGET, MINIMAL_UP_TO};
pub use fill::{fill_budget, random_filling, random_grid, FILL_ATTEMPTS};
pub use killer::{cage_layout, generate_killer, validate_killer, CAGE_MARKS, KILLER_UP_TO};
pub use symmetry::Symmetry;

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::variant::Variant;
use crate::logic::grade::{self, Level};
use crate::rng::Rng;
use carve::{carve, Counter};
use std::fmt;

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GenOptions {
    /// The pattern of the givens.
    pub symmetry: Symmetry,
    /// The exact grade wanted, or `None` for a minimal puzzle of any grade.
    pub difficulty: Option<Level>,
    /// Stop blanking at exactly this many givens (17..=81).
    pub givens: Option<usize>,
    /// How many grids to try per puzzle before giving up.
    pub attempts: usize,
}

impl Default for GenOptions {
    /// No symmetry, no target, 1000 attempts.
    fn default() -> GenOptions {
        GenOptions {
            symmetry: Symmetry::None,
            difficulty: None,
            givens: None,
            attempts: 1000,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// How many grids were tried to get it (1 when the first one did).
    pub attempts: usize,
    /// True when no group of givens can be blanked without a second
    /// solution: without targets, always up to 16×16 (see the module
    /// notes).
    pub minimal: bool,
}

/// Why no puzzle could be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenError {
    /// `--givens` below 17: no such puzzle exists.
    TooFewGivens(usize),
    /// `--givens` above 81.
    TooManyGivens(usize),
    /// `--givens` cannot be reached by whole groups of the symmetry.
    GivensVersusSymmetry(usize, Symmetry),
    /// Every attempt was rejected.
    NotReached(GenOptions),
    /// The symmetry does not map the shape's boxes onto boxes.
    SymmetryDoesNotFit(Symmetry, Shape),
    /// `--givens` or `--difficulty` (this option) on a board that is not 9×9.
    NineByNineOnly(&'static str, Shape),
    /// No complete grid was found within [`FILL_ATTEMPTS`] fills.
    NoGrid(Shape),
    /// `--givens` or `--difficulty` (this option) on a variant board (the
    /// grades know the classic units only).
    ClassicOnly(&'static str),
    /// Killer cages of at most this many cells needed more cage marks than
    /// there are ([`CAGE_MARKS`]) in every attempt.
    TooManyCages(usize),
    /// Given killer cages: their sums rule out a random filling (the
    /// killer generator draws its cages over the filling instead).
    Cages,
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GenError::TooFewGivens(n) => write!(
                f,
                "--givens {}: fewer than 17 givens is impossible (no puzzle with 16 or fewer has exactly one solution)",
                n
            ),
            GenError::TooManyGivens(n) => {
                write!(f, "--givens {}: a board has only 81 cells", n)
            }
            GenError::GivensVersusSymmetry(n, s) => write!(
                f,
                "--givens {} cannot be reached with --symmetry {}: its groups of 4 and the centre cell allow only 4k or 4k+1 givens",
                n, s
            ),
            GenError::NotReached(o) => {
                let mut want = Vec::new();
                if let Some(l) = o.difficulty {
                    want.push(format!("grade {}", l));
                }
                if let Some(n) = o.givens {
                    want.push(format!("{} givens", n));
                }
                write!(
                    f,
                    "no puzzle with {} found in {} attempts (symmetry {})",
                    want.join(" and "),
                    o.attempts,
                    o.symmetry
                )?;
                let hint = match (o.difficulty, o.givens) {
                    (_, Some(n)) if n < 22 => {
                        "carving seldom gets below 22 givens: ask for more givens"
                    }
                    (Some(Level::Expert), Some(_)) => {
                        "expert puzzles have few givens: ask for fewer, or leave out --givens"
                    }
                    (Some(Level::Expert), None) => {
                        "expert puzzles are rare: try another seed or an easier grade"
                    }
                    _ => "this grade and this many givens seldom go together: try other --givens",
                };
                write!(f, "; {}", hint)
            }
            GenError::SymmetryDoesNotFit(symmetry, shape) => {
                let fitting: Vec<&str> = Symmetry::ALL
                    .iter()
                    .filter(|s| s.fits(shape))
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
            GenError::NineByNineOnly(option, shape) => write!(
                f,
                "{} is for 9x9 puzzles only, and --box {} makes {}x{} ones",
                option,
                shape,
                shape.size(),
                shape.size()
            ),
            GenError::NoGrid(shape) => write!(
                f,
                "no complete {}x{} grid found in {} attempts",
                shape.size(),
                shape.size(),
                FILL_ATTEMPTS
            ),
            GenError::ClassicOnly(option) => write!(
                f,
                "{} grades classic boards only, not variant ones (--x, --regions, --killer)",
                option
            ),
            GenError::TooManyCages(most) => write!(
                f,
                "cages of at most {} cells came to more than {} cages (one mark each) in every \
                 attempt: ask for bigger cages (--cage-size)",
                most, CAGE_MARKS
            ),
            GenError::Cages => f.write_str(
                "no puzzles are generated on given cages (a random filling does not keep their \
                 sums): --killer draws new cages for each puzzle",
            ),
        }
    }
}

impl std::error::Error for GenError {}

/// Checks `options` against `shape` for requests that can never be met: a
/// symmetry that does not fit the boxes, a target on a board that is not
/// 9×9, too few or too many givens, a count the symmetry cannot reach.
pub fn validate(shape: Shape, options: &GenOptions) -> Result<(), GenError> {
    if shape != Shape::CLASSIC {
        if options.difficulty.is_some() {
            return Err(GenError::NineByNineOnly("--difficulty", shape));
        }
        if options.givens.is_some() {
            return Err(GenError::NineByNineOnly("--givens", shape));
        }
    }
    if !options.symmetry.fits(shape) {
        return Err(GenError::SymmetryDoesNotFit(options.symmetry, shape));
    }
    if let Some(n) = options.givens {
        if n < 17 {
            return Err(GenError::TooFewGivens(n));
        }
        if n > 81 {
            return Err(GenError::TooManyGivens(n));
        }
        if options.symmetry == Symmetry::Rot90 && n % 4 > 1 {
            return Err(GenError::GivensVersusSymmetry(n, options.symmetry));
        }
    }
    Ok(())
}

/// Checks `options` against variant rules: killer cages are not
/// generated, and the grades (`--difficulty`, `--givens`' 9×9 rule) read
/// classic boards only.
pub fn validate_variant(variant: &Variant, options: &GenOptions) -> Result<(), GenError> {
    if !variant.cages().is_empty() {
        return Err(GenError::Cages);
    }
    if !variant.is_classic() {
        if options.difficulty.is_some() {
            return Err(GenError::ClassicOnly("--difficulty"));
        }
        if options.givens.is_some() {
            return Err(GenError::ClassicOnly("--givens"));
        }
    }
    Ok(())
}

/// The generator of puzzle `index` (0-based) of a run seeded with `seed`:
/// puzzle 0 draws from `Rng::new(seed)` itself (so the first puzzle of a
/// seed is what it always was), every later one from a seed mixed from
/// `seed` and `index`. O(1).
pub fn rng_for(seed: u64, index: u64) -> Rng {
    if index == 0 {
        return Rng::new(seed);
    }
    Rng::new(mix(mix(seed).wrapping_add(index)))
}

/// SplitMix64's finalizer: a bijection of `u64` that spreads every bit.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One classic puzzle of `shape` as `options` ask, from `rng`: see
/// [`generate_for`].
pub fn generate(rng: &mut Rng, shape: Shape, options: &GenOptions) -> Result<Generated, GenError> {
    generate_for(rng, &Grid::empty(shape), options)
}

/// One puzzle played by `rules`' shape and variant (diagonals, regions;
/// not cages), as `options` ask, from `rng`. See the module notes for the
/// method. Errors when the options are impossible ([`validate`]), when
/// no grid fills the variant, or when `options.attempts` grids were all
/// rejected.
pub fn generate_for(
    rng: &mut Rng,
    rules: &Grid,
    options: &GenOptions,
) -> Result<Generated, GenError> {
    let shape = rules.shape();
    validate(shape, options)?;
    validate_variant(rules.variant(), options)?;
    let groups = options.symmetry.groups(shape);
    let counter = Counter::new(rules);
    for attempt in 1..=options.attempts.max(1) {
        let solution = random_filling(rng, rules).ok_or(GenError::NoGrid(shape))?;
        let (puzzle, finished) = carve(rng, &counter, &solution, &groups, options);
        if options.givens.is_some_and(|n| puzzle.givens() != n) {
            continue;
        }
        if let Some(target) = options.difficulty {
            let grade = puzzle.to_board().map(|board| grade::grade(&board));
            if !matches!(grade, Some(Ok(g)) if g.level == target) {
                continue;
            }
        }
        // Carving keeps uniqueness; this count is the final guarantee where
        // it runs to its end (above 16×16, carving's finished checks are).
        if counter.count(&puzzle, 2).is_some_and(|n| n != 1) {
            continue;
        }
        let minimal = finished && options.difficulty.is_none() && options.givens.is_none();
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt,
            minimal,
        });
    }
    Err(GenError::NotReached(*options))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::line;
    use crate::board::shape::boxes;
    use crate::solve::any::count_solutions;

    /// GenOptions with only a symmetry.
    fn symmetric(symmetry: Symmetry) -> GenOptions {
        GenOptions {
            symmetry,
            ..GenOptions::default()
        }
    }

    /// Every group of givens, blanked, gives a second solution.
    fn assert_minimal(g: &Generated, symmetry: Symmetry) {
        for group in symmetry.groups(g.puzzle.shape()) {
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
    fn every_shape_gets_unique_minimal_symmetric_puzzles() {
        let mut rng = Rng::new(2024);
        for (r, c) in [(1, 3), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
            let s = boxes(r, c);
            for symmetry in Symmetry::ALL.into_iter().filter(|m| m.fits(s)) {
                let g = generate(&mut rng, s, &symmetric(symmetry)).unwrap();
                let shown = format!("{} {} {}", s, symmetry, line(&g.puzzle));
                assert_eq!(count_solutions(&g.puzzle, 2), 1, "{}", shown);
                assert!(g.solution.solves(&g.puzzle), "{}", shown);
                assert!(g.minimal && symmetry.holds(&g.puzzle), "{}", shown);
                assert_minimal(&g, symmetry);
            }
        }
    }

    #[test]
    fn same_seed_same_puzzle() {
        for s in [boxes(2, 3), Shape::CLASSIC] {
            let options = symmetric(Symmetry::Rot180);
            let a = generate(&mut Rng::new(5), s, &options).unwrap();
            let b = generate(&mut Rng::new(5), s, &options).unwrap();
            assert_eq!(a, b);
            let c = generate(&mut Rng::new(6), s, &options).unwrap();
            assert_ne!(a.puzzle, c.puzzle);
        }
    }

    #[test]
    fn each_puzzle_of_a_run_has_its_own_generator() {
        let first = rng_for(5, 0).next_u64();
        assert_eq!(first, Rng::new(5).next_u64());
        let draws: Vec<u64> = (0..50).map(|k| rng_for(5, k).next_u64()).collect();
        let mut distinct = draws.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 50);
        assert_ne!(rng_for(5, 1).next_u64(), rng_for(6, 1).next_u64());
        assert_eq!(draws[7], rng_for(5, 7).next_u64());
    }

    #[test]
    fn givens_target_is_met_exactly() {
        let mut rng = Rng::new(3);
        for (s, n) in [
            (Symmetry::None, 30),
            (Symmetry::Rot180, 31),
            (Symmetry::Rot90, 33),
        ] {
            let options = GenOptions {
                symmetry: s,
                givens: Some(n),
                ..GenOptions::default()
            };
            let g = generate(&mut rng, Shape::CLASSIC, &options).unwrap();
            assert_eq!(g.puzzle.givens(), n);
            assert!(s.holds(&g.puzzle) && !g.minimal);
        }
    }

    #[test]
    fn difficulty_target_is_the_exact_grade() {
        let mut rng = Rng::new(8);
        for level in [Level::Simple, Level::Easy, Level::Intermediate] {
            let options = GenOptions {
                difficulty: Some(level),
                ..GenOptions::default()
            };
            let g = generate(&mut rng, Shape::CLASSIC, &options).unwrap();
            let board = g.puzzle.to_board().unwrap();
            assert_eq!(grade::grade(&board).unwrap().level, level);
        }
    }

    #[test]
    fn impossible_requests_are_errors() {
        let mut rng = Rng::new(1);
        let ask = |givens, symmetry| GenOptions {
            givens: Some(givens),
            symmetry,
            ..GenOptions::default()
        };
        let classic = Shape::CLASSIC;
        assert_eq!(
            generate(&mut rng, classic, &ask(16, Symmetry::None)),
            Err(GenError::TooFewGivens(16))
        );
        assert_eq!(
            generate(&mut rng, classic, &ask(82, Symmetry::None)),
            Err(GenError::TooManyGivens(82))
        );
        assert!(matches!(
            generate(&mut rng, classic, &ask(30, Symmetry::Rot90)),
            Err(GenError::GivensVersusSymmetry(30, Symmetry::Rot90))
        ));
        assert_eq!(
            generate(&mut rng, boxes(2, 3), &ask(20, Symmetry::None))
                .unwrap_err()
                .to_string(),
            "--givens is for 9x9 puzzles only, and --box 2x3 makes 6x6 ones"
        );
        let err = generate(&mut rng, boxes(2, 3), &symmetric(Symmetry::Rot90)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--symmetry rot90 does not fit 2x3 boxes (it turns them into 3x2 boxes); \
             symmetries that fit: none, rot180, mirror"
        );
        let expert70 = GenOptions {
            difficulty: Some(Level::Expert),
            givens: Some(70),
            attempts: 20,
            ..GenOptions::default()
        };
        let err = generate(&mut rng, classic, &expert70).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no puzzle with grade expert and 70 givens found in 20 attempts (symmetry none); expert puzzles have few givens: ask for fewer, or leave out --givens"
        );
    }
}

/// Benchmarks (ignored tests: `cargo test --release --lib bench_ --
/// --ignored --nocapture --test-threads 1`).
#[cfg(test)]
mod bench {
    use super::*;
    use crate::board::grid::line;
    use crate::solve::any::bench::measure;
    use crate::solve::any::solve_counted;
    use crate::solve::found::Found;

    #[test]
    #[ignore]
    fn bench_generate() {
        for (r, c, symmetry, runs) in [
            (3, 3, Symmetry::None, 201),
            (2, 3, Symmetry::None, 51),
            (3, 2, Symmetry::Rot180, 51),
            (2, 4, Symmetry::None, 21),
            (3, 4, Symmetry::None, 11),
            (4, 4, Symmetry::None, 11),
            (4, 4, Symmetry::Rot90, 11),
            (5, 5, Symmetry::None, 3),
        ] {
            let s = Shape::new(r, c).unwrap();
            let options = GenOptions {
                symmetry,
                ..GenOptions::default()
            };
            let mut givens = Vec::new();
            let mut minimal = true;
            let figures = measure(runs, |k| {
                let g = generate(&mut Rng::new(k as u64), s, &options).unwrap();
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
                let g = generate(&mut Rng::new(seed), s, &GenOptions::default()).unwrap();
                let Found { stats, .. } = solve_counted(&g.puzzle);
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
