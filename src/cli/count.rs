//! `sudoku count`: how many solutions each puzzle has, up to a cap.

use super::{each_puzzle, from_option, usage_error, Args, Out, UsageError};
use sudoku_kit::format::Format;
use sudoku_kit::solver;

/// Help for `sudoku count`.
pub const HELP: &str = "\
sudoku count: count the solutions of every puzzle, up to a cap

usage: sudoku count [--limit N] [--from FORMAT] [FILE...]

Reads every puzzle of every FILE (`-` or none: stdin; formats detected as
in `sudoku solve --help`) and prints one line per puzzle: its number of
solutions, counted up to N. With the default N = 2 the answer reads 0 (no
solution, or clashing givens), 1 (unique) or 2 (two or more).

options
  --limit N      stop counting at N (N >= 1; default 2)
  --from FORMAT  read every input as FORMAT (line, spaced, digits, js,
                 euler) instead of detecting it
  -h, --help     this help

A puzzle that cannot be read gets one line on stderr (input, puzzle
number, line, column) and no line on stdout; the others are still counted.

exit status
  0  every puzzle counted (0 solutions included)
  1  some puzzle unreadable, or no puzzle at all
  2  usage error or unreadable file

example
  sudoku count --limit 1000 puzzles.txt
";

/// Runs `sudoku count`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (limit, from, paths) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let mut out = Out::new();
    each_puzzle(cmd, &paths, from, |_, puzzle| {
        let n = if puzzle.board.first_clash().is_some() {
            0
        } else {
            solver::count_solutions(&puzzle.board, limit)
        };
        out.put(&format!("{}\n", n));
        Ok(())
    })
}

/// `--limit` (default 2, at least 1), `--from`, and the files.
fn options(mut args: Args) -> Result<(usize, Option<Format>, Vec<String>), UsageError> {
    let limit = args.parsed::<usize>("--limit", None)?.unwrap_or(2);
    if limit == 0 {
        return Err(UsageError(
            "--limit 0: the cap must be at least 1".to_string(),
        ));
    }
    let from = from_option(&mut args)?;
    Ok((limit, from, args.positionals()?))
}
