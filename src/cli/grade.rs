//! `sudoku grade`: the level of each puzzle and the techniques it needs.

use super::{read_inputs, usage_error, Args, Out};
use sudoku_kit::format::{self, Format, Puzzle};
use sudoku_kit::grader::{self, GradeError};

/// Help for `sudoku grade`.
pub const HELP: &str = "\
usage: sudoku grade [--explain] [--from FORMAT] [FILE...]

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
says `no solution (not graded)` or `several solutions (not graded)`.

options
  --explain        after each puzzle's line, its steps one per line, e.g.
                   `r3c5 = 7 (hidden single in box 2)`, then a blank line
  --from FORMAT    read this format instead of detecting it

Malformed puzzles and clashing givens are reported on stderr and skipped.
Exit status: 0 when every puzzle was graded, 1 otherwise.
";

/// One puzzle read by `load`, with its number over all inputs.
pub(super) struct Loaded {
    /// 1-based over all inputs (malformed puzzles count too).
    pub number: usize,
    /// The input's name, for messages (`stdin` or the path).
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// What `load` returns: the good puzzles, whether any was bad, and how
/// many puzzles the inputs held in all.
pub(super) type Loaded3 = (Vec<Loaded>, bool, usize);

/// Reads every puzzle of `paths` (stdin when none). Malformed puzzles and
/// clashing givens are reported on stderr as `sudoku CMD: NAME: puzzle N,
/// line L, column C: what` and left out; the flag says whether any was.
/// A file that cannot be read, or input without any puzzle, is an `Err`
/// with the message to print.
pub(super) fn load(cmd: &str, paths: &[String], forced: Option<Format>) -> Result<Loaded3, String> {
    let inputs = read_inputs(paths)?;
    let mut loaded = Vec::new();
    let mut bad = false;
    let mut number = 0;
    for input in inputs.iter() {
        for result in format::puzzles(&input.text, forced) {
            number += 1;
            match result {
                Err(e) => {
                    eprintln!("sudoku {}: {}: {}", cmd, input.name, e);
                    bad = true;
                }
                Ok(p) => match p.board.first_clash() {
                    Some(clash) => {
                        eprintln!(
                            "sudoku {}: {}: puzzle {}, line {}: {}",
                            cmd, input.name, p.number, p.line, clash
                        );
                        bad = true;
                    }
                    None => loaded.push(Loaded {
                        number,
                        name: input.name.clone(),
                        puzzle: p,
                    }),
                },
            }
        }
    }
    if number == 0 {
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        return Err(format!("no puzzle found in {}", names.join(", ")));
    }
    Ok((loaded, bad, number))
}

/// Runs `sudoku grade`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let parsed = (|| {
        let explain = args.flag("--explain", None);
        let from = args.parsed::<Format>("--from", None)?;
        let paths = args.positionals()?;
        Ok::<_, super::UsageError>((explain, from, paths))
    })();
    let (explain, from, paths) = match parsed {
        Ok(p) => p,
        Err(e) => return usage_error(cmd, e),
    };
    if from == Some(Format::Pretty) {
        return usage_error(cmd, "--from pretty: pretty is an output format only");
    }
    let (puzzles, mut bad, total) = match load(cmd, &paths, from) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("sudoku {}: {}", cmd, e);
            return 1;
        }
    };
    let numbered = total > 1;
    let mut out = Out::new();
    for (k, p) in puzzles.iter().enumerate() {
        if explain && k > 0 {
            out.put("\n");
        }
        if numbered {
            out.put(&format!("{}  ", p.number));
        }
        match grader::grade(&p.puzzle.board) {
            Ok(g) => {
                out.put(&format!("{}\n", g));
                if explain {
                    for step in g.steps.iter() {
                        out.put(&format!("{}\n", step));
                    }
                }
            }
            Err(e) => {
                bad = true;
                let what = match e {
                    GradeError::NoSolution | GradeError::SeveralSolutions => e.to_string(),
                    GradeError::Clash(c) => c.to_string(),
                };
                out.put(&format!("{} (not graded)\n", what));
            }
        }
    }
    out.flush();
    i32::from(bad)
}
