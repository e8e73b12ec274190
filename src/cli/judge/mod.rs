//! `sudoku judge`: build a source file if given one, run a program on every
//! case of a problem folder under the folder's limits, and print one row
//! per case and a final verdict (or one JSON document with `--json`).

mod scoreboard;

pub(crate) use scoreboard::json_str;

use super::Args;
use scoreboard::{CaseResult, CompileReport, Scoreboard};
use std::path::Path;
use std::time::Duration;
use sudoku_kit::judge::checker::Rule;
use sudoku_kit::judge::compile::Language;
use sudoku_kit::judge::problem;
use sudoku_kit::judge::{self, Answers, Compiled, Conf, Limits, Status, Stdin};

/// Help for `sudoku judge`.
pub const HELP: &str = "\
sudoku judge: run a program on every case of a problem folder

usage: sudoku judge [--time-limit S] [--memory-limit MIB] [--output-limit MIB]
                    [--compile LINE] [--json] [PROGRAM [PROBLEM_DIR]]

A local judge: runs PROGRAM once per case NAME.in of PROBLEM_DIR (its
test/ folder, the online-judge-tools layout, or PROBLEM_DIR itself when it
has none; natural order: sample-2 before sample-10) with the case on stdin,
under the folder's limits, and prints one row per case (name, verdict,
wall time in ms with process start, peak memory in MB), the final verdict
(the first case's that failed, like a judge's) and `N/M passed`. Exit 0
only if every case passes; 1 otherwise; 2 for a usage or folder error
(exit status below).

PROGRAM is (default ./a.out, and PROBLEM_DIR defaults to test/, as oj t)
  a source file, built first, alone, as a judge does: copied into a
      temporary directory as Main.EXT (a Rust file with any file it
      include!s by a relative path) and compiled within 60 s with the
      folder's line for its language, or --compile's; when it fails, the
      verdict is CE with the compiler's first error lines, naming your file:
        .rs    compile         rustc --edition 2018 -O {source} -o {binary}
        .c     compile_c       gcc -O2 -std=c11 {source} -o {binary} -lm
        .cpp   compile_cpp     g++ -O2 -std=c++17 {source} -o {binary}
               (.cc and .cxx too)
        .java  compile_java    javac -encoding UTF-8 {source}
               (class Main, run as java -XX:+UseSerialGC -XX:MaxRAM=LIMIT)
        .py    compile_python  python3 -m py_compile {source}
               (a syntax check; run as python3 Main.py)
  an executable file (`target/release/boj2239`), run directly;
  or a command line run by `sh -c` (`'python3 sol.py'`).
An empty PROGRAM, a folder, or a first word that is neither a file nor a
command on PATH is a usage error (exit 2).

limits (judge.conf, overridden by the options)
  time     CPU and wall seconds (time_limit, default 2): at the limit the
           program is killed
  memory   MiB per process (memory_limit, default 256): allocations past
           it fail (RLIMIT_DATA)
  output   MiB of stdout (output_limit, default 8): one byte more and the
           program is killed; the judge never holds more than this
The program leads its own process group and every process it starts, even
in a new session, is killed when its case ends. Once the program has
exited, its output is judged; a process it left holding the pipes is not
waited for.

verdicts
  AC   accepted
  WA   wrong answer: the first differing line, expected against got (exact),
       or the special judge's reason, naming the puzzle (every other rule)
  PE   presentation error: right tokens, wrong whitespace (exact), or not
       in the answers' format, a missing or an extra answer (other rules)
  TLE  killed at the time limit, or used more CPU time than it
  MLE  peak memory past the limit, or ended by a failed allocation (or
       with a peak within 10% of the limit)
  OLE  more stdout than the output limit (or a file past it)
  RE   non-zero exit status or a signal, with the end of its stderr
  CE   the source did not compile
  JF   judge failure: the case itself is broken (bad input)

