//! Why a search undoes a value, and which values it passed over before
//! placing one: [`Explainer`] follows a traced search step by step and
//! says, at every undo, which branch point below it ran out ([`Exhausted`]:
//! a cell with no candidate left, or a value with no place left in a
//! unit), and at every placement, which values a row, column or box ruled
//! out on the way to it.
//!
//! It replays each pattern's own choice of branch point on its copy of
//! the board: the first blank row-major (`scan`, `blank-list`,
//! `used-tables`, `bitmask`), the blank with the fewest free values in
//! the order its list has been swapped to (`fewest-candidates`), the first
//! constraint with the fewest matrix rows left (`dlx`). The undone value's
//! branch point is the one chosen just below it: every value tried there
//! failed, or there was none.

use crate::board::grid::Grid;
use crate::board::symbol::Convention;
use crate::study::patterns::{Extra, Move, Pattern};

/// The branch point below an undone value that ran out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exhausted {
    /// This blank had no candidate left.
    Cell(usize),
    /// `value` had no place left in `unit` (dancing links only).
    Place {
        /// The unit: rows 0..N, columns N..2N, boxes (or a jigsaw's
        /// regions) 2N..3N, the diagonals 3N and 3N + 1.
        unit: usize,
        /// The value, 1..=N.
        value: u8,
    },
}

impl Exhausted {
    /// `r3c2 has no candidate left` or `no place left for 5 in box 2`
    /// (`region 2`, `the main diagonal`), on the board of `puzzle`.
    pub fn describe(&self, puzzle: &Grid, convention: Convention) -> String {
        let shape = puzzle.shape();
        match *self {
            Exhausted::Cell(i) => format!("{} has no candidate left", shape.cell_name(i)),
            Exhausted::Place { unit, value } => format!(
                "no place left for {} in {}",
                convention.write(value, '.'),
                puzzle.variant().area(shape, unit).name(shape)
            ),
        }
    }
}

/// What one step of a search tells beyond its event line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Explanation {
    /// A placement, and the values ruled out in its cell that the search
    /// passed over since the value it last tried there (ascending).
    Placed(Vec<u8>),
    /// An undo, and the branch point below it that ran out.
    Undone(Exhausted),
}

/// Follows one pattern's search on one puzzle; see the module header.
pub struct Explainer {
    pattern: Pattern,
    /// N: the values are 1..=N.
    n: usize,
    board: Vec<u8>,
    /// The units of each cell (row, column, box or region, diagonals).
    units_of: Vec<Vec<usize>>,
    /// The cells of each unit.
    unit_cells: Vec<Vec<usize>>,
    /// Used values per unit, bit `v - 1` for value `v`.
    used: Vec<u32>,
    /// A killer board's cages, kept as the patterns keep them (and its
    /// diagonals, again).
    extra: Option<Extra>,
    /// `fewest-candidates` only: its blank list, swapped as it swaps it.
    list: Vec<usize>,
    /// `fewest-candidates` only: per level, the position swapped into
    /// place while that level is being searched.
    entered: Vec<Option<usize>>,
    /// The cell and value of the previous step when it was an undo.
    undone: Option<(usize, u8)>,
}

