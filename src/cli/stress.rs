//! `sudoku stress`: search for an input, inside what the folder's
//! statement promises, on which a program fails; shrink it, write it, and
//! say the verdict (the search itself is [`sudoku_kit::judge::stress`]).

use super::judge::{json_str, read_conf, stopped, unrunnable, LimitOptions};
use super::Args;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sudoku_kit::judge::compile::{Build, Language};
use sudoku_kit::judge::problem;
use sudoku_kit::judge::run::{run_program, Stdin};
use sudoku_kit::judge::stress::{self, Problem, Strategy, StressOptions, StressReport};
use sudoku_kit::judge::{self, Answers, Compiled, Conf, Status};

/// Help for `sudoku stress`.
pub const HELP: &str = "\
sudoku stress: find the input that breaks a program

usage: sudoku stress [--budget S] [--seed N] [--only LIST] [--save] [--json]
                     [--out FILE] [--reference PROGRAM] [--time-limit S]
                     [--memory-limit MIB] [--output-limit MIB] [--compile LINE]
                     PROGRAM [PROBLEM_DIR]

Runs PROGRAM on inputs it makes, each one an input the folder's statement
allows, judges every output with the kit's special judge under the folder's
rule and limits (as `sudoku judge` does), and stops at the first failure
(WA, PE, RE, TLE, MLE, OLE). The failing input is then shrunk while the
same verdict holds (fewer boards first, then fewer differences from a known
good board: its solution, or the empty board), written to FILE, and the
verdict, the judge's reason and FILE are printed: exit 1. Nothing found
within the budget: exit 0, with the inputs tried per strategy and the
slowest input (written to FILE) with its CPU time against the limit.

PROGRAM and PROBLEM_DIR are taken as `sudoku judge` takes them (a source in
C, C++, Rust, Java or Python built alone with the folder's compile line, an
executable, or a command line for sh -c; PROBLEM_DIR defaults to test/).

strategies, in rounds within the budget (3 random, 1 hard, 3 adversarial
inputs a round; reproducible with --seed)
  random       boards across the promised space: every density from full
               to empty, every promised class (one solution, several, none,
               clashing givens), every promised size, the least and the most
               boards per input and counts between
  hard         the published hard puzzles, the folder's own boards and fresh
               minimal puzzles, relabelled so that a fixed scan order (rows,
               columns, either reversed) meets descending values, in random
               isomorphic forms (values relabelled, rows and columns
               permuted within bands and stacks, bands and stacks permuted,
               transposed), as many boards as one input may hold
  adversarial  the program as a black box: the slowest inputs so far are
               changed one step (a transform, two values swapped, a given
               taken away or added, a board added) and a change is kept
               when it raises the program's CPU time, until the limit
The budget starts once PROGRAM is built. A run starts only when its whole
time limit fits in the budget left; shrinking goes on until the budget
ends, but for at least a quarter of it.

the statement's promise (judge.conf keys; each one left out comes from the
rule, `answers` and its lines)
  input      boards (default), moves (BOJ 1840), dominoes (BOJ 4574), none
             (output-only: refused, exit 2)
  solutions  words among none, one, several: how many a board may have
  clashes    yes or no: may givens repeat a value in a unit
  boards     N or MIN..MAX: boards per input
  sizes      board sizes, e.g. 9 or 4 9 16
  blanks     N or MIN..MAX: blanks per board
  solved_by  singles or last_digit: the logic that finishes every board
Inputs are written in the folder's own format and framing, learned from
judge.conf and its cases: the count line, `end`, the size line, the
separator, the blank character, the js quote, the euler labels.

