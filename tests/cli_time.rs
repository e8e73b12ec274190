//! `sudoku time`: one run per puzzle, every answer checked, one row per
//! file; programs are small shell scripts made in a temp dir.

use crate::common;

use common::{spaced, sudoku, Dir, BOJ2580_IN, BOJ2580_OUT, NOT_SMALLEST, SMALLEST};
use predicates::prelude::*;

/// This file's use of the shared temp dir: a program made in it.
impl Dir {
    /// A program answering the two known puzzles: BOJ 2580's sample by its
    /// answer, anything else by `blank_answer`.
    fn solver(&self, blank_answer: &str) -> String {
        let sample = self.file("sample.ans", BOJ2580_OUT);
        let blank = self.file("blank.ans", blank_answer);
        let script = self.file(
            "solve.sh",
            format!(
                "input=$(cat)\ncase \"$input\" in\n  '0 3 5 4'*) cat '{}' ;;\n  *) cat '{}' ;;\nesac\n",
                sample, blank
            ),
        );
        format!("sh {}", script)
    }
}

/// A puzzle file: a comment, the all-blank grid, a blank line, BOJ 2580's
/// sample as a line.
fn puzzles(dir: &Dir) -> String {
    let sample: String = BOJ2580_IN.split_whitespace().collect();
    dir.file(
        "set.txt",
        format!("# two puzzles\n{}\n\n{}\n", ".".repeat(81), sample),
    )
}

fn time(args: &[&str]) -> assert_cmd::assert::Assert {
    sudoku().arg("time").args(args).assert()
}

/// The words of the row of `file` in the table.
fn row<'a>(stdout: &'a str, file: &str) -> Vec<&'a str> {
    stdout
        .lines()
        .find(|l| l.starts_with(file))
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

#[test]
fn time_reports_puzzles_median_worst_and_peak_memory_per_file() {
    let dir = Dir::new("ok");
    let set = puzzles(&dir);
    let assert = time(&[&dir.solver(&spaced(SMALLEST)), &set]).code(0);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    let header: Vec<&str> = out.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        ["file", "puzzles", "median", "ms", "worst", "ms", "peak", "KB", "failures"]
    );
    let words = row(&out, &set);
    assert_eq!(words.len(), 6, "{}", out);
    assert_eq!(words[1], "2");
    let median: f64 = words[2].parse().unwrap();
    let worst: f64 = words[3].parse().unwrap();
    assert!(median <= worst, "{}", out);
    if cfg!(target_os = "linux") {
        assert!(words[4].parse::<u64>().unwrap() > 0, "{}", out);
    }
    assert_eq!(words[5], "0");
    if cfg!(target_os = "linux") {
        let floor = out.lines().nth(2).unwrap_or("");
        assert!(
            floor.starts_with("peak KB counts from a floor of "),
            "{}",
            out
        );
        assert_eq!(out.lines().count(), 3, "{}", out);
    }
}

#[test]
fn time_lists_each_failure_under_its_file() {
    let dir = Dir::new("fail");
    let set = puzzles(&dir);
    // Another completion of the blank grid: fine for any, wrong for smallest.
    let other = spaced(NOT_SMALLEST);
    time(&[&dir.solver(&other), &set]).code(0);
    let assert = time(&["--smallest", &dir.solver(&other), &set]).code(1);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert_eq!(row(&out, &set)[5], "1", "{}", out);
    assert!(
        out.contains("    puzzle 1, line 2: WA not the smallest completion: r1c1 is 2, the smallest completion has 1\n"),
        "{}",
        out
    );
    // A wrong layout, and a puzzle that cannot be read: one line on
    // stderr naming file, puzzle and line, and one more failure.
    let bad = dir.file("bad.txt", format!("{}\n123\n", ".".repeat(81)));
    let assert = time(&[&dir.solver(SMALLEST), &bad]).code(1).stderr(format!(
        "sudoku time: {}: puzzle 2, line 2: expected 81 cells, found 3\n",
        bad
    ));
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(out.contains("    puzzle 1, line 1: PE "), "{}", out);
    assert_eq!(row(&out, &bad)[1..2], ["2"], "{}", out);
    assert_eq!(row(&out, &bad)[5], "2", "{}", out);
}

#[test]
fn time_feeds_the_chosen_format() {
    let dir = Dir::new("format");
    let set = dir.file("one.txt", format!("{}\n", ".".repeat(81)));
    // Answers in digit rows, fed digit rows: accepted only with --format digits.
    let program = dir.solver(SMALLEST);
    time(&["--format", "digits", &program, &set]).code(0);
    time(&[&program, &set]).code(1);
    time(&["--format", "pretty", &program, &set])
        .code(2)
        .stderr(predicate::str::contains(
            "expected spaced, digits, js or line",
        ));
}

#[test]
fn time_slow_program_is_tle() {
    let dir = Dir::new("slow");
    let set = dir.file("one.txt", format!("{}\n", ".".repeat(81)));
    let assert = time(&["--time-limit", "0.3", "sleep 30", &set]).code(1);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        out.contains("    puzzle 1, line 1: TLE killed at 0.3 s\n"),
        "{}",
        out
    );
}

#[test]
fn time_usage_errors_exit_2() {
    time(&["cat"])
        .code(2)
        .stderr(predicate::str::contains("expected PROGRAM FILE"));
    time(&["cat", "/no/such/file.txt"])
        .code(2)
        .stderr(predicate::str::contains("/no/such/file.txt"));
    time(&["--time-limit", "never", "cat", "x"]).code(2);
    time(&["./no/such/solver", "x"])
        .code(2)
        .stderr("sudoku time: ./no/such/solver: no such program\n");
}

#[test]
fn time_reads_every_format_and_size_solve_reads() {
    let dir = Dir::new("formats");
    // BOJ 2580's sample as spaced rows, then a 4x4 board as digit rows
    // after a blank line: two inputs framed two ways in one run.
    let rows = dir.file("rows.txt", BOJ2580_IN);
    let small = dir.file("small.txt", "1234\n3412\n2143\n43..\n");
    let kit = assert_cmd::cargo::cargo_bin("sudoku");
    let solver = format!("{} solve --smallest --to digits", kit.display());
    let assert = time(&["--format", "digits", &solver, &rows, &small]).code(0);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert_eq!(row(&out, &rows)[1..2], ["1"], "{}", out);
    assert_eq!(row(&out, &small)[1..2], ["1"], "{}", out);
    // --from forces the format: BOJ 2580's rows are not a JS array.
    time(&["--from", "js", &solver, &rows])
        .code(1)
        .stderr(predicate::str::contains(format!("sudoku time: {}: ", rows)));
    time(&["--box", "5x5", &solver, &small])
        .code(1)
        .stderr(predicate::str::contains("small.txt"));
}
