//! A package's test data: the folder's cases (`sample-*` to
//! `data/sample`, the rest to `data/secret`) and generated ones, each
//! with the answer the kit makes and its own checker accepts.
//!
//! Generated cases hold one board each, written as the folder's first case
//! writes its boards (framing, format, blank character), and cover what
//! the statement allows, in turn: the kit's anti-brute-force puzzle (about
//! 69 million nodes for a row-major backtracker; the case the naive
//! submission times out on), a board with many solutions where allowed,
//! one without solution where allowed, puzzles made against the
//! fewest-candidates and dancing-links patterns, and puzzles of the
//! largest size the folder plays (generated with its variant).

use super::promise::{BoardLayout, InputChecks};
use crate::board::grid::Grid;
use crate::format::{self, Cases, Format};
use crate::generate::{self, GenOptions};
use crate::judge::checker::{self, Rule, Verdict};
use crate::judge::problem::{Answers, Conf};
use crate::solve::any;
use crate::study::against::{self, Climb};
use crate::study::patterns::Pattern;

/// The puzzle a row-major backtracker needs about 69 million nodes for.
pub const ANTI_BRUTE_FORCE: &str =
    "000000000000003085001020000000507000004000100090000000500000073002010000000040009";

/// One test case of a package: its name and texts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TestCase {
    /// `sample` or `secret`.
    pub group: &'static str,
    /// The file name without extension.
    pub name: String,
    /// The `.in` text.
    pub input: Vec<u8>,
    /// The `.ans` text.
    pub answer: Vec<u8>,
}

/// What one generated case holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    AntiBruteForce,
    /// A complete grid, and one with two cells of a row swapped.
    Full,
    Clash,
    Many,
    None,
    Against(Pattern),
    Plain,
}

impl Kind {
    fn name(self) -> String {
        match self {
            Kind::AntiBruteForce => "anti-brute-force".to_string(),
            Kind::Full => "complete-grid".to_string(),
            Kind::Clash => "clashing-grid".to_string(),
            Kind::Many => "many-solutions".to_string(),
            Kind::None => "no-solution".to_string(),
            Kind::Against(p) => format!("against-{}", p.name()),
            Kind::Plain => "unique".to_string(),
        }
    }
}

/// The kinds of `count` generated cases, in the order described in the
/// module notes (the anti-brute-force puzzle once, the others repeated); only what `promise` allows and `layout` can
/// hold.
fn kinds(count: usize, promise: &InputChecks, layout: &BoardLayout, classic: bool) -> Vec<Kind> {
    if promise.full {
        return [Kind::Full, Kind::Clash]
            .into_iter()
            .cycle()
            .take(count)
            .collect();
    }
    let nine = classic && layout.shape.size() == 9;
    let mut cycle = Vec::new();
    if promise.allows_many() {
        cycle.push(Kind::Many);
    }
    if promise.allows_none() {
        cycle.push(Kind::None);
    }
    if nine {
        cycle.push(Kind::Against(Pattern::FewestCandidates));
        cycle.push(Kind::Against(Pattern::Dlx));
    }
    cycle.push(Kind::Plain);
    let first = nine.then_some(Kind::AntiBruteForce);
    first
        .into_iter()
        .chain(cycle.into_iter().cycle())
        .take(count)
        .collect()
}

