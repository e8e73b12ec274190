//! `sudoku judge` (being built).

use super::Args;

/// Help for `sudoku judge`.
pub const HELP: &str = "usage: sudoku judge (being built)\n";

/// Runs `sudoku judge`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
