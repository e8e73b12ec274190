//! `sudoku gen --box RxC` and `sudoku pdf` on boards of every size: the
//! puzzles have the board's size and exactly one solution (counted by the
//! library's general solver, checked for clashes here), are minimal, keep
//! their symmetry, are the same whatever `-j` is, and options that only
//! mean something on 9×9 are refused; the PDF of every size is a
//! structurally sound file with the right number of pages.
//!
//! Debug-build time: a 5×5 puzzle without symmetry takes about 16 s in a
//! debug build (1 to 2 s in release), so the 25×25 test generates one with
//! `--symmetry rot90` (groups of four cells: about 2 s in debug).

mod common;

use common::{stdout_of, sudoku};
use predicates::prelude::*;
use sudoku_kit::grid::Grid;
use sudoku_kit::grid_solver::count_solutions;
use sudoku_kit::shape::Shape;
use sudoku_kit::symbol::Convention;

/// Runs `sudoku gen ARGS`, expects success, returns stdout.
fn gen(args: &[&str]) -> String {
    stdout_of(&[&["gen"], args].concat(), "")
}

fn shape(rxc: &str) -> Shape {
    rxc.parse().expect("a box shape")
}

/// The cells of one line-format board of `shape`, in `convention`; panics
/// on anything else (wrong length, foreign symbol).
fn cells(line: &str, shape: Shape, convention: Convention) -> Grid {
    let n = shape.size();
    let values: Vec<u8> = line
        .chars()
        .map(|ch| {
            convention
                .read(ch, n)
                .unwrap_or_else(|e| panic!("{}: {}", line, e))
        })
        .collect();
    assert_eq!(values.len(), n * n, "{}: not {}x{}", line, n, n);
    Grid::new(shape, values).expect("cells of the shape")
}

/// Every (puzzle, solution) of a `--with-solution` line output.
fn pairs(out: &str, shape: Shape, convention: Convention) -> Vec<(Grid, Grid)> {
    out.lines()
        .map(|line| {
            let (p, s) = line.split_once('\t').expect("PUZZLE<TAB>SOLUTION");
            (cells(p, shape, convention), cells(s, shape, convention))
        })
        .collect()
}

/// True when every row, column and box of the full grid `g` holds each
/// value 1..=N once (checked here, apart from the library).
fn is_valid_solution(g: &Grid) -> bool {
    let s = g.shape();
    let (n, r, c) = (s.size(), s.box_rows(), s.box_cols());
    let all = (1u32 << n) - 1;
    let unit = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
        cells.fold(0u32, |seen, (row, col)| {
            let v = g.at(row, col);
            if v == 0 {
                seen
            } else {
                seen | 1 << (v - 1)
            }
        }) == all
    };
    (0..n).all(|k| {
        let (top, left) = (k / r * r, k % r * c);
        unit(&mut (0..n).map(|i| (k, i)))
            && unit(&mut (0..n).map(|i| (i, k)))
            && unit(&mut (0..n).map(|i| (top + i / c, left + i % c)))
    })
}

/// Asserts that each puzzle has exactly one solution, the one printed
/// after it.
fn assert_unique_with_solution(out: &str, shape: Shape) {
    let found = pairs(out, shape, Convention::Digits);
    assert!(!found.is_empty());
    for (puzzle, solution) in found {
        assert!(is_valid_solution(&solution), "{:?}", solution);
        assert!(
            (0..shape.cell_count()).all(|i| puzzle.get(i) == 0 || puzzle.get(i) == solution.get(i)),
            "the solution does not keep the givens"
        );
        assert_eq!(count_solutions(&puzzle, 2), 1, "{:?}", puzzle);
    }
}

// ---------------------------------------------------------------- gen

#[test]
fn gen_box_gives_unique_puzzles_of_every_small_and_middle_shape() {
    for (rxc, count) in [
        ("2x2", "5"),
        ("2x3", "5"),
        ("3x2", "5"),
        ("2x4", "4"),
        ("3x4", "3"),
        ("4x4", "2"),
    ] {
        let out = gen(&["--box", rxc, "-n", count, "--seed", "11", "--with-solution"]);
        assert_eq!(out.lines().count().to_string(), count, "{}", rxc);
        assert_unique_with_solution(&out, shape(rxc));
    }
}

#[test]
fn gen_box_5x5_gives_a_unique_25x25_puzzle() {
    let s = shape("5x5");
    let out = gen(&[
        "--box",
        "5x5",
        "--symmetry",
        "rot90",
        "--seed",
        "3",
        "--with-solution",
    ]);
    assert_unique_with_solution(&out, s);
    let (puzzle, _) = &pairs(&out, s, Convention::Digits)[0];
    assert!(puzzle.blanks() > 0);
    assert!(has_symmetry(puzzle, |r, c| (c, 24 - r)));
}

/// True when the blanks of `g` map onto blanks under `image` (row, column).
fn has_symmetry(g: &Grid, image: impl Fn(usize, usize) -> (usize, usize)) -> bool {
    let n = g.size();
    (0..n).all(|r| {
        (0..n).all(|c| {
            let (ir, ic) = image(r, c);
            (g.at(r, c) == 0) == (g.at(ir, ic) == 0)
        })
    })
}