impl Explainer {
    /// An explainer for `pattern` searching `puzzle` (givens free of
    /// clashes).
    pub fn new(puzzle: &Grid, pattern: Pattern) -> Explainer {
        let shape = puzzle.shape();
        let rules = puzzle.variant();
        let units_of: Vec<Vec<usize>> = (0..shape.cell_count())
            .map(|i| rules.units_of(shape, i).collect())
            .collect();
        let unit_cells = (0..rules.unit_count(shape))
            .map(|u| rules.unit_cells(shape, u))
            .collect();
        let mut used = vec![0u32; rules.unit_count(shape)];
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                for &u in &units_of[i] {
                    used[u] |= value_bit(v);
                }
            }
        }
        let list: Vec<usize> = (0..shape.cell_count())
            .filter(|&i| puzzle.get(i) == 0)
            .collect();
        Explainer {
            pattern,
            n: shape.size(),
            board: puzzle.cells().to_vec(),
            units_of,
            unit_cells,
            used,
            extra: Extra::of(puzzle),
            entered: vec![None; list.len() + 1],
            list,
            undone: None,
        }
    }

    /// Takes the next step of the search (in order, each once) and says
    /// what it tells. Cost: O(N²) a step, O(N³) at an undo of `dlx`.
    pub fn explain(&mut self, step: Move) -> Explanation {
        match step {
            Move::Place { cell, value, depth } => {
                if self.pattern == Pattern::FewestCandidates && self.entered[depth - 1].is_none() {
                    let best = self.fewest_free(depth - 1);
                    self.list.swap(depth - 1, best);
                    self.entered[depth - 1] = Some(best);
                }
                let from = match self.undone {
                    Some((i, v)) if i == cell => v + 1,
                    _ => 1,
                };
                let free = self.free(cell);
                let rejected = (from..value)
                    .filter(|&v| free & value_bit(v) == 0)
                    .collect();
                self.set(cell, value);
                self.undone = None;
                Explanation::Placed(rejected)
            }
            Move::Undo { cell, depth } => {
                let below = depth + 1;
                let exhausted = match self.pattern {
                    Pattern::FewestCandidates => match self.entered[below].take() {
                        Some(best) => {
                            let i = self.list[below];
                            self.list.swap(below, best);
                            Exhausted::Cell(i)
                        }
                        None => Exhausted::Cell(self.list[self.fewest_free(below)]),
                    },
                    Pattern::Dlx => self.smallest_constraint(),
                    _ => Exhausted::Cell(self.board.iter().position(|&v| v == 0).unwrap_or(0)),
                };
                self.undone = Some((cell, self.board[cell]));
                self.set(cell, 0);
                Explanation::Undone(exhausted)
            }
        }
    }

    /// The free values of cell `i`, as bits.
    fn free(&self, i: usize) -> u32 {
        let all = (1u32 << self.n) - 1;
        let used = self.units_of[i].iter().fold(0, |m, &u| m | self.used[u]);
        let free = all & !used;
        match &self.extra {
            Some(extra) => free & extra.free(i),
            None => free,
        }
    }

    /// Writes `value` (0: erases) into cell `i`, keeping the used masks.
    fn set(&mut self, i: usize, value: u8) {
        let old = self.board[i];
        let bit = value_bit(old) | value_bit(value);
        for &u in &self.units_of[i] {
            self.used[u] ^= bit;
        }
        if let Some(extra) = &mut self.extra {
            match value {
                0 => extra.flip(i, old, false),
                v => extra.flip(i, v, true),
            }
        }
        self.board[i] = value;
    }

    /// `fewest-candidates`' choice at level `k`: the position in
    /// `list[k..]` of the blank with the fewest free values, the first of
    /// a tie, stopping at 0 or 1.
    fn fewest_free(&self, k: usize) -> usize {
        let (mut best, mut fewest) = (k, u32::MAX);
        for (j, &i) in self.list.iter().enumerate().skip(k) {
            let n = self.free(i).count_ones();
            if n < fewest {
                best = j;
                fewest = n;
                if n <= 1 {
                    break;
                }
            }
        }
        best
    }

    /// `dlx`'s choice: the first constraint, cells first (row-major), then
    /// each unit's values (rows, columns, boxes or regions, diagonals;
    /// values ascending), with the fewest matrix rows, stopping at 0 or 1.
    fn smallest_constraint(&self) -> Exhausted {
        let n = self.n;
        let mut best = (u32::MAX, Exhausted::Cell(0));
        for i in (0..n * n).filter(|&i| self.board[i] == 0) {
            let rows = self.free(i).count_ones();
            if rows < best.0 {
                best = (rows, Exhausted::Cell(i));
                if rows <= 1 {
                    return best.1;
                }
            }
        }
        let mut places = [0u32; 32];
        for (unit, cells) in self.unit_cells.iter().enumerate() {
            // The places of every value of the unit in one pass over it.
            places.iter_mut().for_each(|p| *p = 0);
            for &i in cells.iter().filter(|&&i| self.board[i] == 0) {
                let mut free = self.free(i);
                while free != 0 {
                    places[free.trailing_zeros() as usize + 1] += 1; // by value
                    free &= free - 1;
                }
            }
            for value in 1..=n as u8 {
                let rows = places[value as usize];
                if self.used[unit] & value_bit(value) == 0 && rows < best.0 {
                    best = (rows, Exhausted::Place { unit, value });
                    if rows <= 1 {
                        return best.1;
                    }
                }
            }
        }
        best.1
    }
}

