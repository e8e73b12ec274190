//! `sudoku count`: how many solutions each puzzle has, up to a cap.

use super::solve::BATCH;
use super::{
    jobs_option, other_boxes_hint, reading_options, stream, usage_error, Args, Empty, Loaded, Out,
    Plain, Printer, Reading, UsageError, Work,
};
use sudoku_kit::solve::{any, nine};

/// Help for `sudoku count`.
pub const HELP: &str = "\
sudoku count: count the solutions of every puzzle, up to a cap

usage: sudoku count [--limit N] [--from FORMAT] [--cases FRAMING]
                    [--box RxC] [--symbols digits|letters] [--x]
                    [--regions LAYOUT] [--cages LAYOUT] [-j N] [FILE...]

Reads every puzzle of every FILE (`-` or none: stdin; formats and
framings detected as in `sudoku solve --help`) and prints one line per
puzzle: its number of solutions, counted up to N. With the default N = 2
the answer reads 0 (no solution, or clashing givens), 1 (unique) or 2 (two
or more). Streamed: each line is printed while the rest is still read.

options
  --limit N        stop counting at N (N >= 1; default 2)
  --from FORMAT    read every input as FORMAT (line, spaced, digits, js,
                   euler) instead of detecting it
  --cases FRAMING  auto (default), count, end, eof, one or size: see
                   `sudoku solve --help`
  --box RxC        boxes of R rows by C columns (sizes: see solve --help)
  --x, --regions LAYOUT, --cages LAYOUT
                   play every board by these variant rules (see
                   `sudoku solve --help`)
  --symbols S      digits or letters, instead of detecting them
  -j, --jobs N     count on N threads, 1 to 1024 (default: every core); the
                   output is the same for every N
  -h, --help       this help

A puzzle that cannot be read gets one line on stderr (input, puzzle
number, line, column) and no line on stdout; the others are still counted.

exit status
  0  every puzzle counted (0 solutions included)
  1  some puzzle unreadable, or no puzzle at all
  2  usage error, or a file that cannot be opened or read

examples
  sudoku count --limit 1000 problems/poj3074/test/sample-1.in
  sudoku count tests/sizes/6x6-3x2-line.in
";

/// Runs `sudoku count`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (limit, reading, jobs, paths) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let work = Counting {
        limit,
        forced_boxes: reading.sizing.shape.is_some(),
    };
    stream(
        cmd,
        &paths,
        reading,
        Empty::PerInput,
        jobs,
        BATCH,
        work,
        Lines,
    )
}

/// The work of `count` on each puzzle: its number of solutions, up to
/// `limit`.
struct Counting {
    limit: usize,
    forced_boxes: bool,
}

impl Work<usize> for Counting {
    fn loaded(&self, loaded: &Loaded) -> usize {
        let grid = &loaded.puzzle.grid;
        // Clashing givens count 0; a 9×9 board goes to the 9×9 engine.
        let n = any::count_solutions(grid, self.limit);
        if n == 0 {
            if let Some(hint) = other_boxes_hint(grid, self.forced_boxes) {
                eprintln!(
                    "sudoku count: note: puzzle {}: no solution {}",
                    loaded.number, hint
                );
            }
        }
        n
    }

    /// Straight from the engine; a complete grid is checked, not searched
    /// (1 solution, or 0 when a digit repeats).
    fn plain(&self, puzzle: &Plain) -> Option<usize> {
        let board = &puzzle.board;
        Some(match board.is_full() {
            true => usize::from(board.is_solved()).min(self.limit),
            false => nine::count_solutions(board, self.limit),
        })
    }

    fn reads_plain(&self) -> bool {
        true
    }
}

/// `--limit` (default 2, at least 1), `--from`/`--cases`, `-j`, and the
/// files.
fn options(mut args: Args) -> Result<(usize, Reading, usize, Vec<String>), UsageError> {
    let limit = args.parsed::<usize>("--limit", None)?.unwrap_or(2);
    if limit == 0 {
        return Err(UsageError(
            "--limit 0: the cap must be at least 1".to_string(),
        ));
    }
    let reading = reading_options(&mut args)?;
    let jobs = jobs_option(&mut args)?;
    Ok((limit, reading, jobs, args.positionals()?))
}

/// Prints each count on a line of its own.
struct Lines;

impl Printer<usize> for Lines {
    fn answer(&mut self, out: &mut Out, _puzzle: Loaded, n: usize) -> bool {
        put_count(out, n);
        true
    }

    fn answer_plain(&mut self, out: &mut Out, _puzzle: &Plain, n: usize) -> bool {
        put_count(out, n);
        true
    }
}

/// Writes `n` and a newline (no formatting machinery: a stream of counts
/// is one short line per puzzle).
fn put_count(out: &mut Out, n: usize) {
    // Decimal digits from the right, then the newline.
    let mut text = [b'\n'; 21];
    let (mut at, mut rest) = (20, n);
    loop {
        at -= 1;
        text[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.put_bytes(&text[at..]);
}
