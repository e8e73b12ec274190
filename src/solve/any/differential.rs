//! The differential run of `make bench` (an ignored test): the engine
//! against the plain reference search (`crate::solve::reference`) on
//! seeded random boards of every shape, 4×4 to 25×25, for its answers and
//! its time. `cargo test --release --lib bench_differential -- --ignored
//! --nocapture`; `SUDOKU_BOARDS` boards per shape (default 10,000),
//! `SUDOKU_THREADS` threads sharing each shape's boards (default: every
//! core),
//! `SUDOKU_SHAPES` (say `4x4,5x5`) to run some shapes only.
//!
//! Every board is counted to 2 by both; a board with two solutions also
//! gets its smallest solution from both. Each side's time is the CPU time
//! of the thread that ran it. The rule checked is "never over 1 s where
//! the plain search takes under 50 ms", so each side may give up where
//! the rule no longer applies to it: the reference after
//! [`PLAIN_SECONDS`] of CPU, the general engine after [`ENGINE_BUDGET`]
//! placements per cell (a few seconds on a 25×25); the run fails when the
//! engine gives up on a board the reference answered under 50 ms. The
//! engine's times cover every board it answered, those the reference gave
//! up on included, and the boards where it took over a second are listed
//! under their row by their index in the shape's seeded sequence.

use super::bench::thread_cpu;
use super::{count_solutions, smallest_solution, Engine};
use crate::board::grid::line;
use crate::board::grid::Grid;
use crate::board::shape::{boxes, Shape};
use crate::solve::reference::{self, Budget, SHAPES};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The reference's CPU budget per search, in seconds: a little over the
/// 50 ms of the rule.
const PLAIN_SECONDS: f64 = 0.06;

/// The engine may take this long where the reference takes under
/// [`FAST_PLAIN`].
const SLOW_ENGINE: f64 = 1.0;
const FAST_PLAIN: f64 = 0.05;

/// The placements per cell the engine may make counting one board, or
/// finding its smallest solution: past them it gives up (about 2.5 million on a 25×25, a few seconds), and the
/// run fails if the reference answered that board in under [`FAST_PLAIN`].
/// (In the runs so far the reference gave up on every board that needs
/// more.)
const ENGINE_BUDGET: u64 = 4096;

/// The engine's count to 2: the 9×9 engine for 3×3 (it has no budget and
/// needs none), the general engine within [`ENGINE_BUDGET`] otherwise.
enum Counter {
    Nine,
    General(Box<Engine>, u64),
}

impl Counter {
    fn new(shape: Shape) -> Counter {
        match shape == Shape::CLASSIC {
            true => Counter::Nine,
            false => Counter::General(
                Box::new(Engine::new(&Grid::empty(shape))),
                ENGINE_BUDGET * shape.cell_count() as u64,
            ),
        }
    }

    fn count(&self, board: &Grid) -> Option<usize> {
        match self {
            Counter::Nine => Some(count_solutions(board, 2)),
            Counter::General(engine, budget) => engine.count_within(board, 2, *budget),
        }
    }

    /// The smallest solution of a board with several; `None` past the budget.
    fn smallest(&self, board: &Grid) -> Option<Grid> {
        match self {
            Counter::Nine => smallest_solution(board),
            Counter::General(engine, budget) => engine.smallest_within(board, *budget).flatten(),
        }
    }
}

/// One shape's figures: CPU seconds per board of each side and mode, and
/// what went wrong.
#[derive(Default)]
struct Row {
    /// Boards with no solution, one, and two or more.
    counts: [usize; 3],
    engine_count: Vec<f64>,
    plain_count: Vec<f64>,
    engine_smallest: Vec<f64>,
    plain_smallest: Vec<f64>,
    /// The largest engine ÷ reference time on one board, for the count
    /// and for the smallest solution (where the reference answered).
    worst_ratio: [f64; 2],
    /// Boards the reference gave up on: counts, smallest solutions.
    gave_up: [usize; 2],
    /// Boards the engine gave up on (past [`ENGINE_BUDGET`]): counts,
    /// smallest solutions.
    engine_gave_up: [usize; 2],
    failures: Vec<String>,
    /// The boards where the engine took over [`SLOW_ENGINE`], outside the
    /// rule (the reference gave up or took as long): seconds, and what to
    /// print (the board's index and the times).
    slow: Vec<(f64, String)>,
}

