//! Solving and counting on boards of any shape, 1×1 to 25×25.
//!
//! Every function here takes a [`Grid`]. A grid of the classic 3×3 shape
//! goes to the 9×9 engine ([`crate::solver`]) through a lossless
//! conversion to [`crate::Board`], so 9×9 keeps its speed; every other
//! shape goes to the general engine below.
//!
//! # The general engine
//! Glossary: N is the size (values 1..=N), a *unit* a row, column or box
//! (3N of them, numbered as in [`crate::shape`]), a *blank* a cell not
//! yet placed, and a *candidate mask* a `u32` whose bit `v - 1` is set
//! when value `v` may still go in a cell (N ≤ 25, so one word holds
//! them). A search state is the cells, one candidate mask per cell, the
//! values placed in each unit, and two sets of units that changed since
//! they were last looked at (a `u128`: 3N ≤ 75 bits).
//!
//! Placing a value clears it from the cell's peers; a peer left with one
//! candidate (or none) goes on a queue. Propagation then applies, until
//! none applies:
//! 1. *naked singles*: a queued blank with one candidate gets it, one with
//!    none is a contradiction;
//! 2. *hidden singles*, in each changed unit: bit-sliced counting over its
//!    blanks' masks (`twice |= once & m; once |= m`) finds a value with
//!    one place left (placed) or none (a contradiction);
//! 3. *locked candidates*, around each changed unit: a value whose blanks
//!    in a row (column) all lie in one box leaves the box's other blanks,
//!    and one whose blanks in a box all lie in one row (column) leaves the
//!    rest of that line — the same counting over the segments where a line
//!    meets a box;
//! 4. *lookahead*, when the rules above stall: each value of each
//!    bi-value blank is placed in a scratch copy and propagated by the
//!    singles (rules 1 and 2: locked candidates in the trials cost more
//!    than they find); a value that runs into a contradiction is ruled
//!    out, so the blank takes the other one, and the rules run again.
//!
//! Every rule only places values that every completion of the state uses,
//! so propagation loses no solution. When it stalls, the engine branches:
//! on the bi-value blank whose weaker branch placed the most values in
//! the lookahead (else the first blank with the fewest candidates), its
//! values ascending (`Order::Fast`); or, for the smallest solution, on
//! the first blank row-major (`Order::RowMajor`), so branches are
//! visited in lexicographic order and the first solution found is the
//! smallest. The search is iterative: a stack of frames holds, per branch
//! point, a copy of the state before the branch and the values still to
//! try; a contradiction goes back to the latest frame with a value left.
//!
//! Lookahead is what makes large boards fast. On the minimal 16×16
//! puzzles used while building the engine, singles alone needed up to
//! 39,000 guesses (0.6 s) on one of them; locked candidates halved that;
//! lookahead brought the worst of them to about 1,000 guesses and 6 ms of
//! CPU time, at well under 1 µs per placement, trial placements included.
//! Leaving locked candidates out of the trials then cut the benchmark
//! boards' times by a third (16×16) and by half (25×25).
//!
//! # Why a 9×9 fast path
//! The 9×9 engine's bitboards per digit and band, band-wise locked
//! candidates and copy-based search are tied to 3×3 boxes and 81 cells.
//! On top1465's hard 9×9 puzzles the general engine is about 13 times
//! slower (`bench_classic_paths`: 135 ms of CPU time for the 1,465
//! puzzles, against 10 ms), so 3×3 grids are handed over; the conversion
//! copies 81 cells each way and costs nothing measurable.

use crate::grid::Grid;
use crate::shape::{Shape, MAX_SIZE};
use crate::solver::{self, SearchStats};

