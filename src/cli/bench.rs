//! `sudoku bench` (being built).

use super::Args;

/// Help for `sudoku bench`.
pub const HELP: &str = "usage: sudoku bench (being built)\n";

/// Runs `sudoku bench`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
