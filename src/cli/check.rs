//! `sudoku check` (being built).

use super::Args;

/// Help for `sudoku check`.
pub const HELP: &str = "usage: sudoku check (being built)\n";

/// Runs `sudoku check`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