expected answers
  Every rule but exact is judged by the special judge from the input alone.
  Under answers = exact the expected output is a reference program's:
  --reference PROGRAM, or the folder's `binary` built beside this sudoku
  executable (target/release/NAME); an input the reference fails on is
  left out.

  --budget S            seconds for the whole search (default 60)
  --seed N              the seed of every random choice (default 1)
  --only LIST           run only these strategies (random, hard,
                        adversarial; commas between): `--only adversarial`
                        alone starts its climb from random inputs
  --out FILE            where the failing (or slowest) input is written
                        (default stress-NAME.in, NAME the folder's name)
  --save                also add the failing input to PROBLEM_DIR's test/ as
                        stress-K.in, with stress-K.out where the answer is
                        fixed (exact, unique, smallest, count, classify: the
                        reference's output, when one runs)
  --reference PROGRAM   the program whose output is the expected answer
  --json                one JSON document on stdout: verdict (AC when
                        nothing was found), reason, input (FILE), boards,
                        givens, shrunk_from (boards, givens, runs), tried
                        per strategy, rejected (inputs the reference failed
                        on), slowest (cpu_ms,
                        limit_ms, strategy), found_after_ms, elapsed_ms,
                        climb (the adversarial search: per kept change,
                        [elapsed_ms, cpu_ms]), saved
  --time-limit S, --memory-limit MIB, --output-limit MIB, --compile LINE
                        as in `sudoku judge`
  -h, --help            this help
On a terminal, a progress line on stderr shows the round, the inputs tried,
the slowest CPU time so far and the time left.

exit status
  0    nothing found within the budget
  1    a failing input found (or PROGRAM does not compile)
  2    usage error, a folder stress cannot draw inputs for, or a program
       that cannot start
  130  interrupted (Ctrl-C): the program and everything it started killed

examples
  sudoku stress --budget 2 --out /tmp/stress-boj2580.in boj2580 problems/boj2580
  sudoku stress --budget 2 --json --out /tmp/stress-cat.in cat problems/poj3074
  sudoku stress --budget 3 --out /tmp/naive.in tests/stress/naive_rows.c \\
    problems/boj2580
";

/// Reads the folder's case inputs (at most 64 files of 1 MiB each), to
/// learn its layout and boards.
fn case_texts(dir: &Path) -> Vec<Vec<u8>> {
    use std::io::Read;
    let Ok(cases) = problem::find_cases(dir) else {
        return Vec::new();
    };
    cases
        .iter()
        .take(64)
        .filter_map(|c| {
            let mut bytes = Vec::new();
            let file = std::fs::File::open(&c.input).ok()?;
            file.take(1 << 20).read_to_end(&mut bytes).ok()?;
            Some(bytes)
        })
        .collect()
}

/// The folder's `binary` built beside this executable, if it is there.
fn built_binary(conf: &Conf) -> Option<String> {
    let name = conf.binary.as_deref()?;
    let exe = std::env::current_exe().ok()?;
    let path = exe.parent()?.join(name);
    path.is_file().then(|| path.display().to_string())
}

/// Says why stress stops on `e`; returns the exit code.
fn failed(what: &str, e: &std::io::Error) -> i32 {
    stopped("stress", what, e)
}

/// The options of one stress run.
struct Settings {
    options: StressOptions,
    json: bool,
    save: bool,
    out: Option<PathBuf>,
    reference: Option<String>,
    compile: Option<String>,
    limits: LimitOptions,
    program: String,
    dir: PathBuf,
}

/// Reads the command line.
fn settings(args: &mut Args) -> Result<Settings, String> {
    let e = |e: super::UsageError| e.0;
    let json = args.flag("--json", None);
    let save = args.flag("--save", None);
    let budget = match args.value("--budget", None).map_err(e)? {
        Some(v) => problem::parse_seconds(&v).map_err(|m| format!("--budget {}", m))?,
        None => Duration::from_secs(60),
    };
    let seed = match args.value("--seed", None).map_err(e)? {
        Some(v) => v
            .parse::<u64>()
            .map_err(|_| format!("--seed `{}`: expected a whole number", v))?,
        None => 1,
    };
    let out = args.value("--out", None).map_err(e)?.map(PathBuf::from);
    let mut strategies = [true; 3];
    if let Some(list) = args.value("--only", None).map_err(e)? {
        strategies = [false; 3];
        for word in list.split(',') {
            let k = Strategy::ALL
                .iter()
                .position(|s| s.name() == word)
                .ok_or_else(|| {
                    format!(
                        "--only `{}`: expected random, hard or adversarial (commas between)",
                        list
                    )
                })?;
            strategies[k] = true;
        }
    }
    let reference = args.value("--reference", None).map_err(e)?;
    let compile = args.value("--compile", None).map_err(e)?;
    let limits = LimitOptions::read(args)?;
    let mut paths = std::mem::replace(args, Args::new("stress", Vec::new()))
        .positionals()
        .map_err(e)?;
    if paths.is_empty() || paths.len() > 2 {
        return Err("expected PROGRAM [PROBLEM_DIR]".to_string());
    }
    if paths.len() == 1 {
        paths.push("test".to_string());
    }
    Ok(Settings {
        options: StressOptions {
            budget,
            seed,
            strategies,
        },
        json,
        save,
        out,
        reference,
        compile,
        limits,
        dir: PathBuf::from(paths.pop().unwrap_or_default()),
        program: paths.pop().unwrap_or_default(),
    })
}

/// Builds `program` when it is a source file (`None` when it is not);
/// the exit code when it cannot be (1 for CE, 2 when the build could not
/// run).
fn built(
    program: &str,
    conf: &Conf,
    s: &Settings,
    memory: Option<u64>,
) -> Result<Option<Build>, i32> {
    if !judge::compile::is_source(program) {
        return Ok(None);
    }
    let Some(language) = Language::of(Path::new(program)) else {
        return Ok(None);
    };
    let line = s.compile.as_deref().unwrap_or(conf.compile_line(language));
    match judge::compile(Path::new(program), line, memory) {
        Ok(Compiled::Built(b)) => Ok(Some(b)),
        Ok(Compiled::Failed { reason, .. }) => {
            println!("CE: {} does not compile: {}", program, reason);
            Err(1)
        }
        Err(e) => Err(failed(&format!("cannot build {}", program), &e)),
    }
}

/// Runs `sudoku stress`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let s = match settings(&mut args) {
        Ok(s) => s,
        Err(e) => return super::usage_error(cmd, e),
    };
    let dir = s.dir.as_path();
    if !dir.is_dir() {
        eprintln!("sudoku stress: {}: no such folder", dir.display());
        return 2;
    }
    let conf = match read_conf(dir) {
        Ok(Some(conf)) => conf,
        Ok(None) => {
            eprintln!(
                "sudoku stress: {}: no judge.conf: stress needs the folder's rule and promise",
                dir.display()
            );
            return 2;
        }
        Err(e) => {
            eprintln!("sudoku stress: {}", e);
            return 2;
        }
    };
    if let Some(why) = unrunnable(&s.program) {
        eprintln!("sudoku stress: {}", why);
        return 2;
    }
    if let Some(why) = s.reference.as_deref().and_then(unrunnable) {
        eprintln!("sudoku stress: --reference: {}", why);
        return 2;
    }
    let limits = s.limits.apply(&conf);
    let reference = s.reference.clone().or_else(|| built_binary(&conf));
    let problem = match Problem::new(&conf, limits, &case_texts(dir), reference.clone()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("sudoku stress: {}: {}", dir.display(), e);
            return 2;
        }
    };
    if let Err(e) = judge::run::stop_on_signals() {
        eprintln!("sudoku stress: cannot watch for Ctrl-C: {}", e);
        return 2;
    }
    // The build (and its folder) lives until the search is done.
    let build = match built(&s.program, &conf, &s, limits.memory) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let program = build
        .as_ref()
        .map_or(s.program.clone(), |b| b.program.clone());
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |p: &stress::Progress| {
        if terminal {
            eprint!(
                "\rround {}: {} inputs tried, slowest {:.3} s, {:.0} s left   ",
                p.round,
                p.tried.iter().sum::<usize>(),
                p.slowest.as_secs_f64(),
                p.left.as_secs_f64()
            );
        }
    };
    let report = match stress::stress(&problem, &program, &s.options, &mut progress) {
        Ok(r) => r,
        Err(e) => {
            if terminal {
                eprintln!();
            }
            return failed(&format!("cannot run `{}`", s.program), &e);
        }
    };
    if terminal {
        eprint!("\r{}\r", " ".repeat(72));
    }
    let out = s.out.clone().unwrap_or_else(|| {
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| {
                let d = if d.ends_with("test") {
                    d.parent()?.to_path_buf()
                } else {
                    d
                };
                d.file_name().map(|n| n.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "problem".to_string());
        PathBuf::from(format!("stress-{}.in", name))
    });
    let written = report
        .failure
        .as_ref()
        .map(|f| &f.input)
        .or(report.slowest.as_ref().map(|w| &w.input));
    if let Some(bytes) = written {
        if let Err(e) = std::fs::write(&out, bytes) {
            eprintln!(
                "sudoku stress: {}: {}",
                out.display(),
                sudoku_kit::format::io_message(&e)
            );
            return 2;
        }
    }
    let saved = match (&report.failure, s.save) {
        (Some(f), true) => match save(dir, &conf, f, reference.as_deref(), &limits) {
            Ok(path) => Some(path),
            Err(e) => {
                eprintln!("sudoku stress: --save: {}", e);
                return 2;
            }
        },
        _ => None,
    };
    let limit = limits.time;
    if s.json {
        println!("{}", json(&report, &out, saved.as_deref(), limit));
    } else {
        print!("{}", text(&report, &out, saved.as_deref(), limit));
    }
    i32::from(report.failure.is_some())
}

