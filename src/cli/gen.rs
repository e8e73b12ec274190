//! `sudoku gen`: puzzles with exactly one solution, reproducible by seed.

use super::pool::{self, Deliver};
use super::{jobs_option, usage_error, Args, Out};
use std::io::IsTerminal;
use std::time::Instant;
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::generator::{self, GenError, Generated, Options, Symmetry};
use sudoku_kit::grader::Level;
use sudoku_kit::rng::Rng;
use sudoku_kit::Board;

/// Help for `sudoku gen`.
pub const HELP: &str = "\
usage: sudoku gen [-n COUNT] [--seed S] [--difficulty LEVEL] [--symmetry SYM]
                  [--givens N] [--to FORMAT] [--with-solution] [--stats]
                  [-j N]

Generates COUNT puzzles (default 1), each with exactly one solution
(every removal keeps it unique, and each finished puzzle's solutions are
counted again, up to 2). A complete grid is drawn at
random, then givens are removed in random order while the puzzle keeps
one solution; without --difficulty the result is minimal: no further
given (group of givens, with --symmetry) can go without a second solution.

options
  -n, --count COUNT     how many puzzles (default 1)
  --seed S              seed (0 to 2^64-1): the same seed and options give the
                        same puzzles on every machine, whatever -j is (each
                        puzzle draws from the seed and its own number);
                        without it a seed is drawn and printed to stderr as
                        `seed: S`
  --difficulty LEVEL    simple | easy | intermediate | expert: the grade of
                        `sudoku grade` must be exactly LEVEL (removal keeps the
                        grade at or below it; expert puzzles are found by
                        generating and rejecting)
  --symmetry SYM        none (default) | rot180 (half turn) | rot90 (quarter
                        turns) | mirror (across the middle column) | diagonal
                        (across the main diagonal): the pattern of the givens
  --givens N            stop removing at exactly N givens (17 to 81; under
                        rot90 N must be 4k or 4k+1)
  --to FORMAT           line (default), spaced, digits, js, euler, pretty
  -j, --jobs N          generate on N threads (default: every core); the
                        output is the same for every N
  --stats               at the end, print to stderr the time per puzzle
                        (median, worst), the total, the givens and the
                        grids tried (for benchmarks)
  --with-solution       add each solution: in line format on the same line
                        after a tab (`PUZZLE<TAB>SOLUTION`; readers of the
                        line format ignore what follows the 81 cells); in
                        other formats as the next board (euler: `Grid NN
                        solution`)

Each puzzle gets up to 1000 fresh grids; when none fits --difficulty and
--givens, gen stops with a message (exit 1). Progress goes to stderr
when COUNT is 100 or more and stderr is a terminal.

examples
  sudoku gen -n 5 --seed 1
  sudoku gen --difficulty expert --symmetry rot180 --to pretty
  sudoku gen -n 20 --difficulty easy --with-solution | sudoku pdf -o sheet.pdf
";

/// Runs `sudoku gen`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let parsed = (|| {
        let count = args.parsed::<usize>("--count", Some('n'))?.unwrap_or(1);
        let seed = args.parsed::<u64>("--seed", None)?;
        let difficulty = args.parsed::<Level>("--difficulty", None)?;
        let symmetry = args
            .parsed::<Symmetry>("--symmetry", None)?
            .unwrap_or(Symmetry::None);
        let givens = args.parsed::<usize>("--givens", None)?;
        let to = args.parsed::<Format>("--to", None)?.unwrap_or(Format::Line);
        let with_solution = args.flag("--with-solution", None);
        let stats = args.flag("--stats", None);
        let jobs = jobs_option(&mut args)?;
        let rest = args.positionals()?;
        Ok::<_, super::UsageError>((
            jobs,
            stats,
            count,
            seed,
            difficulty,
            symmetry,
            givens,
            to,
            with_solution,
            rest,
        ))
    })();
    let (jobs, stats, count, seed, difficulty, symmetry, givens, to, with_solution, rest) =
        match parsed {
            Ok(p) => p,
            Err(e) => return usage_error(cmd, e),
        };
    if !rest.is_empty() {
        return usage_error(cmd, format!("gen reads no files (got `{}`)", rest[0]));
    }
    if count == 0 {
        return usage_error(cmd, "--count must be at least 1");
    }
    let options = Options {
        symmetry,
        difficulty,
        givens,
        ..Options::default()
    };
    if let Err(e) = generator::validate(&options) {
        return usage_error(cmd, e);
    }
    let seed = seed.unwrap_or_else(|| {
        let s = Rng::fresh_seed();
        eprintln!("seed: {}", s);
        s
    });
    let work = move |k: usize| {
        let t = Instant::now();
        let made = generator::generate(&mut generator::rng_for(seed, k as u64 - 1), &options);
        (k, made, t.elapsed().as_secs_f64() * 1e3)
    };
    let writer = Writer {
        out: Out::new(),
        prev: None,
        to,
        with_solution,
        count,
        progress: count >= 100 && std::io::stderr().is_terminal(),
        stats: Stats::default(),
        failed: false,
    };
    let started = Instant::now();
    let mut writer = pool::run(jobs, 4, &work, writer, |feed| {
        for k in 1..=count {
            if feed.stopped() {
                break;
            }
            feed.push(k);
        }
    });
    if writer.progress {
        eprint!("\r\x1b[K");
    }
    writer.out.flush();
    if writer.failed {
        return 1;
    }
    if stats {
        eprintln!("{}", writer.stats.summary(started.elapsed().as_secs_f64()));
    }
    0
}

