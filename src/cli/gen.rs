//! `sudoku gen` (being built).

use super::Args;

/// Help for `sudoku gen`.
pub const HELP: &str = "usage: sudoku gen (being built)\n";

/// Runs `sudoku gen`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
