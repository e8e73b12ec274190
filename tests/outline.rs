//! The judge files follow one outline (README, "Reading a judge file"): the header's parts
//! in order, the top-level items in the shared order with the shared names, named fields
//! instead of tuples, std only, no speed figures in headers. Every catalog file is read
//! here, so that none drifts from the others.

use std::fs;

/// The judge files in `src/bin/` (the LeetCode harnesses are checked apart).
const JUDGE_FILES: [&str; 13] = [
    "boj2580",
    "boj2239",
    "js_array",
    "poj3074",
    "poj2676",
    "sudokunique",
    "sudogob",
    "sudoku16",
    "uva989",
    "poj3435",
    "sudokuverify",
    "boj1840",
    "hdu3909",
];

/// The judge files that check a position and search nothing (POJ 3435, Kattis Sudoku
/// Verify): the outline without `undo` and `search`, which they must not define either (a
/// checker that searches is not one).
const CHECKERS: [&str; 2] = ["poj3435", "sudokuverify"];

/// The names a checker leaves out.
const NOT_IN_CHECKERS: [&str; 2] = ["undo", "search"];

/// Every top-level name a judge file may define, in the order the outline puts them:
/// constants, reading, the board and its units, place and undo, search, solve, writing.
const VOCABULARY: [&str; 28] = [
    "LIMIT",
    "ALL",
    "MOST",
    "text_of",
    "shown",
    "Token",
    "tokens",
    "Case",
    "Move",
    "parse",
    "Board",
    "box_of",
    "units_of",
    "units",
    "used",
    "place",
    "undo",
    "candidates",
    "Places",
    "add_place",
    "Found",
    "Branch",
    "sees",
    "search",
    "choose",
    "solve",
    "render",
    "main",
];

/// The names every judge file defines.
const REQUIRED: [&str; 12] = [
    "LIMIT",
    "text_of",
    "shown",
    "parse",
    "Board",
    "place",
    "undo",
    "candidates",
    "search",
    "solve",
    "render",
    "main",
];

/// The parts of a header, in order, each starting a line.
const HEADER: [&str; 7] = [
    "Problem:",
    "Input:",
    "Output:",
    "Answer:",
    "Method:",
    "Improves on:",
    "Errors:",
];

fn read(path: &str) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path, e))
}

/// The names of the top-level `const`, `struct` and `fn` items, in file order.
fn top_level_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in text.lines() {
        for keyword in ["const ", "struct ", "fn "] {
            if let Some(rest) = line.strip_prefix(keyword) {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                names.push(rest[..end].to_string());
            }
        }
    }
    names
}

/// What is wrong with the outline of a judge file's text, one line each ("" when nothing).
fn outline_faults(text: &str) -> Vec<String> {
    outline_faults_of(text, false)
}

/// [`outline_faults`] for a solver, or (`checker`) for a file that checks a position and
/// searches nothing: it leaves out `undo` and `search`, and must not define them.
fn outline_faults_of(text: &str, checker: bool) -> Vec<String> {
    let mut faults = Vec::new();
    // The header: its parts in order, and no speed figure.
    let header: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim())
        .collect();
    let mut at = 0;
    for part in HEADER.iter() {
        match header[at..].iter().position(|l| l.starts_with(part)) {
            Some(k) => at += k + 1,
            None => faults.push(format!(
                "the header lacks `{}` (or has it out of order)",
                part
            )),
        }
    }
    for line in header.iter() {
        if speed_figure(line) {
            faults.push(format!("a speed figure in the header: {}", line));
        }
    }
    // The items: known names only, in the shared order, the required ones all there.
    let names = top_level_names(text);
    let mut last = 0;
    for name in names.iter() {
        match VOCABULARY.iter().position(|v| v == name) {
            None => faults.push(format!("`{}` is not a name of the outline", name)),
            Some(k) if k < last => faults.push(format!("`{}` is out of the outline's order", name)),
            Some(k) => last = k,
        }
    }
    for name in REQUIRED.iter() {
        let defined = names.iter().any(|n| n == name);
        let left_out = checker && NOT_IN_CHECKERS.contains(name);
        if left_out && defined {
            faults.push(format!("`{}` in a checker, which searches nothing", name));
        }
        if !left_out && !defined {
            faults.push(format!("`{}` is missing", name));
        }
    }
    // Named fields, std only, no module of the kit.
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("struct ") && code.contains('(') {
            faults.push(format!("a tuple struct: {}", code));
        }
        if code.contains(": (") && !code.starts_with("//") && !code.starts_with("let ") {
            faults.push(format!("a tuple-typed field or argument: {}", code));
        }
        if code.starts_with("use ") && !code.starts_with("use std::") {
            faults.push(format!("a `use` outside std: {}", code));
        }
        if code.starts_with("mod ") || code.starts_with("extern crate") {
            faults.push(format!("not standalone: {}", code));
        }
    }
    faults
}

/// Whether a header line quotes a time: a number followed by ms, µs or ns.
fn speed_figure(line: &str) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .collect();
    words.windows(2).any(|w| {
        let number = w[0].starts_with(|c: char| c.is_ascii_digit());
        number && ["ms", "µs", "ns"].contains(&w[1].trim_end_matches(|c: char| !c.is_alphabetic()))
    }) || words.iter().any(|w| {
        let digits = w.trim_end_matches(|c: char| c.is_alphabetic());
        !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
            && ["ms", "µs", "ns"].contains(&&w[digits.len()..])
    })
}

