//! A search replayed event by event: the steps of a [`crate::study::patterns`]
//! search as text lines (for pipes, diffs and tests) or as terminal frames
//! (for watching), on boards of every size.
//!
//! The event lines, one per step, then one summary line:
//!
//! ```text
//! place r1c1=1 depth=1      a value written into a blank (one node)
//! undo r1c1                 that value erased again (one backtrack)
//! solved nodes=200 backtracks=151
//! ```
//!
//! Cells are named from 1 (`r12c3` on a 16×16 board) and values written in
//! the board's own convention ([`crate::board::symbol`]): `place r12c3=G depth=5`
//! in digits-and-letters, `place r12c3=P depth=5` in letters (both value
//! 16). On 9×9 boards in digits the lines are those of the 9×9 kit.
//!
//! The summary is `solved …`, `no solution …` or `stopped …` (limit reached
//! or interrupted). The number of `place` lines equals `nodes`, the number
//! of `undo` lines equals `backtracks`, and applying the events to the
//! puzzle in order ([`apply`]) gives the board the search ended on.
//!
//! The default pattern is [`DEFAULT_PATTERN`], `bitmask`: row-major, values
//! ascending, the order a reader follows most easily, and the same events
//! as `scan`, `blank-list` and `used-tables`.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use crate::format::jigsaw_lines;
use crate::solve::found::Found;
use crate::study::patterns::{self, Move, Pattern};
use std::fmt;

/// The pattern `sudoku trace` replays unless told otherwise.
pub const DEFAULT_PATTERN: Pattern = Pattern::Bitmask;

/// One step of a search and the counters just after it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Event {
    /// What happened.
    pub step: Move,
    /// Placements so far, this one included.
    pub nodes: u64,
    /// Undos so far, this one included.
    pub backtracks: u64,
}

