//! Puzzles made against a pattern: a puzzle with exactly one solution that
//! costs one backtracking pattern as many nodes as a local search can make
//! it (`sudoku gen --against PATTERN`; BOJ 12095 asks for exactly this
//! against a row-major backtracker).
//!
//! The search is a hill climb from a generated puzzle. Each step tries one
//! change and keeps it when the pattern's nodes do not go down (equal
//! counts are kept too, so the climb can cross plateaus):
//! - *relabel*: two digits swap everywhere. The puzzle stays unique, but a
//!   row-major search meets other digits first: the classic hard case for
//!   it has its first row's solution in descending order.
//! - *swap lines*: two rows of one band, or two columns of one stack,
//!   change places (unique still).
//! - *drop*: a given goes, when the puzzle keeps one solution.
//! - *move*: a given goes and another blank gets its solution's value,
//!   when the puzzle keeps one solution.
//!
//! Each pattern run is capped at the node limit: a puzzle past it scores
//! the limit, and the climb stops there. Deterministic for a seed.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::generate::{self, GenOptions};
use crate::rng::Rng;
use crate::solve::any;
use crate::study::patterns::{self, Pattern};

/// How long to climb.
#[derive(Clone, Copy, Debug)]
pub struct Climb {
    /// Changes tried.
    pub steps: usize,
    /// The most nodes one pattern run may make (the score's ceiling).
    pub node_limit: u64,
}

/// A puzzle made against a pattern.
#[derive(Clone, Debug)]
pub struct Adversary {
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The pattern's nodes on it (placements), at most the node limit.
    pub nodes: u64,
    /// The nodes of the generated puzzle the climb started from.
    pub start_nodes: u64,
    /// Changes kept.
    pub kept: usize,
}

/// Climbs from a puzzle generated with `rng` on `shape` towards one that
/// costs `pattern` the most nodes (see the module notes). Cost: `steps`
/// pattern runs of up to `node_limit` nodes, and a count to 2 for each
/// change of givens.
pub fn against(
    rng: &mut Rng,
    shape: Shape,
    pattern: Pattern,
    climb: Climb,
) -> Result<Adversary, generate::GenError> {
    let start = generate::generate(rng, shape, &GenOptions::default())?;
    let nodes = cost(pattern, &start.puzzle, climb.node_limit);
    let mut best = Adversary {
        puzzle: start.puzzle,
        solution: start.solution,
        nodes,
        start_nodes: nodes,
        kept: 0,
    };
    for _ in 0..climb.steps {
        if best.nodes >= climb.node_limit {
            break;
        }
        let (puzzle, solution) = changed(rng, &best.puzzle, &best.solution);
        if puzzle == best.puzzle {
            continue;
        }
        let nodes = cost(pattern, &puzzle, climb.node_limit);
        if nodes >= best.nodes {
            best.puzzle = puzzle;
            best.solution = solution;
            best.nodes = nodes;
            best.kept += 1;
        }
    }
    Ok(best)
}

/// The pattern's nodes on `puzzle`, at most `limit`.
fn cost(pattern: Pattern, puzzle: &Grid, limit: u64) -> u64 {
    patterns::run(pattern, puzzle, Some(limit)).stats.placements
}

/// One random change of `puzzle` (with its `solution`) that keeps exactly
/// one solution; the puzzle itself when the change drawn would not.
fn changed(rng: &mut Rng, puzzle: &Grid, solution: &Grid) -> (Grid, Grid) {
    let shape = puzzle.shape();
    let (mut puzzle, mut solution) = (puzzle.clone(), solution.clone());
    match rng.below(4) {
        0 => {
            let (a, b) = two_of(rng, shape.size());
            for grid in [&mut puzzle, &mut solution] {
                relabel(grid, a as u8 + 1, b as u8 + 1);
            }
        }
        1 => {
            let rows = rng.below(2) == 0;
            let (a, b) = two_of(
                rng,
                if rows {
                    shape.box_rows()
                } else {
                    shape.box_cols()
                },
            );
            let block = rng.below(if rows {
                shape.box_cols()
            } else {
                shape.box_rows()
            });
            for grid in [&mut puzzle, &mut solution] {
                swap_lines(grid, rows, block, a, b);
            }
        }
        kind => {
            let givens: Vec<usize> = (0..shape.cell_count())
                .filter(|&i| puzzle.get(i) != 0)
                .collect();
            let blanks: Vec<usize> = (0..shape.cell_count())
                .filter(|&i| puzzle.get(i) == 0)
                .collect();
            if givens.is_empty() || (kind == 3 && blanks.is_empty()) {
                return (puzzle, solution);
            }
            let mut trial = puzzle.clone();
            trial.set(givens[rng.below(givens.len())], 0);
            if kind == 3 {
                let j = blanks[rng.below(blanks.len())];
                trial.set(j, solution.get(j));
            }
            if any::count_solutions(&trial, 2) == 1 {
                puzzle = trial;
            }
        }
    }
    (puzzle, solution)
}