/// The mask bit of value `v`: bit `v - 1`; none for 0 (a blank).
fn value_bit(v: u8) -> u32 {
    match v {
        0 => 0,
        _ => 1 << (v - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::{boxes, Shape};
    use crate::rng::Rng;
    use crate::solve::any::variants::{random_board, Kind};
    use crate::study::trace::trace;
    use crate::testdata::{cells, BRUTE, ESCARGOT, EULER_01, UNSOLVABLE};
    use crate::Board;

    /// True when the rules rule out value `v` in blank `i`: it is in a
    /// unit or cage of the cell, or a cage's sum leaves no room for it.
    fn clashes(board: &Grid, i: usize, v: u8) -> bool {
        let shape = board.shape();
        let by_peer = board
            .variant()
            .peers(shape, i)
            .iter()
            .any(|&j| board.get(j) == v);
        let by_sum = Extra::of(board).is_some_and(|x| x.free(i) & value_bit(v) == 0);
        by_peer || by_sum
    }

    /// Every undo's branch point is where the search really branched just
    /// below it: the placements one level down (if any) are all in that
    /// cell, or all of that value in that unit; with none, it has no
    /// candidate (no place) at all.
    fn check(puzzle: &Grid, pattern: Pattern, limit: u64) -> (usize, usize) {
        let shape = puzzle.shape();
        let mut steps = Vec::new();
        trace(puzzle, pattern, Some(limit), |e| {
            steps.push(e.step);
            true
        })
        .unwrap();
        let mut ex = Explainer::new(puzzle, pattern);
        let mut board = puzzle.clone();
        let (mut checked, mut units) = (0, 0);
        for (k, &step) in steps.iter().enumerate() {
            let explanation = ex.explain(step);
            if let (Move::Undo { depth, .. }, Explanation::Undone(why)) = (step, &explanation) {
                // The placements one level below, back to this cell's placement.
                let start = steps[..k]
                    .iter()
                    .rposition(|s| matches!(*s, Move::Place { depth: d, .. } if d == depth + 1))
                    .unwrap();
                let below: Vec<(usize, u8)> = steps[start + 1..k]
                    .iter()
                    .filter_map(|s| match *s {
                        Move::Place {
                            cell,
                            value,
                            depth: d,
                        } if d == depth + 2 => Some((cell, value)),
                        _ => None,
                    })
                    .collect();
                match *why {
                    Exhausted::Cell(i) => {
                        assert_eq!(board.get(i), 0, "{} step {}", pattern, k);
                        assert!(below.iter().all(|&(c, _)| c == i), "{} step {}", pattern, k);
                        if below.is_empty() {
                            assert!((1..=shape.size() as u8).all(|v| clashes(&board, i, v)));
                        }
                    }
                    Exhausted::Place { unit, value } => {
                        units += 1;
                        let cells = puzzle.variant().unit_cells(shape, unit);
                        assert!(below.iter().all(|&(c, v)| v == value && cells.contains(&c)));
                    }
                }
                checked += 1;
            }
            if let (Move::Place { cell, value, .. }, Explanation::Placed(rejected)) =
                (step, &explanation)
            {
                assert!(rejected
                    .iter()
                    .all(|&v| v < value && clashes(&board, cell, v)));
            }
            crate::study::trace::apply(&mut board, step);
        }
        (checked, units)
    }

    #[test]
    fn every_undo_names_the_branch_point_that_ran_out() {
        let brute = Grid::from_board(&Board(cells(BRUTE)));
        let euler = Grid::from_board(&Board(cells(EULER_01)));
        let escargot = Grid::from_board(&Board(cells(ESCARGOT)));
        let unsolvable = Grid::from_board(&Board(cells(UNSOLVABLE)));
        let six = crate::board::grid::grid(boxes(2, 3), "1.......3.......5..2.......4.......6");
        for pattern in [
            Pattern::Scan,
            Pattern::UsedTables,
            Pattern::Bitmask,
            Pattern::FewestCandidates,
            Pattern::Dlx,
        ] {
            let hard = [&brute, &escargot, &unsolvable];
            let counts: Vec<(usize, usize)> =
                hard.iter().map(|p| check(p, pattern, 5000)).collect();
            let undos: usize = counts.iter().map(|c| c.0).sum();
            let units: usize = counts.iter().map(|c| c.1).sum();
            assert!(undos > 100, "{}: {}", pattern, undos);
            // Only dancing links branches on a value's places in a unit.
            assert_eq!(units > 0, pattern == Pattern::Dlx, "{}: {}", pattern, units);
            check(&euler, pattern, 1000);
            check(&six, pattern, 1000);
        }
    }

    #[test]
    fn every_undo_on_a_variant_board_names_its_branch_point() {
        let mut rng = Rng::new(7);
        let mut units = 0;
        for _ in 0..3 {
            for (r, c) in [(2, 2), (2, 3), (3, 3)] {
                for kind in [Kind::X, Kind::Jigsaw, Kind::Killer, Kind::XJigsaw] {
                    let Some((board, _)) = random_board(&mut rng, boxes(r, c), kind) else {
                        continue;
                    };
                    for pattern in [Pattern::Bitmask, Pattern::FewestCandidates, Pattern::Dlx] {
                        if pattern != Pattern::Dlx || crate::study::patterns::dlx::plays(&board) {
                            units += check(&board, pattern, 1000).1;
                        }
                    }
                }
            }
        }
        assert!(units > 0, "dancing links ran out of places in some unit");
    }

    #[test]
    fn variant_units_are_named_for_people() {
        let x = Grid::empty(Shape::CLASSIC)
            .with_variant(std::sync::Arc::new(
                crate::board::variant::Variant::classic().with_diagonals(true),
            ))
            .unwrap();
        let place = |unit| Exhausted::Place { unit, value: 5 };
        assert_eq!(
            place(27).describe(&x, Convention::Digits),
            "no place left for 5 in the main diagonal"
        );
        assert_eq!(
            place(28).describe(&x, Convention::Digits),
            "no place left for 5 in the anti-diagonal"
        );
    }

    #[test]
    fn reasons_read_as_documented() {
        let board = Grid::empty(Shape::CLASSIC);
        assert_eq!(
            Exhausted::Cell(19).describe(&board, Convention::Digits),
            "r3c2 has no candidate left"
        );
        let place = Exhausted::Place { unit: 19, value: 5 };
        assert_eq!(
            place.describe(&board, Convention::Digits),
            "no place left for 5 in box 2"
        );
    }

    #[test]
    fn the_first_undo_of_the_ordinary_puzzle_is_explained() {
        let puzzle = Grid::from_board(&Board(cells(EULER_01)));
        let mut ex = Explainer::new(&puzzle, Pattern::Bitmask);
        let mut lines = Vec::new();
        trace(&puzzle, Pattern::Bitmask, Some(3), |e| {
            let why = match ex.explain(e.step) {
                Explanation::Placed(r) => format!("{:?}", r),
                Explanation::Undone(x) => x.describe(&puzzle, Convention::Digits),
            };
            lines.push(format!(
                "{} {}",
                e.describe(puzzle.shape(), Convention::Digits),
                why
            ));
            true
        })
        .unwrap();
        assert_eq!(lines[0], "place r1c1=4 depth=1 [1, 2, 3]");
    }
}
