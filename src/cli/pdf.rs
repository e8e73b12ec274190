//! `sudoku pdf` (being built).

use super::Args;

/// Help for `sudoku pdf`.
pub const HELP: &str = "usage: sudoku pdf (being built)\n";

/// Runs `sudoku pdf`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
