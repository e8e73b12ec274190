//! `sudoku trace`: replay a search on one puzzle, as event lines (pipe) or
//! as an animated board (terminal). The search and the frames come from
//! [`sudoku_kit::study::trace`]; this module only prints and paces them.

use super::input::{only_puzzle, sizing_options};
use super::{usage_error, Args, Out, Reading, UsageError};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::study::patterns::{Pattern, SearchEnd, SearchRun};
use sudoku_kit::study::trace::{self, Event, DEFAULT_PATTERN};
use sudoku_kit::Grid;

/// Help for `sudoku trace`.
pub const HELP: &str = "\
sudoku trace: replay a backtracking search step by step

usage: sudoku trace [--pattern NAME] [--limit NODES] [--delay MS] [--every N]
                    [--lines] [--box RxC] [--symbols digits|letters] [FILE]

Searches the puzzle of FILE (`-` or none: stdin; any input format) and
shows every step.

When stdout is not a terminal (or with --lines), prints one event per line,
then one summary line:

  place r1c3=4 depth=1      digit 4 written into r1c3; 1 digit placed now
  undo r1c3                 that digit erased again
  solved nodes=200 backtracks=151

On boards larger than 9x9 cells are named the same way (r12c3) and values
written as the board writes them: `place r12c3=G depth=5` (digits and
letters) or `place r12c3=P depth=5` (letters), both value 16.

The summary starts `solved`, `no solution` or `stopped` (--limit reached).
The place lines are the nodes, the undo lines the backtracks; applying the
events to the puzzle in order gives the solution.

On a terminal, redraws the board in place instead: givens bold, placed
digits cyan, the cell just tried highlighted (reversed for a placement,
red for an undo), with depth, node and backtrack counters. Ctrl-C stops
it and leaves the terminal clean.

options
  --pattern NAME  the search to replay (default bitmask): scan, blank-list,
                  used-tables and bitmask give the same events (row-major,
                  digits ascending); fewest-candidates branches on the blank
                  with the fewest free digits, dlx (dancing links) on the
                  cell or unit with the fewest places. The engine cannot be
                  traced.
                  See `sudoku study --help`.
  --limit NODES   stop after NODES placements
  --delay MS      terminal only: pause between frames (default 40)
  --every N       terminal only: draw every Nth step (default 1)
  --lines         print event lines even on a terminal
  --box RxC       the board has boxes of R rows by C columns (e.g. 3x2 for
                  a 6x6 board read as three boxes across); without it the
                  size comes from the board (see `sudoku solve --help`)
  --symbols S     the board is written in S: digits (1-9, then A, B, ...)
                  or letters (A, B, ...); without it, detected above 9x9
  -h, --help      this help

exit status
  0    solved, or stopped by --limit
  1    the puzzle cannot be read, its givens clash, or it has no solution
       (the events and the `no solution` line are still printed)
  2    usage error or unreadable file
  130  interrupted (Ctrl-C) on a terminal

examples
  sudoku trace problems/boj2580/test/sample-1.in | grep -c '^place'
  sudoku trace --every 50 --delay 10 problems/boj2580/test/norvig-hard1.in
";

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
    let loaded = match only_puzzle(cmd, &paths, opts.reading) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let puzzle = &loaded.puzzle.grid;
    let convention = loaded.puzzle.style.convention;
    let run = if opts.lines || !std::io::stdout().is_terminal() {
        print_lines(puzzle, convention, &opts)
    } else {
        match animate(puzzle, convention, &opts) {
            Some(run) => run,
            None => return 130,
        }
    };
    match run.outcome {
        SearchEnd::NoSolution => {
            eprintln!("{}", loaded.message(cmd, "no solution"));
            1
        }
        SearchEnd::Solved(_) | SearchEnd::Stopped => 0,
    }
}

/// The options of `trace`.
struct Options {
    pattern: Pattern,
    limit: Option<u64>,
    delay: Duration,
    every: u64,
    lines: bool,
    /// `--box` and `--symbols`.
    reading: Reading,
}

fn options(args: &mut Args) -> Result<Options, UsageError> {
    let pattern = match args.value("--pattern", None)? {
        None => DEFAULT_PATTERN,
        Some(name) => name
            .parse::<Pattern>()
            .map_err(|e| UsageError(format!("--pattern: {}", e)))?,
    };
    if !pattern.reports_steps() {
        return Err(UsageError(format!(
            "--pattern: {}",
            trace::Untraceable(pattern)
        )));
    }
    let limit = args.parsed::<u64>("--limit", None)?;
    if limit == Some(0) {
        return Err(UsageError("--limit 0: needs at least 1 node".to_string()));
    }
    let delay = Duration::from_millis(args.parsed::<u64>("--delay", None)?.unwrap_or(40));
    let every = args.parsed::<u64>("--every", None)?.unwrap_or(1);
    if every == 0 {
        return Err(UsageError("--every 0: needs at least 1".to_string()));
    }
    let lines = args.flag("--lines", None);
    let reading = Reading {
        sizing: sizing_options(args)?,
        ..Reading::from(None)
    };
    Ok(Options {
        pattern,
        limit,
        delay,
        every,
        lines,
        reading,
    })
}

/// Prints one line per event, then the summary line.
fn print_lines(puzzle: &Grid, convention: Convention, opts: &Options) -> SearchRun {
    let mut out = Out::new();
    let shape = puzzle.shape();
    let run = trace::trace(puzzle, opts.pattern, opts.limit, |event| {
        out.put(&event.describe(shape, convention));
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
fn animate(puzzle: &Grid, convention: Convention, opts: &Options) -> Option<SearchRun> {
    catch_interrupts();
    let mut out = Out::new();
    let shape = puzzle.shape();
    let up = format!("\x1b[{}A\r", trace::frame_lines(shape));
    out.put(HIDE_CURSOR);
    out.put(&trace::frame(
        puzzle,
        puzzle,
        convention,
        None,
        &format!("{}: starting", opts.pattern),
    ));
    out.flush();
    let mut board = puzzle.clone();
    let mut last: Option<Event> = None;
    let mut steps = 0u64;
    let run = trace::trace(puzzle, opts.pattern, opts.limit, |event| {
        trace::apply(&mut board, event.step);
        last = Some(*event);
        steps += 1;
        if steps.is_multiple_of(opts.every) {
            out.put(&up);
            let status = format!("{}: {}", opts.pattern, event.describe(shape, convention));
            out.put(&trace::frame(
                puzzle,
                &board,
                convention,
                Some(event),
                &status,
            ));
            out.flush();
            pause(opts.delay);
        }
        !INTERRUPTED.load(Ordering::Relaxed)
    })
    .unwrap_or_else(|e| unreachable!("{}", e));
    let interrupted = INTERRUPTED.load(Ordering::Relaxed) && run.outcome == SearchEnd::Stopped;
    let status = if interrupted {
        format!(
            "{}: interrupted {}",
            opts.pattern,
            trace::summary(&run).trim_start_matches("stopped ")
        )
    } else {
        format!("{}: {}", opts.pattern, trace::summary(&run))
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
