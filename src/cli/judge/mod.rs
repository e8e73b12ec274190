//! `sudoku judge`: build a source file if given one, run a program on every
//! case of a problem folder under the folder's limits, and print one row
//! per case and a final verdict (or one JSON document with `--json`).

mod class;
mod scoreboard;

pub(crate) use scoreboard::json_str;

use super::Args;
use scoreboard::{CaseResult, CompileReport, Scoreboard};
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_kit::judge::checker::Rule;
use sudoku_kit::judge::compile::Language;
use sudoku_kit::judge::problem;
use sudoku_kit::judge::run::Sandboxing;
use sudoku_kit::judge::{self, Answers, Compiled, Conf, Limits, Status, Stdin};

/// Help for `sudoku judge`.
pub const HELP: &str = "\
sudoku judge: run a program on every case of a problem folder

usage: sudoku judge [--time-limit S] [--memory-limit MIB] [--output-limit MIB]
                    [--compile LINE] [--sandbox auto|on|off] [--json]
                    [PROGRAM [PROBLEM_DIR]]
       sudoku judge [OPTIONS] --submissions DIR [PROGRAM...] [PROBLEM_DIR]
       sudoku judge [OPTIONS] PROGRAM PROGRAM... PROBLEM_DIR

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
  processes  in the sandbox: 4 per core, 64 to 512, processes and
           threads together (RLIMIT_NPROC in its own user namespace)
The program leads its own process group and every process it starts, even
in a new session, is killed when its case ends. Once the program has
exited, its output is judged; a process it left holding the pipes is not
waited for. Under a memory limit every run gets JAVA_TOOL_OPTIONS
-XX:MaxRAM=LIMIT -XX:+UseSerialGC -XX:-UsePerfData, so a JVM started by a
command line ('java -cp DIR Main') sizes its heap from the limit, not from
the machine's memory (options on the line win).

the sandbox (--sandbox auto, the default)
  Every compile and every run goes through bubblewrap (bwrap): new user,
  pid, network (its own loopback only), IPC and UTS namespaces; the
  system read-only (/usr, /bin, /sbin, /lib*, /opt; of /etc only the
  linker's cache, alternatives, localtime and java-*); its own /proc; a
  private /tmp and /dev/shm (64 MiB each); as its working folder an empty
  one (64 MiB) at the path you run from, holding read-only only the files
  and folders PROGRAM's command line names (never that folder itself,
  $HOME or a folder above them: name a file or a subfolder). A tool under
  $HOME is shown alone: its one file, or for rustc and python3 the
  toolchain they resolve to (rustc --print sysroot, sys.base_prefix). The
  environment is PATH, HOME (the working folder), LANG, LC_ALL, LC_CTYPE,
  TZ, TERM, JAVA_TOOL_OPTIONS and SUDOKU_JUDGE_RUN (the run's token).
  A named folder that holds the problem folder shows its answers: name
  only what the program needs. No capabilities; under root the program
  runs as nobody (65534), since the kernel does not count root's
  processes. It dies with the judge, and all it started with it. Wall
  and CPU times include bwrap's setup (about 5 to 7 ms of CPU: make
  bench); processes it left behind die with it and are not counted. A
  signal n comes back from bwrap as status 128 + n, read as the signal.
  auto  sandboxed where bwrap works (one trial run at start), otherwise
        judged as with off and one warning line says so
  on    never unsandboxed: exit 2, naming what is missing
  off   the program runs with your rights, in your folder
  Rows end in `sandboxed` or `bare`, JSON cases have `sandboxed`. It
  keeps a program from your files, network and processes; it is not a
  defence against kernel exploits.

several submissions (--submissions DIR, or several PROGRAMs)
  Every source file of DIR (.rs .c .cpp .cc .cxx .java .py, by name) and
  every PROGRAM before PROBLEM_DIR is built and judged; one row each:
  verdict, passed/total, worst wall time (ms), peak memory (MB), the first
  failing case (its reason under the row), sandboxed or bare; then `N/M
  submissions AC`. Builds, then cases, run in parallel on every core,
  each under the same limits as alone; a case TLE on wall time only (its
  CPU time within the limit) while others ran is run again alone at the
  end, and that run counts. Exit 0 when every submission is AC.

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
  --sandbox MODE        auto (default), on or off: see the sandbox
  --submissions DIR     judge every source file of DIR: see several
                        submissions
  -h, --help            this help
  --json                one JSON document instead of the table: the
                        limits, the compile step, per case name, verdict,
                        time_ms, cpu_ms, memory_kb, reason, leftovers,
                        sandboxed;
                        the verdict, passed and total; and the judge's own
                        peak memory (judge_peak_kb). Several
                        submissions: per submission program, verdict,
                        passed, total, worst_ms, peak_kb, first_failing,
                        reason, compile, sandboxed; accepted and total

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
  sudoku judge src/bin/boj2580.rs 'sh -c cat' problems/boj2580
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

