//! Baekjoon 12095, an output-only problem: the answer file prints a puzzle, scored by the
//! calls the statement's row-major backtracker makes on it (capped at 100,000). What its
//! folder's exact case cannot show: the puzzle has a solution, the statement's counter
//! reaches the cap, and the kit's `sudoku gen --against` makes exactly this puzzle.
//! The same count tells which Baekjoon 2239 cases go beyond that statement's promise.

use crate::common;

use common::{bin_output, refuses_with, stdout_of};

/// The statement's count: one call per cell in reading order (a filled cell passes the
/// call on), digits 1 to 9 ascending in a blank, the count checked on entry and the search
/// stopped once it reaches `cap`. Returns the count and whether a solution was reached.
fn calls(puzzle: &[u8; 81], cap: u64) -> (u64, bool) {
    fn go(b: &mut [u8; 81], z: usize, count: &mut u64, cap: u64) -> Option<bool> {
        *count += 1;
        if *count >= cap {
            return None; // stopped: the cap
        }
        if z == 81 {
            return Some(true);
        }
        if b[z] != 0 {
            return go(b, z + 1, count, cap);
        }
        let (r, c) = (z / 9, z % 9);
        for d in 1..=9u8 {
            let free = (0..9).all(|k| {
                b[r * 9 + k] != d
                    && b[k * 9 + c] != d
                    && b[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
            });
            if free {
                b[z] = d;
                match go(b, z + 1, count, cap) {
                    Some(false) => b[z] = 0,
                    done => return done,
                }
            }
        }
        Some(false)
    }
    let mut count = 0;
    let solved = go(&mut puzzle.clone(), 0, &mut count, cap);
    (count, solved == Some(true))
}

/// The 81 numbers of 9 spaced rows.
fn numbers(text: &str) -> [u8; 81] {
    let cells: Vec<u8> = text
        .split_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    cells.try_into().expect("81 numbers")
}

#[test]
fn the_answer_has_a_solution_and_reaches_the_cap() {
    let printed = bin_output("boj12095", "");
    assert_eq!(printed.lines().count(), 9);
    let puzzle = numbers(&printed);
    assert!(puzzle.iter().all(|&v| v <= 9));
    let (count, _) = calls(&puzzle, 100_000);
    assert_eq!(count, 100_000, "the statement's counter stops at the cap");
    // Without the cap the search reaches a solution.
    let (count, solved) = calls(&puzzle, u64::MAX);
    assert!(solved && count > 100_000, "{}", count);
    // The counter itself: a full grid costs 82 calls, an easy puzzle few more.
    let full = numbers(&stdout_of(
        &["solve", "--to", "spaced"],
        &"0".repeat(81).replacen('0', "1", 1),
    ));
    assert_eq!(calls(&full, 100_000), (82, true));
}

#[test]
fn the_kit_makes_the_same_puzzle() {
    let made = stdout_of(
        &[
            "gen",
            "--against",
            "scan",
            "--seed",
            "1",
            "--node-limit",
            "100000",
            "--to",
            "spaced",
        ],
        "",
    );
    assert_eq!(made, bin_output("boj12095", ""));
}

#[test]
fn any_input_is_refused_and_blank_lines_are_not_input() {
    assert_eq!(
        bin_output("boj12095", "\n\r\n  \n"),
        bin_output("boj12095", "")
    );
    refuses_with(
        "boj12095",
        "\n 0 0 3\n",
        "line 2, column 2: this problem has no input, found `0 0 3`",
    );
}

#[test]
fn clashing_givens_do_not_stop_the_statements_search_as_the_readme_says() {
    // Two 5s in row 1, nothing else: the statement's code marks both and searches on.
    let mut clash = [0u8; 81];
    clash[0] = 5;
    clash[1] = 5;
    assert_eq!(calls(&clash, 100_000), (100_000, false));
    let readme = std::fs::read_to_string(common::problems_dir().join("boj12095/README.md"))
        .expect("the folder's README");
    let said = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("a board with two 5s in row 1 and nothing else runs to 100,000 calls"),
        "the README says what the count shows"
    );
    // The stored statement's penalty is minus the square root of the counter.
    assert!(said.contains("the statement's penalty is minus the square root of that value"));
    assert!(!said.contains("fail at once"));
}

#[test]
fn boj2239_cases_beyond_its_promise_are_the_ones_its_readme_marks() {
    // Baekjoon 2239 promises only inputs this statement's code solves; its README marks
    // the cases that go beyond that promise, and this count decides which they are.
    let dir = common::problems_dir().join("boj2239");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("the folder's README");
    let mut marked: Vec<String> = readme
        .lines()
        .filter(|row| row.starts_with("| `") && row.contains("beyond the statement's promise"))
        .map(|row| row.split('`').nth(1).expect("a case name").to_string())
        .collect();
    marked.sort();
    let mut beyond = Vec::new();
    for input in common::case_inputs(&dir) {
        let text = std::fs::read_to_string(&input).expect("a case");
        let digits: Vec<u8> = text
            .bytes()
            .filter_map(|b| match b {
                b'0'..=b'9' => Some(b - b'0'),
                b'.' => Some(0),
                _ => None,
            })
            .collect();
        let puzzle: [u8; 81] = digits.try_into().expect("81 cells");
        if !calls(&puzzle, 100_000).1 {
            let name = input.file_stem().expect("a name").to_string_lossy();
            beyond.push(name.into_owned());
        }
    }
    beyond.sort();
    assert_eq!(beyond, ["17-givens", "anti-brute-force", "norvig-hard1"]);
    assert_eq!(marked, beyond);
}
