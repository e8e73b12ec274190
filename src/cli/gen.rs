//! `sudoku gen`: puzzles with exactly one solution, reproducible by seed,
//! at every size ([`generate`]; `--difficulty` and `--givens` on 9×9).

use super::options::{sizing_options, variant_options};
use super::pool::{self, Deliver};
use super::{jobs_option, usage_error, Args, Out, UsageError};
use std::io::IsTerminal;
use std::ops::RangeInclusive;
use std::time::Instant;
use sudoku_kit::board::shape::Shape;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::format::{self, Format, Style};
use sudoku_kit::generate::{self, GenOptions, Generated, Symmetry};
use sudoku_kit::logic::grade::Level;
use sudoku_kit::rng::Rng;
use sudoku_kit::study::against::{self, Climb};
use sudoku_kit::study::patterns::Pattern;
use sudoku_kit::Grid;

/// Help for `sudoku gen`.
pub const HELP: &str = "\
sudoku gen: puzzles with exactly one solution, at every size

usage: sudoku gen [-n COUNT] [--first K] [--seed S] [--box RxC]
                  [--symmetry SYM] [--difficulty LEVEL] [--givens N]
                  [--to FORMAT]
                  [--symbols digits|letters] [--with-solution] [--stats]
                  [--x] [--regions LAYOUT] [--killer [--cage-size A-B]]
                  [-j N]
                  [--against PATTERN [--steps N] [--node-limit N]]

Generates COUNT puzzles (default 1), each with exactly one solution
(every removal keeps it unique, and each finished puzzle's solutions are
counted again, up to 2). A complete grid is drawn at
random, then givens are removed in random order while the puzzle keeps
one solution; without --difficulty the result is minimal: no further
given (group of givens, with --symmetry) can go without a second solution.
With --box the board has another size; its puzzles are minimal up to
16x16, and above that have exactly one solution but may keep a few givens
a longer search would remove.

