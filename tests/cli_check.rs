//! `sudoku check`: every verdict and exit code through the command line,
//! in the testlib / online-judge-tools and the Kattis conventions, and
//! hostile contestant output.

use crate::common;

use common::{
    sudoku, Dir, BOJ2239_IN, BOJ2239_OUT, BOJ2580_IN, BOJ2580_OUT, CLASH, EMPTY_DIGITS,
    NOT_SMALLEST, SMALLEST, TWO_SOLUTIONS, WIKI, WIKI_SOLVED,
};
use predicates::prelude::*;

/// Runs `sudoku check INPUT OUTPUT [ANSWER]` on texts; asserts the exit
/// code and the one line on stderr (testlib's way; stdout stays empty).
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
        .stdout("")
        .stderr(format!("{}\n", line));
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
fn check_a_carriage_return_that_ends_no_line_is_a_presentation_error() {
    let twice = format!("{}\r\r", BOJ2580_OUT.trim_end());
    check(
        "cr-cr",
        &[],
        BOJ2580_IN,
        twice.as_bytes(),
        None,
        2,
        "presentation error: line 9, column 18: a carriage return inside a line",
    );
    let lone = format!("{}\r", BOJ2580_OUT.trim_end());
    check(
        "cr-eof",
        &[],
        BOJ2580_IN,
        lone.as_bytes(),
        None,
        0,
        "accepted",
    );
    let clash = "1 1 0 0 0 0 0 0 0\n".to_string() + &"0 0 0 0 0 0 0 0 0\n".repeat(8);
    let flags = ["--no-solution", "NO SOLUTION"];
    check(
        "cr-tab",
        &flags,
        &clash,
        b"NO SOLUTION\r\t\n",
        None,
        2,
        "presentation error: line 1, column 12: a carriage return inside a line",
    );
    check(
        "cr-lf",
        &flags,
        &clash,
        b"NO SOLUTION \t\r\n",
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
        "presentation error: line 1 is longer than 1 MiB",
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
fn check_a_huge_line_on_stdin_is_read_only_up_to_the_cap() {
    let dir = Dir::new("stdin-huge");
    let input = dir.file("case.in", BOJ2580_IN);
    sudoku()
        .args(["check", &input, "-"])
        .write_stdin(vec![b'5'; 5 << 20])
        .assert()
        .code(2)
        .stderr("presentation error: line 1 is longer than 1 MiB\n");
    sudoku()
        .args(["check", &input, "-"])
        .write_stdin(BOJ2580_OUT)
        .assert()
        .code(0)
        .stderr("accepted\n");
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
        .stderr(predicate::str::starts_with(
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
        .stderr("judge failure: INPUT holds no puzzle\n");
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
        .stderr(predicate::str::starts_with("judge failure: INPUT "));
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

// ---------------------------------------------------------- multi-case rules

/// The 81 cells of rows of digits or spaced numbers on one line.
fn line_of(rows: &str) -> String {
    rows.split_whitespace().collect()
}

/// POJ 2676: T, then T boards of digit rows; any completion each.
fn poj2676_input() -> String {
    format!("2\n{}{}", EMPTY_DIGITS, BOJ2239_IN)
}

#[test]
fn poj2676_two_boards_accept_two_different_completions() {
    let poj = ["--answers", "any", "--cases", "count"];
    let input = poj2676_input();
    let ours = format!("{}{}", NOT_SMALLEST, BOJ2239_OUT);
    let jury = format!("{}{}", SMALLEST, BOJ2239_OUT);
    check("poj-ac", &poj, &input, ours.as_bytes(), None, 0, "accepted");
    check(
        "poj-ac-answer",
        &poj,
        &input,
        ours.as_bytes(),
        Some(&jury),
        0,
        "accepted",
    );
    // The default rule (any, framing read from INPUT) judges it the same.
    check(
        "poj-auto",
        &[],
        &input,
        jury.as_bytes(),
        None,
        0,
        "accepted",
    );
}

#[test]
fn poj2676_a_wrong_second_board_is_wrong_answer_naming_puzzle_2() {
    let input = poj2676_input();
    let wrong = format!("{}{}", SMALLEST, BOJ2239_OUT.replacen("143", "134", 1));
    check(
        "poj-wa",
        &["--cases", "count"],
        &input,
        wrong.as_bytes(),
        None,
        1,
        "wrong answer: puzzle 2: r1c3 is a given 3, the output has 4",
    );
}

#[test]
fn missing_and_extra_answers_are_presentation_errors() {
    let input = poj2676_input();
    check(
        "missing",
        &[],
        &input,
        SMALLEST.as_bytes(),
        None,
        2,
        "presentation error: puzzle 2: no answer (1 of 2 given)",
    );
    let extra = format!("{}\n{}\n{}", SMALLEST, BOJ2239_OUT, SMALLEST);
    check(
        "extra",
        &[],
        &input,
        extra.as_bytes(),
        None,
        2,
        "presentation error: stray text on line 21 after the last answer: \"123456789\"",
    );
    // Blank lines between answers are fine; before the first they are not.
    let spread = format!("{}\n\n{}\n", SMALLEST, BOJ2239_OUT);
    check(
        "between",
        &[],
        &input,
        spread.as_bytes(),
        None,
        0,
        "accepted",
    );
    let leading = format!("\n{}{}", SMALLEST, BOJ2239_OUT);
    check(
        "leading",
        &[],
        &input,
        leading.as_bytes(),
        None,
        2,
        "presentation error: puzzle 1: line 1 is blank (the answer must be in the digits format)",
    );
}

/// Kattis sudokunique's judge.conf.
const SUDOKUNIQUE_CONF: &str = "\
# Kattis sudokunique
answers = unique
cases = eof
no_solution = Find another job
many_solutions = Non-unique
";

/// Three boards, a blank line between: unique, two solutions, clashing.
fn sudokunique_input() -> String {
    format!("{}\n{}\n{}", BOJ2580_IN, TWO_SOLUTIONS, CLASH)
}

#[test]
fn kattis_sudokunique_classifies_unique_non_unique_and_find_another_job() {
    let conf = Dir::new("unique-conf");
    let conf = conf.file("judge.conf", SUDOKUNIQUE_CONF);
    let flags = ["--conf", conf.as_str()];
    let input = sudokunique_input();
    let good = format!("{}\nNon-unique\n\nFind another job\n", BOJ2580_OUT);
    check(
        "unique-ac",
        &flags,
        &input,
        good.as_bytes(),
        Some(&good),
        0,
        "accepted",
    );
    let swapped = format!("{}\nFind another job\n\nNon-unique\n", BOJ2580_OUT);
    check(
        "unique-wa",
        &flags,
        &input,
        swapped.as_bytes(),
        Some(&good),
        1,
        "wrong answer: puzzle 2: expected `Non-unique` (the puzzle has several solutions), \
         got `Find another job`",
    );
    let solved = format!("{}\n{}\nFind another job\n", BOJ2580_OUT, BOJ2580_OUT);
    check(
        "unique-board",
        &flags,
        &input,
        solved.as_bytes(),
        None,
        1,
        "wrong answer: puzzle 2: expected `Non-unique` (the puzzle has several solutions), \
         got a board",
    );
    // The same rule from options instead of the file.
    let options = [
        "--answers",
        "unique",
        "--cases",
        "eof",
        "--no-solution",
        "Find another job",
        "--many-solutions",
        "Non-unique",
    ];
    check(
        "unique-options",
        &options,
        &input,
        good.as_bytes(),
        None,
        0,
        "accepted",
    );
}

#[test]
fn sudogob_counts_one_zero_and_two_with_the_board_after_one() {
    let sudogob = ["--answers", "count", "--cases", "count"];
    let input = format!("3\n{}\n{}\n{}", BOJ2580_IN, CLASH, TWO_SOLUTIONS);
    // SPOJ prints a space at the end of every row: tolerated.
    let good = format!("1\n{}0\n2\n", BOJ2580_OUT.replace('\n', " \n"));
    check(
        "gob-ac",
        &sudogob,
        &input,
        good.as_bytes(),
        Some(&good),
        0,
        "accepted",
    );
    let wrong = format!("1\n{}0\n1\n{}", BOJ2580_OUT, BOJ2580_OUT);
    check(
        "gob-wa",
        &sudogob,
        &input,
        wrong.as_bytes(),
        None,
        1,
        "wrong answer: puzzle 3: the puzzle has more than 1 solution, got \"1\"",
    );
    let no_board = "1\n0\n2\n";
    check(
        "gob-pe",
        &sudogob,
        &input,
        no_board.as_bytes(),
        None,
        2,
        "presentation error: puzzle 1: line 2 has 1 cells, expected 9: \"0\" \
         (the answer must be in the spaced format)",
    );
}

#[test]
fn an_answer_that_disagrees_with_the_truth_is_a_judge_failure() {
    let input = format!("3\n{}\n{}\n{}", BOJ2580_IN, CLASH, TWO_SOLUTIONS);
    let good = format!("1\n{}0\n2\n", BOJ2580_OUT);
    let jury = format!("1\n{}1\n{}2\n", BOJ2580_OUT, BOJ2580_OUT);
    check(
        "gob-jf",
        &["--answers", "count"],
        &input,
        good.as_bytes(),
        Some(&jury),
        3,
        "judge failure: ANSWER disagrees with INPUT: puzzle 2: the puzzle has 0 solutions, \
         got \"1\"",
    );
    let conf = Dir::new("unique-jf-conf");
    let conf = conf.file("judge.conf", SUDOKUNIQUE_CONF);
    let classified = "Non-unique\nNon-unique\nFind another job\n";
    let good = format!("{}\nNon-unique\n\nFind another job\n", BOJ2580_OUT);
    check(
        "unique-jf",
        &["--conf", &conf],
        &sudokunique_input(),
        good.as_bytes(),
        Some(classified),
        3,
        "judge failure: ANSWER disagrees with INPUT: puzzle 1: expected a board \
         (the puzzle has one solution), got `Non-unique`",
    );
}

#[test]
fn poj3074_reads_lines_until_end_or_the_end_of_input() {
    let poj = ["--answers", "unique", "--cases", "end", "--format", "line"];
    let answers = format!("{}\n{}\n", WIKI_SOLVED, line_of(BOJ2239_OUT));
    let ended = format!("{}\n{}\nend\n", WIKI, line_of(BOJ2239_IN).replace('0', "."));
    check(
        "3074-end",
        &poj,
        &ended,
        answers.as_bytes(),
        Some(&answers),
        0,
        "accepted",
    );
    let open = format!("{}\n{}", WIKI, line_of(BOJ2239_IN));
    check(
        "3074-eof",
        &poj,
        &open,
        answers.as_bytes(),
        None,
        0,
        "accepted",
    );
    check(
        "3074-missing",
        &poj,
        &ended,
        format!("{}\n", WIKI_SOLVED).as_bytes(),
        None,
        2,
        "presentation error: puzzle 2: no answer (1 of 2 given)",
    );
    let rows = format!("{}{}", BOJ2239_OUT, BOJ2239_OUT);
    check(
        "3074-rows",
        &poj,
        &ended,
        rows.as_bytes(),
        None,
        2,
        "presentation error: puzzle 1: line 1 has 9 cells, expected 81: \"143628579\" \
         (the answer must be in the line format)",
    );
}

#[test]
fn exact_compares_with_the_answer_and_needs_one() {
    let exact = ["--answers", "exact"];
    check(
        "exact-ac",
        &exact,
        "anything\n",
        b"143\r\n572  \n\n",
        Some("143\n572\n"),
        0,
        "accepted",
    );
    check(
        "exact-wa",
        &exact,
        "anything\n",
        b"143\n527\n",
        Some("143\n572\n"),
        1,
        "wrong answer: line 2: expected \"572\", got \"527\"",
    );
    check(
        "exact-none",
        &exact,
        "anything\n",
        b"143\n",
        None,
        3,
        "judge failure: no ANSWER to compare with (answers = exact needs the jury's NAME.out)",
    );
}

#[test]
fn conf_is_read_and_options_override_it() {
    let dir = Dir::new("conf-override");
    let smallest = dir.file("smallest.conf", "answers = smallest\nformat = digits\n");
    check(
        "conf-smallest",
        &["--conf", &smallest],
        EMPTY_DIGITS,
        NOT_SMALLEST.as_bytes(),
        None,
        1,
        "wrong answer: not the smallest completion: r1c1 is 2, the smallest completion has 1",
    );
    check(
        "conf-any",
        &["--conf", &smallest, "--answers", "any"],
        EMPTY_DIGITS,
        NOT_SMALLEST.as_bytes(),
        None,
        0,
        "accepted",
    );
    let broken = dir.file("broken.conf", "answers = some\n");
    check(
        "conf-broken",
        &["--conf", &broken],
        EMPTY_DIGITS,
        SMALLEST.as_bytes(),
        None,
        3,
        &format!(
            "judge failure: --conf {}: line 1: answers `some`: expected exact, \
             any, smallest, unique, count or classify",
            broken
        ),
    );
    let missing = dir.path().join("missing.conf");
    sudoku()
        .args(["check", "--conf", missing.to_str().unwrap(), "x", "y"])
        .assert()
        .code(3)
        .stderr(predicate::str::starts_with("judge failure: --conf "));
}

#[test]
fn rule_option_mistakes_are_usage_errors() {
    for args in [
        &["--smallest", "--answers", "any"][..],
        &["--answers", "most"],
        &["--cases", "two"],
        &["--format", "html"],
        &["--conf"],
    ] {
        // After the paths, so that `--conf` has nothing to take as FILE.
        sudoku()
            .args(["check", "a", "b"])
            .args(args)
            .assert()
            .code(3)
            .stdout("")
            .stderr(predicate::str::contains("see sudoku check --help"));
    }
}

#[test]
fn kattis_ignores_validator_flags_with_dashes_but_reads_our_options() {
    let flags_after = |test: &str, after: &[&str], input: &str, answer: &str, output: &str| {
        let dir = Dir::new(test);
        let feedback = dir.path().join("feedback");
        std::fs::create_dir_all(&feedback).unwrap();
        let got = sudoku()
            .args(["check", "--kattis"])
            .arg(dir.file("case.in", input))
            .arg(dir.file("case.ans", answer))
            .arg(&feedback)
            .args(after)
            .write_stdin(output.to_string())
            .output()
            .unwrap();
        let message =
            std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
        (got.status.code().unwrap_or(-1), message)
    };
    let (code, message) = flags_after(
        "k-flags",
        &["--float_tolerance", "1e-6", "-x", "case_sensitive", "--"],
        BOJ2580_IN,
        BOJ2580_OUT,
        BOJ2580_OUT,
    );
    assert_eq!((code, message.as_str()), (42, "accepted\n"));
    let (code, message) = flags_after(
        "k-ours",
        &["--flag", "--smallest"],
        EMPTY_DIGITS,
        SMALLEST,
        NOT_SMALLEST,
    );
    assert_eq!(code, 43, "{}", message);
    assert!(
        message.starts_with("wrong answer: not the smallest completion"),
        "{}",
        message
    );
    // Before FEEDBACK_DIR an unknown option is still a mistake.
    sudoku()
        .args(["check", "--kattis", "--frob", "a", "b", "c"])
        .assert()
        .code(1);
}

// ------------------------------------------- blank, separator, header, classify

/// WIKI as HDU 3111 writes it: digit rows, `?` for a blank.
fn question_rows(line: &str) -> String {
    let rows: String = line
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    rows.replace('.', "?")
}

/// WIKI_SOLVED as 9 digit rows.
fn solved_rows() -> String {
    question_rows(WIKI_SOLVED)
}

#[test]
fn check_blank_and_separator_read_hdu3111_and_require_the_separator_between_answers() {
    let flags = [
        "--answers",
        "unique",
        "--cases",
        "count",
        "--blank",
        "?",
        "--separator",
        "---",
    ];
    let input = format!("2\n{}---\n{}", question_rows(WIKI), question_rows(WIKI));
    let good = format!("{}---\n{}", solved_rows(), solved_rows());
    check(
        "sep-ac",
        &flags,
        &input,
        good.as_bytes(),
        None,
        0,
        "accepted",
    );
    let none = format!("{}{}", solved_rows(), solved_rows());
    let line = "presentation error: puzzle 2: line 10: expected the separator `---` between \
                two answers, got \"534678912\"";
    check("sep-none", &flags, &input, none.as_bytes(), None, 2, line);
    let trailing = format!("{}---\n", good);
    let line = "presentation error: stray text on line 20 after the last answer: \"---\"";
    check(
        "sep-trail",
        &flags,
        &input,
        trailing.as_bytes(),
        None,
        2,
        line,
    );
    // Without --separator, the `---` line is a bad row; without --blank, `?` a bad cell.
    let line = "judge failure: INPUT: puzzle 2, line 11, column 1: '-' is not a digit 0-9 or '.'";
    let good = good.as_bytes();
    check("sep-nosep", &flags[..6], &input, good, None, 3, line);
    let line = "judge failure: INPUT: puzzle 1, line 2, column 3: '?' is not a digit 0-9 or '.'";
    check("sep-noblank", &flags[..4], &input, good, None, 3, line);
}

#[test]
fn check_header_requires_each_answers_numbered_line() {
    let flags = [
        "--answers",
        "any",
        "--cases",
        "count",
        "--header",
        "Case #{}:",
    ];
    let input = format!("2\n{}\n{}", question_rows(WIKI), question_rows(WIKI));
    let input = input.replace('?', "0");
    let good = format!("Case #1:\n{}Case #2:\n{}", solved_rows(), solved_rows());
    check(
        "hdr-ac",
        &flags,
        &input,
        good.as_bytes(),
        None,
        0,
        "accepted",
    );
    let bad = good.replace("#2", "#1");
    let line = "presentation error: puzzle 2: line 11: expected `Case #2:`, got \"Case #1:\"";
    check("hdr-num", &flags, &input, bad.as_bytes(), None, 2, line);
}

#[test]
fn check_classify_judges_the_line_of_each_puzzles_class() {
    let flags = [
        "--answers",
        "classify",
        "--cases",
        "eof",
        "--illegal",
        "Case {}: Illegal.",
        "--no-solution",
        "Case {}: Impossible.",
        "--one-solution",
        "Case {}: Unique.",
        "--many-solutions",
        "Case {}: Ambiguous.",
    ];
    let clash = WIKI.replacen('.', "5", 1); // r1c3 repeats r1c1's 5
    let input = format!("{}\n{}\n{}\n", WIKI, ".".repeat(81), clash);
    let good = "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Illegal.\n";
    check(
        "cls-ac",
        &flags,
        &input,
        good.as_bytes(),
        None,
        0,
        "accepted",
    );
    let wrong = good.replace("2: Ambiguous", "2: Unique");
    let line = "wrong answer: puzzle 2: expected `Case 2: Ambiguous.` (the puzzle has several \
                solutions), got \"Case 2: Unique.\"";
    check("cls-wa", &flags, &input, wrong.as_bytes(), None, 1, line);
    let line = "judge failure: puzzle 1: the puzzle has one solution, and the rule has no line \
                for it";
    let without_unique = [&flags[..8], &flags[10..]].concat();
    check(
        "cls-jf",
        &without_unique,
        &input,
        good.as_bytes(),
        None,
        3,
        line,
    );
}

#[test]
fn a_fourth_argument_is_testlibs_report_file() {
    let dir = Dir::new("report");
    let input = dir.file("case.in", BOJ2580_IN);
    let wrong = dir.file("wrong.out", BOJ2580_IN);
    let report = dir.path().join("report.txt");
    sudoku()
        .args(["check", &input, &wrong, &wrong, report.to_str().unwrap()])
        .assert()
        .code(3)
        .stdout("");
    let said = std::fs::read_to_string(&report).unwrap();
    assert!(said.starts_with("judge failure: ANSWER "), "{}", said);
    let right = dir.file("right.out", BOJ2580_OUT);
    sudoku()
        .args(["check", &input, &right, &right, report.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout("")
        .stderr("accepted\n");
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "accepted\n");
    let nowhere = dir.path().join("no/such/folder/report.txt");
    sudoku()
        .args(["check", &input, &right, &right, nowhere.to_str().unwrap()])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "judge failure: cannot write REPORT",
        ));
}

#[test]
fn kattis_calls_the_validator_without_our_flag() {
    // Kattis runs `validator INPUT ANSWER FEEDBACK_DIR [its flags] < OUTPUT`.
    let dir = Dir::new("kattis-plain");
    let input = dir.file("case.in", BOJ2580_IN);
    let answer = dir.file("case.ans", BOJ2580_OUT);
    let feedback = dir.path().join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    sudoku()
        .args(["check", &input, &answer, feedback.to_str().unwrap()])
        .args(["case_sensitive", "space_change_sensitive"])
        .write_stdin(BOJ2580_OUT)
        .assert()
        .code(42);
    sudoku()
        .args(["check", &input, &answer, feedback.to_str().unwrap()])
        .write_stdin(BOJ2580_IN)
        .assert()
        .code(43);
    let said = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(said.starts_with("wrong answer: "), "{}", said);
}

/// HDU 4069's first sample board (problems/hdu4069), its 9 rows of walls.
fn hdu4069_first_board() -> String {
    let path = common::problems_dir().join("hdu4069/test/sample-1.in");
    let hdu = std::fs::read_to_string(path).unwrap();
    hdu.lines()
        .skip(1)
        .take(9)
        .map(|l| format!("{}\n", l))
        .collect()
}

/// `sudoku solve`'s answer, as it writes it for `args` (`--from`, `--to`).
fn solved(args: &[&str], input: &std::path::Path) -> Vec<u8> {
    let out = sudoku()
        .arg("solve")
        .args(args)
        .arg(input)
        .output()
        .expect("sudoku solve runs");
    assert!(
        out.status.success(),
        "solve {:?} {}: {}",
        args,
        input.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn check_accepts_what_solve_writes_in_every_format() {
    let problems = common::problems_dir();
    let dir = Dir::new("solve-formats");
    // HDU 4069's first board (walls), every CodinGame killer case, a plain board.
    let walls = hdu4069_first_board();
    let killer = common::case_inputs(&problems.join("codingame_killer"));
    assert!(killer.len() > 10, "the killer cases are found");
    let mut inputs = vec![
        (
            Some("walls"),
            std::path::PathBuf::from(dir.file("walls.in", walls)),
        ),
        (Some("killer"), killer[0].clone()),
        (None, problems.join("boj2580/test/sample-1.in")),
    ];
    let every = inputs.len();
    // The other killer cases in solve's own format only (a debug build
    // solves them slowly).
    inputs.extend(
        killer[1..]
            .iter()
            .map(|case| (Some("killer"), case.clone())),
    );
    let formats = [
        None,
        Some("line"),
        Some("spaced"),
        Some("digits"),
        Some("js"),
        Some("euler"),
        Some("pretty"),
        Some("walls"),
        Some("killer"),
    ];
    let mut failures = Vec::new();
    for (k, (from, input)) in inputs.iter().enumerate() {
        let from_args: Vec<&str> = from.iter().flat_map(|f| ["--from", *f]).collect();
        let formats = if k < every {
            &formats[..]
        } else {
            &formats[..1]
        };
        for &to in formats {
            let mut solve_args = from_args.clone();
            let mut check_args = from_args.clone();
            if let Some(to) = to {
                solve_args.extend(["--to", to]);
                check_args.extend(["--format", to]);
            }
            let answer = dir.file("answer.out", solved(&solve_args, input));
            let out = sudoku()
                .arg("check")
                .args(&check_args)
                .arg(input)
                .arg(&answer)
                .output()
                .expect("sudoku check runs");
            if !out.status.success() {
                failures.push(format!(
                    "{} {:?}: {}",
                    input.display(),
                    check_args,
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join(""));
}

#[test]
fn check_reads_walls_answers_by_their_numbers() {
    let walls = hdu4069_first_board();
    let dir = Dir::new("walls-answers");
    let input = dir.file("walls.in", &walls);
    let answer = String::from_utf8(solved(&["--from", "walls"], input.as_ref())).unwrap();
    assert!(answer.starts_with("149 18 113 "), "{}", answer);
    // 149 is a 5 under walls 144; 150 a 6 (repeating r1c7's), 165 another wall.
    for (line1, code, why) in [
        (
            "150",
            1,
            "wrong answer: digit 6 repeats in row 1 (r1c1 and r1c7)",
        ),
        (
            "165",
            2,
            "presentation error: line 1, column 2: expected '4', got '6' (the answer must be in \
             the walls format)",
        ),
        (
            "149 ",
            2,
            "presentation error: line 1, column 5: expected '1', got ' ' (the answer must be in \
             the walls format)",
        ),
    ] {
        let changed = answer.replacen("149", line1, 1);
        check(
            "walls-answers",
            &["--from", "walls"],
            &walls,
            changed.as_bytes(),
            None,
            code,
            why,
        );
    }
}
