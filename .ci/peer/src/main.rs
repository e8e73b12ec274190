//! The `sudoku` crate timed like `sudoku bench`: every puzzle of each file,
//! to the first solution and counting to 2, median of K runs, one core.
//! Usage: sudoku-kit-peer [--repeat K] FILE...

use std::time::Instant;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut repeat = 3;
    if args.first().map(String::as_str) == Some("--repeat") && args.len() > 1 {
        repeat = args[1].parse().expect("--repeat K");
        args.drain(..2);
    }
    println!("{:<28} {:>8} {:>14} {:>14}", "file (sudoku crate 0.8)", "puzzles", "solve/s", "count2/s");
    for path in &args {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path, e));
        let puzzles: Vec<sudoku::Sudoku> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split('\t').find(|f| f.len() == 81))
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap_or_else(|e| panic!("{}: {:?}", path, e)))
            .collect();
        let n = puzzles.len() as f64;
        let time = |f: &dyn Fn(&sudoku::Sudoku) -> usize| {
            median(
                (0..repeat)
                    .map(|_| {
                        let t = Instant::now();
                        let sum: usize = puzzles.iter().map(f).sum();
                        assert!(sum >= puzzles.len());
                        n / t.elapsed().as_secs_f64()
                    })
                    .collect(),
            )
        };
        let solve = time(&|s| s.some_solution().is_some() as usize);
        let count = time(&|s| s.solutions_count_up_to(2));
        let name = std::path::Path::new(path).file_name().map_or(path.clone(), |f| f.to_string_lossy().into_owned());
        println!("{:<28} {:>8} {:>14.0} {:>14.0}", name, puzzles.len(), solve, count);
    }
}
