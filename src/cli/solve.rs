//! `sudoku solve`: solve every puzzle of the inputs, in their own format
//! by default, streamed and on every core. Also what `convert` shares: the
//! output style of a board and printing boards with the right separators.

use super::{
    jobs_option, other_boxes_hint, reading_options, stream, to_option, usage_error, Args, Empty,
    Loaded, Out, Plain, Printer, Reading, UsageError, Work,
};
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::solve::{any, nine};
use sudoku_kit::{Board, Grid};

/// Help for `sudoku solve`.
pub const HELP: &str = "\
sudoku solve: solve every puzzle

usage: sudoku solve [--to FORMAT] [--from FORMAT] [--cases FRAMING]
                    [--box RxC] [--symbols digits|letters] [--blank CHAR]
                    [--separator LINE] [--x] [--regions LAYOUT]
                    [--cages LAYOUT] [--smallest] [-j N] [FILE...]

Reads every puzzle of every FILE (`-` or none: stdin) and prints each
solution, in the input's own format unless --to says otherwise (js keeps
its cell style, euler its `Grid NN` line). Boards of a multi-line format
are separated by one blank line. Each input's format is detected from its
first board's first line (not blank, not a # comment); --from forces one.
The input is read as a stream: each answer is printed while the rest is
still being read, in input order, and memory does not grow with the input.

options
  --to FORMAT      write solutions in FORMAT (line, spaced, digits, js,
                   euler, pretty, walls, killer)
  --from FORMAT    read every input as FORMAT instead of detecting it
  --cases FRAMING  how each input frames its puzzles (default auto)
  --box RxC        every board has boxes of R rows by C columns (e.g. 3x2
                   for a 6x6 board read as three boxes across); without it
                   the size comes from each board (see sizes below)
  --symbols S      every board is written in S: digits (1-9, then A, B, ...
                   above 9x9; . or 0 blank) or letters (A, B, ...; - or .
                   blank); without it, detected above 9x9
  --blank CHAR     read CHAR as a blank cell too, as . is (`?` in HDU 1426
                   and HDU 3111, `*` in HDU 5547)
  --separator LINE read a line LINE between boards as a blank line (`---`
                   in HDU 3111)
  --x              variant X: both main diagonals hold every value too
  --regions LAYOUT variant jigsaw: irregular regions replace the boxes
  --cages LAYOUT   variant killer: cages of distinct values with sums
                   (see variants below; the three combine)
  --smallest       print the lexicographically smallest solution (row-major,
                   as BOJ 2239 and LeetCode 37 want) instead of any one
  -j, --jobs N     solve on N threads, 1 to 1024 (default: every core); the
                   output is the same for every N
  -h, --help       this help

formats
  line    a whole board on one line (81 cells for 9x9), 0 or . blank; one
          puzzle a line; # comment lines; text after the cells and a
          space is ignored
  spaced  N lines of N numbers separated by spaces (BOJ 2580), or all N*N
          on one line
  digits  N lines of N digits or letters, . may be blank (BOJ 2239, SPOJ
          SUDOKU's 16 rows of A-P with - blank)
  js      a JS/JSON array of N arrays of N cells: numbers, or one-character
          strings with \".\" blank (LeetCode 37); `let board =`, `;`,
          trailing commas and // comments allowed
  euler   a `Grid NN` line, then 9 rows of digits (Project Euler 96)
  pretty  boxed rows for people (output only); a jigsaw's walls drawn
  walls   N lines of N numbers, each a value (0 blank) plus its walls, 16
          up, 32 right, 64 down, 128 left (HDU 4069): a jigsaw board whose
          walls give its regions; read only with --from walls
  killer  N lines of a row's cells (. blank), a space and its cage marks,
          then MARK=SUM words (CodinGame): a killer board whose marks and
          sums give its cages; read only with --from killer
A board's rows are collected across blank lines: a blank line ends a
board only once it has its N rows. euler boards are 9x9.

sizes: boards from 4x4 to 25x25, boxes R x C (N = R*C)
  The size comes from a line's cell count (16 4x4, 36 6x6 with 2x3 boxes,
  64 8x8 2x4, 81 9x9, 144 12x12 3x4, 256 16x16 4x4, 625 25x25) or a row's
  length; --box gives another box shape (3x2, 4x2, 4x3). One word of 16
  symbols is a 16x16 row: read a 4x4 line puzzle with --box 2x2. Output
  keeps the input's symbols (digits or letters).