/// Returns some solution of `puzzle`, or `None` when it has none
/// (including when its givens clash).
///
/// Cost: 3×3 as [`solver::solve`]; the hardest of 100 minimal 16×16
/// puzzles in about 7 ms and a hard 25×25 (55 % blank) in about 12 ms of
/// CPU time (`bench_hard_boards`).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    if let Some(board) = puzzle.to_board() {
        return solver::solve(&board).map(|b| Grid::from_board(&b));
    }
    let mut search = Search::new(Order::Fast, 1);
    search.run(&Tables::new(puzzle.shape()), puzzle);
    search.first
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer is
/// `min(count, limit)`). Clashing givens and `limit == 0` give 0.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    if let Some(board) = puzzle.to_board() {
        return solver::count_solutions(&board, limit);
    }
    let tables = Tables::new(puzzle.shape());
    Search::new(Order::Fast, limit)
        .run(&tables, puzzle)
        .unwrap_or(0)
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
    let tables = Tables::new(puzzle.shape());
    let mut search = Search::new(Order::Fast, 2);
    match search.run(&tables, puzzle) {
        Some(1) => search.first,
        Some(0) | None => None,
        Some(_) => {
            let mut smallest = Search::new(Order::RowMajor, 1);
            smallest.run(&tables, puzzle);
            smallest.first
        }
    }
}

/// [`solve`], counting its work in the units of `sudoku study`
/// ([`SearchStats`]): placements are values written into blanks by a
/// rule, a branch or a lookahead trial; backtracks the placed values
/// erased again, by going back to a frame (all of them when no frame is
/// left) or by dropping a trial copy; guesses the values tried at a branch
/// point while others were still left, and the lookahead trials. A solved
/// puzzle has `placements − backtracks = blanks`. 3×3 grids are counted by
/// [`solver::solve_counted`].
pub fn solve_counted(puzzle: &Grid) -> (Option<Grid>, SearchStats) {
    if let Some(board) = puzzle.to_board() {
        let (solution, stats) = solver::solve_counted(&board);
        return (solution.map(|b| Grid::from_board(&b)), stats);
    }
    let mut search = Search::new(Order::Fast, 1);
    search.run(&Tables::new(puzzle.shape()), puzzle);
    (search.first, search.stats)
}

/// The general engine for boards of one shape, its tables built once: for
/// callers that run many searches on one shape (the generator). Never
/// hands over to the 9×9 engine.
pub(crate) struct Engine {
    tables: Tables,
    shape: Shape,
}

impl Engine {
    pub(crate) fn new(shape: Shape) -> Engine {
        Engine {
            tables: Tables::new(shape),
            shape,
        }
    }

    /// Counts the solutions of `puzzle` (of the engine's shape) up to
    /// `limit`, giving up (`None`) once it has made more than `budget`
    /// placements. A budget in placements, unlike one in time, gives the
    /// same answer on every machine, so the generator stays reproducible.
    pub(crate) fn count_within(&self, puzzle: &Grid, limit: usize, budget: u64) -> Option<usize> {
        debug_assert_eq!(puzzle.shape(), self.shape);
        let mut search = Search::new(Order::Fast, limit);
        search.budget = budget;
        search.run(&self.tables, puzzle)
    }
}

// ---------------------------------------------------------------------------
// Tables and state
// ---------------------------------------------------------------------------

/// How the search picks where to branch and in which order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Order {
    /// The bi-value blank whose two branches propagate furthest (see the
    /// module notes), values ascending.
    Fast,
    /// The first blank row-major, values ascending: the first solution
    /// found is the lexicographically smallest.
    RowMajor,
}

/// A set of units (3N ≤ 75 of them), one bit each.
type Units = u128;

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
    /// The same as a set.
    unit_set: Vec<Units>,
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
        let units_of: Vec<[u16; 3]> = (0..cells)
            .map(|i| shape.units_of(i).map(|u| u as u16))
            .collect();
        Tables {
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            cells,
            full: (1u32 << n) - 1,
            unit_set: units_of
                .iter()
                .map(|us| us.iter().fold(0, |set, &u| set | 1 << u))
                .collect(),
            units_of,
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
    /// The values placed in each unit.
    used: Vec<u32>,
    /// Blanks left.
    open: usize,
    /// Units with a cell changed since they were last looked at for
    /// hidden singles (`hidden`) and for locked candidates (`locked`).
    hidden: Units,
    locked: Units,
}

/// Propagation found a blank or a unit with no place left.
struct Contradiction;

