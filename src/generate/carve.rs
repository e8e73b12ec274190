//! Carving: blank the cells of a full grid, group by group, while the
//! puzzle keeps exactly one solution.

use super::GenOptions;
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::logic::grade::{self, Level};
use crate::rng::Rng;
use crate::solve::any::Engine;
use crate::solve::nine;

/// Placements allowed to one uniqueness check above [`MINIMAL_UP_TO`].
pub const CHECK_BUDGET: u64 = 2_000;

/// The largest size whose puzzles are always minimal: every check up to
/// 16×16 runs to its end.
pub const MINIMAL_UP_TO: usize = 16;

/// Counts solutions for the uniqueness checks: the 9×9 engine on 9×9, the
/// any-size engine (with a placement budget above 16×16) elsewhere.
pub(super) enum Counter {
    Classic,
    Sized { engine: Box<Engine>, budget: u64 },
}

impl Counter {
    /// The counter for boards played by `rules`' shape and variant.
    pub(super) fn new(rules: &Grid) -> Counter {
        let shape = rules.shape();
        if shape == Shape::CLASSIC && rules.is_classic() {
            return Counter::Classic;
        }
        let budget = if shape.size() <= MINIMAL_UP_TO {
            u64::MAX
        } else {
            CHECK_BUDGET
        };
        let engine = Box::new(Engine::new(rules));
        Counter::Sized { engine, budget }
    }

    /// The solutions of `puzzle`, counted up to `limit`; `None` when the
    /// budget ran out first.
    pub(super) fn count(&self, puzzle: &Grid, limit: usize) -> Option<usize> {
        match self {
            Counter::Classic => puzzle
                .to_board()
                .map(|board| nine::count_solutions(&board, limit)),
            Counter::Sized { engine, budget } => engine.count_within(puzzle, limit, *budget),
        }
    }
}

/// Blanks the groups of `solution` in random order while the puzzle keeps
/// one solution (and, with a difficulty target, stays within its level);
/// stops at `options.givens`. Also says whether every check ran to its
/// end (then, without targets, the puzzle is minimal).
pub(super) fn carve(
    rng: &mut Rng,
    counter: &Counter,
    solution: &Grid,
    groups: &[Vec<usize>],
    options: &GenOptions,
) -> (Grid, bool) {
    let mut order: Vec<usize> = (0..groups.len()).collect();
    rng.shuffle(&mut order);
    let floor = options.givens.unwrap_or(0);
    let mut puzzle = solution.clone();
    let mut givens = puzzle.givens();
    let mut finished = true;
    for &g in &order {
        if givens == floor {
            break;
        }
        let group = &groups[g];
        if givens - group.len() < floor {
            continue;
        }
        for &i in group {
            puzzle.set(i, 0);
        }
        let keep = match still_unique(counter, &mut puzzle, solution, group) {
            // The uniqueness check is cheaper and decides most rejections;
            // the logic run alone would decide the same (logic solves only
            // unique puzzles).
            Some(true) => options
                .difficulty
                .is_none_or(|level| within(&puzzle, level)),
            Some(false) => false,
            None => {
                finished = false;
                false
            }
        };
        if keep {
            givens -= group.len();
        } else {
            for &i in group {
                puzzle.set(i, solution.get(i));
            }
        }
    }
    (puzzle, finished)
}

/// True when the 9×9 `puzzle` is solved by the techniques of `level` or
/// below (an `expert` target takes any unique puzzle: it is found, not
/// carved).
fn within(puzzle: &Grid, level: Level) -> bool {
    level == Level::Expert
        || puzzle
            .to_board()
            .is_some_and(|board| grade::solves_within(&board, level))
}

/// True when `puzzle`, a unique puzzle with solution `solution` minus the
/// cells of `group`, still has only that solution; `None` when a check ran
/// out of budget. For one cell it tries each other value the cell allows
/// (a second solution must differ from the known one there; usually found
/// impossible at once), leaving `puzzle` as it was; for a larger group it
/// counts solutions up to 2.
fn still_unique(
    counter: &Counter,
    puzzle: &mut Grid,
    solution: &Grid,
    group: &[usize],
) -> Option<bool> {
    let i = match *group {
        [i] => i,
        _ => return counter.count(puzzle, 2).map(|n| n == 1),
    };
    let shape = puzzle.shape();
    // Bit v - 1: value v is the solution's here or stands in a unit of
    // cell i: row, column, box or region, diagonal (N at most 25).
    let mut seen = 1u32 << (solution.get(i) - 1);
    let variant = puzzle.variant();
    for u in variant.units_of(shape, i) {
        for j in variant.unit_cells(shape, u) {
            if puzzle.get(j) != 0 {
                seen |= 1 << (puzzle.get(j) - 1);
            }
        }
    }
    let mut unique = Some(true);
    for v in 1..=shape.size() as u8 {
        if seen & 1 << (v - 1) != 0 {
            continue;
        }
        puzzle.set(i, v);
        let found = counter.count(puzzle, 1);
        puzzle.set(i, 0);
        match found {
            Some(0) => {}
            Some(_) => return Some(false),
            None => unique = None,
        }
    }
    unique
}
