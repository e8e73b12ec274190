//! `sudoku propagate`: singles to a fixed point, round by round or step by
//! step, and where they stall.

use crate::common;

use common::{stdout_of, sudoku, BOJ2239_OUT, BRUTE, BRUTE_SOLUTION, ESCARGOT, SIMPLE};
use predicates::prelude::*;

fn propagate(args: &[&str], input: &str) -> String {
    stdout_of(&[&["propagate"], args].concat(), input)
}

#[test]
fn propagate_solves_a_singles_only_puzzle_completely() {
    assert_eq!(
        propagate(&["--to", "line"], SIMPLE),
        format!(
            "start: 3 blanks\n{}\nround 1: 3 cells filled (naked_single=3), 0 blanks left\n{}\n\
             solved after 1 round: singles alone fill all 3 blanks\n",
            SIMPLE.replace('0', "."),
            BOJ2239_OUT.replace('\n', "")
        )
    );
}

#[test]
fn propagate_brute_force_puzzle_needs_hidden_singles() {
    let out = propagate(&["--to", "line"], BRUTE);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "start: 64 blanks");
    assert_eq!(lines[lines.len() - 2], BRUTE_SOLUTION);
    assert_eq!(
        lines[lines.len() - 1],
        "solved after 15 rounds: singles alone fill all 64 blanks"
    );
    // Round lines: their counts add up to 64 and the boards only grow.
    let filled: usize = lines
        .iter()
        .filter(|l| l.starts_with("round "))
        .map(|l| {
            let n = l.split(": ").nth(1).unwrap().split(' ').next().unwrap();
            n.parse::<usize>().unwrap()
        })
        .sum();
    assert_eq!(filled, 64);
}

#[test]
fn propagate_naked_only_fills_none_of_the_brute_force_blanks() {
    assert_eq!(
        propagate(&["--naked-only", "--to", "line"], BRUTE),
        format!(
            "start: 64 blanks\n{}\nstalled after 0 rounds: 64 cells left, singles cannot go on; backtracking is needed\n",
            BRUTE.replace('0', ".")
        )
    );
}

#[test]
fn propagate_stalls_on_ai_escargot_with_the_cells_left() {
    let out = propagate(&[], ESCARGOT);
    assert!(
        out.starts_with("start: 58 blanks\n1 . . | . . 7 | . 9 .\n"),
        "{}",
        out
    );
    assert!(out.ends_with(
        "\nstalled after 1 round: 57 cells left, singles cannot go on; backtracking is needed\n"
    ));
    let naked = propagate(&["--naked-only"], ESCARGOT);
    assert!(naked.ends_with(
        "stalled after 0 rounds: 58 cells left, singles cannot go on; backtracking is needed\n"
    ));
}

#[test]
fn propagate_explain_shows_each_step_and_its_board() {
    let out = propagate(&["--explain", "--to", "line"], BRUTE);
    let lines: Vec<&str> = out.lines().collect();
    // start, its board, then (step, board) pairs, then the verdict.
    assert_eq!(lines.len(), 2 + 2 * 64 + 1);
    let mut board = BRUTE.replace('0', ".").into_bytes();
    for (k, pair) in lines[2..lines.len() - 1].chunks(2).enumerate() {
        let (step, shown) = (pair[0], pair[1]);
        let prefix = format!("step {} (round ", k + 1);
        assert!(step.starts_with(&prefix), "{}", step);
        let text = step.split("): ").nth(1).unwrap();
        let (cell, rest) = text.split_once(" = ").unwrap();
        let i = (cell.as_bytes()[1] - b'1') as usize * 9 + (cell.as_bytes()[3] - b'1') as usize;
        assert_eq!(board[i], b'.', "{}", step);
        board[i] = rest.as_bytes()[0];
        assert_eq!(shown.as_bytes(), &board[..], "{}", step);
    }
    assert_eq!(String::from_utf8(board).unwrap(), BRUTE_SOLUTION);
}

#[test]
fn propagate_several_puzzles_get_headers_and_a_note_on_several_solutions() {
    let out = propagate(
        &["--to", "line"],
        &format!("{}\n{}\n", SIMPLE, ".".repeat(81)),
    );
    assert!(out.starts_with("puzzle 1\nstart: 3 blanks\n"), "{}", out);
    assert!(out.contains("\n\npuzzle 2\nstart: 81 blanks\n"), "{}", out);
    assert!(out.ends_with(
        "stalled after 0 rounds: 81 cells left, singles cannot go on; backtracking is needed (the puzzle has several solutions)\n"
    ));
}

#[test]
fn propagate_rejects_unsolvable_clashing_and_malformed_puzzles() {
    let none = format!("{}{}1{}", ".23456789", ".".repeat(27), ".".repeat(44));
    let clash = format!("55{}", ".".repeat(79));
    let input = format!("{}\n{}\n{}\n12345\n", none, clash, SIMPLE);
    let out = sudoku()
        .args(["propagate", "--to", "line"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "stdin: puzzle 1, line 1: no solution",
        ))
        .stderr(predicate::str::contains("digit 5 repeats in row 1"))
        .stderr(predicate::str::contains(
            "puzzle 4, line 4: expected 81 cells, found 5",
        ));
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.starts_with("puzzle 3\nstart: 3 blanks\n"),
        "{}",
        stdout
    );
    sudoku()
        .args(["propagate", "--hidden-only"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown option --hidden-only"));
}