/// `count` generated cases for the folder `conf`, from `seed`: empty when
/// the folder's boards are not ones the kit writes ([`BoardLayout::is_cells`]).
pub fn generated(
    conf: &Conf,
    promise: &InputChecks,
    layout: &BoardLayout,
    count: usize,
    seed: u64,
) -> Result<Vec<TestCase>, String> {
    if !layout.is_cells(conf) {
        return Ok(Vec::new());
    }
    let rules = match &conf.variant {
        Some(v) => Grid::empty(layout.shape)
            .with_variant(v.clone())
            .map_err(|e| {
                format!(
                    "the variant does not fit a {} board: {:?}",
                    layout.shape.describe(),
                    e
                )
            })?,
        None => Grid::empty(layout.shape),
    };
    let classic = rules.is_classic();
    let mut cases = Vec::new();
    for (k, kind) in kinds(count, promise, layout, classic)
        .into_iter()
        .enumerate()
    {
        let mut rng = generate::rng_for(seed, k as u64);
        let puzzle = match kind {
            Kind::AntiBruteForce => rules
                .with_cells(ANTI_BRUTE_FORCE.bytes().map(|b| b - b'0').collect())
                .map_err(|e| format!("{:?}", e))?,
            Kind::Against(pattern) => {
                let climb = Climb {
                    steps: 100,
                    node_limit: 200_000,
                };
                against::against(&mut rng, layout.shape, pattern, climb)
                    .map_err(|e| e.to_string())?
                    .puzzle
            }
            Kind::Full | Kind::Clash => {
                let made = generate::generate_for(&mut rng, &rules, &GenOptions::default())
                    .map_err(|e| e.to_string())?;
                let mut cells = made.solution.cells().to_vec();
                if kind == Kind::Clash {
                    // Two cells of a row swapped: the columns clash.
                    let n = layout.shape.size();
                    let r = rng.below(n);
                    let (a, b) = (rng.below(n), rng.below(n - 1));
                    let b = if b >= a { b + 1 } else { b };
                    cells.swap(r * n + a, r * n + b);
                }
                rules.with_cells(cells).map_err(|e| format!("{:?}", e))?
            }
            Kind::Plain | Kind::Many | Kind::None => {
                let made = generate::generate_for(&mut rng, &rules, &GenOptions::default())
                    .map_err(|e| e.to_string())?;
                let mut cells = made.puzzle.cells().to_vec();
                let n = layout.shape.size();
                if kind == Kind::Many {
                    // Givens go one by one until a second solution
                    // appears: several solutions, few enough to count.
                    let mut given: Vec<usize> =
                        (0..cells.len()).filter(|&i| cells[i] != 0).collect();
                    rng.shuffle(&mut given);
                    for &i in &given {
                        cells[i] = 0;
                        let fewer = rules
                            .with_cells(cells.clone())
                            .map_err(|e| format!("{:?}", e))?;
                        if any::count_solutions(&fewer, 2) > 1 {
                            break;
                        }
                    }
                } else if kind == Kind::None {
                    // A blank gets a value its units do not hold but its
                    // solution does not have either: no solution, and
                    // (mostly) no clash.
                    let solution = made.solution.cells();
                    let blank = (0..cells.len()).find(|&i| cells[i] == 0).unwrap_or(0);
                    let wrong = (1..=n as u8).find(|&v| {
                        v != solution[blank] && {
                            let mut probe = made.puzzle.clone();
                            probe.set(blank, v);
                            probe.first_clash().is_none()
                        }
                    });
                    cells[blank] = wrong.unwrap_or(if solution[blank] == 1 { 2 } else { 1 });
                }
                rules.with_cells(cells).map_err(|e| format!("{:?}", e))?
            }
        };
        let input = input_text(conf, layout, &puzzle);
        let answer = answer_text(conf, layout, &puzzle);
        let rule = Rule::from_conf(conf);
        match checker::check(
            &rule,
            input.as_bytes(),
            answer.as_bytes(),
            Some(answer.as_bytes()),
        ) {
            Verdict::Accepted => {}
            other => {
                return Err(format!(
                "generated case {} ({}): the kit's checker does not accept the kit's answer: {}",
                k + 1,
                kind.name(),
                other
            ))
            }
        }
        cases.push(TestCase {
            group: "secret",
            name: format!("generated-{:02}-{}", k + 1, kind.name()),
            input: input.into_bytes(),
            answer: answer.into_bytes(),
        });
    }
    Ok(cases)
}

