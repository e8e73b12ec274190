//! The variant rows of the catalog as black boxes: Sudoku X (`hs12disu`, `codechef_j1`) and
//! the jigsaw (`hdu4069`). What their problem folders cannot show: every refusal with its
//! exact message, the diagonal and region clashes named as such, and answers checked for
//! their variant's rules.

use crate::common;

use common::{bin_output as output, refuses_with};

fn sample(folder: &str) -> String {
    let path = format!("problems/{}/test/sample-1.in", folder);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e))
}

/// The sample with line `n` (from 1) changed by `edit`.
fn edited(folder: &str, n: usize, edit: impl Fn(&str) -> String) -> String {
    let lines: Vec<String> = sample(folder)
        .lines()
        .enumerate()
        .map(|(k, l)| if k + 1 == n { edit(l) } else { l.to_string() })
        .collect();
    lines.join("\n") + "\n"
}

/// A 9x9 board of `.` with `givens` (row, column from 1, digit) written in, as 9 lines.
fn board(givens: &[[usize; 3]]) -> String {
    let mut cells = [b'.'; 81];
    for g in givens {
        cells[(g[0] - 1) * 9 + g[1] - 1] = b'0' + g[2] as u8;
    }
    cells
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned() + "\n")
        .collect()
}

/// Whether `answer` (9 lines of 9 digits) completes `puzzle` with 1-9 once in every row,
/// column, box and both main diagonals.
fn completes_x(puzzle: &str, answer: &str) -> bool {
    let digits = |t: &str| -> Vec<u8> {
        t.bytes()
            .filter(|b| *b == b'.' || b.is_ascii_digit())
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect()
    };
    let (p, a) = (digits(puzzle), digits(answer));
    let cell = |u: usize, k: usize| match u {
        0..=8 => u * 9 + k,
        9..=17 => k * 9 + u - 9,
        18..=26 => (u - 18) / 3 * 27 + (u - 18) % 3 * 3 + k / 3 * 9 + k % 3,
        27 => k * 10,
        _ => k * 8 + 8,
    };
    a.len() == 81
        && (0..81).all(|i| p[i] == 0 || p[i] == a[i])
        && (0..29).all(|u| {
            let mut seen = 0u16;
            (0..9).all(|k| {
                let bit = 1u16 << a[cell(u, k)];
                let fresh = a[cell(u, k)] > 0 && seen & bit == 0;
                seen |= bit;
                fresh
            })
        })
}

#[test]
fn hs12disu_answers_the_sample_and_fills_an_empty_board_as_sudoku_x() {
    let answer = output("hs12disu", sample("hs12disu"));
    assert!(completes_x(&sample("hs12disu"), &answer), "{}", answer);
    let empty = board(&[]);
    let answer = output("hs12disu", empty.clone());
    assert!(completes_x(&empty, &answer), "{}", answer);
}

#[test]
fn hs12disu_names_the_diagonal_a_clash_is_on() {
    let down = board(&[[1, 1, 1], [5, 5, 1]]);
    let up = board(&[[1, 9, 7], [9, 1, 7]]);
    refuses_with(
        "hs12disu",
        down,
        "digit 1 repeats in the diagonal from the top left (r1c1 and r5c5)",
    );
    refuses_with(
        "hs12disu",
        up,
        "digit 7 repeats in the diagonal from the top right (r1c9 and r9c1)",
    );
    let row = edited("hs12disu", 1, |l| format!("5{}", &l[1..]));
    refuses_with("hs12disu", row, "digit 5 repeats in row 1 (r1c1 and r1c3)");
}

#[test]
fn hs12disu_refuses_a_board_without_completion_and_every_malformed_one() {
    let none = ".........\n9......56\n....1..2.\n...8.....\n7........\n13.6.79.4\n\
                .........\n..7..52..\n...9.6.4.\n";
    refuses_with(
        "hs12disu",
        none,
        "no solution: the givens do not clash, yet nothing completes them",
    );
    refuses_with(
        "hs12disu",
        "",
        "empty input: expected 9 lines of 9 characters",
    );
    let zero = edited("hs12disu", 3, |l| format!("0{}", &l[1..]));
    refuses_with(
        "hs12disu",
        zero,
        "line 3, column 1: `0` is not a digit 1-9 or `.`",
    );
    let long = edited("hs12disu", 3, |l| format!("{}1", l));
    refuses_with("hs12disu", long, "line 3: 10 characters, expected 9");
    let short: String = sample("hs12disu")
        .lines()
        .take(5)
        .map(|l| l.to_string() + "\n")
        .collect();
    refuses_with("hs12disu", short, "the input ends after 5 rows, expected 9");
    let more = sample("hs12disu") + "\n123456789\n";
    refuses_with("hs12disu", more, "line 11: text after the board");
}

