//! `sudoku study` (being built).

use super::Args;

/// Help for `sudoku study`.
pub const HELP: &str = "usage: sudoku study (being built)\n";

/// Runs `sudoku study`; returns the exit code.
pub fn run(args: Args) -> i32 {
    super::usage_error(args.command(), "not built yet")
}
