//! Test data shared by the unit tests (`#[cfg(test)] mod testdata` in
//! `src/lib.rs`) and the integration tests (`tests/common/mod.rs` includes
//! this file by `#[path]`): one copy of each puzzle and answer.
//!
//! Plain `&str` constants and std-only code, so the file compiles in both
//! places. A puzzle used by one test file alone stays in that file, beside
//! its test.

// Every test crate uses only some of these.
#![allow(dead_code)]

/// The 81 cells of a test puzzle written in digits (`0` or `.` blank), row
/// by row; whitespace is skipped, so a line, digit rows and spaced rows all
/// read. Panics on anything else: for test data only, where the library's
/// own parsers are not what is under test.
pub fn cells(text: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    let mut n = 0;
    for ch in text.chars().filter(|c| !c.is_whitespace()) {
        assert!(n < 81, "more than 81 cells in {:?}", text);
        cells[n] = match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => panic!("bad cell {:?} in {:?}", ch, text),
        };
        n += 1;
    }
    assert_eq!(n, 81, "not 81 cells: {:?}", text);
    cells
}

/// BOJ 2580's sample (spaced rows, 0 = blank) and its answer.
pub const BOJ2580_IN: &str = "\
0 3 5 4 6 9 2 7 8
7 8 2 1 0 5 6 0 9
0 6 0 2 7 8 1 3 5
3 2 1 0 4 6 8 9 7
8 0 4 9 1 3 5 0 6
5 9 6 8 2 0 4 1 3
9 1 7 6 5 2 0 8 0
6 0 3 7 0 1 9 5 2
2 5 8 3 9 4 7 6 0
";
pub const BOJ2580_OUT: &str = "\
1 3 5 4 6 9 2 7 8
7 8 2 1 3 5 6 4 9
4 6 9 2 7 8 1 3 5
3 2 1 5 4 6 8 9 7
8 7 4 9 1 3 5 2 6
5 9 6 8 2 7 4 1 3
9 1 7 6 5 2 3 8 4
6 4 3 7 8 1 9 5 2
2 5 8 3 9 4 7 6 1
";

/// BOJ 2580's sample with r2c1, r2c2 and r5c1 blanked too: exactly two
/// solutions (7 8 and 8 7 swap in rows 2 and 5).
pub const TWO_SOLUTIONS: &str = "\
0 3 5 4 6 9 2 7 8
0 0 2 1 0 5 6 0 9
0 6 0 2 7 8 1 3 5
3 2 1 0 4 6 8 9 7
0 0 4 9 1 3 5 0 6
5 9 6 8 2 0 4 1 3
9 1 7 6 5 2 0 8 0
6 0 3 7 0 1 9 5 2
2 5 8 3 9 4 7 6 0
";

/// BOJ 2580's sample with a 3 repeated in row 1 (r1c1 and r1c2).
pub const CLASH: &str = "\
3 3 5 4 6 9 2 7 8
7 8 2 1 0 5 6 0 9
0 6 0 2 7 8 1 3 5
3 2 1 0 4 6 8 9 7
8 0 4 9 1 3 5 0 6
5 9 6 8 2 0 4 1 3
9 1 7 6 5 2 0 8 0
6 0 3 7 0 1 9 5 2
2 5 8 3 9 4 7 6 0
";

/// BOJ 2239's sample (digit rows, 0 = blank) and its answer.
pub const BOJ2239_IN: &str = "\
103000509
002109400
000704000
300502006
060000050
700803004
000401000
009205800
804000107
";
pub const BOJ2239_OUT: &str = "\
143628579
572139468
986754231
391542786
468917352
725863914
237481695
619275843
854396127
";

/// The all-blank grid in digit rows.
pub const EMPTY_DIGITS: &str = "\
000000000
000000000
000000000
000000000
000000000
000000000
000000000
000000000
000000000
";
/// The all-blank grid's lexicographically smallest completion.
pub const SMALLEST: &str = "\
123456789
456789123
789123456
214365897
365897214
897214365
531642978
642978531
978531642
";
/// Another completion of the all-blank grid: [`SMALLEST`] with digits 1
/// and 2 swapped.
pub const NOT_SMALLEST: &str = "\
213456789
456789213
789213456
124365897
365897124
897124365
531642978
642978531
978531642
";

/// The JS example board (LeetCode-style array), row by row.
pub const JS_ROWS: [&str; 9] = [
    "0, 3, 0, 2, 6, 0, 7, 0, 1",
    "6, 8, 0, 0, 7, 0, 0, 9, 0",
    "1, 9, 0, 0, 0, 4, 5, 0, 0",
    "8, 2, 0, 1, 0, 0, 0, 4, 0",
    "0, 0, 4, 6, 0, 2, 9, 0, 0",
    "0, 5, 0, 0, 0, 3, 0, 2, 8",
    "0, 0, 9, 3, 0, 0, 0, 7, 4",
    "0, 4, 0, 0, 5, 0, 0, 3, 6",
    "7, 0, 3, 0, 1, 8, 0, 0, 0",
];
/// The JS example's answer, as `js_array` and `--to js` print it.
pub const JS_OUT: &str = "\
[
  [4, 3, 5, 2, 6, 9, 7, 8, 1],
  [6, 8, 2, 5, 7, 1, 4, 9, 3],
  [1, 9, 7, 8, 3, 4, 5, 6, 2],
  [8, 2, 6, 1, 9, 5, 3, 4, 7],
  [3, 7, 4, 6, 8, 2, 9, 1, 5],
  [9, 5, 1, 7, 4, 3, 6, 2, 8],
  [5, 1, 9, 3, 2, 6, 8, 7, 4],
  [2, 4, 8, 9, 5, 7, 1, 3, 6],
  [7, 6, 3, 4, 1, 8, 2, 5, 9]
]
";

/// Wikipedia's puzzle (also LeetCode 37's example), `line` format, and its
/// solution. Every row holds a given.
pub const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const WIKI_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Project Euler 96, grids 01, 02 and 03 (0 = blank).
pub const EULER_01: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
pub const EULER_02: &str =
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003";
pub const EULER_03: &str =
    "000000907000420180000705026100904000050000040000507009920108000034059000507000000";

/// Built against brute force: no naked single at the start, yet naked and
/// hidden singles solve it. Its solution follows.
pub const BRUTE: &str =
    "000000000000003085001020000000507000004000100090000000500000073002010000000040009";
pub const BRUTE_SOLUTION: &str =
    "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
/// BOJ 2239's answer with r1c1, r5c5 and r9c9 blanked: naked singles only.
pub const SIMPLE: &str =
    "043628579572139468986754231391542786468907352725863914237481695619275843854396120";
/// AI Escargot and Arto Inkala's "world's hardest" puzzle: they need guesses.
pub const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
pub const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// No clash among the givens, and no solution: r1c9 can only be 9, which
/// r2c9 holds.
pub const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
/// r1c1 and r1c2 both need 1 or 2, and columns 1 and 2 hold a 1 lower
/// down: r1c1 takes 2, then r1c2 has no digit left. No solution.
pub const DEAD_END: &str =
    "003456789000000000000000000100000000000000000000000000010000000000000000000000000";
