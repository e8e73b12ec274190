//! The judge files of the catalog's second round (HDU 1426, HDU 3111, HDU 2780, HDU 5547, POJ 2918, UVa 10957, SPOJ NOVICE42, AtCoder ABC327 C) as black
//! boxes, for what their problem folders cannot show: bad input (exit code
//! 1, nothing on stdout, one line on stderr saying what and where) and the
//! edges of each framing.

use crate::common;

use common::{
    bin_answers as answers, bin_refuses as refuses, digit_rows, spaced, SMALLEST, UNSOLVABLE, WIKI,
    WIKI_SOLVED,
};

/// `line` (81 cells, `.` or `0` blank) as HDU 1426 writes a board: spaced
/// rows with `?` for a blank.
fn questioned(line: &str) -> String {
    spaced(&line.replace('.', "0")).replace('0', "?")
}

// ---------------------------------------------------------------- hdu1426

#[test]
fn hdu1426_solves_question_mark_boards_with_a_blank_line_between() {
    let board = questioned(WIKI);
    let input = format!("{}\n{}", board, board);
    let solved = spaced(WIKI_SOLVED);
    answers("hdu1426", input, &format!("{}\n{}", solved, solved));
}

#[test]
fn hdu1426_reads_tabs_crlf_and_rows_split_by_blank_lines() {
    let board = questioned(WIKI)
        .replacen(' ', "\t ", 3)
        .replace('\n', "\r\n\r\n");
    answers("hdu1426", board, &spaced(WIKI_SOLVED));
}

#[test]
fn hdu1426_refuses_a_zero_a_dot_and_a_letter_with_their_place() {
    let board = questioned(WIKI);
    for bad in ['0', '.', 'x'] {
        let input = board.replacen('?', &bad.to_string(), 1);
        let needle = format!("`{}` is not a digit 1-9 or `?`", bad);
        refuses("hdu1426", input, &["board 1, line 1, column", &needle]);
    }
}

#[test]
fn hdu1426_refuses_cells_without_a_space_and_short_rows() {
    let board = questioned(WIKI);
    let glued = board.replacen(' ', "", 1);
    refuses(
        "hdu1426",
        glued,
        &["line 1, column 2: expected a space between two cells"],
    );
    let short = board.replacen("? ", "", 1);
    refuses("hdu1426", short, &["board 1, line 1: 8 cells, expected 9"]);
}

#[test]
fn hdu1426_refuses_a_cut_off_board_clashing_givens_and_empty_input() {
    let board = questioned(WIKI);
    let cut: String = board.lines().take(4).map(|l| format!("{}\n", l)).collect();
    let input = format!("{}\n{}", board, cut);
    refuses("hdu1426", input, &["board 2: input ends after 4 rows"]);
    let clash = board.replacen('?', "5", 1);
    refuses("hdu1426", clash, &["board 1 has no solution"]);
    refuses("hdu1426", "", &["empty input"]);
    refuses("hdu1426", " \r\n\n", &["empty input"]);
}

// ---------------------------------------------------------------- hdu3111

/// `line` (81 cells) as HDU 3111 writes a board: 9 rows of 9 characters,
/// `?` for a blank.
fn question_rows(line: &str) -> String {
    digit_rows(&line.replace('.', "0")).replace('0', "?")
}

#[test]
fn hdu3111_answers_each_board_or_impossible_with_dashes_between() {
    let clash = question_rows(WIKI).replacen('?', "5", 1);
    let input = format!(
        "3\n{}---\n{}---\n{}",
        question_rows(WIKI),
        clash,
        question_rows(WIKI)
    );
    let solved = digit_rows(WIKI_SOLVED);
    let expected = format!("{}---\nimpossible\n---\n{}", solved, solved);
    answers("hdu3111", input, &expected);
}

#[test]
fn hdu3111_reads_a_board_without_dashes_and_with_blank_lines_and_crlf() {
    let input = format!("2\n\n{}\n{}", question_rows(WIKI), question_rows(WIKI));
    let solved = digit_rows(WIKI_SOLVED);
    answers(
        "hdu3111",
        input.replace('\n', "\r\n"),
        &format!("{}---\n{}", solved, solved),
    );
    answers("hdu3111", "0\n", "");
}