/// Adds the failing input to the folder's cases as `stress-K.in` (the
/// first K free), with `stress-K.out` where the answer is fixed: the
/// reference's output, when it runs and (under every rule but exact) the
/// special judge accepts it. Returns the `.in` path.
fn save(
    dir: &Path,
    conf: &Conf,
    failure: &stress::Failure,
    reference: Option<&str>,
    limits: &judge::Limits,
) -> Result<PathBuf, String> {
    let cases = problem::cases_dir(dir);
    let free = (1..10_000)
        .map(|k| cases.join(format!("stress-{}.in", k)))
        .find(|p| !p.exists() && !p.with_extension("out").exists())
        .ok_or_else(|| format!("{}: no free stress-K.in name", cases.display()))?;
    let expected = match (conf.answers, &failure.expected, reference) {
        (Answers::Any, _, _) => None,
        (_, Some(e), _) => Some(e.clone()),
        (_, None, Some(reference)) => {
            let input = Stdin::Bytes(&failure.input);
            run_program(reference, input, limits).ok().and_then(|run| {
                let rule = judge::checker::Rule::from_conf(conf);
                let verdict = judge::judge_run(&rule, &failure.input, None, &run, limits);
                (verdict == Status::Accepted).then_some(run.stdout)
            })
        }
        _ => None,
    };
    let io = |p: &Path, e: std::io::Error| {
        format!("{}: {}", p.display(), sudoku_kit::format::io_message(&e))
    };
    std::fs::write(&free, &failure.input).map_err(|e| io(&free, e))?;
    if let Some(answer) = expected {
        let out = free.with_extension("out");
        std::fs::write(&out, answer).map_err(|e| io(&out, e))?;
    }
    Ok(free)
}