/// The blanks whose candidates fell to one or none, to be placed (or
/// found contradictory) next. Empty between propagations.
type Queue = Vec<u16>;

impl State {
    /// The state of `puzzle`'s givens, or `None` when two givens clash.
    fn new(puzzle: &Grid, t: &Tables, queue: &mut Queue) -> Option<State> {
        let mut st = State {
            cells: vec![0; t.cells],
            cand: vec![t.full; t.cells],
            used: vec![0; 3 * t.n],
            open: t.cells,
            hidden: 0,
            locked: 0,
        };
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                let bit = 1 << (v - 1);
                if st.cand[i] & bit == 0 {
                    queue.clear();
                    return None;
                }
                st.place(t, i, bit, queue);
            }
        }
        // Every unit is looked at once.
        st.hidden = (1 << (3 * t.n)) - 1;
        st.locked = st.hidden;
        Some(st)
    }

    /// Writes the value of `bit`, a candidate of blank `i`, into `i`; its
    /// peers lose the candidate.
    #[inline(always)]
    fn place(&mut self, t: &Tables, i: usize, bit: u32, queue: &mut Queue) {
        self.cells[i] = bit.trailing_zeros() as u8 + 1;
        self.cand[i] = bit;
        for u in t.units_of[i] {
            self.used[usize::from(u)] |= bit;
        }
        let mut touched = t.unit_set[i];
        for &j in t.peers(i) {
            let j = usize::from(j);
            let cand = self.cand[j];
            if cand & bit != 0 {
                let now = cand ^ bit;
                self.cand[j] = now;
                touched |= t.unit_set[j];
                if now & now.wrapping_sub(1) == 0 && self.cells[j] == 0 {
                    queue.push(j as u16);
                }
            }
        }
        self.hidden |= touched;
        self.locked |= touched;
        self.open -= 1;
    }

    /// Removes candidates `bits` from cell `i` if it is a blank.
    #[inline(always)]
    fn remove(&mut self, t: &Tables, i: usize, bits: u32, queue: &mut Queue) {
        let cand = self.cand[i];
        if cand & bits != 0 && self.cells[i] == 0 {
            let now = cand & !bits;
            self.cand[i] = now;
            self.hidden |= t.unit_set[i];
            self.locked |= t.unit_set[i];
            if now & now.wrapping_sub(1) == 0 {
                queue.push(i as u16);
            }
        }
    }

    /// Applies rules 1 to 3 of the module notes until none applies (rule
    /// 3 only with `locked`), adding each placement to `placed` (also
    /// those made before a contradiction shows). Leaves `queue` empty.
    fn propagate(
        &mut self,
        t: &Tables,
        queue: &mut Queue,
        placed: &mut u64,
        locked: bool,
    ) -> Result<(), Contradiction> {
        let result = self.run_rules(t, queue, placed, locked);
        queue.clear();
        result
    }

    fn run_rules(
        &mut self,
        t: &Tables,
        queue: &mut Queue,
        placed: &mut u64,
        locked: bool,
    ) -> Result<(), Contradiction> {
        loop {
            // 1. Naked singles.
            while let Some(i) = queue.pop() {
                let i = usize::from(i);
                if self.cells[i] != 0 {
                    continue;
                }
                let cand = self.cand[i];
                if cand == 0 {
                    return Err(Contradiction);
                }
                self.place(t, i, cand, queue);
                *placed += 1;
            }
            // 2. Hidden singles, in the units that changed.
            if self.hidden != 0 {
                let u = self.hidden.trailing_zeros() as usize;
                self.hidden &= self.hidden - 1;
                self.hidden_singles(t, u, queue, placed)?;
                continue;
            }
            // 3. Locked candidates, in the units that changed.
            if locked && self.locked != 0 {
                let u = self.locked.trailing_zeros() as usize;
                self.locked &= self.locked - 1;
                self.locked_candidates(t, u, queue);
                continue;
            }
            return Ok(());
        }
    }

    /// Rule 2 in unit `u`: a value with one place left goes there; one
    /// with none is a contradiction.
    fn hidden_singles(
        &mut self,
        t: &Tables,
        u: usize,
        queue: &mut Queue,
        placed: &mut u64,
    ) -> Result<(), Contradiction> {
        let missing = t.full & !self.used[u];
        if missing == 0 {
            return Ok(());
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
            // An earlier single of this unit may have taken the value's
            // only place: then it has none.
            let i = t
                .unit(u)
                .iter()
                .map(|&i| usize::from(i))
                .find(|&i| self.cells[i] == 0 && self.cand[i] & bit != 0)
                .ok_or(Contradiction)?;
            self.place(t, i, bit, queue);
            *placed += 1;
        }
        Ok(())
    }

    /// Rule 3 around unit `u`. For a row (column): a value whose blanks in
    /// it all lie in one box leaves that box's other blanks (claiming).
    /// For a box: a value whose blanks in it all lie in one row (column)
    /// leaves that row's (column's) other blanks (pointing).
    fn locked_candidates(&mut self, t: &Tables, u: usize, queue: &mut Queue) {
        let (n, rows, cols) = (t.n, t.box_rows, t.box_cols);
        // The candidates of each segment: the cells the unit shares with
        // one box (a line) or with one line (a box).
        let mut seg = [0u32; MAX_SIZE];
        let used = self.used[u];
        if u < 2 * n {
            // A row meets R boxes in C cells each; a column meets C boxes
            // in R cells each. Part p of the line is its cell(p, 0..len).
            let (is_row, line) = (u < n, u % n);
            let (parts, len) = if is_row { (rows, cols) } else { (cols, rows) };
            let cell = |p: usize, k: usize| {
                if is_row {
                    line * n + p * len + k
                } else {
                    (p * len + k) * n + line
                }
            };
            for (p, s) in seg[..parts].iter_mut().enumerate() {
                *s = (0..len).fold(0, |acc, k| acc | self.cand[cell(p, k)]);
            }
            // The box where the line meets part p, but for the line.
            let box_of_part = |p: usize| {
                let b = if is_row {
                    line / rows * rows + p
                } else {
                    p * rows + line / cols
                };
                t.unit(2 * n + b)
                    .iter()
                    .map(|&i| usize::from(i))
                    .filter(move |&i| if is_row { i / n != line } else { i % n != line })
            };
            self.clear_locked(t, &seg[..parts], used, box_of_part, queue);
        } else {
            let b = u - 2 * n;
            let (top, left) = (b / rows * rows, b % rows * cols);
            // Its R rows (C cells each): each row outside the box.
            for (r, s) in seg[..rows].iter_mut().enumerate() {
                *s = (0..cols).fold(0, |acc, k| acc | self.cand[(top + r) * n + left + k]);
            }
            let row_outside = |r: usize| {
                (0..n)
                    .filter(move |&c| c < left || c >= left + cols)
                    .map(move |c| (top + r) * n + c)
            };
            self.clear_locked(t, &seg[..rows], used, row_outside, queue);
            // Its C columns (R cells each): each column outside the box.
            for (c, s) in seg[..cols].iter_mut().enumerate() {
                *s = (0..rows).fold(0, |acc, k| acc | self.cand[(top + k) * n + left + c]);
            }
            let column_outside = |c: usize| {
                (0..n)
                    .filter(move |&r| r < top || r >= top + rows)
                    .map(move |r| r * n + left + c)
            };
            self.clear_locked(t, &seg[..cols], used, column_outside, queue);
        }
    }

    /// The values in exactly one of the segments `seg` (and not `used`,
    /// the unit's placed values, which show in one segment too) leave the
    /// cells `others(p)` of that segment `p`.
    fn clear_locked<I: Iterator<Item = usize>>(
        &mut self,
        t: &Tables,
        seg: &[u32],
        used: u32,
        others: impl Fn(usize) -> I,
        queue: &mut Queue,
    ) {
        let (mut once, mut twice) = (0u32, 0u32);
        for &s in seg {
            twice |= once & s;
            once |= s;
        }
        let only = once & !twice & !used;
        if only == 0 {
            return;
        }
        for (p, &s) in seg.iter().enumerate() {
            let bits = s & only;
            if bits != 0 {
                for i in others(p) {
                    self.remove(t, i, bits, queue);
                }
            }
        }
    }

    /// The first blank row-major and its candidates; the state has blanks.
    fn first_blank(&self) -> (usize, u32) {
        let i = self.cells.iter().position(|&v| v == 0).unwrap_or(0);
        (i, self.cand[i])
    }

    /// The first blank with the fewest candidates; the state has blanks.
    fn fewest_candidates(&self, t: &Tables) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for i in 0..t.cells {
            if self.cells[i] == 0 {
                let count = self.cand[i].count_ones();
                if count < best.2 {
                    best = (i, self.cand[i], count);
                    if count <= 2 {
                        break;
                    }
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
struct Search {
    order: Order,
    /// Stop at this many solutions.
    limit: usize,
    /// Give up after this many placements.
    budget: u64,
    /// The first solution found.
    first: Option<Grid>,
    /// The work done.
    stats: SearchStats,
}

impl Search {
    fn new(order: Order, limit: usize) -> Search {
        Search {
            order,
            limit,
            budget: u64::MAX,
            first: None,
            stats: SearchStats::default(),
        }
    }

    /// The value (as a bit) to try next of `rest`: the smallest.
    fn pick(rest: u32) -> u32 {
        rest & rest.wrapping_neg()
    }

    /// Rule 4, lookahead, on a propagated state with blanks: each value of
    /// each bi-value blank is placed in a scratch copy and propagated; a
    /// value that leads to a contradiction is ruled out, so the other one
    /// is placed (and propagated) in `st`. Repeats until a round rules out
    /// nothing. Returns the bi-value blank whose weaker branch placed the
    /// most values (the best one to branch on), if any.
    ///
    /// The trial placements count as placements and, being erased, as
    /// backtracks; each trial counts as a guess.
    fn lookahead(
        &mut self,
        t: &Tables,
        st: &mut State,
        probe: &mut State,
        queue: &mut Queue,
    ) -> Result<Option<usize>, Contradiction> {
        loop {
            let mut best: Option<(usize, u64)> = None;
            let mut ruled_out = false;
            for i in 0..t.cells {
                let cand = st.cand[i];
                if st.cells[i] != 0 || cand.count_ones() != 2 {
                    continue;
                }
                let values = [cand & cand.wrapping_neg(), cand & (cand - 1)];
                let mut placed = [1u64; 2];
                let mut fails = [false; 2];
                for k in 0..2 {
                    probe.clone_from(st);
                    probe.place(t, i, values[k], queue);
                    fails[k] = probe.propagate(t, queue, &mut placed[k], false).is_err();
                    self.stats.placements += placed[k];
                    self.stats.backtracks += placed[k];
                    self.stats.guesses += 1;
                }
                match fails {
                    [true, true] => return Err(Contradiction),
                    [false, false] => {
                        let score = placed[0].min(placed[1]);
                        if best.is_none_or(|(_, most)| score > most) {
                            best = Some((i, score));
                        }
                    }
                    _ => {
                        let keep = if fails[0] { values[1] } else { values[0] };
                        st.place(t, i, keep, queue);
                        self.stats.placements += 1;
                        st.propagate(t, queue, &mut self.stats.placements, true)?;
                        ruled_out = true;
                        if st.open == 0 {
                            return Ok(None);
                        }
                    }
                }
            }
            if !ruled_out {
                return Ok(best.map(|(i, _)| i));
            }
        }
    }

    /// Counts the solutions of `puzzle` (of the shape of `t`) up to
    /// `self.limit`, keeping the first in `self.first`; `None` when the
    /// budget ran out first.
    fn run(&mut self, t: &Tables, puzzle: &Grid) -> Option<usize> {
        if self.limit == 0 {
            return Some(0);
        }
        let shape = puzzle.shape();
        let mut queue = Queue::with_capacity(2 * t.cells);
        let mut st = match State::new(puzzle, t, &mut queue) {
            Some(st) => st,
            None => return Some(0),
        };
        let start = st.open;
        let mut probe = st.clone();
        // frames[..depth] are the branch points on the current path; the
        // frames beyond are kept to reuse their memory.
        let mut frames: Vec<Frame> = Vec::new();
        let mut depth = 0;
        let mut count = 0;
        loop {
            if self.stats.placements > self.budget {
                return None;
            }
            let mut alive = st
                .propagate(t, &mut queue, &mut self.stats.placements, true)
                .is_ok();
            let mut chosen = None;
            if alive && st.open > 0 {
                match self.lookahead(t, &mut st, &mut probe, &mut queue) {
                    Ok(best) => chosen = best,
                    Err(Contradiction) => alive = false,
                }
            }
            if alive && st.open > 0 {
                let (cell, cand) = match (self.order, chosen) {
                    (Order::RowMajor, _) => st.first_blank(),
                    (_, Some(i)) => (i, st.cand[i]),
                    (_, None) => st.fewest_candidates(t),
                };
                let bit = Self::pick(cand);
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
                st.place(t, cell, bit, &mut queue);
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
                let bit = Self::pick(frame.rest);
                frame.rest &= !bit;
                self.stats.backtracks += (frame.state.open - st.open) as u64;
                st.clone_from(&frame.state);
                st.place(t, frame.cell, bit, &mut queue);
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
    use crate::rng::Rng;
    use crate::shape::boxes;
    use crate::Board;

    /// The general engine alone, even on 3×3.
    fn general_count(puzzle: &Grid, limit: usize) -> usize {
        let engine = Engine::new(puzzle.shape());
        engine.count_within(puzzle, limit, u64::MAX).unwrap_or(0)
    }

    fn general_smallest(puzzle: &Grid) -> Option<Grid> {
        let mut search = Search::new(Order::RowMajor, 1);
        search.run(&Tables::new(puzzle.shape()), puzzle);
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

        /// The values no peer of `i` holds, ascending.
        fn free(&self, i: usize) -> Vec<u8> {
            let mut used = 0u32;
            for &j in &self.peers[i] {
                used |= 1 << self.cells[j];
            }
            (1..=self.shape.size() as u8)
                .filter(|&v| used & 1 << v == 0)
                .collect()
        }

        /// Counts up to `limit`; `Err` when the budget ran out.
        fn count(&mut self, limit: usize) -> Result<(), ()> {
            let blanks = (0..self.cells.len()).filter(|&i| self.cells[i] == 0);
            let best = blanks
                .map(|i| (self.free(i), i))
                .min_by_key(|(f, _)| f.len());
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
                let empty = Grid::empty(boxes(r, c));
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
        let smallest = smallest_solution(&Grid::empty(boxes(2, 3))).unwrap();
        assert_eq!(line(&smallest), "123456456123214365365214531642642531");
        let smallest = smallest_solution(&Grid::empty(boxes(3, 2))).unwrap();
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
        let puzzle = Grid::new(boxes(4, 4), cells).unwrap();
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
        let s = boxes(2, 3);
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
            let g = shuffled_grid(&mut rng, boxes(r, c));
            assert_eq!(count_solutions(&g, 3), 1);
            assert_eq!(solve_counted(&g), (Some(g.clone()), SearchStats::default()));
        }
    }

    // ------------------------------------------------------------------
    // Against the reference, on seeded random puzzles

    #[test]
    fn random_puzzles_agree_with_the_naive_reference() {
        let mut rng = Rng::new(11);
        let mut seen = [0usize; 4]; // puzzles with 0, 1, 2, 3+ solutions
        for (r, c, puzzles) in [
            (1, 3, 40),
            (2, 2, 120),
            (2, 3, 100),
            (3, 2, 100),
            (2, 4, 60),
            (3, 3, 30),
            (3, 4, 8),
        ] {
            let s = boxes(r, c);
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
                if s == Shape::CLASSIC {
                    assert_eq!(general_count(&puzzle, 3), count, "{}", shown());
                }
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
                    if s == Shape::CLASSIC {
                        assert_eq!(general_smallest(&puzzle), smallest, "{}", shown());
                    }
                    assert_eq!(smallest_solution(&puzzle), smallest, "{}", shown());
                }
            }
            assert!(gave_up * 5 <= puzzles, "{}: {} unchecked", s, gave_up);
        }
        // The sample has puzzles with none, one, two and more solutions.
        assert!(seen.iter().all(|&k| k > 0), "{:?}", seen);
    }

    #[test]
    fn budget_gives_up_without_an_answer() {
        let empty = Grid::empty(boxes(4, 4));
        let engine = Engine::new(empty.shape());
        assert_eq!(engine.count_within(&empty, 1, 10), None);
        assert_eq!(engine.count_within(&empty, 2, u64::MAX), Some(2));
    }
}

/// Benchmarks (ignored tests: `cargo test --release --lib bench_ --
/// --ignored --nocapture --test-threads 1`), and the timing helpers the
/// other general modules' benchmarks share.
#[cfg(test)]
pub(crate) mod bench {
    use super::*;
    use crate::grid::grid;
    use crate::Board;
    use std::fmt;
    use std::time::Instant;

    /// Seconds of CPU time this thread has run ([`crate::clock`]), so
    /// that figures on a loaded machine still mean something; wall-clock
    /// time where there is no such clock.
    pub(crate) fn thread_cpu() -> f64 {
        thread_local!(static START: Instant = Instant::now());
        crate::clock::thread_cpu().unwrap_or_else(|| START.with(|s| s.elapsed().as_secs_f64()))
    }

    /// Medians and worst cases of several runs, wall-clock and CPU, in
    /// seconds.
    pub(crate) struct Figures {
        pub(crate) wall: Vec<f64>,
        pub(crate) cpu: Vec<f64>,
    }

    /// Runs `f(k)` for `k` in `0..runs`, timing each run.
    pub(crate) fn measure<T>(runs: usize, mut f: impl FnMut(usize) -> T) -> Figures {
        let mut figures = Figures {
            wall: Vec::new(),
            cpu: Vec::new(),
        };
        for k in 0..runs {
            let (wall, cpu) = (Instant::now(), thread_cpu());
            std::hint::black_box(f(k));
            figures.cpu.push(thread_cpu() - cpu);
            figures.wall.push(wall.elapsed().as_secs_f64());
        }
        figures
    }

    fn median_worst(times: &[f64]) -> (f64, f64) {
        let mut sorted = times.to_vec();
        sorted.sort_by(|a, b| a.total_cmp(b));
        (sorted[sorted.len() / 2], sorted[sorted.len() - 1])
    }

    /// `ms`, with three significant digits.
    fn ms(seconds: f64) -> String {
        let ms = seconds * 1e3;
        match ms {
            m if m >= 100.0 => format!("{:.0} ms", m),
            m if m >= 10.0 => format!("{:.1} ms", m),
            m if m >= 1.0 => format!("{:.2} ms", m),
            m => format!("{:.3} ms", m),
        }
    }

    impl fmt::Display for Figures {
        /// `wall median 3.20 ms, worst 5.10 ms; cpu median …, worst … (n runs)`
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let (wm, ww) = median_worst(&self.wall);
            let (cm, cw) = median_worst(&self.cpu);
            write!(
                f,
                "wall median {}, worst {}; cpu median {}, worst {} ({} runs)",
                ms(wm),
                ms(ww),
                ms(cm),
                ms(cw),
                self.wall.len()
            )
        }
    }

    /// The hardest of 100 minimal 16×16 puzzles: `generate::generate` with
    /// seeds 0 to 99, no symmetry, ranked by the placements of
    /// [`solve_counted`] (`bench_pick_hard_boards`; seed 88). One line of
    /// digits-and-letters, 16 cells a line here; one solution.
    pub(crate) const HARD_16X16: &str = "\
4A..3.7...CB5G..\
D..5..C.49....AB\
..9.B.....52.6..\
.378.49..AE.....\
1..............C\
......FD....6...\
..8..B.7G34...1.\
.B.7C....6.8F...\
C....F..5..4B..D\
.9..EG.3..1.C57.\
6G.A..........9.\
.74....C.DAE.2.F\
.4D........19F26\
.F.251.BCE..7A..\
......D....A.B..\
...C69E..F..8..3";

    /// The hardest of eight 25×25 puzzles from `generate::generate`,
    /// seeds 0 to 7, ranked the same way (seed 3); one solution. (Above
    /// 16×16 a seed's puzzle may change with the engine: this is the
    /// record.)
    pub(crate) const HARD_25X25: &str = "\
.IH1..5.B....9L...E.....P\
ADBL.1..I46P..2.....8.G.M\
....P...E.GHJ.M...6I3..O.\
GCM...K7D..5E..4.J.O.N.FA\
.5..K3.2..7.IOFND.....BE1\
.9N...7JCHI.....O..K...8E\
.E..D.9..BA3...6..5.7..N.\
..AO.G...N.4BE5.8MC.6....\
F..2LI..4KNG.M617..D.....\
B.P...A.L..F.K9G.2....4..\
.GI.H.D51.3..4....O.....J\
.JDP..HN....L..A.IK8.917.\
EL...96..IOD..H.....BP...\
O1..B..P.L5.CF..G..J.....\
..3......E......97..HG.4.\
.A.E.........H...9G.....3\
...N...C.1.L...E.KJB..PG.\
.HCM.DG..9B.513.N8.A.L.JO\
..8..NF.....AG.L6.12...IH\
.B1I.M.45AF.6...C...9.D.7\
...8...1...B...OH..6F..CD\
....1...K.L6.J.I..3..5..4\
.PK.C.E.AJ...I......G.N..\
.M5.24...F.7.3...CD.PE..9\
..6......8C2.A.9B.N.KH3..";

    /// The benchmark boards with their shapes and names.
    pub(crate) fn hard_boards() -> Vec<(&'static str, Grid)> {
        vec![
            ("16x16 hard", grid(Shape::new(4, 4).unwrap(), HARD_16X16)),
            ("25x25 hard", grid(Shape::new(5, 5).unwrap(), HARD_25X25)),
        ]
    }

    #[test]
    #[ignore]
    fn bench_hard_boards() {
        for (name, puzzle) in hard_boards() {
            let blank = 100 * puzzle.blanks() / puzzle.shape().cell_count();
            let (solution, stats) = solve_counted(&puzzle);
            assert!(solution.unwrap().solves(&puzzle));
            println!("{} ({} % blank): {:?}", name, blank, stats);
            println!("  solve:  {}", measure(7, |_| solve(&puzzle)));
            println!("  unique: {}", measure(7, |_| is_unique(&puzzle)));
        }
    }

    /// The 9×9 puzzles of top1465 from `../shared/data` (benchmarks may
    /// read it; tests must not), or none when it is not there.
    fn top1465() -> Vec<Board> {
        let root = env!("CARGO_MANIFEST_DIR");
        ["../shared/data", "../../shared/data"]
            .iter()
            .filter_map(|d| std::fs::read_to_string(format!("{}/{}/top1465.txt", root, d)).ok())
            .take(1)
            .flat_map(|text| {
                text.lines()
                    .map(|l| Board(crate::testdata::cells(l.trim())))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    #[test]
    #[ignore]
    fn bench_classic_paths() {
        let boards = top1465();
        if boards.is_empty() {
            println!("top1465.txt not found beside the repository: skipped");
            return;
        }
        let grids: Vec<Grid> = boards.iter().map(Grid::from_board).collect();
        println!("top1465 ({} puzzles), all solved per run:", boards.len());
        let engine = measure(5, |_| boards.iter().filter_map(solver::solve).count());
        println!("  9x9 engine (solver::solve):          {}", engine);
        let dispatched = measure(5, |_| grids.iter().filter_map(solve).count());
        println!("  grid_solver::solve (hands over 3x3): {}", dispatched);
        let general = measure(5, |_| {
            grids
                .iter()
                .filter_map(|g| {
                    let mut search = Search::new(Order::Fast, 1);
                    search.run(&Tables::new(g.shape()), g);
                    search.first
                })
                .count()
        });
        println!("  the general engine on the same:      {}", general);
    }
}
