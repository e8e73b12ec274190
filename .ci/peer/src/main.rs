//! The engine against the `sudoku` crate 0.8, in one process, runs
//! interleaved so that both see the same machine: every puzzle of each file,
//! to the first solution and counting to 2, K rounds, medians and their ratio.
//! `.ci/bench` copies the kit's `board.rs` and `solver.rs` beside this file.
//! Usage: sudoku-kit-peer [--repeat K] FILE...

#[allow(dead_code)]
mod board;
#[allow(dead_code)]
mod solver;

use board::Board;
use std::time::Instant;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Puzzles per second of one pass of `f` over `n` puzzles.
fn rate(n: usize, f: &mut dyn FnMut() -> usize) -> f64 {
    let t = Instant::now();
    assert!(f() >= n, "every puzzle has a solution");
    n as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut repeat = 5;
    if args.first().map(String::as_str) == Some("--repeat") && args.len() > 1 {
        repeat = args[1].parse().expect("--repeat K");
        args.drain(..2);
    }
    println!(
        "{:<22} {:>8} {:>8} {:>12} {:>12} {:>6}",
        "file", "puzzles", "mode", "kit /s", "crate /s", "ratio"
    );
    for path in &args {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path, e));
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split('\t').find(|f| f.len() == 81))
            .collect();
        let ours: Vec<Board> = lines
            .iter()
            .map(|l| {
                let mut b = Board::EMPTY;
                for (i, c) in l.bytes().enumerate() {
                    b.0[i] = if c.is_ascii_digit() { c - b'0' } else { 0 };
                }
                b
            })
            .collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{}: {:?}", path, e)))
            .collect();
        let n = lines.len();
        let mut rates = vec![Vec::new(); 4];
        for _ in 0..repeat {
            rates[0].push(rate(n, &mut || ours.iter().filter(|b| solver::solve(b).is_some()).count()));
            rates[1].push(rate(n, &mut || theirs.iter().filter(|s| s.some_solution().is_some()).count()));
            rates[2].push(rate(n, &mut || ours.iter().map(|b| solver::count_solutions(b, 2)).sum()));
            rates[3].push(rate(n, &mut || theirs.iter().map(|s| s.solutions_count_up_to(2)).sum()));
        }
        let name = std::path::Path::new(path).file_name().map_or(path.clone(), |f| f.to_string_lossy().into_owned());
        for (mode, k) in [("solve", 0), ("count2", 2)] {
            let (kit, other) = (median(rates[k].clone()), median(rates[k + 1].clone()));
            println!("{:<22} {:>8} {:>8} {:>12.0} {:>12.0} {:>6.2}", name, n, mode, kit, other, kit / other);
        }
    }
    println!("median of {} interleaved rounds, wall time, one core", repeat);
}