#[test]
fn codechef_j1_refuses_every_malformed_input_with_its_board() {
    refuses_with(
        "codechef_j1",
        "",
        "empty input: expected the number of boards",
    );
    let count = edited("codechef_j1", 1, |_| "x".to_string());
    refuses_with(
        "codechef_j1",
        count,
        "line 1: `x` is not a number of boards",
    );
    let zero = edited("codechef_j1", 13, |l| format!("0{}", &l[1..]));
    refuses_with(
        "codechef_j1",
        zero,
        "board 2, line 13, column 1: `0` is not a digit 1-9 or `.`",
    );
    let short = edited("codechef_j1", 13, |l| l[1..].to_string());
    refuses_with(
        "codechef_j1",
        short,
        "board 2, line 13: 8 characters, expected 9",
    );
    let fewer = edited("codechef_j1", 1, |_| "3".to_string());
    refuses_with(
        "codechef_j1",
        fewer,
        "board 3 of 3: the input ends after 0 rows",
    );
    let more = edited("codechef_j1", 1, |_| "1".to_string());
    refuses_with(
        "codechef_j1",
        more,
        "board 2, line 12: text after the 1 boards",
    );
    let clash = edited("codechef_j1", 12, |l| format!("4{}", &l[1..]));
    refuses_with(
        "codechef_j1",
        clash,
        "board 2: digit 4 repeats in row 1 (r1c1 and r1c5)",
    );
}

#[test]
fn hdu4069_refuses_numbers_out_of_range_and_bad_framing() {
    refuses_with("hdu4069", "", "empty input: expected the number of cases");
    let count = edited("hdu4069", 1, |_| "three".to_string());
    refuses_with("hdu4069", count, "line 1: `three` is not a number of cases");
    for bad in ["300", "154", "+144", "-1"] {
        let input = edited("hdu4069", 2, |l| l.replacen("144", bad, 1));
        refuses_with(
            "hdu4069",
            input,
            &format!(
                "case 1, line 2, column 1: `{}` is not a digit 0-9 plus walls (16, 32, 64, 128)",
                bad
            ),
        );
    }
    let eight = edited("hdu4069", 2, |l| l.trim_end_matches(" 48").to_string());
    refuses_with("hdu4069", eight, "case 1, line 2: 8 numbers, expected 9");
    let fewer = edited("hdu4069", 1, |_| "4".to_string());
    refuses_with("hdu4069", fewer, "case 4 of 4: the input ends after 0 rows");
    let more = edited("hdu4069", 1, |_| "2".to_string());
    refuses_with("hdu4069", more, "case 3, line 22: text after the 2 cases");
}

#[test]
fn hdu4069_refuses_a_one_sided_wall_and_walls_that_make_no_nine_regions() {
    // r1c2 writes a wall on its left (128) that r1c1 does not write on its right.
    let one_sided = edited("hdu4069", 2, |l| l.replacen("144 18 ", "144 146 ", 1));
    refuses_with(
        "hdu4069",
        one_sided,
        "case 1: a wall between r1c1 and r1c2 that only one of them has",
    );
    // The wall between r1c3 and r2c3 taken away on both sides: two regions become one.
    let merged = edited("hdu4069", 2, |l| l.replacen("144 18 112", "144 18 48", 1));
    let merged: String = merged
        .lines()
        .enumerate()
        .map(|(k, l)| {
            let l = if k == 2 {
                l.replacen("135 38 147", "135 38 131", 1)
            } else {
                l.to_string()
            };
            l + "\n"
        })
        .collect();
    refuses_with(
        "hdu4069",
        merged,
        "case 1: the region of r1c1 has 18 cells, expected 9",
    );
}

#[test]
fn hdu4069_reads_the_grid_edge_as_a_wall_and_a_region_clash_as_no_solution() {
    let answer = output("hdu4069", sample("hdu4069"));
    let unwritten = std::fs::read_to_string("problems/hdu4069/test/edge-walls-unwritten.in")
        .expect("the case file");
    assert_eq!(output("hdu4069", unwritten), answer);
    let clash = std::fs::read_to_string("problems/hdu4069/test/clash-in-a-region.in")
        .expect("the case file");
    assert_eq!(output("hdu4069", clash), "Case 1:\nNo solution\n");
}
