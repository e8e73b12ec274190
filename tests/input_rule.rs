//! The one input rule (README, "One input rule"), tested on every problem
//! folder: its judge file, `sudoku check --conf` and `sudoku solve` read
//! the same variants of the folder's first sample the same way.
//!
//! - one byte-order mark at the start is skipped; a second is a stray
//!   character;
//! - a line ends with LF or CR LF (the last line may lack its LF, and may
//!   end in a lone CR); a CR anywhere else is an error naming its line and
//!   column;
//! - after the T boards of a count, only blank lines may follow; after a
//!   line `end`, nothing is read; text after the one board of a one-board
//!   problem is an error.

use crate::common;

use common::{case_inputs, conf_binary, problem_folders, run_bin, sudoku};
use std::path::{Path, PathBuf};

/// The one judge file exempt from the input rule: the HackerRank code golf, scored by its
/// length, reads numbers and nothing else (tests/outline.rs names the same exemption). Its
/// folder's variants are still read by `sudoku check` and `sudoku solve`.
const EXEMPT_GOLF: &str = "hackerrank_golf";

/// The one folder with no input to vary: Baekjoon 12095 is output-only (its file refuses
/// any text but blank lines, which tests/output_only.rs checks), so there is no puzzle for
/// the rule to read.
const NO_INPUT: &str = "boj12095";

/// A variant of a sample input and whether the rule accepts it.
struct Variant {
    name: &'static str,
    bytes: Vec<u8>,
    accepted: bool,
    /// What the error names, when refused (empty: any one-line error).
    needle: &'static str,
}

/// The value of `key` in a folder's `judge.conf`, if it has one.
fn conf_value(dir: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("judge.conf")).expect("readable judge.conf");
    text.lines().find_map(|line| {
        let line = line.split('#').next().unwrap_or("");
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().to_string())
    })
}

/// Every variant of `sample` (LF line ends, ending in a newline) that the
/// rule decides, for a folder framed by `cases`.
fn variants(sample: &[u8], cases: Option<&str>) -> Vec<Variant> {
    let text = String::from_utf8(sample.to_vec()).expect("UTF-8 sample");
    assert!(text.ends_with('\n') && !text.contains('\r'), "LF sample");
    let body = text.trim_end_matches('\n');
    let with = |prefix: &str, suffix: &str| format!("{}{}{}", prefix, body, suffix).into_bytes();
    let first_line_end = body.find('\n').unwrap_or(body.len());
    let mut lone_cr = body.to_string();
    lone_cr.insert(first_line_end, '\r');
    lone_cr.insert(first_line_end + 1, ' ');
    let mut v = vec![
        Variant {
            name: "as published",
            bytes: text.clone().into_bytes(),
            accepted: true,
            needle: "",
        },
        Variant {
            name: "one byte-order mark",
            bytes: with("\u{feff}", "\n"),
            accepted: true,
            needle: "",
        },
        Variant {
            name: "CRLF line ends",
            bytes: text.replace('\n', "\r\n").into_bytes(),
            accepted: true,
            needle: "",
        },
        Variant {
            name: "CRLF, the last line without its LF",
            bytes: with("", "").iter().fold(Vec::new(), |mut out, &b| {
                if b == b'\n' {
                    out.push(b'\r');
                }
                out.push(b);
                out
            }),
            accepted: true,
            needle: "",
        },
        Variant {
            name: "a lone CR ending the last line",
            bytes: with("", "\r"),
            accepted: true,
            needle: "",
        },
        Variant {
            name: "blank lines after the input",
            bytes: with("", "\n\n \n\t\n"),
            accepted: true,
            needle: "",
        },
        Variant {
            name: "two byte-order marks",
            bytes: with("\u{feff}\u{feff}", "\n"),
            accepted: false,
            needle: "line 1",
        },
        Variant {
            name: "a CR inside the first line",
            bytes: format!("{}\n", lone_cr).into_bytes(),
            accepted: false,
            needle: "carriage return",
        },
        Variant {
            name: "two CRs ending the last line",
            bytes: with("", "\r\r"),
            accepted: false,
            needle: "carriage return",
        },
    ];
    let after_end = cases == Some("end");
    v.push(Variant {
        name: "text after the input",
        bytes: with("", "\ngarbage xyz\n"),
        // Only a line `end` closes an input before its text ends.
        accepted: after_end,
        needle: "",
    });
    v
}

