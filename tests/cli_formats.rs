//! `sudoku solve`, `sudoku count` and `sudoku convert`: every format in
//! and out, batches with bad puzzles, the judges' framings (a count, `end`,
//! to the end, one), rows across blank lines, unreadable input, and the
//! usage errors.

use crate::common;

use common::{
    digit_rows, spaced, sudoku, BOJ2239_IN, BOJ2239_OUT, BOJ2580_IN, BOJ2580_OUT, JS_OUT,
    UNSOLVABLE, WIKI, WIKI_SOLVED,
};
use predicates::prelude::*;

const BLOG_IN: &str = "400970000\n097050060\n200000700\n000003040\n002000000\n\
075100300\n013500400\n900000000\n000060008\n";
const BLOG_OUT: &str = "436972851\n897451263\n251836794\n189723645\n342685179\n\
675149382\n713598426\n968214537\n524367918\n";

const JS_IN: &str = "let board = [
  [0,3,0,2,6,0,7,0,1],
  [6,8,0,0,7,0,0,9,0],
  [1,9,0,0,0,4,5,0,0],
  [8,2,0,1,0,0,0,4,0],
  [0,0,4,6,0,2,9,0,0], // middle
  [0,5,0,0,0,3,0,2,8],
  [0,0,9,3,0,0,0,7,4],
  [0,4,0,0,5,0,0,3,6],
  [7,0,3,0,1,8,0,0,0],
];
";

/// Two 5s in row 1.
const CLASHING: &str =
    "55...............................................................................";

/// Runs `sudoku ARGS` with `stdin`; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `line` text as a LeetCode board with `quote`d cells, on one line.
fn leetcode(line: &str, quote: char) -> String {
    let rows: Vec<String> = common::js_rows(line, &quote.to_string())
        .iter()
        .map(|r| format!("[{}]", r))
        .collect();
    format!("[{}]", rows.join(","))
}

// ------------------------------------------------------------------ solve

#[test]
fn solve_line_file_prints_one_solution_per_line() {
    let input = format!("# two puzzles\n{}\n\n{}\n", WIKI, WIKI.replace('.', "0"));
    sudoku()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(format!("{}\n{}\n", WIKI_SOLVED, WIKI_SOLVED))
        .stderr("");
}

#[test]
fn solve_spaced_boj2580_sample_answers_in_spaced() {
    sudoku()
        .arg("solve")
        .write_stdin(BOJ2580_IN)
        .assert()
        .success()
        .stdout(BOJ2580_OUT);
}

