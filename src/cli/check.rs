//! `sudoku check`: the special judge on the command line, in the testlib /
//! online-judge-tools convention and in the Kattis output-validator one.

use super::{Args, UsageError};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;
use sudoku_kit::board::Variant;
use sudoku_kit::format::{Format, Sizing};
use sudoku_kit::judge::checker::{self, Answers, Cases, Rule, Verdict};
use sudoku_kit::judge::problem;

/// Help for `sudoku check`.
pub const HELP: &str = "\
sudoku check: the special judge: is an answer accepted under the rule?

usage: sudoku check [RULE OPTIONS] INPUT OUTPUT [ANSWER [REPORT]]
       sudoku check --kattis [RULE OPTIONS] INPUT ANSWER FEEDBACK_DIR < OUTPUT

A special judge for Sudoku: is OUTPUT (a contestant's answer, `-` = stdin)
an accepted answer to INPUT under the problem's rule? INPUT holds one
puzzle or many; OUTPUT answers them in order, each in its puzzle's format
(spaced input, spaced output; digits, digits; js, js with the same quotes)
unless --format says otherwise. ANSWER, the jury's file, is optional; when
given it is judged by the same rule, and a fault in it is a judge failure.

Boards of every size from 4x4 to 25x25 are judged (boxes RxC, see --box):
each answer has its puzzle's size and symbols, as `sudoku solve` writes
them: a 16x16 board in letters (A-P, `-` blank) is answered in letters,
one in digits and letters (1-9A-G, `.` or `0` blank) in those, a spaced
board in numbers 1-16.

rule options (default: --answers any --cases auto)
  --conf FILE             answers, cases, box, symbols, blank, separator,
                          from, format, no_solution, many_solutions,
                          one_solution, illegal, not_minimal, header, x,
                          regions and cages from a problem's judge.conf;
                          the options below override it
  --x, --regions LAYOUT, --cages LAYOUT
                          every board is played by these variant rules (see
                          `sudoku solve --help`): INPUT's puzzles, and an
                          answer must keep the diagonals, regions and cages
  --answers RULE          what each answer must be:
      any                 any valid completion (POJ 2676, BOJ 2580)
      smallest            the lexicographically smallest completion (BOJ 2239)
      unique              the one solution; the --no-solution line for none,
                          the --many-solutions line for several (Kattis
                          sudokunique, POJ 3074), the --not-minimal line
                          when given and the puzzle is not minimal (HDU 3909)
      count               a line with the number of solutions, then the
                          board when it is 1 (SPOJ SUDOGOB; 0 for clashing
                          givens)
      classify            one line per puzzle: --illegal (givens clash),
                          --no-solution, --one-solution (or --not-minimal)
                          or --many-solutions, {} standing for its number
                          (UVa 10957)
      exact               OUTPUT equals ANSWER line by line (INPUT unread)
  --smallest              the same as --answers smallest
  --cases FRAMING         how INPUT frames its puzzles:
      auto                a first line of only a number (up to 7 digits) is
                          a count, a line `end` closes, else to the end
      one                 exactly one puzzle
      count               a first line T, then T puzzles (POJ 2676, SUDOGOB)
      end                 puzzles up to a line `end` or the end (POJ 3074)
      eof                 puzzles to the end (Kattis sudokunique)
      size                each puzzle after a line n: a board of n*n rows
                          in nxn boxes (UVa 989)
  --from F                INPUT's format, not detected: walls (HDU 4069's
                          jigsaw cells) and killer (CodinGame's rows beside
                          cage marks, then sums) give each board its regions
                          or cages; or line, spaced, digits, js, euler
  --format F              the answers' format, any that `sudoku solve --to`
                          writes: spaced, digits, js, line, euler, pretty,
                          walls, killer
  --no-solution LINE      the answer to a puzzle with no solution (clashing
                          givens included), under any rule; without it such
                          a puzzle is a broken case (count answers 0)
  --many-solutions LINE   (unique) the answer to a puzzle with several
                          solutions; without it such a puzzle is a broken case
  --box RxC               INPUT's boards have boxes of R rows and C columns
                          (default: from each board's cells: 16 -> 2x2,
                          36 -> 2x3, 64 -> 2x4, 81 -> 3x3, 144 -> 3x4,
                          256 -> 4x4, 625 -> 5x5; e.g. --box 3x2 for 6x6
                          boards in boxes of 3 rows)
  --symbols S             INPUT's boards above 9x9 are in `digits` (1-9A..)
                          or `letters` (A..) (default: detected per board)
  --blank CHAR            INPUT writes CHAR for a blank cell too, as `.`
                          (`?` in HDU 1426 and HDU 3111)
  --separator LINE        a line between two of INPUT's boards, and required
                          between two answers (`---` in HDU 3111)
  --header LINE           a line before each answer, {} standing for the
                          puzzle's number (`Case #{}:` in HDU 5547)
  --one-solution LINE     (classify) the line for a puzzle with one solution
  --illegal LINE          (classify) the line for clashing givens (default:
                          the --no-solution line)
  --not-minimal LINE      (unique, classify) the line for a puzzle with one
                          solution that keeps it without one of its givens
                          (`Not Minimal` in HDU 3909), instead of its board
                          or its --one-solution line
  -h, --help              this help
  --kattis                the Kattis output-validator convention (below);
                          also taken when the third path is a folder

