//! sudoku-kit: Sudoku for people who solve it on online judges.
//!
//! The board of any size ([`Grid`], N×N cells in R×C boxes, N up to 25),
//! the 9×9 board ([`Board`], row-major, 0 = blank) with its fast engine
//! under the any-size API, and one folder per use. Every function
//! computes and returns; only the `sudoku` command prints.
//!
//! The whole pipeline in a few lines:
//!
//! ```
//! use sudoku_kit::{solve::nine, Board};
//!
//! // The puzzle built against brute force: a plain row-major backtracker
//! // visits about 69 million nodes on it.
//! let puzzle = Board::from_line(
//!     "000000000000003085001020000000507000004000100090000000500000073002010000000040009",
//! )
//! .unwrap();
//! assert!(nine::is_unique(&puzzle));
//! let solution = nine::solve(&puzzle).unwrap();
//! assert!(solution.solves(&puzzle));
//! assert!(solution.to_line().starts_with("987654321"));
//! assert_eq!(nine::smallest_solution(&puzzle), Some(solution));
//! ```
//!
//! The modules follow the kit's three uses. Two small tools and the board
//! model come first; every other module builds on them, and a module's
//! code only imports from the rows above it in this table (or from its own
//! row), never from below (tests may use a later row to make their data):
//!
//! | module | what it holds | used by |
//! |---|---|---|
//! | [`rng`], [`clock`] | the seeded PRNG, the process and thread CPU clocks | generating, benchmarks |
//! | [`board`] | the board of any size ([`Grid`], [`Shape`], symbols, [`board::Clash`]) and the 9×9 [`Board`] the fast engine reads | everything |
//! | [`format`](mod@format) | every text format: read (streamed, auto-detected, framed) and write | every command |
//! | [`solve`] | solve, count, smallest solution: [`solve::any`] at any size, [`solve::nine`] the fast 9×9 engine under it, and what every search found and cost ([`solve::Found`]) | judging, generating, studying |
//! | [`logic`] | human techniques: singles at any size; the 9×9 candidates grid, its techniques (one file each) and the grades | grading, `propagate` |
//! | [`generate`] | puzzles with exactly one solution, at every size | setting problems |
//! | [`study`] | backtracking patterns compared by nodes (dancing links among them), a search replayed event by event, its pictures (replay page, chart, animation), puzzles made against a pattern | studying |
//! | [`judge`] | problem folders (`judge.conf`, cases, the statement's promise about inputs), the special judge ([`judge::checker`]), the local judge running programs, stress testing ([`judge::stress`]: inputs inside the promise, random, hard and adversarial, shrunk at the first failure) | checking against samples and beyond |
//! | [`package`] | a problem folder as a Kattis contest package: `problem.yaml`, the statement in LaTeX, the data with generated cases, the validators (C++ sources, [`package::OUTPUT_VALIDATOR`]), the submissions | setting contests |
//! | [`print`](mod@print) | a PDF writer by hand and the page layout of puzzle sheets | printing |
//!
//! Only the `sudoku` command (`src/main.rs`, `src/cli/`, one file per
//! command) prints or touches files; the paste-ready judge files in
//! `src/bin/` stand alone and import nothing from here.

pub mod board;
pub mod clock;
pub mod format;
pub mod generate;
pub mod judge;
pub mod logic;
pub mod package;
pub mod print;
pub mod rng;
pub mod solve;
pub mod study;
#[cfg(test)]
mod testdata;

pub use board::grid::Grid;
pub use board::shape::Shape;
pub use board::Board;