#[test]
fn hdu3111_refuses_bad_counts_cells_and_rows_with_their_place() {
    let board = question_rows(WIKI);
    refuses("hdu3111", "", &["empty input"]);
    let no_count = board.clone();
    refuses(
        "hdu3111",
        no_count,
        &["line 1: `53??7????` is not a number of boards"],
    );
    let dot = format!("1\n{}", board.replacen('?', ".", 1));
    refuses(
        "hdu3111",
        dot,
        &["board 1, line 2, column 3: `.` is not a digit 1-9 or `?`"],
    );
    let long = format!("1\n{}", board.replacen('\n', "?\n", 1));
    refuses("hdu3111", long, &["board 1, line 2: 10 cells, expected 9"]);
}

#[test]
fn hdu3111_refuses_fewer_boards_than_the_count_and_text_after_them() {
    let board = question_rows(WIKI);
    let short = format!("2\n{}---\n{}", board, &board[..30]);
    refuses(
        "hdu3111",
        short,
        &["board 2 of 2: the input ends after 3 rows"],
    );
    let more = format!("1\n{}---\n{}", board, board);
    refuses(
        "hdu3111",
        more,
        &["board 2, line 12: text after the 1 boards"],
    );
}

// ---------------------------------------------------------------- hdu2780

#[test]
fn hdu2780_completes_a_grid_or_says_it_could_not_with_a_blank_line_between() {
    let mut five = digit_rows(WIKI_SOLVED);
    for at in [0, 13, 42, 61, 78] {
        // Offsets in the rows text (10 bytes a row): none is a line end.
        five.replace_range(at..at + 1, "0");
    }
    let wrong = five.replacen('3', "4", 1);
    let input = format!("2\n{}\n{}", five, wrong);
    let expected = format!(
        "{}\nCould not complete this grid.\n",
        digit_rows(WIKI_SOLVED)
    );
    answers("hdu2780", input, &expected);
    answers("hdu2780", "0\r\n", "");
}

#[test]
fn hdu2780_refuses_bad_counts_digits_rows_and_counts_of_grids() {
    let grid = digit_rows(WIKI_SOLVED);
    refuses("hdu2780", " \n", &["empty input"]);
    refuses(
        "hdu2780",
        "two\n",
        &["line 1: `two` is not a number of grids"],
    );
    let question = format!("1\n{}", grid.replacen('5', "?", 1));
    refuses(
        "hdu2780",
        question,
        &["grid 1, line 2, column 1: `?` is not a digit 0-9"],
    );
    let spaced_row = format!("1\n{}", grid.replacen('\n', " 1\n", 1));
    refuses("hdu2780", spaced_row, &["grid 1, line 2, column 10"]);
    let short = format!("1\n{}", grid.replacen("\n", "", 1).replacen('5', "", 1));
    refuses("hdu2780", short, &["grid 1, line 2: 17 digits, expected 9"]);
    let fewer = format!("2\n{}", grid);
    refuses(
        "hdu2780",
        fewer,
        &["grid 2 of 2: the input ends after 0 rows"],
    );
    let more = format!("1\n{}\n{}", grid, grid);
    refuses(
        "hdu2780",
        more,
        &["grid 2, line 12: text after the 1 grids"],
    );
}

// ---------------------------------------------------------------- hdu5547

/// HDU 5547's first sample board and its solution.
const HDU5547_BOARD: &str = "****\n2341\n4123\n3214\n";
const HDU5547_SOLVED: &str = "1432\n2341\n4123\n3214\n";

#[test]
fn hdu5547_numbers_each_case_with_or_without_the_empty_lines() {
    let input = format!("2\n\n{}\n{}", HDU5547_BOARD, HDU5547_BOARD);
    let expected = format!("Case #1:\n{}Case #2:\n{}", HDU5547_SOLVED, HDU5547_SOLVED);
    answers("hdu5547", input.clone(), &expected);
    answers("hdu5547", input.replace("\n\n", "\n"), &expected);
}

