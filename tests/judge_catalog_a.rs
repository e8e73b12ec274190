//! The judge files for POJ 3074, POJ 2676, Kattis sudokunique and SPOJ
//! SUDOGOB (`src/bin/poj3074.rs`, `poj2676.rs`, `sudokunique.rs`,
//! `sudogob.rs`) as black boxes, for what their problem folders cannot show:
//! bad input (exit code 1, nothing on stdout, one line on stderr saying what
//! and where), the edges of each framing (`end`, a count T, the end of the
//! input), and the whitespace a judge's file may carry.

use crate::common;

use common::{
    bin_answers as answers, bin_refuses as refuses, digit_rows, run_bin, spaced, Dir, BOJ2239_IN,
    BOJ2239_OUT, BRUTE, BRUTE_SOLUTION, DEAD_END, EMPTY_DIGITS, ESCARGOT, UNSOLVABLE, WIKI,
    WIKI_SOLVED,
};

/// Norvig's "hard1": many solutions, and slow for a plain search.
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";
/// POJ 3074's two sample puzzles and their solutions.
const POJ3074_A: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const POJ3074_B: &str =
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";
const POJ3074_OUT: &str = "\
527389416819426735436751829375692184194538267268174593643217958951843672782965341
416837529982465371735129468571298643293746185864351297647913852359682714128574936
";

/// Runs `bin` on `input`: exit code, stdout, stderr.
fn run(bin: &str, input: impl Into<Vec<u8>>) -> (Option<i32>, String, String) {
    let out = run_bin(bin, input);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// `count` boards of `T` framing: the count line, then the boards.
fn counted(boards: &[String]) -> String {
    format!("{}\n{}", boards.len(), boards.concat())
}

/// `line` (81 cells) as `spaced` rows with its first blank replaced by `x`.
fn with_cell(line: &str, x: char) -> String {
    spaced(line).replacen('0', &x.to_string(), 1)
}

// ---------------------------------------------------------------- poj3074

#[test]
fn poj3074_sample_gives_the_judges_answers() {
    let input = format!("{}\n{}\nend\n", POJ3074_A, POJ3074_B);
    answers("poj3074", input, POJ3074_OUT);
}

#[test]
fn poj3074_reads_crlf_tabs_zeros_blank_lines_and_no_final_newline() {
    let messy = format!(
        "\r\n{} \t\r\n\r\n{}\r\nend",
        POJ3074_A.replace('.', "0"),
        POJ3074_B
    );
    answers("poj3074", messy, POJ3074_OUT);
    answers(
        "poj3074",
        format!("{}\n  end  \r\n", POJ3074_A),
        &POJ3074_OUT[..82],
    );
}

#[test]
fn poj3074_the_end_of_input_closes_like_end_and_nothing_after_end_is_read() {
    answers(
        "poj3074",
        format!("{}\n{}", POJ3074_A, POJ3074_B),
        POJ3074_OUT,
    );
    let after = format!("{}\nend\n{}\nnot a puzzle\n", POJ3074_A, POJ3074_B);
    answers("poj3074", after, &POJ3074_OUT[..82]);
}

#[test]
fn poj3074_solves_the_anti_brute_force_and_hardest_puzzles() {
    let input = format!("{}\n{}\n{}\nend\n", BRUTE, ESCARGOT, WIKI);
    let (code, out, _) = run("poj3074", input);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], BRUTE_SOLUTION);
    assert_eq!(lines[2], WIKI_SOLVED);
    assert_eq!(lines.len(), 3);
}

#[test]
fn poj3074_refuses_empty_input_and_a_lone_end() {
    refuses("poj3074", "", &["no puzzle"]);
    refuses("poj3074", "\r\n \n", &["no puzzle"]);
    refuses("poj3074", "end\n", &["no puzzle"]);
}

