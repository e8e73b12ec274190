//! `sudoku bench`: the engine's throughput over whole puzzle files, in
//! process, on one core: to the first solution and counting to a cap, in
//! process CPU time beside wall time (on a shared machine the wall clock
//! also counts the time other processes had the core).

use super::from_option;
use super::input::boards_by_input;
use super::{usage_error, Args, Out, UsageError};
use std::hint::black_box;
use std::time::Instant;
use sudoku_kit::format::Format;
use sudoku_kit::rng::Rng;
use sudoku_kit::solve::nine::{self, LanePath};
use sudoku_kit::{clock, Board};

/// Help for `sudoku bench`.
pub const HELP: &str = "\
sudoku bench: the engine's throughput over puzzle files

usage: sudoku bench [--limit N] [--repeat K] [--lanes NAME] [--isomorphs M]
                    [--seed S] [--from FORMAT] FILE...

Reads every puzzle of each FILE (`-`: stdin; formats detected as in
`sudoku solve --help`), then times the engine over the whole file, in
this process on one core: once to the first solution of every puzzle
(`solve`), once counting every puzzle's solutions up to N (`count`, as
a uniqueness test does). Each is run K times. The table shows, for each,
puzzles per second of the median run and of the slowest (`worst`) and
microseconds per puzzle, all in process CPU time, and puzzles per second
of the median run in wall time (`wall/s`), which is lower whenever other
processes share the core. Where the system offers no CPU clock (only
64-bit Linux is wired up), every column is wall time and the last line
says so. The closing lines name the engine's lane path and the
processor (model name and whether it has AVX2, AVX-512F and VL).

A first-solution search is lucky or not by the order in which it tries
cells and digits, and a file published in one form can suit one order
(forum_hardest_1106 as published suits the `sudoku` crate's: it solves
its puzzles in random forms at 0.59 of that speed). With --isomorphs M,
each FILE gets a second line, `FILE~M`: its puzzles, each in M random
isomorphic forms (digits relabelled; bands, stacks, the rows of each band
and the columns of each stack permuted; transposed half the time), as
many solutions and as hard, met in orders no search was fitted to.

options
  --limit N      count solutions up to N (N >= 1; default 2)
  --repeat K     time each file K times and keep the median (K >= 1;
                 default 3)
  --lanes NAME   run the engine on lane path NAME: avx512, avx2, avx or
                 portable (default: the fastest this processor has, or
                 the one the environment variable SUDOKU_LANES names,
                 which every command obeys); a path the processor lacks
                 is a usage error
  --isomorphs M  also time each file's puzzles in M random isomorphic
                 forms each (M >= 1), on a line of its own
  --seed S       draw the isomorphs from seed S (default 1: the same
                 forms on every run, as the peer harness of `make bench`)
  --from FORMAT  read every input as FORMAT instead of detecting it
  -h, --help     this help

Build with --release: a debug build is many times slower (a note on
stderr says so). Every puzzle of every file is read before timing starts;
a file that cannot be read, a puzzle that cannot be read, or a file
without puzzles stops the run before anything is printed.

exit status
  0  table printed
  1  some puzzle unreadable, or a file without puzzles
  2  usage error or unreadable file

examples
  sudoku bench problems/poj3074/test/forum-hardest.in
  sudoku bench --repeat 3 problems/poj3074/test/famous-hardest.in
  sudoku bench --isomorphs 4 problems/poj3074/test/forum-hardest.in
";

