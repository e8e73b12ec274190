//! Stress testing (`sudoku stress`): find an input, inside what the
//! statement promises, on which a program fails, and shrink it.
//!
//! Glossary: a *trial* is one input run and judged; the *promise* is what
//! the folder's statement allows ([`crate::judge::promise`]); the
//! *reference* is the program whose output is the expected answer under
//! `answers = exact` (every other rule is judged by the special judge
//! from the input alone).
//!
//! The search runs in rounds until a trial fails or the budget ends; each
//! round gives every strategy its turn ([`Strategy`]):
//! 1. **random**: inputs drawn across the promised space: every density
//!    from full to empty, every promised class (one, several, no solution,
//!    clashing givens), every promised size, the least and the most boards
//!    and counts between;
//! 2. **hard**: the hard families ([`boards::hard_board`]): the published
//!    hard puzzles, the folder's own boards and fresh minimal puzzles,
//!    relabelled so that a fixed scan order (rows, columns, either
//!    reversed) meets descending values, in random isomorphic forms, as
//!    many boards as the promise allows in one input;
//! 3. **adversarial**: the program as a black box: the slowest inputs so
//!    far are changed one step ([`boards::mutate`]: an isomorphic
//!    transform, two values swapped, a given taken away or added; a board
//!    added) and a change is kept when it raises the program's CPU time.
//!
//! A run starts only when its whole time limit fits in the budget left, so
//! the search ends within the budget. At the first failure the input is
//! shrunk ([`shrink::shrink`]) while the same verdict holds, until the
//! budget ends but for at least a quarter of it.
//!
//! | file | what it holds |
//! |---|---|
//! | `boards.rs` | boards inside the promise: random, hard, mutated; isomorphic transforms |
//! | `draw.rs` | drawing each strategy's inputs from one seeded generator |
//! | `input.rs` | one input as data and as bytes in the folder's format and framing; moves, dominoes |
//! | `shrink.rs` | shrinking a failing input |

pub mod boards;
mod draw;
pub mod input;
pub mod shrink;

use crate::board::grid::Grid;
use crate::format::{Cases, Format, Reader, Style};
use crate::judge::checker::Rule;
use crate::judge::promise::{InputKind, Promise};
use crate::judge::run::{run_program, Stdin};
use crate::judge::verdict::{failed_for_memory, judge_run, Status};
use crate::judge::{Answers, Conf, Limits};
use crate::rng::Rng;
use draw::Drawer;
use input::{InputLayout, StressInput};
use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The three strategies, in the order a round runs them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Strategy {
    /// Random inputs across the promised space.
    Random,
    /// The hard families.
    Hard,
    /// Mutations of the slowest inputs kept when they raise CPU time.
    Adversarial,
}

impl Strategy {
    /// All three, in round order.
    pub const ALL: [Strategy; 3] = [Strategy::Random, Strategy::Hard, Strategy::Adversarial];

    /// `random`, `hard`, `adversarial`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Hard => "hard",
            Strategy::Adversarial => "adversarial",
        }
    }
}

/// What stress knows of a problem folder.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The folder's rule (the special judge's part of `judge.conf`).
    pub rule: Rule,
    /// The limits of one run.
    pub limits: Limits,
    /// What the statement promises about inputs.
    pub promise: Promise,
    /// How inputs are written.
    pub layout: InputLayout,
    /// Empty boards of each promised shape with the folder's variant (for
    /// jigsaws, one per region layout its cases use).
    pub rules: Vec<Grid>,
    /// The boards of the folder's own cases.
    pub seeds: Vec<Grid>,
    /// The domino puzzles of its cases (`input = dominoes`).
    pub dominoes: Vec<input::Domino>,
    /// Under `answers = exact`, the program whose output is expected.
    pub reference: Option<String>,
}

