//! `sudoku check`: every verdict and exit code through the command line,
//! in the testlib / online-judge-tools and the Kattis conventions, and
//! hostile contestant output.

mod common;

use common::{sudoku, Dir, BOJ2580_IN, BOJ2580_OUT, EMPTY_DIGITS, NOT_SMALLEST, SMALLEST};
use predicates::prelude::*;

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
        BOJ2580_IN,
        BOJ2580_OUT.as_bytes(),
        None,
        0,
        "accepted",
    );
    check(
        "ac-answer",
        &[],
        BOJ2580_IN,
        BOJ2580_OUT.as_bytes(),
        Some(BOJ2580_OUT),
        0,
        "accepted",
    );
}

#[test]
fn check_tolerates_crlf_trailing_spaces_and_a_missing_final_newline() {
    let crlf = BOJ2580_OUT.replace('\n', "  \r\n");
    check(
        "crlf",
        &[],
        BOJ2580_IN,
        crlf.as_bytes(),
        None,
        0,
        "accepted",
    );
    check(
        "no-newline",
        &[],
        BOJ2580_IN,
        BOJ2580_OUT.trim_end().as_bytes(),
        None,
        0,
        "accepted",
    );
}

#[test]
fn check_changed_given_is_wrong_answer_naming_the_cell() {
    let out = BOJ2580_OUT.replacen("1 3 5", "1 5 3", 1);
    check(
        "wa-given",
        &[],
        BOJ2580_IN,
        out.as_bytes(),
        None,
        1,
        "wrong answer: r1c2 is a given 3, the output has 5",
    );
}

#[test]
fn check_repeated_digit_is_wrong_answer_naming_digit_and_cells() {
    let out = BOJ2580_OUT.replacen("1 3 5", "3 3 5", 1);
    check(
        "wa-repeat",
        &[],
        BOJ2580_IN,
        out.as_bytes(),
        None,
        1,
        "wrong answer: digit 3 repeats in row 1 (r1c1 and r1c2)",
    );
}

#[test]
fn check_blank_left_is_wrong_answer() {
    let out = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
    check(
        "wa-blank",
        &[],
        BOJ2580_IN,
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
    let digits = BOJ2580_OUT.replace(' ', "");
    check(
        "pe-format",
        &[],
        BOJ2580_IN,
        digits.as_bytes(),
        None,
        2,
        "presentation error: line 1, column 2: expected ' ', got '3' (the answer must be in the spaced format)",
    );
    let short: String = BOJ2580_OUT
        .lines()
        .take(7)
        .map(|l| format!("{}\n", l))
        .collect();
    check(
        "pe-rows",
        &[],
        BOJ2580_IN,
        short.as_bytes(),
        None,
        2,
        "presentation error: the output ends after line 7; the spaced format has 9 lines",
    );
    let cells = BOJ2580_OUT.replacen("7 8 2 1 3 5 6 4 9", "7 8 2 1 3 5 6 4", 1);
    check(
        "pe-cells",
        &[],
        BOJ2580_IN,
        cells.as_bytes(),
        None,
        2,
        "presentation error: line 2 has 8 cells, expected 9: \"7 8 2 1 3 5 6 4\" (the answer must be in the spaced format)",
    );
    let stray = format!("{}done\n", BOJ2580_OUT);
    check(
        "pe-stray",
        &[],
        BOJ2580_IN,
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
        BOJ2580_IN,
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
        BOJ2580_IN,
        &garbage,
        None,
        2,
        "presentation error: output is not text: invalid UTF-8 at byte offset 5",
    );
    let huge = vec![b'9'; 5 << 20];
    check(
        "huge",
        &[],
        BOJ2580_IN,
        &huge,
        None,
        2,
        "presentation error: output too long (more than 1048576 bytes)",
    );
    let thousand = format!("{}{}", BOJ2580_OUT, "1 2 3 4 5 6 7 8 9\n".repeat(1000));
    check(
        "thousand",
        &[],
        BOJ2580_IN,
        thousand.as_bytes(),
        None,
        2,
        "presentation error: stray text on line 10 after the board: \"1 2 3 4 5 6 7 8 9\"",
    );
    let thousand_blank = "\n".repeat(1000);
    check(
        "blank-lines",
        &[],
        BOJ2580_IN,
        thousand_blank.as_bytes(),
        None,
        2,
        "presentation error: empty output",
    );
}

#[test]
fn check_a_huge_output_on_stdin_is_read_only_up_to_the_cap() {
    let dir = Dir::new("stdin-huge");
    let input = dir.file("case.in", BOJ2580_IN);
    sudoku()
        .args(["check", &input, "-"])
        .write_stdin(vec![b'5'; 5 << 20])
        .assert()
        .code(2)
        .stdout("presentation error: output too long (more than 1048576 bytes)\n");
    sudoku()
        .args(["check", &input, "-"])
        .write_stdin(BOJ2580_OUT)
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
            &dir.file("out", BOJ2580_OUT),
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
            &dir.file("out", BOJ2580_OUT),
        ])
        .assert()
        .code(3)
        .stdout("judge failure: INPUT holds no puzzle\n");
}

#[test]
fn check_clashing_or_unsolvable_input_is_judge_failure() {
    let clash = BOJ2580_IN.replacen("0 3 5", "3 3 5", 1);
    check(
        "jf-clash",
        &[],
        &clash,
        BOJ2580_OUT.as_bytes(),
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
    let wrong = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
    check(
        "jf-answer",
        &[],
        BOJ2580_IN,
        BOJ2580_OUT.as_bytes(),
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
    let (code, message) = kattis("k-ac", &[], BOJ2580_IN, BOJ2580_OUT, BOJ2580_OUT.as_bytes());
    assert_eq!((code, message.as_str()), (42, "accepted\n"));
}

#[test]
fn kattis_rejects_wrong_answers_and_layouts_with_43() {
    let out = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
    let (code, message) = kattis("k-wa", &[], BOJ2580_IN, BOJ2580_OUT, out.as_bytes());
    assert_eq!(
        (code, message.as_str()),
        (43, "wrong answer: r1c1 is left blank\n")
    );
    let (code, message) = kattis("k-pe", &[], BOJ2580_IN, BOJ2580_OUT, b"");
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
    let wrong = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
    let (code, message) = kattis("k-jf", &[], BOJ2580_IN, &wrong, BOJ2580_OUT.as_bytes());
    assert_eq!(
        (code, message.as_str()),
        (
            1,
            "judge failure: ANSWER does not solve INPUT: r1c1 is left blank\n"
        )
    );
}
