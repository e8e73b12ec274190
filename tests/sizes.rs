//! Boards of every size through the commands, against the cases in
//! `tests/sizes/`: a NAME.in (one puzzle with one solution, in any format;
//! a first line `# sudoku solve ARGS` gives the options it needs, such as
//! `--box 3x2`) and its NAME.out (`sudoku solve`'s answer, checked by hand
//! once). A new case is two new files.

use crate::common;

use common::{stdout_of as run, sudoku, sudoku_refuses as refuses};
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

/// Every case: the input, its expected output and the options it needs.
fn cases() -> Vec<(PathBuf, String, Vec<String>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sizes");
    let mut found: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("tests/sizes")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    found.sort();
    assert!(found.len() >= 8, "cases in {}", dir.display());
    found
        .into_iter()
        .map(|input| {
            let out = fs::read_to_string(input.with_extension("out")).expect("NAME.out");
            let text = fs::read_to_string(&input).expect("NAME.in");
            let args = text
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("# sudoku solve "))
                .map(|a| a.split_whitespace().map(String::from).collect())
                .unwrap_or_default();
            (input, out, args)
        })
        .collect()
}

fn with<'a>(first: &[&'a str], extra: &'a [String]) -> Vec<&'a str> {
    let mut all = first.to_vec();
    all.extend(extra.iter().map(String::as_str));
    all
}

#[test]
fn every_size_solves_to_its_answer_in_its_own_format() {
    for (input, answer, args) in cases() {
        let text = fs::read_to_string(&input).unwrap();
        for smallest in [false, true] {
            let mut all = with(&["solve"], &args);
            if smallest {
                all.push("--smallest");
            }
            assert_eq!(run(&all, &text), answer, "{} {:?}", input.display(), all);
        }
        assert_eq!(
            run(&with(&["count"], &args), &text),
            "1\n",
            "{}",
            input.display()
        );
    }
}

#[test]
fn every_size_converts_through_every_format_and_back() {
    for (input, answer, args) in cases() {
        let text = fs::read_to_string(&input).unwrap();
        // Numbers (`spaced`) carry no symbol convention: boards compare
        // there.
        let numbers = run(&with(&["convert", "--to", "spaced"], &args), &text);
        let solved_numbers = run(&with(&["convert", "--to", "spaced"], &args), &answer);
        for to in ["line", "spaced", "digits", "js"] {
            let written = run(&with(&["convert", "--to", to], &args), &text);
            let back = run(&with(&["convert", "--to", "spaced"], &args), &written);
            assert_eq!(back, numbers, "{} via {}", input.display(), to);
            let solved = run(&with(&["solve", "--to", "spaced"], &args), &written);
            assert_eq!(solved, solved_numbers, "{} via {}", input.display(), to);
        }
        let line = run(&with(&["convert", "--to", "line"], &args), &text);
        let pretty = run(&with(&["convert", "--to", "pretty"], &args), &text);
        let n = line.trim_end().chars().count();
        let side = (n as f64).sqrt() as usize;
        assert!(pretty.lines().count() > side, "{}", pretty);
    }
}

#[test]
fn six_by_six_boxes_are_drawn_as_given() {
    let six = "1...5.2........3.4....6....12.6.....\n";
    let two_by_three = run(&["convert", "--to", "pretty"], six);
    assert_eq!(two_by_three.lines().next(), Some("1 . . | . 5 ."));
    assert_eq!(two_by_three.lines().nth(2), Some("------+------"));
    let three_by_two = run(&["convert", "--to", "pretty", "--box", "3x2"], six);
    assert_eq!(three_by_two.lines().next(), Some("1 . | . . | 5 ."));
    assert_eq!(three_by_two.lines().nth(3), Some("----+-----+----"));
}

