//! `sudoku grade`: levels of known puzzles, the output format, `--explain`,
//! and puzzles that cannot be graded.

use crate::common;

use common::{stdout_of, sudoku, BRUTE, BRUTE_SOLUTION, ESCARGOT, INKALA, SIMPLE};
use predicates::prelude::*;

/// Puzzles 1, 100, 500, 1000 and 1465 of magictour's top1465.
const TOP1465: [&str; 5] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "8.5.....2...4.1...3.........6.7..4..2...5...........6....38.....1....9...9.....7.",
    "..2...4..9.563.8..........6....6........73.9...8.15...7.63...5.8......4.3...2.1..",
    "..2.3...7.57......9..4...2..7.3.....3......1858...96...1..9.8........1..7..5....4",
    "....7...1..6.....5......4...9....5..6.81.5..........8731..9....76..2....2..31...9",
];

fn grade(input: &str) -> String {
    stdout_of(&["grade"], input)
}

#[test]
fn grade_naked_singles_puzzle_is_simple() {
    assert_eq!(grade(SIMPLE), "simple  naked_single=3\n");
}

#[test]
fn grade_brute_force_puzzle_is_easy() {
    assert_eq!(grade(BRUTE), "easy  naked_single=40 hidden_single=24\n");
}

#[test]
fn grade_ai_escargot_and_inkala_are_expert() {
    for p in [ESCARGOT, INKALA] {
        let line = grade(p);
        assert!(line.starts_with("expert  naked_single="), "{}", line);
        assert!(line.contains(" guess="), "{}", line);
    }
}

#[test]
fn grade_top1465_puzzles_are_harder_than_easy() {
    let out = grade(&TOP1465.join("\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    for (k, line) in lines.iter().enumerate() {
        let mut fields = line.split("  ");
        assert_eq!(fields.next(), Some((k + 1).to_string().as_str()));
        let level = fields.next().unwrap();
        assert!(level == "intermediate" || level == "expert", "{}", line);
    }
}

#[test]
fn grade_several_puzzles_are_numbered_and_a_full_grid_is_simple() {
    let input = format!("{}\n{}\n{}\n", SIMPLE, BRUTE, BRUTE_SOLUTION);
    assert_eq!(
        grade(&input),
        "1  simple  naked_single=3\n2  easy  naked_single=40 hidden_single=24\n3  simple\n"
    );
}

#[test]
fn grade_reads_other_formats() {
    let digits: String = SIMPLE
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8(row.to_vec()).unwrap() + "\n")
        .collect();
    assert_eq!(grade(&digits), "simple  naked_single=3\n");
}

#[test]
fn grade_explain_steps_replay_to_the_solution() {
    let out = sudoku()
        .args(["grade", "--explain"])
        .write_stdin(BRUTE)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("easy  naked_single=40 hidden_single=24"));
    let mut board: Vec<u8> = BRUTE.bytes().collect();
    let mut steps = 0;
    for line in lines {
        // `r3c5 = 7 (hidden single in box 2)` or `... (naked single)`
        let (cell, rest) = line.split_once(" = ").unwrap();
        let r = cell.as_bytes()[1] - b'1';
        let c = cell.as_bytes()[3] - b'1';
        let d = rest.as_bytes()[0];
        let why = &rest[2..];
        assert!(
            why == "(naked single)" || why.starts_with("(hidden single in "),
            "{}",
            line
        );
        let i = r as usize * 9 + c as usize;
        assert_eq!(board[i], b'0', "{} fills a filled cell", line);
        assert_eq!(BRUTE_SOLUTION.as_bytes()[i], d, "{}", line);
        board[i] = d;
        steps += 1;
    }
    assert_eq!(steps, 64);
    assert_eq!(String::from_utf8(board).unwrap(), BRUTE_SOLUTION);
}

#[test]
fn grade_explain_names_the_harder_techniques() {
    let out = sudoku()
        .args(["grade", "--explain"])
        .write_stdin(ESCARGOT)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("(pointing pair: in box "), "{}", text);
    assert!(text.contains(" (guess among "), "{}", text);
    assert!(text.lines().all(|l| !l.ends_with(' ')));
}

#[test]
fn grade_puzzles_without_one_solution_are_not_graded() {
    // r1c1 sees 2..9 in its row and 1 in its column.
    let none = format!("{}{}1{}", ".23456789", ".".repeat(27), ".".repeat(44));
    let input = format!("{}\n{}\n{}\n", BRUTE, ".".repeat(81), none);
    sudoku()
        .arg("grade")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(
            "1  easy  naked_single=40 hidden_single=24\n\
             2  several solutions (not graded)\n\
             3  no solution (not graded)\n",
        )
        .stderr(
            "sudoku grade: stdin: puzzle 2, line 2: several solutions (not graded)\n\
             sudoku grade: stdin: puzzle 3, line 3: no solution (not graded)\n",
        );
}

#[test]
fn grade_bad_puzzles_are_named_on_stderr_and_skipped() {
    let clash = format!("11{}", ".".repeat(79));
    let input = format!("{}\n{}\n{}x\n", SIMPLE, clash, &BRUTE[..80]);
    sudoku()
        .arg("grade")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("1  simple  naked_single=3\n")
        .stderr(predicate::str::contains(
            "puzzle 2, line 2: digit 1 repeats in row 1 (r1c1 and r1c2)",
        ))
        .stderr(predicate::str::contains("puzzle 3, line 3, column 81"));
}

#[test]
fn grade_empty_input_and_unknown_options_are_errors() {
    sudoku()
        .arg("grade")
        .write_stdin("\n\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("no puzzle found in stdin"));
    sudoku()
        .args(["grade", "--fast"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown option --fast"));
    sudoku()
        .args(["grade", "/no/such/file"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("/no/such/file"));
}