/// `puzzle` written as the folder's inputs write one board: the framing
/// `conf.cases` asks for around the board in `layout`'s style.
pub fn input_text(conf: &Conf, layout: &BoardLayout, puzzle: &Grid) -> String {
    let board = with_blank(&format::render(puzzle, &layout.style), layout);
    match conf.cases {
        Cases::Count => format!("1\n{}", board),
        Cases::Size => format!("{}\n{}", layout.shape.box_rows(), board),
        Cases::End => format!("{}end\n", board),
        _ => board,
    }
}

/// A rendered board with its blanks written as `layout.blank`.
fn with_blank(board: &str, layout: &BoardLayout) -> String {
    let format = layout.style.format;
    let rendered_blank = match format {
        Format::Line => '.',
        _ => '0',
    };
    if layout.blank == rendered_blank {
        return board.to_string();
    }
    let mut out = String::with_capacity(board.len());
    for (k, line) in board.lines().enumerate() {
        let label = format == Format::Euler && k == 0;
        let line: String = if label {
            line.to_string()
        } else if format == Format::Spaced {
            line.split(' ')
                .map(|t| {
                    if t == "0" {
                        layout.blank.to_string()
                    } else {
                        t.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            line.chars()
                .map(|c| if c == rendered_blank { layout.blank } else { c })
                .collect()
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The jury's answer to the one puzzle of a generated case, as the rule of
/// `conf` asks for it (answers written in the folder's output format).
pub fn answer_text(conf: &Conf, layout: &BoardLayout, puzzle: &Grid) -> String {
    let mut style = layout.style.clone();
    if let Some(format) = conf.format {
        style.format = format;
    }
    let number = |line: &str| line.replace("{}", "1");
    let mut out = String::new();
    if let Some(header) = &conf.header {
        out.push_str(&number(header));
        out.push('\n');
    }
    let line = |text: &Option<String>| text.as_deref().map(|t| format!("{}\n", number(t)));
    let board = |grid: &Grid| format::render(grid, &style);
    let clash = puzzle.first_clash().is_some();
    let count = if clash {
        0
    } else {
        any::count_solutions(puzzle, 2)
    };
    let not_minimal = count == 1 && conf.not_minimal.is_some() && !is_minimal(puzzle);
    let body = match conf.answers {
        Answers::Exact => String::new(),
        Answers::Any | Answers::Smallest => {
            let found = if conf.answers == Answers::Any {
                any::solve(puzzle)
            } else {
                any::smallest_solution(puzzle)
            };
            match found {
                Some(grid) => board(&grid),
                None => line(&conf.no_solution).unwrap_or_default(),
            }
        }
        Answers::Unique => match count {
            0 => line(&conf.no_solution).unwrap_or_default(),
            1 if not_minimal => line(&conf.not_minimal).unwrap_or_default(),
            1 => any::solve(puzzle).map(|g| board(&g)).unwrap_or_default(),
            _ => line(&conf.many_solutions).unwrap_or_default(),
        },
        Answers::Count => {
            let all = if clash {
                0
            } else {
                any::count_solutions(puzzle, checker::COUNT_CAP)
            };
            match (all, &conf.no_solution) {
                (0, Some(_)) => line(&conf.no_solution).unwrap_or_default(),
                (1, _) => format!(
                    "1\n{}",
                    any::solve(puzzle).map(|g| board(&g)).unwrap_or_default()
                ),
                (n, _) => format!("{}\n", n),
            }
        }
        Answers::Classify => {
            let which = if clash && conf.illegal.is_some() {
                &conf.illegal
            } else {
                match count {
                    0 => &conf.no_solution,
                    1 if not_minimal => &conf.not_minimal,
                    1 => &conf.one_solution,
                    _ => &conf.many_solutions,
                }
            };
            line(which).unwrap_or_default()
        }
    };
    out.push_str(&body);
    out
}

/// True when no given of `puzzle` (one solution) can go without a second.
fn is_minimal(puzzle: &Grid) -> bool {
    (0..puzzle.cells().len())
        .filter(|&i| puzzle.get(i) != 0)
        .all(|i| {
            let mut fewer = puzzle.clone();
            fewer.set(i, 0);
            any::count_solutions(&fewer, 2) > 1
        })
}
