//! The function-form rows of the catalog as black boxes: the Codewars harnesses
//! (`codewars_sudoku`, `codewars_hard`, `codewars_validator`, each around its pasted file
//! in `src/codewars/`) and the HackerRank golf file (`hackerrank_golf`). What their problem
//! folders cannot show: answers checked for validity over seeded random boards, the edges of
//! the literal syntax, and every refusal of a harness with its exact message.

use crate::common;

use common::{
    bin_output as output, refuses_with, sudoku, BRUTE, BRUTE_SOLUTION, ESCARGOT, UNSOLVABLE, WIKI,
    WIKI_SOLVED,
};

/// `line` (81 cells, `.` or `0` blank) as a compact Rust literal: `[[5,3,0,...],...]`.
fn literal(line: &str) -> String {
    let rows: Vec<String> = cells(line)
        .chunks(9)
        .map(|r| {
            let r: Vec<String> = r.iter().map(u8::to_string).collect();
            format!("[{}]", r.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// `line` as Rust's `{:?}` prints a `[[u8; 9]; 9]`: `[[5, 3, 4, ...], ...]`.
fn debug(line: &str) -> String {
    let rows: Vec<String> = cells(line)
        .chunks(9)
        .map(|r| {
            let r: Vec<String> = r.iter().map(u8::to_string).collect();
            format!("[{}]", r.join(", "))
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// The 81 cells of a line (`.` and `0` blank), or the numbers of any text (a literal, a
/// `{:?}` print, spaced rows), in order.
fn cells(text: &str) -> Vec<u8> {
    if text.len() == 81 && !text.contains(',') {
        return text
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
    }
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a number"))
        .collect()
}

/// Whether `answer` (81 cells) is a complete grid that keeps every given of `puzzle`.
fn completes(puzzle: &[u8], answer: &[u8]) -> bool {
    let unit = |u: usize, k: usize| match u / 9 {
        0 => u * 9 + k,
        1 => k * 9 + u - 9,
        _ => (u - 18) / 3 * 27 + (u - 18) % 3 * 3 + k / 3 * 9 + k % 3,
    };
    answer.len() == 81
        && (0..81).all(|i| puzzle[i] == 0 || puzzle[i] == answer[i])
        && (0..27).all(|u| {
            let mut seen = 0u16;
            (0..9).all(|k| {
                let d = answer[unit(u, k)];
                let fresh = (1..=9).contains(&d) && seen & 1 << d == 0;
                seen |= 1 << d.min(15);
                fresh
            })
        })
}

/// A seeded generator (a 64-bit LCG), so that every random board is the same each run.
struct Seeded {
    state: u64,
}

impl Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.state = self
            .state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.state >> 33) % n as u64) as usize
    }

    /// A complete grid: WIKI_SOLVED with its digits relabelled and two rows of a band, two
    /// bands and the grid itself transposed at random (every one keeps it a sudoku).
    fn grid(&mut self) -> Vec<u8> {
        let mut labels: Vec<u8> = (1..=9).collect();
        for k in (1..9).rev() {
            labels.swap(k, self.below(k + 1));
        }
        let mut g: Vec<u8> = cells(WIKI_SOLVED)
            .iter()
            .map(|&d| labels[d as usize - 1])
            .collect();
        let band = self.below(3) * 3;
        let (a, b) = (band + self.below(3), band + self.below(3));
        for c in 0..9 {
            g.swap(a * 9 + c, b * 9 + c);
        }
        let (p, q) = (self.below(3) * 3, self.below(3) * 3);
        for k in 0..3 {
            for c in 0..9 {
                g.swap((p + k) * 9 + c, (q + k) * 9 + c);
            }
        }
        if self.below(2) == 1 {
            g = (0..81).map(|i| g[i % 9 * 9 + i / 9]).collect();
        }
        g
    }

    /// A puzzle: a random grid with `blanks` cells emptied.
    fn puzzle(&mut self, blanks: usize) -> Vec<u8> {
        let mut g = self.grid();
        for _ in 0..blanks {
            let i = self.below(81);
            g[i] = 0;
        }
        g
    }
}

/// A board as an 81-character line, `.` blank.
fn line_of(board: &[u8]) -> String {
    board
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

/// What `sudoku count` (up to 2) says of each line.
fn counts(lines: &[String]) -> Vec<u32> {
    let input: String = lines.iter().map(|l| format!("{}\n", l)).collect();
    let out = sudoku()
        .args(["count", "--from", "line", "-j", "1"])
        .write_stdin(input)
        .output()
        .expect("sudoku count runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.parse().expect("a count"))
        .collect()
}

// ---------------------------------------------------------------- codewars_sudoku

#[test]
fn codewars_sudoku_fills_the_kata_example_in_place() {
    let solved = output("codewars_sudoku", literal(WIKI));
    assert_eq!(solved, format!("{}\n", debug(WIKI_SOLVED)));
}

#[test]
fn codewars_sudoku_solves_boards_no_easy_kata_sends_and_keeps_their_givens() {
    let input = format!("{}\n{}\n", literal(ESCARGOT), literal(BRUTE));
    let out = output("codewars_sudoku", input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(completes(&cells(ESCARGOT), &cells(lines[0])));
    assert_eq!(lines[1], debug(BRUTE_SOLUTION));
}

#[test]
fn codewars_sudoku_fills_an_empty_board_with_a_complete_grid() {
    let empty = ".".repeat(81);
    let out = output("codewars_sudoku", literal(&empty));
    assert!(completes(&cells(&empty), &cells(&out)), "{}", out);
}

#[test]
fn codewars_sudoku_leaves_clashing_unsolvable_and_non_digit_boards_as_they_were() {
    let clash = format!("55{}", &WIKI[2..]);
    let mut over = literal(WIKI);
    over.replace_range(2..3, "200"); // the first cell, 5, becomes 200: a u8, not a digit
    let input = format!("{}\n{}\n{}\n", literal(&clash), literal(UNSOLVABLE), over);
    let over_debug = debug(WIKI).replacen('5', "200", 1);
    let expected = format!("{}\n{}\n{}\n", debug(&clash), debug(UNSOLVABLE), over_debug);
    assert_eq!(output("codewars_sudoku", input), expected);
}

#[test]
fn codewars_sudoku_reads_rustfmt_layout_trailing_commas_and_crlf() {
    let rows: Vec<String> = literal(WIKI)[1..]
        .split("],")
        .map(|r| format!("    {}],", r.trim_end_matches(']').replace(',', ", ")))
        .collect();
    let input = format!("[\r\n{}\r\n]\r\n", rows.join("\r\n"));
    assert_eq!(
        output("codewars_sudoku", input),
        format!("{}\n", debug(WIKI_SOLVED))
    );
}

#[test]
fn codewars_sudoku_refuses_every_shape_but_nine_rows_of_nine_with_the_place() {
    let bin = "codewars_sudoku";
    refuses_with(bin, "", "empty input: expected a board [[...], ...]");
    refuses_with(bin, " \n\t\n", "empty input: expected a board [[...], ...]");
    let short_row = literal(WIKI).replacen("[5,3,0,0,7,0,0,0,0]", "[5,3,0,0,7,0,0,0]", 1);
    refuses_with(
        bin,
        short_row,
        "board 1, line 1, column 18: expected 9 numbers in a row, found 8",
    );
    let eight_rows = literal(WIKI).replacen("[5,3,0,0,7,0,0,0,0],", "", 1);
    refuses_with(
        bin,
        eight_rows,
        "board 1, line 1, column 161: expected 9 rows in a board, found 8",
    );
    let second = format!("{}\n[[1]]\n", literal(WIKI));
    refuses_with(
        bin,
        second,
        "board 2, line 2, column 4: expected 9 numbers in a row, found 1",
    );
}

#[test]
fn codewars_sudoku_refuses_numbers_no_u8_holds_and_stray_tokens() {
    let bin = "codewars_sudoku";
    let big = literal(WIKI).replacen('5', "256", 1);
    refuses_with(
        bin,
        big,
        "board 1, line 1, column 3: `256` is over 255 (a u8)",
    );
    let negative = literal(WIKI).replacen('5', "-5", 1);
    refuses_with(
        bin,
        negative,
        "board 1, line 1, column 3: expected a number 0-255 or `]`, not `-5`",
    );
    let glued = literal(WIKI).replacen("5,3", "5 3", 1);
    refuses_with(
        bin,
        glued,
        "board 1, line 1, column 5: expected `,` or `]`, not `3`",
    );
    let after = format!("{}\nvec![]\n", literal(WIKI));
    refuses_with(
        bin,
        after,
        "board 2, line 2, column 1: expected `[` (a board), not `vec!`",
    );
    let cut = literal(WIKI).trim_end_matches(']').to_string();
    refuses_with(bin, cut, "board 1: the input ends inside it");
    refuses_with(
        bin,
        "[,]",
        "board 1, line 1, column 2: expected `[` (a row) or `]`, not `,`",
    );
}

// ---------------------------------------------------------------- codewars_hard

#[test]
fn codewars_hard_solves_the_example_and_the_hardest_puzzles() {
    let input = format!("{}\n{}\n", literal(WIKI), literal(BRUTE));
    let expected = format!("{}\n{}\n", debug(WIKI_SOLVED), debug(BRUTE_SOLUTION));
    assert_eq!(output("codewars_hard", input), expected);
}

#[test]
fn codewars_hard_calls_every_wrong_shape_an_invalid_grid_without_panicking() {
    let wiki = literal(WIKI);
    let ragged = [
        "[]".to_string(),
        "[[]]".to_string(),
        "[[],[],[],[],[],[],[],[],[]]".to_string(),
        wiki.replacen("[5,3,0,0,7,0,0,0,0],", "", 1), // 8 rows
        wiki.replacen("]]", "],[0,0,0,0,0,0,0,0,0]]", 1), // 10 rows
        wiki.replacen("[5,3,0,0,7,0,0,0,0]", "[5,3,0,0,7,0,0,0]", 1), // a row of 8
        wiki.replacen("[5,3,0,0,7,0,0,0,0]", "[5,3,0,0,7,0,0,0,0,0]", 1), // a row of 10
        wiki.replacen("5,3", "10,3", 1),              // a number over 9
        wiki.replacen("5,3", "255,3", 1),
    ];
    let input: String = ragged.iter().map(|b| format!("{}\n", b)).collect();
    assert_eq!(output("codewars_hard", input), "InvalidGrid\n".repeat(9));
}

#[test]
fn codewars_hard_tells_clashes_from_no_solution_from_several() {
    let row_clash = format!("55{}", &WIKI[2..]);
    let hard1 = ".....6....59.....82....8....45........3........6..3.54...325..6..................";
    let input = [
        literal(&row_clash),
        literal(UNSOLVABLE),
        literal(hard1),
        literal(&".".repeat(81)),
        literal(WIKI_SOLVED),
    ]
    .join("\n");
    let expected = format!(
        "InvalidGrid\nNoSolution\nMultipleSolutions\nMultipleSolutions\n{}\n",
        debug(WIKI_SOLVED)
    );
    assert_eq!(output("codewars_hard", input), expected);
}

#[test]
fn codewars_hard_agrees_with_the_kit_on_seeded_random_puzzles() {
    // Puzzles with 40 to 70 cells emptied (some unique, some not), half of them with one
    // given changed at random (a clash, no solution, or still fine): the answer is the
    // kit's unique solution, or the error the kit's count and a clash check call for.
    let mut rng = Seeded { state: 2024 };
    let mut puzzles: Vec<Vec<u8>> = Vec::new();
    for k in 0..60 {
        let mut p = rng.puzzle(40 + k % 31);
        if k % 2 == 1 {
            let i = rng.below(81);
            p[i] = 1 + rng.below(9) as u8;
        }
        puzzles.push(p);
    }
    let lines: Vec<String> = puzzles.iter().map(|p| line_of(p)).collect();
    let input: String = lines.iter().map(|l| format!("{}\n", literal(l))).collect();
    let out = output("codewars_hard", input);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    let counts = counts(&lines);
    let mut kinds = [0; 4];
    for (n, (p, answer)) in puzzles.iter().zip(answers.iter()).enumerate() {
        let clash = (0..81).any(|i| {
            (0..81).any(|j| {
                let peers = i / 9 == j / 9
                    || i % 9 == j % 9
                    || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3);
                i != j && p[i] != 0 && p[i] == p[j] && peers
            })
        });
        let expected = match (clash, counts[n]) {
            (true, _) => "InvalidGrid",
            (false, 0) => "NoSolution",
            (false, 2) => "MultipleSolutions",
            _ => "a grid",
        };
        if expected == "a grid" {
            assert!(completes(p, &cells(answer)), "puzzle {}: {}", n, answer);
            kinds[3] += 1;
        } else {
            assert_eq!(*answer, expected, "puzzle {}: {}", n, lines[n]);
            kinds[["InvalidGrid", "NoSolution", "MultipleSolutions"]
                .iter()
                .position(|&e| e == expected)
                .unwrap_or(0)] += 1;
        }
    }
    // The seed gives every kind of answer (so the test cannot pass by saying one thing).
    assert!(kinds.iter().all(|&k| k > 0), "kinds {:?}", kinds);
}

#[test]
fn codewars_hard_reads_empty_and_ragged_rows_but_refuses_what_no_u8_holds() {
    let bin = "codewars_hard";
    assert_eq!(
        output(bin, "[[1, 2,], [3],]\n[ ]"),
        "InvalidGrid\nInvalidGrid\n"
    );
    refuses_with(
        bin,
        "[[300]]",
        "board 1, line 1, column 3: `300` is over 255 (a u8)",
    );
    refuses_with(
        bin,
        "[[1,,2]]",
        "board 1, line 1, column 5: expected a number 0-255 or `]`, not `,`",
    );
    refuses_with(
        bin,
        "[[1]] [[a]]",
        "board 2, line 1, column 9: expected a number 0-255 or `]`, not `a`",
    );
    refuses_with(bin, "[[1],", "board 1: the input ends inside it");
    refuses_with(
        bin,
        "\u{1b}[2J",
        "board 1, line 1, column 1: expected `[` (a board), not `\\u{1b}`",
    );
}

// ---------------------------------------------------------------- codewars_validator

#[test]
fn codewars_validator_answers_the_kata_examples() {
    let second = "[[5,3,4,6,7,8,9,1,2],[6,7,2,1,9,0,3,4,8],[1,0,0,3,4,2,5,6,0],\
                  [8,5,9,7,6,1,0,2,0],[4,2,6,8,5,3,7,9,1],[7,1,3,9,2,4,8,5,6],\
                  [9,0,1,5,3,7,2,1,4],[2,8,7,4,1,9,6,3,5],[3,0,0,4,8,1,1,7,9]]";
    let input = format!("{}\n{}\n", literal(WIKI_SOLVED), second);
    assert_eq!(output("codewars_validator", input), "true\nfalse\n");
}

#[test]
fn codewars_validator_catches_a_repeat_seen_by_one_kind_of_unit_only() {
    let shifted: String = (0..81)
        .map(|i| (b'1' + ((i / 9 + i % 9) % 9) as u8) as char)
        .collect(); // rows and columns fine, boxes not
    let mut swapped_in_row = cells(WIKI_SOLVED);
    swapped_in_row.swap(0, 1); // row and box fine, columns not
    let mut swapped_in_column = cells(WIKI_SOLVED);
    swapped_in_column.swap(0, 9); // column and box fine, rows not
    let fives = "5".repeat(81); // every row sums to 45
    let input = [
        literal(&shifted),
        literal(&line_of(&swapped_in_row)),
        literal(&line_of(&swapped_in_column)),
        literal(&fives),
    ]
    .join("\n");
    assert_eq!(output("codewars_validator", input), "false\n".repeat(4));
}

#[test]
fn codewars_validator_accepts_seeded_grids_and_refuses_them_with_one_cell_changed() {
    let mut rng = Seeded { state: 7 };
    let mut input = String::new();
    let mut expected = String::new();
    for _ in 0..40 {
        let grid = rng.grid();
        let mut changed = grid.clone();
        let i = rng.below(81);
        // Another digit, a 0 (empty) or a 10 (no digit): never a solution.
        changed[i] = [(grid[i] % 9) + 1, 0, 10][rng.below(3)];
        input.push_str(&format!(
            "{}\n{}\n",
            literal(&line_of(&grid)),
            literal(&line_of(&changed))
        ));
        expected.push_str("true\nfalse\n");
    }
    assert_eq!(output("codewars_validator", input), expected);
}

#[test]
fn codewars_validator_refuses_a_board_of_another_shape_with_its_place() {
    let bin = "codewars_validator";
    refuses_with(
        bin,
        "[[1,2,3,4,5,6,7,8,9],[1,2,3,4,5,6,7,8,9]]",
        "board 1, line 1, column 41: expected 9 rows in a board, found 2",
    );
    refuses_with(
        bin,
        "[\n  [1, 2],\n]",
        "board 1, line 2, column 8: expected 9 numbers in a row, found 2",
    );
    refuses_with(bin, "", "empty input: expected a board [[...], ...]");
}

// ---------------------------------------------------------------- hackerrank_golf

/// `lines` as HackerRank's input: the count, then each board as 9 spaced rows.
fn golf_input(lines: &[String]) -> String {
    let mut input = format!("{}\n", lines.len());
    for l in lines {
        for row in cells(l).chunks(9) {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            input.push_str(&format!("{}\n", row.join(" ")));
        }
    }
    input
}

#[test]
fn hackerrank_golf_completes_the_sparse_sample_boards_keeping_their_givens() {
    // HackerRank's sample: five givens, r2c3 8, r2c8 4, r4c6 6, r7c1 2, r8c7 2.
    let mut sample = vec![b'.'; 81];
    for (i, d) in [(11, b'8'), (16, b'4'), (32, b'6'), (54, b'2'), (69, b'2')] {
        sample[i] = d;
    }
    let sample = String::from_utf8(sample).expect("ASCII");
    let out = output(
        "hackerrank_golf",
        golf_input(&[sample.clone(), sample.clone()]),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 18);
    for board in lines.chunks(9) {
        // Each row: 9 digits, a space after each (spaces at line ends are tolerated).
        assert!(board.iter().all(|r| r.len() == 18 && r.ends_with(' ')));
        assert!(completes(&cells(&sample), &cells(&board.join("\n"))));
    }
}

#[test]
fn hackerrank_golf_reads_a_count_of_two_digits_and_seeded_boards_of_every_density() {
    let mut rng = Seeded { state: 99 };
    let lines: Vec<String> = (0..12)
        .map(|k| line_of(&rng.puzzle(10 + 6 * k)))
        .chain([BRUTE.to_string(), ESCARGOT.to_string()])
        .collect();
    let out = output("hackerrank_golf", golf_input(&lines));
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 9 * lines.len());
    for (l, board) in lines.iter().zip(rows.chunks(9)) {
        assert!(completes(&cells(l), &cells(&board.join("\n"))), "{}", l);
    }
}

#[test]
fn hackerrank_golf_stays_one_line_of_at_most_830_bytes() {
    // The program is the last line (the rest is its header and `#[rustfmt::skip]`), and its
    // length is its score: this fails as soon as it grows.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/bin/hackerrank_golf.rs"
    ))
    .expect("the golf file");
    let code: Vec<&str> = text.lines().filter(|l| !l.starts_with("//")).collect();
    assert_eq!(code.len(), 2, "the attribute and one line of code");
    assert_eq!(code[0], "#[rustfmt::skip]");
    assert!(code[1].len() <= 830, "{} bytes", code[1].len());
}
