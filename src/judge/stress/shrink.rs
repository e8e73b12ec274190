//! Shrinking a failing input while the same verdict holds: fewer boards
//! first, then, board by board, fewer differences from a known good board
//! (its solution, or the empty board for one without).
//!
//! Both steps are delta debugging: try to drop a chunk (of boards, or of
//! the cells where the board differs from the good one), keep the drop
//! when the program still fails the same way, halve the chunk when no
//! drop of that size works, stop at chunks of one. Every candidate stays
//! inside the promise (a board outside it is never run).

use super::input::StressInput;
use crate::board::grid::Grid;
use crate::judge::promise::Promise;
use crate::solve::any;
use std::io;
use std::time::Instant;

/// Shrinks `input` while `fails` says a candidate still fails the same
/// way, until `deadline`; returns the smallest failing input found (at
/// worst `input` itself). `fails` runs the program; its error (the
/// judge was interrupted) ends the shrinking.
pub fn shrink(
    input: StressInput,
    promise: &Promise,
    deadline: Instant,
    fails: &mut dyn FnMut(&StressInput) -> io::Result<bool>,
) -> io::Result<StressInput> {
    let mut best = input;
    let least = promise.boards.0.max(1);
    // Fewer boards (puzzles).
    let mut chunk = best.len() / 2;
    while chunk >= 1 && best.len() > least {
        let mut start = 0;
        let mut dropped = false;
        while start < best.len() && best.len() > least {
            if Instant::now() >= deadline {
                return Ok(best);
            }
            let end = (start + chunk).min(best.len());
            if best.len() - (end - start) < least {
                break;
            }
            let candidate = without(&best, start, end);
            if fails(&candidate)? {
                best = candidate;
                dropped = true;
            } else {
                start = end;
            }
        }
        if !dropped {
            chunk /= 2;
        }
    }
    // Fewer differences from a good board.
    for k in 0..best.len() {
        let Some((good, now)) = target(&best, k) else {
            continue;
        };
        let mut diffs: Vec<usize> = (0..now.cells().len())
            .filter(|&i| now.get(i) != good.get(i))
            .collect();
        let mut chunk = diffs.len().div_ceil(2);
        while chunk >= 1 && !diffs.is_empty() {
            let mut start = 0;
            let mut dropped = false;
            while start < diffs.len() {
                if Instant::now() >= deadline {
                    return Ok(best);
                }
                let end = (start + chunk).min(diffs.len());
                let Some((_, board)) = target(&best, k) else {
                    break;
                };
                let mut moved = board.clone();
                for &i in &diffs[start..end] {
                    moved.set(i, good.get(i));
                }
                let candidate = replaced(&best, k, moved);
                let inside = match &candidate {
                    StressInput::Boards(b) => promise.refuses(&b[k]).is_none(),
                    _ => true,
                };
                if inside && fails(&candidate)? {
                    best = candidate;
                    diffs.drain(start..end);
                    dropped = true;
                } else {
                    start = end;
                }
            }
            if !dropped || chunk == 1 {
                chunk /= 2;
            }
        }
    }
    Ok(best)
}

/// `input` without its boards `start..end`.
fn without(input: &StressInput, start: usize, end: usize) -> StressInput {
    match input {
        StressInput::Boards(b) => {
            let mut b = b.clone();
            b.drain(start..end);
            StressInput::Boards(b)
        }
        StressInput::Dominoes(d) => {
            let mut d = d.clone();
            d.drain(start..end);
            StressInput::Dominoes(d)
        }
        other => other.clone(),
    }
}

/// Board `k` of `input` and the good board it shrinks towards: for a
/// board, its solution when it has one, else the empty board; for a game
/// of moves, its solution. `None` for dominoes (only dropped whole).
fn target(input: &StressInput, k: usize) -> Option<(Grid, Grid)> {
    match input {
        StressInput::Boards(b) => {
            let board = b.get(k)?;
            let good = match any::solve(board) {
                Some(s) if board.first_break().is_none() => s,
                _ => board.with_cells(vec![0; board.cells().len()]).ok()?,
            };
            Some((good, board.clone()))
        }
        StressInput::Moves {
            written, solution, ..
        } => Some((solution.clone(), written.clone())),
        _ => None,
    }
}

/// `input` with board `k` replaced by `board`.
fn replaced(input: &StressInput, k: usize, board: Grid) -> StressInput {
    match input {
        StressInput::Boards(b) => {
            let mut b = b.clone();
            b[k] = board;
            StressInput::Boards(b)
        }
        StressInput::Moves {
            solution, order, ..
        } => StressInput::Moves {
            written: board,
            solution: solution.clone(),
            order: order.clone(),
        },
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;
    use crate::judge::problem::parse_conf;
    use crate::judge::stress::boards::HARD_NINE;
    use std::time::Duration;

    fn far() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    #[test]
    fn boards_are_dropped_down_to_the_one_that_fails() {
        let promise = parse_conf("answers = any\ncases = count\nboards = 1..10\n")
            .unwrap()
            .promise();
        let empty = Grid::empty(Shape::CLASSIC);
        let mut marked = empty.clone();
        marked.set(0, 5);
        let mut boards = vec![empty.clone(); 7];
        boards[4] = marked.clone();
        // "Fails" while the marked board is there: it stays alone, and its
        // one given, a difference from the solution it shrinks towards,
        // is kept while the rest of the board fills in.
        let mut runs = 0;
        let shrunk = shrink(StressInput::Boards(boards), &promise, far(), &mut |i| {
            runs += 1;
            Ok(matches!(i, StressInput::Boards(b) if b.iter().any(|g| g.get(0) == 5)))
        })
        .unwrap();
        let StressInput::Boards(b) = shrunk else {
            panic!("boards")
        };
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].get(0), 5);
        assert!(b[0].is_full(), "every other cell took its solution's value");
        assert!(runs < 200, "{} runs", runs);
    }

    #[test]
    fn differences_shrink_to_the_cells_that_matter_inside_the_promise() {
        let promise = parse_conf("answers = unique\n").unwrap().promise();
        let line = HARD_NINE[0];
        let puzzle = Grid::from_board(&crate::Board::from_line(line).unwrap());
        // Fails while r1c1 is blank.
        let shrunk = shrink(
            StressInput::Boards(vec![puzzle]),
            &promise,
            far(),
            &mut |i| Ok(matches!(i, StressInput::Boards(b) if b[0].get(0) == 0)),
        )
        .unwrap();
        let StressInput::Boards(b) = shrunk else {
            panic!("boards")
        };
        assert_eq!(b[0].blanks(), 1);
        assert_eq!(b[0].get(0), 0);
        // A deadline already passed: the input as it was.
        let same = shrink(StressInput::Nothing, &promise, Instant::now(), &mut |_| {
            Ok(true)
        })
        .unwrap();
        assert_eq!(same, StressInput::Nothing);
    }
}