/// Two different numbers below `n` (0 twice when `n` is 1: nothing to swap).
fn two_of(rng: &mut Rng, n: usize) -> (usize, usize) {
    let a = rng.below(n);
    if n == 1 {
        return (a, a);
    }
    // A step of 1 to n - 1 from `a`, around the circle: never `a` itself.
    let b = (a + 1 + rng.below(n - 1)) % n;
    (a, b)
}

/// Swaps values `a` and `b` in every cell of `grid`.
fn relabel(grid: &mut Grid, a: u8, b: u8) {
    for i in 0..grid.cells().len() {
        let v = grid.get(i);
        if v == a {
            grid.set(i, b);
        } else if v == b {
            grid.set(i, a);
        }
    }
}

/// Swaps lines `a` and `b` (0-based inside their band or stack `block`):
/// rows of band `block` when `rows`, else columns of stack `block`.
fn swap_lines(grid: &mut Grid, rows: bool, block: usize, a: usize, b: usize) {
    let shape = grid.shape();
    let n = shape.size();
    let height = if rows {
        shape.box_rows()
    } else {
        shape.box_cols()
    };
    let (a, b) = (block * height + a, block * height + b);
    for k in 0..n {
        let (i, j) = if rows {
            (shape.cell(a, k), shape.cell(b, k))
        } else {
            (shape.cell(k, a), shape.cell(k, b))
        };
        let (vi, vj) = (grid.get(i), grid.get(j));
        grid.set(i, vj);
        grid.set(j, vi);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::boxes;

    #[test]
    fn the_climb_keeps_one_solution_and_never_loses_nodes() {
        for (shape, pattern) in [
            (Shape::CLASSIC, Pattern::BlankList),
            (boxes(2, 3), Pattern::Bitmask),
        ] {
            let climb = Climb {
                steps: 200,
                node_limit: 1_000_000,
            };
            let found = against(&mut Rng::new(7), shape, pattern, climb).unwrap();
            assert_eq!(any::count_solutions(&found.puzzle, 2), 1, "{}", shape);
            assert!(found.solution.solves(&found.puzzle), "{}", shape);
            assert_eq!(found.nodes, cost(pattern, &found.puzzle, climb.node_limit));
            assert!(found.nodes >= found.start_nodes, "{}", shape);
            assert!(found.kept > 0, "{}", shape);
        }
    }

    #[test]
    fn a_row_major_search_is_made_to_work_much_harder() {
        let climb = Climb {
            steps: 100,
            node_limit: 10_000_000,
        };
        let found = against(&mut Rng::new(1), Shape::CLASSIC, Pattern::BlankList, climb).unwrap();
        assert!(
            found.nodes > 20 * found.start_nodes.max(1),
            "{} -> {}",
            found.start_nodes,
            found.nodes
        );
    }

    #[test]
    fn the_climb_stops_at_the_node_limit() {
        let climb = Climb {
            steps: 10_000,
            node_limit: 500,
        };
        let found = against(&mut Rng::new(3), Shape::CLASSIC, Pattern::BlankList, climb).unwrap();
        assert_eq!(found.nodes, 500);
    }

    #[test]
    fn changes_keep_the_solution_a_solution() {
        let mut rng = Rng::new(11);
        let start = generate::generate(&mut rng, boxes(2, 3), &GenOptions::default()).unwrap();
        let (mut puzzle, mut solution) = (start.puzzle, start.solution);
        for _ in 0..300 {
            let next = changed(&mut rng, &puzzle, &solution);
            puzzle = next.0;
            solution = next.1;
            assert!(solution.solves(&puzzle));
            assert_eq!(any::count_solutions(&puzzle, 2), 1);
        }
    }
}
