//! Solving and counting on boards of any shape, 1×1 to 25×25.
//!
//! Every function here takes a [`Grid`]. A grid of the classic 3×3 shape
//! goes to the 9×9 engine ([`crate::solve::nine`]) through a lossless
//! conversion to [`crate::Board`], so 9×9 keeps its speed; every other
//! shape goes to the general engine below.
//!
//! # The general engine
//! Glossary: N is the size (values 1..=N), a *unit* a row, column or box
//! (3N of them, numbered as in [`crate::board::shape`]), a *blank* a cell not
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
//!    After a restart (below) the places of each value with two places
//!    left in a unit are probed the same way. Not on boards with killer
//!    cages: there a trial also works out the cage sums, which costs more
//!    than it finds (110 killer puzzles without givens: 0.31 s with the
//!    lookahead, 0.21 s without; 3,000 with givens: 2.4 s and 2.0 s).
//!
//! Every rule only places values that every completion of the state uses,
//! so propagation loses no solution. When it stalls, the engine branches on
//! the narrowest choice left: the first blank with the fewest candidates,
//! or, when fewer, the places of the value with the fewest places left in a
//! unit (it must go in one of them). Values and places are tried in
//! ascending order (shuffled after a restart). A board with killer cages
//! is never branched on places: that sent the count of a generated killer
//! board without givens (several solutions) through four rounds, 770,000
//! placements and 3 s, where blanks alone find two solutions in 309
//! placements; on 560 such boards the worst count fell from 3 s to 0.37
//! s (the judge file's worst: 1.5 s), and 3,000 killer puzzles with
//! givens count in 2.0 s instead of 4.6 s. It is branched first on the
//! sets of values that can fill the cage with the fewest left, while some
//! cage has two to twelve (its blanks keep one set's values in each
//! branch), then on blanks, of those with the fewest candidates the one
//! in the most cages, as the judge file `codingame_killer` does. Sets
//! first took 560 other such boards (counted to 50 in one process) from
//! 5.9 s to 1.1 s, the worst of them (counted to 2, a process each) from
//! 296 ms to 66 ms, and 3,000 puzzles with givens from 1.6 s to 1.2 s.
//! The fewest sets are weighed, as in the judge file, by the dead ends
//! met around each cage (`CageWeights`, the "dom/wdeg" rule): on 426
//! hard killer puzzles without givens, the branch on the fewest sets
//! alone, up to eight, counted five of them to two in 0.4-1.5 s, each
//! through three rounds; weighed, and up to twelve, every one counts
//! in its first round: the worst 195 ms, six over 100 ms (twenty
//! before), all 426 in 5.8 s instead of 12.5, each in its own process.
//! The search is iterative: a
//! stack of frames holds, per branch point, a copy of the state before the
//! branch and what is left to try there; a contradiction goes back to the
//! latest frame with something left.
//!
//! Two branching rules gave heavy tails. The lookahead once also chose the
//! branch (the bi-value blank whose weaker value placed the most in its
//! trial): on random sparse boards it sent one 16×16 and two 20×20 boards
//! in a thousand into subtrees of millions of placements where the first
//! bi-value blank takes a few hundred (`tests/tail/5x4-...`: 23 s against 5
//! ms). Branching on blanks alone gave the other: on a sparse 16×16 a blank
//! may keep six candidates while some value has two places left in its row,
//! and about one random sparse board in two hundred ran for minutes where a
//! plain search that also branches on places answers in milliseconds.
//! `reference.rs` holds such a plain search; the tests and `make bench`
//! (`bench_differential`) hold the engine to it on random boards of every
//! shape.
//!
//! Any one order still meets rare boards where an early branch commits
//! it to a subtree of millions of placements that another tie-break
//! avoids: 21 of 1,000 random sparse 25×25 boards went past 3 million
//! placements, 3 of them where the plain search needs 2,300 to 5,000
//! nodes (`tests/tail/5x5-...`: over 300 s). So a search restarts, the
//! classic remedy for such heavy tails: it runs within 1,024 placements per
//! cell, and when that runs out it starts again from the puzzle with
//! twice the placements and ties broken from another blank
//! (`Search::run`). The restarts are deterministic (the same answer and
//! work on every machine), a board that needs none runs as before, and
//! one that does costs at most about twice its last round. On those 1,000
//! boards, 6 go past 3 million placements (the plain search gives up on
//! each of them too) and the total work falls from 108 to 65 million
//! placements; that board takes 0.3 s.
//!
//! A restart also changes more than the blank ties start from. The
//! 10,000-board run found two sparse 16×16 boards with many solutions
//! that the plain search counts to two in about 250 nodes, where the
//! engine took 2.9 s and 0.6 s (`tests/tail/4x4-count-...`): its first
//! guesses led into empty subtrees that every tie-break of blanks entered
//! again, because the scan for a value's places always started at unit 0,
//! and that the plain search refuted in 4 to 20 nodes by branching on a
//! value with two places left, both dead at once. So from the first
//! restart on, the scan of the units starts elsewhere too, and the
//! lookahead also places each value that has two places left in a unit at
//! each place in turn (a hidden pair's probe, as for a bi-value blank): a
//! value dead at both places is a contradiction, at one place it goes to
//! the other. Both boards now count in 90 ms. Before any restart the
//! search is as it was (the probes of places cost the hard boards of
//! `make bench` a third to a half more time when always on).
//!
//! A restart also changes the order of values and places. The same run
//! found a sparse 20×20 board that the plain search counts to two in 270
//! nodes, where the engine gave up in every round (6.5 million
//! placements, 4 s; `tests/tail/5x4-count-gave-up-...`). By depth 19 its
//! first guesses led into states the plain search itself cannot count in
//! 2 million nodes: its lookahead had left another narrowest branch than
//! the plain search's, and every round tried the smallest value first
//! again, so no tie-break of blanks or units got it out. So from the
//! first restart on, each branch point tries its values or places in a
//! random order, drawn from a generator seeded by the round (the
//! randomised restarts of the literature on heavy tails, kept
//! deterministic). That board counts in 0.2 s, after one restart; a
//! search that needs no restart is unchanged.
//!
//! One kind of board defeats every order of the cell search: a near-empty
//! board on an irregular layout with no filling, or few. HDU 4069's
//! `layout-without-filling` (an empty jigsaw layout that no grid fills)
//! shows its contradiction only deep down, in every branch, and took the
//! search over a minute. So when a search's first round runs out, the
//! engine counts by value patterns instead (`patterns.rs`: each value's N
//! cells, one per row, column and region, fitted together by exact
//! cover), which proves that layout empty in milliseconds; it takes boards
//! of up to 128 cells without cages, and gives up past a fixed budget of
//! work, about 50 ms, when the rounds go on as before.
//!
//! The smallest solution (lexicographic, row-major) is found by a dive
//! first: a row-major search in ascending values within a budget, whose
//! first solution is the smallest, and which ends most boards with many
//! solutions. When it gives up, the smallest is found from any solution:
//! blank by blank, row-major, each value below the known solution's is
//! tried with a search for any solution within a budget, and the first
//! that has one gives the new known solution; a search that gives up
//! splits its subtree row-major (`Smallest::completion`). Each order alone
//! has a tail: a row-major search in ascending values wandered for
//! minutes in empty subtrees of sparse 16×16 boards that the fast order
//! empties at once, and unbudgeted searches in the fast order spent ten
//! minutes proving empty a subtree of a sparse 12×12 that the row-major
//! order empties in milliseconds (`tests/tail/`). What is left: about one
//! sparse 16×16 board in a hundred with two solutions or more has prefixes
//! whose emptiness both orders prove only by search (the same refutation
//! repeated under each row-major split); its smallest solution takes
//! the engine seconds to a minute and the plain row-major search longer.
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

