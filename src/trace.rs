//! A search replayed event by event: the steps of a [`crate::patterns`]
//! search as text lines (for pipes, diffs and tests) or as terminal frames
//! (for watching).
//!
//! The event lines, one per step, then one summary line:
//!
//! ```text
//! place r1c1=1 depth=1      a digit written into a blank (one node)
//! undo r1c1                 that digit erased again (one backtrack)
//! solved nodes=200 backtracks=151
//! ```
//!
//! The summary is `solved …`, `no solution …` or `stopped …` (limit reached
//! or interrupted). The number of `place` lines equals `nodes`, the number
//! of `undo` lines equals `backtracks`, and applying the events to the
//! puzzle in order ([`apply`]) gives the board the search ended on.
//!
//! The default pattern is [`DEFAULT_PATTERN`], `bitmask`: row-major, digits
//! ascending, the order a reader follows most easily, and the same events
//! as `scan`, `blank-list` and `used-tables`.

use crate::board::{cell_name, Board};
use crate::patterns::{self, Outcome, Pattern, Run, Step};
use std::fmt;

/// The pattern `sudoku trace` replays unless told otherwise.
pub const DEFAULT_PATTERN: Pattern = Pattern::Bitmask;

/// One step of a search and the counters just after it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Event {
    /// What happened.
    pub step: Step,
    /// Placements so far, this one included.
    pub nodes: u64,
    /// Undos so far, this one included.
    pub backtracks: u64,
}

impl fmt::Display for Event {
    /// The event line: `place r1c2=4 depth=1` or `undo r1c2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Step::Place { cell, digit, depth } => {
                write!(f, "place {}={} depth={}", cell_name(cell), digit, depth)
            }
            Step::Undo { cell, .. } => write!(f, "undo {}", cell_name(cell)),
        }
    }
}

/// A pattern that cannot be traced ([`Pattern::Engine`] reports no steps).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Untraceable(pub Pattern);

impl fmt::Display for Untraceable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pattern `{}` reports no steps and cannot be traced",
            self.0
        )
    }
}

/// Runs `pattern` on `puzzle` (stopping after `limit` placements, if given)
/// and calls `on_event` at every step; when `on_event` returns `false` the
/// search stops ([`Outcome::Stopped`]). Returns what the search did, or
/// [`Untraceable`] for the engine.
///
/// Cost: the pattern's search plus one call per step.
pub fn trace<F: FnMut(&Event) -> bool>(
    puzzle: &Board,
    pattern: Pattern,
    limit: Option<u64>,
    mut on_event: F,
) -> Result<Run, Untraceable> {
    if !pattern.reports_steps() {
        return Err(Untraceable(pattern));
    }
    let (mut nodes, mut backtracks) = (0, 0);
    Ok(patterns::run_watched(pattern, puzzle, limit, |step| {
        match step {
            Step::Place { .. } => nodes += 1,
            Step::Undo { .. } => backtracks += 1,
        }
        on_event(&Event {
            step,
            nodes,
            backtracks,
        })
    }))
}

/// The summary line of a traced run (no newline): `solved nodes=N
/// backtracks=M`, `no solution nodes=N backtracks=M`, or `stopped nodes=N
/// backtracks=M`.
pub fn summary(run: &Run) -> String {
    let word = match run.outcome {
        Outcome::Solved(_) => "solved",
        Outcome::NoSolution => "no solution",
        Outcome::Stopped => "stopped",
    };
    format!("{} nodes={} backtracks={}", word, run.nodes, run.backtracks)
}

/// Applies one step to `board`: a placement writes its digit, an undo
/// blanks its cell.
pub fn apply(board: &mut Board, step: Step) {
    match step {
        Step::Place { cell, digit, .. } => board.0[cell] = digit,
        Step::Undo { cell, .. } => board.0[cell] = 0,
    }
}

// ---------------------------------------------------------------- Terminal

/// Lines in every [`frame`]: the 11 board lines, a blank line, the counters
/// and the status line.
pub const FRAME_LINES: usize = 14;

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const SEARCHED: &str = "\x1b[36m"; // cyan: digits the search placed
const TRYING: &str = "\x1b[7m"; // reverse video: the cell just placed
const UNDONE: &str = "\x1b[41m"; // red background: the cell just erased
const CLEAR_LINE: &str = "\x1b[K"; // erase to the end of the line

