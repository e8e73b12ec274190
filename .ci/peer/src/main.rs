//! The engine against its peers in one process: the `sudoku` crate 0.8 and,
//! when build.rs found its library, tdoku. The kit runs once on every lane
//! path this processor has (`solver::LanePath`: AVX-512, AVX2, portable).
//! For every file and both modes (first solution, count to 2) each engine
//! runs over every puzzle of the file, interleaved round by round so that
//! all see the same machine; the table shows, per lane path of the kit, its
//! median and worst puzzles/s over the rounds (process CPU time) beside the
//! peers', the ratios of the medians, and the guesses per puzzle of the kit
//! (the same on every path) and tdoku. The first line names the processor.
//! `.ci/bench` copies the kit's `board/`, `clock.rs`, `rng.rs`,
//! `solve/found.rs` and `solve/nine/` beside this file.
//! Usage: sudoku-kit-peer [--rounds K] [--lanes NAME,...] [--isomorphs M] FILE...
//! (`--lanes`: only the kit's paths named, e.g. `portable`; all by default.
//! `--isomorphs M`: after each file, the same puzzles again, each in M
//! random isomorphic forms (the kit's `Board::isomorph`, seed 1, as
//! `sudoku bench --isomorphs M` draws them), as a set of its own: a file
//! published in one form can suit one engine's order (to the first
//! solution, the crate solves forum_hardest_1106 as published 1.7 times as
//! fast as the same puzzles in random forms), and the isomorphs measure
//! the engines on forms no order was fitted to.)

#[allow(dead_code, unused_imports)]
mod board;
#[allow(dead_code)]
mod clock;
#[allow(dead_code)]
mod rng;
#[allow(dead_code)]
mod solve {
    pub mod found;
    pub mod nine;
}

use board::Board;
use solve::nine as solver;
use std::hint::black_box;
use std::time::Instant;

/// Seconds of CPU time this process has used (wall time where that clock
/// is not wired up): the kit's `clock.rs`.
fn cpu_seconds() -> f64 {
    thread_local!(static START: Instant = Instant::now());
    clock::process_cpu().unwrap_or_else(|| START.with(|s| s.elapsed().as_secs_f64()))
}

#[cfg(tdoku)]
mod tdoku {
    extern "C" {
        fn TdokuSolverDpllTriadSimd(
            input: *const u8,
            limit: usize,
            configuration: u32,
            solution: *mut u8,
            num_guesses: *mut usize,
        ) -> usize;
    }

    /// tdoku's input: 81 characters, `.` for a blank, then a NUL (which
    /// tells it this is not a pencilmark puzzle).
    pub fn input(line: &str) -> [u8; 82] {
        let mut buf = [0u8; 82];
        for (b, c) in buf.iter_mut().zip(line.bytes()) {
            *b = if (b'1'..=b'9').contains(&c) { c } else { b'.' };
        }
        buf
    }

    /// Solutions up to `limit`, and the guesses made.
    pub fn solve(input: &[u8; 82], limit: usize, solution: &mut [u8; 81]) -> (usize, usize) {
        let mut guesses = 0;
        // SAFETY: `input` is 82 bytes ending in NUL, `solution` 81 writable
        // bytes, `guesses` a valid out-parameter; tdoku keeps no pointer.
        let n = unsafe {
            TdokuSolverDpllTriadSimd(input.as_ptr(), limit, 0, solution.as_mut_ptr(), &mut guesses)
        };
        (n, guesses)
    }
}

/// One engine's passes over a file: (first solution, count to 2), each
/// returning how many puzzles it solved or the sum of the counts; the kit's
/// engines name the lane path they run on.
struct Engine<'a> {
    name: &'static str,
    lanes: Option<solver::LanePath>,
    pass: [Box<dyn Fn() -> usize + 'a>; 2],
}

/// The processor: its model name and whether it has AVX2, AVX-512F and
/// AVX-512VL (from /proc/cpuinfo; "unknown" elsewhere).
fn processor() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find(|l| l.split(':').next().map(str::trim) == Some(key))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
    };
    let flags = field("flags").unwrap_or_default();
    let has = |f: &str| flags.split_whitespace().any(|x| x == f);
    format!(
        "{} ({}, {}, {})",
        field("model name").unwrap_or_else(|| "unknown processor".to_string()),
        if has("avx2") { "avx2" } else { "no avx2" },
        if has("avx512f") { "avx512f" } else { "no avx512f" },
        if has("avx512vl") { "avx512vl" } else { "no avx512vl" }
    )
}

