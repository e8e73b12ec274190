//! `sudoku16`, `uva989` and the LeetCode harnesses `leetcode37`/`leetcode36`
//! as black boxes, for what their case folders cannot show: bad input (one
//! line on stderr naming what and where, exit 1, nothing on stdout), framings
//! and layouts beyond the cases, and answers that are one of several (checked
//! here for validity, not against a fixed text).

use crate::common;

use common::{bin_output as answer, bin_refuses as refuses};
use std::collections::HashSet;

/// The sample board of POJ 3076 / SPOJ SUDOKU (16 rows) and its solution.
const BOARD16: &str = "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n\
----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\nE--F-M--D--L-K-A\n\
-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n\
-H--B--K--FI-C--\n--F---C--D--H-N-\n";
const SOLVED16: &str = "FPAHMJECNLBDKOGI\nOJMIANBDPKCGFLHE\nLNDKGFOIJEAHMBPC\nBGCELKHPOFIMAJDN\n\
MFHBELPOACKJGNID\nCILNKDGAHBMOPEFJ\nDOGPIHJMFNLECAKB\nJEKAFCNBGIDPLHOM\nEBOFPMIJDGHLNKCA\n\
NCJDHBAEKMOFIGLP\nHMPLCGKFIAENBDJO\nAKIGNODLBPJCEFMH\nKDEMJIFNCHGAOPBL\nGLBCDPMHEONKJIAF\n\
PHNOBALKMJFIDCEG\nIAFJOECGLDPBHMNK\n";
/// UVa 989's sample case (n = 3) and its answer.
const CASE989: &str =
    "3\n0 6 0 1 0 4 0 5 0\n0 0 8 3 0 5 6 0 0\n2 0 0 0 0 0 0 0 1\n8 0 0 4 0 7 0 0 6\n\
0 0 6 0 0 0 3 0 0\n7 0 0 9 0 1 0 0 4\n5 0 0 0 0 0 0 0 2\n0 0 7 2 0 6 9 0 0\n0 4 0 5 0 8 0 7 0\n";
const ANSWER989: &str =
    "9 6 3 1 7 4 2 5 8\n1 7 8 3 2 5 6 4 9\n2 5 4 6 8 9 7 3 1\n8 2 1 4 3 7 5 9 6\n\
4 9 6 8 5 2 3 1 7\n7 3 5 9 6 1 8 2 4\n5 8 9 7 1 3 4 6 2\n3 1 7 2 4 6 9 8 5\n6 4 2 5 9 8 1 7 3\n";
/// LeetCode 37's example board as a one-line literal.
const LEETCODE: &str = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;

/// True when `rows` (n² rows of n² symbols) is a complete grid: every row,
/// column and n×n box holds n² different symbols, none of them `blank`.
fn is_valid_grid(rows: &[Vec<char>], n: usize, blank: char) -> bool {
    let size = n * n;
    let cell = |k: usize, m: usize, unit: usize| match unit {
        0 => rows[k][m],
        1 => rows[m][k],
        _ => rows[k / n * n + m / n][k % n * n + m % n],
    };
    rows.len() == size
        && rows.iter().all(|r| r.len() == size && !r.contains(&blank))
        && (0..3).all(|unit| {
            (0..size).all(|k| {
                (0..size)
                    .map(|m| cell(k, m, unit))
                    .collect::<HashSet<_>>()
                    .len()
                    == size
            })
        })
}

fn grid(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .map(|l| l.chars().filter(|c| *c != ' ').collect())
        .collect()
}

// ---------------------------------------------------------------- sudoku16

#[test]
fn sudoku16_count_with_spaces_and_blank_lines_before_it_still_counts() {
    let input = format!("\n \n 2 \n{}\n\n{}", BOARD16, BOARD16);
    assert_eq!(
        answer("sudoku16", input),
        format!("{}\n{}", SOLVED16, SOLVED16)
    );
}

#[test]
fn sudoku16_count_zero_prints_nothing() {
    assert_eq!(answer("sudoku16", "0\n"), "");
}

#[test]
fn sudoku16_boards_need_no_empty_line_between_them() {
    let input = format!("{}{}", BOARD16, BOARD16);
    assert_eq!(
        answer("sudoku16", input),
        format!("{}\n{}", SOLVED16, SOLVED16)
    );
}

