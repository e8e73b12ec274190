//! `sudoku count` (being built).

use super::Args;

/// Help for `sudoku count`.
pub const HELP: &str = "usage: sudoku count (being built)\n";

/// Runs `sudoku count`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