impl Problem {
    /// The problem of a folder with `conf`, run under `limits`, learning
    /// its input layout and seed boards from `cases` (the texts of its
    /// `.in` files). Errors: an output-only folder (nothing to generate),
    /// an exact folder without `reference`.
    pub fn new(
        conf: &Conf,
        limits: Limits,
        cases: &[Vec<u8>],
        reference: Option<String>,
    ) -> Result<Problem, String> {
        let promise = conf.promise();
        if promise.input == InputKind::Nothing {
            return Err(
                "the statement's input is empty (input = none, an output-only problem): there \
                 is no input to generate; judge the output with `sudoku judge`"
                    .to_string(),
            );
        }
        if conf.answers == Answers::Exact && reference.is_none() {
            return Err(
                "answers = exact: the expected answers come from a reference program; \
                 give --reference PROGRAM (or build the folder's binary)"
                    .to_string(),
            );
        }
        if promise.shapes.is_empty() {
            return Err("the promise names no board size the kit reads (4 to 25)".to_string());
        }
        let (layout, seeds) = learn(conf, cases);
        let rules = rule_boards(conf, &promise, &seeds);
        let dominoes: Vec<input::Domino> = cases
            .iter()
            .flat_map(|t| input::read_dominoes(&String::from_utf8_lossy(t)))
            .collect();
        if promise.input == InputKind::Dominoes && dominoes.is_empty() {
            return Err(
                "input = dominoes: no domino puzzle in the folder's cases to start from"
                    .to_string(),
            );
        }
        Ok(Problem {
            rule: Rule::from_conf(conf),
            limits,
            promise,
            layout,
            rules,
            seeds,
            dominoes,
            reference,
        })
    }
}

/// The layout and boards of the folder's cases: the first board's style
/// (its format, js quote, symbols), the blank character the cases write,
/// a blank line after the count line; every board read.
fn learn(conf: &Conf, cases: &[Vec<u8>]) -> (InputLayout, Vec<Grid>) {
    let format = conf.from.or(conf.format).unwrap_or(Format::Spaced);
    let mut layout = InputLayout::new(format, conf.cases);
    layout.blank = conf.sizing.blank;
    layout.separator = conf.sizing.separator.map(|s| s.to_string());
    let mut seeds = Vec::new();
    let mut styled = false;
    for text in cases {
        let reader = Reader::new(&text[..], conf.from, conf.cases).with_sizing(conf.sizing);
        for puzzle in reader.flatten() {
            if !styled {
                layout.style = Style {
                    label: None,
                    ..puzzle.style.clone()
                };
                let s = String::from_utf8_lossy(text);
                let mut lines = s.lines();
                layout.blank_after_count = conf.cases == Cases::Count
                    && lines.next().is_some()
                    && lines.next().is_some_and(|l| l.trim().is_empty());
                let one_char = matches!(puzzle.style.format, Format::Digits | Format::Line);
                if layout.blank.is_none() && one_char && board_lines_have_dots(&s) {
                    layout.blank = Some('.');
                }
                styled = true;
            }
            seeds.push(puzzle.grid);
        }
    }
    (layout, seeds)
}

/// True when a case's board lines write blanks as `.`.
fn board_lines_have_dots(text: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("end"))
        .any(|l| l.contains('.'))
}

/// The empty boards inputs are drawn on: per promised shape, the folder's
/// variant (`x`, `regions`, `cages` keys), or for `from = walls` each
/// region layout of its cases, or for `from = killer` a caged board (the
/// cages are drawn anew per board).
fn rule_boards(conf: &Conf, promise: &Promise, seeds: &[Grid]) -> Vec<Grid> {
    let mut rules = Vec::new();
    for &shape in &promise.shapes {
        let empty = Grid::empty(shape);
        match conf.from {
            Some(Format::Walls) => {
                for seed in seeds.iter().filter(|s| s.shape() == shape) {
                    if seed.variant().regions().is_some() {
                        let cells = vec![0; shape.cell_count()];
                        if let Ok(r) = seed.with_cells(cells) {
                            if !rules.contains(&r) {
                                rules.push(r);
                            }
                        }
                    }
                }
                rules.push(empty);
            }
            Some(Format::Killer) => {
                let mut rng = Rng::new(1);
                let options = crate::generate::GenOptions::default();
                if let Ok(made) =
                    crate::generate::generate_killer(&mut rng, &empty, 2..=5, &options)
                {
                    let cells = vec![0; shape.cell_count()];
                    rules.push(made.puzzle.with_cells(cells).unwrap_or(empty));
                }
            }
            _ => match &conf.variant {
                Some(v) if v.fits(shape) => {
                    rules.push(empty.clone().with_variant(Arc::clone(v)).unwrap_or(empty))
                }
                _ => rules.push(empty),
            },
        }
    }
    rules
}

/// The budget and the seed of a run.
#[derive(Clone, Copy, Debug)]
pub struct StressOptions {
    /// Wall time for the whole search.
    pub budget: Duration,
    /// The seed every random choice is drawn from.
    pub seed: u64,
    /// Which strategies run (random, hard, adversarial); an adversarial
    /// search alone starts from random inputs.
    pub strategies: [bool; 3],
}

