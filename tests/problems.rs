//! The case files are the source of truth: every `problems/*/` folder with a
//! `judge.conf` has its `binary` run on each `NAME.in`, and the answer judged
//! against `NAME.out` the way the folder says (`answers = exact|smallest`:
//! the same bytes after CRLF -> LF; `answers = any`: the special judge
//! `sudoku check INPUT OUTPUT EXPECTED` must exit 0). A new case is two files.

use assert_cmd::Command;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use sudoku_kit::checker::{self, Verdict};
use sudoku_kit::format::Format;

fn problems_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("problems")
}

/// `key = value` lines of a judge.conf; `#` starts a comment.
fn read_conf(path: &Path) -> BTreeMap<String, String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
    text.lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (key, value) = line
                .split_once('=')
                .unwrap_or_else(|| panic!("{}: `{}` is not `key = value`", path.display(), line));
            (key.trim().to_string(), value.trim().to_string())
        })
        .collect()
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
        .map(|entry| entry.expect("readable directory entry").path())
        .collect();
    paths.sort();
    paths
}

fn lf(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace("\r\n", "\n")
}

/// Runs every case of one problem folder; returns the failures, one line each,
/// and how many cases ran.
fn run_folder(dir: &Path) -> (Vec<String>, usize) {
    let conf = read_conf(&dir.join("judge.conf"));
    let binary = conf
        .get("binary")
        .expect("judge.conf names its binary")
        .clone();
    let answers = conf
        .get("answers")
        .map_or("exact", String::as_str)
        .to_string();
    assert!(
        ["exact", "smallest", "any"].contains(&answers.as_str()),
        "{}: unknown `answers = {}`",
        dir.display(),
        answers
    );
    let (mut failures, mut cases) = (Vec::new(), 0);
    if !dir.join("README.md").is_file() {
        failures.push(format!("{}: no README.md", dir.display()));
    }
    for output in sorted_entries(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
    {
        if !output.with_extension("in").is_file() {
            failures.push(format!("{}: no matching .in file", output.display()));
        }
    }
    for input in sorted_entries(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
    {
        cases += 1;
        let case = input.display().to_string();
        let expected_path = input.with_extension("out");
        let Ok(expected) = fs::read(&expected_path) else {
            failures.push(format!("{}: no matching .out file", case));
            continue;
        };
        let run = Command::cargo_bin(&binary)
            .unwrap_or_else(|e| panic!("{}: binary `{}`: {}", dir.display(), binary, e))
            .write_stdin(fs::read(&input).expect("readable .in file"))
            .output()
            .expect("the binary runs");
        if !run.status.success() {
            failures.push(format!(
                "{}: exit {:?}, stderr {}",
                case,
                run.status.code(),
                lf(&run.stderr).trim()
            ));
        } else if answers == "any" {
            if let Err(why) = special_judge(&input, &run.stdout, &expected_path) {
                failures.push(format!("{}: rejected by `sudoku check`: {}", case, why));
            }
        } else if lf(&run.stdout) != lf(&expected) {
            failures.push(format!(
                "{}: wrong answer\n--- expected\n{}--- got\n{}",
                case,
                lf(&expected),
                lf(&run.stdout)
            ));
        }
    }
    (failures, cases)
}

/// Runs `sudoku check INPUT OUTPUT EXPECTED` (exit 0 = accepted).
fn special_judge(input: &Path, output: &[u8], expected: &Path) -> Result<(), String> {
    let name = input.file_stem().and_then(|s| s.to_str()).unwrap_or("case");
    let actual = std::env::temp_dir().join(format!(
        "sudoku-kit-problems-{}-{}.out",
        std::process::id(),
        name
    ));
    fs::write(&actual, output).map_err(|e| e.to_string())?;
    let verdict = Command::cargo_bin("sudoku")
        .map_err(|e| e.to_string())?
        .arg("check")
        .arg(input)
        .arg(&actual)
        .arg(expected)
        .output()
        .map_err(|e| e.to_string());
    let _ = fs::remove_file(&actual);
    let verdict = verdict?;
    if verdict.status.success() {
        Ok(())
    } else {
        Err(format!(
            "exit {:?}: {}{}",
            verdict.status.code(),
            lf(&verdict.stdout).trim(),
            lf(&verdict.stderr).trim()
        ))
    }
}

fn check_folder(name: &str, at_least: usize) {
    let (failures, cases) = run_folder(&problems_dir().join(name));
    assert!(
        cases >= at_least,
        "{}: only {} cases, expected at least {}",
        name,
        cases,
        at_least
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases,
        failures.join("\n")
    );
}

#[test]
fn boj2580_cases_are_valid_completions() {
    check_folder("boj2580", 6);
}

#[test]
fn boj2239_cases_match_the_smallest_completion() {
    check_folder("boj2239", 9);
}

#[test]
fn js_array_cases_match_the_smallest_completion() {
    check_folder("js_array", 8);
}

#[test]
fn every_problem_folder_with_a_judge_conf_passes() {
    let mut failures = Vec::new();
    let mut folders = 0;
    for dir in sorted_entries(&problems_dir()) {
        if ["boj2580", "boj2239", "js_array"]
            .iter()
            .any(|n| dir.ends_with(n))
        {
            continue; // the three tests above
        }
        if dir.join("judge.conf").is_file() {
            folders += 1;
            failures.extend(run_folder(&dir).0);
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed in {} more folder(s):\n{}",
        failures.len(),
        folders,
        failures.join("\n")
    );
}

/// The case files themselves: every `.out` must be accepted by the special
/// judge (the library's `checker::check`, in the folder's `format`) as an
/// answer to its `.in`, the smallest one where the folder says
/// `answers = smallest`, so a wrong expected file cannot hide.
#[test]
fn every_expected_output_is_accepted_by_the_checker() {
    let mut failures = Vec::new();
    for dir in sorted_entries(&problems_dir())
        .into_iter()
        .filter(|d| d.join("judge.conf").is_file())
    {
        let conf = read_conf(&dir.join("judge.conf"));
        let smallest = conf.get("answers").map(String::as_str) == Some("smallest");
        let format = conf.get("format").map(|f| {
            f.parse::<Format>()
                .unwrap_or_else(|_| panic!("{}: unknown format `{}`", dir.display(), f))
        });
        for input in sorted_entries(&dir)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
        {
            let expected = fs::read(input.with_extension("out")).unwrap_or_default();
            let case = fs::read(&input).expect("readable .in file");
            let verdict = checker::check(&case, &expected, Some(&expected), smallest, format);
            if verdict != Verdict::Accepted {
                failures.push(format!(
                    "{}: {}",
                    input.with_extension("out").display(),
                    verdict
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