/// One terminal frame of exactly [`FRAME_LINES`] lines, each ending with
/// "erase to end of line", attributes reset, and `\n`: the board (givens
/// bold, searched digits cyan, the cell of `last` highlighted: reversed for
/// a placement, red for an undo), then `depth`, `nodes` and `backtracks`
/// counters, then `status` (one line, no newline).
///
/// The caller redraws in place by moving the cursor up [`FRAME_LINES`]
/// lines before printing the next frame. No attribute outlives its line, so
/// an interrupted frame leaves no colour behind.
pub fn frame(puzzle: &Board, board: &Board, last: Option<&Event>, status: &str) -> String {
    let (hot, style) = match last.map(|e| e.step) {
        Some(Step::Place { cell, .. }) => (Some(cell), TRYING),
        Some(Step::Undo { cell, .. }) => (Some(cell), UNDONE),
        None => (None, ""),
    };
    let mut out = String::with_capacity(1024);
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(" ------+-------+------");
            out.push_str(CLEAR_LINE);
            out.push('\n');
        }
        for c in 0..9 {
            let i = r * 9 + c;
            if c == 3 || c == 6 {
                out.push_str(" |");
            }
            out.push(' ');
            let d = board.0[i];
            let text = if d == 0 { '.' } else { (b'0' + d) as char };
            let color = if Some(i) == hot {
                style
            } else if puzzle.0[i] != 0 {
                BOLD
            } else if d != 0 {
                SEARCHED
            } else {
                ""
            };
            if color.is_empty() {
                out.push(text);
            } else {
                out.push_str(color);
                out.push(text);
                out.push_str(RESET);
            }
        }
        out.push_str(CLEAR_LINE);
        out.push('\n');
    }
    let (depth, nodes, backtracks) = match last {
        Some(e) => (
            match e.step {
                Step::Place { depth, .. } | Step::Undo { depth, .. } => depth,
            },
            e.nodes,
            e.backtracks,
        ),
        None => (0, 0, 0),
    };
    let blanks = 81 - puzzle.givens();
    out.push_str(CLEAR_LINE);
    out.push('\n');
    out.push_str(&format!(
        " depth {}/{}   nodes {}   backtracks {}{}\n",
        depth, blanks, nodes, backtracks, CLEAR_LINE
    ));
    out.push(' ');
    out.push_str(status);
    out.push_str(RESET);
    out.push_str(CLEAR_LINE);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{cells, EULER_01};

    #[test]
    fn event_lines_follow_the_documented_format() {
        let place = Event {
            step: Step::Place {
                cell: 1,
                digit: 4,
                depth: 1,
            },
            nodes: 1,
            backtracks: 0,
        };
        assert_eq!(place.to_string(), "place r1c2=4 depth=1");
        let undo = Event {
            step: Step::Undo { cell: 80, depth: 0 },
            nodes: 1,
            backtracks: 1,
        };
        assert_eq!(undo.to_string(), "undo r9c9");
    }

    #[test]
    fn replaying_the_events_gives_the_solution() {
        let puzzle = Board(cells(EULER_01));
        for pattern in [Pattern::Scan, Pattern::Bitmask, Pattern::FewestCandidates] {
            let mut replay = puzzle;
            let mut places = 0;
            let mut last = None;
            let run = trace(&puzzle, pattern, None, |e| {
                apply(&mut replay, e.step);
                places += matches!(e.step, Step::Place { .. }) as u64;
                last = Some(*e);
                true
            })
            .unwrap();
            assert_eq!(run.outcome, Outcome::Solved(replay), "{}", pattern);
            assert!(replay.solves(&puzzle));
            assert_eq!(places, run.nodes);
            let last = last.unwrap();
            assert_eq!((last.nodes, last.backtracks), (run.nodes, run.backtracks));
        }
    }

    #[test]
    fn summary_names_the_outcome() {
        let puzzle = Board(cells(EULER_01));
        let run = trace(&puzzle, DEFAULT_PATTERN, None, |_| true).unwrap();
        assert_eq!(summary(&run), "solved nodes=200 backtracks=151");
        let run = trace(&puzzle, DEFAULT_PATTERN, Some(5), |_| true).unwrap();
        assert_eq!(summary(&run), "stopped nodes=5 backtracks=1");
        let mut clash = puzzle;
        clash.0[0] = 3;
        let run = trace(&clash, DEFAULT_PATTERN, None, |_| true).unwrap();
        assert_eq!(summary(&run), "no solution nodes=0 backtracks=0");
    }

    #[test]
    fn the_engine_cannot_be_traced() {
        let err = trace(&Board(cells(EULER_01)), Pattern::Engine, None, |_| true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "pattern `engine` reports no steps and cannot be traced"
        );
    }

    #[test]
    fn frame_has_fixed_height_and_resets_every_line() {
        let puzzle = Board(cells(EULER_01));
        let mut now = puzzle;
        now.0[0] = 4;
        let event = Event {
            step: Step::Place {
                cell: 0,
                digit: 4,
                depth: 1,
            },
            nodes: 1,
            backtracks: 0,
        };
        let text = frame(&puzzle, &now, Some(&event), "place r1c1=4 depth=1");
        assert_eq!(text.lines().count(), FRAME_LINES);
        assert!(text.starts_with(" \x1b[7m4\x1b[0m . \x1b[1m3\x1b[0m |"));
        assert!(text.contains(" depth 1/49   nodes 1   backtracks 0"));
        for line in text.lines() {
            assert!(line.ends_with(CLEAR_LINE), "{:?}", line);
            let opened = line.matches("\x1b[7m").count()
                + line.matches("\x1b[1m").count()
                + line.matches("\x1b[36m").count()
                + line.matches("\x1b[41m").count();
            assert!(line.matches(RESET).count() >= opened, "{:?}", line);
        }
    }
}
