//! Errors of the judge files quote the input safely: a control character in the input comes
//! out escaped (`\u{1b}`), never as a raw byte a terminal would obey, and a long piece of
//! input is cut to 20 characters.

use crate::common;

use common::{conf_binary, problem_folders, run_bin};

/// The one judge file exempt: the HackerRank code golf, scored by its length, writes no
/// error line (tests/outline.rs names the same exemption).
const EXEMPT_GOLF: &str = "hackerrank_golf";

#[test]
fn every_judge_file_escapes_control_characters_it_quotes_and_cuts_long_text() {
    let hostile = format!("\u{1b}[2J\u{7}{}\n", "y".repeat(40));
    // Every folder's judge file (the harnesses of the function files among them), but the
    // golf file.
    let mut checked = 0;
    for dir in problem_folders() {
        let bin = &conf_binary(&dir);
        if bin == EXEMPT_GOLF {
            continue;
        }
        checked += 1;
        let sample = dir.join("test").join("sample-1.in");
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
    assert!(
        checked + 1 >= problem_folders().len() && checked > 20,
        "{} files",
        checked
    );
}
