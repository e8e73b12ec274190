//! `sudoku check` on boards of every size: 4×4, 6×6 in 2×3 and 3×2
//! boxes, 8×8, 12×12, 16×16 in letters and in digits-and-letters, 25×25.
//! Each answer must have its puzzle's size, format and symbols; the
//! messages name cells and values as the board writes them.

use crate::common;

use common::{sudoku, Dir};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `sudoku check FLAGS INPUT - [ANSWER]` with `output` on stdin;
/// asserts the exit code and the one line on stderr (testlib's way; stdout stays empty).
fn judged(flags: &[&str], input: &str, output: &str, answer: Option<&str>, code: i32, line: &str) {
    // Tests run in parallel: each call gets its own directory.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let dir = Dir::new(&format!("call-{}", CALLS.fetch_add(1, Ordering::Relaxed)));
    let mut args: Vec<String> = vec!["check".into()];
    args.extend(flags.iter().map(|s| s.to_string()));
    args.push(dir.file("case.in", input));
    args.push("-".into());
    if let Some(a) = answer {
        args.push(dir.file("case.out", a));
    }
    sudoku()
        .args(&args)
        .write_stdin(output.to_string())
        .assert()
        .code(code)
        .stdout("")
        .stderr(format!("{}\n", line));
}

fn accepted(flags: &[&str], input: &str, output: &str) {
    judged(flags, input, output, None, 0, "accepted");
}

// ------------------------------------------------------------------ 4×4

/// A 4×4 puzzle in digit rows (2×2 boxes, from its 16 cells) with one
/// solution.
const FOUR: &str = ".1..\n3...\n.4..\n1..4\n";
const FOUR_SOLVED: &str = "4132\n3241\n2413\n1324\n";

#[test]
fn four_by_four_completion_is_accepted_under_every_rule() {
    accepted(&[], FOUR, FOUR_SOLVED);
    accepted(&["--smallest"], FOUR, FOUR_SOLVED);
    accepted(&["--answers", "unique"], FOUR, FOUR_SOLVED);
    judged(
        &["--answers", "unique"],
        FOUR,
        FOUR_SOLVED,
        Some(FOUR_SOLVED),
        0,
        "accepted",
    );
    // CRLF, trailing spaces and a missing final newline, as at 9×9.
    accepted(&[], FOUR, "4132 \r\n3241\r\n2413\r\n1324");
}

#[test]
fn four_by_four_clash_and_changed_given_are_wrong_answers() {
    judged(
        &[],
        FOUR,
        "4132\n3241\n2413\n1334\n",
        None,
        1,
        "wrong answer: digit 3 repeats in row 4 (r4c2 and r4c3)",
    );
    judged(
        &[],
        FOUR,
        "4231\n3142\n2413\n1324\n",
        None,
        1,
        "wrong answer: r1c2 is a given 1, the output has 2",
    );
    judged(
        &[],
        FOUR,
        "4132\n3241\n2413\n1024\n",
        None,
        1,
        "wrong answer: r4c2 is left blank",
    );
}

#[test]
fn four_by_four_wrong_size_and_symbols_are_presentation_errors() {
    judged(
        &[],
        FOUR,
        "413\n324\n241\n",
        None,
        2,
        "presentation error: line 1 has 3 cells, expected 4: \"413\" (the answer must be in \
         the digits format)",
    );
    judged(
        &[],
        FOUR,
        "4132\n3241\n2413\n",
        None,
        2,
        "presentation error: the output ends after line 3; the digits format has 4 lines",
    );
    judged(
        &[],
        FOUR,
        "4132\n3241\n2413\n1325\n",
        None,
        2,
        "presentation error: line 4, column 4: expected a digit 1-4 for r4c4, got '5' (the \
         answer must be in the digits format)",
    );
    judged(
        &[],
        FOUR,
        "DACB\nCBDA\nBDAC\nACBD\n",
        None,
        2,
        "presentation error: line 1 has 0 cells, expected 4: \"DACB\" (the answer must be in \
         the digits format)",
    );
}

