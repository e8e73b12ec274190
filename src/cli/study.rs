//! `sudoku study`: one puzzle of any size through the seven backtracking
//! patterns of [`sudoku_kit::study::patterns`], as a table of nodes, backtracks
//! and time.

use super::input::{all_puzzles, only_puzzle, Loaded};
use super::options::pattern_reading;
use super::{usage_error, write_file, Args, Out, Reading, UsageError};
use std::hint::black_box;
use std::time::{Duration, Instant};
use sudoku_kit::solve::Found;
use sudoku_kit::study::chart::{self, Bar, Group};
use sudoku_kit::study::patterns::{self, Pattern};
use sudoku_kit::{solve::any, Grid};

/// Help for `sudoku study`.
pub const HELP: &str = "\
sudoku study: compare seven backtracking patterns on one puzzle

usage: sudoku study [--limit NODES] [--pattern NAME[,NAME...]] [--puzzle K]
                    [--svg OUT.svg [--no-time]] [--box RxC]
                    [--symbols digits|letters] [--x] [--regions LAYOUT]
                    [--cages LAYOUT] [--from FORMAT] [FILE]

Runs the puzzle of FILE (`-` or none: stdin; any input format, any size
from 4x4 to 25x25) through each pattern and prints one row per pattern:

  pattern            nodes  backtracks      time  ns/node  finished
  scan                 200         151  0.052 ms    260.1  yes
  ...

patterns (the first five each change one thing in the one before)
  scan               find the first blank by scanning the board, test each
                     digit 1-9 (value 1-N) by rescanning its row, column
                     and box
  blank-list         list the blanks once, same rescan (27 cells on 9x9)
  used-tables        blank list + bool tables of used digits per unit
  bitmask            blank list + bit masks: try only the free digits
  fewest-candidates  bitmask + branch on the blank with fewest free digits
  dlx                dancing links (Knuth's Algorithm X on the exact-cover
                     matrix): branch on the cell, or the digit of a row,
                     column or box, with the fewest places left
  engine             the kit's engine (`sudoku solve`): propagation (singles,
                     locked candidates) fills what it can, a guess when it
                     stalls, a contradiction returns to a saved copy

columns
  nodes       placements: digits written into a blank (a digit tested and
              rejected is not a node); every pattern counts the same way.
              The nodes of dlx are the matrix rows it chooses (a digit for
              a blank); the engine's are the digits its propagation and its
              guesses write
  backtracks  undos: placed digits erased again (for the engine: the
              digits placed since the state it returns to was saved). A
              solved search keeps its last digits, so then
              backtracks = nodes - blanks
  time        mean time of one run, in ms; a pattern is run again and again
              until 50 ms have passed (once when one run takes longer)
  ns/node     time / nodes: the cost of one node, the point of the table
  finished    yes, or `no (limit)` when --limit stopped it

--svg OUT.svg draws the table as a chart instead: per pattern a bar of
nodes and one of time, on logarithmic axes, each labelled with its number.
With --svg, FILE may hold several puzzles: one group of bars per puzzle
(--no-time: nodes only, the same bytes on every run).

scan, blank-list, used-tables and bitmask take the blanks row-major and the
digits in ascending order, so they visit exactly the same nodes; only the
cost per node differs. The engine ignores --limit.
Node counts are deterministic; times are not.

options
  --limit NODES   stop each pattern but the engine after NODES placements
                  (default 100000000: a few seconds for each of the first
                  four, which may need billions on a 17-clue 9x9 puzzle or
                  on 16x16 and larger)
  --pattern LIST  only these patterns (comma-separated names), still in the
                  order above
  --puzzle K      the input holds several puzzles: study the K-th
  --svg OUT       write the chart to OUT (`-`: stdout) instead of the table
  --no-time       --svg: draw nodes only, without timing the patterns
  --box RxC       the board has boxes of R rows by C columns (e.g. 3x2 for
                  a 6x6 board read as three boxes across); without it the
                  size comes from the board (see `sudoku solve --help`)
  --symbols S     the board is written in S: digits (1-9, then A, B, ...)
                  or letters (A, B, ...); without it, detected above 9x9
  --x, --regions LAYOUT, --cages LAYOUT
                  play the board by these variant rules (see `sudoku solve
                  --help`): every pattern tests the diagonals, the regions
                  (in place of the boxes) and the cages (no repeat, room
                  for 1 in each other blank, the sum made by the last);
                  dlx plays no killer cages (a sum is no exact-cover
                  constraint): left out of the table
  --from FORMAT   read the board as FORMAT (see `sudoku solve --help`):
                  `walls` and `killer`, never detected, bring the board's
                  regions or cages (then not with --x, --regions, --cages)
  -h, --help      this help

