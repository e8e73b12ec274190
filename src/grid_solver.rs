//! Solving and counting on boards of any shape, 1×1 to 25×25.
//!
//! Every function here takes a [`Grid`]. A grid of the classic 3×3 shape
//! goes to the 9×9 engine ([`crate::solver`]) through a lossless
//! conversion to [`crate::Board`], so 9×9 keeps its speed; every other
//! shape goes to the general engine below.
//!
//! # The general engine
//! Glossary: N is the size (values 1..=N), a *unit* a row, column or box
//! (3N of them, numbered as in [`crate::shape`]), and a *used mask* a
//! `u32` whose bit `v - 1` is set when value `v` is in that unit already.
//! The free values of a blank are `FULL & !(used[row] | used[col] |
//! used[box])`; N ≤ 25, so one `u32` holds them.
//!
//! A search state is the cells plus the 3N used masks (under 1 KiB at
//! 25×25). At every node, propagation repeats two sweeps until neither
//! places anything:
//! 1. *naked singles*: every blank is visited; one with no free value is a
//!    contradiction, one with a single free value gets it;
//! 2. *hidden singles*: in every unit, bit-sliced counting over its blanks'
//!    free masks (`twice |= once & free; once |= free`) finds a value with
//!    no place left (a contradiction) and one with a single place (placed).
//!
//! Both rules place only values that every completion of the state uses,
//! so propagation loses no solution. When it stalls, the engine branches
//! on a blank: the first (row-major) with the fewest free values, its
//! values in ascending order ([`Order::Fast`]); or, for the smallest
//! solution, the first blank row-major ([`Order::RowMajor`]), so branches
//! are visited in lexicographic order and the first solution found is the
//! smallest. The search is iterative: a stack of frames holds, per branch
//! point, a copy of the state before the branch and the values still to
//! try; a contradiction goes back to the latest frame with a value left.
//!
//! # Why a 9×9 fast path
//! The 9×9 engine's bitboards per digit and band and its band-wise locked
//! candidates are tied to 3×3 boxes and 81 cells; the general engine pays
//! for its generality with a plain scan of the board at each sweep.
//! Measured on top1465's hard 9×9 puzzles (see `bench_classic_paths` at
//! the end of this file), the general engine is several times slower than
//! the 9×9 one, so 3×3 grids are handed over; the conversion costs two
//! copies of 81 bytes. The figures are in the report
//! (`cargo test --release --lib grid_solver -- --ignored --nocapture`).

use crate::grid::Grid;
use crate::rng::Rng;
use crate::shape::{Shape, MAX_CELLS};
use crate::solver::{self, SearchStats};

/// Returns some solution of `puzzle`, or `None` when it has none
/// (including when its givens clash).
///
/// Cost: 3×3 as [`solver::solve`]; a hard 16×16 (60 % blank) in a few
/// milliseconds, a half-blank 25×25 in about a millisecond (figures in the
/// module header's benchmark).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    if let Some(board) = puzzle.to_board() {
        return solver::solve(&board).map(|b| Grid::from_board(&b));
    }
    let mut search = Search::new(Order::Fast, 1);
    search.run(puzzle);
    search.first
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer is
/// `min(count, limit)`). Clashing givens and `limit == 0` give 0.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    if let Some(board) = puzzle.to_board() {
        return solver::count_solutions(&board, limit);
    }
    Search::new(Order::Fast, limit).run(puzzle).unwrap_or(0)
}

/// True when `puzzle` has exactly one solution (counts to 2).
pub fn is_unique(puzzle: &Grid) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// Returns the lexicographically smallest solution of `puzzle` (compare
/// the cells row-major by value), or `None` when it has none.
///
/// Same contract as [`solver::smallest_solution`]: a count to 2 first, and
/// only when there are several solutions a row-major search in ascending
/// values, whose first solution is the smallest.
pub fn smallest_solution(puzzle: &Grid) -> Option<Grid> {
    if let Some(board) = puzzle.to_board() {
        return solver::smallest_solution(&board).map(|b| Grid::from_board(&b));
    }
    let mut search = Search::new(Order::Fast, 2);
    match search.run(puzzle) {
        Some(1) => search.first,
        Some(0) | None => None,
        Some(_) => {
            let mut smallest = Search::new(Order::RowMajor, 1);
            smallest.run(puzzle);
            smallest.first
        }
    }
}