mod cages;
mod patterns;
mod propagate;
mod tables;

#[cfg(test)]
mod differential;
#[cfg(test)]
pub(crate) mod variants;

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::variant::Variant;
use crate::rng::Rng;
use crate::solve::found::{Found, SearchStats};
use crate::solve::nine;
use cages::{CageWeights, LISTED_SETS};
use propagate::{DeadEnd, Node, Queue};
use std::cell::RefCell;
use std::rc::Rc;
use tables::Tables;

/// Returns some solution of `puzzle`, or `None` when it has none
/// (including when its givens clash).
///
/// Cost: 3×3 as [`nine::solve`]; the hardest of 100 minimal 16×16
/// puzzles in about 7 ms and a hard 25×25 (55 % blank) in about 12 ms of
/// CPU time (`bench_hard_boards`).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    if let Some(board) = puzzle.to_board() {
        return nine::solve(&board).map(|b| Grid::from_board(&b));
    }
    let mut search = Search::new(1);
    search.run(&tables_for(puzzle), puzzle);
    search.first
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer is
/// `min(count, limit)`). Clashing givens and `limit == 0` give 0.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    if let Some(board) = puzzle.to_board() {
        return nine::count_solutions(&board, limit);
    }
    Search::new(limit)
        .run(&tables_for(puzzle), puzzle)
        .unwrap_or(0)
}

/// [`count_solutions`] that gives up (`None`) once the search has made
/// more than `placements` placements: for a caller that must not wait on
/// a board whose answer takes a long search. When the first round runs
/// out, the count by value patterns (module notes) still gets its own
/// fixed budget, about 50 ms. Classic 9×9 boards go to the 9×9 engine,
/// which counts every one quickly and never gives up.
pub fn count_within(puzzle: &Grid, limit: usize, placements: u64) -> Option<usize> {
    if let Some(board) = puzzle.to_board() {
        return Some(nine::count_solutions(&board, limit));
    }
    let mut search = Search::new(limit);
    search.budget = placements;
    search.run(&tables_for(puzzle), puzzle)
}

/// True when `puzzle` has exactly one solution (counts to 2).
pub fn is_unique(puzzle: &Grid) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// Returns the lexicographically smallest solution of `puzzle` (compare
/// the cells row-major by value), or `None` when it has none.
///
/// Same contract as [`nine::smallest_solution`]: a count to 2 first, and
/// only when there are several solutions the smallest is fixed blank by
/// blank from the one found (see the module notes).
pub fn smallest_solution(puzzle: &Grid) -> Option<Grid> {
    if let Some(board) = puzzle.to_board() {
        return nine::smallest_solution(&board).map(|b| Grid::from_board(&b));
    }
    let tables = tables_for(puzzle);
    let mut search = Search::new(2);
    let count = search.run(&tables, puzzle);
    match (count, search.first) {
        (Some(1), first) => first,
        (_, Some(known)) => smallest_from(&tables, puzzle, known, u64::MAX)
            .ok()
            .map(|(g, _)| g),
        (_, None) => None,
    }
}