exit status
  0  table printed
  1  the puzzle cannot be read, its givens clash, or it has no solution
     (as far as the engine proves within 1,024 placements per cell;
     beyond that the patterns run to --limit); no puzzle, or more than
     one (without --svg or --puzzle)
  2  usage error, unreadable file or OUT that cannot be written

examples
  sudoku study problems/boj2580/test/sample-1.in
  sudoku study --limit 100000 problems/sudoku16/test/hard-1.in
  sudoku study --pattern dlx,engine problems/sudoku16/test/hard-1.in
";

/// The placements each pattern but the engine may make without `--limit`:
/// the row-major patterns make some 10-50 million a second, so a puzzle they
/// cannot finish (a 17-clue one takes them billions) stops in seconds, and
/// a puzzle built against them (BOJ 2580's `anti-brute-force`, 69 million)
/// still finishes.
const DEFAULT_LIMIT: u64 = 100_000_000;

/// A pattern is run repeatedly until this much time has passed.
const MIN_TIME: Duration = Duration::from_millis(50);

/// The placements per cell the engine may make to check that the puzzle
/// has a solution before the patterns run (a fraction of a second at any
/// size); past them the check gives up and the patterns run anyway.
const CHECK_PLACEMENTS: u64 = 1024;

/// Runs `sudoku study`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let (opts, paths) = match options(&mut args) {
        Ok(opts) => match args.positionals() {
            Ok(paths) => (opts, paths),
            Err(e) => return usage_error(cmd, e),
        },
        Err(e) => return usage_error(cmd, e),
    };
    let puzzles = match (&opts.svg, opts.puzzle) {
        (Some(_), None) => all_puzzles(cmd, &paths, opts.reading),
        (_, pick) => only_puzzle(cmd, &paths, opts.reading, pick).map(|p| vec![p]),
    };
    let puzzles = match puzzles {
        Ok(p) => p,
        Err(code) => return code,
    };
    // A puzzle without solution is refused, when the engine proves it
    // within its budget; past it, the patterns run to their own limits.
    if let Some(unsolvable) = puzzles.iter().find(|p| {
        let grid = &p.puzzle.grid;
        any::count_within(grid, 1, CHECK_PLACEMENTS * grid.shape().cell_count() as u64) == Some(0)
    }) {
        eprintln!("{}", unsolvable.message(cmd, "no solution"));
        return 1;
    }
    let timed = !(opts.svg.is_some() && opts.no_time);
    let tables: Vec<Vec<Row>> = puzzles
        .iter()
        .map(|loaded| {
            opts.chosen
                .iter()
                .map(|&p| measure(p, &loaded.puzzle.grid, Some(opts.limit), timed))
                .collect()
        })
        .collect();
    match &opts.svg {
        None => {
            let mut out = Out::new();
            out.put(&table(&tables[0]));
            0
        }
        Some(path) => {
            let groups: Vec<Group> = puzzles
                .iter()
                .zip(&tables)
                .map(|(loaded, rows)| group(loaded, rows, timed))
                .collect();
            let title = if timed {
                "sudoku study: nodes and time per pattern"
            } else {
                "sudoku study: nodes per pattern"
            };
            match write_file(cmd, path, &chart::chart(&groups, title)) {
                Ok(()) => 0,
                Err(code) => code,
            }
        }
    }
}

/// The options of `study`.
struct Options {
    /// The placements each pattern but the engine may make.
    limit: u64,
    /// Every pattern when `--pattern` is absent.
    chosen: Vec<Pattern>,
    puzzle: Option<usize>,
    svg: Option<String>,
    no_time: bool,
    /// `--box` and `--symbols`.
    reading: Reading,
}

fn options(args: &mut Args) -> Result<Options, UsageError> {
    let limit = args.parsed::<u64>("--limit", None)?;
    if limit == Some(0) {
        return Err(UsageError("--limit 0: needs at least 1 node".to_string()));
    }
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    let (chosen, named) = match args.value("--pattern", None)? {
        None => (Pattern::ALL.to_vec(), false),
        Some(list) => (patterns_of(&list)?, true),
    };
    let puzzle = args.parsed::<usize>("--puzzle", None)?;
    if puzzle == Some(0) {
        return Err(UsageError(
            "--puzzle 0: puzzles are numbered from 1".to_string(),
        ));
    }
    let svg = args.value("--svg", None)?;
    let no_time = args.flag("--no-time", None);
    if no_time && svg.is_none() {
        return Err(UsageError("--no-time: only with --svg".to_string()));
    }
    let (chosen, reading) = pattern_reading(args, chosen, named)?;
    Ok(Options {
        limit,
        chosen,
        puzzle,
        svg,
        no_time,
        reading,
    })
}

