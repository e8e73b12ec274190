//! The judge files of the catalog's validity round (POJ 3435, Kattis Sudoku Verify, BOJ
//! 1840, HDU 3909) as black boxes, for what their problem folders cannot show: accepted
//! answers on tricky inputs built here, and bad input refused (exit code 1, nothing on
//! stdout, exactly one line on stderr saying what and where).

use crate::common;

use common::{
    bin_answers as answers, bin_refuses as refuses, run_bin, spaced, BRUTE, BRUTE_SOLUTION,
    UNSOLVABLE, WIKI, WIKI_SOLVED,
};
use sudoku_kit::board::grid::Grid;
use sudoku_kit::board::shape::Shape;
use sudoku_kit::generate::{generate, random_grid, GenOptions};
use sudoku_kit::rng::Rng;
use sudoku_kit::solve::any::{count_solutions, solve};

/// Bad input: `bin` exits 1 with nothing on stdout and says exactly `message` on stderr,
/// after `BIN: `, on one line.
fn refuses_with(bin: &str, input: impl Into<Vec<u8>>, message: &str) {
    let input = input.into();
    refuses(bin, input.clone(), &[message]);
    let err = String::from_utf8_lossy(&run_bin(bin, input).stderr).into_owned();
    assert_eq!(err, format!("{}: {}\n", bin, message));
}

// ---------------------------------------------------------------- poj3435