PROBLEM_DIR/judge.conf says how the folder is judged (`key = value` lines, `#`
comments): binary, compile, answers (exact, any, smallest, unique, count,
classify), cases, box, symbols, blank, separator, x, regions, cages, from
(INPUT's format: walls, killer, ...), format, no_solution, many_solutions,
one_solution, illegal, not_minimal, header, time_limit, memory_limit,
output_limit. Unknown keys and bad values are errors naming the
line. PROBLEM_DIR may be the test/ folder itself: its parent's judge.conf is
used. Without judge.conf the folder is judged exactly with the default limits,
and a note says so. A case file that cannot be read, or a missing NAME.out under
answers = exact, is an error (exit 2).

exact compares with NAME.out after CRLF -> LF, tolerating spaces and tabs
at line ends, blank lines at the very end and a missing final newline.

  --time-limit S        seconds per case (e.g. 0.5); oj's --tle too
  --memory-limit MIB    MiB of memory per process; oj's --mle too
  --output-limit MIB    MiB of stdout per case
  --compile LINE        the compile line for PROGRAM's language, with
                        {source} (and {binary}); overrides judge.conf's
  -h, --help            this help
  --json                one JSON document instead of the table: the
                        limits, the compile step, per case name, verdict,
                        time_ms, cpu_ms, memory_kb, reason, leftovers;
                        the verdict, passed and total; and the judge's own
                        peak memory (judge_peak_kb)

Color only when stdout is a terminal, and never when NO_COLOR is set.

exit status
  0    every case passed
  1    some case failed (or CE)
  2    usage error, a broken folder or case file, or a program that cannot
       start
  130  interrupted (Ctrl-C): the program and everything it started killed

examples
  sudoku judge boj2580 problems/boj2580
  sudoku judge src/bin/boj2239.rs problems/boj2239
  sudoku judge --json --time-limit 0.5 'sh -c cat' problems/boj2580
";

/// PROGRAM when none is given, as `oj t`.
const DEFAULT_PROGRAM: &str = "./a.out";

/// PROBLEM_DIR when none is given, as `oj t`: the cases of the folder the
/// command runs in.
const DEFAULT_DIR: &str = "test";

/// Reads the `judge.conf` of `dir` ([`problem::conf_path`]); `Ok(None)`
/// when there is none.
pub(crate) fn read_conf(dir: &Path) -> Result<Option<Conf>, String> {
    problem::conf_path(dir)
        .map(|path| problem::read_conf(&path))
        .transpose()
}

/// Checks every case of `dir` before anything runs, so a broken folder is
/// one error line: a case file that cannot be read, or (under `exact`) a
/// missing `NAME.out`. The files are read again as their cases run, so
/// the judge holds one case at a time.
fn check_cases(dir: &Path, answers: Answers) -> Result<Vec<problem::Case>, String> {
    let cases = problem::find_cases(dir)?;
    for case in &cases {
        if answers == Answers::Exact && case.answer.is_none() {
            return Err(format!(
                "{}: case {} has no {}.out (answers = exact compares with it)",
                dir.display(),
                case.name,
                case.name
            ));
        }
        for path in std::iter::once(&case.input).chain(&case.answer) {
            readable(path)?;
        }
    }
    Ok(cases)
}

/// Opens `path` and reads its first byte.
fn readable(path: &Path) -> Result<(), String> {
    use std::io::Read;
    std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut [0u8; 1]))
        .map(|_| ())
        .map_err(|e| format!("{}: {}", path.display(), sudoku_kit::format::io_message(&e)))
}

/// Reads a case file.
fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path)
        .map_err(|e| format!("{}: {}", path.display(), sudoku_kit::format::io_message(&e)))
}

/// The limits given on the command line; each overrides judge.conf's.
#[derive(Default)]
pub(crate) struct LimitOptions {
    time: Option<Duration>,
    memory: Option<u64>,
    output: Option<u64>,
}