thread_local! {
    /// The tables of the last board's rules searched on this thread, with
    /// its shape and variant: a stream of boards of one kind builds them
    /// once (on a trivial 20×20 board, building them cost more than the
    /// search).
    static LAST_TABLES: RefCell<Option<(Shape, Variant, Rc<Tables>)>> = const { RefCell::new(None) };
}

/// The tables of `puzzle`'s shape and variant: the last ones built on
/// this thread when they are for the same rules, else new ones.
fn tables_for(puzzle: &Grid) -> Rc<Tables> {
    LAST_TABLES.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((shape, variant, tables)) = &*last {
            if *shape == puzzle.shape() && variant == puzzle.variant() {
                return Rc::clone(tables);
            }
        }
        let tables = Rc::new(Tables::new(puzzle));
        *last = Some((puzzle.shape(), puzzle.variant().clone(), Rc::clone(&tables)));
        tables
    })
}

/// The smallest solution of `puzzle`, given one of its solutions `known`
/// (see [`Smallest::completion`]), and the placements it took; `GaveUp`
/// past `limit` placements.
fn smallest_from(
    t: &Tables,
    puzzle: &Grid,
    known: Grid,
    limit: u64,
) -> Result<(Grid, u64), GaveUp> {
    let mut lex = Smallest {
        t,
        rules: puzzle,
        queue: Queue::with_capacity(2 * t.cells),
        work: 0,
        limit,
    };
    let Some(mut fixed) = Node::new(puzzle, t, &mut lex.queue) else {
        return Ok((known, lex.work));
    };
    if fixed
        .propagate(t, &mut lex.queue, &mut lex.work, true)
        .is_err()
    {
        return Ok((known, lex.work));
    }
    // Most boards with many solutions end in the dive.
    let budget = probe_budget(t.cells);
    let mut left = budget;
    let smallest = match lex.dive(&fixed, 0, &mut left) {
        Ok(smallest) => smallest,
        Err(GaveUp) => lex.completion(fixed, 0, Some(&known), budget)?,
    };
    debug_assert!(smallest.is_some(), "a known solution lost on {:?}", puzzle);
    Ok((smallest.unwrap_or(known), lex.work))
}

/// The placements a probe or a dive of [`Smallest::completion`] may make
/// on a board of `cells` cells before it gives up. (On the tail boards
/// and the worst of 200 random 12×12 and 16×16 boards, 64 per cell beat
/// 16 and 256, and a budget that grew with each row-major split let the
/// probes under a split run for seconds where a fixed one took
/// milliseconds.)
fn probe_budget(cells: usize) -> u64 {
    64 * cells as u64
}

/// The search for the smallest solution: the tables, the puzzle (for its
/// rules), a queue to propagate with, the placements made so far (the probes' and
/// dives' included) and how many it may make.
struct Smallest<'a> {
    t: &'a Tables,
    rules: &'a Grid,
    queue: Queue,
    work: u64,
    limit: u64,
}

/// A search that ran out of budget.
#[derive(Debug)]
struct GaveUp;

impl Smallest<'_> {
    /// The smallest completion of `fixed`, a propagated state whose blanks
    /// all lie at `from` or after, or `None` when it has none; `known`,
    /// when given, is one of its completions.
    ///
    /// Blank by blank, row-major, the smallest value that still has a
    /// completion is fixed. Each value below `known`'s (every value when
    /// no completion is known) is placed in a copy, propagated and probed
    /// with a search for any solution in the fast order, within `budget`:
    /// a solution found is the new `known` and fixes the value; a probe
    /// that proves the copy empty rules the value out. A probe that gives
    /// up splits the copy row-major instead: this function on the copy
    /// from the next blank on. So neither order's tail shows: the fast
    /// order alone spent ten minutes proving empty a subtree of a sparse
    /// 12×12 that the row-major order empties in milliseconds, and the
    /// row-major order alone wanders for minutes in empty subtrees of
    /// sparse 16×16 boards that a probe empties at once.
    fn completion(
        &mut self,
        mut fixed: Node,
        from: usize,
        known: Option<&Grid>,
        budget: u64,
    ) -> Result<Option<Grid>, GaveUp> {
        let t = self.t;
        let mut known = known.cloned();
        for i in from..t.cells {
            if fixed.cells[i] != 0 {
                // A given, or a value every completion of the prefix has.
                continue;
            }
            let below = match &known {
                Some(known) => (1u32 << (known.get(i) - 1)) - 1,
                None => u32::MAX,
            };
            let mut smaller = fixed.cand[i] & below;
            let mut chosen = None;
            while smaller != 0 {
                let bit = smaller & smaller.wrapping_neg();
                smaller ^= bit;
                let mut trial = fixed.clone();
                trial.place(t, i, bit, &mut self.queue);
                self.work += 1;
                if trial
                    .propagate(t, &mut self.queue, &mut self.work, true)
                    .is_err()
                {
                    continue;
                }
                let mut probe = Search::new(1);
                probe.budget = budget;
                let found = probe.run(t, &trial.grid(self.rules));
                self.work += probe.stats.placements;
                if self.work > self.limit {
                    return Err(GaveUp);
                }
                match found {
                    Some(0) => continue,
                    Some(_) => {
                        known = probe.first;
                        chosen = Some(trial);
                        break;
                    }
                    None => {
                        // Every value below `bit` has no completion, so the
                        // smallest completion of `trial` is the answer.
                        if let Some(found) = self.completion(trial, i + 1, None, budget)? {
                            return Ok(Some(found));
                        }
                    }
                }
            }
            fixed = match chosen {
                Some(trial) => trial,
                None => {
                    // `known` completes the prefix with its value, so
                    // placing that value meets no contradiction.
                    let Some(known) = known.as_ref() else {
                        return Ok(None);
                    };
                    let bit = 1 << (known.get(i) - 1);
                    fixed.place(t, i, bit, &mut self.queue);
                    self.work += 1;
                    if fixed
                        .propagate(t, &mut self.queue, &mut self.work, true)
                        .is_err()
                    {
                        return Ok(None);
                    }
                    fixed
                }
            };
        }
        Ok(Some(fixed.grid(self.rules)))
    }

    /// The smallest completion of `node`, a propagated state whose blanks
    /// all lie at `from` or after, by a row-major search in ascending
    /// values, whose first solution is the smallest (`Ok(None)` when it
    /// has none), or `GaveUp` once it has made `left` placements.
    fn dive(&mut self, node: &Node, from: usize, left: &mut u64) -> Result<Option<Grid>, GaveUp> {
        let t = self.t;
        let Some(i) = (from..t.cells).find(|&i| node.cells[i] == 0) else {
            return Ok(Some(node.grid(self.rules)));
        };
        let mut values = node.cand[i];
        while values != 0 {
            let bit = values & values.wrapping_neg();
            values ^= bit;
            let mut child = node.clone();
            child.place(t, i, bit, &mut self.queue);
            let mut placed = 1;
            let dead = child
                .propagate(t, &mut self.queue, &mut placed, true)
                .is_err();
            self.work += placed;
            *left = left.checked_sub(placed).ok_or(GaveUp)?;
            if !dead {
                if let Some(found) = self.dive(&child, i + 1, left)? {
                    return Ok(Some(found));
                }
            }
        }
        Ok(None)
    }
}

