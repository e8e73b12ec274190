//! `sudoku time`: run a program once per puzzle of puzzle files, check
//! every answer, and print per file the median and worst wall time and the
//! peak memory.

use super::input::{open_inputs, read_all, Empty, Item, Report};
use super::{reading_options, Args, Out};
use std::cell::Cell;
use std::time::Duration;
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::judge::checker::Rule;
use sudoku_kit::judge::problem;
use sudoku_kit::judge::{self, Answers, Status};

/// Help for `sudoku time`.
pub const HELP: &str = "\
sudoku time: run a program once per puzzle and time it

usage: sudoku time [--time-limit S] [--format F] [--smallest] [--from FORMAT]
                   [--cases FRAMING] [--box RxC] [--symbols S] PROGRAM FILE...

Runs PROGRAM (an executable file, or a command line for `sh -c`) once per
puzzle of each FILE, with the puzzle on stdin, checks each answer with the
special judge (any valid completion, in the same format; --smallest: the
smallest completion), and prints one row per file: puzzles, median and
worst wall time in ms (process start included), peak memory (the largest
max RSS of one run, in KB, from wait4 on Linux; `-` elsewhere) and the
number of failures, each failure listed below its row (the first 10).
Each file is read puzzle by puzzle; only the run times (4 bytes a puzzle,
for the median) and the first 10 failures are kept.

Peak memory caveat: on Linux, exec records the spawning process's own
peak in the child's max RSS, so every figure has a floor of about the
judge's size (2-3 MB); the last line measures it with `sh -c true`.
Figures above the floor are the program's own.

Each FILE is read as `sudoku solve` reads it: any format and framing
(detected, or --from and --cases), any size (--box, --symbols). A puzzle
that cannot be read gets one line on stderr and counts as a failure.

options
  -f, --format F   how each puzzle is fed: spaced (default), digits, js, line
  --time-limit S   seconds per run (default 10); a run past it is TLE
  --smallest       accept only the lexicographically smallest completion
  --from FORMAT    read every FILE as FORMAT instead of detecting it
  --cases FRAMING  how each FILE frames its puzzles (see sudoku solve --help)
  --box RxC        boxes of R rows by C columns (see sudoku solve --help)
  --symbols S      digits or letters, instead of detecting them
  -h, --help       this help

exit status
  0  every answer accepted
  1  some answer not accepted, or a puzzle that cannot be read
  2  usage error, or a file that cannot be opened or read to its end

examples
  sudoku time boj2580 problems/poj3074/test/forum-hardest.in
  sudoku time -f digits --smallest boj2239 problems/poj3074/test/sample-1.in
";

/// Failures listed per file.
const SHOWN_FAILURES: usize = 10;

/// The median of `micros` (the upper one for an even count).
fn median(micros: &mut [u32]) -> Duration {
    if micros.is_empty() {
        return Duration::ZERO;
    }
    let mid = micros.len() / 2;
    let (_, m, _) = micros.select_nth_unstable(mid);
    Duration::from_micros(u64::from(*m))
}

/// What a file's runs leave for its row. Memory: 4 bytes a puzzle (the
/// wall times, to the microsecond, for the median: 4 MB for a million
/// puzzles) and the first failures' lines.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    /// Each run's wall time in microseconds (the table shows hundredths
    /// of a millisecond), saturating at about 71 minutes.
    micros: Vec<u32>,
    worst: Duration,
    peak: Option<u64>,
    /// The first [`SHOWN_FAILURES`] failures, and how many there were.
    failures: Vec<String>,
    failed: usize,
}

impl Tally {
    fn fail(&mut self, why: String) {
        self.failed += 1;
        if self.failures.len() < SHOWN_FAILURES {
            self.failures.push(why);
        }
    }