#[test]
fn four_by_four_line_puzzles_with_box_2x2_counted_and_smallest() {
    // 16 symbols on a line read as a 16x16 row unless told the box.
    let input = "3\n.1..3....4..1..4\n................\n11..............\n";
    let good = "1\n4132324124131324\n288\n0\n";
    judged(
        &["--box", "2x2", "--answers", "count"],
        input,
        good,
        Some(good),
        0,
        "accepted",
    );
    judged(
        &["--box", "2x2", "--answers", "count"],
        input,
        "1\n4132324124131324\n289\n0\n",
        None,
        1,
        "wrong answer: puzzle 2: the puzzle has 288 solutions, got \"289\"",
    );
    let empty = "................\n";
    accepted(&["--box", "2x2", "--smallest"], empty, "1234341221434321\n");
    judged(
        &["--box", "2x2", "--smallest"],
        empty,
        "1234341223414123\n",
        None,
        1,
        "wrong answer: not the smallest completion: r3c2 is 3, the smallest completion has 1",
    );
}

// ------------------------------------------------------------------ 6×6

/// 6×6 in 2×3 boxes (2 rows, 3 columns: what 36 cells give).
const SIX_2X3: &str = "......\n152...\n4.123.\n......\n6...4.\n.3....\n";
const SIX_2X3_SOLVED: &str = "346521\n152463\n461235\n523614\n615342\n234156\n";

/// 6×6 in 3×2 boxes (3 rows, 2 columns: `--box 3x2`).
const SIX_3X2: &str = "......\n.54...\n1...3.\n..5...\n32..1.\n.1....\n";
const SIX_3X2_SOLVED: &str = "431652\n254361\n162534\n645123\n326415\n513246\n";

#[test]
fn six_by_six_in_2x3_boxes_is_the_default_and_3x2_reads_otherwise() {
    accepted(&["--answers", "unique"], SIX_2X3, SIX_2X3_SOLVED);
    // The same givens in 3×2 boxes clash: the case is broken.
    judged(
        &["--box", "3x2"],
        SIX_2X3,
        SIX_2X3_SOLVED,
        None,
        3,
        "judge failure: INPUT: digit 2 repeats in box 2 (r2c3 and r3c4)",
    );
    judged(
        &[],
        SIX_2X3,
        "346521\n152463\n461235\n523641\n615342\n234156\n",
        None,
        1,
        "wrong answer: digit 1 repeats in column 6 (r1c6 and r4c6)",
    );
}

#[test]
fn six_by_six_in_3x2_boxes_needs_box_3x2() {
    accepted(
        &["--box", "3x2", "--answers", "unique"],
        SIX_3X2,
        SIX_3X2_SOLVED,
    );
    accepted(&["--box", "3x2", "--smallest"], SIX_3X2, SIX_3X2_SOLVED);
    judged(
        &[],
        SIX_3X2,
        SIX_3X2_SOLVED,
        None,
        3,
        "judge failure: INPUT has no solution",
    );
    // The first two cells of the last two rows swapped: r5c1 is a given.
    judged(
        &["--box", "3x2"],
        SIX_3X2,
        "431652\n254361\n162534\n645123\n236415\n153246\n",
        None,
        1,
        "wrong answer: r5c1 is a given 3, the output has 2",
    );
    judged(
        &["--box", "3x2"],
        SIX_3X2,
        "431652\n254361\n162534\n645123\n326415\n",
        None,
        2,
        "presentation error: the output ends after line 5; the digits format has 6 lines",
    );
}

// ------------------------------------------------------------ 8×8, 12×12

/// 8×8 in 2×4 boxes, one line of 64 cells.
const EIGHT: &str = "........831...7.4......2.26...5...8..5461....8....3.....684..325";
const EIGHT_SOLVED: &str = "5427816383165274417536823268475127831546165428377532641868417325";

#[test]
fn eight_by_eight_line_puzzle_is_judged() {
    let input = format!("{}\n", EIGHT);
    accepted(
        &["--answers", "unique"],
        &input,
        &format!("{}\n", EIGHT_SOLVED),
    );
    let clash = format!("{}\n", EIGHT_SOLVED.replacen("54278163", "54278136", 1));
    judged(
        &[],
        &input,
        &clash,
        None,
        1,
        "wrong answer: digit 6 repeats in column 8 (r1c8 and r5c8)",
    );
}