/// [`solve`], counting its work in the units of `sudoku study`
/// ([`SearchStats`]): placements are values written into blanks by a
/// rule, a branch or a lookahead trial; backtracks the placed values
/// erased again, by going back to a frame (all of them when no frame is
/// left) or by dropping a trial copy; guesses the values tried at a branch
/// point while others were still left, and the lookahead trials. A solved
/// puzzle has `placements − backtracks = blanks`. 3×3 grids are counted by
/// [`nine::solve_counted`].
pub fn solve_counted(puzzle: &Grid) -> Found<Grid> {
    if let Some(board) = puzzle.to_board() {
        let found = nine::solve_counted(&board);
        return Found {
            count: found.count,
            first: found.first.map(|b| Grid::from_board(&b)),
            stats: found.stats,
            stopped: false,
        };
    }
    let mut search = Search::new(1);
    let count = search.run(&tables_for(puzzle), puzzle);
    Found {
        count: count.unwrap_or(0),
        first: search.first,
        stats: search.stats,
        stopped: false,
    }
}

/// The general engine for boards of one shape and variant, its tables
/// built once: for callers that run many searches on one kind of board
/// (the generator). Never hands over to the 9×9 engine.
pub(crate) struct Engine {
    tables: Tables,
    shape: Shape,
}

impl Engine {
    /// The engine for boards played by `rules`' shape and variant (its
    /// cells are not read).
    pub(crate) fn new(rules: &Grid) -> Engine {
        Engine {
            tables: Tables::new(rules),
            shape: rules.shape(),
        }
    }

    /// Counts the solutions of `puzzle` (of the engine's shape) up to
    /// `limit`, giving up (`None`) once it has made more than `budget`
    /// placements. A budget in placements, unlike one in time, gives the
    /// same answer on every machine, so the generator stays reproducible.
    pub(crate) fn count_within(&self, puzzle: &Grid, limit: usize, budget: u64) -> Option<usize> {
        debug_assert_eq!(puzzle.shape(), self.shape);
        let mut search = Search::new(limit);
        search.budget = budget;
        search.run(&self.tables, puzzle)
    }

    /// [`smallest_solution`] by the general engine, giving up (`None`)
    /// once it has made more than `budget` placements after its count to 2.
    #[cfg(test)]
    pub(crate) fn smallest_within(&self, puzzle: &Grid, budget: u64) -> Option<Option<Grid>> {
        let mut search = Search::new(2);
        let count = search.run(&self.tables, puzzle);
        match (count, search.first) {
            (Some(1), first) => Some(first),
            (_, Some(known)) => smallest_from(&self.tables, puzzle, known, budget)
                .ok()
                .map(|(g, _)| Some(g)),
            (_, None) => Some(None),
        }
    }
}

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

/// What a branch point tries, one alternative at a time: the values of
/// one blank, the places of one value in one unit (the value must go
/// in exactly one of them), or the sets of values that can fill a killer
/// cage (its blanks take exactly one of them).
#[derive(Clone, Copy)]
enum Branch {
    /// The candidates (bits) of `cell` still to try, smallest first.
    Values { cell: usize, rest: u32 },
    /// The places still to try for value `bit` in `unit`: bit k stands for
    /// the unit's k-th cell.
    Places { unit: usize, bit: u32, rest: u32 },
    /// The sets of values (as candidate bits) that can fill cage `cage`
    /// still to try: bit k of `rest` stands for `sets[k]`.
    Sets {
        cage: usize,
        sets: [u32; LISTED_SETS],
        rest: u32,
    },
}

/// One alternative of a branch point, taken by [`Branch::take`].
enum Choice {
    /// Place the value of `bit` in `cell`.
    Place { cell: usize, bit: u32 },
    /// Keep the blanks of cage `cage` to the values of `set`.
    Keep { cage: usize, set: u32 },
}

