//! `sudoku propagate`: what naked and hidden singles alone can fill.

use super::options::sizing_options;
use super::solve::writable;
use super::{from_option, stream, usage_error, Args, Empty, Loaded, Numbered, Reading, Reply};
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::{logic::singles, solve::any, Grid};

/// Help for `sudoku propagate`.
pub const HELP: &str = "\
sudoku propagate: fill what naked and hidden singles can fill

usage: sudoku propagate [--naked-only] [--explain] [--to FORMAT] [--from FORMAT]
                        [--box RxC] [--symbols digits|letters] [FILE...]

Fills what logic alone can fill, round after round, to a fixed point:
  naked single   a cell with one candidate left gets it
  hidden single  a digit with one place left in a row, column or box goes there
A round applies every naked single of the board as it stands (row-major),
then every hidden single of the result (boxes, rows, columns), on boards
of every size (values in the board's own symbols: `r12c3 = G`). On 9x9
boards these are the grader's singles (`sudoku grade`), in its order.

output (per puzzle)
  start: N blanks                 then the board
  round R: K cells filled (naked_single=A hidden_single=B), M blanks left
                                  then the board, after each round
  and a last line, either
  solved after R rounds: singles alone fill all N blanks
  or (one line)
  stalled after R rounds: M cells left, singles cannot go on;
    backtracking is needed
In multi-line formats a blank line comes before each status line. With
several puzzles each starts with a `puzzle N` line (numbered over all
inputs) and puzzles are separated by a blank line.

options
  --naked-only     naked singles alone (the plain candidate-elimination pass)
  --explain        one line per step instead of per round, each followed by
                   the board:
                   `step 3 (round 1): r3c5 = 7 (hidden single in box 2)`
  --to FORMAT      how boards are shown: pretty (default), line, spaced,
                   digits, js, euler (9x9 only)
  --from FORMAT    read this format instead of detecting it
  --box RxC        every board has boxes of R rows by C columns (e.g. 3x2
                   for a 6x6 board read as three boxes across); without it
                   the size comes from each board (see `sudoku solve --help`)
  --symbols S      every board is written in S: digits (1-9, then A, B, ...)
                   or letters (A, B, ...); without it, detected above 9x9
  -h, --help       this help

The puzzle built against brute force shows the difference: naked singles
alone fill none of its 64 blanks; with hidden singles it is solved in 15
rounds. AI Escargot stalls either way.
Malformed, clashing or unsolvable puzzles are reported on stderr and
skipped; stalling is not an error.

exit status
  0  every puzzle shown
  1  some puzzle unreadable, clashing or unsolvable
  2  usage error, or a file that cannot be opened or read

examples
  sudoku propagate problems/boj2580/test/anti-brute-force.in
  sudoku propagate --naked-only --to line problems/poj3074/test/sample-1.in
";

/// Runs `sudoku propagate`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let parsed = (|| {
        let naked_only = args.flag("--naked-only", None);
        let explain = args.flag("--explain", None);
        let to = args
            .parsed::<Format>("--to", None)?
            .unwrap_or(Format::Pretty);
        let reading = Reading {
            sizing: sizing_options(&mut args)?,
            ..Reading::from(from_option(&mut args)?)
        };
        let paths = args.positionals()?;
        Ok::<_, super::UsageError>((naked_only, explain, to, reading, paths))
    })();
    let (naked_only, explain, to, reading, paths) = match parsed {
        Ok(p) => p,
        Err(e) => return usage_error(cmd, e),
    };
    let work = move |loaded: &Loaded| {
        let puzzle = &loaded.puzzle.grid;
        // Boards are shown in the input's symbols.
        let style = Style {
            convention: loaded.puzzle.style.convention,
            ..Style::new(to)
        };
        if let Err(why) = writable(puzzle, &style) {
            return Reply::Error(why);
        }
        if let Some(clash) = puzzle.first_clash() {
            return Reply::Error(clash.describe(style.convention));
        }
        match any::count_solutions(puzzle, 2) {
            0 => Reply::Error("no solution".to_string()),
            n => Reply::Ok(propagate(puzzle, naked_only, explain, &style, n > 1)),
        }
    };
    // One thread: a report is long to print and quick to make.
    stream(
        cmd,
        &paths,
        reading,
        Empty::Overall,
        1,
        1,
        work,
        Numbered::new(cmd, |n| format!("puzzle {}\n", n), "\n"),
    )
}

/// The whole report for one solvable puzzle, its boards in `style`.
fn propagate(
    puzzle: &Grid,
    naked_only: bool,
    explain: bool,
    style: &Style,
    several: bool,
) -> String {
    let gap = if style.format.is_multi_line() {
        "\n"
    } else {
        ""
    };
    let show = |g: &Grid| format::render(g, style);
    let (shape, convention) = (puzzle.shape(), style.convention);
    let mut grid = puzzle.clone();
    let start = grid.blanks();
    let mut text = format!("start: {} blanks\n{}", start, show(&grid));
    let mut rounds = 0;
    let mut steps = 0;
    loop {
        let before = grid.clone();
        let done = singles::round(&mut grid, naked_only);
        if done.is_empty() {
            break;
        }
        rounds += 1;
        if explain {
            // The board as the round found it, then filled step by step.
            let mut board = before;
            for s in done.iter() {
                steps += 1;
                board.set(s.cell, s.value);
                text.push_str(gap);
                text.push_str(&format!(
                    "step {} (round {}): {}\n",
                    steps,
                    rounds,
                    s.describe(shape, convention)
                ));
                text.push_str(&show(&board));
            }
        } else {
            let naked = done.iter().filter(|s| s.unit.is_none()).count();
            let mut counts = Vec::new();
            for (name, n) in [
                ("naked_single", naked),
                ("hidden_single", done.len() - naked),
            ] {
                if n > 0 {
                    counts.push(format!("{}={}", name, n));
                }
            }
            text.push_str(gap);
            text.push_str(&format!(
                "round {}: {} filled ({}), {} blanks left\n",
                rounds,
                cells(done.len()),
                counts.join(" "),
                grid.blanks()
            ));
            text.push_str(&show(&grid));
        }
    }
    text.push_str(gap);
    let plural = if rounds == 1 { "" } else { "s" };
    if grid.is_full() {
        text.push_str(&format!(
            "solved after {} round{}: singles alone fill all {} blanks\n",
            rounds, plural, start
        ));
    } else {
        // Singles are sound and the puzzle has a solution: no contradiction.
        let why = if several {
            " (the puzzle has several solutions)"
        } else {
            ""
        };
        text.push_str(&format!(
            "stalled after {} round{}: {} left, singles cannot go on; backtracking is needed{}\n",
            rounds,
            plural,
            cells(grid.blanks()),
            why
        ));
    }
    text
}

/// `1 cell`, `5 cells`.
fn cells(n: usize) -> String {
    format!("{} cell{}", n, if n == 1 { "" } else { "s" })
}