/// [`solve`], counting its work in the units of `sudoku study`
/// ([`SearchStats`]): placements are values written into blanks by a
/// single or a branch, backtracks the placed values erased by going back
/// to a frame (all of them when no frame is left), and guesses the values
/// tried at a branch point while others were still left to try. 3×3 grids
/// are counted by [`solver::solve_counted`].
pub fn solve_counted(puzzle: &Grid) -> (Option<Grid>, SearchStats) {
    if let Some(board) = puzzle.to_board() {
        let (solution, stats) = solver::solve_counted(&board);
        return (solution.map(|b| Grid::from_board(&b)), stats);
    }
    let mut search = Search::new(Order::Fast, 1);
    search.run(puzzle);
    (search.first, search.stats)
}

/// The general engine's count to `limit`, giving up (`None`) once it has
/// made more than `budget` placements: for the generator, which must stay
/// reproducible (a budget in placements, unlike one in time, gives the
/// same answer on every machine). Never hands over to the 9×9 engine.
pub(crate) fn count_within(puzzle: &Grid, limit: usize, budget: u64) -> Option<usize> {
    let mut search = Search::new(Order::Fast, limit);
    search.budget = budget;
    search.run(puzzle)
}

/// A complete grid of `shape` drawn from `rng`: the general engine on the
/// empty grid, branching on a blank with the fewest free values and trying
/// them in random order. `None` when it makes more than `budget`
/// placements (the caller starts again, with the stream where it is).
pub(crate) fn random_fill(rng: &mut Rng, shape: Shape, budget: u64) -> Option<Grid> {
    let mut search = Search::new(Order::Random, 1);
    search.budget = budget;
    search.rng = Some(rng);
    search.run(&Grid::empty(shape))?;
    search.first
}

// ---------------------------------------------------------------------------
// Tables and state
// ---------------------------------------------------------------------------

/// How the search picks where to branch and in which order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Order {
    /// The fewest alternatives first (see the module notes), ascending.
    Fast,
    /// The first blank row-major, values ascending: the first solution
    /// found is the lexicographically smallest.
    RowMajor,
    /// As [`Order::Fast`], the alternatives in random order (the
    /// generator's fill).
    Random,
}

/// The geometry of one shape, as the engine reads it.
struct Tables {
    /// N.
    n: usize,
    /// R and C: the rows and columns of a box. The board has C bands of
    /// boxes and R stacks.
    box_rows: usize,
    box_cols: usize,
    /// N².
    cells: usize,
    /// The candidate bits of every value: `(1 << N) - 1`.
    full: u32,
    /// The row, column and box (units 0..3N) of each cell.
    units_of: Vec<[u16; 3]>,
    /// The cells of unit `u` are `unit_cells[u * N..(u + 1) * N]`.
    unit_cells: Vec<u16>,
    /// The peers of cell `i` are `peers[i * per..(i + 1) * per]`.
    peers: Vec<u16>,
    per: usize,
}

impl Tables {
    fn new(shape: Shape) -> Tables {
        let n = shape.size();
        let cells = shape.cell_count();
        let peers: Vec<Vec<usize>> = (0..cells).map(|i| shape.peers(i)).collect();
        Tables {
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            cells,
            full: (1u32 << n) - 1,
            units_of: (0..cells)
                .map(|i| shape.units_of(i).map(|u| u as u16))
                .collect(),
            unit_cells: (0..shape.unit_count())
                .flat_map(|u| shape.unit(u))
                .map(|i| i as u16)
                .collect(),
            per: peers.first().map_or(0, |p| p.len()),
            peers: peers.iter().flatten().map(|&j| j as u16).collect(),
        }
    }

