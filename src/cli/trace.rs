//! `sudoku trace`: replay a search on one puzzle, as event lines (pipe) or
//! as an animated board (terminal). The search and the frames come from
//! [`sudoku_kit::study::trace`]; this module only prints and paces them.

use super::input::only_puzzle;
use super::options::pattern_reading;
use super::{usage_error, write_file, Args, Out, Reading, UsageError};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::solve::{Ending, Found};
use sudoku_kit::study::explain::{Explainer, Explanation};
use sudoku_kit::study::patterns::Pattern;
use sudoku_kit::study::recording::{self, Recording};
use sudoku_kit::study::trace::{self, Event, DEFAULT_PATTERN};
use sudoku_kit::study::{animation, page};
use sudoku_kit::Grid;

/// Help for `sudoku trace`.
pub const HELP: &str = "\
sudoku trace: replay a backtracking search step by step

usage: sudoku trace [--pattern NAME] [--limit NODES] [--delay MS] [--every N]
                    [--lines] [--rejected] [--puzzle K] [--box RxC]
                    [--symbols digits|letters] [RULES] [FILE]
       sudoku trace --html OUT.html [--pattern NAME[,NAME...]] [--limit NODES]
                    [--count NODES] [RULES] [FILE]
       sudoku trace --svg OUT.svg [--pattern NAME] [--limit NODES] [--delay MS]
                    [--count NODES] [RULES] [FILE]
       RULES: [--x] [--regions LAYOUT] [--cages LAYOUT] [--from FORMAT]

Searches the puzzle of FILE (`-` or none: stdin; any input format) and
shows every step.

When stdout is not a terminal (or with --lines), prints one event per line,
then one summary line:

  place r1c3=4 depth=1      digit 4 written into r1c3; 1 digit placed now
  undo r1c3: r1c5 has no candidate left
                            that digit erased again, because the blank the
                            search branched on next ran out of digits
  solved nodes=200 backtracks=151

An undo names the branch point just below it that ran out: a blank with no
candidate left (every digit tried failed, or none was free), or, for dlx, a
value with no place left in a unit (`no place left for 5 in box 2`; on a
variant board also `in region 4` or `in the main diagonal`).

On boards larger than 9x9 cells are named the same way (r12c3) and values
written as the board writes them: `place r12c3=G depth=5` (digits and
letters) or `place r12c3=P depth=5` (letters), both value 16.

The summary starts `solved`, `no solution` or `stopped` (--limit reached).
The place lines are the nodes, the undo lines the backtracks; applying the
events to the puzzle in order gives the solution.

On a terminal, redraws the board in place instead: givens bold, placed
digits cyan, the cell just tried highlighted (reversed for a placement,
red for an undo), with depth, node and backtrack counters. Ctrl-C stops
it and leaves the terminal clean. A jigsaw's walls are drawn with | - +,
an X board's diagonal cells underlined; killer cages are drawn by --html
and --svg only (dashed outlines with their sums), which also draw the
walls and shade the diagonals.

--html OUT.html writes one self-contained page (no network, nothing
external) that replays the search in a browser: the board, play/pause,
step forward and back, speed, a slider to any event, jump to the next
backtrack or to the end, keys for each (Space, arrows, B, Home, End, + and
-, C for candidates), counters and the depth over time. With several
patterns (--pattern bitmask,dlx) it replays them side by side, in step.
When --limit stops a pattern the page says so and how many nodes the full
search takes (counted without steps, up to --count nodes). The page holds
the events packed 2 characters an event on 9x9, 3 up to 25x25, and the
same input gives the same bytes.

--svg OUT.svg writes the first steps (--limit, default 100 nodes) as an
animated SVG without script, for a post or a README.

options
  --pattern NAME  the search to replay (default bitmask): scan, blank-list,
                  used-tables and bitmask give the same events (row-major,
                  digits ascending); fewest-candidates branches on the blank
                  with the fewest free digits, dlx (dancing links) on the
                  cell or unit with the fewest places. The engine cannot be
                  traced. --html takes several, comma-separated.
                  See `sudoku study --help`.
  --limit NODES   stop after NODES placements (--html: default 100000 per
                  pattern, at most 200000 events; --svg: default 100)
  --count NODES   --html, --svg: count a stopped search to its end up to
                  NODES nodes (default 100000000; 0: do not count)
  --delay MS      terminal: pause between frames (default 40); --svg: time
                  a step is shown (default 300)
  --every N       terminal only: draw every Nth step (default 1)
  --lines         print event lines even on a terminal
  --rejected      event lines: after a placement, the digits the rules
                  ruled out in that cell since the digit last tried there
                  (`place r1c1=4 depth=1 rejected=1,2,3`)
  --html OUT      write the replay page to OUT (`-`: stdout)
  --svg OUT       write the animated SVG to OUT (`-`: stdout)
  --puzzle K      the input holds several puzzles: trace the K-th
  --box RxC       the board has boxes of R rows by C columns (e.g. 3x2 for
                  a 6x6 board read as three boxes across); without it the
                  size comes from the board (see `sudoku solve --help`)
  --symbols S     the board is written in S: digits (1-9, then A, B, ...)
                  or letters (A, B, ...); without it, detected above 9x9
  --x, --regions LAYOUT, --cages LAYOUT
                  play the board by these variant rules, every pattern as
                  `sudoku study --help` says; --pattern dlx is refused
                  with --cages
  --from FORMAT   read the board as FORMAT (see `sudoku solve --help`):
                  `walls` and `killer`, never detected, bring the board's
                  regions or cages (then not with --x, --regions, --cages;
                  --pattern dlx is refused with killer)
  -h, --help      this help

