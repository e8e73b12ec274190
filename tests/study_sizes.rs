//! `sudoku trace`, `propagate` and `study` on boards other than 9×9: 4×4,
//! 6×6 in both box shapes (`--box`), and 16×16 in letters. (9×9 outputs:
//! `cli_trace.rs`, `cli_propagate.rs`, `cli_study.rs`.)

use crate::common;

use common::sudoku;
use predicates::prelude::*;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::study::patterns::Pattern;
use sudoku_kit::{solve::any, Grid, Shape};

/// A 4×4 puzzle (2×2 boxes) with one solution on which row-major search
/// backtracks, as four rows of digits.
const FOUR: &str = "..2.\n....\n2.1.\n.4..\n";

/// A 6×6 puzzle with one solution in 2×3 boxes (boxes two rows high,
/// three columns wide), as one line; read with `--box 3x2` it has several.
const SIX: &str = "5..6...4...1.......64......31..35.2.\n";

/// POJ 3076's sample: 16 rows of letters A-P, `-` blank, and its solution.
const SIXTEEN: &str = include_str!("../problems/sudoku16/test/sample-2.in");
const SIXTEEN_SOLVED: &str = include_str!("../problems/sudoku16/test/sample-2.out");

/// Runs `sudoku ARGS` on `stdin`: stdout, stderr, exit code.
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// The cells of a board written in `convention`, whitespace skipped.
fn cells(text: &str, n: usize, convention: Convention) -> Vec<u8> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| convention.read(c, n).unwrap())
        .collect()
}

/// The one solution of a puzzle, by the library's engine.
fn solution(shape: Shape, puzzle: &[u8]) -> Vec<u8> {
    let grid = Grid::new(shape, puzzle.to_vec()).unwrap();
    assert_eq!(any::count_solutions(&grid, 2), 1);
    any::solve(&grid).unwrap().cells().to_vec()
}

/// `r12c3` on an N×N board → its cell index.
fn cell(name: &str, n: usize) -> usize {
    let (r, c) = name
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
        .unwrap_or_else(|| panic!("{} is no cell name", name));
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    assert!((1..=n).contains(&r) && (1..=n).contains(&c), "{}", name);
    (r - 1) * n + c - 1
}

/// The trace's events applied to `puzzle`, checked on the way (a place
/// fills a blank at the next depth, an undo erases a placed value); the
/// board it ends on, the place and undo counts, and the summary line.
fn replay(
    puzzle: &[u8],
    n: usize,
    convention: Convention,
    text: &str,
) -> (Vec<u8>, u64, u64, String) {
    assert!(text.ends_with('\n'));
    let mut lines: Vec<&str> = text.lines().collect();
    let summary = lines.pop().unwrap().to_string();
    let mut board = puzzle.to_vec();
    let (mut places, mut undos, mut depth) = (0, 0, 0);
    for line in lines {
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["place", what, at] => {
                let (name, value) = what.split_once('=').unwrap();
                let value: Vec<char> = value.chars().collect();
                assert_eq!(value.len(), 1, "{}", line);
                let i = cell(name, n);
                assert_eq!(board[i], 0, "{}: into a blank", line);
                board[i] = convention.read(value[0], n).unwrap();
                depth += 1;
                assert_eq!(at, format!("depth={}", depth), "{}", line);
                places += 1;
            }
            ["undo", name, ref why @ ..] => {
                // `undo r2c4: r3c2 has no candidate left`: a blank below ran out.
                let name = name.strip_suffix(':').expect("undo NAME: reason");
                match why {
                    [blank, "has", "no", "candidate", "left"] => {
                        assert_eq!(board[cell(blank, n)], 0, "{}: not a blank", line)
                    }
                    ["no", "place", "left", "for", _, "in", _, _] => {}
                    _ => panic!("unexpected reason {:?}", line),
                }
                let i = cell(name, n);
                assert!(board[i] != 0 && puzzle[i] == 0, "{}: a placed value", line);
                board[i] = 0;
                depth -= 1;
                undos += 1;
            }
            _ => panic!("not an event line: {:?}", line),
        }
    }
    (board, places, undos, summary)
}