/// Seconds with three decimals.
fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// The report for people.
fn text(report: &StressReport, out: &Path, saved: Option<&Path>, limit: Duration) -> String {
    let tried = Strategy::ALL
        .iter()
        .zip(report.tried)
        .map(|(s, n)| format!("{} {}", n, s.name()))
        .collect::<Vec<_>>()
        .join(", ");
    let mut t = String::new();
    match &report.failure {
        Some(f) => {
            t.push_str(&format!(
                "{}: {}\n",
                f.status.code(),
                f.status.detail().unwrap_or("")
            ));
            t.push_str(&format!(
                "input: {} ({} board{}, {} givens; shrunk from {} board{}, {} givens in {} runs)\n",
                out.display(),
                f.boards,
                plural(f.boards),
                f.givens,
                f.first.0,
                plural(f.first.0),
                f.first.1,
                f.shrink_runs
            ));
            t.push_str(&format!(
                "found by the {} strategy after {} ({} inputs tried: {})\n",
                f.strategy.name(),
                secs(f.found_after),
                report.tried.iter().sum::<usize>(),
                tried
            ));
        }
        None if report.tried == [0; 3] => t.push_str(&format!(
            "nothing tried: the budget leaves no room for one run of {} (the time limit)\n",
            secs(limit)
        )),
        None => {
            t.push_str(&format!(
                "nothing found in {} ({} rounds): {} inputs tried: {}\n",
                secs(report.elapsed),
                report.rounds,
                report.tried.iter().sum::<usize>(),
                tried
            ));
            if let Some(w) = &report.slowest {
                t.push_str(&format!(
                    "slowest: {} of CPU time against the limit of {} ({}), written to {}\n",
                    secs(w.cpu),
                    secs(limit),
                    w.strategy.name(),
                    out.display()
                ));
            }
        }
    }
    if let Some(p) = saved {
        t.push_str(&format!("saved: {}\n", p.display()));
    }
    t
}

