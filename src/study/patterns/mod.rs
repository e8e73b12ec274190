//! Seven ways to write the same backtracking search, compared by the work
//! they do (nodes) and the cost of each unit of work (time per node), on
//! boards of every size ([`Grid`]: N×N cells in R×C boxes, N up to 25).
//!
//! Glossary (used in every pattern below):
//! - **blank**: a cell that is 0 in the puzzle; the search fills blanks.
//! - **node**: one *placement*, a value written into a blank. Every pattern
//!   counts exactly this, so the counts compare like with like: patterns 1
//!   to 5 through one counter at the moment they write the value, dancing
//!   links when it chooses a row of the exact cover (a value for a blank),
//!   the engine from the cells its propagation and guesses fill. A value
//!   that is tested and rejected is not a node.
//! - **backtrack**: one *undo*, a placed value erased again because the
//!   search below it failed (for the engine: a value placed since the state
//!   it goes back to was saved). A search that solves the puzzle stops at
//!   the solution without erasing it, so then `backtracks = nodes - blanks`;
//!   one that finds no solution erases every value it placed.
//! - **used mask**: a `u32` whose bit `v - 1` is set when value `v` is
//!   already in the row (column, box). The free values of a cell are
//!   `ALL & !(rows[r] | cols[c] | boxes[b])`, `ALL` being bits 0 to N − 1.
//!
//! | pattern | finds the next blank by | tests a value by |
//! |---|---|---|
//! | [`Pattern::Scan`] | scanning the board from r1c1 | rescanning 3N cells (27 on 9×9) |
//! | [`Pattern::BlankList`] | a list of blanks made once | rescanning 3N cells |
//! | [`Pattern::UsedTables`] | a list of blanks made once | three `bool` tables |
//! | [`Pattern::Bitmask`] | a list of blanks made once | enumerating free bits |
//! | [`Pattern::FewestCandidates`] | the blank with fewest free values | enumerating free bits |
//! | [`Pattern::Dlx`] | the constraint with fewest ways left ([`crate::study::patterns::dlx`]) | the matrix rows still linked |
//! | [`Pattern::Engine`] | the kit's engine ([`crate::solve::any`]) | its own way |
//!
//! Each of the first five patterns changes one thing in the one before it.
//! Patterns 1 to 4 take the blanks row-major and the values in ascending
//! order, so on every puzzle they visit exactly the same nodes in the same
//! order; only the cost per node differs. Pattern 5 changes the order and
//! visits far fewer nodes. Dancing links branches on a cell *or* on a value
//! with few places in a unit, so its search finds hidden singles as well
//! as naked ones. The engine counts in the same unit, but by its own
//! bookkeeping (see [`Pattern::Engine`]), and cannot be watched step by
//! step.
//!
//! Every search but the engine's can be watched: [`run_watched`] calls a
//! closure at each [`Move`] (this is how [`crate::study::trace`] replays a
//! search). [`run`] passes a closure that does nothing, which the compiler
//! removes, so the timed searches carry no tracing cost.
//!
//! Patterns 1 to 5 are generic over the board's geometry (the private
//! `geometry` module): a 9×9 grid runs a copy compiled with N = 9 and 3×3
//! boxes as constants, the code the study measured when it was 9×9 only;
//! every other shape runs a copy that reads its geometry from tables.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | the patterns' names, results, steps, the dispatch and the shared counter |
//! | `geometry.rs` | cell geometry: the 9×9 constants and the tables of any shape |
//! | `rescan.rs` | patterns 1 and 2: the 3N-cell rescan |
//! | `used_tables.rs` | pattern 3 |
//! | `bitmask.rs` | patterns 4 and 5 |

mod bitmask;
pub mod dlx;
mod extra;
mod geometry;
mod rescan;
#[cfg(test)]
mod tests;
mod used_tables;

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::solve::any;
use crate::solve::found::{Found, SearchStats};
pub(crate) use extra::Extra;
use geometry::{Classic, Geometry, ShapeTables};
use std::fmt;
use std::str::FromStr;

// ---------------------------------------------------------------- Patterns

