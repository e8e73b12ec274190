//! `sudoku propagate` (being built).

use super::Args;

/// Help for `sudoku propagate`.
pub const HELP: &str = "usage: sudoku propagate (being built)\n";

/// Runs `sudoku propagate`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