    #[inline(always)]
    fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    #[inline(always)]
    fn peers(&self, i: usize) -> &[u16] {
        &self.peers[i * self.per..(i + 1) * self.per]
    }
}

/// One node of the search. A blank's candidates are the values no rule
/// has ruled out yet; a placed cell keeps only its own value's bit.
#[derive(Clone)]
struct State {
    /// The cells: a value, or 0 for a blank.
    cells: Vec<u8>,
    /// The candidates of each cell, bit `v - 1` for value `v`.
    cand: Vec<u32>,
    /// The used mask of each unit: the values placed in it.
    used: Vec<u32>,
    /// Blanks left.
    open: usize,
}

/// Propagation found a blank or a unit with no place left.
struct Contradiction;

impl State {
    /// The state of `puzzle`'s givens, or `None` when two givens clash.
    fn new(puzzle: &Grid, t: &Tables) -> Option<State> {
        let mut st = State {
            cells: vec![0; t.cells],
            cand: vec![t.full; t.cells],
            used: vec![0; 3 * t.n],
            open: t.cells,
        };
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                let bit = 1 << (v - 1);
                if st.cand[i] & bit == 0 {
                    return None;
                }
                st.place(t, i, bit);
            }
        }
        Some(st)
    }

    /// Writes the value of `bit`, a candidate of blank `i`, into `i`; its
    /// peers lose the candidate.
    #[inline(always)]
    fn place(&mut self, t: &Tables, i: usize, bit: u32) {
        self.cells[i] = bit.trailing_zeros() as u8 + 1;
        self.cand[i] = bit;
        for u in t.units_of[i] {
            self.used[usize::from(u)] |= bit;
        }
        for &j in t.peers(i) {
            self.cand[usize::from(j)] &= !bit;
        }
        self.open -= 1;
    }

    /// Applies the rules of the module notes until none applies, adding
    /// each placement to `placed` (also those made before a contradiction
    /// shows).
    fn propagate(&mut self, t: &Tables, placed: &mut u64) -> Result<(), Contradiction> {
        loop {
            loop {
                let before = *placed;
                self.naked_singles(t, placed)?;
                self.hidden_singles(t, placed)?;
                if *placed == before {
                    break;
                }
            }
            if self.open == 0 || !self.locked_candidates(t) {
                return Ok(());
            }
        }
    }

    /// Rule 1: a blank with one candidate gets it; one with none is a
    /// contradiction.
    #[inline(always)]
    fn naked_singles(&mut self, t: &Tables, placed: &mut u64) -> Result<(), Contradiction> {
        for i in 0..t.cells {
            if self.cells[i] != 0 {
                continue;
            }
            let cand = self.cand[i];
            if cand & cand.wrapping_sub(1) == 0 {
                if cand == 0 {
                    return Err(Contradiction);
                }
                self.place(t, i, cand);
                *placed += 1;
            }
        }
        Ok(())
    }

    /// Rule 2: a value with one place left in a unit goes there; one with
    /// none is a contradiction.
    #[inline(always)]
    fn hidden_singles(&mut self, t: &Tables, placed: &mut u64) -> Result<(), Contradiction> {
        for u in 0..3 * t.n {
            let missing = t.full & !self.used[u];
            if missing == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for &i in t.unit(u) {
                let i = usize::from(i);
                if self.cells[i] == 0 {
                    let cand = self.cand[i];
                    twice |= once & cand;
                    once |= cand;
                }
            }
            if missing & !once != 0 {
                return Err(Contradiction);
            }
            let mut hidden = missing & once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                // An earlier single of this unit may have taken the
                // value's only place: then it has none.
                let i = t
                    .unit(u)
                    .iter()
                    .map(|&i| usize::from(i))
                    .find(|&i| self.cells[i] == 0 && self.cand[i] & bit != 0)
                    .ok_or(Contradiction)?;
                self.place(t, i, bit);
                *placed += 1;
            }
        }
        Ok(())
    }

    /// Rule 3, locked candidates: where a box meets a row (column), a
    /// value whose blanks in the row (column) all lie in that box leaves
    /// the box's other blanks, and one whose blanks in the box all lie in
    /// that row (column) leaves the row's (column's) other blanks. True
    /// when a candidate was removed.
    fn locked_candidates(&mut self, t: &Tables) -> bool {
        let (n, rows, cols) = (t.n, t.box_rows, t.box_cols);
        // The blanks' candidates where row r meets stack s, and where
        // column c meets band b.
        let mut row_seg = [0u32; MAX_CELLS];
        let mut col_seg = [0u32; MAX_CELLS];
        for r in 0..n {
            for c in 0..n {
                let i = r * n + c;
                if self.cells[i] == 0 {
                    row_seg[r * rows + c / cols] |= self.cand[i];
                    col_seg[c * cols + r / rows] |= self.cand[i];
                }
            }
        }
        let mut changed = false;
        // Values in one segment only of a line, or of a box.
        let alone = |segs: &mut dyn Iterator<Item = u32>| {
            let (mut once, mut twice) = (0u32, 0u32);
            for s in segs {
                twice |= once & s;
                once |= s;
            }
            once & !twice
        };
        // Rows: claiming (row → box) and pointing (box → row).
        for r in 0..n {
            let segs = &row_seg[r * rows..(r + 1) * rows];
            let only = alone(&mut segs.iter().copied());
            for (s, &seg) in segs.iter().enumerate() {
                let bits = seg & only;
                if bits != 0 {
                    let band = r / rows;
                    for rr in (band * rows..(band + 1) * rows).filter(|&rr| rr != r) {
                        for c in s * cols..(s + 1) * cols {
                            changed |= self.remove(rr * n + c, bits);
                        }
                    }
                }
            }
        }
        for band in 0..cols {
            for s in 0..rows {
                let seg = |k: usize| row_seg[(band * rows + k) * rows + s];
                let only = alone(&mut (0..rows).map(seg));
                for k in 0..rows {
                    let bits = seg(k) & only;
                    if bits != 0 {
                        let r = band * rows + k;
                        for c in (0..n).filter(|&c| c / cols != s) {
                            changed |= self.remove(r * n + c, bits);
                        }
                    }
                }
            }
        }
        // Columns: the same with bands.
        for c in 0..n {
            let segs = &col_seg[c * cols..(c + 1) * cols];
            let only = alone(&mut segs.iter().copied());
            for (b, &seg) in segs.iter().enumerate() {
                let bits = seg & only;
                if bits != 0 {
                    let stack = c / cols;
                    for cc in (stack * cols..(stack + 1) * cols).filter(|&cc| cc != c) {
                        for r in b * rows..(b + 1) * rows {
                            changed |= self.remove(r * n + cc, bits);
                        }
                    }
                }
            }
        }
        for stack in 0..rows {
            for b in 0..cols {
                let seg = |k: usize| col_seg[(stack * cols + k) * cols + b];
                let only = alone(&mut (0..cols).map(seg));
                for k in 0..cols {
                    let bits = seg(k) & only;
                    if bits != 0 {
                        let c = stack * cols + k;
                        for r in (0..n).filter(|&r| r / rows != b) {
                            changed |= self.remove(r * n + c, bits);
                        }
                    }
                }
            }
        }
        changed
    }

    /// Removes candidates `bits` from blank `i`; true when it had any.
    #[inline(always)]
    fn remove(&mut self, i: usize, bits: u32) -> bool {
        let had = self.cells[i] == 0 && self.cand[i] & bits != 0;
        if had {
            self.cand[i] &= !bits;
        }
        had
    }

    /// Where to branch: a blank and its candidates. The first blank
    /// row-major for [`Order::RowMajor`], else the first with the fewest
    /// candidates. The state has blanks.
    fn branch_cell(&self, t: &Tables, order: Order) -> (usize, u32) {
        let mut blanks = (0..t.cells).filter(|&i| self.cells[i] == 0);
        if order == Order::RowMajor {
            let i = blanks.next().unwrap_or(0);
            return (i, self.cand[i]);
        }
        let mut best = (0, 0, u32::MAX);
        for i in blanks {
            let count = self.cand[i].count_ones();
            if count < best.2 {
                best = (i, self.cand[i], count);
                if count <= 2 {
                    break;
                }
            }
        }
        (best.0, best.1)
    }

    fn grid(&self, shape: Shape) -> Grid {
        Grid::new(shape, self.cells.clone()).unwrap_or_else(|_| Grid::empty(shape))
    }
}

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