/// What a worker hands the writer: the puzzle's number, the puzzle (or why
/// there is none) and the milliseconds it took.
type Made = (usize, Result<Generated, GenError>, f64);

/// Writes the puzzles in order, with progress and statistics.
struct Writer {
    out: Out,
    prev: Option<Format>,
    to: Format,
    with_solution: bool,
    count: usize,
    progress: bool,
    stats: Stats,
    failed: bool,
}

impl Deliver<Made> for Writer {
    fn deliver(&mut self, (k, made, millis): Made) -> bool {
        let g = match made {
            Ok(g) => g,
            Err(e) => {
                self.out.flush();
                if self.progress {
                    eprint!("\r\x1b[K");
                }
                eprintln!("sudoku gen: puzzle {}: {}", k, e);
                self.failed = true;
                return false;
            }
        };
        self.stats.millis.push(millis);
        self.stats.givens.push(g.puzzle.givens());
        self.stats.attempts += g.attempts;
        write_puzzle(
            &mut self.out,
            &mut self.prev,
            k,
            &g.puzzle,
            &g.solution,
            self.to,
            self.with_solution,
        );
        if self.progress && (k % 50 == 0 || k == self.count) {
            eprint!("\rgenerated {}/{}", k, self.count);
        }
        true
    }

    fn idle(&mut self) {
        self.out.flush();
    }
}

/// What `--stats` reports.
#[derive(Default)]
struct Stats {
    millis: Vec<f64>,
    givens: Vec<usize>,
    attempts: usize,
}

impl Stats {
    /// `gen: 1000 puzzles in 0.451 s; per puzzle median 0.281 ms, worst
    /// 2.950 ms; givens median 24 (20 to 28); 1000 grids tried`
    fn summary(mut self, total: f64) -> String {
        let n = self.millis.len();
        self.millis.sort_by(f64::total_cmp);
        self.givens.sort_unstable();
        format!(
            "gen: {} puzzles in {:.3} s; per puzzle median {:.3} ms, worst {:.3} ms; givens median {} ({} to {}); {} grids tried",
            n,
            total,
            self.millis[n / 2],
            self.millis[n - 1],
            self.givens[n / 2],
            self.givens[0],
            self.givens[n - 1],
            self.attempts
        )
    }
}

/// Writes puzzle number `k` (and its solution) after whatever came before.
fn write_puzzle(
    out: &mut Out,
    prev: &mut Option<Format>,
    k: usize,
    puzzle: &Board,
    solution: &Board,
    to: Format,
    with_solution: bool,
) {
    if to == Format::Line {
        let line = puzzle.to_line();
        if with_solution {
            out.put(line.trim_end_matches('\n'));
            out.put("\t");
            out.put(&solution.to_line());
        } else {
            out.put(&line);
        }
        return;
    }
    let mut style = Style::new(to);
    if to == Format::Euler {
        style.label = Some(format!("Grid {:02}", k));
    }
    let mut boards = vec![(*puzzle, style.clone())];
    if with_solution {
        if to == Format::Euler {
            style.label = Some(format!("Grid {:02} solution", k));
        }
        boards.push((*solution, style));
    }
    for (board, style) in boards {
        if let Some(p) = *prev {
            out.put(format::separator(p, to));
        }
        out.put(&format::render(&board, &style));
        *prev = Some(to);
    }
}