/// A problem folder read and checked before anything runs.
struct Problem {
    dir: PathBuf,
    conf: Conf,
    limits: Limits,
    rule: Rule,
    cases: Vec<problem::Case>,
}

/// Reads folder `dir` (its `judge.conf`, with `options` over its limits)
/// and checks its cases; the error line otherwise.
fn read_problem(dir: &Path, options: &LimitOptions) -> Result<Problem, String> {
    if !dir.is_dir() {
        return Err(format!("{}: no such folder", dir.display()));
    }
    let conf = read_conf(dir)?.unwrap_or_else(|| {
        eprintln!(
            "sudoku judge: note: {} has no judge.conf; comparing exactly with each NAME.out",
            dir.display()
        );
        Conf::default()
    });
    let limits = options.apply(&conf);
    let rule = Rule::from_conf(&conf);
    let cases = check_cases(dir, conf.answers)?;
    Ok(Problem {
        dir: dir.to_path_buf(),
        conf,
        limits,
        rule,
        cases,
    })
}

/// What building a PROGRAM gave: the command line its cases run, and the
/// compile step of a source file (`None` for a program run as it is).
struct Ready {
    runnable: String,
    compile: Option<CompileReport>,
    /// The build folder, kept until the cases have run.
    _build: Option<judge::compile::Build>,
}

/// Builds `program` when it is a source file (with `--compile`'s line or
/// the folder's); CE is `Ok` with the compile report's error set.
fn prepare(
    program: &str,
    compile_option: Option<&str>,
    problem: &Problem,
) -> std::io::Result<Ready> {
    if !judge::compile::is_source(program) {
        return Ok(Ready {
            runnable: program.to_string(),
            compile: None,
            _build: None,
        });
    }
    let language = Language::of(Path::new(program)).expect("a source has a language");
    let line = compile_option.unwrap_or(problem.conf.compile_line(language));
    Ok(
        match judge::compile(Path::new(program), line, problem.limits.memory)? {
            Compiled::Built(b) => Ready {
                runnable: b.program.clone(),
                compile: Some(CompileReport {
                    command: b.command.clone(),
                    time: b.time,
                    error: None,
                }),
                _build: Some(b),
            },
            Compiled::Failed {
                command,
                time,
                reason,
            } => Ready {
                runnable: String::new(),
                compile: Some(CompileReport {
                    command,
                    time,
                    error: Some(reason),
                }),
                _build: None,
            },
        },
    )
}

/// Why a case could not be judged: the program could not run (or the
/// judge was interrupted), or a case file could not be read.
enum CaseError {
    Run(std::io::Error),
    Folder(String),
}

/// Runs `runnable` on `case` and judges the run; a run that ends badly
/// under a memory limit is run once more to tell MLE from RE
/// ([`judge::verdict::failed_for_memory`]).
fn judge_case(
    runnable: &str,
    case: &problem::Case,
    problem: &Problem,
) -> Result<(Status, judge::Execution), CaseError> {
    let limits = &problem.limits;
    let run =
        judge::run_program(runnable, Stdin::File(&case.input), limits).map_err(CaseError::Run)?;
    // The jury's files, read once the program is done (exact needs no
    // input).
    let input = match problem.conf.answers {
        Answers::Exact => Vec::new(),
        _ => read(&case.input).map_err(CaseError::Folder)?,
    };
    let expected = case
        .answer
        .as_deref()
        .map(read)
        .transpose()
        .map_err(CaseError::Folder)?;
    let mut outcome = judge::judge_run(&problem.rule, &input, expected.as_deref(), &run, limits);
    if let Status::RuntimeError(_) = outcome {
        // An allocation the limit refused may fail without a trace.
        let input = Stdin::File(&case.input);
        if let Ok(Some(why)) = judge::verdict::failed_for_memory(runnable, input, limits) {
            outcome = Status::MemoryLimit(why);
        }
    }
    Ok((outcome, run))
}

