//! `sudoku check`: every verdict and exit code through the command line,
//! in the testlib / online-judge-tools and the Kattis conventions, and
//! hostile contestant output.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// BOJ 2580's sample (spaced) and its answer.
const SPACED_IN: &str = "\
0 3 5 4 6 9 2 7 8
7 8 2 1 0 5 6 0 9
0 6 0 2 7 8 1 3 5
3 2 1 0 4 6 8 9 7
8 0 4 9 1 3 5 0 6
5 9 6 8 2 0 4 1 3
9 1 7 6 5 2 0 8 0
6 0 3 7 0 1 9 5 2
2 5 8 3 9 4 7 6 0
";
const SPACED_OUT: &str = "\
1 3 5 4 6 9 2 7 8
7 8 2 1 3 5 6 4 9
4 6 9 2 7 8 1 3 5
3 2 1 5 4 6 8 9 7
8 7 4 9 1 3 5 2 6
5 9 6 8 2 7 4 1 3
9 1 7 6 5 2 3 8 4
6 4 3 7 8 1 9 5 2
2 5 8 3 9 4 7 6 1
";
/// The all-blank grid in digit rows, its smallest completion, and another
/// completion (digits 1 and 2 swapped).
const EMPTY_DIGITS: &str = "000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n";
const SMALLEST: &str = "123456789\n456789123\n789123456\n214365897\n365897214\n897214365\n531642978\n642978531\n978531642\n";
const NOT_SMALLEST: &str = "213456789\n456789213\n789213456\n124365897\n365897124\n897124365\n531642978\n642978531\n978531642\n";