variants: the same rules for every board read, any size
  LAYOUT is the text itself or @FILE. Whitespace and commas between its
  words are ignored; its N*N cell marks also give the board's size.
  --regions: one mark per cell, row-major; cells with the same mark form
    a region, N regions of N cells (`AAABBBCCC...` or 9 rows in a file)
  --cages: one mark per cell, `.` for a cell in no cage, then a word
    MARK=SUM per cage (`--cages aab.c...,a=12,b=17,c=4`, or CodinGame's
    rows of letters and a line `a=12 b=17 ...` in a file); a cage's
    values differ and add up to its sum
  A board of another size than the layouts is an error.

framings (--cases), as judges write their inputs
  auto   read from the input: a first line holding one number T (1 to 7
         digits) with more lines after it is a count, and exactly T boards
         must follow (POJ 2676, SPOJ SUDOGOB); a line `end` where a board
         would start closes the input (POJ 3074); otherwise boards run to
         the end (Kattis sudokunique)
  count  a count T first, then T boards
  end    boards until a line `end` (or the end of the input)
  eof    boards to the end of the input; a count or `end` means nothing
  one    exactly one board (BOJ 2580, BOJ 2239, LeetCode 37)
  size   boards to the end, each after a line holding its box size n (an
         n*n x n*n board, UVa 989)
Fewer or more boards than the count: an error naming the line. Nothing
after `end` is read. A first line `1234` followed by a line as long is a
board's first row, not a count.

A puzzle that cannot be read, whose givens clash, or that has no solution
gets one line on stderr (input, puzzle number, line, column) and nothing
on stdout; the other puzzles are still solved.

exit status
  0  every puzzle solved
  1  some puzzle unreadable, clashing or unsolvable, or no puzzle at all
  2  usage error, or a file that cannot be opened or read (not UTF-8, a
     line over 1 MiB); what came before it in that file was answered

examples
  sudoku solve --to pretty problems/boj2580/test/sample-1.in
  sudoku solve --box 3x2 --to pretty tests/sizes/6x6-3x2-line.in
  sudoku solve --smallest --cases size < problems/uva989/test/sample-1.in
  sudoku solve --smallest < problems/boj2239/test/sample-1.in
  sudoku solve -j 1 problems/poj2676/test/sample-1.in
";

/// Runs `sudoku solve`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (to, reading, smallest, jobs, paths) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let work = Solving {
        to,
        smallest,
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
        Boards::new(cmd),
    )
}

/// The work of `solve` on each puzzle: its solution, printed, or why
/// there is none.
struct Solving {
    to: Option<Format>,
    smallest: bool,
    forced_boxes: bool,
}

impl Work<Result<Printed, String>> for Solving {
    fn loaded(&self, loaded: &Loaded) -> Result<Printed, String> {
        let style = output_style(&loaded.puzzle.style, self.to, loaded.number);
        let grid = &loaded.puzzle.grid;
        writable(grid, &style)?;
        let hint = || other_boxes_hint(grid, self.forced_boxes);
        if let Some(clash) = grid.first_clash() {
            let clash = clash.describe(loaded.puzzle.style.convention);
            return Err(match hint() {
                Some(hint) => format!("givens clash: {} ({})", clash, hint),
                None => format!("givens clash: {}", clash),
            });
        }
        // A 9×9 board goes to the 9×9 engine inside `any`.
        let solution = match self.smallest {
            true => any::smallest_solution(grid),
            false => any::solve(grid),
        };
        let text = solution.map(|s| format::render(&s, &style));
        let text = text.ok_or_else(|| match hint() {
            Some(hint) => format!("no solution {}", hint),
            None => "no solution".to_string(),
        })?;
        Ok(Printed::Text(style.format, text))
    }