/// Where a search stands, for a progress line.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Rounds begun.
    pub round: usize,
    /// Inputs tried per strategy (random, hard, adversarial).
    pub tried: [usize; 3],
    /// The largest CPU time of a run so far.
    pub slowest: Duration,
    /// Budget left.
    pub left: Duration,
}

/// The slowest input of a search.
#[derive(Clone, Debug)]
pub struct Slowest {
    /// Its bytes.
    pub input: Vec<u8>,
    /// The program's CPU time on it.
    pub cpu: Duration,
    /// The strategy that made it.
    pub strategy: Strategy,
}

/// A failure found and shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The verdict on the shrunk input (its reason is the judge's).
    pub status: Status,
    /// The strategy whose input failed first.
    pub strategy: Strategy,
    /// The shrunk input's bytes.
    pub input: Vec<u8>,
    /// Its boards and givens.
    pub boards: usize,
    /// Givens over all its boards.
    pub givens: usize,
    /// The failing input's boards and givens before shrinking.
    pub first: (usize, usize),
    /// Wall time from the start to the first failure.
    pub found_after: Duration,
    /// Runs spent shrinking.
    pub shrink_runs: usize,
    /// The expected output of the shrunk input under `answers = exact`
    /// (the reference's output); `None` under the other rules, which the
    /// special judge checks from the input alone.
    pub expected: Option<Vec<u8>>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct StressReport {
    /// The failure, if one was found.
    pub failure: Option<Failure>,
    /// Inputs tried per strategy (random, hard, adversarial).
    pub tried: [usize; 3],
    /// Inputs left out: the reference failed on them, or the judge found
    /// them broken (none should be).
    pub rejected: usize,
    /// The slowest input.
    pub slowest: Option<Slowest>,
    /// Rounds begun.
    pub rounds: usize,
    /// The adversarial climb: per kept change, the wall time since the
    /// start and the program's CPU time on the new input.
    pub climb: Vec<(Duration, Duration)>,
    /// Wall time of the whole search, shrinking included.
    pub elapsed: Duration,
}

/// One input run and judged.
struct Trial {
    status: Status,
    cpu: Duration,
    expected: Option<Vec<u8>>,
}

/// Runs `program` on `bytes` and judges the run; `Ok(None)` when the
/// input is left out (the reference failed on it, or the judge calls it
/// broken).
fn trial(problem: &Problem, program: &str, bytes: &[u8]) -> io::Result<Option<Trial>> {
    let expected = match &problem.reference {
        Some(reference) if problem.rule.answers == Answers::Exact => {
            let generous = Limits {
                time: (problem.limits.time * 10).max(Duration::from_secs(10)),
                ..problem.limits
            };
            let run = run_program(reference, Stdin::Bytes(bytes), &generous)?;
            let ended_well = run.exit == crate::judge::run::Exit::Code(0);
            if !ended_well || run.timed_out || run.output_exceeded {
                return Ok(None);
            }
            Some(run.stdout)
        }
        _ => None,
    };
    let run = run_program(program, Stdin::Bytes(bytes), &problem.limits)?;
    let mut status = judge_run(
        &problem.rule,
        bytes,
        expected.as_deref(),
        &run,
        &problem.limits,
    );
    if let Status::RuntimeError(_) = status {
        if let Some(why) = failed_for_memory(program, Stdin::Bytes(bytes), &problem.limits)? {
            status = Status::MemoryLimit(why);
        }
    }
    if let Status::JudgeFailure(_) = status {
        return Ok(None);
    }
    Ok(Some(Trial {
        status,
        cpu: run.cpu.unwrap_or(run.wall),
        expected,
    }))
}

