//! The three paste-ready solvers (`src/bin/boj2580.rs`, `boj2239.rs`,
//! `js_array.rs`) as black boxes: bad input of every kind, edge cases that
//! must be accepted, and a property test over seeded random puzzles checked
//! against a simple independent search written here.

use crate::common;

use common::{
    bin_answers as accepts, bin_refuses as rejects, digit_rows, js_board, run_bin as run, spaced,
    BOJ2239_IN, BOJ2239_OUT, BOJ2580_IN, BOJ2580_OUT, BRUTE, EMPTY_DIGITS, JS_OUT, JS_ROWS,
    SMALLEST, UNSOLVABLE,
};

// ---------------------------------------------------------------- boj2580

#[test]
fn boj2580_sample_gives_the_judges_answer() {
    accepts("boj2580", BOJ2580_IN, BOJ2580_OUT);
}

#[test]
fn boj2580_accepts_crlf_tabs_trailing_spaces_blank_lines_and_no_final_newline() {
    let messy = BOJ2580_IN.replace(' ', " \t").replace('\n', "  \r\n") + "\r\n\r\n";
    accepts("boj2580", messy, BOJ2580_OUT);
    accepts("boj2580", BOJ2580_IN.trim_end(), BOJ2580_OUT);
    accepts("boj2580", format!("\u{feff}{}", BOJ2580_IN), BOJ2580_OUT);
}

#[test]
fn boj2580_complete_grid_comes_back_unchanged() {
    accepts("boj2580", BOJ2580_OUT, BOJ2580_OUT);
}

#[test]
fn boj2580_rejects_empty_input() {
    rejects("boj2580", "", &["empty input"]);
    rejects("boj2580", " \r\n\n\t\n", &["empty input"]);
}

#[test]
fn boj2580_rejects_80_and_82_numbers() {
    rejects(
        "boj2580",
        BOJ2580_IN.trim_end().trim_end_matches('0'),
        &["line 9: 8 numbers; a row is one line of 9"],
    );
    rejects(
        "boj2580",
        format!("{}5\n", BOJ2580_IN),
        &["line 10, column 1", "more than 81"],
    ); // A row is one line: the whole board on one line is refused.
    rejects(
        "boj2580",
        BOJ2580_IN.replace('\n', " "),
        &["line 1: 81 numbers; a row is one line of 9"],
    );
}

#[test]
fn boj2580_rejects_a_letter_ten_and_minus_one_with_their_position() {
    let with = |token: &str| BOJ2580_IN.replacen("0 3 5", &format!("0 3 {}", token), 1);
    rejects("boj2580", with("x"), &["line 1, column 5", "`x`"]);
    rejects("boj2580", with("10"), &["line 1, column 5", "`10`"]);
    rejects("boj2580", with("-1"), &["line 1, column 5", "`-1`"]);
    rejects(
        "boj2580",
        BOJ2580_IN.replacen("7 8 2", "7 8 .", 1),
        &["line 2, column 5", "`.`"],
    );
}

#[test]
fn boj2580_rejects_clashing_givens_naming_both_cells() {
    rejects(
        "boj2580",
        BOJ2580_IN.replacen("0 3 5", "3 3 5", 1),
        &["digit 3", "row 1", "r1c1 and r1c2"],
    );
    let column = BOJ2580_IN.replacen("7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 3 9", 1);
    rejects("boj2580", column, &["digit 3", "column 8", "r2c8 and r3c8"]);
    let boxed = BOJ2580_IN.replacen("7 8 2 1 0 5", "7 8 2 1 4 5", 1);
    rejects("boj2580", boxed, &["digit 4", "box 2", "r1c4 and r2c5"]);
}

#[test]
fn boj2580_rejects_a_puzzle_without_solution() {
    rejects("boj2580", spaced(UNSOLVABLE), &["no solution"]);
}

#[test]
fn boj2580_rejects_input_over_one_mebibyte() {
    rejects("boj2580", "0 ".repeat(600_000), &["larger than 1 MiB"]);
}

#[test]
fn boj2580_rejects_bytes_that_are_not_utf8_with_their_position() {
    let mut bytes = BOJ2580_IN.as_bytes().to_vec();
    bytes[2] = 0xff;
    rejects("boj2580", bytes, &["line 1, column 3"]);
}

