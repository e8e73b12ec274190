//! Naked and hidden singles on boards of every size, round by round: what
//! `sudoku propagate` shows.
//!
//! Glossary: the *candidates* of a blank are the values its row, column
//! and box do not hold yet (a mask, bit `v - 1` for value `v`); a *naked
//! single* is a blank with one candidate, which it gets; a *hidden single*
//! a value with one place left in a unit, where it goes. Both are sound:
//! every solution of the board holds them, so filling them loses nothing.
//!
//! A round ([`round`]) applies every naked single of the board as it
//! stands, row-major, then every hidden single of the result, looking at
//! the boxes, then the rows, then the columns, values ascending. Singles
//! found together are applied one by one; one whose cell an earlier single
//! of the round filled, or whose value it took, is dropped. This is the
//! order of the 9×9 grader's techniques ([`crate::logic::techniques`]), so
//! on 9×9 boards the rounds fill the same cells in the same order.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;

/// One single, applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Single {
    /// The cell filled, 0..N² row-major.
    pub cell: usize,
    /// Its value, 1..=N.
    pub value: u8,
    /// `None` for a naked single; for a hidden single the unit (rows
    /// `0..N`, columns `N..2N`, boxes `2N..3N`) where the value had one
    /// place left.
    pub unit: Option<usize>,
}

impl Single {
    /// The single in words on a board of `shape` written in `convention`:
    /// `r3c5 = 7 (naked single)`, `r12c3 = G (hidden single in box 10)`.
    pub fn describe(&self, shape: Shape, convention: Convention) -> String {
        let why = match self.unit {
            None => "naked single".to_string(),
            Some(u) => format!("hidden single in {}", shape.unit_name(u)),
        };
        format!(
            "{} = {} ({})",
            shape.cell_name(self.cell),
            convention.write(self.value, '.'),
            why
        )
    }
}

/// One round of singles on `grid` (see the module notes): every naked
/// single, then, unless `naked_only`, every hidden single of the grid that
/// results, each written into `grid` as it is made. Returns the singles
/// applied, in order; empty at the fixed point (or when the givens clash
/// or nothing is blank).
///
/// Cost: O(N²) for the naked singles, O(N³) for the hidden ones.
pub fn round(grid: &mut Grid, naked_only: bool) -> Vec<Single> {
    let mut done = Vec::new();
    if grid.first_clash().is_some() {
        return done;
    }
    let mut marks = Used::new(grid);
    let naked: Vec<Single> = (0..grid.cells().len())
        .filter(|&i| grid.get(i) == 0 && marks.free(i).count_ones() == 1)
        .map(|i| Single {
            cell: i,
            value: marks.free(i).trailing_zeros() as u8 + 1,
            unit: None,
        })
        .collect();
    marks.apply(grid, naked, &mut done);
    if !naked_only {
        let hidden = marks.hidden_singles(grid);
        marks.apply(grid, hidden, &mut done);
    }
    done
}

/// The values placed in each unit of a grid, as masks.
struct Used {
    shape: Shape,
    /// Bits 0 to N − 1: every value.
    all: u32,
    /// The values in unit `u` (bit `v - 1`).
    units: Vec<u32>,
}