impl LimitOptions {
    /// Reads `--time-limit` (`--tle`), `--memory-limit` (`--mle`) and
    /// `--output-limit`.
    pub(crate) fn read(args: &mut Args) -> Result<LimitOptions, String> {
        let mut options = LimitOptions::default();
        // oj's spellings, --tle and --mle, are taken too.
        if let Some((name, v)) = either(args, "--time-limit", Some('t'), "--tle")? {
            let time = problem::parse_seconds(&v).map_err(|e| format!("{} {}", name, e))?;
            options.time = Some(time);
        }
        if let Some((name, v)) = either(args, "--memory-limit", None, "--mle")? {
            options.memory = Some(problem::parse_mib(name, &v)?);
        }
        if let Some(v) = args.value("--output-limit", None).map_err(|e| e.0)? {
            options.output = Some(problem::parse_mib("--output-limit", &v)?);
        }
        Ok(options)
    }

    /// `conf`'s limits with these overrides.
    pub(crate) fn apply(&self, conf: &Conf) -> Limits {
        let mut limits = conf.limits();
        limits.time = self.time.unwrap_or(limits.time);
        limits.memory = self.memory.or(limits.memory);
        limits.output = self.output.unwrap_or(limits.output);
        limits
    }
}

/// The value of option `name` (short `short`) or of its other spelling
/// `alias`, with the spelling used; both at once is a usage error.
fn either(
    args: &mut Args,
    name: &'static str,
    short: Option<char>,
    alias: &'static str,
) -> Result<Option<(&'static str, String)>, String> {
    let main = args.value(name, short).map_err(|e| e.0)?;
    let other = args.value(alias, None).map_err(|e| e.0)?;
    match (main, other) {
        (Some(_), Some(_)) => Err(format!(
            "{} and {} are the same option: give one",
            name, alias
        )),
        (Some(v), None) => Ok(Some((name, v))),
        (None, Some(v)) => Ok(Some((alias, v))),
        (None, None) => Ok(None),
    }
}

/// Why PROGRAM cannot run at all, if so: it is empty, names a folder, or
/// its first word is neither a file nor a command on `PATH`.
pub(crate) fn unrunnable(program: &str) -> Option<String> {
    let Some(first) = program.split_whitespace().next() else {
        return Some("PROGRAM is empty: name a program or a source file".to_string());
    };
    let path = Path::new(first);
    if path.is_dir() {
        return Some(format!("{}: a folder, not a program", first));
    }
    let on_path = || {
        std::env::var_os("PATH")
            .is_some_and(|dirs| std::env::split_paths(&dirs).any(|d| d.join(first).is_file()))
    };
    if path.is_file() || (!first.contains('/') && on_path()) {
        return None;
    }
    Some(format!("{}: no such program", first))
}