/// The chart's bars of one puzzle: `puzzle K: 9x9, 64 blanks`.
fn group(loaded: &Loaded, rows: &[Row], timed: bool) -> Group {
    let grid = &loaded.puzzle.grid;
    Group {
        title: format!(
            "puzzle {}: {}x{}, {} blanks",
            loaded.puzzle.number,
            grid.size(),
            grid.size(),
            grid.blanks()
        ),
        bars: rows
            .iter()
            .map(|row| Bar {
                label: row.pattern.name().to_string(),
                nodes: row.run.stats.placements,
                finished: !row.run.stopped,
                time: if timed { Some(row.time) } else { None },
            })
            .collect(),
    }
}

/// The patterns named in a comma-separated `list`, in table order.
fn patterns_of(list: &str) -> Result<Vec<Pattern>, UsageError> {
    let mut wanted = Vec::new();
    for name in list.split(',') {
        let p: Pattern = name
            .trim()
            .parse()
            .map_err(|e| UsageError(format!("--pattern: {}", e)))?;
        wanted.push(p);
    }
    Ok(Pattern::ALL
        .iter()
        .copied()
        .filter(|p| wanted.contains(p))
        .collect())
}

/// One row of the table.
struct Row {
    pattern: Pattern,
    run: Found<Grid>,
    /// Mean time of one run.
    time: Duration,
}

/// Runs `pattern` on `puzzle` until [`MIN_TIME`] has passed (at least
/// once; only once when not `timed`); the counts are those of every run
/// (they are deterministic).
fn measure(pattern: Pattern, puzzle: &Grid, limit: Option<u64>, timed: bool) -> Row {
    let start = Instant::now();
    let mut runs = 0u32;
    let mut run;
    loop {
        run = patterns::run(pattern, black_box(puzzle), limit);
        black_box(&run);
        runs += 1;
        if !timed || start.elapsed() >= MIN_TIME {
            break;
        }
    }
    Row {
        pattern,
        run,
        time: start.elapsed() / runs,
    }
}

/// The table: a header row, one row per pattern, columns two spaces
/// apart, names and the last column left-aligned, numbers right-aligned.
fn table(rows: &[Row]) -> String {
    let header = [
        "pattern",
        "nodes",
        "backtracks",
        "time",
        "ns/node",
        "finished",
    ];
    let mut cells: Vec<[String; 6]> = vec![header.map(String::from)];
    for row in rows {
        let per_node = match row.run.stats.placements {
            0 => "n/a".to_string(),
            n => format!("{:.1}", row.time.as_nanos() as f64 / n as f64),
        };
        let finished = if row.run.stopped { "no (limit)" } else { "yes" };
        cells.push([
            row.pattern.name().to_string(),
            row.run.stats.placements.to_string(),
            row.run.stats.backtracks.to_string(),
            milliseconds(row.time),
            per_node,
            finished.to_string(),
        ]);
    }
    let mut widths = [0; 6];
    for line in &cells {
        for (w, cell) in widths.iter_mut().zip(line.iter()) {
            *w = (*w).max(cell.len());
        }
    }
    let mut out = String::new();
    for line in &cells {
        let mut text = format!("{:<w$}", line[0], w = widths[0]);
        for k in 1..5 {
            text.push_str(&format!("  {:>w$}", line[k], w = widths[k]));
        }
        text.push_str("  ");
        text.push_str(&line[5]);
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// `d` in milliseconds with three or more significant digits: `14202 ms`,
/// `123.4 ms`, `12.34 ms`, `0.052 ms`.
fn milliseconds(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    let decimals = if ms >= 1000.0 {
        0
    } else if ms >= 100.0 {
        1
    } else if ms >= 10.0 {
        2
    } else {
        3
    };
    format!("{:.*} ms", decimals, ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milliseconds_keep_three_significant_digits() {
        assert_eq!(milliseconds(Duration::from_micros(52)), "0.052 ms");
        assert_eq!(milliseconds(Duration::from_micros(12_340)), "12.34 ms");
        assert_eq!(milliseconds(Duration::from_micros(123_400)), "123.4 ms");
        assert_eq!(milliseconds(Duration::from_millis(14_202)), "14202 ms");
    }

    #[test]
    fn the_patterns_stop_at_a_default_limit() {
        let args =
            |words: &[&str]| Args::new("study", words.iter().map(|s| s.to_string()).collect());
        let limit = |words: &[&str]| options(&mut args(words)).ok().map(|o| o.limit);
        assert_eq!(limit(&["x.txt"]), Some(DEFAULT_LIMIT));
        assert_eq!(limit(&["--limit", "5", "x.txt"]), Some(5));
        assert_eq!(limit(&["--limit", "0", "x.txt"]), None);
    }

    #[test]
    fn pattern_lists_keep_table_order() {
        assert_eq!(
            patterns_of("engine, dlx,scan,engine").unwrap(),
            vec![Pattern::Scan, Pattern::Dlx, Pattern::Engine]
        );
        assert!(patterns_of("scan,dancing-links")
            .unwrap_err()
            .0
            .contains("unknown pattern `dancing-links`"));
    }
}