/// 12×12 in 3×4 boxes, digits and letters (`A` = 10, `B`, `C` = 12).
const TWELVE: &str = "\
3.CB...1.5..
.A..CB3.47.1
.1725......8
.BA.8.C...4.
.9..A65BC...
...3.4...A..
...7.5.38...
..2.9..6...3
.3B52.841..6
.5.1..B..4.7
2.4.6.....AC
BC.A4.2.....
";
const TWELVE_SOLVED: &str = "\
38CB7241659A
6A59CB384721
4172596A3CB8
5BA683C27149
7914A65BC832
C28314795A6B
1697B5A382C4
842C9716AB53
A3B52C841976
95613ABC2487
27486195B3AC
BC3A48279615
";

#[test]
fn twelve_by_twelve_digits_and_letters_are_judged_in_that_convention() {
    accepted(&["--answers", "unique"], TWELVE, TWELVE_SOLVED);
    // r1c5 (blank) made C, which r1c3 already holds.
    let clash = TWELVE_SOLVED.replacen("38CB7241", "38CBC241", 1);
    judged(
        &[],
        TWELVE,
        &clash,
        None,
        1,
        "wrong answer: symbol C repeats in row 1 (r1c3 and r1c5)",
    );
    judged(
        &[],
        TWELVE,
        &TWELVE_SOLVED.replacen('C', "D", 1),
        None,
        2,
        "presentation error: line 1, column 3: expected a symbol 1-9, A-C for r1c3, got 'D' \
         (the answer must be in the digits format in digits 1-9, A-C)",
    );
}

// ---------------------------------------------------------------- 16×16

/// POJ 3076's sample: 16 rows of letters `A`-`P`, `-` blank.
const SIXTEEN: &str = "\
--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
";
const SIXTEEN_SOLVED: &str = "\
FPAHMJECNLBDKOGI
OJMIANBDPKCGFLHE
LNDKGFOIJEAHMBPC
BGCELKHPOFIMAJDN
MFHBELPOACKJGNID
CILNKDGAHBMOPEFJ
DOGPIHJMFNLECAKB
JEKAFCNBGIDPLHOM
EBOFPMIJDGHLNKCA
NCJDHBAEKMOFIGLP
HMPLCGKFIAENBDJO
AKIGNODLBPJCEFMH
KDEMJIFNCHGAOPBL
GLBCDPMHEONKJIAF
PHNOBALKMJFIDCEG
IAFJOECGLDPBHMNK
";

#[test]
fn sixteen_by_sixteen_letters_like_spoj_sudoku() {
    accepted(&["--answers", "unique"], SIXTEEN, SIXTEEN_SOLVED);
    accepted(&["--smallest"], SIXTEEN, SIXTEEN_SOLVED);
    // SPOJ's count line; POJ's boards to the end: both frame it.
    accepted(
        &["--answers", "unique", "--cases", "count"],
        &format!("1\n{}", SIXTEEN),
        SIXTEEN_SOLVED,
    );
    // Two letters of row 1 swapped: F then repeats in column 2.
    let swapped = SIXTEEN_SOLVED.replacen("FP", "PF", 1);
    judged(
        &[],
        SIXTEEN,
        &swapped,
        None,
        1,
        "wrong answer: symbol F repeats in column 2 (r1c2 and r5c2)",
    );
    judged(
        &["--answers", "unique"],
        SIXTEEN,
        SIXTEEN_SOLVED,
        Some(&swapped),
        3,
        "judge failure: ANSWER does not solve INPUT: symbol F repeats in column 2 (r1c2 and r5c2)",
    );
    // r1c3 is a given A.
    let changed = SIXTEEN_SOLVED.replacen("FPAH", "FPHA", 1);
    judged(
        &[],
        SIXTEEN,
        &changed,
        None,
        1,
        "wrong answer: r1c3 is a given A, the output has H",
    );
}

/// A board in letters written in digits and letters: `A` = 1 becomes
/// `1`, `J` = 10 `A`, `P` = 16 `G`; the blank `-` becomes `.`.
fn in_digits(letters: &str) -> String {
    letters
        .chars()
        .map(|c| match c {
            '-' => '.',
            'A'..='I' => char::from(b'1' + (c as u8 - b'A')),
            'J'..='P' => char::from(b'A' + (c as u8 - b'J')),
            c => c,
        })
        .collect()
}

