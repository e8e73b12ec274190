//! `sudoku convert`: rewrite puzzles in another format, without solving.

use super::solve::{output_style, BoardWriter};
use super::{each_puzzle, from_option, to_option, usage_error, Args, UsageError};
use sudoku_kit::format::Format;

/// Help for `sudoku convert`.
pub const HELP: &str = "\
sudoku convert: rewrite puzzles in another format, without solving

usage: sudoku convert --to FORMAT [--from FORMAT] [FILE...]

Reads every puzzle of every FILE (`-` or none: stdin) and writes it in
FORMAT, blanks included. Boards of a multi-line format are separated by
one blank line; euler boards keep their `Grid NN` line or are numbered in
order; js keeps the input's string cells when the input was js.

options
  --to FORMAT    the format to write (required)
  --from FORMAT  read every input as FORMAT instead of detecting it
  -h, --help     this help

formats
  line    81 cells on one line, . blank (reads 0 or .); # comment lines
  spaced  9 lines of 9 numbers separated by spaces, 0 blank (BOJ 2580;
          reads all 81 on one line too)
  digits  9 lines of 9 digits, 0 blank (reads . too; BOJ 2239)
  js      a JS/JSON array of 9 arrays of 9 cells (numbers, or one-character
          strings with \".\" blank as in LeetCode 37)
  euler   a `Grid NN` line, then 9 rows of digits (Project Euler 96)
  pretty  boxed rows for people: `4 2 5 | 9 7 1 | 3 6 8` (output only)

Clashing givens are not checked. A puzzle that cannot be read gets one
line on stderr (input, puzzle number, line, column) and nothing on
stdout; the others are still converted.

exit status
  0  every puzzle converted
  1  some puzzle unreadable, or no puzzle at all
  2  usage error (no --to, unknown format) or unreadable file

examples
  sudoku convert --to pretty puzzles.txt
  sudoku convert --to line p096_sudoku.txt > euler.txt
";

/// Runs `sudoku convert`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (to, from, paths) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let mut out = BoardWriter::new();
    each_puzzle(cmd, &paths, from, |seq, puzzle| {
        out.write(&puzzle.board, &output_style(&puzzle.style, Some(to), seq));
        Ok(())
    })
}

/// `--to` (required), `--from`, and the files.
fn options(mut args: Args) -> Result<(Format, Option<Format>, Vec<String>), UsageError> {
    let to =
        to_option(&mut args)?.ok_or_else(|| UsageError("--to FORMAT is required".to_string()))?;
    let from = from_option(&mut args)?;
    Ok((to, from, args.positionals()?))
}
