//! The fast path of `sudoku solve` and `sudoku count` for plain 9×9 lines
//! (81 cells a line) answers exactly as the general reader does: the same
//! stdout, stderr and exit status on inputs that mix plain lines with
//! comments, carriage returns, comment tails, clashing, unsolvable and
//! complete boards, lines cut by the read buffer, and the lines that hand
//! the rest of the input back to the general reader (a bad cell, `end`,
//! bytes that are not UTF-8). `--box 3x3` reads the same boards by the
//! general path, so each run is compared with that one.

use crate::common;

use common::{sudoku, Dir, WIKI, WIKI_SOLVED};

/// A 17-clue puzzle (one solution).
const SEVENTEEN: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
/// Row 1 holds 1 to 8 and column 9 a 9 lower down: no solution, no clash.
const DEAD_END: &str =
    "12345678.........9...............................................................";
/// Two 5s in row 1.
const CLASH: &str =
    "5...5............................................................................";

/// The solved grid with two cells of its first row swapped: complete, but
/// two columns repeat a digit.
fn broken_grid() -> String {
    let mut cells: Vec<char> = WIKI_SOLVED.chars().collect();
    cells.swap(0, 1);
    cells.into_iter().collect()
}

/// Plain lines, enough to fill more than one 64 KiB read buffer (so that
/// some line is cut by its end), with the cases the fast path answers
/// itself sprinkled in.
fn plain_part() -> String {
    let mut text = String::from("# a collection\n\n");
    for k in 0..900 {
        let line = match k % 10 {
            0 => format!("{}\n", WIKI),
            1 => format!("{}\n", WIKI.replace('.', "0")),
            2 => format!("{}\r\n", SEVENTEEN),
            3 => format!("{} {}\n", WIKI, WIKI_SOLVED),
            4 => format!("{}\n", WIKI_SOLVED),
            5 if k % 100 == 5 => format!("{}\n", broken_grid()),
            6 if k % 100 == 6 => format!("{};rated 2\n", CLASH),
            7 if k % 100 == 7 => format!("{}\n", DEAD_END),
            8 => "   # a comment\n\t\n".to_string(),
            _ => format!("{}\n", WIKI),
        };
        text.push_str(&line);
    }
    text
}

/// stdout, stderr and exit status of `sudoku ARGS`.
fn run(args: &[&str]) -> (String, String, i32) {
    let out = sudoku().args(args).output().expect("sudoku runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
        out.status.code().unwrap_or(-1),
    )
}

/// `sudoku CMD FILES` (the fast path) and `sudoku CMD --box 3x3 FILES`
/// (the general one) give the same bytes, on one thread and on two.
fn same_as_general(cmd: &[&str], files: &[&str]) -> (String, String, i32) {
    let fast: Vec<&str> = cmd.iter().chain(files).copied().collect();
    let general: Vec<&str> = cmd
        .iter()
        .chain(&["--box", "3x3"])
        .chain(files)
        .copied()
        .collect();
    let want = run(&general);
    for jobs in ["1", "2"] {
        let mut args = fast.clone();
        args.extend(["-j", jobs]);
        let got = run(&args);
        // Line by line, so that a failure shows the first difference only.
        for (part, (g, w)) in ["stdout", "stderr"]
            .iter()
            .zip([(&got.0, &want.0), (&got.1, &want.1)])
        {
            let first = g.lines().zip(w.lines()).position(|(a, b)| a != b);
            assert_eq!(
                (first, g.lines().count()),
                (None, w.lines().count()),
                "sudoku {:?}, {}: first difference at line {:?}: {:?} against {:?}",
                args,
                part,
                first.map(|k| k + 1),
                first.and_then(|k| g.lines().nth(k)),
                first.and_then(|k| w.lines().nth(k))
            );
        }
        assert_eq!(got, want, "sudoku {:?}", args);
    }
    want
}

#[test]
fn plain_lines_answer_as_the_general_reader_does() {
    let dir = Dir::new("plain");
    let plain = dir.file("plain.txt", plain_part());
    // A bad cell after the first buffer hands the rest to the reader.
    let bad = format!(
        "{}{}x{}\n{}\n{}\n",
        plain_part(),
        &WIKI[..40],
        &WIKI[41..],
        SEVENTEEN,
        &WIKI[1..]
    );
    let bad = dir.file("bad.txt", bad);
    // `end` closes the input; nothing after it is read.
    let ended = dir.file(
        "end.txt",
        format!("{}\n{}\nend\n{}x\n", SEVENTEEN, WIKI, WIKI),
    );
    // A last line without its newline, and one ending in a lone CR.
    let last = dir.file("last.txt", format!("{}\n{}", WIKI, SEVENTEEN));
    let last_cr = dir.file("last_cr.txt", format!("{}\n{}\r", WIKI, SEVENTEEN));
    // Comment and blank lines first, then a count: the reader frames it.
    let counted = dir.file(
        "counted.txt",
        format!("# two\n\n2\n{}\n{}\n", WIKI, SEVENTEEN),
    );
    let files = [&plain, &bad, &ended, &last, &last_cr, &counted];
    for cmd in [
        &["solve"][..],
        &["count"],
        &["solve", "--smallest"],
        &["count", "--limit", "1"],
    ] {
        let (out, err, code) = same_as_general(cmd, &files.map(String::as_str));
        assert_eq!(code, 1, "{:?}: {}", cmd, err);
        assert!(
            err.contains("bad.txt: puzzle 811, line 993, column 41: 'x' is not a digit"),
            "{:?}: {}",
            cmd,
            err
        );
        assert!(!out.is_empty());
    }
    // Each input alone, too (exit 0 where all is well).
    for file in [&ended, &last, &last_cr, &counted] {
        let (_, err, code) = same_as_general(&["solve"], &[file]);
        assert_eq!((code, err.as_str()), (0, ""), "{}", file);
    }
}

#[test]
fn plain_line_errors_name_the_puzzle_and_line() {
    let dir = Dir::new("errors");
    let text = format!(
        "# head\n{}\n{}\n\n{}\n{}\n",
        WIKI,
        CLASH,
        DEAD_END,
        broken_grid()
    );
    let file = dir.file("e.txt", text);
    let (out, err, code) = same_as_general(&["solve"], &[&file]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 1);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{}", err);
    assert!(lines[0].ends_with(
        "e.txt: puzzle 2, line 3: givens clash: digit 5 repeats in row 1 (r1c1 and r1c5)"
    ));
    assert!(lines[1].ends_with("e.txt: puzzle 3, line 5: no solution"));
    assert!(
        lines[2].ends_with(
            "e.txt: puzzle 4, line 6: givens clash: digit 2 repeats in column 1 (r1c1 and r6c1)"
        ) || lines[2].contains("puzzle 4, line 6: givens clash")
    );
    // count: a complete grid has one solution, a broken one none.
    let (out, _, code) = same_as_general(&["count"], &[&file]);
    assert_eq!((out.as_str(), code), ("1\n0\n0\n0\n", 0));
}

#[test]
fn bytes_that_are_not_utf8_after_plain_lines_stop_the_input() {
    let dir = Dir::new("utf8");
    let mut bytes = plain_part().into_bytes();
    let at = bytes.len();
    bytes.extend_from_slice(b"\xff\n");
    let file = dir.file("x.txt", &bytes);
    let (_, err, code) = same_as_general(&["solve"], &[&file]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("not UTF-8 text (byte {} is invalid)", at + 1)),
        "{}",
        err
    );
}
