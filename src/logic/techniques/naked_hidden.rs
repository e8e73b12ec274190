//! Naked and hidden singles on the 9×9 candidates grid: the two
//! techniques that place a digit.
//!
//! A *naked single* is a blank with one candidate left; a *hidden single*
//! a digit with one place left in a unit. (The any-size singles round of
//! `sudoku propagate` is [`crate::logic::singles`]; its tests check it
//! against `singles_round` here, step for step.)

use crate::board::nine::UNITS;
use crate::logic::candidates::{bit_of, Candidates};
use crate::logic::step::{Step, Technique};

/// The step that puts digit `d` in cell `i`.
fn placement(technique: Technique, i: usize, d: u8, units: Vec<usize>) -> Step {
    Step {
        technique,
        place: Some((i, d)),
        remove: Vec::new(),
        digits: bit_of(d),
        cells: vec![i],
        units,
    }
}

/// Naked singles, row-major.
pub(super) fn naked_singles(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for i in 0..81 {
        let m = grid.candidates(i);
        if grid.cell(i) == 0 && m.count_ones() == 1 {
            let d = m.trailing_zeros() as u8 + 1;
            out.push(placement(Technique::NakedSingle, i, d, Vec::new()));
            if out.len() == limit {
                return;
            }
        }
    }
}

/// Hidden singles: boxes, then rows, then columns, digits ascending; a
/// cell at most once (for the first unit that finds it).
pub(super) fn hidden_singles(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    let mut taken = [false; 81];
    for u in (18..27).chain(0..18) {
        for d in 1..=9u8 {
            let places = grid.places(u, d);
            if places.count_ones() != 1 {
                continue;
            }
            let i = UNITS[u][places.trailing_zeros() as usize] as usize;
            if taken[i] {
                continue;
            }
            taken[i] = true;
            out.push(placement(Technique::HiddenSingle, i, d, vec![u]));
            if out.len() == limit {
                return;
            }
        }
    }
}

/// One round of singles on the 9×9 grid: every naked single of the grid
/// as it stands (row-major), then, unless `naked_only`, every hidden single
/// of the grid that results. Steps are applied as they are made; a step
/// whose cell was filled, or whose digit was removed, by an earlier step of
/// the round is dropped. Returns the steps applied (empty at the fixed
/// point). `sudoku propagate` uses [`crate::logic::singles`] (every size);
/// this is the 9×9 reference its tests compare against.
#[cfg(test)]
pub(crate) fn singles_round(grid: &mut Candidates, naked_only: bool) -> Vec<Step> {
    let mut done = Vec::new();
    let kinds: &[Technique] = if naked_only {
        &[Technique::NakedSingle]
    } else {
        &[Technique::NakedSingle, Technique::HiddenSingle]
    };
    for &t in kinds {
        for step in super::find(grid, t, 81) {
            if let Some((i, d)) = step.place {
                if grid.cell(i) != 0 || !grid.has(i, d) {
                    continue;
                }
            }
            grid.apply(&step);
            done.push(step);
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::nine::Board;
    use crate::logic::techniques::find;
    use crate::testdata::{cells, BRUTE};

    #[test]
    fn a_naked_single_names_its_cell() {
        // Row 1 holds 1 to 8 in columns 1 to 8: r1c9 can only be 9.
        let mut b = Board::EMPTY;
        for c in 0..8 {
            b.0[c] = c as u8 + 1;
        }
        let g = Candidates::new(&b).unwrap();
        let s = find(&g, Technique::NakedSingle, 81);
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].place, Some((8, 9)));
        assert_eq!(s[0].digits, bit_of(9));
        assert_eq!(s[0].to_string(), "r1c9 = 9 (naked single)");
    }

    #[test]
    fn brute_force_puzzle_has_no_naked_single_but_a_hidden_one() {
        let g = Candidates::new(&Board(cells(BRUTE))).unwrap();
        assert!(find(&g, Technique::NakedSingle, 81).is_empty());
        let hidden = find(&g, Technique::HiddenSingle, 81);
        assert!(!hidden.is_empty());
        let solution = crate::solve::nine::solve(&Board(cells(BRUTE))).unwrap();
        for s in hidden {
            let (i, d) = s.place.unwrap();
            assert_eq!(solution.0[i], d, "{}", s);
        }
    }

    #[test]
    fn singles_rounds_solve_the_brute_force_puzzle() {
        let mut g = Candidates::new(&Board(cells(BRUTE))).unwrap();
        let mut rounds = 0;
        while !singles_round(&mut g, false).is_empty() {
            rounds += 1;
        }
        assert!(g.is_solved());
        assert!(rounds > 1);
        assert!(g.board().solves(&Board(cells(BRUTE))));
        let mut naked = Candidates::new(&Board(cells(BRUTE))).unwrap();
        assert!(singles_round(&mut naked, true).is_empty());
    }

    #[test]
    fn hidden_single_text_names_the_unit() {
        // Digit 7 fits only r1c1 in box 1: the 7s of rows 2 and 3 and of
        // columns 2 and 3 close the other cells.
        let mut b = Board::EMPTY;
        b.0[9 + 4] = 7; // r2c5
        b.0[18 + 7] = 7; // r3c8
        b.0[27 + 1] = 7; // r4c2
        b.0[63 + 2] = 7; // r8c3
        let g = Candidates::new(&b).unwrap();
        let s = find(&g, Technique::HiddenSingle, 1).remove(0);
        assert_eq!(s.to_string(), "r1c1 = 7 (hidden single in box 1)");
    }
}