#[test]
fn hdu5547_refuses_bad_cells_rows_counts_and_a_board_without_solution() {
    refuses("hdu5547", "", &["empty input"]);
    refuses("hdu5547", "x\n", &["line 1: `x` is not a number of boards"]);
    let five = format!("1\n\n{}", HDU5547_BOARD.replacen('2', "5", 1));
    refuses(
        "hdu5547",
        five,
        &["board 1, line 4, column 1: `5` is not a digit 1-4 or `*`"],
    );
    let zero = format!("1\n\n{}", HDU5547_BOARD.replacen('*', "0", 1));
    refuses("hdu5547", zero, &["board 1, line 3, column 1: `0`"]);
    let long = format!("1\n\n{}", HDU5547_BOARD.replacen("****", "*****", 1));
    refuses("hdu5547", long, &["board 1, line 3: 5 cells, expected 4"]);
    let fewer = format!("2\n\n{}", HDU5547_BOARD);
    refuses(
        "hdu5547",
        fewer,
        &["board 2 of 2: the input ends after 0 rows"],
    );
    let more = format!("1\n\n{}\n{}", HDU5547_BOARD, HDU5547_BOARD);
    refuses(
        "hdu5547",
        more,
        &["board 2, line 8: text after the 1 boards"],
    );
    let stuck = "1\n\n1***\n*1**\n****\n****\n";
    refuses("hdu5547", stuck, &["board 1 has no solution"]);
}

// ---------------------------------------------------------------- poj2918

#[test]
fn poj2918_numbers_each_scenario_and_ends_each_with_an_empty_line() {
    let mut tudoku = digit_rows(WIKI_SOLVED);
    for at in [0, 12, 44] {
        // Offsets in the rows text (10 bytes a row): each the only blank of its row.
        tudoku.replace_range(at..at + 1, "0");
    }
    let solved = digit_rows(WIKI_SOLVED);
    let input = format!("2\n{}\n{}\n", tudoku, tudoku);
    let expected = format!("Scenario #1:\n{}\nScenario #2:\n{}\n", solved, solved);
    answers("poj2918", input.clone(), &expected);
    answers("poj2918", input.replace("\n\n", "\n"), &expected);
}

#[test]
fn poj2918_refuses_bad_rows_counts_and_a_board_without_solution() {
    let grid = digit_rows(WIKI_SOLVED);
    refuses("poj2918", "\n\n", &["empty input"]);
    refuses(
        "poj2918",
        "-1\n",
        &["line 1: `-1` is not a number of scenarios"],
    );
    let dot = format!("1\n{}", grid.replacen('4', ".", 1));
    refuses(
        "poj2918",
        dot,
        &["scenario 1, line 2, column 3: `.` is not a digit 0-9"],
    );
    let fewer = format!("2\n{}\n", grid);
    refuses(
        "poj2918",
        fewer,
        &["scenario 2 of 2: the input ends after 0 rows"],
    );
    let more = format!("1\n{}\n{}", grid, grid);
    refuses(
        "poj2918",
        more,
        &["scenario 2, line 12: text after the 1 scenarios"],
    );
    let stuck = format!("1\n{}", grid.replacen('5', "0", 1).replacen('3', "5", 1));
    refuses("poj2918", stuck, &["scenario 1 has no solution"]);
}

// ---------------------------------------------------------------- uva10957

#[test]
fn uva10957_classifies_unique_ambiguous_illegal_and_impossible() {
    let unique = spaced(WIKI);
    let ambiguous = spaced(&".".repeat(81));
    let illegal = unique.replacen("5 3 0", "5 3 5", 1);
    let impossible = spaced(UNSOLVABLE);
    let input = [unique, ambiguous, illegal, impossible].join("\n");
    let expected = "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Illegal.\nCase 4: Impossible.\n";
    answers("uva10957", input, expected);
}

#[test]
fn uva10957_refuses_bad_digits_rows_and_a_cut_off_puzzle() {
    let puzzle = spaced(WIKI);
    refuses("uva10957", "", &["empty input"]);
    let letter = puzzle.replacen('0', "x", 1);
    refuses(
        "uva10957",
        letter,
        &["puzzle 1, line 1, column 5: `x` is not a digit 0-9"],
    );
    let glued = puzzle.replacen("5 3", "53", 1);
    refuses(
        "uva10957",
        glued,
        &["line 1, column 2: expected a space between two cells"],
    );
    let cut: String = puzzle.lines().take(2).map(|l| format!("{}\n", l)).collect();
    let input = format!("{}\n{}", puzzle, cut);
    refuses("uva10957", input, &["puzzle 2: input ends after 2 rows"]);
}