#[test]
fn poj3074_refuses_a_bad_cell_naming_puzzle_line_and_column() {
    let bad = format!(
        "{}\n\n{}x{}\nend\n",
        POJ3074_A,
        &POJ3074_B[..16],
        &POJ3074_B[17..]
    );
    refuses("poj3074", bad, &["puzzle 2, line 3, column 17", "`x`"]);
}

#[test]
fn poj3074_refuses_80_and_82_cells() {
    refuses(
        "poj3074",
        &POJ3074_A[1..],
        &["puzzle 1, line 1: 80 cells, expected 81"],
    );
    let long = format!("{}\n{}.\nend\n", POJ3074_A, POJ3074_B);
    refuses(
        "poj3074",
        long,
        &["puzzle 2, line 2: 82 cells, expected 81"],
    );
}

#[test]
fn poj3074_refuses_clashing_givens_naming_both_cells() {
    let clash = format!("3{}3{}\n", &BRUTE[1..9], &BRUTE[10..]);
    refuses(
        "poj3074",
        clash,
        &["puzzle 1: digit 3 repeats in column 1 (r1c1 and r2c1)"],
    );
}

#[test]
fn poj3074_refuses_an_unsolvable_puzzle_and_prints_none_of_the_others() {
    let input = format!("{}\n{}\n{}\nend\n", POJ3074_A, DEAD_END, POJ3074_B);
    refuses("poj3074", input, &["puzzle 2: no solution"]);
}

#[test]
fn poj3074_refuses_bytes_that_are_not_utf8_with_their_position() {
    let mut bytes = format!("{}\nend\n", POJ3074_A).into_bytes();
    bytes[4] = 0xff;
    refuses("poj3074", bytes, &["line 1, column 5: not UTF-8 text"]);
}

// ---------------------------------------------------------------- poj2676

#[test]
fn poj2676_sample_gives_the_judges_answer() {
    answers("poj2676", format!("1\n{}", BOJ2239_IN), BOJ2239_OUT);
}

#[test]
fn poj2676_t_zero_prints_nothing() {
    answers("poj2676", "0\n", "");
    answers("poj2676", " 0 \r\n", "");
}

#[test]
fn poj2676_reads_crlf_blank_lines_spaces_and_no_final_newline() {
    let messy = format!("\r\n2 \r\n\r\n{}\r\n\r\n{}", BOJ2239_IN, digit_rows(BRUTE))
        .replace('\n', " \n")
        .replace("\r \n", " \r\n")
        .replacen("103000509", "1 0 3 0 0 0 5 0 9", 1);
    let expected = format!("{}{}", BOJ2239_OUT, digit_rows(BRUTE_SOLUTION));
    answers("poj2676", messy.trim_end(), &expected);
}

#[test]
fn poj2676_text_after_the_t_boards_is_an_error() {
    let more = format!("1\n{}{}", BOJ2239_IN, digit_rows(BRUTE));
    refuses(
        "poj2676",
        more,
        &["line 11: text after the last board (the count is 1)"],
    );
    let blank_tail = format!("1\n{}\n \n\t\n", BOJ2239_IN);
    answers("poj2676", blank_tail, BOJ2239_OUT);
}

/// Each board of a POJ 2676 answer must be a valid completion of its input
/// board, as the kit's special judge (`sudoku check`) decides.
#[test]
fn poj2676_boards_with_many_solutions_get_valid_completions() {
    let boards = [digit_rows(HARD1), EMPTY_DIGITS.to_string()];
    let (code, out, _) = run("poj2676", counted(&boards));
    assert_eq!(code, Some(0));
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 18);
    let dir = Dir::new("poj2676");
    for (n, board) in boards.iter().enumerate() {
        let input = dir.file(&format!("{}.in", n), board);
        let answer = dir.file(
            &format!("{}.out", n),
            rows[n * 9..n * 9 + 9].join("\n") + "\n",
        );
        common::sudoku()
            .args(["check", &input, &answer])
            .assert()
            .success();
    }
}