impl Event {
    /// The event line on a board of `shape` whose values are written in
    /// `convention`: `place r1c2=4 depth=1`, `place r12c3=G depth=5` or
    /// `undo r1c2`.
    pub fn describe(&self, shape: Shape, convention: Convention) -> String {
        match self.step {
            Move::Place { cell, value, depth } => format!(
                "place {}={} depth={}",
                shape.cell_name(cell),
                convention.write(value, '.'),
                depth
            ),
            Move::Undo { cell, .. } => format!("undo {}", shape.cell_name(cell)),
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
/// search stops ([`Found::stopped`]). Returns what the search did, or
/// [`Untraceable`] for the engine.
///
/// Cost: the pattern's search plus one call per step.
pub fn trace<F: FnMut(&Event) -> bool>(
    puzzle: &Grid,
    pattern: Pattern,
    limit: Option<u64>,
    mut on_event: F,
) -> Result<Found<Grid>, Untraceable> {
    if !pattern.reports_steps() {
        return Err(Untraceable(pattern));
    }
    let (mut nodes, mut backtracks) = (0, 0);
    Ok(patterns::run_watched(pattern, puzzle, limit, |step| {
        match step {
            Move::Place { .. } => nodes += 1,
            Move::Undo { .. } => backtracks += 1,
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
pub fn summary(run: &Found<Grid>) -> String {
    format!(
        "{} nodes={} backtracks={}",
        run.ending(),
        run.stats.placements,
        run.stats.backtracks
    )
}

/// Applies one step to `board` (the puzzle the search ran on, or a board
/// earlier steps were applied to): a placement writes its value, an undo
/// blanks its cell.
pub fn apply(board: &mut Grid, step: Move) {
    match step {
        Move::Place { cell, value, .. } => board.set(cell, value),
        Move::Undo { cell, .. } => board.set(cell, 0),
    }
}

// ---------------------------------------------------------------- Terminal

/// Lines in every [`frame`] of `puzzle`'s board: its N rows, a border
/// between each two bands of boxes (on a jigsaw, a line of walls between
/// each two rows), a blank line, the counters and the status line (14 on
/// 9×9).
pub fn frame_lines(puzzle: &Grid) -> usize {
    let shape = puzzle.shape();
    let borders = match puzzle.variant().regions() {
        Some(_) => shape.size() - 1,
        None => shape.size() / shape.box_rows() - 1,
    };
    shape.size() + borders + 3
}

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const SEARCHED: &str = "\x1b[36m"; // cyan: values the search placed
const TRYING: &str = "\x1b[7m"; // reverse video: the cell just placed
const UNDONE: &str = "\x1b[41m"; // red background: the cell just erased
const CLEAR_LINE: &str = "\x1b[K"; // erase to the end of the line
const UNDERLINE: &str = "\x1b[4m"; // the diagonal cells of an X board

/// One terminal frame of exactly [`frame_lines`] lines, each ending with
/// "erase to end of line", attributes reset, and `\n`: the board (values
/// in `convention`, blanks `.`, R×C boxes bordered, or a jigsaw's walls
/// drawn with `|`, `-` and `+`; givens bold, searched values cyan, the
/// diagonal cells of an X board underlined, the cell of `last`
/// highlighted: reversed for a placement, red for an undo), then `depth`,
/// `nodes` and `backtracks` counters, then `status` (one line, no
/// newline). Killer cages are not drawn here (`--svg` and `--html` draw
/// them).
///
/// The caller redraws in place by moving the cursor up [`frame_lines`]
/// lines before printing the next frame. No attribute outlives its line,
/// so an interrupted frame leaves no colour behind.
pub fn frame(
    puzzle: &Grid,
    board: &Grid,
    convention: Convention,
    last: Option<&Event>,
    status: &str,
) -> String {
    let shape = puzzle.shape();
    let (hot, style) = match last.map(|e| e.step) {
        Some(Move::Place { cell, .. }) => (Some(cell), TRYING),
        Some(Move::Undo { cell, .. }) => (Some(cell), UNDONE),
        None => (None, ""),
    };
    let x = puzzle.variant().has_diagonals();
    // Cell `i` as shown: its symbol in its colour.
    let cell = |i: usize| {
        let v = board.get(i);
        let text = convention.write(v, '.');
        let color = if Some(i) == hot {
            style
        } else if puzzle.get(i) != 0 {
            BOLD
        } else if v != 0 {
            SEARCHED
        } else {
            ""
        };
        let (r, c) = (shape.row_of(i), shape.col_of(i));
        let line = if x && (r == c || r + c == shape.size() - 1) {
            UNDERLINE
        } else {
            ""
        };
        match (color, line) {
            ("", "") => text.to_string(),
            _ => format!("{}{}{}{}", color, line, text, RESET),
        }
    };
    let mut out = String::with_capacity(16 * shape.cell_count());
    match puzzle.variant().regions() {
        Some(regions) => jigsaw_rows(&mut out, shape, regions, cell),
        None => box_rows(&mut out, shape, cell),
    }
    let (depth, nodes, backtracks) = match last {
        Some(e) => (
            match e.step {
                Move::Place { depth, .. } | Move::Undo { depth, .. } => depth,
            },
            e.nodes,
            e.backtracks,
        ),
        None => (0, 0, 0),
    };
    out.push_str(CLEAR_LINE);
    out.push('\n');
    out.push_str(&format!(
        " depth {}/{}   nodes {}   backtracks {}{}\n",
        depth,
        puzzle.blanks(),
        nodes,
        backtracks,
        CLEAR_LINE
    ));
    out.push(' ');
    out.push_str(status);
    out.push_str(RESET);
    out.push_str(CLEAR_LINE);
    out.push('\n');
    out
}

/// The rows of a board of R×C boxes, with a border between each two
/// bands and `|` between each two stacks; `cell` writes one cell.
fn box_rows(out: &mut String, shape: Shape, cell: impl Fn(usize) -> String) {
    let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
    // The border between bands: each cell's " x" becomes "--", each
    // stack's " |" a "-+", and the line starts with a space like the rows.
    let mut border = String::new();
    for c in 0..n {
        if c > 0 && c % cols == 0 {
            border.push_str("-+");
        }
        border.push_str("--");
    }
    border.replace_range(..1, " ");
    for r in 0..n {
        if r > 0 && r % rows == 0 {
            out.push_str(&border);
            out.push_str(CLEAR_LINE);
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 && c % cols == 0 {
                out.push_str(" |");
            }
            out.push(' ');
            out.push_str(&cell(shape.cell(r, c)));
        }
        out.push_str(CLEAR_LINE);
        out.push('\n');
    }
}

/// The rows of a jigsaw whose cells lie in `regions`, walls drawn as
/// [`crate::format::jigsaw_lines`] draws them, each line after a space.
fn jigsaw_rows(out: &mut String, shape: Shape, regions: &[u8], cell: impl Fn(usize) -> String) {
    for line in jigsaw_lines(shape.size(), regions, cell) {
        if !line.is_empty() {
            out.push(' ');
        }
        out.push_str(&line);
        out.push_str(CLEAR_LINE);
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::grid;
    use crate::board::shape::boxes;
    use crate::testdata::{cells, EULER_01};
    use crate::Board;

    fn nine(text: &str) -> Grid {
        Grid::from_board(&Board(cells(text)))
    }

    /// A 4×4 puzzle with one solution (2×2 boxes).
    const FOUR: &str = "1...\
                        ..3.\
                        .4..\
                        ...2";

    #[test]
    fn event_lines_follow_the_documented_format() {
        let place = Event {
            step: Move::Place {
                cell: 1,
                value: 4,
                depth: 1,
            },
            nodes: 1,
            backtracks: 0,
        };
        let classic = (Shape::CLASSIC, Convention::Digits);
        assert_eq!(place.describe(classic.0, classic.1), "place r1c2=4 depth=1");
        let undo = Event {
            step: Move::Undo { cell: 80, depth: 0 },
            nodes: 1,
            backtracks: 1,
        };
        assert_eq!(undo.describe(classic.0, classic.1), "undo r9c9");
    }

    #[test]
    fn event_lines_name_large_cells_and_values_in_the_convention() {
        let sixteen = boxes(4, 4);
        let place = Event {
            step: Move::Place {
                cell: sixteen.cell(11, 2),
                value: 16,
                depth: 5,
            },
            nodes: 9,
            backtracks: 4,
        };
        assert_eq!(
            place.describe(sixteen, Convention::Digits),
            "place r12c3=G depth=5"
        );
        assert_eq!(
            place.describe(sixteen, Convention::Letters),
            "place r12c3=P depth=5"
        );
        let undo = Event {
            step: Move::Undo {
                cell: 255,
                depth: 4,
            },
            nodes: 9,
            backtracks: 5,
        };
        assert_eq!(undo.describe(sixteen, Convention::Letters), "undo r16c16");
    }

    #[test]
    fn replaying_the_events_gives_the_solution() {
        let puzzles = [nine(EULER_01), grid(boxes(2, 2), FOUR)];
        for puzzle in &puzzles {
            for pattern in [
                Pattern::Scan,
                Pattern::Bitmask,
                Pattern::FewestCandidates,
                Pattern::Dlx,
            ] {
                let mut replay = puzzle.clone();
                let mut places = 0;
                let mut last = None;
                let run = trace(puzzle, pattern, None, |e| {
                    apply(&mut replay, e.step);
                    places += matches!(e.step, Move::Place { .. }) as u64;
                    last = Some(*e);
                    true
                })
                .unwrap();
                assert!(replay.solves(puzzle), "{}", pattern);
                assert_eq!(run.first, Some(replay), "{}", pattern);
                assert_eq!(places, run.stats.placements);
                let last = last.unwrap();
                assert_eq!(
                    (last.nodes, last.backtracks),
                    (run.stats.placements, run.stats.backtracks)
                );
            }
        }
    }

    #[test]
    fn summary_names_the_outcome() {
        let puzzle = nine(EULER_01);
        let run = trace(&puzzle, DEFAULT_PATTERN, None, |_| true).unwrap();
        assert_eq!(summary(&run), "solved nodes=200 backtracks=151");
        let run = trace(&puzzle, DEFAULT_PATTERN, Some(5), |_| true).unwrap();
        assert_eq!(summary(&run), "stopped nodes=5 backtracks=1");
        let mut clash = puzzle;
        clash.set(0, 3);
        let run = trace(&clash, DEFAULT_PATTERN, None, |_| true).unwrap();
        assert_eq!(summary(&run), "no solution nodes=0 backtracks=0");
    }

    #[test]
    fn the_engine_cannot_be_traced() {
        let err = trace(&nine(EULER_01), Pattern::Engine, None, |_| true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "pattern `engine` reports no steps and cannot be traced"
        );
    }

    /// Checks the frame's height and that every line clears to its end and
    /// resets each attribute it opens.
    fn assert_frame_shape(text: &str, shape: Shape) {
        assert_eq!(text.lines().count(), frame_lines(&Grid::empty(shape)));
        for line in text.lines() {
            assert!(line.ends_with(CLEAR_LINE), "{:?}", line);
            let opened = line.matches("\x1b[7m").count()
                + line.matches("\x1b[1m").count()
                + line.matches("\x1b[36m").count()
                + line.matches("\x1b[41m").count();
            assert!(line.matches(RESET).count() >= opened, "{:?}", line);
        }
    }

    #[test]
    fn a_jigsaw_frame_draws_its_walls_and_an_x_frame_underlines_the_diagonals() {
        use crate::board::variant::Variant;
        use std::sync::Arc;
        // HDU 4069's first sample's regions.
        let regions =
            "AAABBBBCCAADDDBBCCAADEEBCCCAADEBBFCCDDDEEEFFFGGDHHEFIIGGGHEEFIIGGHHFFFIIGGHHHHIII";
        let rules = Variant::classic()
            .with_regions(Shape::CLASSIC, regions)
            .unwrap()
            .with_diagonals(true);
        let puzzle = Grid::empty(Shape::CLASSIC)
            .with_variant(Arc::new(rules))
            .unwrap();
        let text = frame(&puzzle, &puzzle, Convention::Digits, None, "s");
        assert_eq!(frame_lines(&puzzle), 9 + 8 + 3);
        assert_eq!(text.lines().count(), frame_lines(&puzzle));
        let plain: Vec<String> = text
            .lines()
            .map(|l| {
                l.replace(CLEAR_LINE, "")
                    .replace(RESET, "")
                    .replace(UNDERLINE, "")
            })
            .collect();
        assert_eq!(plain[0], " . . .|. . . .|. .");
        assert_eq!(plain[1], "    +-+-+-+   +");
        assert_eq!(plain[2], " . .|. . .|. .|. .");
        // r1c1, r1c9 and r2c2 are on a diagonal; r1c2 is not.
        assert!(text.starts_with(&format!(" {}.{} {}.{}", UNDERLINE, RESET, "", "")));
        assert!(text.contains(&format!("|{}.{}", UNDERLINE, RESET)));
    }

    #[test]
    fn frame_has_fixed_height_and_resets_every_line() {
        let puzzle = nine(EULER_01);
        let mut now = puzzle.clone();
        now.set(0, 4);
        let event = Event {
            step: Move::Place {
                cell: 0,
                value: 4,
                depth: 1,
            },
            nodes: 1,
            backtracks: 0,
        };
        let text = frame(
            &puzzle,
            &now,
            Convention::Digits,
            Some(&event),
            "place r1c1=4 depth=1",
        );
        assert_eq!(frame_lines(&Grid::empty(Shape::CLASSIC)), 14);
        assert_frame_shape(&text, Shape::CLASSIC);
        assert!(text.starts_with(" \x1b[7m4\x1b[0m . \x1b[1m3\x1b[0m |"));
        let border = text.lines().nth(3).unwrap();
        assert_eq!(border, " ------+-------+------\x1b[K");
        assert!(text.contains(" depth 1/49   nodes 1   backtracks 0"));
    }

    #[test]
    fn frame_draws_the_boxes_of_any_shape_in_the_convention() {
        let shape = boxes(2, 3); // boxes 2 rows high, 3 columns wide
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 6);
        let text = frame(&puzzle, &puzzle, Convention::Letters, None, "start");
        assert_eq!(frame_lines(&Grid::empty(shape)), 6 + 2 + 3);
        assert_frame_shape(&text, shape);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " \x1b[1mF\x1b[0m . . | . . .\x1b[K");
        assert_eq!(lines[2], " ------+------\x1b[K");
        assert!(text.contains(" depth 0/35   nodes 0   backtracks 0"));
        let tall = boxes(3, 2); // boxes 3 rows high, 2 columns wide
        let empty = Grid::empty(tall);
        let text = frame(&empty, &empty, Convention::Digits, None, "");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " . . | . . | . .\x1b[K");
        assert_eq!(lines[3], " ----+-----+----\x1b[K");
        assert_frame_shape(&text, tall);
    }
}