impl Row {
    /// The shape's seeded sequence of `boards` random boards.
    fn boards(shape: Shape, boards: usize) -> Vec<Grid> {
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let mut rng = crate::rng::Rng::new(2026 + (r * 10 + c) as u64);
        (0..boards)
            .map(|_| reference::random_board(&mut rng, shape))
            .collect()
    }

    /// Runs the boards of `boards` that `next` hands this thread (the
    /// threads share one counter, so each board runs once).
    fn run(shape: Shape, boards: &[Grid], next: &AtomicUsize) -> Row {
        let mut row = Row::default();
        let budget = Budget::Seconds(PLAIN_SECONDS);
        let engine = Counter::new(shape);
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(board) = boards.get(k) else {
                break;
            };
            let shown = || format!("{} {}", shape, line(board));
            let (count, engine_t) = timed(|| engine.count(board));
            if engine_t > SLOW_ENGINE {
                let said = format!("board {}: count {:.2} s", k, engine_t);
                row.slow.push((engine_t, said));
            }
            row.engine_count.push(engine_t);
            let (plain, plain_t) = timed(|| reference::count(board, 2, budget));
            let Some(count) = count else {
                row.engine_gave_up[0] += 1;
                if plain.is_some() && plain_t < FAST_PLAIN {
                    row.failures
                        .push(format!("{}: the engine gave up", shown()));
                }
                continue;
            };
            row.counts[count] += 1;
            let Some(plain) = plain else {
                row.gave_up[0] += 1;
                continue;
            };
            row.plain_count.push(plain_t);
            row.worst_ratio[0] = row.worst_ratio[0].max(engine_t / plain_t.max(1e-5));
            if plain.count != count {
                row.failures.push(format!(
                    "{}: count {} but plain {}",
                    shown(),
                    count,
                    plain.count
                ));
            } else if engine_t > SLOW_ENGINE && plain_t < FAST_PLAIN {
                row.failures
                    .push(format!("{}: count took {:.2} s", shown(), engine_t));
            }
            if count < 2 {
                continue;
            }
            let (best, best_t) = timed(|| reference::smallest(board, budget));
            let (smallest, smallest_t) = timed(|| engine.smallest(board));
            if smallest_t > SLOW_ENGINE {
                let plain = match best {
                    Some(_) => format!("plain {:.3} s", best_t),
                    None => "plain gave up".to_string(),
                };
                let said = format!("board {}: smallest {:.2} s, {}", k, smallest_t, plain);
                row.slow.push((smallest_t, said));
            }
            let Some(smallest) = smallest else {
                row.engine_gave_up[1] += 1;
                if best.is_some() && best_t < FAST_PLAIN {
                    row.failures
                        .push(format!("{}: the engine gave up its smallest", shown()));
                }
                continue;
            };
            row.engine_smallest.push(smallest_t);
            let Some(best) = best else {
                row.gave_up[1] += 1;
                continue;
            };
            row.plain_smallest.push(best_t);
            row.worst_ratio[1] = row.worst_ratio[1].max(smallest_t / best_t.max(1e-5));
            if best.first.as_ref() != Some(&smallest) {
                row.failures
                    .push(format!("{}: not the plain smallest", shown()));
            } else if smallest_t > SLOW_ENGINE && best_t < FAST_PLAIN {
                row.failures
                    .push(format!("{}: smallest took {:.2} s", shown(), smallest_t));
            }
        }
        row
    }

    /// Adds another thread's part of the same shape's boards.
    fn merge(&mut self, other: Row) {
        for i in 0..3 {
            self.counts[i] += other.counts[i];
        }
        for i in 0..2 {
            self.worst_ratio[i] = self.worst_ratio[i].max(other.worst_ratio[i]);
            self.gave_up[i] += other.gave_up[i];
            self.engine_gave_up[i] += other.engine_gave_up[i];
        }
        self.engine_count.extend(other.engine_count);
        self.plain_count.extend(other.plain_count);
        self.engine_smallest.extend(other.engine_smallest);
        self.plain_smallest.extend(other.plain_smallest);
        self.failures.extend(other.failures);
        self.slow.extend(other.slow);
    }

    /// The table's line for `shape`.
    fn line(&self, shape: Shape, boards: usize) -> String {
        let gave_up = match (self.gave_up, self.engine_gave_up) {
            ([0, 0], [0, 0]) => String::new(),
            ([k, m], [0, 0]) => format!("  (plain gave up: {} counts, {} smallest)", k, m),
            ([k, m], [e, f]) => format!(
                "  (plain gave up: {} counts, {} smallest; the engine, where plain did too: \
                 {} counts, {} smallest)",
                k, m, e, f
            ),
        };
        // The five slowest, slowest first.
        let mut slow = self.slow.clone();
        slow.sort_by(|a, b| b.0.total_cmp(&a.0));
        let slowest: Vec<&str> = slow.iter().take(5).map(|(_, said)| said.as_str()).collect();
        let slow = match slow.len() {
            0 => String::new(),
            k => format!(
                "\n       engine over 1 s on {} boards; slowest {}",
                k,
                slowest.join("; ")
            ),
        };
        format!(
            "{:<6} {:>6} {:>18} {:>16} {:>16} {:>16} {:>16} {:>8.1} {:>8.1}{}{}",
            shape.to_string(),
            boards,
            format!(
                "{} / {} / {}",
                self.counts[0], self.counts[1], self.counts[2]
            ),
            median_worst(&self.engine_count),
            median_worst(&self.plain_count),
            median_worst(&self.engine_smallest),
            median_worst(&self.plain_smallest),
            self.worst_ratio[0],
            self.worst_ratio[1],
            gave_up,
            slow
        )
    }
}