/// Runs `sudoku bench`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let o = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    if o.paths.is_empty() {
        return usage_error(cmd, "give at least one FILE (`-` for stdin)");
    }
    let files = match boards_by_input(cmd, &o.paths, o.from) {
        Ok(files) => files,
        Err(code) => return code,
    };
    if cfg!(debug_assertions) {
        eprintln!(
            "sudoku {}: note: this is a debug build; build with --release for real figures",
            cmd
        );
    }
    if let Some(path) = o.lanes {
        if let Err(e) = nine::force_lanes(path) {
            return usage_error(cmd, format!("--lanes {}: {}", path.name(), e));
        }
    }
    let rows: Vec<Row> = with_isomorphs(files, o.isomorphs, o.seed)
        .iter()
        .map(|(name, boards)| measure(name, boards, o.limit, o.repeat))
        .collect();
    let mut out = Out::new();
    out.put(&table(
        &rows,
        o.limit,
        o.repeat,
        clock::process_cpu().is_some(),
    ));
    out.put(&format!(
        "engine lanes: {}; processor: {}\n",
        nine::lanes().name(),
        processor(&std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default())
    ));
    0
}

/// The processor as `/proc/cpuinfo` (`info`) names it: its model and
/// whether it has AVX2, AVX-512F and AVX-512VL; "unknown" without that
/// file.
fn processor(info: &str) -> String {
    let field = |key: &str| {
        info.lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim() == key)
            .map(|(_, v)| v.trim())
    };
    let Some(model) = field("model name") else {
        return "unknown".to_string();
    };
    let flags: Vec<&str> = field("flags").unwrap_or("").split_whitespace().collect();
    let has = |f: &str| {
        if flags.contains(&f) {
            f.to_string()
        } else {
            format!("no {}", f)
        }
    };
    format!(
        "{} ({}, {}, {})",
        model,
        has("avx2"),
        has("avx512f"),
        has("avx512vl")
    )
}

/// The lane path `--lanes` names, parsed (an unknown or unavailable one is
/// a usage error).
fn lanes_option(args: &mut Args) -> Result<Option<LanePath>, UsageError> {
    match args.value("--lanes", None)? {
        None => Ok(None),
        Some(name) => LanePath::parse(&name)
            .map(Some)
            .map_err(|e| UsageError(format!("--lanes {}: {}", name, e))),
    }
}

/// The command line of `sudoku bench`.
struct Options {
    limit: usize,
    repeat: usize,
    lanes: Option<LanePath>,
    /// How many isomorphs of each puzzle to time as a set of their own (0:
    /// none).
    isomorphs: usize,
    seed: u64,
    from: Option<Format>,
    paths: Vec<String>,
}

/// `--limit` (default 2), `--repeat` (default 3), `--lanes`,
/// `--isomorphs` (default none), `--seed` (default 1), `--from`, and the
/// files.
fn options(mut args: Args) -> Result<Options, UsageError> {
    let limit = args.parsed::<usize>("--limit", None)?.unwrap_or(2);
    if limit == 0 {
        return Err(UsageError(
            "--limit 0: the cap must be at least 1".to_string(),
        ));
    }
    let repeat = args.parsed::<usize>("--repeat", None)?.unwrap_or(3);
    if repeat == 0 {
        return Err(UsageError(
            "--repeat 0: time each file at least once".to_string(),
        ));
    }
    let lanes = lanes_option(&mut args)?;
    let isomorphs = args.parsed::<usize>("--isomorphs", None)?;
    if isomorphs == Some(0) {
        return Err(UsageError(
            "--isomorphs 0: give at least one form per puzzle, or leave the option out".to_string(),
        ));
    }
    let isomorphs = isomorphs.unwrap_or(0);
    let seed = args.parsed::<u64>("--seed", None)?.unwrap_or(1);
    let from = from_option(&mut args)?;
    Ok(Options {
        limit,
        repeat,
        lanes,
        isomorphs,
        seed,
        from,
        paths: args.positionals()?,
    })
}

/// The files to time: each as read, then (with `isomorphs` M > 0) a set
/// named `NAME~M` holding its puzzles, each in M random isomorphic forms
/// ([`Board::isomorph`]), drawn from one generator seeded with `seed` in
/// file order (as the peer harness draws them).
fn with_isomorphs(
    files: Vec<(String, Vec<Board>)>,
    isomorphs: usize,
    seed: u64,
) -> Vec<(String, Vec<Board>)> {
    if isomorphs == 0 {
        return files;
    }
    let mut rng = Rng::new(seed);
    let mut sets = Vec::with_capacity(2 * files.len());
    for (name, boards) in files {
        let mut forms = Vec::with_capacity(isomorphs * boards.len());
        for _ in 0..isomorphs {
            forms.extend(boards.iter().map(|b| b.isomorph(&mut rng)));
        }
        let forms_name = format!("{}~{}", name, isomorphs);
        sets.push((name, boards));
        sets.push((forms_name, forms));
    }
    sets
}