/// A branch point: the state before the branch, its blank, and the values
/// still to try there.
struct Frame {
    state: State,
    cell: usize,
    rest: u32,
}

/// One search: its settings going in, its findings coming out.
struct Search<'r> {
    order: Order,
    /// Stop at this many solutions.
    limit: usize,
    /// Give up after this many placements.
    budget: u64,
    /// The random stream of [`Order::Random`].
    rng: Option<&'r mut Rng>,
    /// The first solution found.
    first: Option<Grid>,
    /// The work done.
    stats: SearchStats,
}

impl<'r> Search<'r> {
    fn new(order: Order, limit: usize) -> Search<'r> {
        Search {
            order,
            limit,
            budget: u64::MAX,
            rng: None,
            first: None,
            stats: SearchStats::default(),
        }
    }

    /// The alternative (as a bit) to try next of `rest`.
    fn pick(&mut self, rest: u32) -> u32 {
        match (self.order, self.rng.as_deref_mut()) {
            (Order::Random, Some(rng)) => {
                let mut left = rest;
                for _ in 0..rng.below(rest.count_ones() as usize) {
                    left &= left - 1;
                }
                left & left.wrapping_neg()
            }
            _ => rest & rest.wrapping_neg(),
        }
    }

    /// Counts the solutions of `puzzle` up to `self.limit`, keeping the
    /// first in `self.first`; `None` when the budget ran out first.
    fn run(&mut self, puzzle: &Grid) -> Option<usize> {
        if self.limit == 0 {
            return Some(0);
        }
        let shape = puzzle.shape();
        let t = Tables::new(shape);
        let mut st = match State::new(puzzle, &t) {
            Some(st) => st,
            None => return Some(0),
        };
        let start = st.open;
        // frames[..depth] are the branch points on the current path; the
        // frames beyond are kept to reuse their memory.
        let mut frames: Vec<Frame> = Vec::new();
        let mut depth = 0;
        let mut count = 0;
        loop {
            if self.stats.placements > self.budget {
                return None;
            }
            let alive = st.propagate(&t, &mut self.stats.placements).is_ok();
            if alive && st.open > 0 {
                let (cell, cand) = st.branch_cell(&t, self.order);
                let bit = self.pick(cand);
                if depth < frames.len() {
                    let frame = &mut frames[depth];
                    frame.state.clone_from(&st);
                    frame.cell = cell;
                    frame.rest = cand & !bit;
                } else {
                    frames.push(Frame {
                        state: st.clone(),
                        cell,
                        rest: cand & !bit,
                    });
                }
                depth += 1;
                self.stats.guesses += 1;
                st.place(&t, cell, bit);
                self.stats.placements += 1;
                continue;
            }
            if alive {
                if count == 0 {
                    let solution = st.grid(shape);
                    debug_assert!(solution.solves(puzzle), "engine bug on {:?}", puzzle);
                    self.first = Some(solution);
                }
                count += 1;
                if count >= self.limit {
                    return Some(count);
                }
            }
            // Back to the latest frame with an alternative left.
            loop {
                if depth == 0 {
                    self.stats.backtracks += (start - st.open) as u64;
                    return Some(count);
                }
                let frame = &mut frames[depth - 1];
                if frame.rest == 0 {
                    depth -= 1;
                    continue;
                }
                let bit = self.pick(frame.rest);
                frame.rest &= !bit;
                self.stats.backtracks += (frame.state.open - st.open) as u64;
                st.clone_from(&frame.state);
                st.place(&t, frame.cell, bit);
                self.stats.placements += 1;
                if frame.rest != 0 {
                    self.stats.guesses += 1;
                } else {
                    depth -= 1;
                }
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{grid, line, random_puzzle, shuffled_grid};
    use crate::Board;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).unwrap()
    }

    /// The general engine alone, even on 3×3.
    fn general_count(puzzle: &Grid, limit: usize) -> usize {
        Search::new(Order::Fast, limit).run(puzzle).unwrap_or(0)
    }

    fn general_smallest(puzzle: &Grid) -> Option<Grid> {
        let mut search = Search::new(Order::RowMajor, 1);
        search.run(puzzle);
        search.first
    }

    // ------------------------------------------------------------------
    // The reference: a naive backtracker that recomputes a blank's free
    // values from the whole board at every node, gives up (`None`) after
    // `budget` nodes, and either takes the blank with the fewest free
    // values (counting) or the first blank row-major (the smallest
    // solution, pruning only when some blank has no free value).

    struct Naive {
        cells: Vec<u8>,
        shape: Shape,
        peers: Vec<Vec<usize>>,
        budget: usize,
        found: usize,
        first: Option<Grid>,
    }

    impl Naive {
        fn new(puzzle: &Grid, budget: usize) -> Naive {
            Naive {
                cells: puzzle.cells().to_vec(),
                shape: puzzle.shape(),
                peers: (0..puzzle.cells().len())
                    .map(|i| puzzle.shape().peers(i))
                    .collect(),
                budget,
                found: 0,
                first: None,
            }
        }

        fn free(&self, i: usize) -> Vec<u8> {
            let mut used = vec![false; self.shape.size() + 1];
            for &j in &self.peers[i] {
                used[usize::from(self.cells[j])] = true;
            }
            (1..=self.shape.size() as u8)
                .filter(|&v| !used[usize::from(v)])
                .collect()
        }

        /// Counts up to `limit`; `Err` when the budget ran out.
        fn count(&mut self, limit: usize) -> Result<(), ()> {
            let blanks = (0..self.cells.len()).filter(|&i| self.cells[i] == 0);
            let best = blanks.map(|i| (self.free(i), i)).min_by_key(|(f, _)| f.len());
            let (free, i) = match best {
                None => {
                    self.found += 1;
                    let g = Grid::new(self.shape, self.cells.clone()).unwrap();
                    self.first.get_or_insert(g);
                    return Ok(());
                }
                Some(best) => best,
            };
            for v in free {
                self.budget = self.budget.checked_sub(1).ok_or(())?;
                self.cells[i] = v;
                self.count(limit)?;
                self.cells[i] = 0;
                if self.found >= limit {
                    break;
                }
            }
            Ok(())
        }

        /// True when the blanks from `i` on can be filled, row-major.
        fn smallest(&mut self, i: usize) -> Result<bool, ()> {
            let n = self.cells.len();
            if i == n {
                return Ok(true);
            }
            if self.cells[i] != 0 {
                return self.smallest(i + 1);
            }
            for v in self.free(i) {
                self.budget = self.budget.checked_sub(1).ok_or(())?;
                self.cells[i] = v;
                let alive = (i + 1..n).all(|j| self.cells[j] != 0 || !self.free(j).is_empty());
                if alive && self.smallest(i + 1)? {
                    return Ok(true);
                }
                self.cells[i] = 0;
            }
            Ok(false)
        }
    }

    /// `(min(count, limit), first solution)`, or `None` past the budget.
    fn reference(puzzle: &Grid, limit: usize, budget: usize) -> Option<(usize, Option<Grid>)> {
        if puzzle.first_clash().is_some() {
            return Some((0, None));
        }
        let mut naive = Naive::new(puzzle, budget);
        naive.count(limit).ok()?;
        Some((naive.found, naive.first))
    }

    fn reference_smallest(puzzle: &Grid, budget: usize) -> Option<Option<Grid>> {
        if puzzle.first_clash().is_some() {
            return Some(None);
        }
        let mut naive = Naive::new(puzzle, budget);
        let found = naive.smallest(0).ok()?;
        Some(found.then(|| Grid::new(puzzle.shape(), naive.cells).unwrap()))
    }

    // ------------------------------------------------------------------
    // Known answers

    #[test]
    fn empty_grids_of_every_shape_are_filled_and_counted() {
        for r in 1..=5 {
            for c in 1..=5 {
                let empty = Grid::empty(shape(r, c));
                let solution = solve(&empty).unwrap();
                assert!(solution.solves(&empty), "{}x{}", r, c);
                // Latin squares of order 1 and 2 have 1 and 2 fillings.
                let many = (r * c).min(3);
                assert_eq!(count_solutions(&empty, 3), many, "{}x{}", r, c);
            }
        }
    }

    #[test]
    fn smallest_empty_6x6_is_the_shifted_pattern() {
        let smallest = smallest_solution(&Grid::empty(shape(2, 3))).unwrap();
        assert_eq!(line(&smallest), "123456456123214365365214531642642531");
        let smallest = smallest_solution(&Grid::empty(shape(3, 2))).unwrap();
        assert_eq!(line(&smallest), "123456345612561234214365436521652143");
    }

    #[test]
    fn spoj_16x16_letters_sample_has_its_one_answer() {
        let rows = [
            "--A----C-----O-I",
            "-J--A-B-P-CGF-H-",
            "--D--F-I-E----P-",
            "-G-EL-H----M-J--",
            "----E----C--G---",
            "-I--K-GA-B---E-J",
            "D-GP--J-F----A--",
            "-E---C-B--DP--O-",
            "E--F-M--D--L-K-A",
            "-C--------O-I-L-",
            "H-P-C--F-A--B---",
            "---G-OD---J----H",
            "K---J----H-A-P-L",
            "--B--P--E--K--A-",
            "-H--B--K--FI-C--",
            "--F---C--D--H-N-",
        ];
        let conv = crate::symbol::Convention::Letters;
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| conv.read(ch, 16).unwrap())
            .collect();
        let puzzle = Grid::new(shape(4, 4), cells).unwrap();
        let solution = solve(&puzzle).unwrap();
        let first: String = solution.cells()[..16]
            .iter()
            .map(|&v| conv.write(v, '-'))
            .collect();
        assert_eq!(first, "FPAHMJECNLBDKOGI");
        assert!(solution.solves(&puzzle));
        assert_eq!(count_solutions(&puzzle, 2), 1);
        assert_eq!(smallest_solution(&puzzle), Some(solution.clone()));
        let (counted, stats) = solve_counted(&puzzle);
        assert_eq!(counted, Some(solution));
        assert_eq!(stats.placements - stats.backtracks, puzzle.blanks() as u64);
    }

    #[test]
    fn classic_grids_go_to_the_9x9_engine_with_the_same_answers() {
        let text = crate::testdata::ESCARGOT;
        let board = Board(crate::testdata::cells(text));
        let puzzle = Grid::from_board(&board);
        let expect = solver::solve(&board).map(|b| Grid::from_board(&b));
        assert_eq!(solve(&puzzle), expect);
        assert_eq!(smallest_solution(&puzzle), expect);
        assert_eq!(count_solutions(&puzzle, 5), 1);
        assert_eq!(
            solve_counted(&puzzle).1,
            solver::solve_counted(&board).1,
            "study counts of 9x9 are the 9x9 engine's"
        );
        // The general engine agrees on its own.
        assert_eq!(general_count(&puzzle, 5), 1);
        assert_eq!(general_smallest(&puzzle), expect);
    }

    #[test]
    fn clashing_givens_and_dead_ends_have_no_solution() {
        let s = shape(2, 3);
        let mut clash = Grid::empty(s);
        clash.set(0, 4);
        clash.set(s.cell(1, 2), 4); // same box
        assert_eq!(count_solutions(&clash, 2), 0);
        assert_eq!(solve(&clash), None);
        assert_eq!(smallest_solution(&clash), None);
        assert_eq!(solve_counted(&clash), (None, SearchStats::default()));
        // r1c6 can only be 6, and r2c6... no: column 6 holds a 6 below.
        let dead = grid(s, "12345......6........................");
        assert_eq!(dead.first_clash(), None);
        assert_eq!(count_solutions(&dead, 2), 0);
        assert_eq!(smallest_solution(&dead), None);
        assert_eq!(count_solutions(&Grid::empty(s), 0), 0);
    }

    #[test]
    fn full_grid_is_its_own_one_solution() {
        let mut rng = Rng::new(4);
        for (r, c) in [(2, 2), (2, 3), (4, 4), (5, 5)] {
            let g = shuffled_grid(&mut rng, shape(r, c));
            assert_eq!(count_solutions(&g, 3), 1);
            assert_eq!(solve_counted(&g), (Some(g.clone()), SearchStats::default()));
        }
    }

    // ------------------------------------------------------------------
    // Against the reference, on seeded random puzzles

    #[test]
    fn random_puzzles_agree_with_the_naive_reference() {
        let mut rng = Rng::new(11);
        for (r, c, puzzles) in [
            (1, 3, 40),
            (2, 2, 150),
            (2, 3, 150),
            (3, 2, 150),
            (2, 4, 100),
            (3, 3, 40),
            (3, 4, 16),
        ] {
            let s = shape(r, c);
            let mut seen = [0usize; 4]; // puzzles with 0, 1, 2, 3+ solutions
            let mut gave_up = 0;
            for _ in 0..puzzles {
                let puzzle = random_puzzle(&mut rng, s);
                let (count, first) = match reference(&puzzle, 3, 20_000) {
                    Some(found) => found,
                    None => {
                        gave_up += 1;
                        continue;
                    }
                };
                seen[count] += 1;
                let shown = || format!("{} {}", s, line(&puzzle));
                assert_eq!(general_count(&puzzle, 3), count, "{}", shown());
                assert_eq!(count_solutions(&puzzle, 3), count, "{}", shown());
                assert_eq!(is_unique(&puzzle), count == 1, "{}", shown());
                match solve(&puzzle) {
                    Some(sol) => assert!(sol.solves(&puzzle) && count > 0, "{}", shown()),
                    None => assert_eq!(count, 0, "{}", shown()),
                }
                let (counted, stats) = solve_counted(&puzzle);
                assert_eq!(counted.is_some(), count > 0, "{}", shown());
                let kept = if count > 0 { puzzle.blanks() as u64 } else { 0 };
                assert_eq!(stats.placements - stats.backtracks, kept, "{}", shown());
                let smallest = if count > 1 {
                    reference_smallest(&puzzle, 20_000)
                } else {
                    Some(first)
                };
                if let Some(smallest) = smallest {
                    assert_eq!(general_smallest(&puzzle), smallest, "{}", shown());
                    assert_eq!(smallest_solution(&puzzle), smallest, "{}", shown());
                }
            }
            assert!(gave_up * 5 <= puzzles, "{}: {} unchecked", s, gave_up);
            // The sample has puzzles with none, one and several solutions.
            let several = seen[2] + seen[3];
            assert!(seen[0] > 0 && seen[1] > 0 && several > 0, "{}: {:?}", s, seen);
        }
    }

    #[test]
    fn budget_gives_up_and_random_fill_is_seeded() {
        let empty = Grid::empty(shape(4, 4));
        assert_eq!(count_within(&empty, 1, 10), None);
        assert_eq!(count_within(&empty, 2, u64::MAX), Some(2));
        let a = random_fill(&mut Rng::new(3), shape(3, 4), 100_000).unwrap();
        let b = random_fill(&mut Rng::new(3), shape(3, 4), 100_000).unwrap();
        assert!(a.is_full() && a.first_clash().is_none());
        assert_eq!(a, b);
        assert_ne!(a, random_fill(&mut Rng::new(4), shape(3, 4), 100_000).unwrap());
    }
}