options
  -n, --count COUNT     how many puzzles (default 1)
  --first K             start at puzzle K of the seed's sequence (default 1):
                        with --seed, `-n C --first K` writes puzzles K to
                        K+C-1 of one run, so shards of one seed written one
                        after the other are that run byte for byte (after the
                        first shard, a multi-line --to starts with the blank
                        line between boards); the GNU parallel recipe is
                        in problems/SPEED.md (Past one machine)
  --seed S              seed (0 to 2^64-1): the same seed and options give the
                        same puzzles on every machine, whatever -j is (each
                        puzzle draws from the seed and its own number);
                        without it a seed is drawn and printed to stderr as
                        `seed: S`
  --box RxC             boxes of R rows by C columns, so boards of R*C by R*C
                        cells: 2x2 (4x4), 2x3 or 3x2 (6x6), 2x4 (8x8), 3x4
                        (12x12), 4x4 (16x16), 5x5 (25x25); default 3x3 (9x9)
  --symmetry SYM        none (default) | rot180 (half turn) | rot90 (quarter
                        turns) | mirror (across the middle column) | diagonal
                        (across the main diagonal): the pattern of the givens.
                        rot90 and diagonal need square boxes (RxR);
                        another is refused with the list of those that fit
  --x                   Sudoku X: both main diagonals hold every value too
  --regions LAYOUT      jigsaw: these regions replace the boxes (LAYOUT and
                        the size it gives: see `sudoku solve --help`); the
                        puzzles are unique on those regions
  --killer              killer puzzles (CodinGame's Killer Sudoku Solver):
                        cages drawn at random over each puzzle's filling,
                        covering every cell, with their sums; then the givens
                        are carved as usual (most puzzles keep none). Written
                        in the killer format (`--to killer`: rows with their
                        cage marks, then the sums), which `solve --from
                        killer` and the codingame_killer file read (cages
                        are marked a-z, A-Z, then 0-9 past 52 cages, which
                        CodinGame's letters do not reach). Up to 9x9; not
                        with --x or --regions (the format carries cages only)
  --cage-size A-B       (--killer) cages of A to B cells where room allows
                        (default 2-5, 2-4 on 4x4; a cage boxed in below A
                        joins a neighbour or stays small)
  --difficulty LEVEL    simple | easy | intermediate | expert: the grade of
                        `sudoku grade` must be exactly LEVEL (removal keeps the
                        grade at or below it; expert puzzles are found by
                        generating and rejecting); 9x9 only
  --givens N            stop removing at exactly N givens (17 to 81; under
                        rot90 N must be 4k or 4k+1); 9x9 only
  --to FORMAT           line (default), spaced, digits, js, euler (9x9 only),
                        pretty; killer (the default and the only format with
                        --killer)
  --symbols SET         how values are written: digits (default: 1-9, then
                        A, B, ... above 9) or letters (A, B, ...), as
                        `sudoku solve --symbols` reads them
  -j, --jobs N          generate on N threads, 1 to 1024 (default: every
                        core); the output is the same for every N
  --stats               at the end, print to stderr the time per puzzle
                        (median, worst), the total, the givens and the
                        grids tried (for benchmarks); off 9x9, how many
                        puzzles are not minimal instead of the grids
  -h, --help            this help
  --against PATTERN     make each puzzle against a backtracking pattern of
                        `sudoku study` (scan, blank-list, used-tables,
                        bitmask, fewest-candidates, dlx, engine): a hill
                        climb from a generated puzzle keeps every change
                        (digits relabelled, two rows of a band or columns of
                        a stack swapped, a given dropped or moved) that
                        keeps one solution and does not lower the pattern's
                        nodes; stderr gets one line per puzzle with the
                        nodes before and after (BOJ 12095 wants this against
                        a row-major search). Not with --symmetry,
                        --difficulty or --givens
  --steps N             (--against) changes tried per puzzle (default 500)
  --node-limit N        (--against) the most nodes one run of the pattern may
                        make (default 1000000): the climb stops there
  --with-solution       add each solution: in line format on the same line
                        after a tab (`PUZZLE<TAB>SOLUTION`; readers of the
                        line format ignore what follows the cells); in other
                        formats as the next board (euler: `Grid NN
                        solution`)

Each 9x9 puzzle gets up to 1000 fresh grids; when none fits --difficulty
and --givens, gen stops with a message (exit 1). Progress goes to stderr
when COUNT is 100 or more and stderr is a terminal.

exit status
  0  every puzzle written
  1  no grid fitted --difficulty and --givens (what came before is written)
  2  usage error

examples
  sudoku gen -n 5 --seed 1
  sudoku gen -n 2 --first 4 --seed 1
  sudoku gen --difficulty expert --symmetry rot180 --to pretty
  sudoku gen -n 20 --difficulty easy --with-solution | sudoku pdf -o /tmp/s.pdf
  sudoku gen -n 6 --box 2x3 --seed 4 --to pretty
  sudoku gen --box 4x4 --symbols letters --to digits
  sudoku gen --against blank-list --seed 1 --steps 100 --to spaced
  sudoku gen --killer --cage-size 3-9 --seed 2 | sudoku solve --from killer
";

/// What to make: the board's shape and variant, and the generator's
/// options.
#[derive(Clone)]
struct Plan {
    /// An empty board of the shape, played by the variant rules asked
    /// for (`--x`, `--regions`).
    rules: Grid,
    options: GenOptions,
    /// `--killer`: the sizes of the cages drawn.
    killer: Option<RangeInclusive<usize>>,
    /// `--against`: the pattern and how long to climb.
    against: Option<(Pattern, Climb)>,
}

impl Plan {
    /// Puzzle `k` (1-based) of the run seeded with `seed`; the error is
    /// phrased for the user.
    fn make(&self, seed: u64, k: usize) -> Result<Made, String> {
        let mut rng = generate::rng_for(seed, k as u64 - 1);
        if let Some(sizes) = &self.killer {
            return generate::generate_killer(&mut rng, &self.rules, sizes.clone(), &self.options)
                .map(|generated| Made {
                    generated,
                    report: None,
                })
                .map_err(|e| e.to_string());
        }
        let Some((pattern, climb)) = self.against else {
            return generate::generate_for(&mut rng, &self.rules, &self.options)
                .map(|generated| Made {
                    generated,
                    report: None,
                })
                .map_err(|e| e.to_string());
        };
        let found = against::against(&mut rng, self.rules.shape(), pattern, climb)
            .map_err(|e| e.to_string())?;
        let report = format!(
            "puzzle {}: {} {} -> {} nodes{}; {} of {} changes kept",
            k,
            pattern,
            found.start_nodes,
            found.nodes,
            if found.nodes >= climb.node_limit {
                ", the node limit"
            } else {
                ""
            },
            found.kept,
            climb.steps
        );
        let generated = Generated {
            puzzle: found.puzzle,
            solution: found.solution,
            attempts: 1,
            minimal: false,
        };
        Ok(Made {
            generated,
            report: Some(report),
        })
    }
}

/// A puzzle made, and what `--against` says of it on stderr.
struct Made {
    generated: Generated,
    report: Option<String>,
}

/// Everything `sudoku gen` was asked for.
struct Request {
    count: usize,
    first: usize,
    seed: Option<u64>,
    plan: Plan,
    to: Format,
    convention: Convention,
    with_solution: bool,
    stats: bool,
    jobs: usize,
}

/// Reads and checks the options; every mistake is a usage error.
fn request(args: &mut Args) -> Result<Request, UsageError> {
    let count = args.parsed::<usize>("--count", Some('n'))?.unwrap_or(1);
    let first = args.parsed::<usize>("--first", None)?;
    let seed = args.parsed::<u64>("--seed", None)?;
    let sizing = sizing_options(args)?;
    let variant = variant_options(args, sizing.shape)?;
    // The layouts' size, when no --box is given.
    let shape = match (&variant, sizing.shape) {
        (_, Some(shape)) => shape,
        (Some(v), None) => v.shape().unwrap_or(Shape::CLASSIC),
        (None, None) => Shape::CLASSIC,
    };
    let mut rules = Grid::empty(shape);
    if let Some(variant) = variant {
        rules = rules
            .with_variant(variant)
            .map_err(|e| UsageError(e.to_string()))?;
    }
    let difficulty = args.parsed::<Level>("--difficulty", None)?;
    let symmetry = args
        .parsed::<Symmetry>("--symmetry", None)?
        .unwrap_or(Symmetry::None);
    let givens = args.parsed::<usize>("--givens", None)?;
    let killer = args.flag("--killer", None);
    let cage_size = args.value("--cage-size", None)?;
    let to = args.parsed::<Format>("--to", None)?;
    let convention = sizing.symbols.unwrap_or(Convention::Digits);
    let with_solution = args.flag("--with-solution", None);
    let stats = args.flag("--stats", None);
    let jobs = jobs_option(args)?;
    let against = args.parsed::<Pattern>("--against", None)?;
    let steps = args.parsed::<usize>("--steps", None)?;
    let node_limit = args.parsed::<u64>("--node-limit", None)?;
    if count == 0 {
        return Err(UsageError("--count must be at least 1".to_string()));
    }
    if first.is_some() && seed.is_none() {
        return Err(UsageError(
            "--first needs --seed (the shards of a run share its seed)".to_string(),
        ));
    }
    let first = first.unwrap_or(1);
    if first == 0 || first.checked_add(count).is_none() {
        return Err(UsageError(format!(
            "--first {}: expected a puzzle number from 1 on, with -n more after it",
            first
        )));
    }
    let killer = match (killer, cage_size) {
        (false, Some(_)) => return Err(UsageError("--cage-size goes with --killer".to_string())),
        (false, None) => None,
        (true, Some(sizes)) => Some(cage_sizes(&sizes, shape)?),
        // 2 to 5 cells, or up to the board's size on a 4x4.
        (true, None) => Some(2..=shape.size().min(5)),
    };
    let to = match (to, &killer) {
        (None, Some(_)) | (Some(Format::Killer), Some(_)) => Format::Killer,
        (Some(other), Some(_)) => {
            return Err(UsageError(format!(
                "--killer writes the killer format only (its cages and sums), not --to {}",
                other
            )))
        }
        (to, None) => to.unwrap_or(Format::Line),
    };
    if killer.is_some() && !rules.is_classic() {
        return Err(UsageError(
            "--killer writes the killer format, which carries cages only: not with --x or --regions"
                .to_string(),
        ));
    }
    if killer.is_some() && shape.size() > generate::KILLER_UP_TO {
        return Err(UsageError(format!(
            "--killer makes puzzles up to 9x9, and this board is {}x{}",
            shape.size(),
            shape.size()
        )));
    }
    let options = GenOptions {
        symmetry,
        difficulty,
        givens,
        ..GenOptions::default()
    };
    match killer {
        Some(_) => generate::validate_killer(shape, &options),
        None => generate::validate(shape, &options),
    }
    .map_err(|e| UsageError(e.to_string()))?;
    generate::validate_variant(rules.variant(), &options).map_err(|e| UsageError(e.to_string()))?;
    if to == Format::Euler && shape != Shape::CLASSIC {
        let e = generate::GenError::NineByNineOnly("--to euler", shape);
        return Err(UsageError(e.to_string()));
    }
    let against = match against {
        None if steps.is_some() || node_limit.is_some() => {
            return Err(UsageError(
                "--steps and --node-limit go with --against".to_string(),
            ))
        }
        None => None,
        Some(_) if options != GenOptions::default() => {
            return Err(UsageError(
                "--against makes its own givens: not with --symmetry, --difficulty or --givens"
                    .to_string(),
            ))
        }
        Some(_) if node_limit == Some(0) => {
            return Err(UsageError("--node-limit must be at least 1".to_string()))
        }
        Some(pattern) => {
            let climb = Climb {
                steps: steps.unwrap_or(500),
                node_limit: node_limit.unwrap_or(1_000_000),
            };
            Some((pattern, climb))
        }
    };
    if against.is_some() && killer.is_some() {
        return Err(UsageError(
            "--against makes classic puzzles only, not with --killer".to_string(),
        ));
    }
    if against.is_some() && !rules.is_classic() {
        return Err(UsageError(
            "--against makes classic puzzles only, not with --x or --regions".to_string(),
        ));
    }
    let plan = Plan {
        rules,
        options,
        killer,
        against,
    };
    Ok(Request {
        count,
        first,
        seed,
        plan,
        to,
        convention,
        with_solution,
        stats,
        jobs,
    })
}

/// `--cage-size A-B`: 1 ≤ A ≤ B ≤ N (the board's size), with B large
/// enough that the cages can have a mark each.
fn cage_sizes(text: &str, shape: Shape) -> Result<RangeInclusive<usize>, UsageError> {
    let n = shape.size();
    let bad = || {
        UsageError(format!(
            "--cage-size {}: expected A-B, two cell counts from 1 to {} with A at most B (e.g. 2-5)",
            text, n
        ))
    };
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b || b > n {
        return Err(bad());
    }
    let fewest = (n * n).div_ceil(b);
    if fewest > generate::CAGE_MARKS {
        return Err(UsageError(format!(
            "--cage-size {}: a {}x{} board in cages of at most {} cell{} needs {} cages or more, \
             more than the {} cage marks (a-z, A-Z, 0-9)",
            text,
            n,
            n,
            b,
            if b == 1 { "" } else { "s" },
            fewest,
            generate::CAGE_MARKS
        )));
    }
    Ok(a..=b)
}

/// Runs `sudoku gen`; returns the exit code.
pub fn run(mut args: Args) -> i32 {
    let cmd = args.command();
    let request = match request(&mut args) {
        Ok(r) => r,
        Err(e) => return usage_error(cmd, e),
    };
    let rest = match args.positionals() {
        Ok(rest) => rest,
        Err(e) => return usage_error(cmd, e),
    };
    if let Some(file) = rest.first() {
        return usage_error(cmd, format!("gen reads no files (got `{}`)", file));
    }
    let seed = request.seed.unwrap_or_else(|| {
        let s = Rng::fresh_seed();
        eprintln!("seed: {}", s);
        s
    });
    let plan = request.plan;
    let work = move |k: usize| {
        let t = Instant::now();
        let made = plan.make(seed, k);
        (k, made, t.elapsed().as_secs_f64() * 1e3)
    };
    let (count, first) = (request.count, request.first);
    let writer = Writer {
        out: Out::new(),
        // A shard after the first goes on from the board before it.
        prev: (first > 1).then_some(request.to),
        to: request.to,
        convention: request.convention,
        with_solution: request.with_solution,
        count,
        first,
        progress: count >= 100 && std::io::stderr().is_terminal(),
        stats: Stats::default(),
        failed: false,
    };
    let started = Instant::now();
    let mut writer = pool::run(request.jobs, 4, &work, writer, |feed| {
        for k in first..first + count {
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
    if request.stats {
        eprintln!("{}", writer.stats.summary(started.elapsed().as_secs_f64()));
    }
    0
}

/// What a worker hands the writer: the puzzle's number, the puzzle (or why
/// there is none) and the milliseconds it took.
type Outcome = (usize, Result<Made, String>, f64);

/// Writes the puzzles in order, with progress and statistics.
struct Writer {
    out: Out,
    prev: Option<Format>,
    to: Format,
    convention: Convention,
    with_solution: bool,
    count: usize,
    /// The number of the first puzzle written (`--first`).
    first: usize,
    progress: bool,
    stats: Stats,
    failed: bool,
}

impl Deliver<Outcome> for Writer {
    fn deliver(&mut self, (k, made, millis): Outcome) -> bool {
        let (g, report) = match made {
            Ok(made) => (made.generated, made.report),
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
        self.stats.grids += g.attempts;
        self.stats.not_minimal += usize::from(!g.minimal);
        self.stats.sized |= g.puzzle.size() != 9;
        self.write_puzzle(k, &g);
        if let Some(report) = report {
            self.out.flush();
            eprintln!("{}", report);
        }
        let done = k + 1 - self.first;
        if self.progress && (done.is_multiple_of(50) || done == self.count) {
            eprint!("\rgenerated {}/{}", done, self.count);
        }
        true
    }

    fn idle(&mut self) {
        self.out.flush();
    }
}

impl Writer {
    /// Writes puzzle number `k` (and its solution) after whatever came
    /// before.
    fn write_puzzle(&mut self, k: usize, g: &Generated) {
        let mut style = Style::new(self.to);
        style.convention = self.convention;
        if self.to == Format::Line {
            let line = format::render(&g.puzzle, &style);
            if self.with_solution {
                self.out.put(line.trim_end_matches('\n'));
                self.out.put("\t");
                self.out.put(&format::render(&g.solution, &style));
            } else {
                self.out.put(&line);
            }
            return;
        }
        if self.to == Format::Euler {
            style.label = Some(format!("Grid {:02}", k));
        }
        let mut boards = vec![(&g.puzzle, style.clone())];
        if self.with_solution {
            if self.to == Format::Euler {
                style.label = Some(format!("Grid {:02} solution", k));
            }
            boards.push((&g.solution, style));
        }
        for (grid, style) in boards {
            if let Some(p) = self.prev {
                self.out.put(format::separator(p, self.to));
            }
            self.out.put(&format::render(grid, &style));
            self.prev = Some(self.to);
        }
    }
}

/// What `--stats` reports.
#[derive(Default)]
struct Stats {
    millis: Vec<f64>,
    givens: Vec<usize>,
    grids: usize,
    not_minimal: usize,
    /// True when the puzzles are not 9×9 (then minimality is reported
    /// instead of the grids tried).
    sized: bool,
}

impl Stats {
    /// `gen: 1000 puzzles in 0.451 s; per puzzle median 0.281 ms, worst
    /// 2.950 ms; givens median 24 (20 to 28); 1000 grids tried`; off 9×9
    /// the end says `all minimal` or `3 not minimal`.
    fn summary(mut self, total: f64) -> String {
        let n = self.millis.len();
        self.millis.sort_by(f64::total_cmp);
        self.givens.sort_unstable();
        let tail = match (self.sized, self.not_minimal) {
            (false, _) => format!("{} grids tried", self.grids),
            (true, 0) => "all minimal".to_string(),
            (true, k) => format!("{} not minimal", k),
        };
        format!(
            "gen: {} puzzles in {:.3} s; per puzzle median {:.3} ms, worst {:.3} ms; givens median {} ({} to {}); {}",
            n,
            total,
            self.millis[n / 2],
            self.millis[n - 1],
            self.givens[n / 2],
            self.givens[0],
            self.givens[n - 1],
            tail
        )
    }
}
