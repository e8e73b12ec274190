//! `sudoku propagate`: what naked and hidden singles alone can fill.

use super::{from_option, stream, usage_error, Args, Empty, Loaded, Numbered, Reading, Verdict};
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::logic::{self, Grid, Technique};
use sudoku_kit::solver;
use sudoku_kit::Board;

/// Help for `sudoku propagate`.
pub const HELP: &str = "\
usage: sudoku propagate [--naked-only] [--explain] [--to FORMAT] [--from FORMAT] [FILE...]

Fills what logic alone can fill, round after round, to a fixed point:
  naked single   a cell with one candidate left gets it
  hidden single  a digit with one place left in a row, column or box goes there
A round applies every naked single of the board as it stands (row-major),
then every hidden single of the result (boxes, rows, columns). The
techniques are the grader's (`sudoku grade`), one implementation each.

output (per puzzle)
  start: N blanks                 then the board
  round R: K cells filled (naked_single=A hidden_single=B), M blanks left
                                  then the board, after each round
  and a last line, either
  solved after R rounds: singles alone fill all N blanks
  or
  stalled after R rounds: M cells left, singles cannot go on; backtracking is needed
In multi-line formats a blank line comes before each status line. With
several puzzles each starts with a `puzzle N` line (numbered over all
inputs) and puzzles are separated by a blank line.

options
  --naked-only     naked singles alone (the plain candidate-elimination pass)
  --explain        one line per step instead of per round, each followed by
                   the board: `step 3 (round 1): r3c5 = 7 (hidden single in box 2)`
  --to FORMAT      how boards are shown: pretty (default), line, spaced,
                   digits, js, euler
  --from FORMAT    read this format instead of detecting it

The puzzle built against brute force shows the difference: naked singles
alone fill none of its 64 blanks; with hidden singles it is solved.
Malformed, clashing or unsolvable puzzles are reported on stderr and
skipped (exit status 1); stalling is not an error. A usage error or an
unreadable file: exit status 2.
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
        let from = from_option(&mut args)?;
        let paths = args.positionals()?;
        Ok::<_, super::UsageError>((naked_only, explain, to, from, paths))
    })();
    let (naked_only, explain, to, from, paths) = match parsed {
        Ok(p) => p,
        Err(e) => return usage_error(cmd, e),
    };
    let work = move |loaded: &Loaded| {
        let board = match loaded.classic() {
            Ok(board) => board,
            Err(why) => return Verdict::Error(why),
        };
        let board = &board;
        if let Some(clash) = board.first_clash() {
            return Verdict::Error(clash.to_string());
        }
        match solver::count_solutions(board, 2) {
            0 => Verdict::Error("no solution".to_string()),
            n => Verdict::Ok(propagate(board, naked_only, explain, to, n > 1)),
        }
    };
    // One thread: a report is long to print and quick to make.
    stream(
        cmd,
        &paths,
        Reading::from(from),
        Empty::Overall,
        1,
        1,
        work,
        Numbered::new(cmd, |n| format!("puzzle {}\n", n), "\n"),
    )
}

/// The whole report for one solvable puzzle.
fn propagate(board: &Board, naked_only: bool, explain: bool, to: Format, several: bool) -> String {
    let style = Style::new(to);
    let gap = if to.is_multi_line() { "\n" } else { "" };
    let show = |b: &Board| format::render(b, &style);
    let mut grid = match Grid::new(board) {
        Ok(g) => g,
        // The work refused clashing givens before.
        Err(c) => return format!("{}\n", c),
    };
    let start = grid.blanks();
    let mut text = format!("start: {} blanks\n{}", start, show(board));
    let mut rounds = 0;
    let mut steps = 0;
    loop {
        let done = logic::singles_round(&mut grid, naked_only);
        if done.is_empty() {
            break;
        }
        rounds += 1;
        if explain {
            // The board as the round found it, then filled step by step.
            let mut b = grid.board();
            for s in done.iter() {
                if let Some((i, _)) = s.place {
                    b.0[i] = 0;
                }
            }
            for s in done.iter() {
                steps += 1;
                if let Some((i, d)) = s.place {
                    b.0[i] = d;
                }
                text.push_str(gap);
                text.push_str(&format!("step {} (round {}): {}\n", steps, rounds, s));
                text.push_str(&show(&b));
            }
        } else {
            let mut counts = Vec::new();
            for t in [Technique::NakedSingle, Technique::HiddenSingle] {
                let n = done.iter().filter(|s| s.technique == t).count();
                if n > 0 {
                    counts.push(format!("{}={}", t.name(), n));
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
            text.push_str(&show(&grid.board()));
        }
    }
    text.push_str(gap);
    let plural = if rounds == 1 { "" } else { "s" };
    if grid.is_solved() {
        text.push_str(&format!(
            "solved after {} round{}: singles alone fill all {} blanks\n",
            rounds, plural, start
        ));
    } else {
        let left = grid.blanks();
        let why = match grid.contradiction() {
            Some(c) => format!("; contradiction: {}", c),
            None if several => {
                "; backtracking is needed (the puzzle has several solutions)".to_string()
            }
            None => "; backtracking is needed".to_string(),
        };
        text.push_str(&format!(
            "stalled after {} round{}: {} left, singles cannot go on{}\n",
            rounds,
            plural,
            cells(left),
            why
        ));
    }
    text
}

/// `1 cell`, `5 cells`.
fn cells(n: usize) -> String {
    format!("{} cell{}", n, if n == 1 { "" } else { "s" })
}