exit status
  0    solved, or stopped by --limit
  1    the puzzle cannot be read, its givens clash, or it has no solution
       (the events and the `no solution` line, or the page, are still
       written)
  2    usage error, unreadable file or OUT that cannot be written
  130  interrupted (Ctrl-C) on a terminal

examples
  sudoku trace problems/boj2580/test/sample-1.in | grep -c '^place'
  sudoku trace --every 50 --delay 10 problems/boj2580/test/norvig-hard1.in
  sudoku trace --html /tmp/search.html --pattern bitmask,dlx \\
      problems/boj2580/test/norvig-hard1.in
  sudoku trace --svg /tmp/steps.svg --limit 40 problems/boj2580/test/sample-1.in
";

/// Nodes an animated SVG shows unless told otherwise.
const SVG_LIMIT: u64 = 100;

/// Runs `sudoku trace`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let opts = match options(&mut args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let paths = match args.positionals() {
        Ok(p) => p,
        Err(e) => return usage_error(cmd, e),
    };
    let loaded = match only_puzzle(cmd, &paths, opts.reading.clone(), opts.puzzle) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let puzzle = &loaded.puzzle.grid;
    let convention = loaded.puzzle.style.convention;
    let runs: Vec<Found<Grid>> = match &opts.output {
        Output::Html(path) => {
            let recs = record_all(puzzle, &opts, recording::DEFAULT_LIMIT, opts.count);
            let text = page::page(
                puzzle,
                convention,
                &recs,
                &page_title(puzzle, &recs),
                &page_note(&recs),
            );
            if let Err(code) = write_file(cmd, path, &text) {
                return code;
            }
            recs.into_iter().map(|r| r.run).collect()
        }
        Output::Svg(path) => {
            let recs = record_all(puzzle, &opts, SVG_LIMIT, opts.count);
            let ms = opts
                .delay
                .map_or(300, |d| d.as_millis().min(u32::MAX as u128) as u32);
            let text = animation::animation(puzzle, convention, &recs[0], ms);
            if let Err(code) = write_file(cmd, path, &text) {
                return code;
            }
            recs.into_iter().map(|r| r.run).collect()
        }
        Output::Terminal if opts.lines || !std::io::stdout().is_terminal() => {
            vec![print_lines(puzzle, convention, &opts)]
        }
        Output::Terminal => match animate(puzzle, convention, &opts) {
            Some(run) => vec![run],
            None => return 130,
        },
    };
    if runs.iter().any(|r| r.ending() == Ending::NoSolution) {
        eprintln!("{}", loaded.message(cmd, "no solution"));
        return 1;
    }
    0
}

/// Where the trace goes.
enum Output {
    /// Event lines or terminal frames on stdout.
    Terminal,
    /// The replay page, to this path.
    Html(String),
    /// The animated SVG, to this path.
    Svg(String),
}

/// The options of `trace`.
struct Options {
    /// One pattern, or several for `--html`.
    patterns: Vec<Pattern>,
    limit: Option<u64>,
    /// `--delay` as given.
    delay: Option<Duration>,
    every: u64,
    lines: bool,
    rejected: bool,
    output: Output,
    /// `--count`.
    count: u64,
    /// `--puzzle`.
    puzzle: Option<usize>,
    /// `--box` and `--symbols`.
    reading: Reading,
}