/// One line of the table: a file and its two timings.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    name: String,
    puzzles: usize,
    /// How many puzzles have a solution (a sanity check on the data).
    solved: usize,
    /// The whole file, to the first solution.
    solve: Timing,
    /// The whole file, counting to the cap.
    count: Timing,
}

/// Seconds for one pass over a file, over the runs.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Timing {
    /// The median run, in CPU time (wall time without a CPU clock).
    median: f64,
    /// The slowest run, in the same clock.
    worst: f64,
    /// The median run in wall time.
    wall: f64,
}

impl Timing {
    /// The median and slowest of `runs`, each `(cpu or wall, wall)`.
    fn of(runs: &[(f64, f64)]) -> Timing {
        let mut main: Vec<f64> = runs.iter().map(|r| r.0).collect();
        let mut wall: Vec<f64> = runs.iter().map(|r| r.1).collect();
        Timing {
            median: median(&mut main),
            worst: main.iter().cloned().fold(0.0, f64::max),
            wall: median(&mut wall),
        }
    }
}

/// Runs `f` once: `(CPU seconds, or wall seconds without a CPU clock,
/// wall seconds)`.
fn timed(mut f: impl FnMut()) -> (f64, f64) {
    let (cpu, wall) = (clock::process_cpu(), Instant::now());
    f();
    let wall = wall.elapsed().as_secs_f64();
    let main = match (cpu, clock::process_cpu()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    };
    (main, wall)
}

/// Times `solve` and `count_solutions(limit)` over `boards`, `repeat`
/// times each.
fn measure(name: &str, boards: &[Board], limit: usize, repeat: usize) -> Row {
    let mut solve_runs = Vec::with_capacity(repeat);
    let mut count_runs = Vec::with_capacity(repeat);
    let mut solved = 0;
    for _ in 0..repeat {
        solve_runs.push(timed(|| {
            solved = boards
                .iter()
                .filter(|b| black_box(nine::solve(black_box(b))).is_some())
                .count();
        }));
        count_runs.push(timed(|| {
            let total: usize = boards
                .iter()
                .map(|b| nine::count_solutions(black_box(b), limit))
                .sum();
            black_box(total);
        }));
    }
    Row {
        name: name.to_string(),
        puzzles: boards.len(),
        solved,
        solve: Timing::of(&solve_runs),
        count: Timing::of(&count_runs),
    }
}

/// The median of `values` (the upper one of the middle two for an even
/// count); 0 for none.
fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