#[test]
fn bad_sizes_and_symbols_get_one_line_naming_the_place() {
    let six = "1...5.2........3.4....6....12.6.....\n";
    refuses(
        &["solve", "--box", "3x3"],
        six,
        1,
        &["puzzle 1, line 1", "expected 81 cells, found 36"],
    );
    refuses(
        &["solve"],
        &".".repeat(35),
        1,
        &["puzzle 1, line 1", "expected 36 cells, found 35"],
    );
    refuses(
        &["solve"],
        &format!("{}\n", ".".repeat(49)),
        1,
        &["49 cells", "--box 1x7"],
    );
    refuses(
        &["solve"],
        &six.replacen('1', "7", 1),
        1,
        &["puzzle 1, line 1, column 1", "'7' is beyond 6"],
    );
    // A digits-and-letters 16x16 board with a `-` blank mixes conventions.
    let mixed = format!("1-{}\n", ".".repeat(254));
    refuses(
        &["solve"],
        &mixed,
        1,
        &["line 1, column 2", "letters blank"],
    );
    // A letter in a 4x4 digits board.
    refuses(
        &["count"],
        "1.3.\n3.A.\n.1.3\n4..1\n",
        1,
        &["puzzle 1, line 2, column 3", "'A'"],
    );
    refuses(
        &["solve", "--box", "2x"],
        six,
        2,
        &["--box `2x` is not RxC"],
    );
    refuses(
        &["solve", "--symbols", "roman"],
        six,
        2,
        &["unknown symbols `roman`"],
    );
    refuses(
        &["solve", "--to", "euler"],
        six,
        1,
        &["euler is a 9x9 format"],
    );
}

#[test]
fn letters_stay_letters_and_digits_stay_digits_above_nine() {
    let case = |name: &str| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sizes");
        fs::read_to_string(dir.join(name)).unwrap()
    };
    let letters = run(&["solve"], &case("16x16-hard-letters.in"));
    assert!(letters.chars().all(|c| c.is_ascii_uppercase() || c == '\n'));
    let line = run(&["solve"], &case("16x16-hard-line.in"));
    assert!(line.contains('1') && line.contains('G') && !line.contains('H'));
    // The same board in both conventions has the same solution.
    let as_line = run(
        &["convert", "--to", "line", "--symbols", "letters"],
        &letters,
    );
    let values = |s: &str, letters: bool| -> Vec<u32> {
        s.trim_end()
            .chars()
            .map(|c| match (letters, c) {
                (true, 'A'..='P') => c as u32 - 'A' as u32 + 1,
                (false, '1'..='9') => c as u32 - '0' as u32,
                (false, _) => c as u32 - 'A' as u32 + 10,
                _ => 0,
            })
            .collect()
    };
    assert_eq!(values(&as_line, true), values(&line, false));
    // Forcing the convention reads a board of letters only as digits.
    sudoku()
        .args(["count", "--symbols", "digits"])
        .write_stdin(case("16x16-hard-letters.in"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is beyond 16 (digits 1-9, A-G)"));
}

/// `tests/tail/`: boards with two solutions on which the engine once ran
/// for minutes, named by their boxes (`4x4-...in`); NAME.out is the
/// smallest solution. The library's unit test
/// (`solve::any::tests::the_tail_boards_answer_with_little_work`) counts and
/// solves all eight and bounds the work; here the command's path to the
/// engine, once, on the 12×12 one.
#[test]
fn a_board_of_the_old_tail_counts_and_solves_at_once() {
    let input =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tail/3x4-smallest-ran-past-600s.in");
    let board = std::fs::read_to_string(&input).unwrap();
    let smallest = std::fs::read_to_string(input.with_extension("out")).unwrap();
    let shape = ["--box", "3x4", "--symbols", "digits", "-j", "1"];
    assert_eq!(run(&[&["count"][..], &shape].concat(), &board), "2\n");
    let solved = run(&[&["solve", "--smallest"][..], &shape].concat(), &board);
    assert_eq!(solved, smallest);
}

#[test]
fn a_board_solvable_only_in_the_transposed_boxes_names_the_flag() {
    // `sudoku gen --box 3x2 -n 1 --seed 1`: read without --box, 36 cells
    // are taken as 2x3 boxes, where the board has no solution.
    let made = sudoku()
        .args(["gen", "--box", "3x2", "-n", "1", "--seed", "1"])
        .output()
        .unwrap();
    let puzzle = String::from_utf8(made.stdout).unwrap();
    sudoku()
        .arg("solve")
        .write_stdin(puzzle.clone())
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "sudoku solve: stdin: puzzle 1, line 1: no solution with 2x3 boxes; \
             it has one with --box 3x2\n",
        );
    sudoku()
        .arg("count")
        .write_stdin(puzzle.clone())
        .assert()
        .success()
        .stdout("0\n")
        .stderr(
            "sudoku count: note: puzzle 1: no solution with 2x3 boxes; it has one with --box 3x2\n",
        );
    sudoku()
        .args(["solve", "--box", "3x2"])
        .write_stdin(puzzle.clone())
        .assert()
        .success();
    sudoku()
        .args(["count", "--box", "2x3"])
        .write_stdin(puzzle)
        .assert()
        .success()
        .stdout("0\n")
        .stderr("");
}