#[test]
fn every_judge_file_follows_the_outline() {
    for name in JUDGE_FILES.iter() {
        let text = read(&format!("src/bin/{}.rs", name));
        let faults = outline_faults_of(&text, CHECKERS.contains(name));
        assert!(faults.is_empty(), "{}.rs:\n  {}", name, faults.join("\n  "));
    }
}

#[test]
fn every_judge_file_places_and_undoes_with_the_same_lines() {
    // The 9x9 files share the board's functions word for word (uva989, sudoku16, poj3435
    // and hdu3909 have their own sizes, so only their signatures are shared; the checkers
    // keep no cells and take nothing back).
    let nine = [
        "boj2580",
        "boj2239",
        "js_array",
        "poj3074",
        "poj2676",
        "sudokunique",
        "sudogob",
        "boj1840",
    ];
    let body = |text: &str, name: &str| {
        let start = text.find(&format!("fn {}(", name)).expect("the function");
        let end = start + text[start..].find("\n}\n").expect("its end");
        text[start..end].to_string()
    };
    let first = read("src/bin/boj2580.rs");
    for name in nine.iter() {
        let text = read(&format!("src/bin/{}.rs", name));
        for f in ["box_of", "place", "undo", "candidates"] {
            assert_eq!(body(&text, f), body(&first, f), "{}.rs: `{}`", name, f);
        }
    }
    for name in JUDGE_FILES.iter() {
        let text = read(&format!("src/bin/{}.rs", name));
        assert!(
            text.contains("fn place(board: &mut Board, i: usize, d: u8)"),
            "{}",
            name
        );
        assert_eq!(
            text.contains("fn undo(board: &mut Board, i: usize, d: u8)"),
            !CHECKERS.contains(name),
            "{}",
            name
        );
    }
}

#[test]
fn the_outline_check_finds_a_drifted_file() {
    let good = read("src/bin/boj2580.rs");
    assert!(outline_faults(&good).is_empty());
    let renamed = good
        .replace("fn place(", "fn flip(")
        .replace("place(board", "flip(board");
    assert!(outline_faults(&renamed)
        .iter()
        .any(|f| f.contains("`flip`")));
    let tuple = good.replace("struct Found {", "struct Pair(usize, u8);\nstruct Found {");
    assert!(outline_faults(&tuple)
        .iter()
        .any(|f| f.contains("tuple struct")));
    let timed = good.replace("//! Answer:", "//! Answer: 8.5 ms on hard1;");
    assert!(outline_faults(&timed)
        .iter()
        .any(|f| f.contains("speed figure")));
    let moved = good.replace("fn render(", "fn zz_render(");
    assert!(outline_faults(&moved)
        .iter()
        .any(|f| f.contains("`render` is missing")));
    let kit = good.replace("use std::io", "use sudoku_kit::board;\nuse std::io");
    assert!(outline_faults(&kit)
        .iter()
        .any(|f| f.contains("outside std")));
    // A checker leaves out `undo` and `search`; a solver may not, a checker may not keep them.
    let checker = read("src/bin/sudokuverify.rs");
    assert!(outline_faults_of(&checker, true).is_empty());
    assert!(outline_faults(&checker)
        .iter()
        .any(|f| f.contains("`search` is missing")));
    assert!(outline_faults_of(&good, true)
        .iter()
        .any(|f| f.contains("`search` in a checker")));
}

#[test]
fn the_leetcode_files_follow_the_outline_without_main() {
    // The pasted files: the header's parts, then the board, then `impl Solution` with the
    // entry point first and the shared names after it.
    let solver = read("src/leetcode/solve_sudoku.rs");
    let names = [
        "struct Board",
        "impl Solution",
        "pub fn solve_sudoku(",
        "fn box_of(",
        "fn units(",
        "fn place(",
        "fn undo(",
        "fn candidates(",
        "fn search(",
    ];
    let mut at = 0;
    for name in names.iter() {
        let found = solver[at..].find(name);
        assert!(
            found.is_some(),
            "solve_sudoku.rs: `{}` missing or out of order",
            name
        );
        at += found.unwrap_or(0);
    }
    for path in [
        "src/leetcode/solve_sudoku.rs",
        "src/leetcode/is_valid_sudoku.rs",
    ] {
        let text = read(path);
        let mut at = 0;
        for part in HEADER.iter().take(6) {
            let found = text[at..].find(&format!("// {}", part));
            assert!(found.is_some(), "{}: the header lacks `{}`", path, part);
            at += found.unwrap_or(0);
        }
        assert!(!text.contains("fn main"), "{}", path);
    }
    // The harnesses: reading and writing as in every judge file, the pasted file included.
    for (name, required) in [
        (
            "leetcode37",
            &[
                "LIMIT", "Solution", "text_of", "shown", "parse", "render", "main",
            ][..],
        ),
        (
            "leetcode36",
            &["LIMIT", "Solution", "text_of", "shown", "parse", "main"][..],
        ),
    ] {
        let text = read(&format!("src/bin/{}.rs", name));
        let names = top_level_names(&text);
        assert_eq!(names, required, "{}.rs", name);
        assert!(text.contains("include!(\"../leetcode/"), "{}.rs", name);
    }
}
