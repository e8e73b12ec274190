//! A search recorded for a picture: its steps up to a node limit, how it
//! ended, and, when the limit stopped it, what the full search takes (from
//! a counting run without steps).

use crate::board::grid::Grid;
use crate::solve::found::{Ending, Found};
use crate::study::patterns::{self, Move, Pattern};
use crate::study::trace::{self, Untraceable};

/// The node limit of a page unless told otherwise: at most 200,000
/// events (each undo follows its placement), a page of about 0.6 MB on
/// boards up to 25×25.
pub const DEFAULT_LIMIT: u64 = 100_000;

/// The most nodes a counting run makes before it gives up: about a second
/// with `bitmask` on 9×9, far more for `scan`, which is why every
/// row-major pattern is counted with `bitmask` (same nodes).
pub const COUNT_CAP: u64 = 100_000_000;

/// One pattern's search on one puzzle, step by step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Recording {
    /// The pattern searched.
    pub pattern: Pattern,
    /// Every step, in order, up to the node limit.
    pub steps: Vec<Move>,
    /// The recorded run: its outcome (`Stopped` at the limit) and counts.
    pub run: Found<Grid>,
    /// When the limit stopped the recording: the full search, counted
    /// without steps up to `count_cap` nodes (`Stopped` beyond it).
    pub full: Option<Found<Grid>>,
}

/// Records `pattern` on `puzzle` up to `limit` nodes and, when the limit
/// stops it and `count_cap > 0`, counts the full search up to `count_cap`
/// nodes. The four row-major patterns make the same nodes, so they are
/// counted with the fastest of them, `bitmask`. [`Untraceable`] for the
/// engine.
///
/// Cost: the search up to `limit` nodes, 8 bytes a step, plus the
/// counting run.
pub fn record(
    puzzle: &Grid,
    pattern: Pattern,
    limit: u64,
    count_cap: u64,
) -> Result<Recording, Untraceable> {
    let mut steps = Vec::new();
    let run = trace::trace(puzzle, pattern, Some(limit), |event| {
        steps.push(event.step);
        true
    })?;
    let full = if run.stopped && count_cap > 0 {
        let counter = match pattern {
            Pattern::Scan | Pattern::BlankList | Pattern::UsedTables => Pattern::Bitmask,
            other => other,
        };
        Some(patterns::run(counter, puzzle, Some(count_cap)))
    } else {
        None
    };
    Ok(Recording {
        pattern,
        steps,
        run,
        full,
    })
}

impl Recording {
    /// What the recording shows at its end, one line: `solved nodes=N
    /// backtracks=M` (as `sudoku trace` ends), `no solution …`, or
    /// `stopped at the limit: nodes=N backtracks=M; the full search takes
    /// 69175316 nodes` (`more than C nodes` past the counting cap, nothing
    /// more when it was not counted).
    pub fn ending(&self) -> String {
        let summary = trace::summary(&self.run);
        match &self.full {
            None if !self.run.stopped => summary,
            None => format!("{} (the limit)", summary),
            Some(full) => match full.ending() {
                Ending::Stopped => format!(
                    "{} (the limit); the full search takes more than {} nodes",
                    summary, full.stats.placements
                ),
                Ending::Solved => format!(
                    "{} (the limit); the full search takes {} nodes ({} backtracks) to solve it",
                    summary, full.stats.placements, full.stats.backtracks
                ),
                Ending::NoSolution => format!(
                    "{} (the limit); the full search takes {} nodes to find no solution",
                    summary, full.stats.placements
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{cells, EULER_01};
    use crate::Board;

    #[test]
    fn a_finished_search_keeps_every_step_and_needs_no_count() {
        let puzzle = Grid::from_board(&Board(cells(EULER_01)));
        let rec = record(&puzzle, Pattern::Bitmask, 1000, COUNT_CAP).unwrap();
        assert_eq!(rec.steps.len(), 200 + 151);
        assert_eq!(rec.full, None);
        assert_eq!(rec.ending(), "solved nodes=200 backtracks=151");
    }

    #[test]
    fn a_stopped_search_says_what_the_full_one_takes() {
        let puzzle = Grid::from_board(&Board(cells(EULER_01)));
        let rec = record(&puzzle, Pattern::Scan, 10, COUNT_CAP).unwrap();
        assert_eq!(rec.run.stats.placements, 10);
        assert_eq!(
            rec.ending(),
            "stopped nodes=10 backtracks=4 (the limit); the full search takes 200 nodes (151 backtracks) to solve it"
        );
        let rec = record(&puzzle, Pattern::Scan, 10, 50).unwrap();
        assert!(rec
            .ending()
            .ends_with("the full search takes more than 50 nodes"));
        let rec = record(&puzzle, Pattern::Scan, 10, 0).unwrap();
        assert_eq!(rec.ending(), "stopped nodes=10 backtracks=4 (the limit)");
    }
}
