//! `sudoku check`: the special judge on the command line, in the testlib /
//! online-judge-tools convention and in the Kattis output-validator one.

use super::{Args, Out};
use std::io::Read;
use std::path::Path;
use sudoku_kit::checker::{self, Verdict};

/// Help for `sudoku check`.
pub const HELP: &str = "\
usage: sudoku check [--smallest] INPUT OUTPUT [ANSWER]
       sudoku check --kattis [--smallest] INPUT ANSWER FEEDBACK_DIR < OUTPUT

A special judge for Sudoku: is OUTPUT (a contestant's answer, `-` = stdin)
a valid completion of the puzzle in INPUT, in INPUT's format (spaced input,
spaced output; digits, digits; js, js with the same quotes)?

  --smallest   the answer must be the lexicographically smallest completion
  --kattis     the Kattis output-validator convention (below)

testlib / online-judge-tools convention: prints one line on stdout saying
why (`wrong answer: r2c4 is left blank`) and exits with
  0 accepted
  1 wrong answer         a given changed, a blank left, a digit repeated,
                         or (--smallest) not the smallest completion
  2 presentation error   not in INPUT's format: wrong count of lines or
                         cells, stray text, not UTF-8, empty, over 1 MiB
  3 judge failure        INPUT malformed, clashing or unsolvable; ANSWER
                         not a solution of INPUT (not the smallest one,
                         with --smallest); a file unreadable; bad usage
ANSWER, the jury's reference, is optional; with --smallest the output must
equal it.

Tolerated in OUTPUT: CRLF line ends, spaces and tabs at the end of a line,
blank lines after the board, a missing final newline. Nothing else.

  oj t -c ./a.out -d tests --judge-command 'sudoku check'
  cargo-compete (testcases YAML):  match: { Checker: { cmd: 'sudoku check
      \"$INPUT\" \"$ACTUAL_OUTPUT\" \"$EXPECTED_OUTPUT\"', shell: Bash } }

Kattis convention: OUTPUT on stdin; exits 42 accepted, 43 rejected (wrong
answer or presentation error), 1 judge failure; the reason goes to
FEEDBACK_DIR/judgemessage.txt (and a judge failure also to stderr).
Arguments after FEEDBACK_DIR (validator_flags) other than --smallest are
ignored.
";

/// Reads at most `cap` bytes of `r`.
fn read_capped<R: Read>(r: R, cap: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    r.take(cap as u64).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads a whole jury file (INPUT or ANSWER), at most 16 MiB.
fn read_jury_file(what: &str, path: &str) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{} {}: {}", what, path, e))?;
    let bytes = read_capped(file, 16 << 20).map_err(|e| format!("{} {}: {}", what, path, e))?;
    if bytes.len() == 16 << 20 {
        return Err(format!("{} {}: larger than 16 MiB", what, path));
    }
    Ok(bytes)
}

/// Reads OUTPUT (`-` = stdin): at most one byte more than the checker's cap,
/// so a gigabyte of output costs a megabyte.
fn read_output(path: &str) -> Result<Vec<u8>, String> {
    let cap = checker::OUTPUT_CAP + 1;
    let read = if path == "-" {
        read_capped(std::io::stdin().lock(), cap)
    } else {
        std::fs::File::open(path).and_then(|f| read_capped(f, cap))
    };
    read.map_err(|e| format!("OUTPUT {}: {}", path, e))
}

/// Runs `sudoku check`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let smallest = args.flag("--smallest", None);
    let kattis = args.flag("--kattis", None);
    // A usage error must not read as a verdict about the contestant:
    // judge failure in both conventions (3 for testlib, 1 for Kattis).
    let bad_usage = if kattis { 1 } else { 3 };
    let paths = match args.positionals() {
        Ok(p) => p,
        Err(e) => {
            super::usage_error(cmd, e);
            return bad_usage;
        }
    };
    if kattis {
        if paths.len() < 3 {
            super::usage_error(cmd, "--kattis needs INPUT ANSWER FEEDBACK_DIR");
            return bad_usage;
        }
        return run_kattis(&paths[0], &paths[1], Path::new(&paths[2]), smallest);
    }
    if !(2..=3).contains(&paths.len()) {
        super::usage_error(cmd, "expected INPUT OUTPUT [ANSWER]");
        return bad_usage;
    }
    let verdict = judge(
        &paths[0],
        Some(&paths[1]),
        paths.get(2).map(String::as_str),
        smallest,
    );
    let mut out = Out::new();
    out.put(&format!("{}\n", verdict));
    out.flush();
    verdict.exit_code()
}

/// Reads the files and asks the checker; an unreadable file is a judge
/// failure. `output` `None` means stdin.
fn judge(input: &str, output: Option<&str>, answer: Option<&str>, smallest: bool) -> Verdict {
    let input = match read_jury_file("INPUT", input) {
        Ok(b) => b,
        Err(e) => return Verdict::JudgeFailure(e),
    };
    let answer = match answer.map(|a| read_jury_file("ANSWER", a)).transpose() {
        Ok(a) => a,
        Err(e) => return Verdict::JudgeFailure(e),
    };
    let output = match read_output(output.unwrap_or("-")) {
        Ok(b) => b,
        Err(e) => return Verdict::JudgeFailure(e),
    };
    checker::check(&input, &output, answer.as_deref(), smallest, None)
}

/// The Kattis output-validator convention: OUTPUT on stdin, 42 / 43 / 1,
/// the reason in `FEEDBACK_DIR/judgemessage.txt`.
fn run_kattis(input: &str, answer: &str, feedback: &Path, smallest: bool) -> i32 {
    let verdict = judge(input, None, Some(answer), smallest);
    let message = format!("{}\n", verdict);
    let written = std::fs::write(feedback.join("judgemessage.txt"), &message);
    if let Err(e) = written {
        eprintln!(
            "sudoku check: cannot write {}: {}",
            feedback.join("judgemessage.txt").display(),
            e
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