impl Branch {
    /// Takes the next alternative in `order`.
    fn take(&mut self, t: &Tables, order: &mut Order) -> Choice {
        match self {
            Branch::Values { cell, rest } => {
                let bit = order.pick(*rest);
                *rest &= !bit;
                Choice::Place { cell: *cell, bit }
            }
            Branch::Places { unit, bit, rest } => {
                let place = order.pick(*rest);
                *rest &= !place;
                let k = place.trailing_zeros() as usize;
                let cell = usize::from(t.unit(*unit)[k]);
                Choice::Place { cell, bit: *bit }
            }
            Branch::Sets { cage, sets, rest } => {
                let which = order.pick(*rest);
                *rest &= !which;
                let set = sets[which.trailing_zeros() as usize];
                Choice::Keep { cage: *cage, set }
            }
        }
    }

    /// True when alternatives are left.
    fn has_more(&self) -> bool {
        match *self {
            Branch::Values { rest, .. }
            | Branch::Places { rest, .. }
            | Branch::Sets { rest, .. } => rest != 0,
        }
    }
}

/// The order in which a branch point tries its alternatives: ascending in
/// a search's first round, at random from the first restart on (seeded by
/// the round, so every machine takes the same steps).
enum Order {
    Ascending,
    Shuffled(Rng),
}

impl Order {
    /// The order of round `round` of [`Search::run`].
    fn of_round(round: usize) -> Order {
        match round {
            0 => Order::Ascending,
            _ => Order::Shuffled(Rng::new(round as u64)),
        }
    }

    /// One of the set bits of `rest` (not empty): the lowest, or one drawn
    /// at random.
    fn pick(&mut self, rest: u32) -> u32 {
        match self {
            Order::Ascending => rest & rest.wrapping_neg(),
            Order::Shuffled(rng) => {
                let mut left = rest;
                for _ in 0..rng.below(rest.count_ones() as usize) {
                    left &= left - 1; // drops the lowest
                }
                left & left.wrapping_neg()
            }
        }
    }
}

/// The placements per cell of a search's first round before it restarts
/// (see the module notes): 640,000 on a 25×25, about half a second. Only
/// a few in a thousand random sparse boards need a restart; 256 per cell
/// also restarted the uniqueness check of the hard 16×16 board of `make
/// bench`, which then took 63 ms instead of 35.
const RESTART_BUDGET: u64 = 1024;

/// A branch point: the state before the branch and what is left to try.
struct Frame {
    state: Node,
    branch: Branch,
}

/// One search: its settings going in, its findings coming out.
struct Search {
    /// Stop at this many solutions.
    limit: usize,
    /// Give up after this many placements.
    budget: u64,
    /// The first solution found.
    first: Option<Grid>,
    /// The work done.
    stats: SearchStats,
    /// The blank where the scan for the narrowest branch starts: ties go
    /// to the first narrowest from there on (a restart moves it).
    start: usize,
    /// The lookahead also tries both places of each value with two places
    /// left in a unit (from the first restart on).
    probe_places: bool,
    /// The order of values and places at a branch point (shuffled from the
    /// first restart on).
    order: Order,
    /// On a board with cages, how the branch weighs them: by the dead ends
    /// met around them so far, in every round.
    weights: CageWeights,
}

impl Search {
    fn new(limit: usize) -> Search {
        Search {
            limit,
            budget: u64::MAX,
            first: None,
            stats: SearchStats::default(),
            start: 0,
            probe_places: false,
            order: Order::Ascending,
            weights: CageWeights::new(0),
        }
    }

