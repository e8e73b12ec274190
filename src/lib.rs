//! sudoku-kit: Sudoku for people who solve it on online judges.
//!
//! The 9×9 board ([`Board`], row-major, 0 = blank) with its fast engine,
//! the board of any size ([`Grid`], N×N cells in R×C boxes, 9×9 handed to
//! the 9×9 code), and flat modules by topic. Every function computes and returns; only the `sudoku` command
//! (`src/main.rs`, `src/cli/`) prints.
//!
//! The whole pipeline in a few lines:
//!
//! ```
//! use sudoku_kit::{solver, Board};
//!
//! // The puzzle built against brute force: a plain row-major backtracker
//! // visits about 69 million nodes on it.
//! let puzzle = Board::from_line(
//!     "000000000000003085001020000000507000004000100090000000500000073002010000000040009",
//! )
//! .unwrap();
//! assert!(solver::is_unique(&puzzle));
//! let solution = solver::solve(&puzzle).unwrap();
//! assert!(solution.solves(&puzzle));
//! assert!(solution.to_line().starts_with("987654321"));
//! assert_eq!(solver::smallest_solution(&puzzle), Some(solution));
//! ```
//!
//! | module | what it holds |
//! |---|---|
//! | [`board`] | the board, cell/unit geometry, clashes |
//! | [`format`](mod@format) | every text format: read (streamed, auto-detected, framed) and write |
//! | [`solver`] | the fast engine: solve, count, smallest solution |
//! | [`checker`] | the special judge: verdicts for a contestant's answer |
//! | [`problem`] | a problem folder: `judge.conf` and its cases |
//! | [`judge`] | the local judge: run a program on a problem folder |
//! | [`rng`] | the seeded PRNG every generated puzzle comes from |
//! | [`logic`] | human techniques: singles, locked candidates, pairs |
//! | [`singles`] | naked and hidden singles, round by round, at any size |
//! | [`grader`] | difficulty levels from the techniques a puzzle needs |
//! | [`generate`] | puzzles with exactly one solution, at every size |
//! | [`pdf`] | a minimal PDF 1.4 writer, by hand |
//! | [`sheet`] | the page layout of puzzle sheets (drawn with [`pdf`]) |
//! | [`trace`] | a search replayed event by event |
//! | [`study`](mod@study) | pictures of the search: the replay page, the study chart, the animated SVG |
//! | [`patterns`] | seven backtracking patterns at any size, compared by nodes |
//! | [`shape`] | boards of any size: N×N cells in R×C boxes, their geometry |
//! | [`symbol`] | values as digits, letters or numbers on any size |
//! | [`grid`] | the board of any shape; 3×3 converts to [`Board`] |
//! | [`grid_solver`] | solve, count, smallest at any size (9×9 → [`solver`]) |
//! | [`dlx`] | dancing links: Algorithm X on the exact-cover matrix |
//! | [`clock`] | CPU clocks of the process and the thread, for benchmarks |

pub mod board;
pub mod checker;
pub mod clock;
pub mod dlx;
pub mod format;
pub mod generate;
pub mod grader;
pub mod grid;
pub mod grid_solver;
pub mod judge;
pub mod logic;
pub mod patterns;
pub mod pdf;
pub mod problem;
#[cfg(test)]
mod reference;
pub mod rng;
pub mod shape;
pub mod sheet;
pub mod singles;
pub mod solver;
pub mod study;
pub mod symbol;
#[cfg(test)]
mod testdata;
pub mod trace;

pub use board::Board;
pub use grid::Grid;
pub use shape::Shape;