#[test]
fn sudoku16_empty_board_gets_some_valid_grid() {
    let out = answer("sudoku16", "----------------\n".repeat(16));
    assert!(is_valid_grid(&grid(&out), 4, '-'), "{}", out);
}

#[test]
fn sudoku16_rejects_empty_input() {
    refuses("sudoku16", "", &["empty input"]);
    refuses("sudoku16", "\r\n \n", &["empty input"]);
}

#[test]
fn sudoku16_rejects_a_bad_letter_naming_data_set_line_and_column() {
    let bad = BOARD16.replacen("--D--F-I", "--D--f-I", 1);
    refuses("sudoku16", bad, &["data set 1, line 3", "column 6", "`f`"]);
    let second = format!("2\n{}\n{}", BOARD16, BOARD16.replacen("-J--A", "-J--0", 1));
    refuses(
        "sudoku16",
        second,
        &["data set 2, line 20", "column 5", "`0`"],
    );
}

#[test]
fn sudoku16_rejects_rows_of_15_and_17_characters() {
    let short = BOARD16.replacen("-G-EL-H----M-J--\n", "-G-EL-H----M-J-\n", 1);
    refuses("sudoku16", short, &["line 4", "15 characters, not 16"]);
    let long = BOARD16.replacen("-G-EL-H----M-J--\n", "-G-EL-H----M-J---\n", 1);
    refuses("sudoku16", long, &["line 4", "17 characters, not 16"]);
}

#[test]
fn sudoku16_rejects_an_empty_line_inside_a_board_and_a_board_cut_short() {
    let split = BOARD16.replacen("----E----C--G---\n", "----E----C--G---\n\n", 1);
    refuses("sudoku16", split, &["data set 1, line 6", "after 5 rows"]);
    let cut: String = BOARD16
        .lines()
        .take(10)
        .map(|l| format!("{}\n", l))
        .collect();
    refuses(
        "sudoku16",
        format!("{}\n{}", BOARD16, cut),
        &["data set 2", "only 10 rows"],
    );
}

#[test]
fn sudoku16_rejects_fewer_and_more_data_sets_than_the_count() {
    refuses(
        "sudoku16",
        format!("2\n{}", BOARD16),
        &["count is 2", "holds 1"],
    );
    let three = format!("1\n{}\n{}", BOARD16, BOARD16);
    refuses(
        "sudoku16",
        three,
        &["data set 2, line 19", "beyond the count 1"],
    );
}

#[test]
fn sudoku16_rejects_clashing_givens_naming_cell_and_unit() {
    let clash = BOARD16.replacen("--A----C", "A-A----C", 1);
    refuses(
        "sudoku16",
        clash,
        &["data set 1", "r1c3", "A repeats in row 1"],
    );
}

#[test]
fn sudoku16_rejects_a_board_without_solution() {
    // The sample's first cell holds F in the solution; B clashes with nothing
    // given there, yet leaves no completion.
    let wrong = BOARD16.replacen("--A----C", "B-A----C", 1);
    refuses("sudoku16", wrong, &["data set 1", "no solution"]);
}

// ---------------------------------------------------------------- uva989

#[test]
fn uva989_reads_a_row_a_line_whatever_the_spaces() {
    let tabs = format!("\t{}", CASE989.replace(' ', "\t\t"));
    assert_eq!(answer("uva989", tabs), ANSWER989);
    // A row is one line (README, "Per format"): a case on one line is refused.
    let one_line = CASE989.replace('\n', " ");
    refuses("uva989", one_line, &["line 1", "a row is one line of 9"]);
}

#[test]
fn uva989_empty_4x4_grid_gets_the_smallest_grid() {
    let empty = format!("2\n{}", "0 0 0 0\n".repeat(4));
    assert_eq!(
        answer("uva989", empty),
        "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n"
    );
}

#[test]
fn uva989_rejects_empty_input() {
    refuses("uva989", "", &["empty input"]);
    refuses("uva989", " \r\n\n", &["empty input"]);
}

#[test]
fn uva989_rejects_n_outside_1_to_3_naming_case_line_and_column() {
    refuses(
        "uva989",
        "4\n0\n",
        &["case 1, line 1, column 1", "`4`", "n (1, 2 or 3)"],
    );
    refuses(
        "uva989",
        format!("{}\n 0\n", CASE989),
        &["case 2, line 12, column 2", "`0`"],
    );
    refuses("uva989", "x\n", &["case 1, line 1, column 1", "`x`"]);
}