// ---------------------------------------------------------------- novice42

#[test]
fn novice42_prints_each_label_and_the_smallest_solution() {
    let empty = digit_rows(&".".repeat(81));
    let input = format!("2\nGrid 07\n{}Grid 12\n{}", digit_rows(WIKI), empty);
    let expected = format!(
        "Grid 07\n{}\nGrid 12\n{}",
        digit_rows(WIKI_SOLVED),
        digit_rows(SMALLEST)
    );
    answers("novice42", input, &expected);
}

#[test]
fn novice42_refuses_a_missing_label_bad_digits_and_counts() {
    let grid = digit_rows(WIKI);
    refuses("novice42", "", &["empty input"]);
    let unlabelled = format!("1\n{}", grid);
    refuses(
        "novice42",
        unlabelled,
        &["grid 1, line 2: expected a line `Grid NN`"],
    );
    let dot = format!("1\nGrid 01\n{}", grid.replacen('3', ".", 1));
    refuses(
        "novice42",
        dot,
        &["grid 1, line 3, column 2: `.` is not a digit 0-9"],
    );
    let fewer = format!("2\nGrid 01\n{}", grid);
    refuses(
        "novice42",
        fewer,
        &["grid 2 of 2: the input ends after 0 rows"],
    );
    let more = format!("1\nGrid 01\n{}Grid 02\n", grid);
    refuses(
        "novice42",
        more,
        &["grid 2, line 12: text after the 1 grids"],
    );
}

// ---------------------------------------------------------------- abc327c

#[test]
fn abc327c_says_yes_for_a_solution_and_no_for_a_repeat() {
    answers("abc327c", spaced(WIKI_SOLVED), "Yes\n");
    let swapped = spaced(WIKI_SOLVED).replacen("5 3", "3 5", 1);
    answers("abc327c", swapped, "No\n");
}

#[test]
fn abc327c_refuses_zeros_glued_numbers_and_row_counts() {
    let grid = spaced(WIKI_SOLVED);
    refuses("abc327c", "", &["empty input"]);
    let zero = grid.replacen('5', "0", 1);
    refuses(
        "abc327c",
        zero,
        &["line 1, column 1: `0` is not a number 1-9"],
    );
    let glued = grid.replacen("5 3", "53", 1);
    refuses(
        "abc327c",
        glued,
        &["line 1, column 2: expected a space between two numbers"],
    );
    let eight: String = grid.lines().take(8).map(|l| format!("{}\n", l)).collect();
    refuses(
        "abc327c",
        eight,
        &["the input ends after 8 rows, expected 9"],
    );
    let ten = format!("{}1 2 3\n", grid);
    refuses("abc327c", ten, &["line 10: text after the 9 rows"]);
}

// ---------------------------------------------------------------- all eight

/// The judge files of this round, each with its problem folder's name.
const ROUND: [&str; 8] = [
    "hdu1426", "hdu3111", "hdu2780", "hdu5547", "poj2918", "uva10957", "novice42", "abc327c",
];

#[test]
fn every_file_of_the_round_refuses_input_over_one_mebibyte() {
    for bin in ROUND {
        refuses(bin, "\n".repeat(2 << 20), &["input larger than 1 MiB"]);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn every_file_of_the_round_says_when_it_cannot_write_its_answer() {
    // `/dev/full` takes no byte: each write fails with "No space left on device".
    for bin in ROUND {
        let sample = common::problems_dir().join(bin).join("test/sample-1.in");
        let full = std::fs::File::create("/dev/full").expect("/dev/full");
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin(bin))
            .stdin(std::fs::File::open(&sample).expect("the folder's sample"))
            .stdout(full)
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}: {:?}", bin, err);
        assert!(
            err.starts_with(&format!("{}: cannot write stdout: ", bin)) && err.lines().count() == 1,
            "{}: {:?}",
            bin,
            err
        );
    }
}