/// A fresh directory for one test, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(test: &str) -> Dir {
        let path = std::env::temp_dir().join(format!(
            "sudoku-kit-cli-check-{}-{}",
            test,
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Dir(path)
    }

    /// Writes `name` in the directory; returns its path as a string.
    fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

/// Runs `sudoku check INPUT OUTPUT [ANSWER]` on texts; asserts the exit
/// code and the one line on stdout.
fn check(
    test: &str,
    flags: &[&str],
    input: &str,
    output: &[u8],
    answer: Option<&str>,
    code: i32,
    line: &str,
) {
    let dir = Dir::new(test);
    let mut args: Vec<String> = vec!["check".into()];
    args.extend(flags.iter().map(|s| s.to_string()));
    args.push(dir.file("case.in", input));
    args.push(dir.file("actual.out", output));
    if let Some(a) = answer {
        args.push(dir.file("case.out", a));
    }
    sudoku()
        .args(&args)
        .assert()
        .code(code)
        .stdout(format!("{}\n", line));
}

#[test]
fn check_accepts_a_valid_completion_with_exit_0() {
    check(
        "ac",
        &[],
        SPACED_IN,
        SPACED_OUT.as_bytes(),
        None,
        0,
        "accepted",
    );
    check(
        "ac-answer",
        &[],
        SPACED_IN,
        SPACED_OUT.as_bytes(),
        Some(SPACED_OUT),
        0,
        "accepted",
    );
}

#[test]
fn check_tolerates_crlf_trailing_spaces_and_a_missing_final_newline() {
    let crlf = SPACED_OUT.replace('\n', "  \r\n");
    check("crlf", &[], SPACED_IN, crlf.as_bytes(), None, 0, "accepted");
    check(
        "no-newline",
        &[],
        SPACED_IN,
        SPACED_OUT.trim_end().as_bytes(),
        None,
        0,
        "accepted",
    );
}

#[test]
fn check_changed_given_is_wrong_answer_naming_the_cell() {
    let out = SPACED_OUT.replacen("1 3 5", "1 5 3", 1);
    check(
        "wa-given",
        &[],
        SPACED_IN,
        out.as_bytes(),
        None,
        1,
        "wrong answer: r1c2 is a given 3, the output has 5",
    );
}

#[test]
fn check_repeated_digit_is_wrong_answer_naming_digit_and_cells() {
    let out = SPACED_OUT.replacen("1 3 5", "3 3 5", 1);
    check(
        "wa-repeat",
        &[],
        SPACED_IN,
        out.as_bytes(),
        None,
        1,
        "wrong answer: digit 3 repeats in row 1 (r1c1 and r1c2)",
    );
}

#[test]
fn check_blank_left_is_wrong_answer() {
    let out = SPACED_OUT.replacen("1 3 5", "0 3 5", 1);
    check(
        "wa-blank",
        &[],
        SPACED_IN,
        out.as_bytes(),
        None,
        1,
        "wrong answer: r1c1 is left blank",
    );
}

#[test]
fn check_smallest_rejects_another_completion_naming_the_first_cell() {
    check(
        "any-ok",
        &[],
        EMPTY_DIGITS,
        NOT_SMALLEST.as_bytes(),
        None,
        0,
        "accepted",
    );
    check(
        "smallest-wa",
        &["--smallest"],
        EMPTY_DIGITS,
        NOT_SMALLEST.as_bytes(),
        None,
        1,
        "wrong answer: not the smallest completion: r1c1 is 2, the smallest completion has 1",
    );
    check(
        "smallest-ac",
        &["--smallest"],
        EMPTY_DIGITS,
        SMALLEST.as_bytes(),
        Some(SMALLEST),
        0,
        "accepted",
    );
}

#[test]
fn check_wrong_layouts_are_presentation_errors() {
    let digits = SPACED_OUT.replace(' ', "");
    check(
        "pe-format",
        &[],
        SPACED_IN,
        digits.as_bytes(),
        None,
        2,
        "presentation error: line 1, column 2: expected ' ', got '3' (the answer must be in the spaced format)",
    );
    let short: String = SPACED_OUT
        .lines()
        .take(7)
        .map(|l| format!("{}\n", l))
        .collect();
    check(
        "pe-rows",
        &[],
        SPACED_IN,
        short.as_bytes(),
        None,
        2,
        "presentation error: the output ends after line 7; the spaced format has 9 lines",
    );
    let cells = SPACED_OUT.replacen("7 8 2 1 3 5 6 4 9", "7 8 2 1 3 5 6 4", 1);
    check(
        "pe-cells",
        &[],
        SPACED_IN,
        cells.as_bytes(),
        None,
        2,
        "presentation error: line 2 has 8 cells, expected 9: \"7 8 2 1 3 5 6 4\" (the answer must be in the spaced format)",
    );
    let stray = format!("{}done\n", SPACED_OUT);
    check(
        "pe-stray",
        &[],
        SPACED_IN,
        stray.as_bytes(),
        None,
        2,
        "presentation error: stray text on line 10 after the board: \"done\"",
    );
}

#[test]
fn check_hostile_outputs_are_presentation_errors() {
    check(
        "empty",
        &[],
        SPACED_IN,
        b"",
        None,
        2,
        "presentation error: empty output",
    );
    let mut garbage = b"1 3 5".to_vec();
    garbage.extend_from_slice(&[0x80, 0xff, 0x00, 0x1b]);
    check(
        "binary",
        &[],
        SPACED_IN,
        &garbage,
        None,
        2,
        "presentation error: output is not text: invalid UTF-8 at byte offset 5",
    );
    let huge = vec![b'9'; 5 << 20];
    check(
        "huge",
        &[],
        SPACED_IN,
        &huge,
        None,
        2,
        "presentation error: output too long (more than 1048576 bytes)",
    );
    let thousand = format!("{}{}", SPACED_OUT, "1 2 3 4 5 6 7 8 9\n".repeat(1000));
    check(
        "thousand",
        &[],
        SPACED_IN,
        thousand.as_bytes(),
        None,
        2,
        "presentation error: stray text on line 10 after the board: \"1 2 3 4 5 6 7 8 9\"",
    );
    let thousand_blank = "\n".repeat(1000);
    check(
        "blank-lines",
        &[],
        SPACED_IN,
        thousand_blank.as_bytes(),
        None,
        2,
        "presentation error: empty output",
    );
}

#[test]
fn check_a_huge_output_on_stdin_is_read_only_up_to_the_cap() {
    let dir = Dir::new("stdin-huge");
    let input = dir.file("case.in", SPACED_IN);
    sudoku()
        .args(["check", &input, "-"])
        .write_stdin(vec![b'5'; 5 << 20])
        .assert()
        .code(2)
        .stdout("presentation error: output too long (more than 1048576 bytes)\n");
    sudoku()
        .args(["check", &input, "-"])
        .write_stdin(SPACED_OUT)
        .assert()
        .code(0)
        .stdout("accepted\n");
}

#[test]
fn check_broken_input_is_judge_failure_with_exit_3() {
    let dir = Dir::new("jf-malformed");
    // The parser's own wording is the formats module's business; the
    // position and the verdict are ours.
    sudoku()
        .args([
            "check",
            &dir.file("case.in", "0 3 5\n1 2\n"),
            &dir.file("out", SPACED_OUT),
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with(
            "judge failure: INPUT: puzzle 1, line 1",
        ));
    sudoku()
        .args([
            "check",
            &dir.file("empty.in", ""),
            &dir.file("out", SPACED_OUT),
        ])
        .assert()
        .code(3)
        .stdout("judge failure: INPUT holds no puzzle\n");
}

#[test]
fn check_clashing_or_unsolvable_input_is_judge_failure() {
    let clash = SPACED_IN.replacen("0 3 5", "3 3 5", 1);
    check(
        "jf-clash",
        &[],
        &clash,
        SPACED_OUT.as_bytes(),
        None,
        3,
        "judge failure: INPUT: digit 3 repeats in row 1 (r1c1 and r1c2)",
    );
    let stuck = "123456780\n000000009\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n";
    check(
        "jf-unsolvable",
        &[],
        stuck,
        SMALLEST.as_bytes(),
        None,
        3,
        "judge failure: INPUT has no solution",
    );
}

#[test]
fn check_answer_that_does_not_solve_input_is_judge_failure() {
    let wrong = SPACED_OUT.replacen("1 3 5", "0 3 5", 1);
    check(
        "jf-answer",
        &[],
        SPACED_IN,
        SPACED_OUT.as_bytes(),
        Some(&wrong),
        3,
        "judge failure: ANSWER does not solve INPUT: r1c1 is left blank",
    );
    check(
        "jf-answer-smallest",
        &["--smallest"],
        EMPTY_DIGITS,
        SMALLEST.as_bytes(),
        Some(NOT_SMALLEST),
        3,
        "judge failure: ANSWER is not the smallest completion: r1c1 is 2, the smallest has 1",
    );
}

#[test]
fn check_usage_errors_never_look_accepted() {
    sudoku()
        .args(["check"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("expected INPUT OUTPUT"));
    sudoku()
        .args(["check", "--frob", "a", "b"])
        .assert()
        .code(3);
    sudoku().args(["check", "--kattis", "a"]).assert().code(1);
    let dir = Dir::new("missing");
    let missing = dir.path().join("nope.in");
    sudoku()
        .args(["check", missing.to_str().unwrap(), "x"])
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("judge failure: INPUT "));
}

/// Runs the Kattis convention; returns the exit code and judgemessage.txt.
fn kattis(test: &str, flags: &[&str], input: &str, answer: &str, output: &[u8]) -> (i32, String) {
    let dir = Dir::new(test);
    let feedback = dir.path().join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let mut args = vec!["check".to_string(), "--kattis".to_string()];
    args.extend(flags.iter().map(|s| s.to_string()));
    args.push(dir.file("case.in", input));
    args.push(dir.file("case.ans", answer));
    args.push(feedback.to_str().unwrap().to_string());
    let got = sudoku()
        .args(&args)
        .write_stdin(output.to_vec())
        .output()
        .unwrap();
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    (got.status.code().unwrap_or(-1), message)
}

#[test]
fn kattis_accepts_with_42() {
    let (code, message) = kattis("k-ac", &[], SPACED_IN, SPACED_OUT, SPACED_OUT.as_bytes());
    assert_eq!((code, message.as_str()), (42, "accepted\n"));
}

#[test]
fn kattis_rejects_wrong_answers_and_layouts_with_43() {
    let out = SPACED_OUT.replacen("1 3 5", "0 3 5", 1);
    let (code, message) = kattis("k-wa", &[], SPACED_IN, SPACED_OUT, out.as_bytes());
    assert_eq!(
        (code, message.as_str()),
        (43, "wrong answer: r1c1 is left blank\n")
    );
    let (code, message) = kattis("k-pe", &[], SPACED_IN, SPACED_OUT, b"");
    assert_eq!(
        (code, message.as_str()),
        (43, "presentation error: empty output\n")
    );
    let (code, message) = kattis(
        "k-small",
        &["--smallest"],
        EMPTY_DIGITS,
        SMALLEST,
        NOT_SMALLEST.as_bytes(),
    );
    assert_eq!(code, 43);
    assert!(
        message.starts_with("wrong answer: not the smallest completion"),
        "{}",
        message
    );
}

#[test]
fn kattis_judge_failure_exits_1() {
    let wrong = SPACED_OUT.replacen("1 3 5", "0 3 5", 1);
    let (code, message) = kattis("k-jf", &[], SPACED_IN, &wrong, SPACED_OUT.as_bytes());
    assert_eq!(
        (code, message.as_str()),
        (
            1,
            "judge failure: ANSWER does not solve INPUT: r1c1 is left blank\n"
        )
    );
}