fn options(args: &mut Args) -> Result<Options, UsageError> {
    let html = args.value("--html", None)?;
    let svg = args.value("--svg", None)?;
    let output = match (html, svg) {
        (Some(_), Some(_)) => {
            return Err(UsageError(
                "--html and --svg: one file at a time".to_string(),
            ))
        }
        (Some(path), None) => Output::Html(path),
        (None, Some(path)) => Output::Svg(path),
        (None, None) => Output::Terminal,
    };
    let (patterns, named) = match args.value("--pattern", None)? {
        None => (vec![DEFAULT_PATTERN], false),
        Some(list) => (patterns_of(&list)?, true),
    };
    if patterns.len() > 1 && !matches!(output, Output::Html(_)) {
        return Err(UsageError(
            "--pattern: several patterns side by side need --html OUT.html".to_string(),
        ));
    }
    let limit = args.parsed::<u64>("--limit", None)?;
    if limit == Some(0) {
        return Err(UsageError("--limit 0: needs at least 1 node".to_string()));
    }
    let delay = args
        .parsed::<u64>("--delay", None)?
        .map(Duration::from_millis);
    if delay == Some(Duration::ZERO) && matches!(output, Output::Svg(_)) {
        return Err(UsageError(
            "--delay 0: an SVG frame needs at least 1 ms".to_string(),
        ));
    }
    let every = args.parsed::<u64>("--every", None)?.unwrap_or(1);
    if every == 0 {
        return Err(UsageError("--every 0: needs at least 1".to_string()));
    }
    let count = args
        .parsed::<u64>("--count", None)?
        .unwrap_or(recording::COUNT_CAP);
    let puzzle = args.parsed::<usize>("--puzzle", None)?;
    if puzzle == Some(0) {
        return Err(UsageError(
            "--puzzle 0: puzzles are numbered from 1".to_string(),
        ));
    }
    let lines = args.flag("--lines", None);
    let rejected = args.flag("--rejected", None);
    if rejected && !matches!(output, Output::Terminal) {
        return Err(UsageError(
            "--rejected: only for event lines (not with --html or --svg)".to_string(),
        ));
    }
    let (patterns, reading) = pattern_reading(args, patterns, named)?;
    Ok(Options {
        patterns,
        limit,
        delay,
        every,
        lines,
        rejected,
        output,
        count,
        puzzle,
        reading,
    })
}

/// The patterns of a comma-separated `list`, in its order, each once;
/// every one must be traceable.
fn patterns_of(list: &str) -> Result<Vec<Pattern>, UsageError> {
    let mut chosen = Vec::new();
    for name in list.split(',') {
        let pattern = name
            .trim()
            .parse::<Pattern>()
            .map_err(|e| UsageError(format!("--pattern: {}", e)))?;
        if !pattern.reports_steps() {
            return Err(UsageError(format!(
                "--pattern: {}",
                trace::Untraceable(pattern)
            )));
        }
        if !chosen.contains(&pattern) {
            chosen.push(pattern);
        }
    }
    Ok(chosen)
}

/// Records every chosen pattern up to `--limit` (else `default_limit`).
fn record_all(puzzle: &Grid, opts: &Options, default_limit: u64, count: u64) -> Vec<Recording> {
    let limit = opts.limit.unwrap_or(default_limit);
    opts.patterns
        .iter()
        .map(|&p| {
            // `options` refused the one pattern that cannot be traced.
            recording::record(puzzle, p, limit, count).unwrap_or_else(|e| unreachable!("{}", e))
        })
        .collect()
}

/// The page's title: `sudoku trace: bitmask, dlx on a 9x9 puzzle (49
/// blanks)`.
fn page_title(puzzle: &Grid, recs: &[Recording]) -> String {
    let names: Vec<&str> = recs.iter().map(|r| r.pattern.name()).collect();
    format!(
        "sudoku trace: {} on a {}x{} puzzle ({} blanks)",
        names.join(", "),
        puzzle.size(),
        puzzle.size(),
        puzzle.blanks()
    )
}

/// The line above the page's panels: empty, or that the puzzle has no
/// solution.
fn page_note(recs: &[Recording]) -> String {
    if recs.iter().any(|r| r.run.ending() == Ending::NoSolution) {
        "This puzzle has no solution: a search that finishes undoes every digit it placed."
            .to_string()
    } else {
        String::new()
    }
}

/// The event line of `event` with what `explainer` says of it: the reason
/// of an undo, and with `rejected` the values a placement passed over.
fn event_line(
    event: &Event,
    explainer: &mut Explainer,
    puzzle: &Grid,
    convention: Convention,
    rejected: bool,
) -> String {
    let mut line = event.describe(puzzle.shape(), convention);
    match explainer.explain(event.step) {
        Explanation::Undone(why) => {
            line.push_str(": ");
            line.push_str(&why.describe(puzzle, convention));
        }
        Explanation::Placed(values) if rejected && !values.is_empty() => {
            let names: Vec<String> = values
                .iter()
                .map(|&v| convention.write(v, '.').to_string())
                .collect();
            line.push_str(" rejected=");
            line.push_str(&names.join(","));
        }
        Explanation::Placed(_) => {}
    }
    line
}

