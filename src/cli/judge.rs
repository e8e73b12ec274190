//! `sudoku judge`: run a program on every case of a problem folder and
//! print one row per case, then a summary.

use super::{Args, Out};
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;
use sudoku_kit::checker::Rule;
use sudoku_kit::judge::{self, Answers, Conf, Outcome};
use sudoku_kit::problem;

/// Help for `sudoku judge`.
pub const HELP: &str = "\
usage: sudoku judge [--time-limit SECONDS] PROGRAM PROBLEM_DIR

A local judge: runs PROGRAM once per case NAME.in of PROBLEM_DIR (in
natural order: sample-2 before sample-10) with the case on stdin, and
prints one row per case: name, verdict, wall time in ms (process start
included); then a summary like `4/5 passed`. Exit 0 only if every case
passes; 1 otherwise; 2 for a usage or folder error.

PROGRAM is an executable file (`target/release/boj2239`) or a command line
run by `sh -c` (`'python3 sol.py'`). It runs in its own process group;
at the time limit the whole group is killed.

verdicts
  AC   accepted
  WA   wrong answer: the first differing line, expected against got (exact),
       or the checker's reason (any, smallest)
  PE   presentation error: right tokens, wrong whitespace (exact), or not
       in the input's format (any, smallest); output over 1 MiB
  TLE  killed at the time limit
  RE   non-zero exit status or a signal, with the end of its stderr
  JF   judge failure: the case itself is broken (bad input, no .out)

PROBLEM_DIR/judge.conf says how the folder is judged (`key = value` lines,
`#` comments):
  binary = boj2239          the src/bin program that solves it (informative)
  answers = exact           exact (default) | any | smallest
  time_limit = 1            seconds per case (default 2)
  format = digits           any/smallest: the format answers must be in
                            (default: each input's own format)
Unknown keys and bad values are errors naming the line. Without judge.conf
the folder is judged exactly with a 2 s limit, and a note says so.

exact compares with NAME.out after CRLF -> LF, tolerating spaces and tabs
at line ends, blank lines at the very end and a missing final newline.

  --time-limit SECONDS   overrides judge.conf (e.g. 0.5)

Color only when stdout is a terminal, and never when NO_COLOR is set.
";

/// ANSI color of a verdict code.
fn color_of(code: &str) -> &'static str {
    match code {
        "AC" => "\x1b[32m",
        "TLE" => "\x1b[33m",
        "RE" => "\x1b[35m",
        _ => "\x1b[31m",
    }
}

/// True when rows may be colored: stdout is a terminal and `NO_COLOR` is
/// not set (to anything, even empty).
fn use_color() -> bool {
    color_wanted(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").is_some(),
    )
}

/// The color rule, apart from the environment: only on a terminal, never
/// with `NO_COLOR`.
fn color_wanted(terminal: bool, no_color: bool) -> bool {
    terminal && !no_color
}

/// `2 s`, `0.3 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// Reads `dir/judge.conf`; `Ok(None)` when the folder has none.
fn read_conf(dir: &Path) -> Result<Option<Conf>, String> {
    let path = dir.join("judge.conf");
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
    problem::parse_conf(&text)
        .map(Some)
        .map_err(|e| format!("{}: line {}: {}", path.display(), e.line, e.message))
}