#[test]
fn sixteen_by_sixteen_in_another_convention_or_size_is_a_presentation_error() {
    // The same solution in digits and letters.
    let digits = in_digits(SIXTEEN_SOLVED);
    judged(
        &[],
        SIXTEEN,
        &digits,
        None,
        2,
        "presentation error: line 1, column 1: expected a letter A-P for r1c1, got '6' (the \
         answer must be in the digits format in letters A-P)",
    );
    judged(
        &[],
        SIXTEEN,
        FOUR_SOLVED,
        None,
        2,
        "presentation error: line 1 has 4 cells, expected 16: \"4132\" (the answer must be in \
         the digits format in letters A-P)",
    );
    // The puzzle itself in digits and letters wants its answer so too.
    let digits_puzzle = in_digits(SIXTEEN);
    accepted(&["--answers", "unique"], &digits_puzzle, &digits);
    judged(
        &[],
        &digits_puzzle,
        SIXTEEN_SOLVED,
        None,
        2,
        "presentation error: line 1, column 2: expected a symbol 1-9, A-G for r1c2, got 'P' \
         (the answer must be in the digits format in digits 1-9, A-G)",
    );
}

#[test]
fn sixteen_by_sixteen_in_spaced_and_js_numbers_and_in_the_kattis_convention() {
    let spaced: String = SIXTEEN_SOLVED
        .lines()
        .map(|row| {
            let numbers: Vec<String> = row.bytes().map(|b| (b - b'A' + 1).to_string()).collect();
            numbers.join(" ") + "\n"
        })
        .collect();
    accepted(&["--format", "spaced"], SIXTEEN, &spaced);
    judged(
        &["--format", "spaced"],
        SIXTEEN,
        &spaced.replacen("6 16", "16 6", 1),
        None,
        1,
        "wrong answer: value 6 repeats in column 2 (r1c2 and r5c2)",
    );
    // JS number cells of one or two digits.
    let rows: Vec<String> = spaced
        .lines()
        .map(|row| format!("  [{}]", row.replace(' ', ", ")))
        .collect();
    let js = format!("[\n{}\n]\n", rows.join(",\n"));
    accepted(&["--format", "js"], SIXTEEN, &js);
    judged(
        &["--format", "js"],
        SIXTEEN,
        &js.replacen("[6, 16,", "[6, 17,", 1),
        None,
        2,
        "presentation error: line 2, column 7: expected a number 1-16 for r1c2, got '1' (the \
         answer must be in the js format)",
    );
    // Kattis: OUTPUT on stdin, the verdict in FEEDBACK_DIR.
    let dir = Dir::new("sizes-kattis");
    let feedback = dir.path().join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    sudoku()
        .args(["check", "--kattis", "--answers", "unique"])
        .arg(dir.file("case.in", SIXTEEN))
        .arg(dir.file("case.ans", SIXTEEN_SOLVED))
        .arg(&feedback)
        .write_stdin(SIXTEEN_SOLVED)
        .assert()
        .code(42);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert_eq!(message, "accepted\n");
}

// ---------------------------------------------------------------- 25×25

/// A 25×25 grid by the pattern (5×5 boxes), with every fourth cell
/// blanked: one line of digits and letters (`1-9A-P`, `.` blank).
fn twenty_five() -> (String, String) {
    let symbol = |v: usize| char::from(b"123456789ABCDEFGHIJKLMNOP"[v]);
    let value = |r: usize, c: usize| (5 * (r % 5) + r / 5 + c) % 25;
    let solved: String = (0..625).map(|i| symbol(value(i / 25, i % 25))).collect();
    let puzzle: String = solved
        .chars()
        .enumerate()
        .map(|(i, ch)| if i % 4 == 1 { '.' } else { ch })
        .collect();
    (puzzle + "\n", solved + "\n")
}

#[test]
fn twenty_five_by_twenty_five_is_judged() {
    let (puzzle, solved) = twenty_five();
    accepted(&[], &puzzle, &solved);
    // Cell 2 (r1c2, blank) made P, which r1c25 holds.
    let clash = format!("{}P{}", &solved[..1], &solved[2..]);
    judged(
        &[],
        &puzzle,
        &clash,
        None,
        1,
        "wrong answer: symbol P repeats in row 1 (r1c2 and r1c25)",
    );
}