/// Applies `--sandbox` (default `auto`) for every run of this process:
/// the warning when `auto` falls back, the error when `on` cannot hold.
fn choose_sandbox(value: Option<String>) -> Result<(), (i32, String)> {
    let mode = match value.as_deref() {
        None => Sandboxing::Auto,
        Some(text) => Sandboxing::parse(text).ok_or_else(|| {
            let why = format!("--sandbox `{}`: expected auto, on or off", text);
            (2, format!("{} (see sudoku judge --help)", why))
        })?,
    };
    match judge::run::set_sandboxing(mode) {
        Ok(Some(warning)) => {
            eprintln!("sudoku judge: warning: {}", warning);
            Ok(())
        }
        Ok(None) => Ok(()),
        Err(why) => Err((2, why)),
    }
}

/// Everything before the first build, each failure one line on stderr
/// (its exit code returned): the folder, its `judge.conf`, whether each
/// program can start (one that cannot would only be RE on every case),
/// the cases, `--sandbox`, and Ctrl-C.
fn start(
    programs: &[String],
    dir: &Path,
    options: &LimitOptions,
    sandbox: Option<String>,
) -> Result<Problem, i32> {
    let fail = |why: String| {
        eprintln!("sudoku judge: {}", why);
        2
    };
    if !dir.is_dir() {
        return Err(fail(format!("{}: no such folder", dir.display())));
    }
    read_conf(dir).map_err(fail)?;
    if let Some(why) = programs.iter().find_map(|p| unrunnable(p)) {
        return Err(fail(why));
    }
    let problem = read_problem(dir, options).map_err(fail)?;
    if let Err((code, why)) = choose_sandbox(sandbox) {
        eprintln!("sudoku judge: {}", why);
        return Err(code);
    }
    if let Err(e) = judge::run::stop_on_signals() {
        return Err(fail(format!("cannot watch for Ctrl-C: {}", e)));
    }
    Ok(problem)
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
    let (sandbox, submissions) = match (
        args.value("--sandbox", None),
        args.value("--submissions", None),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return super::usage_error(cmd, e),
    };
    // As `oj t`: the program defaults to ./a.out and the folder to test/.
    let mut paths = match args.positionals() {
        Ok(p) => p,
        Err(e) => return super::usage_error(cmd, e),
    };
    let several = submissions.is_some() || paths.len() > 2;
    if several {
        let dir = if paths.len() > 1 || submissions.is_some() {
            paths.pop().unwrap_or_else(|| DEFAULT_DIR.to_string())
        } else {
            DEFAULT_DIR.to_string()
        };
        let mut programs = paths;
        if let Some(folder) = &submissions {
            match class::sources_in(Path::new(folder)) {
                Ok(found) => programs.extend(found),
                Err(e) => {
                    eprintln!("sudoku judge: {}", e);
                    return 2;
                }
            }
        }
        if programs.is_empty() {
            eprintln!(
                "sudoku judge: {}: no source file to judge (.rs, .c, .cpp, .java, .py)",
                submissions.as_deref().unwrap_or("")
            );
            return 2;
        }
        let problem = match start(&programs, Path::new(&dir), &options, sandbox) {
            Ok(p) => p,
            Err(code) => return code,
        };
        return class::judge_all(&programs, compile_option.as_deref(), &problem, json);
    }
    if paths.is_empty() {
        paths.push(DEFAULT_PROGRAM.to_string());
    }
    if paths.len() == 1 {
        paths.push(DEFAULT_DIR.to_string());
    }
    let (program, dir) = (&paths[0], Path::new(&paths[1]));
    let problem = match start(&paths[..1], dir, &options, sandbox) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut report = Scoreboard::new(&problem, json);
    report.header();

    // A source file is built first; the cases run its program.
    let ready = match prepare(program, compile_option.as_deref(), &problem) {
        Ok(ready) => ready,
        Err(e) => {
            report.out.flush();
            return failed(&format!("cannot build {}", program), &e);
        }
    };
    if let Some(compile) = ready.compile {
        let broken = compile.error.is_some();
        report.compiled(compile);
        if broken {
            return report.finish(program);
        }
    }
    for case in &problem.cases {
        report.out.flush();
        match judge_case(&ready.runnable, case, &problem) {
            Ok((outcome, run)) => report.case(CaseResult::new(&case.name, outcome, &run)),
            Err(CaseError::Run(e)) => {
                report.out.flush();
                return failed(&format!("cannot run `{}`", program), &e);
            }
            Err(CaseError::Folder(e)) => {
                report.out.flush();
                eprintln!("sudoku judge: {}", e);
                return 2;
            }
        }
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