    /// A plain line's solution goes out as a line of digits, straight from
    /// the engine; a complete grid is checked, not searched. Clashing
    /// givens and no solution are phrased by [`Solving::loaded`].
    fn plain(&self, puzzle: &Plain) -> Option<Result<Printed, String>> {
        if !matches!(self.to, None | Some(Format::Line)) {
            return None;
        }
        let board = &puzzle.board;
        let solution = match (board.is_full(), self.smallest) {
            (true, _) => Some(*board).filter(Board::is_solved),
            (false, false) => nine::solve(board),
            (false, true) => nine::smallest_solution(board),
        };
        solution.map(|s| Ok(Printed::Line(s)))
    }

    fn reads_plain(&self) -> bool {
        true
    }
}

/// Puzzles per batch handed to a thread: a few milliseconds of work.
pub(super) const BATCH: usize = 256;

/// The options of `solve`: `--to`, `--from`/`--cases`, `--smallest`, `-j`,
/// and the files.
type SolveOptions = (Option<Format>, Reading, bool, usize, Vec<String>);

fn options(mut args: Args) -> Result<SolveOptions, UsageError> {
    let to = to_option(&mut args)?;
    let reading = reading_options(&mut args)?;
    let smallest = args.flag("--smallest", None);
    let jobs = jobs_option(&mut args)?;
    Ok((to, reading, smallest, jobs, args.positionals()?))
}

/// How a board read in `input` style is written: in `to` when given, else
/// the same format. A js board keeps its quote character; an euler board
/// keeps its label, or gets `Grid NN` from `seq` (the puzzle's 1-based
/// number over all inputs).
pub(super) fn output_style(input: &Style, to: Option<Format>, seq: usize) -> Style {
    let format = to.unwrap_or(input.format);
    Style {
        format,
        convention: input.convention,
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

/// Ok when `grid` can be written in `style`: `euler` holds 9×9 boards only.
pub(super) fn writable(grid: &Grid, style: &Style) -> Result<(), String> {
    let n = grid.size();
    if style.format == Format::Euler && n != 9 {
        return Err(format!(
            "euler is a 9x9 format; write this {}x{} board with --to digits",
            n, n
        ));
    }
    Ok(())
}

/// A board ready to print.
pub(super) enum Printed {
    /// Rendered in a format.
    Text(Format, String),
    /// A 9×9 board to write as a `line` in digits, `.` blank (the fast
    /// path).
    Line(Board),
}

/// The printer of `solve` and `convert`: each board already rendered (in
/// its format), or why there is none; the separator
/// [`format::separator`] asks for goes between consecutive boards.
pub(super) struct Boards {
    cmd: &'static str,
    prev: Option<Format>,
}

impl Boards {
    /// A printer that has written nothing yet.
    pub(super) fn new(cmd: &'static str) -> Boards {
        Boards { cmd, prev: None }
    }
}

impl Boards {
    /// Prints `printed` after the separator it needs.
    fn print(&mut self, out: &mut Out, printed: Printed) {
        let format = match &printed {
            Printed::Text(format, _) => *format,
            Printed::Line(_) => Format::Line,
        };
        if let Some(prev) = self.prev {
            out.put(format::separator(prev, format));
        }
        match printed {
            Printed::Text(_, text) => out.put(&text),
            Printed::Line(board) => {
                let mut line = [b'\n'; 82];
                for (byte, &v) in line.iter_mut().zip(board.cells()) {
                    *byte = if v == 0 { b'.' } else { b'0' + v };
                }
                out.put_bytes(&line);
            }
        }
        self.prev = Some(format);
    }
}

impl Printer<Result<Printed, String>> for Boards {
    fn answer(&mut self, out: &mut Out, puzzle: Loaded, result: Result<Printed, String>) -> bool {
        match result {
            Ok(printed) => {
                self.print(out, printed);
                true
            }
            Err(why) => {
                out.flush();
                eprintln!("{}", puzzle.message(self.cmd, why));
                false
            }
        }
    }

    fn answer_plain(
        &mut self,
        out: &mut Out,
        puzzle: &Plain,
        result: Result<Printed, String>,
    ) -> bool {
        match result {
            Ok(printed) => {
                self.print(out, printed);
                true
            }
            Err(why) => self.answer(out, puzzle.loaded(), Err(why)),
        }
    }
}