#[test]
fn solve_digits_boj2239_and_blog_samples_keep_blank_line_between() {
    let input = format!("{}\n\n\n{}", BOJ2239_IN, BLOG_IN);
    sudoku()
        .args(["solve", "--smallest"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(format!("{}\n{}", BOJ2239_OUT, BLOG_OUT));
}

#[test]
fn solve_js_numbers_with_let_and_trailing_commas() {
    sudoku()
        .arg("solve")
        .write_stdin(JS_IN)
        .assert()
        .success()
        .stdout(JS_OUT);
}

#[test]
fn solve_js_leetcode_strings_keep_their_quote_character() {
    for quote in ['"', '\''] {
        let (code, out, err) = run(&["solve", "--smallest"], &leetcode(WIKI, quote));
        assert_eq!((code, err.as_str()), (0, ""));
        let q = quote;
        let first = format!("  [{q}5{q}, {q}3{q}, {q}4{q}, {q}6{q}, {q}7{q}, {q}8{q}, {q}9{q}, {q}1{q}, {q}2{q}],\n");
        assert!(out.starts_with(&format!("[\n{}", first)), "{}", out);
        assert_eq!(out.lines().count(), 11);
        assert!(out.ends_with("]\n]\n"));
    }
}

#[test]
fn solve_euler_file_grid_by_grid() {
    let input = format!(
        "Grid 01\n{}Grid 02\n{}Grid 03\n{}",
        digit_rows(WIKI),
        BOJ2239_IN,
        BLOG_IN
    );
    let expected = format!(
        "Grid 01\n{}Grid 02\n{}Grid 03\n{}",
        digit_rows(WIKI_SOLVED),
        BOJ2239_OUT,
        BLOG_OUT
    );
    sudoku()
        .arg("solve")
        .write_stdin(input.replace('\n', "\r\n"))
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn solve_to_pretty_draws_boxes() {
    let expected = "\
5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9
";
    sudoku()
        .args(["solve", "--to", "pretty"])
        .write_stdin(format!("{}\n{}\n", WIKI, WIKI))
        .assert()
        .success()
        .stdout(format!("{}\n{}", expected, expected));
}

#[test]
fn solve_batch_with_bad_puzzle_in_the_middle_answers_the_others() {
    let bad = format!("{}x{}", &WIKI[..10], &WIKI[11..]);
    let input = format!("{}\n{}\n{}\n", WIKI, bad, WIKI);
    let (code, out, err) = run(&["solve"], &input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n{}\n", WIKI_SOLVED, WIKI_SOLVED));
    assert_eq!(
        err,
        "sudoku solve: stdin: puzzle 2, line 2, column 11: 'x' is not a digit 0-9 or '.'\n"
    );
}

#[test]
fn solve_digits_batch_with_short_row_names_puzzle_and_line() {
    let short = BLOG_IN.replacen("000003040", "00003040", 1);
    let input = format!("{}\n{}\n{}", BOJ2239_IN, short, BLOG_IN);
    let (code, out, err) = run(&["solve"], &input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n{}", BOJ2239_OUT, BLOG_OUT));
    assert_eq!(
        err,
        "sudoku solve: stdin: puzzle 2, line 14: row 4 has 8 cells, expected 9\n"
    );
}

#[test]
fn solve_js_batch_with_bad_cell_still_solves_the_next_board() {
    let bad = JS_IN.replacen("[0,3,0", "[0,10,0", 1);
    let input = format!("{}\n{}\n{}", JS_IN, bad, JS_IN);
    let (code, out, err) = run(&["solve"], &input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n{}", JS_OUT, JS_OUT));
    assert_eq!(
        err,
        "sudoku solve: stdin: puzzle 2, line 14, column 6: 10 is out of range 0-9\n"
    );
}

#[test]
fn solve_clashing_givens_names_the_clash() {
    let input = format!("{}\n{}\n", CLASHING, WIKI);
    let (code, out, err) = run(&["solve"], &input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n", WIKI_SOLVED));
    assert_eq!(
        err,
        "sudoku solve: stdin: puzzle 1, line 1: givens clash: digit 5 repeats in row 1 (r1c1 and r1c2)\n"
    );
}

#[test]
fn solve_unsolvable_puzzle_says_no_solution() {
    for extra in [&[][..], &["--smallest"][..]] {
        let mut args = vec!["solve"];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args, &format!("{}\n", UNSOLVABLE));
        assert_eq!((code, out.as_str()), (1, ""));
        assert_eq!(err, "sudoku solve: stdin: puzzle 1, line 1: no solution\n");
    }
}

#[test]
fn solve_empty_input_is_an_error() {
    for input in ["", "\n\n", "# only a comment\n"] {
        sudoku()
            .arg("solve")
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("")
            .stderr("sudoku solve: stdin: no puzzle found\n");
    }
}

#[test]
fn solve_reads_several_files_and_names_each() {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.txt"), dir.join("empty.txt"));
    std::fs::write(&a, BOJ2580_IN).unwrap();
    std::fs::write(&b, "").unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (code, out, err) = run(&["solve", a, b, "-"], &format!("{}\n", WIKI));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n{}\n", BOJ2580_OUT, WIKI_SOLVED));
    assert_eq!(err, format!("sudoku solve: {}: no puzzle found\n", b));
}

#[test]
fn solve_from_forces_the_format() {
    let (code, out, err) = run(&["solve", "--from", "line"], BOJ2239_IN);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(err.lines().count(), 9);
    assert!(err.starts_with("sudoku solve: stdin: puzzle 1, line 1: expected 81 cells, found 9\n"));
    sudoku()
        .args(["solve", "--from", "digits", "--to", "line"])
        .write_stdin(BOJ2239_IN)
        .assert()
        .success()
        .stdout(format!("{}\n", BOJ2239_OUT.replace('\n', "")));
}

#[test]
fn solve_usage_errors_exit_2() {
    for (args, message) in [
        (
            &["solve", "--frobnicate"][..],
            "unknown option --frobnicate",
        ),
        (&["solve", "--to", "xml"][..], "unknown format `xml`"),
        (&["solve", "--from", "pretty"][..], "output format only"),
        (&["solve", "--to"][..], "--to needs a value"),
    ] {
        sudoku()
            .args(args)
            .write_stdin(WIKI)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    sudoku()
        .args(["solve", "/nonexistent/puzzles.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/puzzles.txt"));
}

#[test]
fn help_texts_show_usage_formats_and_exit_codes() {
    for cmd in ["solve", "count", "convert"] {
        sudoku()
            .args([cmd, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("usage: sudoku {}", cmd)))
            .stdout(predicate::str::contains("exit status"))
            .stdout(predicate::str::contains("example"))
            .stdout(predicate::str::contains("--from FORMAT"));
    }
    sudoku()
        .args(["solve", "-h"])
        .assert()
        .success()
        .stdout(predicate::str::contains("euler"));
}

// ------------------------------------------------------------------ count

#[test]
fn count_caps_at_two_and_gives_zero_for_clash_or_no_solution() {
    let empty = ".".repeat(81);
    let input = format!("{}\n{}\n{}\n{}\n", WIKI, empty, CLASHING, UNSOLVABLE);
    sudoku()
        .arg("count")
        .write_stdin(input)
        .assert()
        .success()
        .stdout("1\n2\n0\n0\n")
        .stderr("");
}

#[test]
fn count_limit_raises_the_cap() {
    // Two blanks in a solved grid that can swap: exactly 2 solutions.
    let mut two = WIKI_SOLVED.to_string();
    two.replace_range(0..2, "..");
    let mut grid = two.clone();
    grid.replace_range(9..11, "..");
    let input = format!("{}\n{}\n{}\n", ".".repeat(81), WIKI_SOLVED, grid);
    let (code, out, err) = run(&["count", "--limit", "5"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    let counts: Vec<&str> = out.lines().collect();
    assert_eq!(counts[..2], ["5", "1"]);
    assert!(["1", "2", "3", "4", "5"].contains(&counts[2]), "{}", out);
    sudoku()
        .args(["count", "--limit=1"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .success()
        .stdout("1\n");
}

#[test]
fn count_reads_every_format() {
    let input = [
        BOJ2580_IN.to_string(),
        BOJ2239_IN.to_string(),
        JS_IN.to_string(),
        leetcode(WIKI, '"'),
        format!(
            "Grid 01\n{}Grid 02\n{}",
            BLOG_IN,
            digit_rows(&".".repeat(81))
        ),
    ];
    for text in input {
        let (code, out, err) = run(&["count"], &text);
        assert_eq!((code, err.as_str()), (0, ""), "{}", text);
        assert!(out == "1\n" || out == "1\n2\n", "{}", out);
    }
}

#[test]
fn count_bad_puzzle_in_the_middle_is_reported_and_skipped() {
    let input = format!("{}\n{}\n{}\n", WIKI, &WIKI[1..], ".".repeat(81));
    let (code, out, err) = run(&["count"], &input);
    assert_eq!(code, 1);
    assert_eq!(out, "1\n2\n");
    assert_eq!(
        err,
        "sudoku count: stdin: puzzle 2, line 2: expected 81 cells, found 80\n"
    );
}

#[test]
fn count_usage_errors_exit_2() {
    for args in [
        &["count", "--limit", "0"][..],
        &["count", "--limit", "lots"][..],
        &["count", "--smallest"][..],
    ] {
        sudoku()
            .args(args)
            .write_stdin(WIKI)
            .assert()
            .code(2)
            .stdout("");
    }
    sudoku()
        .arg("count")
        .write_stdin("")
        .assert()
        .code(1)
        .stderr("sudoku count: stdin: no puzzle found\n");
}

// ------------------------------------------------------------------ convert

#[test]
fn convert_line_to_every_format() {
    let input = format!("{}\n", WIKI);
    let js = "[
  [5, 3, 0, 0, 7, 0, 0, 0, 0],
  [6, 0, 0, 1, 9, 5, 0, 0, 0],
  [0, 9, 8, 0, 0, 0, 0, 6, 0],
  [8, 0, 0, 0, 6, 0, 0, 0, 3],
  [4, 0, 0, 8, 0, 3, 0, 0, 1],
  [7, 0, 0, 0, 2, 0, 0, 0, 6],
  [0, 6, 0, 0, 0, 0, 2, 8, 0],
  [0, 0, 0, 4, 1, 9, 0, 0, 5],
  [0, 0, 0, 0, 8, 0, 0, 7, 9]
]
";
    let pretty_start = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n";
    for (to, expected) in [
        ("line", input.clone()),
        ("spaced", spaced(WIKI)),
        ("digits", digit_rows(WIKI)),
        ("js", js.to_string()),
        ("euler", format!("Grid 01\n{}", digit_rows(WIKI))),
    ] {
        sudoku()
            .args(["convert", "--to", to])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(expected);
    }
    let (code, out, _) = run(&["convert", "--to", "pretty"], &input);
    assert_eq!(code, 0);
    assert!(out.starts_with(pretty_start), "{}", out);
    assert_eq!(out.lines().count(), 11);
}

#[test]
fn convert_every_format_to_line() {
    let line = format!("{}\n", BOJ2239_IN.replace('\n', "").replace('0', "."));
    let js = format!(
        "const b = {};",
        leetcode(&BOJ2239_IN.replace('\n', "").replace('0', "."), '\'')
    );
    let spaced: String = BOJ2239_IN
        .lines()
        .map(|r| {
            let cells: Vec<String> = r.chars().map(String::from).collect();
            format!("{}  \n", cells.join("  "))
        })
        .collect();
    for input in [
        BOJ2239_IN.to_string(),
        BOJ2239_IN.replace('0', "."),
        spaced,
        js,
        format!("Grid 07\n{}", BOJ2239_IN),
        line.clone(),
    ] {
        sudoku()
            .args(["convert", "--to", "line"])
            .write_stdin(input)
            .assert()
            .success()
            .stdout(line.clone());
    }
}

#[test]
fn convert_many_boards_separates_them_and_numbers_euler_grids() {
    let input = format!("{}\n{}\n", WIKI, WIKI_SOLVED);
    sudoku()
        .args(["convert", "--to", "digits"])
        .write_stdin(input.clone())
        .assert()
        .success()
        .stdout(format!("{}\n{}", digit_rows(WIKI), digit_rows(WIKI_SOLVED)));
    sudoku()
        .args(["convert", "--to", "euler"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(format!(
            "Grid 01\n{}Grid 02\n{}",
            digit_rows(WIKI),
            digit_rows(WIKI_SOLVED)
        ));
}

#[test]
fn convert_js_strings_to_js_keeps_strings() {
    let (code, out, err) = run(&["convert", "--to", "js"], &leetcode(WIKI, '"'));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.starts_with("[\n  [\"5\", \"3\", \".\", \".\", \"7\", \".\", \".\", \".\", \".\"],\n"),
        "{}",
        out
    );
    // From another format, js cells are numbers.
    let (_, out, _) = run(&["convert", "--to", "js"], &format!("{}\n", WIKI));
    assert!(
        out.starts_with("[\n  [5, 3, 0, 0, 7, 0, 0, 0, 0],\n"),
        "{}",
        out
    );
}

#[test]
fn convert_keeps_clashing_givens_and_reports_bad_puzzles() {
    let input = format!("{}\n[[1,2]\n", CLASHING);
    let (code, out, err) = run(&["convert", "--to", "line", "--from", "line"], &input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n", CLASHING));
    assert_eq!(
        err,
        "sudoku convert: stdin: puzzle 2, line 2, column 1: '[' is not a digit 0-9 or '.'\n"
    );
    let (code, out, err) = run(&["convert", "--to", "line"], "[[1,2,3,4,5,6,7,8,9],\n");
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "sudoku convert: stdin: puzzle 1, line 1, column 1: this '[' is never closed\n"
    );
}

#[test]
fn convert_without_to_is_a_usage_error() {
    sudoku()
        .arg("convert")
        .write_stdin(WIKI)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--to FORMAT is required"));
}

// ------------------------------------------------------------------ framings

#[test]
fn poj2676_count_then_two_digit_boards_get_two_completions() {
    let input = format!("2\n{}{}", BOJ2239_IN, digit_rows(WIKI));
    let (code, out, err) = run(&["solve", "--smallest"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, format!("{}\n{}", BOJ2239_OUT, digit_rows(WIKI_SOLVED)));
    let (code, out, _) = run(&["count"], &input);
    assert_eq!((code, out.as_str()), (0, "1\n1\n"));
}

#[test]
fn poj3074_lines_closed_by_end_get_one_line_each() {
    let input = format!("{}\n{}\nend\n", WIKI, BOJ2239_IN.replace('\n', ""));
    let (code, out, err) = run(&["solve"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!("{}\n{}\n", WIKI_SOLVED, BOJ2239_OUT.replace('\n', ""))
    );
    // Nothing after `end` is read.
    let (code, out2, err) = run(&["solve"], &format!("{}not a puzzle\n{}\n", input, WIKI));
    assert_eq!((code, out2, err.as_str()), (0, out, ""));
}

#[test]
fn kattis_spaced_boards_separated_by_blank_lines_to_the_end() {
    let input = format!("{}\n{}\n\n", spaced(WIKI), BOJ2580_IN);
    for cases in ["auto", "eof"] {
        let (code, out, err) = run(&["solve", "--cases", cases], &input);
        assert_eq!((code, err.as_str()), (0, ""));
        assert_eq!(out, format!("{}\n{}", spaced(WIKI_SOLVED), BOJ2580_OUT));
    }
}

#[test]
fn sudogob_count_then_spaced_boards_are_counted() {
    let clash = spaced(WIKI).replacen("5 3 0", "5 3 5", 1);
    let open = spaced(&WIKI.replacen('5', ".", 1).replacen('3', ".", 1));
    let input = format!("3\n{}\n{}\n{}", spaced(WIKI), clash, open);
    let (code, out, err) = run(&["count"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "1\n0\n2\n");
}

#[test]
fn more_or_fewer_boards_than_the_count_are_errors_naming_the_line() {
    let (code, out, err) = run(&["solve"], &format!("3\n{}\n{}\n", WIKI, WIKI));
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n{}\n", WIKI_SOLVED, WIKI_SOLVED));
    assert_eq!(
        err,
        "sudoku solve: stdin: line 1: the count on this line says 3 boards, but the input ends after 2 boards\n"
    );
    let (code, out, err) = run(&["count"], &format!("1\n{}\n\n{}\n{}\n", WIKI, WIKI, WIKI));
    assert_eq!((code, out.as_str()), (1, "1\n"));
    assert_eq!(
        err,
        "sudoku count: stdin: puzzle 2, line 4: one board more than the count on line 1 says (1)\n"
    );
}

#[test]
fn cases_option_forces_a_framing() {
    let two = format!("{}\n{}\n", WIKI, WIKI);
    let (code, out, err) = run(&["solve", "--cases", "one"], &two);
    assert_eq!((code, out), (1, format!("{}\n", WIKI_SOLVED)));
    assert_eq!(
        err,
        "sudoku solve: stdin: puzzle 2, line 2: more than one board\n"
    );
    let (code, out, err) = run(&["convert", "--to", "line", "--cases", "count"], &two);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("sudoku convert: stdin: line 1: expected the number of boards"),
        "{}",
        err
    );
    // Under `eof`, neither a count nor `end` means anything.
    let (code, out, _) = run(&["count", "--cases", "eof"], &format!("{}\nend\n", WIKI));
    assert_eq!((code, out.as_str()), (1, "1\n"));
    sudoku()
        .args(["solve", "--cases", "many"])
        .write_stdin(WIKI)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--cases: cases `many`: expected auto, one, count, end, eof or size",
        ));
}

#[test]
fn convert_drops_the_count_line_and_the_end_line() {
    let input = format!("1\n{}\n", WIKI);
    let (code, out, _) = run(&["convert", "--to", "line"], &input);
    assert_eq!((code, out), (0, format!("{}\n", WIKI)));
    let (code, out, _) = run(&["convert", "--to", "line"], &format!("{}\nend\n", WIKI));
    assert_eq!((code, out), (0, format!("{}\n", WIKI)));
}

// ------------------------------------------------------------------ one rule each

#[test]
fn digit_rows_with_blank_lines_between_them_are_one_board() {
    let gapped = BOJ2239_IN.replace('\n', "\n\n");
    let (code, out, err) = run(&["solve", "--smallest"], &gapped);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, BOJ2239_OUT);
    let two = format!("{}\n\n{}", gapped, BOJ2239_IN);
    let (_, out, _) = run(&["count"], &two);
    assert_eq!(out, "1\n1\n");
}

#[test]
fn input_that_is_not_utf8_exits_2_after_answering_what_came_before() {
    let bytes = [
        WIKI.as_bytes(),
        b"\n",
        WIKI.as_bytes(),
        b"\xff\n",
        WIKI.as_bytes(),
        b"\n",
    ]
    .concat();
    for (args, answer) in [
        (&["solve"][..], format!("{}\n", WIKI_SOLVED)),
        (&["count"], "1\n".to_string()),
        (&["convert", "--to", "line"], format!("{}\n", WIKI)),
        (&["grade"], "simple  naked_single=51\n".to_string()),
    ] {
        let out = sudoku()
            .args(args)
            .write_stdin(bytes.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{:?}", args);
        assert_eq!(String::from_utf8(out.stdout).unwrap(), answer, "{:?}", args);
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!(
                "sudoku {}: stdin: line 2: not UTF-8 text (byte 164 is invalid)\n",
                args[0]
            )
        );
    }
    for cmd in ["propagate", "study", "trace"] {
        sudoku()
            .arg(cmd)
            .write_stdin(&b"\xfe"[..])
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "sudoku {}: stdin: line 1: not UTF-8 text (byte 1 is invalid)\n",
                cmd
            ));
    }
}

#[test]
fn a_directory_as_input_exits_2_before_anything_is_read() {
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    let (code, out, err) = run(&["solve", "-", dir], &format!("{}\n", WIKI));
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err, format!("sudoku solve: {}: is a directory\n", dir));
}
