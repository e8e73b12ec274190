//! The judge files of the catalog's second round (HDU 1426, ...) as black
//! boxes, for what their problem folders cannot show: bad input (exit code
//! 1, nothing on stdout, one line on stderr saying what and where) and the
//! edges of each framing.

mod common;

use common::{bin_answers as answers, bin_refuses as refuses, spaced, WIKI, WIKI_SOLVED};

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
