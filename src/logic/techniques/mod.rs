//! Human techniques on the 9×9 candidates grid: the deductions a person
//! makes with a pencil, one implementation of each, and the two ways the
//! grader moves on ([`next_step`], [`guess`]).
//!
//! Glossary (the grid's own words are in [`crate::logic::candidates`]):
//! - *unit*: a row, column or box ([`UNITS`]: rows 0–8, columns 9–17,
//!   boxes 18–26);
//! - *step*: one application of a technique, a placement or a set of
//!   eliminations, that can be explained in words ([`Step`]'s `Display`).
//!
//! Techniques, simplest first ([`Technique::ALL`] is this order), one file
//! per family:
//!
//! | file | technique | what it sees | what it does |
//! |---|---|---|---|
//! | `naked_hidden.rs` | naked single | a cell with one candidate | places it |
//! | `naked_hidden.rs` | hidden single | a digit with one place left in a unit | places it |
//! | `locked.rs` | pointing pair/triple | a digit of a box confined to one row or column | removes it from the rest of that line |
//! | `locked.rs` | box/line reduction | a digit of a row or column confined to one box | removes it from the rest of that box |
//! | `pairs.rs` | naked pair | two cells of a unit with the same two candidates | removes those digits from the unit's other cells |
//! | `pairs.rs` | hidden pair | two digits of a unit with the same two places | removes every other candidate from those cells |
//! | `x_wing.rs` | x-wing | a digit with the same two places in two rows (columns) | removes it from the rest of those columns (rows) |
//! | this file | guess | nothing above applies | places the solution's digit in a cell with fewest candidates |
//!
//! (The singles of `naked_hidden.rs` work on this 9×9 grid; the singles
//! round `sudoku propagate` shows, at every size, is
//! [`crate::logic::singles`].)
//!
//! A guess is not a deduction: it is how the grader goes on once logic is
//! stuck, and it marks the puzzle as needing search.
//!
//! Every finder is O(81·9) or so per call and allocates only its result.
//! Each appends the steps it finds to `out`, in its scan order, and stops
//! once `out` holds `limit` steps.

mod locked;
mod naked_hidden;
mod pairs;
mod x_wing;

#[cfg(test)]
pub(crate) use naked_hidden::singles_round;

use crate::board::nine::{Board, UNITS};
use crate::logic::candidates::Candidates;
use crate::logic::step::{Step, Technique};

/// Finds up to `limit` applications of `technique` in `grid` as it stands
/// (each found independently of the others; a cell is placed at most once).
/// Every returned step makes progress. [`Technique::Guess`] is never found
/// here: see [`guess`]. Scan order, which fixes which step comes first:
/// naked singles row-major; hidden singles boxes, then rows, then columns,
/// digits ascending; the other techniques unit by unit in [`UNITS`] order.
pub fn find(grid: &Candidates, technique: Technique, limit: usize) -> Vec<Step> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    match technique {
        Technique::NakedSingle => naked_hidden::naked_singles(grid, limit, &mut out),
        Technique::HiddenSingle => naked_hidden::hidden_singles(grid, limit, &mut out),
        Technique::Pointing => locked::pointing(grid, limit, &mut out),
        Technique::BoxLine => locked::box_line(grid, limit, &mut out),
        Technique::NakedPair => pairs::naked_pairs(grid, limit, &mut out),
        Technique::HiddenPair => pairs::hidden_pairs(grid, limit, &mut out),
        Technique::XWing => x_wing::x_wings(grid, limit, &mut out),
        Technique::Guess => {}
    }
    out
}

/// The first step of the simplest technique among `techniques` that makes
/// progress, or `None` when none applies.
pub fn next_step(grid: &Candidates, techniques: &[Technique]) -> Option<Step> {
    techniques
        .iter()
        .find_map(|&t| find(grid, t, 1).into_iter().next())
}

/// A guess: the first blank (row-major) with the fewest candidates gets
/// `solution`'s digit. `None` when the grid is full.
pub fn guess(grid: &Candidates, solution: &Board) -> Option<Step> {
    let i = (0..81)
        .filter(|&i| grid.cell(i) == 0)
        .min_by_key(|&i| grid.candidates(i).count_ones())?;
    Some(Step {
        technique: Technique::Guess,
        place: Some((i, solution.0[i])),
        remove: Vec::new(),
        digits: grid.candidates(i),
        cells: vec![i],
        units: Vec::new(),
    })
}

/// The cells of unit `u` at the positions of `places` (bit `k` =
/// `UNITS[u][k]`, as [`Candidates::places`] gives them), ascending.
fn unit_cells(u: usize, places: u16) -> Vec<usize> {
    (0..9)
        .filter(|k| places & (1 << k) != 0)
        .map(|k| UNITS[u][k] as usize)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::bit_of;
    use crate::testdata::{cells, INKALA};

    #[test]
    fn guess_takes_the_first_blank_with_fewest_candidates() {
        let puzzle = Board(cells(INKALA));
        let grid = Candidates::new(&puzzle).unwrap();
        let solution = crate::solve::nine::solve(&puzzle).unwrap();
        let step = guess(&grid, &solution).unwrap();
        let (i, d) = step.place.unwrap();
        let fewest = (0..81)
            .filter(|&j| grid.cell(j) == 0)
            .map(|j| grid.candidates(j).count_ones())
            .min()
            .unwrap();
        assert_eq!(grid.candidates(i).count_ones(), fewest);
        assert!((0..i).all(|j| grid.cell(j) != 0 || grid.candidates(j).count_ones() > fewest));
        assert_eq!(d, solution.0[i]);
        assert_eq!(step.digits, grid.candidates(i));
        assert!(step.digits & bit_of(d) != 0);
        assert_eq!(guess(&Candidates::new(&solution).unwrap(), &solution), None);
    }

    #[test]
    fn next_step_takes_the_simplest_technique_that_applies() {
        let grid = Candidates::new(&Board(cells(INKALA))).unwrap();
        assert!(find(&grid, Technique::NakedSingle, 0).is_empty());
        let all = Technique::ALL;
        let first = all[..7]
            .iter()
            .copied()
            .find(|&t| !find(&grid, t, 1).is_empty());
        assert_eq!(next_step(&grid, &all).map(|s| s.technique), first);
        assert_eq!(next_step(&grid, &[]), None);
    }
}