count confirms a number N by counting to N + 1 solutions, at most to
1000000; beyond that only ANSWER's number can be compared with.

testlib / online-judge-tools convention: prints one line on stderr saying
why, naming the puzzle when INPUT holds several (`wrong answer: puzzle 3:
r2c4 is left blank`), and into REPORT too when given (testlib's fourth
argument, as Polygon calls a checker); nothing on stdout.

exit status
  0 accepted
  1 wrong answer         a given changed, a blank left, a symbol repeated,
                         not the smallest completion, a wrong line or count
  2 presentation error   not in the format: wrong count of lines or cells,
                         stray text, a missing answer (`puzzle 4: no answer
                         (3 of 5 given)`), not UTF-8, empty, a line
                         over 1 MiB
  3 judge failure        INPUT malformed or holding a puzzle the rule has
                         no answer for (clashing or unsolvable without
                         --no-solution); ANSWER not an accepted answer
                         itself; a file or --conf unreadable; bad usage

INPUT, ANSWER and OUTPUT are read in step, one case at a time, in
constant memory whatever their size: the verdict on a bad answer comes
as soon as it is read, and nothing after it is read (so a fault further
on, in INPUT or OUTPUT, is not seen).

Tolerated in OUTPUT: CRLF line ends, spaces and tabs at the end of a line,
blank lines between answers and after the last, a missing final newline.
Nothing else: a leading space, a blank line before the first answer or
inside a board, spaces in a digits answer, ' instead of \" in js cells are
presentation errors. exact compares line for line: there a blank line
anywhere but at the end is a difference.

With online-judge-tools, from the repository root or inside the folder:
  oj t -c ./a.out -d problems/poj2676/test \\
       --judge-command 'sudoku check --conf problems/poj2676/judge.conf'
  oj t -c ./a.out --judge-command 'sudoku check --conf judge.conf'