impl Used {
    fn new(grid: &Grid) -> Used {
        let shape = grid.shape();
        let mut used = Used {
            shape,
            all: (1u32 << shape.size()) - 1,
            units: vec![0; shape.unit_count()],
        };
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                used.mark(i, v);
            }
        }
        used
    }

    fn mark(&mut self, i: usize, v: u8) {
        for u in self.shape.units_of(i) {
            self.units[u] |= 1 << (v - 1);
        }
    }

    /// The candidates of blank `i`.
    fn free(&self, i: usize) -> u32 {
        let [r, c, b] = self.shape.units_of(i);
        self.all & !(self.units[r] | self.units[c] | self.units[b])
    }

    /// Writes each of `singles` into `grid` and onto `done`, but for one
    /// whose cell is filled, or whose value is no candidate there, by now.
    fn apply(&mut self, grid: &mut Grid, singles: Vec<Single>, done: &mut Vec<Single>) {
        for s in singles {
            if grid.get(s.cell) == 0 && self.free(s.cell) & 1 << (s.value - 1) != 0 {
                grid.set(s.cell, s.value);
                self.mark(s.cell, s.value);
                done.push(s);
            }
        }
    }

    /// The hidden singles of `grid`: boxes, then rows, then columns,
    /// values ascending; a cell at most once (for the first unit that
    /// finds it).
    fn hidden_singles(&self, grid: &Grid) -> Vec<Single> {
        let n = self.shape.size();
        let mut taken = vec![false; grid.cells().len()];
        let mut found = Vec::new();
        for u in (2 * n..3 * n).chain(0..2 * n) {
            let blanks: Vec<usize> = self.shape.unit(u).filter(|&i| grid.get(i) == 0).collect();
            for v in 1..=n as u8 {
                let bit = 1 << (v - 1);
                let mut places = blanks.iter().filter(|&&i| self.free(i) & bit != 0);
                if let (Some(&i), None) = (places.next(), places.next()) {
                    if !taken[i] {
                        taken[i] = true;
                        found.push(Single {
                            cell: i,
                            value: v,
                            unit: Some(u),
                        });
                    }
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::grid;
    use crate::board::shape::boxes;
    use crate::logic::candidates::Candidates;
    use crate::logic::techniques;
    use crate::rng::Rng;
    use crate::testdata::{cells, BRUTE, ESCARGOT, EULER_01, INKALA};
    use crate::Board;

    /// Every round until the fixed point.
    fn rounds(grid: &mut Grid, naked_only: bool) -> Vec<Vec<Single>> {
        let mut all = Vec::new();
        loop {
            let done = round(grid, naked_only);
            if done.is_empty() {
                return all;
            }
            all.push(done);
        }
    }

    #[test]
    fn nine_by_nine_rounds_are_the_graders_singles_in_the_same_order() {
        for text in [EULER_01, BRUTE, ESCARGOT, INKALA] {
            let board = Board(cells(text));
            for naked_only in [false, true] {
                let mut expected = Candidates::new(&board).unwrap();
                let mut g = Grid::from_board(&board);
                for done in rounds(&mut g, naked_only) {
                    let theirs = techniques::singles_round(&mut expected, naked_only);
                    let shape = Shape::CLASSIC;
                    let ours: Vec<String> = done
                        .iter()
                        .map(|s| s.describe(shape, Convention::Digits))
                        .collect();
                    let theirs: Vec<String> = theirs.iter().map(|s| s.to_string()).collect();
                    assert_eq!(ours, theirs, "{}", text);
                }
                assert!(techniques::singles_round(&mut expected, naked_only).is_empty());
                assert_eq!(g.to_board(), Some(expected.board()), "{}", text);
            }
        }
    }

    #[test]
    fn singles_solve_the_brute_force_puzzle_but_naked_ones_alone_do_nothing() {
        let puzzle = Grid::from_board(&Board(cells(BRUTE)));
        let mut g = puzzle.clone();
        assert!(!rounds(&mut g, false).is_empty());
        assert!(g.solves(&puzzle));
        let mut naked = puzzle.clone();
        assert!(round(&mut naked, true).is_empty());
    }

    #[test]
    fn a_6x6_round_fills_naked_then_hidden_singles() {
        // The 2x3 grid 123456/456123/231564/564231/312645/645312 with
        // r1c1 and r6c6 blanked: both are naked singles.
        let shape = boxes(2, 3);
        let mut g = grid(shape, ".23456456123231564564231312645645312");
        g.set(35, 0);
        let done = round(&mut g, false);
        let text: Vec<String> = done
            .iter()
            .map(|s| s.describe(shape, Convention::Digits))
            .collect();
        assert_eq!(text, ["r1c1 = 1 (naked single)", "r6c6 = 2 (naked single)"]);
        assert!(g.is_full() && g.first_clash().is_none());
    }

    #[test]
    fn a_hidden_single_names_its_unit_in_the_convention() {
        // 16x16: value 16 is in rows 2 to 4 and in columns 2 to 4 away
        // from box 1, so box 1 has one place left for it, r1c1.
        let shape = boxes(4, 4);
        let mut g = Grid::empty(shape);
        for k in 1..4 {
            g.set(shape.cell(k, 4 * k), 16); // rows 2-4, boxes 2-4
            g.set(shape.cell(4 * k, k), 16); // columns 2-4, boxes 5, 9, 13
        }
        let done = round(&mut g, false);
        assert_eq!(
            done[0],
            Single {
                cell: 0,
                value: 16,
                unit: Some(32)
            }
        );
        assert_eq!(
            done[0].describe(shape, Convention::Letters),
            "r1c1 = P (hidden single in box 1)"
        );
        assert_eq!(
            done[0].describe(shape, Convention::Digits),
            "r1c1 = G (hidden single in box 1)"
        );
    }

    #[test]
    fn singles_only_ever_write_the_solutions_values() {
        let mut rng = Rng::new(12);
        let mut puzzles = vec![grid(boxes(4, 4), crate::solve::any::bench::HARD_16X16)];
        for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
            for _ in 0..4 {
                let options = crate::generate::GenOptions::default();
                let made = crate::generate::generate(&mut rng, boxes(r, c), &options).unwrap();
                puzzles.push(made.puzzle);
            }
        }
        for puzzle in puzzles {
            let solution = crate::solve::any::solve(&puzzle).unwrap();
            let mut g = puzzle.clone();
            rounds(&mut g, false);
            assert!(g.blanks() < puzzle.blanks(), "{}", puzzle.shape());
            for i in 0..g.cells().len() {
                assert!(g.get(i) == 0 || g.get(i) == solution.get(i));
            }
        }
    }

    #[test]
    fn clashing_or_full_grids_make_no_round() {
        let shape = boxes(2, 2);
        let mut clash = Grid::empty(shape);
        clash.set(0, 1);
        clash.set(1, 1);
        assert!(round(&mut clash, false).is_empty());
        let mut full = grid(shape, "1234341221434321");
        assert!(round(&mut full, false).is_empty());
    }
}