/// One way of writing the backtracking search. The order of
/// [`Pattern::ALL`] is the order of the study table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pattern {
    /// 1. Scan the board for the first blank on every call, and test each
    ///    value 1 to N by rescanning its row, column and box (27 cells on
    ///    9×9). The way the Python blog posts and the seed notebook write
    ///    it.
    Scan,
    /// 2. Collect the blanks once, then test values by the same rescan
    ///    (the Baekjoon C++ post).
    BlankList,
    /// 3. Blank list plus `bool` tables of used values per row, column and
    ///    box, set on place and cleared on undo (the JavaScript post): a
    ///    value test is three lookups.
    UsedTables,
    /// 4. Blank list plus used masks: only the free values of a cell are
    ///    enumerated, lowest bit first (the judge binaries' core).
    Bitmask,
    /// 5. Bitmask plus, at every step, choosing the blank with the fewest
    ///    free values, swapped into place in the blank list (ties: the
    ///    first in the list's current order; the scan stops at a blank with
    ///    0 or 1 free values). A blank with no free value is chosen at
    ///    once, so dead ends are found early. The judge binaries' rule.
    FewestCandidates,
    /// 6. Dancing links, Knuth's Algorithm X on the exact-cover matrix
    ///    ([`crate::study::patterns::dlx`]): it branches on the constraint (a cell to fill,
    ///    or a value to place in a row, column or box) with the fewest
    ///    ways left. Its nodes are the matrix rows it chooses, each a value
    ///    written into a blank, and its backtracks the rows it unchooses:
    ///    the same units as patterns 1 to 5. Watchable, and stopped by the
    ///    node limit like them.
    Dlx,
    /// 7. The kit's engine, [`crate::solve::any::solve_counted`] (9×9
    ///    boards go to [`crate::solve::nine`]): propagation (singles and locked
    ///    candidates) writes most values, a guess only when it stalls, and
    ///    a contradiction returns to a copied state. Its nodes are the
    ///    values it writes, by a single or a guess (and, above 9×9, by its
    ///    lookahead trials), and its backtracks the values erased by going
    ///    back (see [`crate::solve::SearchStats`]): the same units as the
    ///    other patterns. It writes several values at once, so it cannot
    ///    be watched step by step, and it ignores the node limit.
    Engine,
}

impl Pattern {
    /// Every pattern, in the order of the study table.
    pub const ALL: [Pattern; 7] = [
        Pattern::Scan,
        Pattern::BlankList,
        Pattern::UsedTables,
        Pattern::Bitmask,
        Pattern::FewestCandidates,
        Pattern::Dlx,
        Pattern::Engine,
    ];

    /// The name used on the command line and in the table (`blank-list`).
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Scan => "scan",
            Pattern::BlankList => "blank-list",
            Pattern::UsedTables => "used-tables",
            Pattern::Bitmask => "bitmask",
            Pattern::FewestCandidates => "fewest-candidates",
            Pattern::Dlx => "dlx",
            Pattern::Engine => "engine",
        }
    }

    /// True when the search can be watched step by step and stopped at a
    /// node limit (every pattern but [`Pattern::Engine`]).
    pub fn reports_steps(self) -> bool {
        self != Pattern::Engine
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown pattern name; its message lists the known ones.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownPattern(pub String);

impl fmt::Display for UnknownPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Pattern::ALL.iter().map(|p| p.name()).collect();
        write!(
            f,
            "unknown pattern `{}` (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl FromStr for Pattern {
    type Err = UnknownPattern;

    /// Parses a name of [`Pattern::name`].
    fn from_str(s: &str) -> Result<Pattern, UnknownPattern> {
        Pattern::ALL
            .iter()
            .copied()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownPattern(s.to_string()))
    }
}

// ----------------------------------------------------------------- Results

/// One step of a watched search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// `value` was written into blank `cell`; `depth` values placed by the
    /// search are now on the board (1 for the first). Each `Place` is one
    /// node.
    Place {
        /// The cell, 0..N² row-major.
        cell: usize,
        /// The value, 1..=N.
        value: u8,
        /// Placed values on the board, this one included.
        depth: usize,
    },
    /// The value in `cell` was erased; `depth` placed values remain. Each
    /// `Undo` is one backtrack.
    Undo {
        /// The cell, 0..N² row-major.
        cell: usize,
        /// Placed values left on the board.
        depth: usize,
    },
}

// ------------------------------------------------------------------ Search

/// Runs `pattern` on `puzzle` until it solves it, proves it has no
/// solution, or has made `limit` placements (`None`: no limit). With
/// `limit = Some(n)` the node count never exceeds `n`.
///
/// Deterministic: the same puzzle gives the same counts every time. Cost:
/// exponential in the worst case (tens of millions of nodes on 9×9 puzzles
/// built against row-major search, far more on 16×16); the cost per node is
/// what the patterns differ in.
pub fn run(pattern: Pattern, puzzle: &Grid, limit: Option<u64>) -> Found<Grid> {
    run_watched(pattern, puzzle, limit, |_| true)
}

