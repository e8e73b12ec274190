//! Errors of the judge files quote the input safely: a control character in the input comes
//! out escaped (`\u{1b}`), never as a raw byte a terminal would obey, and a long piece of
//! input is cut to 20 characters.

mod common;

use common::{problems_dir, run_bin};

/// Every judge file and LeetCode harness, by its binary name (its problem folder's name).
const BINS: [&str; 11] = [
    "boj2580",
    "boj2239",
    "js_array",
    "poj3074",
    "poj2676",
    "sudokunique",
    "sudogob",
    "sudoku16",
    "uva989",
    "leetcode37",
    "leetcode36",
];

#[test]
fn every_judge_file_escapes_control_characters_it_quotes_and_cuts_long_text() {
    let hostile = format!("\u{1b}[2J\u{7}{}\n", "y".repeat(40));
    for bin in BINS.iter() {
        let sample = problems_dir().join(bin).join("test").join("sample-1.in");
        let sample = std::fs::read_to_string(&sample).expect("the folder's sample");
        let out = run_bin(bin, format!("{}{}", hostile, sample));
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(1), "{}: {:?}", bin, err);
        assert!(out.stdout.is_empty(), "{}", bin);
        assert!(
            err.ends_with('\n') && err.lines().count() == 1,
            "{}: {:?}",
            bin,
            err
        );
        let line = err.trim_end_matches('\n');
        assert!(
            !line.chars().any(char::is_control),
            "{}: raw control: {:?}",
            bin,
            err
        );
        assert!(
            line.contains("\\u{1b}"),
            "{}: the escape is not shown: {:?}",
            bin,
            err
        );
        assert!(
            !line.contains(&"y".repeat(21)),
            "{}: not cut: {:?}",
            bin,
            err
        );
    }
}