#[test]
fn uva989_rejects_a_number_above_n_squared_and_a_word() {
    let five = "2\n0 0 0 0\n0 5 0 0\n0 0 0 0\n0 0 0 0\n";
    refuses("uva989", five, &["case 1, line 3, column 3", "`5`", "0-4"]);
    let word = CASE989.replacen("0 6 0 1", "0 6 a 1", 1);
    refuses("uva989", word, &["case 1, line 2, column 5", "`a`", "0-9"]);
    refuses("uva989", "1\n-1\n", &["case 1, line 2, column 1", "`-1`"]);
}

#[test]
fn uva989_rejects_a_case_cut_short() {
    let cut = format!("{}\n2\n0 0 0 0\n", CASE989);
    refuses("uva989", cut, &["case 2", "input ends"]);
}

// ---------------------------------------------------------------- LeetCode

#[test]
fn leetcode37_empty_board_gets_some_valid_grid() {
    let empty = LEETCODE.replace(|c: char| c.is_ascii_digit(), ".");
    let out = answer("leetcode37", empty);
    let rows: Vec<Vec<char>> = out
        .trim_end()
        .trim_matches(|c| c == '[' || c == ']')
        .split("],[")
        .map(|r| {
            r.split(',')
                .map(|c| c.trim_matches('"').chars().next().unwrap_or('.'))
                .collect()
        })
        .collect();
    assert!(
        out.ends_with("]]\n") && is_valid_grid(&rows, 3, '.'),
        "{}",
        out
    );
}

#[test]
fn leetcode_harnesses_take_boards_with_no_space_or_one_a_line() {
    let two = format!("{}{}", LEETCODE, LEETCODE);
    assert_eq!(answer("leetcode36", two.clone()), "true\ntrue\n");
    let spread = LEETCODE.replace(',', " ,\n ").replace('[', "[ \t");
    assert_eq!(answer("leetcode36", spread), "true\n");
    let solved = answer("leetcode37", LEETCODE);
    assert_eq!(answer("leetcode37", two), format!("{}{}", solved, solved));
}

#[test]
fn leetcode_harnesses_reject_empty_input() {
    for bin in ["leetcode37", "leetcode36"] {
        refuses(bin, "", &["empty input"]);
        refuses(bin, "\r\n  \n", &["empty input"]);
    }
}

#[test]
fn leetcode_harnesses_reject_a_bad_cell_naming_board_line_and_column() {
    for bin in ["leetcode37", "leetcode36"] {
        let zero = LEETCODE.replacen(r#""3""#, r#""0""#, 1);
        refuses(bin, zero, &["board 1, line 1, column 8", "not `0`"]);
        let quotes = LEETCODE.replacen(r#""5""#, "'5'", 1);
        refuses(bin, quotes, &["board 1, line 1, column 3", "not `'`"]);
        let two = format!(
            "{}\n{}",
            LEETCODE,
            LEETCODE.replacen(r#""7""#, r#""77""#, 1)
        );
        refuses(
            bin,
            two,
            &["board 2, line 2, column 21", "expected `\"`, not `7`"],
        );
    }
}

#[test]
fn leetcode_harnesses_reject_8_rows_a_missing_comma_and_a_board_cut_short() {
    for bin in ["leetcode37", "leetcode36"] {
        let eight = LEETCODE.replacen(r#",[".",".",".",".","8",".",".","7","9"]"#, "", 1);
        refuses(bin, eight, &["board 1, line 1", "expected `,`, not `]`"]);
        let no_comma = LEETCODE.replacen(r#""3","#, r#""3" "#, 1);
        refuses(
            bin,
            no_comma,
            &["board 1, line 1, column 11", "expected `,`"],
        );
        let cut = format!("{}\n{}", LEETCODE, &LEETCODE[..100]);
        refuses(bin, cut, &["board 2", "ends early"]);
    }
}

#[test]
fn leetcode_harnesses_reject_text_after_the_last_board() {
    for bin in ["leetcode37", "leetcode36"] {
        let extra = format!("{}\n;", LEETCODE);
        refuses(
            bin,
            extra,
            &["board 2, line 2, column 1", "expected `[`, not `;`"],
        );
    }
}