#[test]
fn gen_box_puzzles_are_minimal() {
    for rxc in ["2x3", "3x2", "2x4"] {
        let s = shape(rxc);
        let out = gen(&["--box", rxc, "-n", "3", "--seed", "5", "--with-solution"]);
        for (puzzle, _) in pairs(&out, s, Convention::Digits) {
            for i in (0..s.cell_count()).filter(|&i| puzzle.get(i) != 0) {
                let mut fewer = puzzle.clone();
                fewer.set(i, 0);
                assert_eq!(count_solutions(&fewer, 2), 2, "{} given {}", rxc, i);
            }
        }
    }
}

/// The image of (row, column) on an N×N board: `image(n, r, c)`.
type Image = fn(usize, usize, usize) -> (usize, usize);

#[test]
fn gen_box_symmetries_that_fit_hold_in_the_givens() {
    let cases: [(&str, &str, Image); 5] = [
        ("2x3", "rot180", |n, r, c| (n - 1 - r, n - 1 - c)),
        ("3x2", "mirror", |n, r, c| (r, n - 1 - c)),
        ("2x2", "rot90", |n, r, c| (c, n - 1 - r)),
        ("4x4", "diagonal", |_, r, c| (c, r)),
        ("3x4", "rot180", |n, r, c| (n - 1 - r, n - 1 - c)),
    ];
    for (rxc, symmetry, image) in cases {
        let s = shape(rxc);
        let n = s.size();
        let out = gen(&[
            "--box",
            rxc,
            "--symmetry",
            symmetry,
            "-n",
            "2",
            "--seed",
            "8",
            "--with-solution",
        ]);
        assert_unique_with_solution(&out, s);
        for (puzzle, _) in pairs(&out, s, Convention::Digits) {
            assert!(
                has_symmetry(&puzzle, |r, c| image(n, r, c)),
                "{} {}",
                rxc,
                symmetry
            );
        }
    }
}

#[test]
fn gen_box_same_seed_same_puzzles_whatever_the_threads() {
    for rxc in ["2x3", "3x4"] {
        let one = gen(&["--box", rxc, "-n", "6", "--seed", "21", "-j", "1"]);
        let two = gen(&["--box", rxc, "-n", "6", "--seed", "21", "-j", "2"]);
        assert_eq!(one, two, "{}", rxc);
        let shorter = gen(&["--box", rxc, "-n", "2", "--seed", "21", "-j", "2"]);
        assert!(one.starts_with(&shorter));
        let other = gen(&["--box", rxc, "-n", "6", "--seed", "22", "-j", "1"]);
        assert_ne!(one, other);
    }
}

#[test]
fn gen_box_3x3_and_no_box_give_the_same_9x9_puzzles() {
    let plain = gen(&["-n", "3", "--seed", "5"]);
    assert_eq!(gen(&["--box", "3x3", "-n", "3", "--seed", "5"]), plain);
    assert!(plain.lines().all(|l| l.len() == 81));
}

#[test]
fn gen_box_symbols_letters_writes_letters_and_dashes() {
    let s = shape("4x4");
    let out = gen(&["--box", "4x4", "--seed", "2", "--symbols", "letters"]);
    let line = out.trim_end();
    assert!(
        line.chars()
            .all(|ch| ch == '-' || ('A'..='P').contains(&ch)),
        "{}",
        line
    );
    let puzzle = cells(line, s, Convention::Letters);
    // The same puzzle as in digits and letters.
    let digits = gen(&["--box", "4x4", "--seed", "2"]);
    assert_eq!(cells(digits.trim_end(), s, Convention::Digits), puzzle);
}

/// Runs `sudoku ARGS`, expects exit 2 with one line on stderr containing
/// `needle` and nothing on stdout.
fn refused(args: &[&str], needle: &str) {
    let out = sudoku().args(args).output().expect("sudoku runs");
    assert_eq!(out.status.code(), Some(2), "{:?}", args);
    assert!(out.stdout.is_empty(), "{:?}", args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{:?}: {}", args, err);
    assert!(err.contains(needle), "{:?}: {}", args, err);
    assert!(err.starts_with("sudoku gen: "), "{}", err);
}

#[test]
fn gen_box_refuses_9x9_only_options_and_symmetries_that_do_not_fit() {
    refused(
        &["gen", "--box", "2x3", "--givens", "12"],
        "--givens is for 9x9 puzzles only, and --box 2x3 makes 6x6 ones",
    );
    refused(
        &["gen", "--box", "4x4", "--difficulty", "easy"],
        "--difficulty is for 9x9 puzzles only, and --box 4x4 makes 16x16 ones",
    );
    refused(
        &["gen", "--box", "2x2", "--to", "euler"],
        "--to euler is for 9x9 puzzles only",
    );
    refused(
        &["gen", "--box", "2x3", "--symmetry", "rot90"],
        "--symmetry rot90 does not fit 2x3 boxes (it turns them into 3x2 boxes); \
         symmetries that fit: none, rot180, mirror",
    );
    refused(
        &["gen", "--box", "3x4", "--symmetry", "diagonal"],
        "symmetries that fit: none, rot180, mirror",
    );
    refused(&["gen", "--box", "3x"], "--box `3x` is not RxC");
    refused(&["gen", "--box", "6x5"], "larger than 25x25");
    refused(&["gen", "--box", "0x4"], "at least one row and one column");
    refused(&["gen", "--symbols", "hex"], "expected digits or letters");
}

#[test]
fn gen_box_stats_report_minimality() {
    sudoku()
        .args(["gen", "--box", "2x3", "-n", "4", "--seed", "1", "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::starts_with("gen: 4 puzzles in "))
        .stderr(predicate::str::ends_with("; all minimal\n"));
}
