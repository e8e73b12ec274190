//! `sudoku grade`: the level of each puzzle and the techniques it needs.

use super::{
    from_option, jobs_option, stream, usage_error, Args, Empty, Loaded, Numbered, Reading, Reply,
};
use sudoku_kit::logic::grade::{self, GradeError};

/// Help for `sudoku grade`.
pub const HELP: &str = "\
sudoku grade: rate puzzles by the human techniques they need

usage: sudoku grade [--explain] [--from FORMAT] [-j N] [FILE...]

Rates each puzzle (any input format, auto-detected) by the human
techniques needed to solve it without guessing. At every step the
simplest technique that makes progress is applied, singles first, so the
same puzzle always gets the same steps and the same level.

levels
  simple        naked singles only (a cell with one candidate)
  easy          also hidden singles (a digit with one place in a unit)
  intermediate  also pointing pairs/triples, box/line reduction, naked
                and hidden pairs
  expert        anything beyond: an x-wing, or a guess when nothing applies
                (a guess places the solution's digit in a cell with the
                fewest candidates, and solving goes on)

output, one line per puzzle: the level, two spaces, then `name=count` for
each technique used, simplest first (naked_single hidden_single pointing
box_line naked_pair hidden_pair x_wing guess), e.g.
  easy  naked_single=31 hidden_single=19
When the input holds several puzzles each line starts with the puzzle's
number (counted over all inputs) and two spaces:
  2  expert  naked_single=20 hidden_single=15 pointing=3 guess=2
A puzzle with no solution or several solutions is not graded; its line
says `no solution (not graded)` or `several solutions (not graded)`, and
stderr repeats it with the puzzle's place (file, puzzle, line).

options
  --explain        after each puzzle's line, its steps one per line, e.g.
                   `r3c5 = 7 (hidden single in box 2)`, then a blank line
  --from FORMAT    read this format instead of detecting it
  -j, --jobs N     grade on N threads, 1 to 1024 (default: every core); the
                   output is the same for every N
  -h, --help       this help

The input is streamed (the first puzzle's line waits for the second
puzzle, to know whether to number it). Malformed puzzles and clashing
givens are reported on stderr and skipped.

exit status
  0  every puzzle graded
  1  some puzzle unreadable, clashing, unsolvable or with several solutions
  2  usage error, or a file that cannot be opened or read

examples
  sudoku grade problems/poj3074/test/sample-1.in
  sudoku grade --explain problems/boj2580/test/sample-1.in
";

/// Runs `sudoku grade`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let parsed = (|| {
        let explain = args.flag("--explain", None);
        let from = from_option(&mut args)?;
        let jobs = jobs_option(&mut args)?;
        let paths = args.positionals()?;
        Ok::<_, super::UsageError>((explain, from, jobs, paths))
    })();
    let (explain, from, jobs, paths) = match parsed {
        Ok(p) => p,
        Err(e) => return usage_error(cmd, e),
    };
    let work = move |loaded: &Loaded| match loaded.classic().map(|b| grade::grade(&b)) {
        Err(why) => Reply::Error(why),
        Ok(graded) => match graded {
            Ok(g) => {
                let mut text = format!("{}\n", g);
                if explain {
                    for step in g.steps.iter() {
                        text.push_str(&format!("{}\n", step));
                    }
                }
                Reply::Ok(text)
            }
            Err(GradeError::Clash(c)) => Reply::Error(c.to_string()),
            Err(e) => Reply::NotOk(format!("{} (not graded)\n", e)),
        },
    };
    let gap = if explain { "\n" } else { "" };
    stream(
        cmd,
        &paths,
        Reading::from(from),
        Empty::Overall,
        jobs,
        16,
        work,
        Numbered::new(cmd, |n| format!("{}  ", n), gap),
    )
}