// ---------------------------------------------------------------- boj2239

#[test]
fn boj2239_sample_gives_the_judges_answer() {
    accepts("boj2239", BOJ2239_IN, BOJ2239_OUT);
}

#[test]
fn boj2239_all_zero_board_gives_the_smallest_grid() {
    accepts("boj2239", EMPTY_DIGITS, SMALLEST);
    accepts("boj2239", EMPTY_DIGITS.replace('0', "."), SMALLEST);
}

#[test]
fn boj2239_accepts_dots_crlf_trailing_spaces_and_blank_lines() {
    let dotted = BOJ2239_IN.replace('0', ".");
    accepts("boj2239", dotted.clone(), BOJ2239_OUT);
    accepts(
        "boj2239",
        dotted.replace('\n', "\r\n") + "\r\n\r\n",
        BOJ2239_OUT,
    );
    accepts(
        "boj2239",
        BOJ2239_IN.replace('\n', " \r\n") + "\n\n",
        BOJ2239_OUT,
    );
    accepts("boj2239", BOJ2239_IN.trim_end(), BOJ2239_OUT);
    accepts("boj2239", format!("\u{feff}{}", BOJ2239_IN), BOJ2239_OUT);
}

#[test]
fn boj2239_complete_grid_comes_back_unchanged() {
    accepts("boj2239", BOJ2239_OUT, BOJ2239_OUT);
}

#[test]
fn boj2239_rejects_empty_input() {
    rejects("boj2239", "", &["empty input"]);
    rejects("boj2239", "\r\n  \n", &["empty input"]);
}

#[test]
fn boj2239_rejects_a_row_of_8_a_row_of_10_and_a_tenth_line() {
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("002109400", "00210940", 1),
        &["line 2", "8 digits, not 9"],
    );
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("002109400", "0021094000", 1),
        &["line 2", "10 digits, not 9"],
    );
    rejects(
        "boj2239",
        format!("{}123456789\n", BOJ2239_IN),
        &["line 10", "a tenth line"],
    );
    rejects(
        "boj2239",
        BOJ2239_IN.lines().take(8).collect::<Vec<_>>().join("\n"),
        &["input ends after line 8", "expected 9 lines"],
    );
    rejects("boj2239", "1".repeat(80), &["line 1", "80 digits, not 9"]);
    // A row is one line: the whole board on one line is refused too.
    rejects(
        "boj2239",
        BOJ2239_IN.split_whitespace().collect::<String>(),
        &["line 1", "81 digits, not 9"],
    );
}

#[test]
fn boj2239_rejects_a_letter_and_minus_one_with_their_position() {
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("000704000", "000704x00", 1),
        &["line 3, column 7", "`x`"],
    );
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("300502006", "-10502006", 1),
        &["line 4, column 1", "`-`"],
    );
}

#[test]
fn boj2239_rejects_clashing_givens_naming_both_cells() {
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("103000509", "103000501", 1),
        &["digit 1", "row 1", "r1c1 and r1c9"],
    );
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("804000107", "804000507", 1),
        &["digit 5", "column 7", "r1c7 and r9c7"],
    );
    rejects(
        "boj2239",
        BOJ2239_IN.replacen("002109400", "032109400", 1),
        &["digit 3", "box 1", "r1c3 and r2c2"],
    );
}

#[test]
fn boj2239_rejects_a_puzzle_without_solution() {
    rejects("boj2239", digit_rows(UNSOLVABLE), &["no solution"]);
}

#[test]
fn boj2239_rejects_input_over_one_mebibyte() {
    rejects("boj2239", "0".repeat(2 << 20), &["larger than 1 MiB"]);
}

// ---------------------------------------------------------------- js_array

#[test]
fn js_array_example_gives_the_reference_answer() {
    accepts("js_array", js_board(&JS_ROWS), JS_OUT);
}

