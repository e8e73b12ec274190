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

use crate::common;

use common::{pdf, stdout_of, sudoku};
use predicates::prelude::*;
use sudoku_kit::board::grid::Grid;
use sudoku_kit::board::shape::Shape;
use sudoku_kit::board::symbol::Convention;
use sudoku_kit::solve::any::count_solutions;

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
fn gen_box_symbols_letters_writes_letters() {
    let s = shape("4x4");
    let out = gen(&["--box", "4x4", "--seed", "2", "--symbols", "letters"]);
    let line = out.trim_end();
    // `line` writes blanks as `.` in both conventions.
    let is_letter = |ch: char| ('A'..='P').contains(&ch);
    assert!(
        line.chars().all(|ch| ch == '.' || is_letter(ch)),
        "{}",
        line
    );
    let puzzle = cells(line, s, Convention::Letters);
    // The same puzzle in digits and letters.
    let digits = gen(&["--box", "4x4", "--seed", "2"]);
    assert_eq!(cells(digits.trim_end(), s, Convention::Digits), puzzle);
    // Rows of letters (SPOJ's 16 rows of 16 letters) with `-` blanks.
    let rows = gen(&[
        "--box",
        "4x4",
        "--seed",
        "2",
        "--symbols",
        "letters",
        "--to",
        "digits",
    ]);
    assert_eq!(rows.lines().count(), 16);
    assert_eq!(rows.lines().collect::<String>(), line.replace('.', "-"));
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

// ---------------------------------------------------------------- pdf

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

/// Checks the PDF of `k` generated puzzles of box shape `rxc` with their
/// solution pages at `per` grids a page: the page count, the labels, and
/// one text object per given, per solution cell, per label, and per title
/// and page number.
fn assert_sheet(rxc: &str, k: usize, per: usize, out: &str, bytes: &[u8]) {
    let s = shape(rxc);
    let pages = k.div_ceil(per) * 2;
    assert_eq!(count(bytes, b"/Type /Page "), pages, "{}", rxc);
    assert_eq!(count(bytes, format!("/Count {} >>", pages).as_bytes()), 1);
    assert_eq!(count(bytes, format!("(Puzzle {})", k).as_bytes()), 1);
    assert_eq!(count(bytes, format!("(Solution {})", k).as_bytes()), 1);
    let givens: usize = pairs(out, s, Convention::Digits)
        .iter()
        .map(|(p, _)| p.givens())
        .sum();
    let texts = givens + k * s.cell_count() + 2 * k + 2 * pages;
    assert_eq!(count(bytes, b" Tj ET"), texts, "{}", rxc);
}

#[test]
fn pdf_prints_generated_puzzles_and_solutions_of_every_shape() {
    for (rxc, k, per) in [
        ("2x2", 7, "6"),
        ("2x3", 6, "6"),
        ("3x2", 5, "6"),
        ("2x4", 4, "4"),
        ("3x4", 3, "4"),
        ("4x4", 2, "2"),
    ] {
        let out = gen(&[
            "--box",
            rxc,
            "-n",
            &k.to_string(),
            "--seed",
            "2",
            "--with-solution",
        ]);
        // A 4x4 line followed by a tab and its solution is read as rows
        // even with --box 2x2 (format detection), hence --from line there.
        let from = if rxc == "2x2" { "line" } else { "" };
        let mut args = vec!["--box", rxc, "--solutions", "--per-page", per];
        if !from.is_empty() {
            args.extend(["--from", from]);
        }
        let bytes = pdf(&args, &out);
        assert_sheet(rxc, k, per.parse().unwrap(), &out, &bytes);
    }
}

/// One 25x25 puzzle (the slowest to make: see the module notes) serves
/// both `gen` and `pdf`.
#[test]
fn gen_box_5x5_gives_a_unique_25x25_puzzle_that_prints_one_a_page() {
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
    let bytes = pdf(&["--solutions"], &out);
    assert_sheet("5x5", 1, 1, &out, &bytes);
    // 450 pt / 25 = 18 pt cells, symbols 0.6 of that.
    assert_eq!(count(&bytes, b"/F1 10.8 Tf"), 625 + givens_of(&out, "5x5"));
    let refused = sudoku()
        .args(["pdf", "--per-page", "2", "-o", "-"])
        .write_stdin(out)
        .output()
        .expect("sudoku runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("on a4 at most 1 25x25 grid fit a page")
    );
}

fn givens_of(out: &str, rxc: &str) -> usize {
    pairs(out, shape(rxc), Convention::Digits)
        .iter()
        .map(|(p, _)| p.givens())
        .sum()
}

#[test]
fn pdf_writes_symbols_in_the_convention_they_were_read_in() {
    let letters = gen(&["--box", "4x4", "--seed", "6", "--symbols", "letters"]);
    let bytes = pdf(&[], &letters);
    let drawn = |symbol: char| count(&bytes, format!("({}) Tj", symbol).as_bytes());
    assert!(('1'..='9').all(|d| drawn(d) == 0));
    assert!(('A'..='P').map(drawn).sum::<usize>() > 0);
    let digits = gen(&["--box", "4x4", "--seed", "6"]);
    let bytes = pdf(&[], &digits);
    let drawn = |symbol: char| count(&bytes, format!("({}) Tj", symbol).as_bytes());
    assert!(('H'..='P').all(|l| drawn(l) == 0));
    assert!(('1'..='9').map(drawn).sum::<usize>() > 0);
}

#[test]
fn pdf_refuses_a_layout_that_makes_16x16_cells_too_small() {
    let out = gen(&["--box", "4x4", "-n", "3", "--seed", "1"]);
    for (per, paper) in [("4", "a4"), ("6", "letter")] {
        let run = sudoku()
            .args(["pdf", "--per-page", per, "--paper", paper, "-o", "-"])
            .write_stdin(out.clone())
            .output()
            .expect("sudoku runs");
        assert_eq!(run.status.code(), Some(2));
        assert!(run.stdout.is_empty());
        let err = String::from_utf8_lossy(&run.stderr).into_owned();
        assert_eq!(err.lines().count(), 1, "{}", err);
        assert!(
            err.contains(&format!(
                "--per-page {} makes the cells of a 16x16 grid",
                per
            )) && err.contains(&format!("on {} at most 2 16x16 grids fit a page", paper)),
            "{}",
            err
        );
    }
    assert_eq!(count(&pdf(&["--per-page", "2"], &out), b"/Type /Page "), 2);
}