/// An N²×N² position as POJ 3435 gives it: N, then one row of numbers a line.
fn position(n: usize, cells: &[usize]) -> String {
    let side = n * n;
    let rows: Vec<String> = cells
        .chunks(side)
        .map(|row| {
            row.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("{}\n{}\n", n, rows.join("\n"))
}

/// A full valid N²×N² grid: cell (r, c) holds (N·(r mod N) + r/N + c) mod N² + 1.
fn latin(n: usize) -> Vec<usize> {
    let side = n * n;
    (0..side * side)
        .map(|i| (n * (i / side % n) + i / side / n + i % side) % side + 1)
        .collect()
}

#[test]
fn poj3435_judges_the_samples_and_the_smallest_board() {
    let first = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1];
    answers("poj3435", position(2, &first), "CORRECT\n");
    let second = [2, 1, 3, 0, 3, 2, 4, 0, 1, 3, 2, 4, 0, 0, 0, 1];
    answers("poj3435", position(2, &second), "INCORRECT\n");
    answers("poj3435", "1\n0\n", "CORRECT\n");
    answers("poj3435", "1 1", "CORRECT\n");
}

#[test]
fn poj3435_says_correct_for_a_position_without_completion() {
    // No repeat, yet r1c9 can only be 9, which r2c9 holds: correct all the same.
    let cells: Vec<usize> = UNSOLVABLE
        .bytes()
        .map(|b| if b == b'.' { 0 } else { (b - b'0') as usize })
        .collect();
    answers("poj3435", position(3, &cells), "CORRECT\n");
}

#[test]
fn poj3435_checks_a_100x100_board_with_numbers_past_64_bits() {
    let grid = latin(10);
    answers("poj3435", position(10, &grid), "CORRECT\n");
    let mut swapped = grid.clone();
    swapped.swap(0, 1); // the row keeps 1-100 once; its two columns repeat
    answers("poj3435", position(10, &swapped), "INCORRECT\n");
    // 36, 64 and 100 in one row: a 64-bit mask (1 << 100 wrapping to 1 << 36) sees a repeat.
    let mut high = vec![0; 10_000];
    high[0] = 36;
    high[50] = 100;
    high[99] = 64;
    answers("poj3435", position(10, &high), "CORRECT\n");
    high[9950] = 100; // r100c51, under r1c51's 100
    answers("poj3435", position(10, &high), "INCORRECT\n");
}

#[test]
fn poj3435_reads_the_numbers_as_a_stream() {
    let mut grid = latin(5);
    grid[624] = 0;
    let one_line: Vec<String> = grid.iter().map(usize::to_string).collect();
    let input = format!("5 {}", one_line.join("\t"));
    answers("poj3435", input, "CORRECT\n");
}

#[test]
fn poj3435_refuses_bad_n_numbers_out_of_range_and_wrong_counts() {
    refuses_with("poj3435", "", "empty input: expected N, then N⁴ numbers");
    refuses_with("poj3435", "x 1", "line 1, column 1: `x` is not N (1-10)");
    refuses_with(
        "poj3435",
        "11\n0\n",
        "line 1, column 1: `11` is not N (1-10)",
    );
    refuses_with(
        "poj3435",
        "2\n0 0 0 5\n",
        "line 2, column 7: `5` is not a number 0-4",
    );
    refuses_with(
        "poj3435",
        "1\n-1\n",
        "line 2, column 1: `-1` is not a number 0-1",
    );
    refuses_with(
        "poj3435",
        "2\n0 0 0\n",
        "the input ends after 3 of 16 numbers",
    );
    let seventeen = format!("2\n{}\n", vec!["0"; 17].join(" "));
    refuses_with(
        "poj3435",
        seventeen,
        "line 2, column 33: text after the 16 numbers of the board",
    );
}

// ---------------------------------------------------------------- sudokuverify

#[test]
fn sudokuverify_says_valid_or_invalid_with_its_exclamation_mark() {
    answers("sudokuverify", spaced(WIKI_SOLVED), "VALID\n");
    answers("sudokuverify", spaced(BRUTE_SOLUTION), "VALID\n");
    let swapped = spaced(WIKI_SOLVED).replacen("5 3", "3 5", 1);
    answers("sudokuverify", swapped, "INVALID!\n");
}

#[test]
fn sudokuverify_checks_the_boxes_too() {
    // Each row the one above shifted by one: rows and columns hold 1-9, no box does.
    let shifted: String = (0..81)
        .map(|i| char::from(b'1' + ((i / 9 + i % 9) % 9) as u8))
        .collect();
    answers("sudokuverify", spaced(&shifted), "INVALID!\n");
}

#[test]
fn sudokuverify_refuses_zeros_glued_numbers_and_row_counts() {
    let grid = spaced(WIKI_SOLVED);
    refuses_with(
        "sudokuverify",
        "",
        "empty input: expected 9 rows of 9 numbers 1-9",
    );
    refuses_with(
        "sudokuverify",
        grid.replacen('5', "0", 1),
        "line 1, column 1: `0` is not a number 1-9",
    );
    refuses_with(
        "sudokuverify",
        grid.replacen("5 3", "53", 1),
        "line 1, column 2: expected a space between two numbers",
    );
    refuses_with(
        "sudokuverify",
        grid.replacen("5 3 4 6 7 8 9 1 2", "5 3 4", 1),
        "line 1: 3 numbers, expected 9",
    );
    let eight: String = grid.lines().take(8).map(|l| format!("{}\n", l)).collect();
    refuses_with(
        "sudokuverify",
        eight,
        "the input ends after 8 rows, expected 9",
    );
    refuses_with(
        "sudokuverify",
        format!("{}1 2 3\n", grid),
        "line 10: text after the 9 rows",
    );
}

// ---------------------------------------------------------------- boj1840

/// 81 moves, one a line: `row column digit`.
fn moves(list: &[(usize, u8)]) -> String {
    list.iter()
        .map(|&(i, d)| format!("{} {} {}\n", i / 9 + 1, i % 9 + 1, d))
        .collect()
}

/// The digits of an 81-character line (`.` or `0` blank: 0).
fn digits(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

#[test]
fn boj1840_says_minus_one_when_the_moves_make_a_solved_grid() {
    let grid = digits(WIKI_SOLVED);
    // Bottom row first, each row right to left: every search is fresh.
    let list: Vec<(usize, u8)> = (0..81).rev().map(|i| (i, grid[i])).collect();
    answers("boj1840", moves(&list), "-1\n");
}

#[test]
fn boj1840_finds_a_repeat_and_a_legal_move_without_completion() {
    let grid = digits(WIKI_SOLVED);
    let mut repeat: Vec<(usize, u8)> = vec![(0, 5), (80, 5)]; // r1c1 and r9c9: no shared unit
    repeat.push((8, 5)); // r1c9 repeats r1c1's 5 in row 1
    repeat.extend((1..80).filter(|&i| i != 8).map(|i| (i, grid[i])));
    answers("boj1840", moves(&repeat), "3\n");
    // The puzzle built against brute force has one solution: its givens, then any other
    // digit no rule forbids in a blank, leave no completion, found only by a search.
    let puzzle = digits(BRUTE);
    let solution = digits(BRUTE_SOLUTION);
    let givens: Vec<usize> = (0..81).filter(|&i| puzzle[i] != 0).collect();
    let blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    let mut list: Vec<(usize, u8)> = givens.iter().map(|&i| (i, puzzle[i])).collect();
    // r1c1 must be 9; 2 stands in none of its units (row 1 is empty, column 1 holds a 5,
    // box 1 a 1).
    assert_eq!((blanks[0], solution[0]), (0, 9));
    list.push((0, 2));
    list.extend(blanks[1..].iter().map(|&i| (i, solution[i])));
    let step = givens.len() + 1;
    answers("boj1840", moves(&list), &format!("{}\n", step));
}

#[test]
fn boj1840_refuses_bad_numbers_lines_and_a_cell_filled_twice() {
    refuses_with(
        "boj1840",
        "",
        "empty input: expected 81 moves `row column digit`",
    );
    refuses_with(
        "boj1840",
        "1 1 0\n",
        "line 1, column 5: `0` is not a number 1-9",
    );
    refuses_with(
        "boj1840",
        "1 1 5\n1 2 x\n",
        "line 2, column 5: `x` is not a number 1-9",
    );
    refuses_with(
        "boj1840",
        "1 1\n",
        "line 1: 2 numbers, expected 3 (row, column, digit)",
    );
    refuses_with(
        "boj1840",
        "1 1 5\n1 1 6\n",
        "line 2: move 2 fills (1, 1) again; move 1 filled it",
    );
    refuses_with("boj1840", "1 1 5\n", "the input holds 1 of the 81 moves");
    let grid = digits(WIKI_SOLVED);
    let all: Vec<(usize, u8)> = (0..81).map(|i| (i, grid[i])).collect();
    refuses_with(
        "boj1840",
        format!("{}\n1 1 5\n", moves(&all)),
        "line 83: text after the 81 moves",
    );
}

// ---------------------------------------------------------------- hdu3909

/// A grid as HDU 3909 gives it: N, then N² rows of characters, `.` for a blank.
fn grid(n: usize, rows: &[&str]) -> String {
    format!("{}\n{}\n", n, rows.join("\n"))
}

#[test]
fn hdu3909_names_each_class_and_prints_a_minimal_puzzles_solution() {
    let minimal = grid(2, &["...1", ".4..", "..2.", "3..."]);
    let extra = grid(2, &["...1", ".4..", "..2.", "3..4"]);
    let several = grid(2, &["...1", "....", "..2.", "3..."]);
    let clash = grid(2, &["1..1", "....", "....", "...."]);
    let input = [minimal, extra, several, clash].concat();
    let expected = "2341\n1432\n4123\n3214\nNot Minimal\nMultiple Solutions\nNo Solution\n";
    answers("hdu3909", input, expected);
}

#[test]
fn hdu3909_calls_a_full_grid_not_minimal_and_a_17_given_puzzle_minimal() {
    let rows = |line: &str| -> Vec<String> {
        (0..9).map(|r| line[r * 9..r * 9 + 9].to_string()).collect()
    };
    let full = rows(WIKI_SOLVED);
    let full: Vec<&str> = full.iter().map(String::as_str).collect();
    answers("hdu3909", grid(3, &full), "Not Minimal\n");
    let wiki = rows(WIKI);
    let wiki: Vec<&str> = wiki.iter().map(String::as_str).collect();
    answers("hdu3909", grid(3, &wiki), "Not Minimal\n");
    // The puzzle built against brute force: 17 givens, one solution, so minimal.
    let brute = rows(&BRUTE.replace('0', "."));
    let brute: Vec<&str> = brute.iter().map(String::as_str).collect();
    let solved: String = rows(BRUTE_SOLUTION)
        .iter()
        .map(|r| format!("{}\n", r))
        .collect();
    answers("hdu3909", grid(3, &brute), &solved);
}

#[test]
fn hdu3909_writes_16x16_symbols_up_to_g() {
    // A solved 16×16 grid, minus one cell: not minimal (the others force it back).
    let symbols = b"123456789ABCDEFG";
    let solved: Vec<String> = (0..16)
        .map(|r| {
            (0..16)
                .map(|c| char::from(symbols[(4 * (r % 4) + r / 4 + c) % 16]))
                .collect()
        })
        .collect();
    let mut rows: Vec<&str> = solved.iter().map(String::as_str).collect();
    let first = format!(".{}", &solved[0][1..]);
    rows[0] = &first;
    answers("hdu3909", grid(4, &rows), "Not Minimal\n");
    let empty = vec!["................"; 16];
    answers("hdu3909", grid(4, &empty), "Multiple Solutions\n");
}

/// What HDU 3909 should answer for `cells` (a board of box side `n`), worked out with the
/// kit's own counter: the class, or for a minimal puzzle its solution in the file's
/// characters.
fn hdu3909_reference(n: usize, cells: &[u8]) -> String {
    let shape = Shape::new(n, n).expect("a square box");
    let board = |cells: Vec<u8>| Grid::new(shape, cells).expect("values in range");
    let count = |cells: &[u8]| count_solutions(&board(cells.to_vec()), 2);
    match count(cells) {
        0 => return "No Solution\n".to_string(),
        1 => {}
        _ => return "Multiple Solutions\n".to_string(),
    }
    for g in (0..cells.len()).filter(|&g| cells[g] != 0) {
        let mut without = cells.to_vec();
        without[g] = 0;
        if count(&without) == 1 {
            return "Not Minimal\n".to_string();
        }
    }
    let solution = solve(&board(cells.to_vec())).expect("one solution");
    let side = n * n;
    let symbol = |v: &u8| char::from(b"0123456789ABCDEFG"[usize::from(*v)]);
    let rows: Vec<String> = solution
        .cells()
        .chunks(side)
        .map(|row| row.iter().map(symbol).collect())
        .collect();
    format!("{}\n", rows.join("\n"))
}

/// `cells` as an HDU 3909 case: N, then the rows, `.` for a blank.
fn hdu3909_case(n: usize, cells: &[u8]) -> String {
    let symbol = |v: &u8| char::from(b".123456789ABCDEFG"[usize::from(*v)]);
    let rows: Vec<String> = cells
        .chunks(n * n)
        .map(|row| row.iter().map(symbol).collect())
        .collect();
    format!("{}\n{}\n", n, rows.join("\n"))
}

/// A random solved grid and a minimal puzzle of it, from the kit's generator.
fn minimal_puzzle(n: usize, rng: &mut Rng) -> (Vec<u8>, Vec<u8>) {
    let shape = Shape::new(n, n).expect("a square box");
    let made = generate(rng, shape, &GenOptions::default()).expect("a puzzle");
    assert!(made.minimal, "the generator's puzzle is minimal");
    (made.puzzle.cells().to_vec(), made.solution.cells().to_vec())
}

/// Every class on random boards, against the kit's counter: 4×4 boards from random grids
/// at several densities (clashes, several solutions, unique and minimal or not), and 9×9
/// minimal puzzles with their neighbours: one given fewer, one more (right or wrong).
#[test]
fn hdu3909_agrees_with_the_kits_counter_on_random_boards() {
    let mut rng = Rng::new(3909);
    let mut input = String::new();
    let mut expected: Vec<String> = Vec::new(); // one answer a board
    let mut add = |n: usize, cells: &[u8]| {
        input.push_str(&hdu3909_case(n, cells));
        expected.push(hdu3909_reference(n, cells));
    };
    for k in 0..400 {
        // A random 4×4 solution, each cell kept at a density from 0.2 to 0.8, and on one
        // board in four a kept cell given a random symbol (a clash, or a board without
        // solution, or still a good one); one board in eight made minimal instead.
        let shape = Shape::new(2, 2).expect("a square box");
        let solved = random_grid(&mut rng, shape)
            .expect("a 4×4 grid")
            .cells()
            .to_vec();
        let density = 2 + k % 7; // in tenths
        let mut cells: Vec<u8> = solved
            .iter()
            .map(|&v| if rng.below(10) < density { v } else { 0 })
            .collect();
        let givens: Vec<usize> = (0..16).filter(|&i| cells[i] != 0).collect();
        if !givens.is_empty() && rng.below(4) == 0 {
            cells[givens[rng.below(givens.len())]] = 1 + rng.below(4) as u8;
        }
        if k % 8 == 0 {
            cells = minimal_puzzle(2, &mut rng).0;
        }
        add(2, &cells);
    }
    for _ in 0..12 {
        let (minimal, solved) = minimal_puzzle(3, &mut rng);
        add(3, &minimal);
        let givens: Vec<usize> = (0..81).filter(|&i| minimal[i] != 0).collect();
        let blanks: Vec<usize> = (0..81).filter(|&i| minimal[i] == 0).collect();
        let mut fewer = minimal.clone();
        fewer[givens[rng.below(givens.len())]] = 0;
        add(3, &fewer);
        let at = blanks[rng.below(blanks.len())];
        let mut more = minimal.clone();
        more[at] = solved[at];
        add(3, &more);
        let mut wrong = minimal.clone();
        wrong[at] = 1 + (solved[at] + rng.below(8) as u8) % 9;
        add(3, &wrong);
    }
    // Each of the four answers on 20 boards or more (the minimal ones print a grid).
    let lines = ["No Solution\n", "Multiple Solutions\n", "Not Minimal\n"];
    for line in lines {
        let boards = expected.iter().filter(|a| *a == line).count();
        assert!(boards >= 20, "{} boards answer {}", boards, line);
    }
    let minimal = expected.iter().filter(|a| !lines.contains(&a.as_str()));
    assert!(minimal.count() >= 20, "too few minimal puzzles");
    answers("hdu3909", input, &expected.concat());
}

#[test]
fn hdu3909_refuses_bad_sizes_symbols_rows_and_a_cut_off_grid() {
    refuses_with(
        "hdu3909",
        "",
        "empty input: expected N, then N² rows of N² characters",
    );
    refuses_with("hdu3909", "5\n", "case 1, line 1: `5` is not N (2, 3 or 4)");
    refuses_with(
        "hdu3909",
        "2\n1235\n",
        "case 1, line 2, column 4: `5` is not `.` or a symbol 1-4",
    );
    refuses_with(
        "hdu3909",
        "3\n........A\n",
        "case 1, line 2, column 9: `A` is not `.` or a symbol 1-9",
    );
    refuses_with(
        "hdu3909",
        "4\n...............H\n",
        "case 1, line 2, column 16: `H` is not `.` or a symbol 1-9, A-G",
    );
    refuses_with("hdu3909", "2\n123\n", "case 1, line 2: 3 cells, expected 4");
    refuses_with(
        "hdu3909",
        "2\n1234\n",
        "case 1: the input ends after 1 of 4 rows",
    );
    refuses_with(
        "hdu3909",
        "2\n....\n....\n....\n....\nxyz\n",
        "case 2, line 6: `xyz` is not N (2, 3 or 4)",
    );
}
