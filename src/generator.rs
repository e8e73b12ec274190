//! Puzzles with exactly one solution, reproducible from a seed.
//!
//! The pipeline for one puzzle:
//!
//! 1. [`random_grid`]: a complete grid, filled by a randomized backtracker
//!    (fewest candidates first, digits in random order);
//! 2. carve: visit the cells in random order, in symmetric groups
//!    ([`Symmetry`]), and blank a group when the puzzle keeps exactly one
//!    solution (`count_solutions(_, 2) == 1`) and, with a difficulty target,
//!    when it stays solvable by that level's techniques (so its grade stays
//!    at or below the target; a puzzle that logic solves has one solution);
//!    stop early when `--givens N` is reached;
//! 3. accept, or reject and start again from a new grid: the givens must be
//!    exactly N when asked, and the grade exactly the target when asked
//!    (an `expert` puzzle cannot be carved on purpose, only found). After
//!    [`Options::attempts`] rejected grids, give up with a message.
//!
//! Without a difficulty target the puzzle is **minimal** within its
//! symmetry: blanking any further group gives it a second solution. (A
//! group that failed once fails forever: blanking more only adds solutions.)
//!
//! Every random choice comes from the [`Rng`] passed in, so the same seed
//! and options give the same puzzles on every machine, whatever the engine's
//! internals (it only ever answers counts). A run of many puzzles draws
//! each from its own generator, [`rng_for`]`(seed, index)`, so puzzle k
//! does not depend on the ones before it: they can be made in any order,
//! on any number of threads, and still be the same.
//!
//! Cost without a target: one grid fill (about 25 µs) plus one uniqueness
//! check per group (81 with `none`): about 0.3 ms per puzzle with the
//! kit's engine. A difficulty target below `expert` replaces the checks by
//! logic runs (a few ms); `expert` rejects about half of the grids.

use crate::board::{col_of, row_of, Board};
use crate::grader::{self, Level};
use crate::grid_gen;
use crate::rng::Rng;
use crate::shape::Shape;
use crate::solver;
use std::fmt;
use std::str::FromStr;

/// Which cells are blanked together, so the givens form a symmetric pattern.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Every cell on its own.
    None,
    /// A cell with its image under a half turn: r,c and 10-r,10-c.
    Rot180,
    /// A cell with its images under quarter turns (groups of 4, the centre alone).
    Rot90,
    /// A cell with its mirror image across the middle column: r,c and r,10-c.
    Mirror,
    /// A cell with its mirror image across the main diagonal: r,c and c,r.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order the help lists them.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// `none`, `rot180`, `rot90`, `mirror` or `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of cell `i` under the symmetry's generating map (the 9×9
    /// case of [`grid_gen::image`]).
    pub fn image(self, i: usize) -> usize {
        grid_gen::image(self, Shape::CLASSIC, i)
    }

    /// The cell groups (orbits) the 81 cells fall into, each ascending,
    /// ordered by their first cell. Blanking whole groups keeps the pattern
    /// of givens symmetric.
    pub fn groups(self) -> Vec<Vec<usize>> {
        grid_gen::groups(self, Shape::CLASSIC)
    }

    /// True when the filled cells of `board` form a pattern this symmetry
    /// maps onto itself.
    pub fn holds(self, board: &Board) -> bool {
        (0..81).all(|i| (board.0[i] == 0) == (board.0[self.image(i)] == 0))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    /// Parses a symmetry name; the error lists the accepted names.
    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .iter()
            .copied()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown symmetry `{}` (expected none, rot180, rot90, mirror or diagonal)",
                    s
                )
            })
    }
}

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// The pattern of the givens.
    pub symmetry: Symmetry,
    /// The exact grade wanted, or `None` for a minimal puzzle of any grade.
    pub difficulty: Option<Level>,
    /// Stop blanking at exactly this many givens (17..=81).
    pub givens: Option<usize>,
    /// How many grids to try per puzzle before giving up.
    pub attempts: usize,
}

impl Default for Options {
    /// No symmetry, no target, 1000 attempts.
    fn default() -> Options {
        Options {
            symmetry: Symmetry::None,
            difficulty: None,
            givens: None,
            attempts: 1000,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Board,
    /// Its solution.
    pub solution: Board,
    /// How many grids were tried to get it (1 when the first one did).
    pub attempts: usize,
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
    NotReached(Options),
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
        }
    }
}