/// What one reader made of a variant: accepted, or its one stderr line.
fn verdict(out: &std::process::Output) -> Result<(), String> {
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Checks one reader's verdict on `v` against the rule.
fn expect(reader: &str, v: &Variant, got: Result<(), String>, failures: &mut Vec<String>) {
    match (v.accepted, got) {
        (true, Ok(())) => {}
        (false, Err(line)) if line.lines().count() == 1 && line.contains(v.needle) => {}
        (want, got) => failures.push(format!(
            "{}: {}: expected {}, got {:?}",
            reader,
            v.name,
            if want { "accepted" } else { "one error line" },
            got
        )),
    }
}

/// `sudoku solve -j 1` on `input` with the folder's `judge.conf` reading
/// keys as flags (`from`, or else `format`, → `--from`; `cases`, `box`,
/// `symbols`, `blank`, `separator`).
fn solve(dir: &Path, input: &Path) -> std::process::Output {
    let mut solve = sudoku();
    solve.args(["solve", "-j", "1"]);
    if let Some(from) = conf_value(dir, "from").or_else(|| conf_value(dir, "format")) {
        solve.arg("--from").arg(from);
    }
    for (key, flag) in [
        ("cases", "--cases"),
        ("box", "--box"),
        ("symbols", "--symbols"),
        ("blank", "--blank"),
        ("separator", "--separator"),
    ] {
        if let Some(value) = conf_value(dir, key) {
            solve.arg(flag).arg(value);
        }
    }
    solve.arg(input).output().expect("sudoku solve runs")
}

#[test]
fn every_judge_file_and_the_kit_read_by_the_one_input_rule() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in problem_folders() {
        let sample: PathBuf = case_inputs(&dir)
            .into_iter()
            .find(|p| p.file_name().is_some_and(|n| n == "sample-1.in"))
            .unwrap_or_else(|| panic!("{}: no test/sample-1.in", dir.display()));
        let answer = sample.with_extension("out");
        let bin = conf_binary(&dir);
        if bin == NO_INPUT {
            continue;
        }
        let cases = conf_value(&dir, "cases");
        let exact = conf_value(&dir, "answers").as_deref() == Some("exact");
        let bytes = std::fs::read(&sample).expect("readable sample");
        let tmp = common::Dir::new(&bin);
        // Some published inputs hold a puzzle with no solution, which
        // `solve` reports: a variant the rule accepts must do the same.
        let published = solve(&dir, &sample);
        let bin_published = run_bin(&bin, std::fs::read(&sample).expect("readable sample"));
        for v in variants(&bytes, cases.as_deref()) {
            let input = PathBuf::from(tmp.file("variant.in", &v.bytes));
            if bin != EXEMPT_GOLF {
                let out = run_bin(&bin, v.bytes.clone());
                if v.accepted && out.status.success() && out.stdout != bin_published.stdout {
                    failures.push(format!(
                        "{}: {}: another answer than on the sample",
                        bin, v.name
                    ));
                }
                expect(&bin, &v, verdict(&out), &mut failures);
            }
            if exact {
                // `answers = exact`: the kit compares the output with the
                // jury's file and reads no input (LeetCode's literals).
                continue;
            }
            let check = sudoku()
                .arg("check")
                .arg("--conf")
                .arg(dir.join("judge.conf"))
                .arg(&input)
                .arg(&answer)
                .output()
                .expect("sudoku check runs");
            let check_verdict = match check.status.code() {
                Some(0) => Ok(()),
                // A judge failure: INPUT is malformed.
                // (the verdict's line, on stdout or, testlib's way, stderr).
                Some(3) => Err(String::from_utf8_lossy(if check.stdout.is_empty() {
                    &check.stderr
                } else {
                    &check.stdout
                })
                .into_owned()),
                code => Err(format!("exit {:?}: not an INPUT verdict", code)),
            };
            expect(
                &format!("sudoku check --conf ({})", bin),
                &v,
                check_verdict,
                &mut failures,
            );
            let solved = solve(&dir, &input);
            let same_as_published = solved.status.code() == published.status.code()
                && solved.stdout == published.stdout;
            let stderr = String::from_utf8_lossy(&solved.stderr).into_owned();
            let solve_ok = if v.accepted {
                same_as_published
            } else {
                !solved.status.success()
                    && stderr.contains(v.needle)
                    && solved.stderr != published.stderr
            };
            if !solve_ok {
                failures.push(format!(
                    "sudoku solve ({}): {}: expected {}, got exit {:?}: {}",
                    bin,
                    v.name,
                    if v.accepted {
                        "what the published input gives"
                    } else {
                        "an error"
                    },
                    solved.status.code(),
                    stderr
                ));
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {} variants checked", checked);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The control characters a message could carry: C0 but LF (a CR has its
/// own error), DEL, C1, and the line and paragraph separators.
fn control_chars() -> Vec<char> {
    let mut all: Vec<char> = (0u8..0x20)
        .filter(|&b| b != b'\n')
        .map(char::from)
        .collect();
    all.extend([
        '\u{7f}', '\u{80}', '\u{85}', '\u{9b}', '\u{2028}', '\u{2029}',
    ]);
    all
}

/// True when `stderr` is lines of text with no control character.
fn clean(stderr: &[u8]) -> bool {
    let text = String::from_utf8_lossy(stderr);
    text.split('\n').all(|line| {
        !line
            .chars()
            .any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}')
    })
}

/// What shows `c` raw in a message: every reader, the layouts, check's texts.
fn raw_control_messages(c: char, dir: &common::Dir) -> Vec<String> {
    const DOTS: &str =
        ".................................................................................";
    let walls = "149 18 113 212 83 25 54 151 56\n";
    let killer_rows = "56..1..2. aabbccdde\n";
    // (what, the command's arguments, the text with `@` where the
    // character goes): every reader, the layouts, check's three texts.
    let cases: Vec<(&str, Vec<&str>, String)> = vec![
        ("auto", vec!["solve"], "@5 3 0\n".to_string()),
        (
            "spaced",
            vec!["solve", "--from", "spaced"],
            "5 3@0\n".into(),
        ),
        (
            "spaced tail",
            vec!["solve", "--from", "spaced"],
            "5 3 0@\n".into(),
        ),
        (
            "line",
            vec!["solve", "--from", "line"],
            format!("@{}\n", &DOTS[1..]),
        ),
        (
            "digits",
            vec!["solve", "--from", "digits"],
            "53..7...@\n".into(),
        ),
        ("js", vec!["solve", "--from", "js"], "[[@5,3]]\n".into()),
        (
            "euler",
            vec!["solve", "--from", "euler"],
            "Grid 01@\n".into(),
        ),
        (
            "walls",
            vec!["solve", "--from", "walls"],
            format!("@{}", walls),
        ),
        (
            "walls mid",
            vec!["solve", "--from", "walls"],
            format!("149 1@8{}", &walls[6..]),
        ),
        (
            "killer",
            vec!["solve", "--from", "killer"],
            format!("@{}", killer_rows),
        ),
        (
            "killer marks",
            vec!["solve", "--from", "killer"],
            "56..1..2. aab@ccdde\n".into(),
        ),
        ("count", vec!["solve", "--cases", "count"], "1@\n".into()),
        ("size", vec!["solve", "--cases", "size"], "3@\n".into()),
    ];
    let mut failures = Vec::new();
    {
        let ch = c.to_string();
        for (what, args, text) in &cases {
            let input = text.replace('@', &ch);
            let out = sudoku()
                .args(args)
                .write_stdin(input.clone())
                .output()
                .unwrap();
            if !clean(&out.stderr) {
                failures.push(format!(
                    "{} {:?}: {:?}",
                    what,
                    c,
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
        // The layouts, given as text and as @FILE.
        let regions = format!("@{}", &"A".repeat(81)[1..]);
        let cages = format!("{} a=12 @=3", "a".repeat(81));
        for (flag, layout) in [("--regions", &regions), ("--cages", &cages)] {
            let layout = layout.replace('@', &ch);
            let file = format!("@{}", dir.file("layout.txt", &layout));
            for given in [&layout, &file] {
                if given.contains('\0') {
                    continue; // no argument holds a NUL; the file does
                }
                let out = sudoku()
                    .args(["solve", flag, given])
                    .write_stdin(format!("{}\n", DOTS))
                    .output()
                    .unwrap();
                if !clean(&out.stderr) {
                    failures.push(format!(
                        "{} {:?}: {:?}",
                        flag,
                        c,
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
            }
        }
        // check: INPUT, OUTPUT, ANSWER and judge.conf.
        let good_in = dir.file("good.in", format!("{}\n", common::WIKI));
        let good_out = dir.file("good.out", format!("{}\n", common::WIKI_SOLVED));
        let bad_in = dir.file("bad.in", format!("{}{}\n", &common::WIKI[..80], ch));
        let bad_out = dir.file("bad.out", format!("{}{}\n", &common::WIKI_SOLVED[..80], ch));
        let conf = dir.file("judge.conf", format!("answers = any{}\n", ch));
        for args in [
            vec![bad_in.as_str(), good_out.as_str()],
            vec![good_in.as_str(), bad_out.as_str()],
            vec![good_in.as_str(), good_out.as_str(), bad_out.as_str()],
            vec!["--conf", conf.as_str(), good_in.as_str(), good_out.as_str()],
        ] {
            let out = sudoku().arg("check").args(&args).output().unwrap();
            if !clean(&out.stderr) {
                failures.push(format!(
                    "check {:?}: {:?}",
                    c,
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    failures
}

#[test]
fn no_message_shows_a_raw_control_character() {
    let chars = control_chars();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = chars
            .chunks(chars.len() / 4 + 1)
            .enumerate()
            .map(|(k, chunk)| {
                scope.spawn(move || {
                    let dir = common::Dir::new(&format!("controls-{}", k));
                    let mut found = Vec::new();
                    for &c in chunk {
                        found.extend(raw_control_messages(c, &dir));
                    }
                    found
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn file_errors_are_said_plainly_without_os_error_numbers() {
    let dir = common::Dir::new("os-errors");
    let input = dir.file("case.in", format!("{}\n", common::WIKI));
    let missing = dir.path().join("missing/x.html");
    let missing = missing.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    let at_missing = format!("@{}", missing);
    let at_folder = format!("@{}", folder);
    for (args, said) in [
        (vec!["check", missing, input.as_str()], "INPUT"),
        (vec!["check", input.as_str(), missing], "OUTPUT"),
        (
            vec!["trace", "--html", missing, input.as_str()],
            "cannot write",
        ),
        (
            vec!["trace", "--html", folder, input.as_str()],
            "cannot write",
        ),
        (
            vec!["study", "--svg", missing, input.as_str()],
            "cannot write",
        ),
        (
            vec!["solve", "--regions", at_missing.as_str(), input.as_str()],
            "--regions @",
        ),
        (
            vec!["solve", "--regions", at_folder.as_str(), input.as_str()],
            "--regions @",
        ),
        (
            vec!["solve", "--cages", at_folder.as_str(), input.as_str()],
            "--cages @",
        ),
    ] {
        let out = sudoku().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{:?}", args);
        assert!(
            err.lines().count() == 1
                && err.contains(said)
                && (err.contains("no such file or folder") || err.contains("a folder, not a file"))
                && !err.contains("os error"),
            "{:?}: {}",
            args,
            err
        );
    }
}

#[test]
fn layout_files_have_the_size_limit_of_every_input() {
    let dir = common::Dir::new("layout-limit");
    let input = dir.file("case.in", format!("{}\n", common::WIKI));
    let big = dir.file("big.txt", "A".repeat((1 << 20) + 1));
    for flag in ["--regions", "--cages"] {
        // (`@/dev/zero` is refused the same way; it is not run here, as a
        // kit without the limit would read it until memory runs out.)
        {
            let layout = format!("@{}", big);
            let out = sudoku()
                .args(["solve", flag, &layout, &input])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{}", flag);
            assert!(out.stdout.is_empty());
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!(
                    "sudoku solve: {} {}: larger than 1 MiB (see sudoku solve --help)\n",
                    flag, layout
                )
            );
        }
    }
}

// ------------------------------------------------------- the judge file and the kit agree

/// An odd input made from a folder's first sample, and the answers that
/// go with it when read as the sample's boards (`None`: the sample's own).
struct Odd {
    name: &'static str,
    bytes: Vec<u8>,
    answer: Option<Vec<u8>>,
}

/// The odd inputs of a folder's sample (LF line ends, ending in a newline)
/// that the per-format rules of the README decide, for a folder whose
/// input is in `format` framed by `cases`: each with the verdict the rules
/// give (true: accepted).
fn odd_inputs(sample: &str, answer: &str, format: &str, cases: &str) -> Vec<(Odd, bool)> {
    let odd = |name: &'static str, text: String| Odd {
        name,
        bytes: text.into_bytes(),
        answer: None,
    };
    let lines: Vec<&str> = sample.lines().collect();
    let mut v = vec![(
        Odd {
            name: "the input twice",
            bytes: format!("{}\n{}", sample, sample).into_bytes(),
            answer: Some(format!("{}\n{}", answer, answer).into_bytes()),
        },
        // Only boards read to the end of the input take a second input (a
        // line `end` closes the first, and nothing after it is read).
        matches!(cases, "eof" | "size" | "end"),
    )];
    // The first line of a board's cells: 4 or more characters but spaces,
    // after the first line (a count or a size, euler's `Grid NN`) when
    // that one is shorter.
    let row = lines.iter().position(|l| {
        l.chars().filter(|c| !c.is_whitespace()).count() >= 4 && !l.starts_with("Grid")
    });
    let with_row = |f: &dyn Fn(&str) -> String| -> String {
        let row = row.expect("a board row");
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        out[row] = f(lines[row]);
        out.join("\n") + "\n"
    };
    let first = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(0);
    // A number is digits only: no sign before a count, a size or a cell.
    if matches!(format, "spaced" | "walls") || lines[first].trim().parse::<u32>().is_ok() {
        let mut signed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        signed[first] = format!("+{}", lines[first].trim_start());
        v.push((
            odd("a sign before the first number", signed.join("\n") + "\n"),
            false,
        ));
    }
    // Spaces and tabs at the start of a line are fine, as at its end.
    if format != "js" {
        let indented: String = lines.iter().map(|l| format!(" \t{}\n", l)).collect();
        v.push((odd("spaces and tabs before every line", indented), true));
    }
    if matches!(format, "spaced" | "walls" | "digits" | "line" | "euler") {
        // Cells are separated by spaces and tabs only.
        for (name, space) in [
            ("a no-break space inside a row", '\u{a0}'),
            ("a line separator inside a row", '\u{2028}'),
        ] {
            let text = with_row(&|r: &str| {
                let at = r.char_indices().nth(1).map_or(r.len(), |(i, _)| i);
                format!("{}{}{}", &r[..at], space, &r[at..])
            });
            v.push((odd(name, text), false));
        }
        // A row is one line.
        let words = row.map_or(0, |r| lines[r].split_whitespace().count());
        if words >= 9 {
            let text = with_row(&|r: &str| {
                let words: Vec<&str> = r.split_whitespace().collect();
                format!("{}\n{}", words[..4].join(" "), words[4..].join(" "))
            });
            v.push((odd("a row broken over two lines", text), false));
        }
    }
    if matches!(format, "spaced" | "digits") {
        // A row is one line, so a whole board is never on one line: its N
        // rows joined (N: the cells of its first row).
        if let Some(r) = row {
            let (n, gap) = match format {
                "spaced" => (lines[r].split_whitespace().count(), " "),
                _ => (lines[r].trim().chars().count(), ""),
            };
            if lines.len() >= r + n {
                let board: Vec<&str> = lines[r..r + n].iter().map(|l| l.trim()).collect();
                let mut out: Vec<String> = lines[..r].iter().map(|l| l.to_string()).collect();
                out.push(board.join(gap));
                out.extend(lines[r + n..].iter().map(|l| l.to_string()));
                v.push((
                    odd("a whole board on one line", out.join("\n") + "\n"),
                    false,
                ));
            }
        }
    }
    if format == "line" {
        let text = with_row(&|r: &str| format!("{} {}", &r[..10], &r[10..]));
        v.push((odd("a space inside a puzzle line", text), false));
    }
    if format == "spaced" {
        // A number may have leading zeros: `00` is the cell 0.
        let text = with_row(&|r: &str| {
            let words: Vec<String> = r
                .split_whitespace()
                .map(|w| {
                    if w == "0" {
                        "00".to_string()
                    } else {
                        w.to_string()
                    }
                })
                .collect();
            words.join(" ")
        });
        v.push((odd("00 for each blank of a row", text), true));
    }
    if cases == "end" {
        // Nothing after the line `end` is read: not its bytes, not its line ends.
        let mut bad = sample.as_bytes().to_vec();
        bad.extend_from_slice(b"\xff\xfe not text\n");
        v.push((
            Odd {
                name: "bytes that are not UTF-8 after `end`",
                bytes: bad,
                answer: None,
            },
            true,
        ));
        v.push((
            odd("a stray CR after `end`", format!("{}x\ry\r\r\n", sample)),
            true,
        ));
    }
    v
}

/// Whether `sudoku check --conf` takes `input` as input: run with the judge
/// file's own output when it gave one, else with `answer`. Exit 3 (a judge
/// failure: INPUT malformed) is a refusal, 0 acceptance; anything else is
/// an error in the test's data, returned as such.
fn kit_accepts(dir: &Path, input: &Path, output: &Path) -> Result<bool, String> {
    let out = sudoku()
        .arg("check")
        .arg("--conf")
        .arg(dir.join("judge.conf"))
        .arg(input)
        .arg(output)
        .output()
        .expect("sudoku check runs");
    match out.status.code() {
        Some(0) => Ok(true),
        Some(3) => Ok(false),
        code => Err(format!(
            "exit {:?}: {}",
            code,
            String::from_utf8_lossy(&out.stderr).trim_end()
        )),
    }
}

/// For every folder (`problems/*/`, so a new one is covered unedited) whose
/// kit reads its input (not `answers = exact`), its judge file and `sudoku
/// check --conf` accept or refuse each odd input alike, as the per-format
/// rules of the README say.
#[test]
fn every_judge_file_and_the_checker_agree_on_odd_inputs() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for dir in problem_folders() {
        let bin = conf_binary(&dir);
        if bin == NO_INPUT
            || bin == EXEMPT_GOLF
            || conf_value(&dir, "answers").as_deref() == Some("exact")
        {
            continue;
        }
        let sample = dir.join("test/sample-1.in");
        let text = std::fs::read_to_string(&sample).expect("readable sample");
        let answer = std::fs::read_to_string(sample.with_extension("out")).expect("an answer");
        let tmp = common::Dir::new(&format!("odd-{}", bin));
        let format = conf_value(&dir, "from")
            .or_else(|| conf_value(&dir, "format"))
            .unwrap_or_else(|| "digits".to_string());
        let cases = conf_value(&dir, "cases").unwrap_or_default();
        for (odd, rule) in odd_inputs(&text, &answer, &format, &cases) {
            let input = PathBuf::from(tmp.file("odd.in", &odd.bytes));
            let judged = run_bin(&bin, odd.bytes.clone());
            let output = if judged.status.success() {
                judged.stdout.clone()
            } else {
                odd.answer
                    .clone()
                    .unwrap_or_else(|| answer.clone().into_bytes())
            };
            let output = PathBuf::from(tmp.file("odd.out", output));
            match kit_accepts(&dir, &input, &output) {
                Ok(kit) if kit == judged.status.success() && kit == rule => {}
                Ok(kit) => failures.push(format!(
                    "{}: {}: the rule {}, the judge file {}, sudoku check {}",
                    bin,
                    odd.name,
                    if rule { "accepts" } else { "refuses" },
                    if judged.status.success() {
                        "accepts".to_string()
                    } else {
                        format!(
                            "refuses ({})",
                            String::from_utf8_lossy(&judged.stderr).trim_end()
                        )
                    },
                    if kit { "accepts" } else { "refuses" }
                )),
                Err(e) => failures.push(format!("{}: {}: sudoku check: {}", bin, odd.name, e)),
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {} inputs checked", checked);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