/// Runs `sudoku judge`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let json = args.flag("--json", None);
    let compile_option = match args.value("--compile", None) {
        Ok(line) => line,
        Err(e) => return super::usage_error(cmd, e),
    };
    let options = match LimitOptions::read(&mut args) {
        Ok(o) => o,
        Err(e) => return super::usage_error(cmd, e),
    };
    // As `oj t`: the program defaults to ./a.out and the folder to test/.
    let mut paths = match args.positionals() {
        Ok(p) if p.len() <= 2 => p,
        Ok(_) => return super::usage_error(cmd, "expected PROGRAM PROBLEM_DIR"),
        Err(e) => return super::usage_error(cmd, e),
    };
    if paths.is_empty() {
        paths.push(DEFAULT_PROGRAM.to_string());
    }
    if paths.len() == 1 {
        paths.push(DEFAULT_DIR.to_string());
    }
    let (program, dir) = (&paths[0], Path::new(&paths[1]));
    if !dir.is_dir() {
        eprintln!("sudoku judge: {}: no such folder", dir.display());
        return 2;
    }
    let conf = match read_conf(dir) {
        Ok(conf) => conf,
        Err(e) => {
            eprintln!("sudoku judge: {}", e);
            return 2;
        }
    };
    // A program that cannot start would only show up as RE on every case.
    if let Some(why) = unrunnable(program) {
        eprintln!("sudoku judge: {}", why);
        return 2;
    }
    let conf = conf.unwrap_or_else(|| {
        eprintln!(
            "sudoku judge: note: {} has no judge.conf; comparing exactly with each NAME.out",
            dir.display()
        );
        Conf::default()
    });
    let limits = options.apply(&conf);
    let rule = Rule::from_conf(&conf);
    let cases = match check_cases(dir, conf.answers) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("sudoku judge: {}", e);
            return 2;
        }
    };
    if let Err(e) = judge::run::stop_on_signals() {
        eprintln!("sudoku judge: cannot watch for Ctrl-C: {}", e);
        return 2;
    }
    let mut report = Scoreboard::new(dir, &conf, &limits, &cases, json);
    report.header();

    // A source file is built first; the cases run its program.
    let mut build = None;
    if judge::compile::is_source(program) {
        let language = Language::of(Path::new(program)).expect("a source has a language");
        let line = compile_option
            .as_deref()
            .unwrap_or(conf.compile_line(language));
        match judge::compile(Path::new(program), line, limits.memory) {
            Ok(Compiled::Built(b)) => {
                report.compiled(CompileReport {
                    command: b.command.clone(),
                    time: b.time,
                    error: None,
                });
                build = Some(b);
            }
            Ok(Compiled::Failed {
                command,
                time,
                reason,
            }) => {
                report.compiled(CompileReport {
                    command,
                    time,
                    error: Some(reason),
                });
                return report.finish(program);
            }
            Err(e) => {
                report.out.flush();
                return failed(&format!("cannot build {}", program), &e);
            }
        }
    }
    let runnable = match &build {
        Some(b) => b.program.clone(),
        None => program.clone(),
    };
    for case in &cases {
        report.out.flush();
        let run = match judge::run_program(&runnable, Stdin::File(&case.input), &limits) {
            Ok(run) => run,
            Err(e) => {
                report.out.flush();
                return failed(&format!("cannot run `{}`", program), &e);
            }
        };
        // The jury's files, read once the program is done (exact needs no
        // input).
        let input = match conf.answers {
            Answers::Exact => Ok(Vec::new()),
            _ => read(&case.input),
        };
        let expected = case.answer.as_deref().map(read).transpose();
        let (input, expected) = match (input, expected) {
            (Ok(i), Ok(e)) => (i, e),
            (Err(e), _) | (_, Err(e)) => {
                report.out.flush();
                eprintln!("sudoku judge: {}", e);
                return 2;
            }
        };
        let mut outcome = judge::judge_run(&rule, &input, expected.as_deref(), &run, &limits);
        if let Status::RuntimeError(_) = outcome {
            // An allocation the limit refused may fail without a trace.
            let input = Stdin::File(&case.input);
            if let Ok(Some(why)) = judge::verdict::failed_for_memory(&runnable, input, &limits) {
                outcome = Status::MemoryLimit(why);
            }
        }
        report.case(CaseResult::new(&case.name, outcome, &run));
    }
    report.finish(program)
}

/// Says why the judge stops on `e`; returns the exit code: 130 (as a
/// shell says of a program stopped by Ctrl-C) when the judge was
/// interrupted, else 2.
fn failed(what: &str, e: &std::io::Error) -> i32 {
    stopped("judge", what, e)
}

/// Says why `sudoku CMD` stops on `e` (what it was doing: `what`);
/// returns the exit code: 130 when it was interrupted (the program and
/// everything it started are killed by then), else 2.
pub(crate) fn stopped(cmd: &str, what: &str, e: &std::io::Error) -> i32 {
    if e.kind() == std::io::ErrorKind::Interrupted {
        eprintln!(
            "sudoku {}: interrupted; the program and everything it started were killed",
            cmd
        );
        130
    } else {
        eprintln!(
            "sudoku {}: {}: {}",
            cmd,
            what,
            sudoku_kit::format::io_message(e)
        );
        2
    }
}
