//! `-j N` / `--jobs N`: `solve`, `count`, `gen` and `grade` print the same
//! bytes, in input order, with 1, 2 or 4 threads. The inputs are made by
//! `sudoku gen` itself.

use crate::common;

use common::{sudoku, WIKI};
use predicates::prelude::*;

/// Runs `sudoku ARGS` on `stdin`; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `args` with `-j 1`, `-j 2` and `--jobs 4` give the same result.
fn same_for_every_jobs(args: &[&str], stdin: &str) -> (i32, String, String) {
    let one = run(&[args, &["-j", "1"]].concat(), stdin);
    for jobs in [&["-j", "2"][..], &["--jobs", "4"]] {
        let many = run(&[args, jobs].concat(), stdin);
        assert_eq!(many.0, one.0, "{:?} {:?}: exit code", args, jobs);
        assert!(many.1 == one.1, "{:?} {:?}: stdout differs", args, jobs);
        assert_eq!(many.2, one.2, "{:?} {:?}: stderr", args, jobs);
    }
    one
}

/// 300 generated puzzles (one a line), with some that are not unique,
/// clashing, unsolvable or unreadable mixed in.
fn mixed_input() -> String {
    let (code, puzzles, _) = run(&["gen", "-n", "300", "--seed", "12"], "");
    assert_eq!(code, 0);
    let mut text = String::new();
    for (k, p) in puzzles.lines().enumerate() {
        text.push_str(p);
        text.push('\n');
        match k % 50 {
            10 => text.push_str(&format!("{}\n", ".".repeat(81))),
            20 => text.push_str(&format!("55{}\n", ".".repeat(79))),
            30 => text.push_str(&format!("{}x\n", &WIKI[..80])),
            40 => text.push_str(&format!(
                "{}{}1{}\n",
                ".23456789",
                ".".repeat(27),
                ".".repeat(44)
            )),
            _ => {}
        }
    }
    text
}

#[test]
fn solve_output_is_the_same_with_1_2_and_4_threads() {
    let input = mixed_input();
    let (code, out, err) = same_for_every_jobs(&["solve"], &input);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 300 + 6);
    assert_eq!(err.lines().count(), 3 * 6);
    let (code, out, _) = same_for_every_jobs(&["solve", "--smallest", "--to", "spaced"], &input);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), (300 + 6) * 10 - 1);
}

#[test]
fn count_output_is_the_same_with_1_2_and_4_threads() {
    let input = mixed_input();
    let (code, out, err) = same_for_every_jobs(&["count"], &input);
    assert_eq!(code, 1);
    let counts: Vec<&str> = out.lines().collect();
    assert_eq!(counts.len(), 300 + 3 * 6);
    assert_eq!(counts.iter().filter(|&&c| c == "1").count(), 300);
    assert_eq!(err.lines().count(), 6);
}

#[test]
fn grade_output_is_the_same_with_1_2_and_4_threads() {
    let input = mixed_input();
    let (code, out, _) = same_for_every_jobs(&["grade"], &input);
    assert_eq!(code, 1);
    assert!(out.starts_with("1  "), "{}", out);
    assert!(
        out.contains("\n12  several solutions (not graded)\n"),
        "{}",
        out
    );
    let (_, explained, _) = same_for_every_jobs(&["grade", "--explain"], &input[..82 * 3]);
    assert!(explained.starts_with("1  "), "{}", explained);
}

#[test]
fn gen_seed_names_the_same_puzzles_whatever_the_threads() {
    let (code, out, _) = same_for_every_jobs(&["gen", "-n", "200", "--seed", "77"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 200);
    let (_, shorter, _) = run(&["gen", "-n", "50", "--seed", "77", "-j", "3"], "");
    assert!(out.starts_with(&shorter));
    let (code, spaced, _) = same_for_every_jobs(
        &[
            "gen",
            "-n",
            "20",
            "--seed",
            "5",
            "--to",
            "euler",
            "--with-solution",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(spaced.contains("Grid 20 solution\n"), "{}", spaced);
}

#[test]
fn gen_stops_at_the_first_impossible_puzzle_whatever_the_threads() {
    let (code, out, err) = same_for_every_jobs(
        &[
            "gen",
            "-n",
            "3",
            "--seed",
            "1",
            "--difficulty",
            "expert",
            "--givens",
            "70",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("sudoku gen: puzzle 1: "), "{}", err);
}

#[test]
fn jobs_must_be_a_number_from_1_to_1024() {
    for args in [
        &["solve", "-j", "0"][..],
        &["count", "--jobs", "many"],
        &["gen", "-j"],
        &["grade", "-j", "100000000000"],
        &["solve", "--jobs", "1025"],
    ] {
        sudoku()
            .args(args)
            .write_stdin(WIKI)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("--jobs"));
    }
}