#[test]
fn trace_on_a_4x4_board_replays_to_its_solution() {
    let shape = Shape::new(2, 2).unwrap();
    let puzzle = cells(FOUR, 4, Convention::Digits);
    let (out, err, code) = run(&["trace"], FOUR);
    assert_eq!((err.as_str(), code), ("", 0));
    let (board, places, undos, summary) = replay(&puzzle, 4, Convention::Digits, &out);
    assert_eq!(board, solution(shape, &puzzle));
    assert!(undos > 0, "row-major search backtracks on this puzzle");
    assert_eq!(
        summary,
        format!("solved nodes={} backtracks={}", places, undos)
    );
    assert_eq!(places - undos, 12, "one value kept per blank");
}

#[test]
fn trace_of_a_4x4_line_with_box_2x2_gives_the_same_events() {
    let rows = run(&["trace", "--pattern", "scan"], FOUR).0;
    let line: String = FOUR.lines().collect();
    let (out, err, code) = run(&["trace", "--pattern", "scan", "--box", "2x2"], &line);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(out, rows);
}

#[test]
fn trace_with_dlx_on_16x16_letters_names_cells_and_writes_letters() {
    let puzzle = cells(SIXTEEN, 16, Convention::Letters);
    let (out, err, code) = run(&["trace", "--pattern", "dlx"], SIXTEEN);
    assert_eq!((err.as_str(), code), ("", 0));
    let (board, places, undos, summary) = replay(&puzzle, 16, Convention::Letters, &out);
    assert_eq!(board, cells(SIXTEEN_SOLVED, 16, Convention::Letters));
    assert_eq!(
        summary,
        format!("solved nodes={} backtracks={}", places, undos)
    );
}

#[test]
fn trace_stops_at_the_limit_on_16x16() {
    let (out, _, code) = run(&["trace", "--limit", "40"], SIXTEEN);
    assert_eq!(code, 0);
    assert_eq!(out.lines().filter(|l| l.starts_with("place ")).count(), 40);
    assert!(out.lines().last().unwrap().starts_with("stopped nodes=40 "));
}

#[test]
fn propagate_on_a_6x6_board_fills_its_singles_round_by_round() {
    let shape = Shape::new(2, 3).unwrap();
    let puzzle = cells(SIX, 6, Convention::Digits);
    let solved: String = solution(shape, &puzzle)
        .iter()
        .map(|&v| Convention::Digits.write(v, '.'))
        .collect();
    let (out, err, code) = run(&["propagate", "--to", "line"], SIX);
    assert_eq!((err.as_str(), code), ("", 0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "start: 25 blanks");
    assert_eq!(lines[1], SIX.trim());
    assert_eq!(
        lines[2],
        "round 1: 7 cells filled (naked_single=2 hidden_single=5), 18 blanks left"
    );
    assert_eq!(lines[lines.len() - 2], solved);
    assert_eq!(
        lines[lines.len() - 1],
        "solved after 4 rounds: singles alone fill all 25 blanks"
    );
    // Every board on the way holds only the solution's values.
    for board in lines.iter().filter(|l| l.len() == 36) {
        for (a, b) in board.chars().zip(solved.chars()) {
            assert!(a == '.' || a == b, "{}", board);
        }
    }
}

#[test]
fn propagate_explain_on_6x6_names_each_single() {
    let (out, _, code) = run(&["propagate", "--explain", "--to", "line"], SIX);
    assert_eq!(code, 0);
    let steps: Vec<&str> = out.lines().filter(|l| l.starts_with("step ")).collect();
    assert_eq!(steps.len(), 25);
    assert_eq!(steps[0], "step 1 (round 1): r5c2 = 2 (naked single)");
    assert_eq!(
        steps[2],
        "step 3 (round 1): r3c2 = 5 (hidden single in box 3)"
    );
}

#[test]
fn propagate_with_box_3x2_reads_the_same_cells_in_other_boxes() {
    let (out, err, code) = run(&["propagate", "--box", "3x2"], SIX);
    assert_eq!((err.as_str(), code), ("", 0));
    // Pretty boxes two columns wide, three rows high.
    assert!(out.contains("\n5 . | . 6 | . .\n"), "{}", out);
    assert!(out.contains("\n----+-----+----\n"), "{}", out);
    assert!(out.ends_with(
        "stalled after 3 rounds: 12 cells left, singles cannot go on; \
         backtracking is needed (the puzzle has several solutions)\n"
    ));
}

#[test]
fn propagate_on_16x16_letters_keeps_letters() {
    let (out, err, code) = run(&["propagate", "--to", "digits"], SIXTEEN);
    assert_eq!((err.as_str(), code), ("", 0));
    let first_board: Vec<&str> = out.lines().skip(1).take(16).collect();
    assert_eq!(first_board.join("\n") + "\n", SIXTEEN);
    assert!(out.contains("(hidden_single="));
    assert!(out
        .lines()
        .last()
        .unwrap()
        .starts_with("stalled after 5 rounds: 147 cells left"));
}

#[test]
fn propagate_to_euler_refuses_a_6x6_board() {
    sudoku()
        .args(["propagate", "--to", "euler"])
        .write_stdin(SIX)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "euler is a 9x9 format; write this 6x6 board with --to digits",
        ));
}

