//! `sudoku solve`: solve every puzzle of the inputs, in their own format
//! by default. Also what `convert` shares: the output style of a board and
//! writing boards with the right separators.

use super::{each_puzzle, from_option, to_option, usage_error, Args, Out, UsageError};
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::{solver, Board};

/// Help for `sudoku solve`.
pub const HELP: &str = "\
sudoku solve: solve every puzzle

usage: sudoku solve [--to FORMAT] [--from FORMAT] [--smallest] [FILE...]

Reads every puzzle of every FILE (`-` or none: stdin) and prints each
solution, in the input's own format unless --to says otherwise (js keeps
its cell style, euler its `Grid NN` line). Boards of a multi-line format
are separated by one blank line. Each input's format is detected from its
first line that is not blank or a # comment; --from forces one.

options
  --to FORMAT    write solutions in FORMAT (line, spaced, digits, js,
                 euler, pretty)
  --from FORMAT  read every input as FORMAT instead of detecting it
  --smallest     print the lexicographically smallest solution (row-major,
                 as BOJ 2239 and LeetCode 37 want) instead of any one
  -h, --help     this help

formats
  line    81 cells on one line, 0 or . blank; one puzzle a line; # comment
          lines; text after the cells and a space is ignored
  spaced  9 lines of 9 numbers separated by spaces (BOJ 2580), or all 81
          on one line
  digits  9 lines of 9 digits, . may be blank (BOJ 2239)
  js      a JS/JSON array of 9 arrays of 9 cells: numbers, or one-character
          strings with \".\" blank (LeetCode 37); `let board =`, `;`,
          trailing commas and // comments allowed
  euler   a `Grid NN` line, then 9 rows of digits (Project Euler 96)
  pretty  boxed rows for people (output only)

A puzzle that cannot be read, whose givens clash, or that has no solution
gets one line on stderr (input, puzzle number, line, column) and nothing
on stdout; the other puzzles are still solved.

exit status
  0  every puzzle solved
  1  some puzzle unreadable, clashing or unsolvable, or no puzzle at all
  2  usage error or unreadable file

examples
  sudoku solve --to pretty puzzles.txt
  sudoku solve --smallest < problems/boj2239/test/sample-1.in
";

/// Runs `sudoku solve`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (to, from, smallest, paths) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let mut out = BoardWriter::new();
    each_puzzle(cmd, &paths, from, |seq, puzzle| {
        if let Some(clash) = puzzle.board.first_clash() {
            return Err(format!("givens clash: {}", clash));
        }
        let solution = if smallest {
            solver::smallest_solution(&puzzle.board)
        } else {
            solver::solve(&puzzle.board)
        };
        let solution = solution.ok_or_else(|| "no solution".to_string())?;
        out.write(&solution, &output_style(&puzzle.style, to, seq));
        Ok(())
    })
}

/// The options of `solve`: `--to`, `--from`, `--smallest`, and the files.
type SolveOptions = (Option<Format>, Option<Format>, bool, Vec<String>);

fn options(mut args: Args) -> Result<SolveOptions, UsageError> {
    let to = to_option(&mut args)?;
    let from = from_option(&mut args)?;
    let smallest = args.flag("--smallest", None);
    Ok((to, from, smallest, args.positionals()?))
}

/// How a board read in `input` style is written: in `to` when given, else
/// the same format. A js board keeps its quote character; an euler board
/// keeps its label, or gets `Grid NN` from `seq` (the puzzle's 1-based
/// number over all inputs).
pub(super) fn output_style(input: &Style, to: Option<Format>, seq: usize) -> Style {
    let format = to.unwrap_or(input.format);
    Style {
        format,
        quote: input.quote.filter(|_| format == Format::Js),
        label: match format {
            Format::Euler => Some(
                input
                    .label
                    .clone()
                    .unwrap_or_else(|| format!("Grid {:02}", seq)),
            ),
            _ => None,
        },
    }
}

/// Stdout for boards: each board written whole, with the separator
/// [`format::separator`] asks for between consecutive boards.
pub(super) struct BoardWriter {
    out: Out,
    prev: Option<Format>,
}

impl BoardWriter {
    /// A writer on stdout that has written nothing yet.
    pub(super) fn new() -> BoardWriter {
        BoardWriter {
            out: Out::new(),
            prev: None,
        }
    }

    /// Writes `board` in `style`, after a separator when one is due.
    pub(super) fn write(&mut self, board: &Board, style: &Style) {
        if let Some(prev) = self.prev {
            self.out.put(format::separator(prev, style.format));
        }
        self.out.put(&format::render(board, style));
        self.prev = Some(style.format);
    }
}