#[test]
fn poj2676_refuses_empty_input_and_a_count_that_is_not_one() {
    refuses("poj2676", "", &["empty input"]);
    refuses("poj2676", "\n \r\n", &["empty input"]);
    refuses(
        "poj2676",
        format!("one\n{}", BOJ2239_IN),
        &["line 1: `one` is not a count"],
    );
    refuses("poj2676", format!("-1\n{}", BOJ2239_IN), &["line 1: `-1`"]);
}

#[test]
fn poj2676_refuses_fewer_boards_than_t() {
    let short = format!("2\n{}", BOJ2239_IN);
    refuses("poj2676", short, &["input ends after 1 of 2 boards"]);
    let cut = format!("1\n{}", &BOJ2239_IN[..40]);
    refuses("poj2676", cut, &["input ends after 0 of 1 boards"]);
}

#[test]
fn poj2676_refuses_a_row_of_8_and_of_10_digits() {
    let short = format!("1\n{}", BOJ2239_IN.replacen("002109400", "00210940", 1));
    refuses("poj2676", short, &["board 1, line 3: 8 digits, expected 9"]);
    let long = format!(
        "2\n{}{}",
        BOJ2239_IN,
        BOJ2239_IN.replacen("804000107", "8040001070", 1)
    );
    refuses(
        "poj2676",
        long,
        &["board 2, line 19: 10 digits, expected 9"],
    );
}

#[test]
fn poj2676_refuses_a_bad_character_naming_board_line_and_column() {
    let bad = format!(
        "2\n{}\n{}",
        BOJ2239_IN,
        BOJ2239_IN.replacen("000704000", "000.04000", 1)
    );
    refuses("poj2676", bad, &["board 2, line 14, column 4", "`.`"]);
}

#[test]
fn poj2676_refuses_clashing_givens_and_a_board_without_solution() {
    let clash = BOJ2239_IN.replacen("103000509", "133000509", 1);
    refuses(
        "poj2676",
        format!("1\n{}", clash),
        &["board 1: digit 3 repeats in row 1"],
    );
    let boards = [BOJ2239_IN.to_string(), digit_rows(UNSOLVABLE)];
    refuses("poj2676", counted(&boards), &["board 2: no solution"]);
}

// ------------------------------------------------------------ sudokunique

#[test]
fn sudokunique_answers_unique_none_and_several_with_a_blank_line_between() {
    let input = [BRUTE, DEAD_END, HARD1].map(spaced).join("\n");
    let expected = format!(
        "{}\nFind another job\n\nNon-unique\n",
        spaced(BRUTE_SOLUTION)
    );
    answers("sudokunique", input, &expected);
}

#[test]
fn sudokunique_clashing_givens_are_no_solution_not_an_error() {
    let clash = spaced(BRUTE).replacen("0 0", "9 9", 1);
    answers("sudokunique", clash, "Find another job\n");
}

#[test]
fn sudokunique_reads_crlf_many_blank_lines_digit_rows_and_no_final_newline() {
    let input = format!("\n\n{}\n\n\n{}", spaced(BRUTE), digit_rows(WIKI)).replace('\n', " \r\n");
    let expected = format!("{}\n{}", spaced(BRUTE_SOLUTION), spaced(WIKI_SOLVED));
    answers("sudokunique", input.trim_end(), &expected);
}

#[test]
fn sudokunique_refuses_empty_input() {
    refuses("sudokunique", "", &["empty input"]);
    refuses("sudokunique", " \r\n\n", &["empty input"]);
}

#[test]
fn sudokunique_refuses_a_board_cut_off_by_the_end_of_input() {
    let cut: String = spaced(BRUTE)
        .lines()
        .take(4)
        .map(|l| l.to_string() + "\n")
        .collect();
    let input = format!("{}\n{}", spaced(WIKI), cut);
    refuses("sudokunique", input, &["board 2: input ends after 4 rows"]);
}