    /// Rule 4, lookahead, on a propagated state with blanks: each value of
    /// each bi-value blank is placed in a scratch copy and propagated; a
    /// value that leads to a contradiction is ruled out, so the other one
    /// is placed (and propagated) in `st`. With `probe_places` (after a
    /// restart), when no blank's trial rules anything out, each value with
    /// two places left in a unit is tried at each place the same way.
    /// Repeats until a round rules out nothing.
    ///
    /// The trial placements count as placements and, being erased, as
    /// backtracks; each trial counts as a guess.
    fn lookahead(
        &mut self,
        t: &Tables,
        st: &mut Node,
        probe: &mut Node,
        queue: &mut Queue,
    ) -> Result<(), DeadEnd> {
        loop {
            let mut ruled_out = false;
            for i in 0..t.cells {
                let cand = st.cand[i];
                if st.cells[i] != 0 || cand.count_ones() != 2 {
                    continue;
                }
                let values = [cand & cand.wrapping_neg(), cand & (cand - 1)];
                if self.probe_pair(t, st, probe, queue, [(i, values[0]), (i, values[1])])? {
                    ruled_out = true;
                    if st.open == 0 {
                        return Ok(());
                    }
                }
            }
            if !ruled_out && self.probe_places {
                // After a restart: each value with two places left in a
                // unit, as for a bi-value blank.
                'units: for u in 0..t.units {
                    let mut missing = t.full & !st.used[u];
                    while missing != 0 {
                        let bit = missing & missing.wrapping_neg();
                        missing ^= bit;
                        let mut places = [0usize; 2];
                        let mut count = 0;
                        for &i in t.unit(u) {
                            let i = usize::from(i);
                            if st.cells[i] == 0 && st.cand[i] & bit != 0 {
                                if count < 2 {
                                    places[count] = i;
                                }
                                count += 1;
                            }
                        }
                        if count == 2
                            && self.probe_pair(
                                t,
                                st,
                                probe,
                                queue,
                                [(places[0], bit), (places[1], bit)],
                            )?
                        {
                            ruled_out = true;
                            if st.open == 0 {
                                return Ok(());
                            }
                            break 'units;
                        }
                    }
                }
            }
            if !ruled_out {
                return Ok(());
            }
        }
    }

    /// Tries each of the two `choices` (a blank and a value bit) in the
    /// scratch copy `probe` of `st`, propagated by the singles. Both dead:
    /// a contradiction. One dead: the other is placed in `st` and
    /// propagated, and the answer is `true`. Neither: `false`.
    fn probe_pair(
        &mut self,
        t: &Tables,
        st: &mut Node,
        probe: &mut Node,
        queue: &mut Queue,
        choices: [(usize, u32); 2],
    ) -> Result<bool, DeadEnd> {
        let mut fails = [false; 2];
        for (k, &(i, bit)) in choices.iter().enumerate() {
            let mut placed = 1u64;
            probe.clone_from(st);
            probe.place(t, i, bit, queue);
            fails[k] = probe.propagate(t, queue, &mut placed, false).is_err();
            self.stats.placements += placed;
            self.stats.backtracks += placed;
            self.stats.guesses += 1;
        }
        let (i, bit) = match fails {
            [true, true] => return Err(DeadEnd::Trials),
            [false, false] => return Ok(false),
            [true, false] => choices[1],
            [false, true] => choices[0],
        };
        st.place(t, i, bit, queue);
        self.stats.placements += 1;
        st.propagate(t, queue, &mut self.stats.placements, true)?;
        Ok(true)
    }

    /// Counts the solutions of `puzzle` (of the shape of `t`) up to
    /// `self.limit`, keeping the first in `self.first`; `None` when the
    /// budget ran out first. Restarts (see the module notes): rounds of
    /// [`Search::run_once`], the first within [`RESTART_BUDGET`]
    /// placements per cell, each next one with twice the placements, ties
    /// broken from a blank a third of the board further on (and from
    /// another unit), values and places tried in a shuffled order
    /// ([`Order`]) and the places of values probed by the lookahead, the
    /// last one with what is left of `self.budget`.
    fn run(&mut self, t: &Tables, puzzle: &Grid) -> Option<usize> {
        self.weights = CageWeights::new(t.cages.count());
        let total = self.budget;
        let mut round_budget = RESTART_BUDGET * t.cells as u64;
        let mut round = 0;
        loop {
            let left = total.saturating_sub(self.stats.placements);
            let last = round_budget >= left;
            self.budget = self.stats.placements + round_budget.min(left);
            self.start = round * (t.cells / 3 + 1) % t.cells;
            self.probe_places = round > 0;
            self.order = Order::of_round(round);
            let found = self.run_once(t, puzzle);
            if found.is_none() && round == 0 {
                // The cell search could not finish a round: count by
                // patterns, where the board is one they take.
                if let Some(covered) = patterns::count(puzzle, self.limit) {
                    self.budget = total;
                    self.stats.guesses += covered.guesses;
                    if self.first.is_none() {
                        self.first = covered.first;
                    }
                    return Some(covered.count);
                }
            }
            if found.is_some() || last {
                self.budget = total;
                return found;
            }
            round += 1;
            round_budget *= 2;
        }
    }

    /// Weighs a dead end on a board with cages (see [`CageWeights`]): a
    /// cage that no filling completes, and the cages that share a cell with
    /// it; or the cages of a blank left without a value, or of the unit
    /// where a value has no place left.
    fn blame(&mut self, t: &Tables, dead_end: &DeadEnd) {
        match *dead_end {
            DeadEnd::Cage(k) => {
                let around = t.cages.around(t.cages.get(k).0);
                self.weights.blame(Some(k), around);
            }
            DeadEnd::Blank(i) => self.weights.blame(None, t.cages.of_cell(i)),
            DeadEnd::Unit(u) => self.weights.blame(None, t.cages.around(t.unit(u))),
            DeadEnd::Trials => {}
        }
    }

    /// One round of [`Search::run`]: the search itself, branching with
    /// ties broken from blank `self.start`, within `self.budget`
    /// placements (counted with the rounds before).
    fn run_once(&mut self, t: &Tables, puzzle: &Grid) -> Option<usize> {
        if self.limit == 0 {
            return Some(0);
        }
        let mut queue = Queue::with_capacity(2 * t.cells);
        let mut st = match Node::new(puzzle, t, &mut queue) {
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
            let propagated = st.propagate(t, &mut queue, &mut self.stats.placements, true);
            if let (Err(dead_end), true) = (&propagated, t.caged()) {
                self.blame(t, dead_end);
            }
            let mut alive = propagated.is_ok();
            if alive && st.open > 0 && !t.caged() {
                alive = self.lookahead(t, &mut st, &mut probe, &mut queue).is_ok();
            }
            if alive && st.open > 0 {
                let mut branch = st.narrowest_branch(t, self.start, &self.weights);
                let choice = branch.take(t, &mut self.order);
                if depth < frames.len() {
                    let frame = &mut frames[depth];
                    frame.state.clone_from(&st);
                    frame.branch = branch;
                } else {
                    frames.push(Frame {
                        state: st.clone(),
                        branch,
                    });
                }
                depth += 1;
                self.stats.guesses += 1;
                st.apply(t, choice, &mut queue, &mut self.stats.placements);
                continue;
            }
            if alive {
                if count == 0 {
                    let solution = st.grid(puzzle);
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
                if !frame.branch.has_more() {
                    depth -= 1;
                    continue;
                }
                let choice = frame.branch.take(t, &mut self.order);
                self.stats.backtracks += (frame.state.open - st.open) as u64;
                st.clone_from(&frame.state);
                st.apply(t, choice, &mut queue, &mut self.stats.placements);
                if frame.branch.has_more() {
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
    use crate::board::grid::{grid, line, random_puzzle, shuffled_grid};
    use crate::board::shape::boxes;
    use crate::rng::Rng;
    use crate::solve::reference::{self, Budget};
    use crate::Board;

    /// The general engine alone, even on 3×3.
    fn general_count(puzzle: &Grid, limit: usize) -> usize {
        let engine = Engine::new(puzzle);
        engine.count_within(puzzle, limit, u64::MAX).unwrap_or(0)
    }

    fn general_smallest(puzzle: &Grid) -> Option<Grid> {
        let tables = Tables::new(puzzle);
        let mut search = Search::new(1);
        search.run(&tables, puzzle);
        search
            .first
            .map(|known| smallest_from(&tables, puzzle, known, u64::MAX).unwrap().0)
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
        let conv = crate::board::symbol::Convention::Letters;
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
        let Found {
            first: counted,
            stats,
            ..
        } = solve_counted(&puzzle);
        assert_eq!(counted, Some(solution));
        assert_eq!(stats.placements - stats.backtracks, puzzle.blanks() as u64);
    }

    #[test]
    fn classic_grids_go_to_the_9x9_engine_with_the_same_answers() {
        let text = crate::testdata::ESCARGOT;
        let board = Board(crate::testdata::cells(text));
        let puzzle = Grid::from_board(&board);
        let expect = nine::solve(&board).map(|b| Grid::from_board(&b));
        assert_eq!(solve(&puzzle), expect);
        assert_eq!(smallest_solution(&puzzle), expect);
        assert_eq!(count_solutions(&puzzle, 5), 1);
        assert_eq!(
            solve_counted(&puzzle).stats,
            nine::solve_counted(&board).stats,
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
        assert_eq!(solve_counted(&clash), Found::nothing());
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
            let found = solve_counted(&g);
            assert_eq!(
                (found.first, found.stats),
                (Some(g.clone()), SearchStats::default())
            );
        }
    }

    // ------------------------------------------------------------------
    // Against the reference, on seeded random puzzles

    #[test]
    fn random_puzzles_agree_with_the_plain_reference() {
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
                let (count, first) = match reference::count(&puzzle, 3, Budget::Nodes(20_000)) {
                    Some(found) => (found.count, found.first),
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
                let Found {
                    first: counted,
                    stats,
                    ..
                } = solve_counted(&puzzle);
                assert_eq!(counted.is_some(), count > 0, "{}", shown());
                let kept = if count > 0 { puzzle.blanks() as u64 } else { 0 };
                assert_eq!(stats.placements - stats.backtracks, kept, "{}", shown());
                let smallest = if count > 1 {
                    reference::smallest(&puzzle, Budget::Nodes(20_000)).map(|found| found.first)
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

    // ------------------------------------------------------------------
    // Against the plain reference (`crate::solve::reference`) on sparse boards of
    // every shape: the same answers, and never a tail.

    /// Boards on which the engine once ran for minutes (`tests/tail/`,
    /// also run through the command by `tests/sizes.rs`), each with its
    /// boxes and its smallest solution (each has two): two 16×16 boards
    /// where an engine that branched only on blanks, and found the
    /// smallest solution by a row-major search, wandered; a 12×12 where
    /// the smallest solution's probes in the fast order alone thrashed on
    /// an empty subtree for ten minutes; a 20×20 where the lookahead's
    /// choice of branch took 23 s to count to two; a 25×25 that one order
    /// counted for over 300 s and a restart counts in 0.3 s; two 16×16
    /// boards of the 10,000-board run that took the restarts 2.9 s and 0.6
    /// s to count to two before a restart's lookahead probed the places of
    /// values too (now 90 ms each); a 20×20 of that run that every round
    /// gave up on before restarts shuffled the order of values (now 0.2
    /// s).
    const TAIL_BOARDS: [((usize, usize), &str, &str); 8] = [
        (
            (4, 4),
            include_str!("../../../tests/tail/4x4-count-ran-past-30s.in"),
            include_str!("../../../tests/tail/4x4-count-ran-past-30s.out"),
        ),
        (
            (4, 4),
            include_str!("../../../tests/tail/4x4-smallest-ran-past-90s.in"),
            include_str!("../../../tests/tail/4x4-smallest-ran-past-90s.out"),
        ),
        (
            (3, 4),
            include_str!("../../../tests/tail/3x4-smallest-ran-past-600s.in"),
            include_str!("../../../tests/tail/3x4-smallest-ran-past-600s.out"),
        ),
        (
            (5, 4),
            include_str!("../../../tests/tail/5x4-count-ran-past-20s.in"),
            include_str!("../../../tests/tail/5x4-count-ran-past-20s.out"),
        ),
        (
            (5, 5),
            include_str!("../../../tests/tail/5x5-count-ran-past-300s.in"),
            include_str!("../../../tests/tail/5x5-count-ran-past-300s.out"),
        ),
        (
            (4, 4),
            include_str!("../../../tests/tail/4x4-count-took-3s.in"),
            include_str!("../../../tests/tail/4x4-count-took-3s.out"),
        ),
        (
            (4, 4),
            include_str!("../../../tests/tail/4x4-count-gave-up-after-1m-placements.in"),
            include_str!("../../../tests/tail/4x4-count-gave-up-after-1m-placements.out"),
        ),
        (
            (5, 4),
            include_str!("../../../tests/tail/5x4-count-gave-up-in-every-round.in"),
            include_str!("../../../tests/tail/5x4-count-gave-up-in-every-round.out"),
        ),
    ];

    /// Placements the general engine may make on a board for each value
    /// the reference places (plus one per cell): lookahead trials make an
    /// engine node dearer than a reference node, but not by this much.
    pub(crate) const WORK_RATIO: u64 = 200;

    /// Checks the engine against the reference on `board`: counts to 2,
    /// the smallest solution, and the general engine's work within
    /// [`WORK_RATIO`] of the reference's. `Err` says what differs; `Ok`
    /// false when the reference gave up (the board is not checked).
    pub(crate) fn agrees_with_the_reference(board: &Grid, budget: u64) -> Result<bool, String> {
        let shown = || format!("{} {}", board.shape(), line(board));
        let Some(plain) = reference::count(board, 2, Budget::Nodes(budget)) else {
            return Ok(false);
        };
        let count = count_solutions(board, 2);
        if count != plain.count {
            return Err(format!(
                "{}: count {} but the reference counts {}",
                shown(),
                count,
                plain.count
            ));
        }
        let work = WORK_RATIO * (plain.stats.placements + board.shape().cell_count() as u64);
        let engine = Engine::new(board);
        if engine.count_within(board, 2, work).is_none() {
            return Err(format!(
                "{}: the engine needs over {} placements, the reference {} nodes",
                shown(),
                work,
                plain.stats.placements
            ));
        }
        if count == 2 {
            if let Some(best) = reference::smallest(board, Budget::Nodes(budget)) {
                if smallest_solution(board) != best.first {
                    return Err(format!(
                        "{}: not the reference's smallest solution",
                        shown()
                    ));
                }
            }
        } else if smallest_solution(board) != plain.first {
            return Err(format!("{}: smallest is not the one solution", shown()));
        }
        Ok(true)
    }

    #[test]
    fn the_tail_boards_answer_with_little_work() {
        let digits = crate::board::symbol::Convention::Digits;
        for ((r, c), text, smallest) in TAIL_BOARDS {
            let read = |text: &str| {
                let cells = text
                    .trim()
                    .chars()
                    .map(|ch| digits.read(ch, r * c).unwrap())
                    .collect();
                Grid::new(boxes(r, c), cells).unwrap()
            };
            let board = read(text);
            // Counting takes up to about 1,100 placements per cell (the
            // 25×25, after one restart) and the smallest solution up to
            // about 5,700 (the 25×25: 1.5 s; 1,500 on the 20×20); the old
            // engines made tens of millions.
            let cells = board.shape().cell_count() as u64;
            let engine = Engine::new(&board);
            let counted = engine.count_within(&board, 2, 2_000 * cells);
            assert_eq!(counted, Some(2), "{}", text);
            let tables = Tables::new(&board);
            let known = solve(&board).unwrap();
            assert!(known.solves(&board));
            let (found, work) = smallest_from(&tables, &board, known, u64::MAX).unwrap();
            assert_eq!(found, read(smallest), "{}", text);
            assert!(work < 6_000 * cells, "{} placements: {}", work, text);
            // (`smallest_solution`, the count then this search, is checked
            // against the reference by the tests below, on cheaper boards.)
        }
    }

    #[test]
    fn sparse_boards_of_every_shape_agree_with_the_reference() {
        let mut rng = Rng::new(19);
        let mut checked = 0;
        let mut counts = [0usize; 3];
        for (r, c) in crate::solve::reference::SHAPES {
            let shape = boxes(r, c);
            // (25×25 and 20×20 run in `make bench`: a debug build is slow.)
            let boards = match shape.size() {
                0..=9 => 24,
                10..=16 => 4,
                _ => 0,
            };
            for _ in 0..boards {
                let board = crate::solve::reference::random_board(&mut rng, shape);
                match agrees_with_the_reference(&board, 20_000) {
                    Ok(true) => {
                        checked += 1;
                        counts[count_solutions(&board, 2)] += 1;
                    }
                    Ok(false) => {}
                    Err(e) => panic!("{}", e),
                }
            }
        }
        assert!(checked >= 150, "only {} boards checked", checked);
        // Boards with no solution, one and several are all among them.
        assert!(counts.iter().all(|&k| k >= 5), "{:?}", counts);
    }

    #[test]
    fn budget_gives_up_without_an_answer() {
        let empty = Grid::empty(boxes(4, 4));
        let engine = Engine::new(&empty);
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
    use crate::board::grid::grid;
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
            let Found {
                first: solution,
                stats,
                ..
            } = solve_counted(&puzzle);
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
        let engine = measure(5, |_| boards.iter().filter_map(nine::solve).count());
        println!("  9x9 engine (nine::solve):          {}", engine);
        let dispatched = measure(5, |_| grids.iter().filter_map(solve).count());
        println!("  grid_solver::solve (hands over 3x3): {}", dispatched);
        let general = measure(5, |_| {
            grids
                .iter()
                .filter_map(|g| {
                    let mut search = Search::new(1);
                    search.run(&Tables::new(g), g);
                    search.first
                })
                .count()
        });
        println!("  the general engine on the same:      {}", general);
    }
}