/// Searches for an input on which `program` fails (see the module notes),
/// calling `progress` after every trial. Errors: the program cannot be
/// started, or the search was interrupted (kind `Interrupted`).
pub fn stress(
    problem: &Problem,
    program: &str,
    options: &StressOptions,
    progress: &mut dyn FnMut(&Progress),
) -> io::Result<StressReport> {
    let start = Instant::now();
    let deadline = start + options.budget;
    let mut drawer = Drawer {
        problem,
        rng: Rng::new(options.seed),
        random_k: 0,
        hard_k: 0,
        deadline: deadline - problem.limits.time.min(options.budget),
    };
    let mut report = StressReport {
        failure: None,
        tried: [0; 3],
        rejected: 0,
        slowest: None,
        rounds: 0,
        climb: Vec::new(),
        elapsed: Duration::ZERO,
    };
    // The slowest inputs so far, slowest first, with their CPU times.
    let mut pool: Vec<(StressInput, Duration)> = Vec::new();
    const POOL: usize = 4;
    // Adversarial steps since the last one kept; at RESTART the climb is
    // stuck on a local peak and starts again from fresh inputs.
    let mut stale = 0;
    const RESTART: usize = 300;
    let fits = |now: Instant| now + problem.limits.time <= deadline;
    'search: while fits(Instant::now()) {
        report.rounds += 1;
        for (s, strategy) in Strategy::ALL.into_iter().enumerate() {
            if !options.strategies[s] {
                continue;
            }
            let turns = if strategy == Strategy::Hard { 1 } else { 3 };
            for _ in 0..turns {
                if !fits(Instant::now()) {
                    break 'search;
                }
                let (input, parent) = match strategy {
                    Strategy::Random => (drawer.random(), None),
                    Strategy::Hard => (drawer.hard(), None),
                    Strategy::Adversarial if pool.is_empty() || stale >= RESTART => {
                        pool.clear();
                        stale = 0;
                        if options.strategies[0] || options.strategies[1] {
                            break;
                        }
                        // Alone, it starts from a random input.
                        (drawer.random(), None)
                    }
                    Strategy::Adversarial => {
                        let k = drawer.rng.below(pool.len());
                        let (from, cpu) = pool[k].clone();
                        (drawer.mutate(&from), Some(cpu))
                    }
                };
                // Drawing takes time too (large boards): the run must still fit.
                let Some(input) = input.filter(|_| fits(Instant::now())) else {
                    continue;
                };
                let bytes = problem.layout.write(&input);
                report.tried[s] += 1;
                let Some(done) = trial(problem, program, &bytes)? else {
                    report.rejected += 1;
                    continue;
                };
                if report.slowest.as_ref().is_none_or(|w| done.cpu > w.cpu) {
                    report.slowest = Some(Slowest {
                        input: bytes.clone(),
                        cpu: done.cpu,
                        strategy,
                    });
                }
                if done.status != Status::Accepted {
                    let found_after = start.elapsed();
                    let failure = shrunk(problem, program, input, done, strategy, options, start)?;
                    report.failure = Some(Failure {
                        found_after,
                        ..failure
                    });
                    break 'search;
                }
                let raised = parent.is_none_or(|p| done.cpu > p);
                if parent.is_some() {
                    if raised {
                        report.climb.push((start.elapsed(), done.cpu));
                        stale = 0;
                    } else {
                        stale += 1;
                    }
                }
                if raised || strategy != Strategy::Adversarial {
                    pool.push((input, done.cpu));
                    pool.sort_by_key(|p| std::cmp::Reverse(p.1));
                    pool.truncate(POOL);
                }
                progress(&Progress {
                    round: report.rounds,
                    tried: report.tried,
                    slowest: report.slowest.as_ref().map_or(Duration::ZERO, |w| w.cpu),
                    left: deadline.saturating_duration_since(Instant::now()),
                });
            }
        }
    }
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Shrinks the failing `input` (judged `first`) while the same verdict
/// holds, until the budget ends but for at least a quarter of it.
fn shrunk(
    problem: &Problem,
    program: &str,
    input: StressInput,
    first: Trial,
    strategy: Strategy,
    options: &StressOptions,
    start: Instant,
) -> io::Result<Failure> {
    let code = first.status.code();
    // A run starts only when its whole time limit fits before the deadline.
    let deadline = (start + options.budget).max(Instant::now() + options.budget / 4);
    let deadline = deadline - problem.limits.time.min(options.budget / 4);
    let before = (input.len(), input.givens());
    let mut runs = 0;
    let mut last = (first.status.clone(), first.expected.clone());
    let small = shrink::shrink(
        input.clone(),
        &problem.promise,
        deadline,
        &mut |candidate| {
            runs += 1;
            let bytes = problem.layout.write(candidate);
            Ok(match trial(problem, program, &bytes)? {
                Some(t) if t.status.code() == code => {
                    last = (t.status, t.expected);
                    true
                }
                _ => false,
            })
        },
    )?;
    // `last` is the verdict of the last candidate kept, or the first
    // failure when none was.
    let (status, expected) = if small == input {
        (first.status, first.expected)
    } else {
        last
    };
    Ok(Failure {
        status,
        strategy,
        input: problem.layout.write(&small),
        boards: small.len(),
        givens: small.givens(),
        first: before,
        found_after: Duration::ZERO,
        shrink_runs: runs,
        expected,
    })
}
