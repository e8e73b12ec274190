//! `sudoku convert` (being built).

use super::Args;

/// Help for `sudoku convert`.
pub const HELP: &str = "usage: sudoku convert (being built)\n";

/// Runs `sudoku convert`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