#[test]
fn js_array_accepts_bare_const_var_leetcode_name_comments_missing_semicolon_and_crlf() {
    let bare = format!("[[{}]]", JS_ROWS.join("],["));
    accepts("js_array", bare.clone(), JS_OUT);
    accepts("js_array", format!("const b=\r\n{} ;\r\n", bare), JS_OUT);
    accepts(
        "js_array",
        format!("// the board\nvar board = {} // done\n\n", bare),
        JS_OUT,
    );
    accepts("js_array", js_board(&JS_ROWS).replace('\n', "\r\n"), JS_OUT);
    accepts("js_array", format!("board = {}", bare), JS_OUT);
}

/// One statement that `js_array` and the kit both accept (`accepted`) or both reject, as
/// `js_array_and_the_kit_agree` checks.
fn js_array_agrees_with_the_kit(name: &str, input: &[u8], accepted: bool) {
    assert_eq!(
        js_array_and_the_kit_agree(name, input),
        accepted,
        "{}: accepted",
        name
    );
}

/// `js_array` and the kit (`sudoku solve --from js --smallest`) both accept `input` and print
/// the same board in the same cell style (which `sudoku check --smallest` accepts), or both
/// reject it (`js_array` with one line on stderr and nothing on stdout). Returns whether they
/// accepted it.
fn js_array_and_the_kit_agree(name: &str, input: &[u8]) -> bool {
    let ours = run("js_array", input);
    let kit = common::sudoku()
        .args(["solve", "--from", "js", "--smallest"])
        .write_stdin(input)
        .output()
        .expect("sudoku runs");
    let why = |out: &std::process::Output| String::from_utf8_lossy(&out.stderr).into_owned();
    let accepted = ours.status.success();
    assert_eq!(
        kit.status.success(),
        accepted,
        "{}: {:?}\njs_array: {}\nsudoku solve: {}",
        name,
        String::from_utf8_lossy(input),
        why(&ours),
        why(&kit)
    );
    if accepted {
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&kit.stdout),
            "{}: the same board in the same style",
            name
        );
        let dir = common::Dir::new(name);
        let (input, output) = (dir.file("in.js", input), dir.file("out.js", &ours.stdout));
        common::sudoku()
            .args(["check", "--smallest", &input, &output])
            .assert()
            .success();
    } else {
        rejects("js_array", input, &[]);
    }
    accepted
}

