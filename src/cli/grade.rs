//! `sudoku grade` (being built).

use super::Args;

/// Help for `sudoku grade`.
pub const HELP: &str = "usage: sudoku grade (being built)\n";

/// Runs `sudoku grade`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