/// `f()` and the CPU seconds it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = thread_cpu();
    let value = f();
    (value, thread_cpu() - start)
}

/// `median / worst` in milliseconds, or `-` for no boards.
fn median_worst(times: &[f64]) -> String {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => "-".to_string(),
        n => format!("{:.3} / {:.1}", sorted[n / 2] * 1e3, sorted[n - 1] * 1e3),
    }
}

fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|n| n.parse().ok())
}

#[test]
#[ignore]
fn bench_differential() {
    let boards = env_number("SUDOKU_BOARDS").unwrap_or(10_000);
    let threads = env_number("SUDOKU_THREADS")
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
        .max(1);
    println!(
        "{:<6} {:>6} {:>18} {:>16} {:>16} {:>16} {:>16} {:>8} {:>8}",
        "shape",
        "boards",
        "0 / 1 / 2+ sols",
        "engine count",
        "plain count",
        "engine smallest",
        "plain smallest",
        "worst x",
        "worst x"
    );
    // The largest shapes first; `SUDOKU_SHAPES=4x4,5x5` runs those alone.
    let only = std::env::var("SUDOKU_SHAPES").unwrap_or_default();
    let shapes: Vec<Shape> = SHAPES
        .iter()
        .rev()
        .map(|&(r, c)| boxes(r, c))
        .filter(|s| only.is_empty() || only.split(',').any(|o| o == s.to_string()))
        .collect();
    let mut failures = Vec::new();
    let started = std::time::Instant::now();
    for &shape in &shapes {
        // The threads share the shape's boards, one at a time.
        let sequence = Row::boards(shape, boards);
        let next = AtomicUsize::new(0);
        let row = Mutex::new(Row::default());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let part = Row::run(shape, &sequence, &next);
                    row.lock().unwrap().merge(part);
                });
            }
        });
        let row = row.into_inner().unwrap();
        println!("{}", row.line(shape, boards));
        failures.extend(row.failures);
    }
    println!(
        "{} shapes in {:.0} s of wall time on {} threads; medians / worst in CPU ms; \
         the plain search gives up after {} ms",
        shapes.len(),
        started.elapsed().as_secs_f64(),
        threads,
        PLAIN_SECONDS * 1e3
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
