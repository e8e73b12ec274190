//! `sudoku solve` (being built).

use super::Args;

/// Help for `sudoku solve`.
pub const HELP: &str = "usage: sudoku solve (being built)\n";

/// Runs `sudoku solve`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