/// Checks `options` for requests that can never be met (too few or too
/// many givens, a count the symmetry cannot reach).
pub fn validate(options: &Options) -> Result<(), GenError> {
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

/// One puzzle as `options` ask, from `rng`. See the module notes for the
/// method. Errors when the options are impossible ([`validate`]) or when
/// `options.attempts` grids were all rejected.
pub fn generate(rng: &mut Rng, options: &Options) -> Result<Generated, GenError> {
    validate(options)?;
    let groups = options.symmetry.groups();
    for attempt in 1..=options.attempts.max(1) {
        let solution = random_grid(rng);
        let puzzle = carve(rng, &solution, &groups, options);
        if options.givens.is_some_and(|n| puzzle.givens() != n) {
            continue;
        }
        if let Some(target) = options.difficulty {
            match grader::grade(&puzzle) {
                Ok(g) if g.level == target => {}
                _ => continue,
            }
        }
        // Carving keeps uniqueness; this count is the final guarantee.
        if solver::count_solutions(&puzzle, 2) != 1 {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt,
        });
    }
    Err(GenError::NotReached(*options))
}

/// Blanks the groups of `solution` in random order while the puzzle keeps
/// one solution (and stays within the target level); stops at
/// `options.givens`.
fn carve(rng: &mut Rng, solution: &Board, groups: &[Vec<usize>], options: &Options) -> Board {
    let mut order: Vec<usize> = (0..groups.len()).collect();
    rng.shuffle(&mut order);
    let floor = options.givens.unwrap_or(0);
    let mut puzzle = *solution;
    let mut givens = 81;
    for &g in order.iter() {
        if givens == floor {
            break;
        }
        let group = &groups[g];
        if givens - group.len() < floor {
            continue;
        }
        for &i in group.iter() {
            puzzle.0[i] = 0;
        }
        let keep = match options.difficulty {
            // The uniqueness check is cheaper and decides most rejections;
            // the logic run alone would decide the same (logic solves only
            // unique puzzles).
            Some(level) if level < Level::Expert => {
                still_unique(&puzzle, solution, group) && grader::solves_within(&puzzle, level)
            }
            _ => still_unique(&puzzle, solution, group),
        };
        if keep {
            givens -= group.len();
        } else {
            for &i in group.iter() {
                puzzle.0[i] = solution.0[i];
            }
        }
    }
    puzzle
}