/// The board of a puzzle line (81 characters, a digit or a blank each).
fn board_of(line: &str) -> Board {
    let mut b = Board::EMPTY;
    for (i, c) in line.bytes().enumerate() {
        b.0[i] = if c.is_ascii_digit() { c - b'0' } else { 0 };
    }
    b
}

/// The puzzle line of a board, `.` for a blank.
fn line_of(board: &Board) -> String {
    board
        .0
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn worst(xs: &[f64]) -> f64 {
    xs.iter().cloned().fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut rounds = 5;
    let mut only: Option<Vec<String>> = None;
    let mut isomorphs = 0;
    while args.len() > 1 && args[0].starts_with("--") {
        match args[0].as_str() {
            "--rounds" => rounds = args[1].parse().expect("--rounds K"),
            "--lanes" => only = Some(args[1].split(',').map(str::to_string).collect()),
            "--isomorphs" => isomorphs = args[1].parse().expect("--isomorphs M"),
            flag => panic!(
                "unknown option {} (--rounds K, --lanes NAME,..., --isomorphs M)",
                flag
            ),
        }
        args.drain(..2);
    }
    let paths: Vec<solver::LanePath> = solver::LanePath::ALL
        .into_iter()
        .filter(|p| p.available())
        .filter(|p| only.as_ref().is_none_or(|o| o.iter().any(|n| n == p.name())))
        .collect();
    assert!(!paths.is_empty(), "--lanes names no path this processor runs");
    println!("cpu: {}", processor());
    println!(
        "kit lane paths run here: {} (the engine's default: {})",
        paths.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "),
        solver::lanes().name()
    );
    println!("{}", env!("TDOKU_NOTE"));
    println!(
        "{:<20} {:>6} {:>8} {:>7} {:>17} {:>17} {:>17} {:>6} {:>6} {:>7} {:>7}",
        "set",
        "mode",
        "lanes",
        "puzzles",
        "kit/s (worst)",
        "crate/s (worst)",
        "tdoku/s (worst)",
        "/crate",
        "/tdoku",
        "g kit",
        "g tdoku"
    );
    // The sets: each file as published, then (with --isomorphs) its
    // isomorphs, from a fixed seed so that every run times the same ones.
    let mut sets: Vec<(String, Vec<String>)> = Vec::new();
    let mut rng = rng::Rng::new(1);
    for path in &args {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path, e));
        let lines: Vec<String> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split('\t').find(|f| f.len() == 81))
            .map(str::to_string)
            .collect();
        let name = std::path::Path::new(path)
            .file_name()
            .map_or(path.clone(), |f| f.to_string_lossy().into_owned());
        let name = name.trim_end_matches(".txt").to_string();
        if isomorphs > 0 {
            // The kit's `Board::isomorph`, drawn as `sudoku bench
            // --isomorphs` draws them: the same forms, seed 1.
            let other: Vec<String> = (0..isomorphs)
                .flat_map(|_| {
                    lines
                        .iter()
                        .map(|l| line_of(&board_of(l).isomorph(&mut rng)))
                        .collect::<Vec<_>>()
                })
                .collect();
            sets.push((name.clone(), lines));
            sets.push((format!("{}~{}", name, isomorphs), other));
        } else {
            sets.push((name, lines));
        }
    }
    for (name, lines) in &sets {
        let ours: Vec<Board> = lines.iter().map(|l| board_of(l)).collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{}: {:?}", name, e)))
            .collect();
        #[cfg(tdoku)]
        let inputs: Vec<[u8; 82]> = lines.iter().map(|l| tdoku::input(l)).collect();
        let n = lines.len();
        #[allow(unused_mut)]
        let mut engines: Vec<Engine> = paths
            .iter()
            .map(|&p| Engine {
                name: "kit",
                lanes: Some(p),
                pass: [
                    Box::new(|| ours.iter().filter(|b| black_box(solver::solve(black_box(b))).is_some()).count()),
                    Box::new(|| ours.iter().map(|b| solver::count_solutions(black_box(b), 2)).sum()),
                ],
            })
            .collect();
        let kits = engines.len();
        engines.push(Engine {
                name: "crate",
                lanes: None,
                pass: [
                    Box::new(|| theirs.iter().filter(|s| black_box(s.some_solution()).is_some()).count()),
                    Box::new(|| theirs.iter().map(|s| s.solutions_count_up_to(2)).sum()),
                ],
            });
        // Guesses per puzzle: the kit's and tdoku's own counts.
        // Every lane path must give the same answers, counts, guesses,
        // placements and backtracks on every puzzle: checked here, on the
        // whole file, before any timing.
        let work = |p: solver::LanePath| {
            solver::force_lanes(p).expect("an available path");
            let solved: Vec<_> = ours.iter().map(solver::solve_counted).collect();
            let counted: Vec<_> = ours.iter().map(|b| solver::count_solutions_counted(b, 2)).collect();
            (solved, counted)
        };
        let (solved, counted) = work(paths[0]);
        for &p in &paths[1..] {
            let other = work(p);
            let same = other.0 == solved && other.1 == counted;
            assert!(same, "{}: the {} lanes differ from the {} lanes", name, p.name(), paths[0].name());
        }
        println!(
            "{}: every lane path ({}) gave the same answers, counts, guesses, placements and backtracks",
            name,
            paths.iter().map(|p| p.name()).collect::<Vec<_>>().join(", ")
        );
        let kit_guesses = [
            solved.iter().map(|s| s.stats.guesses).sum::<u64>() as f64 / n as f64,
            counted.iter().map(|s| s.stats.guesses).sum::<u64>() as f64 / n as f64,
        ];
        #[cfg(tdoku)]
        let tdoku_guesses = {
            let mut sol = [0u8; 81];
            let mut g = [0.0; 2];
            for (k, limit) in [1, 2].into_iter().enumerate() {
                let total: usize = inputs.iter().map(|i| tdoku::solve(i, limit, &mut sol).1).sum();
                g[k] = total as f64 / n as f64;
            }
            Some(g)
        };
        #[cfg(not(tdoku))]
        let tdoku_guesses: Option<[f64; 2]> = None;
        #[cfg(tdoku)]
        {
            engines.push(Engine {
                name: "tdoku",
                lanes: None,
                pass: [
                    Box::new(|| {
                        let mut sol = [0u8; 81];
                        inputs.iter().filter(|i| tdoku::solve(black_box(i), 1, &mut sol).0 == 1).count()
                    }),
                    Box::new(|| {
                        let mut sol = [0u8; 81];
                        inputs.iter().map(|i| tdoku::solve(black_box(i), 2, &mut sol).0).sum()
                    }),
                ],
            });
        }
        // Enough passes per timing for about a fifth of a second.
        solver::force_lanes(paths[0]).expect("an available path");
        let t = cpu_seconds();
        (engines[0].pass[0])();
        let once = (cpu_seconds() - t).max(1e-6);
        let reps = ((0.2 / once).ceil() as usize).max(1);
        // rates[mode][engine]: puzzles/s of every round.
        let mut rates = vec![vec![Vec::new(); engines.len()]; 2];
        for round in 0..rounds {
            for mode in 0..2 {
                for k in 0..engines.len() {
                    let e = &engines[(k + round) % engines.len()];
                    if let Some(p) = e.lanes {
                        solver::force_lanes(p).expect("an available path");
                    }
                    let t = cpu_seconds();
                    for _ in 0..reps {
                        let got = (e.pass[mode])();
                        assert!(got >= n, "{} failed on {}", e.name, name);
                    }
                    let secs = (cpu_seconds() - t).max(1e-9);
                    rates[mode][(k + round) % engines.len()].push((n * reps) as f64 / secs);
                }
            }
        }
        for (mode, label) in ["first", "count2"].into_iter().enumerate() {
            let r = &rates[mode];
            let cell = |k: usize| match r.get(k) {
                Some(r) => format!("{:.0} ({:.0})", median(r), worst(r)),
                None => "-".to_string(),
            };
            for (i, p) in paths.iter().enumerate() {
                let ratio = |k: usize| match r.get(k) {
                    Some(peer) => format!("{:.2}", median(&r[i]) / median(peer)),
                    None => "-".to_string(),
                };
                println!(
                    "{:<20} {:>6} {:>8} {:>7} {:>17} {:>17} {:>17} {:>6} {:>6} {:>7.1} {:>7}",
                    name,
                    label,
                    p.name(),
                    n,
                    cell(i),
                    cell(kits),
                    cell(kits + 1),
                    ratio(kits),
                    ratio(kits + 1),
                    kit_guesses[mode],
                    tdoku_guesses.map_or("-".to_string(), |g| format!("{:.1}", g[mode]))
                );
            }
        }
    }
    println!(
        "puzzles/s: median (worst) of {} interleaved rounds, process CPU time, one core; \
         lanes: the kit's lane path; /crate, /tdoku: the kit's median over the peer's; \
         g: guesses per puzzle; NAME~M: the puzzles of NAME, each in M random isomorphic forms",
        rounds
    );
}
