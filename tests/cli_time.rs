//! `sudoku time`: one run per puzzle, every answer checked, one row per
//! file; programs are small shell scripts made in a temp dir.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

/// The all-blank grid fed as spaced rows, and its smallest completion.
const SMALLEST_SPACED: &str = "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n2 1 4 3 6 5 8 9 7\n3 6 5 8 9 7 2 1 4\n8 9 7 2 1 4 3 6 5\n5 3 1 6 4 2 9 7 8\n6 4 2 9 7 8 5 3 1\n9 7 8 5 3 1 6 4 2\n";
/// BOJ 2580's sample as a line, and its answer spaced.
const SAMPLE_LINE: &str =
    "035469278782105609060278135321046897804913506596820413917652080603701952258394760";
const SAMPLE_SPACED: &str = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";

/// A fresh directory for one test, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(test: &str) -> Dir {
        let path = std::env::temp_dir().join(format!(
            "sudoku-kit-cli-time-{}-{}",
            test,
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Dir(path)
    }

    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    /// A program answering the two known puzzles: the sample by its
    /// answer, anything else by `blank_answer`.
    fn solver(&self, blank_answer: &str) -> String {
        let sample = self.file("sample.ans", SAMPLE_SPACED);
        let blank = self.file("blank.ans", blank_answer);
        let script = self.file(
            "solve.sh",
            &format!(
                "input=$(cat)\ncase \"$input\" in\n  '0 3 5 4'*) cat '{}' ;;\n  *) cat '{}' ;;\nesac\n",
                sample, blank
            ),
        );
        format!("sh {}", script)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A puzzle file: a comment, the all-blank grid, a blank line, the sample.
fn puzzles(dir: &Dir) -> String {
    dir.file(
        "set.txt",
        &format!("# two puzzles\n{}\n\n{}\n", ".".repeat(81), SAMPLE_LINE),
    )
}

fn time(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("sudoku")
        .unwrap()
        .arg("time")
        .args(args)
        .assert()
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
    let assert = time(&[&dir.solver(SMALLEST_SPACED), &set]).code(0);
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
    let other = SMALLEST_SPACED
        .replace('1', "x")
        .replace('2', "1")
        .replace('x', "2");
    time(&[&dir.solver(&other), &set]).code(0);
    let assert = time(&["--smallest", &dir.solver(&other), &set]).code(1);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert_eq!(row(&out, &set)[5], "1", "{}", out);
    assert!(
        out.contains("    line 2: WA not the smallest completion: r1c1 is 2, the smallest completion has 1\n"),
        "{}",
        out
    );
    // A bad line and a wrong layout.
    let bad = dir.file("bad.txt", &format!("{}\n123\n", ".".repeat(81)));
    let digits = SMALLEST_SPACED.replace(' ', "");
    let assert = time(&[&dir.solver(&digits), &bad]).code(1);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(out.contains("    line 1: PE "), "{}", out);
    assert!(out.contains("    line 2: not a puzzle: "), "{}", out);
}

#[test]
fn time_feeds_the_chosen_format() {
    let dir = Dir::new("format");
    let set = dir.file("one.txt", &format!("{}\n", ".".repeat(81)));
    // Answers in digit rows, fed digit rows: accepted only with --format digits.
    let digits = SMALLEST_SPACED.replace(' ', "");
    let program = dir.solver(&digits);
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
    let set = dir.file("one.txt", &format!("{}\n", ".".repeat(81)));
    let assert = time(&["--time-limit", "0.3", "sleep 30", &set]).code(1);
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(out.contains("    line 1: TLE killed at 0.3 s\n"), "{}", out);
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