/// Prints one line per event, then the summary line.
fn print_lines(puzzle: &Grid, convention: Convention, opts: &Options) -> Found<Grid> {
    let mut out = Out::new();
    let pattern = opts.patterns[0];
    let mut explainer = Explainer::new(puzzle, pattern);
    let run = trace::trace(puzzle, pattern, opts.limit, |event| {
        out.put(&event_line(
            event,
            &mut explainer,
            puzzle,
            convention,
            opts.rejected,
        ));
        out.put("\n");
        true
    });
    // `options` refused the one pattern that cannot be traced.
    let run = run.unwrap_or_else(|e| unreachable!("{}", e));
    out.put(&trace::summary(&run));
    out.put("\n");
    out.flush();
    run
}

// ---------------------------------------------------------------- Terminal

const HIDE_CURSOR: &str = "\x1b[?25l";
const SHOW_CURSOR: &str = "\x1b[?25h";
const RESET: &str = "\x1b[0m";

/// Set by the signal handler on Ctrl-C (SIGINT) or SIGTERM.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Animates the search in place. Returns the run, or `None` when Ctrl-C
/// stopped it (the terminal is restored either way).
fn animate(puzzle: &Grid, convention: Convention, opts: &Options) -> Option<Found<Grid>> {
    catch_interrupts();
    let mut out = Out::new();
    let up = format!("\x1b[{}A\r", trace::frame_lines(puzzle));
    let pattern = opts.patterns[0];
    out.put(HIDE_CURSOR);
    out.put(&trace::frame(
        puzzle,
        puzzle,
        convention,
        None,
        &format!("{}: starting", pattern),
    ));
    out.flush();
    let mut board = puzzle.clone();
    let mut last: Option<Event> = None;
    let mut steps = 0u64;
    let mut explainer = Explainer::new(puzzle, pattern);
    let delay = opts.delay.unwrap_or(Duration::from_millis(40));
    let run = trace::trace(puzzle, pattern, opts.limit, |event| {
        trace::apply(&mut board, event.step);
        last = Some(*event);
        steps += 1;
        let line = event_line(event, &mut explainer, puzzle, convention, opts.rejected);
        if steps.is_multiple_of(opts.every) {
            out.put(&up);
            let status = format!("{}: {}", pattern, line);
            out.put(&trace::frame(
                puzzle,
                &board,
                convention,
                Some(event),
                &status,
            ));
            out.flush();
            pause(delay);
        }
        !INTERRUPTED.load(Ordering::Relaxed)
    })
    .unwrap_or_else(|e| unreachable!("{}", e));
    let interrupted = INTERRUPTED.load(Ordering::Relaxed) && run.stopped;
    let status = if interrupted {
        format!(
            "{}: interrupted {}",
            pattern,
            trace::summary(&run).trim_start_matches("stopped ")
        )
    } else {
        format!("{}: {}", pattern, trace::summary(&run))
    };
    out.put(&up);
    out.put(&trace::frame(
        puzzle,
        &board,
        convention,
        last.as_ref(),
        &status,
    ));
    out.put(RESET);
    out.put(SHOW_CURSOR);
    out.flush();
    if interrupted {
        None
    } else {
        Some(run)
    }
}

/// Sleeps `delay` in short slices, returning early on an interrupt.
fn pause(delay: Duration) {
    let slice = Duration::from_millis(10);
    let mut left = delay;
    while !left.is_zero() && !INTERRUPTED.load(Ordering::Relaxed) {
        let now = left.min(slice);
        std::thread::sleep(now);
        left -= now;
    }
}

/// Routes Ctrl-C (and SIGTERM) to [`INTERRUPTED`], so the animation can
/// stop between two frames and restore the cursor. Unix only; elsewhere
/// Ctrl-C ends the process as usual (every frame resets its attributes, so
/// only the hidden cursor can be left behind).
#[cfg(unix)]
fn catch_interrupts() {
    extern "C" {
        // POSIX `signal(2)`: installs `handler` for `signum`. With glibc
        // and the BSDs the handler stays installed and interrupted system
        // calls restart.
        fn signal(signum: i32, handler: usize) -> usize;
    }
    extern "C" fn on_signal(_signum: i32) {
        // Only an atomic store: the one kind of work safe in a handler.
        INTERRUPTED.store(true, Ordering::Relaxed);
    }
    const SIGINT: i32 = 2;
    const SIGTERM: i32 = 15;
    let handler = on_signal as extern "C" fn(i32) as usize;
    // SAFETY: `signal` is called with valid signal numbers and a handler
    // that only stores to an atomic; no other code in the process installs
    // handlers for these signals.
    unsafe {
        signal(SIGINT, handler);
        signal(SIGTERM, handler);
    }
}

#[cfg(not(unix))]
fn catch_interrupts() {}