#[test]
fn js_array_accepts_and_rejects_the_same_statements_as_the_kit() {
    let bare = format!("[[{}]]", JS_ROWS.join("],["));
    let first_row = |row: &str| format!("[[{}],[{}]]", row, JS_ROWS[1..].join("],["));
    let cases = [
        ("bare", bare.clone(), true),
        ("let-and-semicolon", format!("let board = {};", bare), true),
        ("name-only", format!("board = {}", bare), true),
        ("underscore-name", format!("_b1 = {}", bare), true),
        ("keyword-as-name", format!("let let = {}", bare), true),
        (
            "let-name-and-equals-on-lines",
            format!("let b\n=\n{}", bare),
            true,
        ),
        (
            "trailing-commas",
            js_board(&JS_ROWS).replace("1]", "1,]"),
            true,
        ),
        (
            "line-comments",
            format!(
                "// a\n// b\nlet // x\n b = {} // end",
                bare.replacen(',', ",// c\n", 3)
            ),
            true,
        ),
        (
            "number-then-strings",
            first_row("0, \"3\", '.', 2, 6, 0, 7, 0, 1"),
            true,
        ),
        (
            "single-quote-first",
            first_row("'0', \"3\", 0, 2, 6, 0, 7, 0, 1"),
            true,
        ),
        (
            "padded-number",
            first_row("0, 03, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "three-digit-number",
            first_row("0, 005, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "negative-zero",
            first_row("-0, 3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        ("block-comment", format!("/* a */ {}", bare), false),
        (
            "block-comment-in-a-row",
            bare.replacen(',', ",/**/", 1),
            false,
        ),
        ("dollar-name", format!("$b = {}", bare), false),
        ("name-with-a-dash", format!("b-1 = {}", bare), false),
        ("let-digit-name", format!("let 5b = {}", bare), false),
        ("var-without-name", format!("var = {}", bare), false),
        (
            "empty-string",
            first_row("'', 3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "space-in-string",
            first_row("' 0', 3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "accented-string",
            first_row("'é', 3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "quote-in-string",
            first_row("'\"', 3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "slashes-in-string",
            first_row("0, \"//\n3\", 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "quote-then-line-break",
            first_row("0, \"\n3\", 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        ("tabs-crlf", bare.replace(',', ",\t\r\n"), true),
        (
            // The only whitespace of an input is the space, the tab and the
            // line end (README, "Per format").
            "a-form-feed",
            bare.replace(',', ",\x0c"),
            false,
        ),
        (
            "missing-comma-between-cells",
            first_row("0 3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "missing-comma-between-rows",
            bare.replacen("],[", "] [", 1),
            false,
        ),
        (
            "no-commas-at-all",
            js_board(&JS_ROWS).replace(',', " "),
            false,
        ),
        ("two-commas", first_row("0,, 3, 0, 2, 6, 0, 7, 0, 1"), false),
        ("leading-comma", format!("[,{}", &bare[1..]), false),
        ("bare-dot", first_row("., 3, 0, 2, 6, 0, 7, 0, 1"), false),
        (
            "minus-three",
            first_row("0, -3, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        ("plus-three", first_row("0, +3, 0, 2, 6, 0, 7, 0, 1"), false),
        (
            "three-point-zero",
            first_row("0, 3.0, 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "two-character-string",
            first_row("0, \"33\", 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "string-across-lines",
            first_row("0, \"3\n\", 0, 2, 6, 0, 7, 0, 1"),
            false,
        ),
        (
            "block-comment-after-the-board",
            format!("{} /* open", bare),
            false,
        ),
        ("let-without-name", format!("let = {}", bare), false),
        ("name-starting-with-digit", format!("5x = {}", bare), false),
        ("two-semicolons", format!("{};;", bare), false),
        ("no-break-space", bare.replacen(',', ",\u{a0}", 1), false),
        ("array-in-parentheses", format!("({})", bare), false),
        ("byte-order-mark", format!("\u{feff}{}", bare), true),
        (
            "two-byte-order-marks",
            format!("\u{feff}\u{feff}{}", bare),
            false,
        ),
    ];
    for (name, input, accepted) in cases.iter() {
        js_array_agrees_with_the_kit(name, input.as_bytes(), *accepted);
    }
    let not_utf8 = [bare.as_bytes(), b" // \xff\n"].concat();
    js_array_agrees_with_the_kit("not-utf8-in-a-comment", &not_utf8, false);
}

#[test]
fn js_array_quotes_like_the_first_string_cell_even_after_a_number() {
    let mixed = format!(
        "[[0, '3', \"0\", 2, 6, 0, 7, 0, 1],[{}]]",
        JS_ROWS[1..].join("],[")
    );
    let out = run("js_array", mixed);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.starts_with("[\n  ['4', '3', '5', "), "{}", text);
}

#[test]
fn js_array_reads_one_statement_and_rejects_a_second_or_an_end_line() {
    // The kit frames files of many puzzles (statements in a row, an `end` line closing the
    // input); a judge input holds one board, so `js_array` reads nothing after it.
    let two = format!("{}{}", js_board(&JS_ROWS), js_board(&JS_ROWS));
    rejects(
        "js_array",
        two,
        &["line 12, column 1", "end of the input", "`let`"],
    );
    let end = format!("{}end\n", js_board(&JS_ROWS));
    rejects(
        "js_array",
        end,
        &["line 12, column 1", "end of the input", "`end`"],
    );
}

#[test]
fn js_array_leetcode_string_cells_keep_their_quotes() {
    let quoted = |q: &str| {
        let rows: Vec<String> = JS_ROWS
            .iter()
            .map(|r| {
                let cells: Vec<String> = r
                    .split(", ")
                    .map(|c| format!("{}{}{}", q, if c == "0" { "." } else { c }, q))
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    };
    let double: String = JS_OUT
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                format!("\"{}\"", c)
            } else {
                c.to_string()
            }
        })
        .collect();
    accepts("js_array", quoted("\""), &double);
    let out = run("js_array", quoted("'"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.starts_with("[\n  ['4', '3', '5', '2', '6', '9', '7', '8', '1'],\n"),
        "{}",
        text
    );
}

#[test]
fn js_array_rejects_empty_input() {
    rejects("js_array", "", &["empty input"]);
    rejects("js_array", "// nothing here\n  \n", &["empty input"]);
}

#[test]
fn js_array_rejects_unbalanced_brackets() {
    let board = js_board(&JS_ROWS);
    rejects(
        "js_array",
        board.replacen("];", ";", 1),
        &["line 11, column 1", "expected `]`", "not `;`"],
    );
    rejects(
        "js_array",
        board.replacen("];", "];]", 1),
        &["line 11, column 3", "end of the input"],
    );
    rejects("js_array", "[[0, 3, 0", &["input ends early"]);
}

#[test]
fn js_array_rejects_a_row_of_8_and_a_row_of_10() {
    let mut rows = JS_ROWS;
    rows[2] = "1, 9, 0, 0, 0, 4, 5, 0";
    rejects(
        "js_array",
        js_board(&rows),
        &["line 4, column 26", "expected `,`", "not `]`"],
    );
    rows[2] = "1, 9, 0, 0, 0, 4, 5, 0, 0, 0";
    rejects(
        "js_array",
        js_board(&rows),
        &["line 4, column 31", "expected `]`", "not `0`"],
    );
}

#[test]
fn js_array_rejects_ten_minus_one_letters_and_long_strings() {
    let with = |cell: &str| js_board(&JS_ROWS).replacen("[0, 3, 0", &format!("[0, {}, 0", cell), 1);
    rejects(
        "js_array",
        with("10"),
        &["line 2, column 7", "r1c2", "`10`"],
    );
    rejects("js_array", with("-1"), &["line 2, column 7", "`-`"]);
    rejects("js_array", with("x"), &["line 2, column 7", "`x`"]);
    rejects("js_array", with("\"12\""), &["line 2, column 7", "`\"`"]);
    rejects("js_array", with("\"3'"), &["line 2, column 7"]);
}

#[test]
fn js_array_rejects_a_declaration_without_equals_sign() {
    rejects(
        "js_array",
        format!("let board [[{}]]", JS_ROWS.join("],[")),
        &["line 1, column 11", "expected `=`"],
    );
}

#[test]
fn js_array_rejects_clashing_givens_naming_the_second_and_its_unit() {
    let mut rows = JS_ROWS;
    rows[0] = "3, 3, 0, 2, 6, 0, 7, 0, 1";
    rejects(
        "js_array",
        js_board(&rows),
        &["digit 3 repeats in row 1 (r1c1 and r1c2)"],
    );
    rows[0] = "0, 3, 0, 2, 6, 0, 7, 0, 1";
    rows[4] = "0, 3, 0, 0, 0, 0, 0, 0, 0";
    rejects(
        "js_array",
        js_board(&rows),
        &["digit 3 repeats in column 2 (r1c2 and r5c2)"],
    );
}

#[test]
fn js_array_rejects_a_puzzle_without_solution() {
    let rows: Vec<String> = UNSOLVABLE
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|d| (*d as char).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    rejects("js_array", js_board(&rows), &["no solution"]);
}

#[test]
fn js_array_names_where_the_text_is_not_utf8_and_quotes_a_long_word_cut_short() {
    rejects(
        "js_array",
        [b"let b = [[0, ".as_ref(), b"\xff"].concat(),
        &["line 1, column 14: not UTF-8 text"],
    );
    let out = run("js_array", format!("[[{}", "7".repeat(100_000)));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "js_array: line 1, column 3: expected cell r1c1: 0-9 or '0'-'9' or '.', \
         not `77777777777777777777`\n"
    );
}

#[test]
fn js_array_rejects_input_over_one_mebibyte() {
    rejects(
        "js_array",
        format!("{}{}", " ".repeat(2 << 20), js_board(&JS_ROWS)),
        &["larger than 1 MiB"],
    );
}

// ---------------------------------------------------------------- property

/// splitmix64: a small seeded generator, so every failure is reproducible.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random full grid: the pattern grid with digits, rows within bands,
/// bands, columns within stacks and stacks shuffled, maybe transposed.
fn random_grid(rng: &mut Prng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Prng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut lines = Vec::new();
        for b in bands {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            lines.extend(inner.iter().map(|i| b * 3 + i));
        }
        lines
    };
    let (rows, cols, transpose) = (order(rng), order(rng), rng.below(2) == 1);
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (pr, pc) = (rows[r], cols[c]);
            let value = digits[(pr * 3 + pr / 3 + pc) % 9];
            grid[if transpose { c * 9 + r } else { r * 9 + c }] = value;
        }
    }
    grid
}

fn is_completion(puzzle: &[u8; 81], answer: &[u8]) -> bool {
    let unit_ok = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = 0u16;
        for i in cells {
            seen |= 1 << answer[i];
        }
        seen == 0x3fe
    };
    answer.len() == 81
        && (0..81)
            .all(|i| (1..=9).contains(&answer[i]) && (puzzle[i] == 0 || puzzle[i] == answer[i]))
        && (0..9).all(|u| {
            unit_ok(&mut (0..9).map(|p| u * 9 + p))
                && unit_ok(&mut (0..9).map(|p| p * 9 + u))
                && unit_ok(&mut (0..9).map(|p| (u / 3 * 3 + p / 3) * 9 + u % 3 * 3 + p % 3))
        })
}

/// The smallest completion by the plain definition: blanks row-major, digits
/// ascending, the first completion found. Pruning: a later blank of the same
/// row, column or box with no digit left (sound, so the first is still the smallest).
fn smallest_by_row_major_search(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    fn fits(b: &[u8; 81], i: usize, d: u8) -> bool {
        let (r, c) = (i / 9, i % 9);
        (0..9).all(|p| {
            b[r * 9 + p] != d
                && b[p * 9 + c] != d
                && b[(r / 3 * 3 + p / 3) * 9 + c / 3 * 3 + p % 3] != d
        })
    }
    fn go(b: &mut [u8; 81], blanks: &[usize]) -> bool {
        let Some((&i, rest)) = blanks.split_first() else {
            return true;
        };
        for d in 1..=9 {
            if fits(b, i, d) {
                b[i] = d;
                let dead = rest.iter().any(|&j| {
                    let near = j / 9 == i / 9
                        || j % 9 == i % 9
                        || (j / 27 == i / 27 && j % 9 / 3 == i % 9 / 3);
                    near && !(1..=9).any(|e| fits(b, j, e))
                });
                if !dead && go(b, rest) {
                    return true;
                }
                b[i] = 0;
            }
        }
        false
    }
    let mut board = *puzzle;
    let blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    if go(&mut board, &blanks) {
        Some(board)
    } else {
        None
    }
}

fn digits_of(out: &[u8]) -> Vec<u8> {
    out.iter()
        .filter(|b| b.is_ascii_digit())
        .map(|b| b - b'0')
        .collect()
}

#[test]
fn every_answer_to_300_seeded_random_puzzles_is_a_valid_smallest_completion() {
    let mut rng = Prng(0x5eed_2580_2239);
    for case in 0..300 {
        let grid = random_grid(&mut rng);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let blanks = rng.below(82);
        let mut puzzle = grid;
        for &i in &cells[..blanks] {
            puzzle[i] = 0;
        }
        let line: String = puzzle.iter().map(|d| d.to_string()).collect();
        let smallest =
            smallest_by_row_major_search(&puzzle).expect("a blanked grid has a completion");

        let out = run("boj2580", spaced(&line));
        assert!(
            out.status.success(),
            "case {} ({}): boj2580 failed",
            case,
            line
        );
        assert!(
            is_completion(&puzzle, &digits_of(&out.stdout)),
            "case {} ({}): boj2580 answer invalid",
            case,
            line
        );

        let out = run("boj2239", digit_rows(&line));
        assert!(
            out.status.success(),
            "case {} ({}): boj2239 failed",
            case,
            line
        );
        assert_eq!(
            digits_of(&out.stdout),
            smallest.to_vec(),
            "case {} ({}): boj2239",
            case,
            line
        );

        let quote = ["", "\"", "'"][case % 3];
        let rows = common::js_rows(&line, quote);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let out = run("js_array", js_board(&rows));
        assert!(
            out.status.success(),
            "case {} ({}): js_array failed",
            case,
            line
        );
        assert_eq!(
            digits_of(&out.stdout),
            smallest.to_vec(),
            "case {} ({}): js_array",
            case,
            line
        );
        let first_cell = format!("[\n  [{}{}{}, ", quote, smallest[0], quote);
        assert!(
            String::from_utf8_lossy(&out.stdout).starts_with(&first_cell),
            "case {}: js_array quotes",
            case
        );
    }
}

#[test]
fn boj2239_and_boj2580_solve_the_anti_brute_force_puzzle() {
    let out = run("boj2239", digit_rows(BRUTE));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("987654321\n"));
    let out = run("boj2580", spaced(BRUTE));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("9 8 7 6 5 4 3 2 1\n"));
}

/// A random JS statement of `puzzle` in one of the styles users paste: numbers, either quote or
/// both mixed, with or without a head, trailing commas, line breaks and `//` comments.
fn random_statement(rng: &mut Prng, puzzle: &str) -> String {
    let quote = ["", "\"", "'", "mixed"][rng.below(4)];
    let mut rows = Vec::new();
    for r in 0..9 {
        let cells: Vec<String> = puzzle[r * 9..r * 9 + 9]
            .chars()
            .map(|c| {
                let q = if quote == "mixed" {
                    ["", "\"", "'"][rng.below(3)]
                } else {
                    quote
                };
                let c = if q.is_empty() && c == '.' { '0' } else { c };
                format!("{}{}{}", q, c, q)
            })
            .collect();
        let sep = [", ", ",", " ,\n  ", ", // c\n"][rng.below(4)];
        rows.push(format!("[{}{}]", cells.join(sep), ["", ","][rng.below(2)]));
    }
    let head = [
        "",
        "let board = ",
        "const b=",
        "var x_1 =\n",
        "board = ",
        "// hi\nlet b = ",
    ];
    let tail = ["", ";", " ;\n", "\n// end\n"];
    format!(
        "{}[\n  {}{}\n]{}",
        head[rng.below(head.len())],
        rows.join(",\n  "),
        ["", ","][rng.below(2)],
        tail[rng.below(tail.len())]
    )
}

#[test]
fn js_array_and_the_kit_agree_on_160_seeded_mangled_statements() {
    // Valid statements with up to two characters replaced, inserted or deleted, taken from
    // what the rule treats specially: both accept the result with the same answer, or both
    // refuse it. (A search like this found `005` read as a cell by an earlier js_array.)
    let soup = [
        "[", "]", ",", ";", "=", "'", "\"", ".", "0", "5", "-", "$", "_", "/", "/*", "\n", " ",
        "\t", "\r", "let ", "x", "é", "\u{a0}", "05", "005", "1.0", "\"55\"",
    ];
    let mut rng = Prng(0x15_a4a7);
    let (mut accepted, mut refused) = (0, 0);
    for case in 0..160 {
        let grid = random_grid(&mut rng);
        let puzzle: String = grid
            .iter()
            .map(|&d| {
                if rng.below(2) == 0 {
                    '.'
                } else {
                    (b'0' + d) as char
                }
            })
            .collect();
        let mut text: Vec<String> = random_statement(&mut rng, &puzzle)
            .chars()
            .map(String::from)
            .collect();
        for _ in 0..rng.below(3) {
            // Half the time at a cell's digit, where a longer token matters most.
            let digits: Vec<usize> = (0..text.len())
                .filter(|&i| text[i].bytes().all(|b| b.is_ascii_digit()))
                .collect();
            let i = match rng.below(2) {
                0 if !digits.is_empty() => digits[rng.below(digits.len())],
                _ => rng.below(text.len()),
            };
            let bit = soup[rng.below(soup.len())].to_string();
            match rng.below(3) {
                0 => text[i] = bit,
                1 => text.insert(i, bit),
                _ => drop(text.remove(i)),
            }
        }
        let name = format!("mangled-{}", case);
        if js_array_and_the_kit_agree(&name, text.concat().as_bytes()) {
            accepted += 1;
        } else {
            refused += 1;
        }
    }
    assert!(
        accepted >= 20 && refused >= 20,
        "{} accepted, {} refused",
        accepted,
        refused
    );
}