/// `sudoku study ARGS` on `stdin`: (pattern, nodes, backtracks, finished)
/// per row.
fn study(args: &[&str], stdin: &str) -> Vec<(String, u64, u64, String)> {
    let (out, err, code) = run(&[&["study"], args].concat(), stdin);
    assert_eq!((err.as_str(), code), ("", 0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("pattern "));
    lines[1..]
        .iter()
        .map(|line| {
            let w: Vec<&str> = line.split_whitespace().collect();
            (
                w[0].to_string(),
                w[1].parse().unwrap(),
                w[2].parse().unwrap(),
                w[6..].join(" "),
            )
        })
        .collect()
}

#[test]
fn study_on_a_6x6_board_lists_seven_patterns_in_the_same_units() {
    for args in [&[][..], &["--box", "3x2"]] {
        let rows = study(args, SIX);
        let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        let all: Vec<&str> = Pattern::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, all);
        assert_eq!((names.len(), names[5]), (7, "dlx"));
        for (pattern, nodes, backtracks, finished) in &rows {
            assert_eq!(finished, "yes", "{}", pattern);
            assert_eq!(nodes - backtracks, 25, "{}: one value per blank", pattern);
        }
        for row in &rows[1..4] {
            assert_eq!((row.1, row.2), (rows[0].1, rows[0].2), "{}", row.0);
        }
    }
    // The two box shapes are two puzzles: row-major search differs.
    assert_ne!(study(&[], SIX)[0].1, study(&["--box", "3x2"], SIX)[0].1);
}

#[test]
fn study_on_16x16_stops_row_major_search_at_the_limit() {
    let rows = study(
        &["--limit", "10000", "--pattern", "bitmask,dlx,engine"],
        SIXTEEN,
    );
    assert_eq!(rows[0].0, "bitmask");
    assert_eq!((rows[0].1, rows[0].3.as_str()), (10000, "no (limit)"));
    for row in &rows[1..] {
        assert_eq!(row.3, "yes", "{}", row.0);
        let blanks = SIXTEEN.matches('-').count() as u64;
        assert_eq!(row.1 - row.2, blanks, "{}", row.0);
    }
}

#[test]
fn box_that_does_not_fit_is_one_error_line() {
    for cmd in ["trace", "propagate", "study"] {
        sudoku()
            .args([cmd, "--box", "3x3"])
            .write_stdin(SIX)
            .assert()
            .code(1)
            .stdout("")
            .stderr(
                predicate::str::is_match(format!("^sudoku {}: stdin: [^\n]*36[^\n]*\n$", cmd))
                    .unwrap(),
            );
    }
}
