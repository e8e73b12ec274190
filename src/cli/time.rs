//! `sudoku time` (being built).

use super::Args;

/// Help for `sudoku time`.
pub const HELP: &str = "usage: sudoku time (being built)\n";

/// Runs `sudoku time`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