/// Runs `sudoku judge`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let limit = match args.value("--time-limit", Some('t')) {
        Ok(None) => None,
        Ok(Some(v)) => match problem::parse_seconds(&v) {
            Ok(d) => Some(d),
            Err(e) => return super::usage_error(cmd, format!("--time-limit {}", e)),
        },
        Err(e) => return super::usage_error(cmd, e),
    };
    let paths = match args.positionals() {
        Ok(p) if p.len() == 2 => p,
        Ok(_) => return super::usage_error(cmd, "expected PROGRAM PROBLEM_DIR"),
        Err(e) => return super::usage_error(cmd, e),
    };
    let (program, dir) = (&paths[0], Path::new(&paths[1]));
    if !dir.is_dir() {
        eprintln!("sudoku judge: {}: no such folder", dir.display());
        return 2;
    }
    // A path that names nothing would only show up as RE on every case.
    let looks_like_path = program.contains('/') && !program.contains(char::is_whitespace);
    if looks_like_path && !Path::new(program).exists() {
        eprintln!("sudoku judge: {}: no such program", program);
        return 2;
    }
    let conf = match read_conf(dir) {
        Ok(Some(conf)) => conf,
        Ok(None) => {
            eprintln!(
                "sudoku judge: note: {} has no judge.conf; comparing exactly with each NAME.out",
                dir.display()
            );
            Conf::default()
        }
        Err(e) => {
            eprintln!("sudoku judge: {}", e);
            return 2;
        }
    };
    let cases = match problem::find_cases(dir) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("sudoku judge: {}", e);
            return 2;
        }
    };
    if conf.answers == Answers::Exact {
        if let Some(case) = cases.iter().find(|c| c.answer.is_none()) {
            eprintln!(
                "sudoku judge: {}: case {} has no {}.out (answers = exact compares with it)",
                dir.display(),
                case.name,
                case.name
            );
            return 2;
        }
    }
    let limit = limit
        .or(conf.time_limit)
        .unwrap_or(problem::DEFAULT_TIME_LIMIT);
    let color = use_color();
    let width = cases
        .iter()
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = Out::new();
    out.put(&format!(
        "{}: {} case{}, answers = {}, time limit {}\n",
        dir.display(),
        cases.len(),
        if cases.len() == 1 { "" } else { "s" },
        conf.answers.name(),
        seconds(limit)
    ));
    let mut passed = 0;
    for case in &cases {
        let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {}", p.display(), e));
        let input = read(&case.input);
        let expected = case.answer.as_deref().map(read).transpose();
        let (outcome, ms) = match (input, expected) {
            (Err(e), _) | (_, Err(e)) => (Outcome::JudgeFailure(e), None),
            (Ok(input), Ok(expected)) => {
                out.flush();
                let run = match judge::run_program(program, &input, limit) {
                    Ok(run) => run,
                    Err(e) => {
                        out.flush();
                        eprintln!("sudoku judge: cannot run `{}`: {}", program, e);
                        return 2;
                    }
                };
                let outcome = judge::judge_run(
                    &Rule::from_conf(&conf),
                    &input,
                    expected.as_deref(),
                    &run,
                    limit,
                );
                (outcome, Some(run.wall.as_millis()))
            }
        };
        if outcome == Outcome::Accepted {
            passed += 1;
        }
        let code = outcome.code();
        let shown = if color {
            format!("{}{:<3}\x1b[0m", color_of(code), code)
        } else {
            format!("{:<3}", code)
        };
        let time = ms.map_or("-".to_string(), |ms| ms.to_string());
        out.put(&format!(
            "{:<width$}  {}  {:>6} ms\n",
            case.name,
            shown,
            time,
            width = width
        ));
        let detail = match &outcome {
            Outcome::TimeLimit => Some(format!("killed at the time limit of {}", seconds(limit))),
            other => other.detail().map(str::to_string),
        };
        if let Some(detail) = detail {
            out.put(&format!("    {}\n", detail));
        }
    }
    out.put(&format!("{}/{} passed\n", passed, cases.len()));
    out.flush();
    if passed == cases.len() {
        0
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_only_on_a_terminal_and_never_with_no_color() {
        assert!(color_wanted(true, false));
        assert!(!color_wanted(true, true));
        assert!(!color_wanted(false, false));
        assert!(!color_wanted(false, true));
    }

    #[test]
    fn every_verdict_has_a_color_and_times_read_in_seconds() {
        for code in ["AC", "WA", "PE", "TLE", "RE", "JF"] {
            assert!(color_of(code).starts_with("\x1b["));
        }
        assert_ne!(color_of("AC"), color_of("WA"));
        assert_eq!(seconds(Duration::from_millis(300)), "0.3 s");
        assert_eq!(seconds(Duration::from_secs(2)), "2 s");
    }
}