cargo-compete (testcases YAML):  match: { Checker: { cmd: 'sudoku check
    \"$INPUT\" \"$ACTUAL_OUTPUT\" \"$EXPECTED_OUTPUT\"', shell: Bash } }

Kattis convention: OUTPUT on stdin; exits 42 accepted, 43 rejected (wrong
answer or presentation error), 1 judge failure; the reason goes to
FEEDBACK_DIR/judgemessage.txt (and a judge failure also to stderr).
Arguments after FEEDBACK_DIR (validator_flags, with or without dashes)
are ignored, except the options above.

examples
  sudoku check --smallest problems/boj2239/test/sample-1.{in,out}
  cd problems/poj2676 && sudoku check --conf judge.conf test/sample-1.{in,out}
";

/// The size of each text's read buffer.
const BUFFER: usize = 1 << 16;

/// Opens one of the checker's texts (`what` is INPUT, OUTPUT or ANSWER;
/// `-` is stdin for OUTPUT), to be read as a stream. A file that cannot be
/// opened, or whose first read fails (a directory), is an error naming it.
fn open_text(what: &str, path: &str) -> Result<Box<dyn BufRead>, String> {
    let named =
        |e: std::io::Error| format!("{} {}: {}", what, path, sudoku_kit::format::io_message(&e));
    let mut text: Box<dyn BufRead> = if path == "-" && what == "OUTPUT" {
        Box::new(BufReader::with_capacity(BUFFER, std::io::stdin()))
    } else {
        let file = std::fs::File::open(path).map_err(named)?;
        Box::new(BufReader::with_capacity(BUFFER, file))
    };
    text.fill_buf().map_err(named)?;
    Ok(text)
}
/// The rule options as given; [`Options::rule`] makes the rule.
struct Options {
    conf: Option<String>,
    answers: Option<Answers>,
    cases: Option<Cases>,
    from: Option<Format>,
    format: Option<Format>,
    no_solution: Option<String>,
    many_solutions: Option<String>,
    header: Option<String>,
    one_solution: Option<String>,
    illegal: Option<String>,
    not_minimal: Option<String>,
    sizing: Sizing,
    variant: Option<Arc<Variant>>,
}

impl Options {
    /// Takes the rule options out of `args`.
    fn take(args: &mut Args) -> Result<Options, UsageError> {
        let smallest = args.flag("--smallest", None);
        let mut answers = args.parsed::<Answers>("--answers", None)?;
        match answers {
            Some(a) if smallest && a != Answers::Smallest => {
                return Err(UsageError(format!(
                    "--smallest contradicts --answers {}",
                    a.name()
                )))
            }
            _ if smallest => answers = Some(Answers::Smallest),
            _ => {}
        }
        let from = super::options::from_option(args)?;
        let sizing = super::options::sizing_options(args)?;
        let variant = super::options::variant_options(args, sizing.shape)?;
        super::options::without_own_rules(from, variant.as_deref())?;
        let format = args.parsed::<Format>("--format", None)?;
        Ok(Options {
            conf: args.value("--conf", None)?,
            answers,
            cases: args.parsed::<Cases>("--cases", None)?,
            from,
            format,
            no_solution: args.value("--no-solution", None)?,
            many_solutions: args.value("--many-solutions", None)?,
            header: args.value("--header", None)?,
            one_solution: args.value("--one-solution", None)?,
            illegal: args.value("--illegal", None)?,
            not_minimal: args.value("--not-minimal", None)?,
            sizing,
            variant,
        })
    }

    /// The rule: `--conf`'s (or `any`, framing detected), with each option
    /// given on the command line instead. The error (an unreadable or
    /// malformed judge.conf) is a judge failure's reason.
    fn rule(self) -> Result<Rule, String> {
        let mut rule = match &self.conf {
            None => Rule::new(Answers::Any),
            Some(path) => {
                let conf =
                    problem::read_conf(Path::new(path)).map_err(|e| format!("--conf {}", e))?;
                Rule::from_conf(&conf)
            }
        };
        rule.answers = self.answers.unwrap_or(rule.answers);
        rule.cases = self.cases.unwrap_or(rule.cases);
        rule.from = self.from.or(rule.from);
        rule.format = self.format.or(rule.format);
        rule.no_solution = self.no_solution.or(rule.no_solution);
        rule.many_solutions = self.many_solutions.or(rule.many_solutions);
        rule.header = self.header.or(rule.header);
        rule.one_solution = self.one_solution.or(rule.one_solution);
        rule.illegal = self.illegal.or(rule.illegal);
        rule.not_minimal = self.not_minimal.or(rule.not_minimal);
        rule.variant = self.variant.or(rule.variant);
        rule.sizing = Sizing {
            shape: self.sizing.shape.or(rule.sizing.shape),
            symbols: self.sizing.symbols.or(rule.sizing.symbols),
            blank: self.sizing.blank.or(rule.sizing.blank),
            separator: self.sizing.separator.or(rule.sizing.separator),
        };
        super::options::without_own_rules(rule.from, rule.variant.as_deref()).map_err(|e| e.0)?;
        Ok(rule)
    }
}

/// The `k`-th positional word (0-based) left once the options are taken.
fn positional(args: &Args, k: usize) -> Option<&str> {
    let mut after_dashes = false;
    let mut seen = 0;
    for word in args.words.iter().flatten() {
        match word.as_str() {
            "--" if !after_dashes => after_dashes = true,
            w if after_dashes || w == "-" || !w.starts_with('-') => {
                if seen == k {
                    return Some(w);
                }
                seen += 1;
            }
            _ => {}
        }
    }
    None
}

/// Kattis passes its validator flags after FEEDBACK_DIR (`case_sensitive`,
/// `--float_tolerance 1e-6`, ...): once this command's own options are
/// taken out, every word after the third positional is dropped. (A child
/// module of `cli`, this reads `Args`' words directly.)
fn drop_validator_flags(args: &mut Args) {
    let mut positionals = 0;
    let mut after_dashes = false;
    for word in args.words.iter_mut() {
        if positionals == 3 {
            *word = None;
            continue;
        }
        match word.as_deref() {
            Some("--") if !after_dashes => after_dashes = true,
            Some(w) if after_dashes || w == "-" || !w.starts_with('-') => positionals += 1,
            _ => {}
        }
    }
}

/// Runs `sudoku check`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let kattis = args.flag("--kattis", None);
    // A usage error must not read as a verdict about the contestant:
    // judge failure in both conventions (3 for testlib, 1 for Kattis).
    let bad_usage = if kattis { 1 } else { 3 };
    let options = match Options::take(&mut args) {
        Ok(o) => o,
        Err(e) => {
            super::usage_error(cmd, e);
            return bad_usage;
        }
    };
    // Kattis calls a validator `INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT`:
    // a third word naming a folder is that convention, flag or not.
    let kattis = kattis || positional(&args, 2).is_some_and(|w| Path::new(w).is_dir());
    let bad_usage = if kattis { 1 } else { 3 };
    if kattis {
        drop_validator_flags(&mut args);
    }
    let paths = match args.positionals() {
        Ok(p) => p,
        Err(e) => {
            super::usage_error(cmd, e);
            return bad_usage;
        }
    };
    let rule = options.rule();
    if kattis {
        if paths.len() < 3 {
            super::usage_error(cmd, "--kattis needs INPUT ANSWER FEEDBACK_DIR");
            return bad_usage;
        }
        return run_kattis(&paths[0], &paths[1], Path::new(&paths[2]), rule);
    }
    if !(2..=4).contains(&paths.len()) {
        super::usage_error(cmd, "expected INPUT OUTPUT [ANSWER [REPORT]]");
        return bad_usage;
    }
    let verdict = judge(
        rule,
        &paths[0],
        Some(&paths[1]),
        paths.get(2).map(String::as_str),
    );
    // testlib's way: the verdict on stderr, and in REPORT when given.
    let line = format!("{}\n", verdict);
    eprint!("{}", line);
    if let Some(report) = paths.get(3) {
        if let Err(e) = std::fs::write(report, &line) {
            let why = sudoku_kit::format::io_message(&e);
            eprintln!("judge failure: cannot write REPORT {}: {}", report, why);
            return Verdict::JudgeFailure(String::new()).exit_code();
        }
    }
    verdict.exit_code()
}

/// Opens the texts (INPUT, then ANSWER, then OUTPUT) and asks the
/// checker, which reads them in step; an unreadable file or `--conf` is a
/// judge failure. `output` `None` means stdin.
fn judge(
    rule: Result<Rule, String>,
    input: &str,
    output: Option<&str>,
    answer: Option<&str>,
) -> Verdict {
    let texts = rule.and_then(|rule| {
        let input = open_text("INPUT", input)?;
        let answer = answer.map(|a| open_text("ANSWER", a)).transpose()?;
        let output = open_text("OUTPUT", output.unwrap_or("-"))?;
        Ok((rule, input, output, answer))
    });
    match texts {
        Ok((rule, input, output, answer)) => checker::check_stream(&rule, input, output, answer),
        Err(e) => Verdict::JudgeFailure(e),
    }
}

/// The Kattis output-validator convention: OUTPUT on stdin, 42 / 43 / 1,
/// the reason in `FEEDBACK_DIR/judgemessage.txt`.
fn run_kattis(input: &str, answer: &str, feedback: &Path, rule: Result<Rule, String>) -> i32 {
    let verdict = judge(rule, input, None, Some(answer));
    let message = format!("{}\n", verdict);
    let written = std::fs::write(feedback.join("judgemessage.txt"), &message);
    if let Err(e) = written {
        eprintln!(
            "sudoku check: cannot write {}: {}",
            feedback.join("judgemessage.txt").display(),
            sudoku_kit::format::io_message(&e)
        );
        return 1;
    }
    match verdict {
        Verdict::Accepted => 42,
        Verdict::WrongAnswer(_) | Verdict::PresentationError(_) => 43,
        Verdict::JudgeFailure(_) => {
            eprint!("sudoku check: {}", message);
            1
        }
    }
}