/// True when `puzzle`, which is a unique puzzle with solution `solution`
/// minus the cells of `group`, still has only that solution. Any other
/// solution must differ from `solution` in the group, so for a single cell
/// it is enough to try each other digit it allows there (usually found
/// impossible at once); larger groups count solutions up to 2.
fn still_unique(puzzle: &Board, solution: &Board, group: &[usize]) -> bool {
    if let [i] = *group {
        let (r, c) = (row_of(i), col_of(i));
        let mut used = 0u16;
        for k in 0..9 {
            used |= 1 << puzzle.0[r * 9 + k];
            used |= 1 << puzzle.0[k * 9 + c];
            used |= 1 << puzzle.0[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
        }
        let mut other = *puzzle;
        return crate::logic::digits_of(0x3fe & !used)
            .filter(|&d| d != solution.0[i])
            .all(|d| {
                other.0[i] = d;
                solver::count_solutions(&other, 1) == 0
            });
    }
    solver::count_solutions(puzzle, 2) == 1
}

/// A complete valid grid drawn from `rng`: a backtracker that fills the
/// blank with the fewest candidates first, trying its digits in random
/// order. Every valid grid can come out (not uniformly). Such searches now
/// and then wander into a long dead end, so a fill that takes more than
/// [`FILL_BUDGET`] placements starts over (with the stream where it is):
/// microseconds, with no heavy tail.
pub fn random_grid(rng: &mut Rng) -> Board {
    loop {
        let mut fill = Fill {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            budget: FILL_BUDGET,
        };
        if fill.search(rng, 81) {
            return Board(fill.cells);
        }
    }
}

/// Placements allowed to one fill of [`random_grid`] before it restarts.
pub const FILL_BUDGET: usize = 300;

/// The randomized filler's state: used-digit masks per row, column, box.
struct Fill {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// Placements left before giving up.
    budget: usize,
}

impl Fill {
    fn free(&self, i: usize) -> u16 {
        let b = i / 27 * 3 + i % 9 / 3;
        0x3fe & !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[b])
    }

    fn toggle(&mut self, i: usize, d: u8) {
        let bit = 1u16 << d;
        self.rows[i / 9] ^= bit;
        self.cols[i % 9] ^= bit;
        self.boxes[i / 27 * 3 + i % 9 / 3] ^= bit;
    }

    /// Fills the `blanks` remaining blanks; false when stuck or out of budget.
    fn search(&mut self, rng: &mut Rng, blanks: usize) -> bool {
        if blanks == 0 {
            return true;
        }
        let mut best = 81;
        let mut best_n = 10;
        for i in 0..81 {
            if self.cells[i] == 0 {
                let n = self.free(i).count_ones();
                if n < best_n {
                    best = i;
                    best_n = n;
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        if best_n == 0 {
            return false;
        }
        let mut digits: Vec<u8> = crate::logic::digits_of(self.free(best)).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            self.cells[best] = d;
            self.toggle(best, d);
            if self.search(rng, blanks - 1) {
                return true;
            }
            self.toggle(best, d);
            self.cells[best] = 0;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_grids_are_valid_and_seeded() {
        let mut a = Rng::new(5);
        let mut b = Rng::new(5);
        for _ in 0..20 {
            let g = random_grid(&mut a);
            assert!(g.is_full() && g.first_clash().is_none());
            assert_eq!(g, random_grid(&mut b));
        }
        assert_ne!(random_grid(&mut Rng::new(1)), random_grid(&mut Rng::new(2)));
    }

    #[test]
    fn groups_partition_the_board() {
        let sizes = |s: Symmetry| {
            let mut v: Vec<usize> = s.groups().iter().map(|g| g.len()).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(sizes(Symmetry::None), vec![1]);
        assert_eq!(sizes(Symmetry::Rot180), vec![1, 2]);
        assert_eq!(sizes(Symmetry::Rot90), vec![1, 4]);
        assert_eq!(Symmetry::Mirror.groups().len(), 9 + 36);
        assert_eq!(Symmetry::Diagonal.groups().len(), 9 + 36);
        for s in Symmetry::ALL {
            let mut count = [0; 81];
            for g in s.groups() {
                for i in g {
                    count[i] += 1;
                }
            }
            assert!(count.iter().all(|&c| c == 1), "{}", s);
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
    fn generated_puzzles_are_unique_minimal_and_symmetric() {
        let mut rng = Rng::new(11);
        for s in Symmetry::ALL {
            let options = Options {
                symmetry: s,
                ..Options::default()
            };
            let g = generate(&mut rng, &options).unwrap();
            assert!(s.holds(&g.puzzle), "{}", s);
            assert_eq!(solver::count_solutions(&g.puzzle, 2), 1);
            assert!(g.solution.solves(&g.puzzle));
            for group in s.groups() {
                if group.iter().all(|&i| g.puzzle.0[i] != 0) {
                    let mut p = g.puzzle;
                    for &i in group.iter() {
                        p.0[i] = 0;
                    }
                    assert_eq!(solver::count_solutions(&p, 2), 2, "{} {:?}", s, group);
                }
            }
        }
    }

    #[test]
    fn givens_target_is_met_exactly() {
        let mut rng = Rng::new(3);
        for (s, n) in [
            (Symmetry::None, 30),
            (Symmetry::Rot180, 31),
            (Symmetry::Rot90, 33),
        ] {
            let options = Options {
                symmetry: s,
                givens: Some(n),
                ..Options::default()
            };
            let g = generate(&mut rng, &options).unwrap();
            assert_eq!(g.puzzle.givens(), n);
            assert!(s.holds(&g.puzzle));
        }
    }

    #[test]
    fn difficulty_target_is_the_exact_grade() {
        let mut rng = Rng::new(8);
        for level in [Level::Simple, Level::Easy, Level::Intermediate] {
            let options = Options {
                difficulty: Some(level),
                ..Options::default()
            };
            let g = generate(&mut rng, &options).unwrap();
            assert_eq!(grader::grade(&g.puzzle).unwrap().level, level);
        }
    }

    #[test]
    fn impossible_requests_are_errors() {
        let mut rng = Rng::new(1);
        let ask = |givens, symmetry| Options {
            givens: Some(givens),
            symmetry,
            ..Options::default()
        };
        assert_eq!(
            generate(&mut rng, &ask(16, Symmetry::None)),
            Err(GenError::TooFewGivens(16))
        );
        assert_eq!(
            generate(&mut rng, &ask(82, Symmetry::None)),
            Err(GenError::TooManyGivens(82))
        );
        assert!(matches!(
            generate(&mut rng, &ask(30, Symmetry::Rot90)),
            Err(GenError::GivensVersusSymmetry(30, Symmetry::Rot90))
        ));
        let expert70 = Options {
            difficulty: Some(Level::Expert),
            givens: Some(70),
            attempts: 20,
            ..Options::default()
        };
        let err = generate(&mut rng, &expert70).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no puzzle with grade expert and 70 givens found in 20 attempts (symmetry none); expert puzzles have few givens: ask for fewer, or leave out --givens"
        );
    }
}