/// `s` after a count other than 1.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The report as one JSON document.
fn json(report: &StressReport, out: &Path, saved: Option<&Path>, limit: Duration) -> String {
    let ms = |d: Duration| d.as_millis().to_string();
    let path = |p: &Path| json_str(&p.display().to_string());
    let null = || "null".to_string();
    let (verdict, reason, boards, givens, after) = match &report.failure {
        Some(f) => (
            f.status.code(),
            json_str(f.status.detail().unwrap_or("")),
            f.boards.to_string(),
            f.givens.to_string(),
            ms(f.found_after),
        ),
        None => ("AC", null(), null(), null(), null()),
    };
    let shrunk = report.failure.as_ref().map_or(null(), |f| {
        format!(
            "{{\"boards\": {}, \"givens\": {}, \"runs\": {}}}",
            f.first.0, f.first.1, f.shrink_runs
        )
    });
    let input = match report.failure.is_some() || report.slowest.is_some() {
        true => path(out),
        false => "null".into(),
    };
    let tried = Strategy::ALL
        .iter()
        .zip(report.tried)
        .map(|(s, n)| format!("\"{}\": {}", s.name(), n))
        .collect::<Vec<_>>()
        .join(", ");
    let slowest = report.slowest.as_ref().map_or("null".to_string(), |w| {
        format!(
            "{{\"cpu_ms\": {}, \"limit_ms\": {}, \"strategy\": \"{}\"}}",
            ms(w.cpu),
            ms(limit),
            w.strategy.name()
        )
    });
    let climb = report
        .climb
        .iter()
        .map(|(at, cpu)| format!("[{}, {}]", ms(*at), ms(*cpu)))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "{{\"verdict\": \"{}\", \"reason\": {}, \"input\": {}, \"boards\": {}, \"givens\": {}, \
         \"shrunk_from\": {}, \"tried\": {{{}}}, \"rejected\": {}, \"slowest\": {}, \
         \"rounds\": {}, \"found_after_ms\": {}, \"elapsed_ms\": {}, \"climb\": [{}], \
         \"saved\": {}}}",
        verdict,
        reason,
        input,
        boards,
        givens,
        shrunk,
        tried,
        report.rejected,
        slowest,
        report.rounds,
        after,
        ms(report.elapsed),
        climb,
        saved.map_or("null".to_string(), path)
    )
}
