//! `sudoku convert`: rewrite puzzles in another format, without solving.

use super::solve::{output_style, writable, Boards, Printed, BATCH};
use super::{
    reading_options, stream, to_option, usage_error, Args, Empty, Loaded, Plain, Reading,
    UsageError, Work,
};
use sudoku_kit::format::{self, Format};

/// Help for `sudoku convert`.
pub const HELP: &str = "\
sudoku convert: rewrite puzzles in another format, without solving

usage: sudoku convert --to FORMAT [--from FORMAT] [--cases FRAMING]
                      [--box RxC] [--symbols digits|letters] [FILE...]

Reads every puzzle of every FILE (`-` or none: stdin) and writes it in
FORMAT, blanks included. Boards of a multi-line format are separated by
one blank line; euler boards keep their `Grid NN` line or are numbered in
order; js keeps the input's string cells when the input was js. A count
line or a closing `end` is not written (see --cases). Streamed: each board
is written while the rest is still read.

options
  --to FORMAT      the format to write (required)
  --from FORMAT    read every input as FORMAT instead of detecting it
  --box RxC        boxes of R rows by C columns (sizes: see solve --help)
  --x, --regions LAYOUT, --cages LAYOUT
                   play every board by these variant rules (see
                   `sudoku solve --help`)
  --symbols S      digits or letters, instead of detecting them
  --cases FRAMING  auto (default), count, end, eof, one or size: see
                   `sudoku solve --help`
  -h, --help       this help

formats
  line    a whole board on one line, . blank (reads 0 or .); # comments
  spaced  N lines of N numbers separated by spaces, 0 blank (BOJ 2580;
          reads all N*N on one line too)
  digits  N lines of N symbols, 0 blank (- in letters; reads . too)
  js      a JS/JSON array of 9 arrays of 9 cells (numbers, or one-character
          strings with \".\" blank as in LeetCode 37)
  euler   a `Grid NN` line, then 9 rows of digits (Project Euler 96)
  pretty  boxed rows for people: `4 2 5 | 9 7 1 | 3 6 8` (output only);
          a jigsaw's walls drawn with | - +
  walls   HDU 4069's numbers: each cell's value plus its walls, 16 up, 32
          right, 64 down, 128 left (read with --from walls: the walls give
          the board's regions; written for any board, its boxes' walls
          when it has no regions)
  killer  CodinGame's killer rows: each row's cells (. blank), a space and
          its cells' cage marks, then MARK=SUM words on the next lines (read
          with --from killer: the marks and sums give the board's cages;
          written for any board, . marks outside cages)

Clashing givens are not checked. A puzzle that cannot be read gets one
line on stderr (input, puzzle number, line, column) and nothing on
stdout; the others are still converted.

exit status
  0  every puzzle converted
  1  some puzzle unreadable, or no puzzle at all
  2  usage error (no --to, unknown format), or a file that cannot be
     opened or read

examples
  sudoku convert --to pretty problems/poj3074/test/sample-1.in
  sudoku convert --to euler problems/poj3074/test/sample-1.in > /tmp/euler.txt
";

/// Runs `sudoku convert`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (to, reading, paths) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let work = Converting { to };
    // Rewriting costs less than handing a puzzle to another thread.
    stream(
        cmd,
        &paths,
        reading,
        Empty::PerInput,
        1,
        BATCH,
        work,
        Boards::new(cmd),
    )
}

/// The work of `convert` on each puzzle: the board in the `--to` format.
struct Converting {
    to: Format,
}

impl Work<Result<Printed, String>> for Converting {
    fn loaded(&self, loaded: &Loaded) -> Result<Printed, String> {
        let style = output_style(&loaded.puzzle.style, Some(self.to), loaded.number);
        writable(&loaded.puzzle.grid, &style)?;
        let text = format::render(&loaded.puzzle.grid, &style);
        Ok(Printed::Text(style.format, text))
    }

    /// A plain line to a line: its cells as they are, `.` blank.
    fn plain(&self, puzzle: &Plain) -> Option<Result<Printed, String>> {
        (self.to == Format::Line).then_some(Ok(Printed::Line(puzzle.board)))
    }

    fn reads_plain(&self) -> bool {
        true
    }
}

/// `--to` (required), `--from`/`--cases`, and the files.
fn options(mut args: Args) -> Result<(Format, Reading, Vec<String>), UsageError> {
    let to =
        to_option(&mut args)?.ok_or_else(|| UsageError("--to FORMAT is required".to_string()))?;
    let reading = reading_options(&mut args)?;
    Ok((to, reading, args.positionals()?))
}