/// [`run`], calling `watch` after every placement and every undo; when
/// `watch` returns `false` the search stops at once ([`Found::stopped`],
/// and no solution). [`Pattern::Engine`] never calls `watch` and
/// ignores `limit` (see [`Pattern::reports_steps`]).
pub fn run_watched<W: FnMut(Move) -> bool>(
    pattern: Pattern,
    puzzle: &Grid,
    limit: Option<u64>,
    watch: W,
) -> Found<Grid> {
    match pattern {
        Pattern::Engine => any::solve_counted(puzzle),
        Pattern::Dlx => {
            let mut found = dlx::run_watched(puzzle, 1, limit, watch);
            if found.stopped {
                // A watcher may stop it on the placement that completes
                // the board: stopped means no answer, as for the others.
                found.first = None;
            }
            found
        }
        _ if puzzle.shape() == Shape::CLASSIC && puzzle.variant().regions().is_none() => {
            backtrack(Classic, pattern, puzzle, limit, watch)
        }
        _ => backtrack(&ShapeTables::of(puzzle), pattern, puzzle, limit, watch),
    }
}

/// Patterns 1 to 5 on a board of geometry `g`.
fn backtrack<G: Geometry, W: FnMut(Move) -> bool>(
    g: G,
    pattern: Pattern,
    puzzle: &Grid,
    limit: Option<u64>,
    watch: W,
) -> Found<Grid> {
    let mut tally = Tally {
        nodes: 0,
        backtracks: 0,
        limit: limit.unwrap_or(u64::MAX),
        stopped: false,
        watch,
    };
    let mut cells = puzzle.cells().to_vec();
    let extra = Extra::of(puzzle);
    let done = puzzle.first_clash().is_none()
        && match pattern {
            Pattern::Scan => rescan::scan(g, extra.as_ref(), &mut cells, 0, &mut tally),
            Pattern::BlankList => {
                let blanks = blanks_of(&cells);
                rescan::blank_list(g, extra.as_ref(), &mut cells, &blanks, 0, &mut tally)
            }
            Pattern::UsedTables => {
                let blanks = blanks_of(&cells);
                let mut tables = used_tables::UsedTables::new(g, extra, &cells, blanks);
                tables.search(&mut cells, 0, &mut tally)
            }
            Pattern::Bitmask | Pattern::FewestCandidates => {
                let fewest = pattern == Pattern::FewestCandidates;
                let mut blanks = blanks_of(&cells);
                let mut masks = bitmask::Masks::new(g, extra, &cells);
                masks.search(&mut cells, &mut blanks, 0, fewest, &mut tally)
            }
            Pattern::Dlx | Pattern::Engine => unreachable!("run_watched handles {}", pattern),
        };
    let solved = done && !tally.stopped;
    Found {
        count: usize::from(solved),
        first: solved.then(|| puzzle.with_cells(cells).unwrap_or_else(|_| puzzle.clone())),
        stats: SearchStats {
            placements: tally.nodes,
            backtracks: tally.backtracks,
            guesses: 0,
        },
        stopped: tally.stopped,
    }
}

/// The blanks of `cells`, row-major.
fn blanks_of(cells: &[u8]) -> Vec<usize> {
    (0..cells.len()).filter(|&i| cells[i] == 0).collect()
}

/// The counters patterns 1 to 5 share, so that all count the same way (as
/// [`crate::study::patterns::dlx`] counts too).
///
/// Every search returns `true` when it is done (solved, or told to stop:
/// `stopped` tells which) and `false` when its branch has no solution.
/// `depth` is the number of values the search has placed so far.
struct Tally<W> {
    nodes: u64,
    backtracks: u64,
    limit: u64,
    stopped: bool,
    watch: W,
}

impl<W: FnMut(Move) -> bool> Tally<W> {
    /// Call just before writing `value` into `cell`. Returns `false` when
    /// the search must stop instead, without writing the value: either the
    /// limit is reached (nothing is counted) or the watcher, told of this
    /// placement, said stop (the node is counted).
    #[inline(always)]
    fn place(&mut self, cell: usize, value: u8, depth: usize) -> bool {
        if self.nodes == self.limit {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        if !(self.watch)(Move::Place { cell, value, depth }) {
            self.stopped = true;
            return false;
        }
        true
    }

    /// Call just after erasing the value in `cell`. Returns `false` when
    /// the watcher asks the search to stop.
    #[inline(always)]
    fn undo(&mut self, cell: usize, depth: usize) -> bool {
        self.backtracks += 1;
        if !(self.watch)(Move::Undo { cell, depth }) {
            self.stopped = true;
            return false;
        }
        true
    }
}