#[test]
fn sudokunique_refuses_a_short_row_a_ten_and_a_letter_with_their_place() {
    let short = spaced(WIKI).replacen("5 3 0 0 7 0 0 0 0", "5 3 0 0 7 0 0 0", 1);
    refuses(
        "sudokunique",
        short,
        &["board 1, line 1: 8 numbers, expected 9"],
    );
    let ten = format!(
        "{}\n{}",
        spaced(WIKI),
        spaced(BRUTE).replacen("0 0", "10 0", 1)
    );
    refuses(
        "sudokunique",
        ten,
        &["board 2, line 11, column 1: `10` is not a number 0-9"],
    );
    refuses(
        "sudokunique",
        with_cell(WIKI, 'x'),
        &["board 1, line 1, column 5", "`x`"],
    );
}

// ---------------------------------------------------------------- sudogob

#[test]
fn sudogob_prints_each_count_and_the_board_only_when_it_is_one() {
    let boards = [spaced(BRUTE), spaced(UNSOLVABLE), spaced(WIKI)];
    let expected = format!("1\n{}0\n1\n{}", spaced(BRUTE_SOLUTION), spaced(WIKI_SOLVED));
    answers("sudogob", counted(&boards), &expected);
}

#[test]
fn sudogob_counts_clashing_givens_as_zero_and_t_zero_prints_nothing() {
    let clash = spaced(BRUTE).replacen("0 0", "9 9", 1);
    answers("sudogob", counted(&[clash]), "0\n");
    answers("sudogob", "0\n", "");
}

#[test]
fn sudogob_counts_hard1_with_its_last_row_given() {
    let board = format!("{}697481325", &HARD1[..72]);
    answers("sudogob", counted(&[spaced(&board)]), "15692\n");
}

#[test]
fn sudogob_reads_crlf_blank_lines_and_no_final_newline() {
    let input = format!("2\r\n\r\n\r\n{}\r\n\r\n{}", spaced(BRUTE), spaced(DEAD_END))
        .replace('\n', " \n")
        .replace("\r \n", " \r\n");
    let expected = format!("1\n{}0\n", spaced(BRUTE_SOLUTION));
    answers("sudogob", input.trim_end(), &expected);
}

#[test]
fn sudogob_refuses_a_bad_count_missing_boards_and_a_letter() {
    refuses("sudogob", "", &["empty input"]);
    refuses(
        "sudogob",
        spaced(BRUTE),
        &["line 1: `0 0 0", "is not a count"],
    );
    refuses(
        "sudogob",
        format!("2\n{}", spaced(BRUTE)),
        &["input ends after 1 of 2 boards"],
    );
    let letter = format!("1\n{}", with_cell(WIKI, 'x'));
    refuses("sudogob", letter, &["board 1, line 2, column 5", "`x`"]);
}

/// Counting goes one solution at a time, so a board with more than
/// 1,000,000 (the empty board, hard1) is refused rather than miscounted.
/// A debug build counts ~20 times slower, so this builds the file the way
/// a judge does (`rustc -O`) and runs that.
#[test]
fn sudogob_refuses_a_board_with_more_than_a_million_solutions() {
    let dir = Dir::new("sudogob-optimised");
    let binary = dir.path().join("sudogob");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bin/sudogob.rs");
    let built = std::process::Command::new(rustc)
        .args(["--edition", "2018", "-O", source, "-o"])
        .arg(&binary)
        .status()
        .expect("rustc runs");
    assert!(built.success());
    let boards = [spaced(BRUTE), EMPTY_DIGITS.replace('0', "0 ")];
    let out = std::process::Command::new(&binary)
        .stdin(std::fs::File::open(dir.file("in", counted(&boards))).expect("input"))
        .output()
        .expect("sudogob runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "sudogob: board 2: more than 1000000 solutions\n");
}
