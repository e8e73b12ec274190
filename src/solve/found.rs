//! What a search found and what it cost: the one result type of every
//! search in the kit, the engines' ([`crate::solve::nine`],
//! [`crate::solve::any`]) and the study's patterns
//! ([`crate::study::patterns`], dancing links among them) alike, so that
//! `sudoku study`, the trace and the benchmarks read them one way.

use std::fmt;

/// The work of one search, in the units of `sudoku study`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    /// Values written into a blank, by a rule (a single) or by a branch:
    /// its nodes. Givens are not placements. A value written into a state
    /// that then turns out contradictory still counts.
    pub placements: u64,
    /// Placed values erased again, by undoing a branch or by going back to
    /// a saved state. A search that found its solution has
    /// `placements − backtracks = blanks`; one that found none has
    /// `backtracks = placements`.
    pub backtracks: u64,
    /// Guesses: values tried at a branch point while others were still
    /// left (the engines also count their lookahead trials here). The
    /// study's patterns 1 to 5 count nodes and backtracks only: 0.
    pub guesses: u64,
}

/// What a search found: how many solutions (up to the limit it was given),
/// the first of them in its search order, its work, and whether it was
/// stopped before it finished. `B` is the board: the 9×9
/// [`Board`](crate::board::Board) or the [`Grid`](crate::board::Grid) of
/// any size.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Found<B> {
    /// Solutions found, up to the search's limit (a search for the first
    /// solution stops at 1). Givens that clash have none.
    pub count: usize,
    /// The first solution found, in the search's order.
    pub first: Option<B>,
    /// The work done.
    pub stats: SearchStats,
    /// True when a node limit (or a watcher) stopped the search before it
    /// finished: `count` and `first` then say only what it had found.
    pub stopped: bool,
}

impl<B> Found<B> {
    /// Nothing found yet, no work done: where every search starts, and the
    /// answer for givens that clash.
    pub fn nothing() -> Found<B> {
        Found {
            count: 0,
            first: None,
            stats: SearchStats::default(),
            stopped: false,
        }
    }

    /// How the search ended. A stopped search is [`Ending::Stopped`]
    /// whatever it found before it stopped.
    pub fn ending(&self) -> Ending {
        if self.stopped {
            Ending::Stopped
        } else if self.first.is_some() {
            Ending::Solved
        } else {
            Ending::NoSolution
        }
    }
}

/// How a search ended ([`Found::ending`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// It found a solution (the first in its order).
    Solved,
    /// It searched everything and found no solution (also the answer,
    /// with no search at all, for givens that clash).
    NoSolution,
    /// It stopped unfinished: a node limit was reached, or a watcher asked
    /// it to stop.
    Stopped,
}

impl fmt::Display for Ending {
    /// `solved`, `no solution` or `stopped`, as the trace's summary says.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Solved => "solved",
            Ending::NoSolution => "no solution",
            Ending::Stopped => "stopped",
        })
    }
}