/// The table: a header, one line per file, then a line saying how it was
/// measured (`cpu`: whether the CPU clock was there). Columns are
/// right-aligned except the file name.
fn table(rows: &[Row], limit: usize, repeat: usize, cpu: bool) -> String {
    let count_head = format!("count<={}/s", limit);
    let header = [
        "file",
        "puzzles",
        "solved",
        "solve/s",
        "worst",
        "wall/s",
        "µs/puzzle",
        count_head.as_str(),
        "worst",
        "wall/s",
        "µs/puzzle",
    ];
    let mut lines: Vec<[String; 11]> = vec![header.map(str::to_string)];
    for r in rows {
        let (s, c) = (&r.solve, &r.count);
        lines.push([
            r.name.clone(),
            r.puzzles.to_string(),
            r.solved.to_string(),
            per_second(r.puzzles, s.median),
            per_second(r.puzzles, s.worst),
            per_second(r.puzzles, s.wall),
            micros(r.puzzles, s.median),
            per_second(r.puzzles, c.median),
            per_second(r.puzzles, c.worst),
            per_second(r.puzzles, c.wall),
            micros(r.puzzles, c.median),
        ]);
    }
    let mut widths = [0; 11];
    for line in &lines {
        for (w, cell) in widths.iter_mut().zip(line.iter()) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    for line in &lines {
        let mut cells = Vec::with_capacity(11);
        for (k, cell) in line.iter().enumerate() {
            let pad = " ".repeat(widths[k] - cell.chars().count());
            cells.push(if k == 0 {
                format!("{}{}", cell, pad)
            } else {
                format!("{}{}", pad, cell)
            });
        }
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    let runs = format!("{} run{}", repeat, if repeat == 1 { "" } else { "s" });
    text.push_str(&if cpu {
        format!(
            "median and worst of {}, process CPU time (wall/s: median in wall time), one core\n",
            runs
        )
    } else {
        format!(
            "median and worst of {}, wall time (no CPU clock on this system), one core\n",
            runs
        )
    });
    text
}

/// Puzzles per second, rounded to a whole number.
fn per_second(puzzles: usize, secs: f64) -> String {
    if secs <= 0.0 {
        return "-".to_string();
    }
    format!("{:.0}", puzzles as f64 / secs)
}

/// Microseconds per puzzle, two decimals.
fn micros(puzzles: usize, secs: f64) -> String {
    format!("{:.2}", secs * 1e6 / puzzles.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_takes_the_middle_run() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0]), 4.0);
        assert_eq!(median(&mut []), 0.0);
    }

    fn timing(median: f64, worst: f64, wall: f64) -> Timing {
        Timing {
            median,
            worst,
            wall,
        }
    }

    #[test]
    fn timing_keeps_the_median_the_slowest_and_the_wall_median() {
        let t = Timing::of(&[(0.3, 0.5), (0.1, 0.4), (0.2, 0.9)]);
        assert_eq!(t, timing(0.2, 0.3, 0.5));
    }

    #[test]
    fn table_aligns_columns_and_names_the_cap_and_the_clock() {
        let rows = [
            Row {
                name: "a.txt".to_string(),
                puzzles: 1000,
                solved: 1000,
                solve: timing(0.01, 0.02, 0.04),
                count: timing(0.02, 0.025, 0.05),
            },
            Row {
                name: "longer-name.txt".to_string(),
                puzzles: 3,
                solved: 2,
                solve: timing(0.000_003, 0.000_003, 0.000_003),
                count: timing(0.000_006, 0.000_006, 0.000_006),
            },
        ];
        let text = table(&rows, 2, 5, true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[0],
            concat!(
                "file             puzzles  solved  solve/s    worst   wall/s  µs/puzzle",
                "  count<=2/s   worst  wall/s  µs/puzzle"
            )
        );
        assert_eq!(
            lines[1],
            concat!(
                "a.txt               1000    1000   100000    50000    25000      10.00",
                "       50000   40000   20000      20.00"
            )
        );
        assert_eq!(
            lines[2],
            concat!(
                "longer-name.txt        3       2  1000000  1000000  1000000       1.00",
                "      500000  500000  500000       2.00"
            )
        );
        assert_eq!(
            lines[3],
            "median and worst of 5 runs, process CPU time (wall/s: median in wall time), one core"
        );
        assert!(text.ends_with('\n'));
        assert!(text.lines().all(|l| !l.ends_with(' ')));
        let wall_only = table(&rows[..1], 3, 1, false);
        assert!(wall_only.starts_with("file   puzzles  solved  solve/s  worst  wall/s"));
        assert!(wall_only.ends_with(
            "median and worst of 1 run, wall time (no CPU clock on this system), one core\n"
        ));
    }

    #[test]
    fn measure_counts_the_solvable_puzzles() {
        let mut clash = Board::EMPTY;
        clash.0[0] = 1;
        clash.0[1] = 1;
        let row = measure("x", &[Board::EMPTY, clash], 2, 1);
        assert_eq!((row.puzzles, row.solved), (2, 1));
    }
}
