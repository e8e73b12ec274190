//! `sudoku trace` (being built).

use super::Args;

/// Help for `sudoku trace`.
pub const HELP: &str = "usage: sudoku trace (being built)\n";

/// Runs `sudoku trace`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