    fn ran(&mut self, wall: Duration, max_rss_kb: Option<u64>) {
        self.micros
            .push(u32::try_from(wall.as_micros()).unwrap_or(u32::MAX));
        self.worst = self.worst.max(wall);
        if let Some(kb) = max_rss_kb {
            self.peak = Some(self.peak.map_or(kb, |p| p.max(kb)));
        }
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// Runs `sudoku time`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let smallest = args.flag("--smallest", None);
    let limit = match args.value("--time-limit", Some('t')) {
        Ok(None) => Duration::from_secs(10),
        Ok(Some(v)) => match problem::parse_seconds(&v) {
            Ok(d) => d,
            Err(e) => return super::usage_error(cmd, format!("--time-limit {}", e)),
        },
        Err(e) => return super::usage_error(cmd, e),
    };
    let feed = match args.parsed::<Format>("--format", Some('f')) {
        Ok(None) => Format::Spaced,
        Ok(Some(f))
            if matches!(
                f,
                Format::Spaced | Format::Digits | Format::Js | Format::Line
            ) =>
        {
            f
        }
        Ok(Some(f)) => {
            return super::usage_error(
                cmd,
                format!("--format {}: expected spaced, digits, js or line", f.name()),
            )
        }
        Err(e) => return super::usage_error(cmd, e),
    };
    let reading = match reading_options(&mut args) {
        Ok(r) => r,
        Err(e) => return super::usage_error(cmd, e),
    };
    let paths = match args.positionals() {
        Ok(p) if p.len() >= 2 => p,
        Ok(_) => return super::usage_error(cmd, "expected PROGRAM FILE..."),
        Err(e) => return super::usage_error(cmd, e),
    };
    let program = &paths[0];
    let files = &paths[1..];
    let looks_like_path = program.contains('/') && !program.contains(char::is_whitespace);
    if looks_like_path && !std::path::Path::new(program).exists() {
        eprintln!("sudoku time: {}: no such program", program);
        return 2;
    }
    // Every file must open before the first run; each is then streamed
    // puzzle by puzzle, so the judge stays small (its size is the floor of
    // every peak-memory figure: see the note printed at the end).
    if let Err(e) = open_inputs(files) {
        return super::unreadable(cmd, &e);
    }
    let limits = judge::Limits::time_only(limit);
    // Timings of your own programs, bare as ever: the sandbox's few ms a
    // run would blur them (`sudoku judge` sandboxes).
    let _ = judge::run::set_sandboxing(judge::run::Sandboxing::Off);
    if let Err(e) = judge::run::stop_on_signals() {
        eprintln!("sudoku time: cannot watch for Ctrl-C: {}", e);
        return 2;
    }
    let rule = Rule::new(if smallest {
        Answers::Smallest
    } else {
        Answers::Any
    });
    let style = Style::new(feed);
    let width = files
        .iter()
        .map(|f| f.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut out = Out::new();
    out.put(&format!(
        "{:<width$}  {:>7}  {:>9}  {:>9}  {:>8}  {:>8}\n",
        "file",
        "puzzles",
        "median ms",
        "worst ms",
        "peak KB",
        "failures",
        width = width
    ));
    let mut all_ok = true;
    let mut unreadable = false;
    for path in files {
        let inputs = match open_inputs(std::slice::from_ref(path)) {
            Ok(inputs) => inputs,
            Err(e) => {
                out.flush();
                return super::unreadable(cmd, &e);
            }
        };
        let mut tally = Tally::default();
        let mut cannot_run = None;
        let stop = Cell::new(false);
        read_all(
            cmd,
            inputs,
            reading.clone(),
            Empty::PerInput,
            false,
            &mut |item| {
                let loaded = match item {
                    Item::Puzzle(loaded) => loaded,
                    Item::Plain(plain) => plain.loaded(),
                    Item::Report(report) => {
                        let line = match report {
                            Report::BadPuzzle(line) => {
                                tally.puzzles += 1;
                                line
                            }
                            Report::BadInput(line) => line,
                            Report::Unreadable(line) => {
                                unreadable = true;
                                line
                            }
                        };
                        // The line names file and puzzle; the table counts it.
                        // Stdout first, so a terminal shows both in order.
                        out.flush();
                        eprintln!("{}", line);
                        tally.failed += 1;
                        return;
                    }
                };
                tally.puzzles += 1;
                let at = format!(
                    "puzzle {}, line {}",
                    loaded.puzzle.number, loaded.puzzle.line
                );
                let fed = format::render(&loaded.puzzle.grid, &style);
                let stdin = judge::Stdin::Bytes(fed.as_bytes());
                let run = match judge::run_program(program, stdin, &limits) {
                    Ok(run) => run,
                    Err(e) => {
                        cannot_run = Some(format::io_message(&e));
                        stop.set(true);
                        return;
                    }
                };
                tally.ran(run.wall, run.max_rss_kb);
                let outcome = judge::judge_run(&rule, fed.as_bytes(), None, &run, &limits);
                if outcome != Status::Accepted {
                    let why = match &outcome {
                        Status::TimeLimit(_) if run.timed_out => {
                            format!("killed at {} s", limit.as_secs_f64())
                        }
                        o => o.detail().unwrap_or("").to_string(),
                    };
                    tally.fail(format!("{}: {} {}", at, outcome.code(), why));
                }
            },
            &|| None,
            &|| stop.get(),
        );
        if let Some(e) = cannot_run {
            out.flush();
            eprintln!("sudoku time: cannot run `{}`: {}", program, e);
            return 2;
        }
        out.put(&format!(
            "{:<width$}  {:>7}  {:>9}  {:>9}  {:>8}  {:>8}\n",
            path,
            tally.puzzles,
            ms(median(&mut tally.micros)),
            ms(tally.worst),
            tally.peak.map_or("-".to_string(), |kb| kb.to_string()),
            tally.failed,
            width = width
        ));
        for f in &tally.failures {
            out.put(&format!("    {}\n", f));
        }
        if tally.failed > SHOWN_FAILURES {
            out.put(&format!(
                "    ... and {} more\n",
                tally.failed - SHOWN_FAILURES
            ));
        }
        out.flush();
        all_ok &= tally.failed == 0;
    }
    // Linux's exec keeps the spawning process's peak resident size in the
    // child's ru_maxrss: measure that floor with a program that does nothing.
    if let Ok(run) = judge::run_program("true", judge::Stdin::Bytes(b""), &limits) {
        if let Some(kb) = run.max_rss_kb {
            out.put(&format!(
                "peak KB counts from a floor of {} KB here (what `sh -c true` reads)\n",
                kb
            ));
        }
    }
    if unreadable {
        2
    } else if all_ok {
        0
    } else {
        1
    }
}
