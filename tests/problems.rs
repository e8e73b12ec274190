//! The case files are the source of truth. Every `problems/*/` folder with
//! a `judge.conf` has its `binary` judged on every `test/NAME.in` by the
//! kit's local judge, `sudoku judge`, which follows the folder's rule
//! (`answers =`: exact bytes after the usual whitespace tolerance, or the
//! special judge). A new case is two new files; a new problem is a folder.

mod common;

use common::{case_inputs, conf_binary, judge_folder, problem_folders, sudoku};
use std::path::Path;

/// What every folder must hold besides its cases.
fn layout_problems(dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let name = dir.display();
    for file in [
        "README.md",
        "judge.conf",
        "test/sample-1.in",
        "test/sample-1.out",
    ] {
        if !dir.join(file).is_file() {
            problems.push(format!("{}: no {}", name, file));
        }
    }
    let test = dir.join("test");
    for entry in std::fs::read_dir(&test).into_iter().flatten() {
        let path = entry.expect("readable directory entry").path();
        match path.extension().and_then(|e| e.to_str()) {
            Some("in") if !path.with_extension("out").is_file() => {
                problems.push(format!("{}: no matching .out", path.display()))
            }
            Some("out") if !path.with_extension("in").is_file() => {
                problems.push(format!("{}: no matching .in", path.display()))
            }
            Some("in") | Some("out") => {}
            _ => problems.push(format!(
                "{}: not a case file (oj t reads only NAME.in/NAME.out in test/)",
                path.display()
            )),
        }
    }
    problems
}

#[test]
fn every_problem_folder_passes_its_own_binary() {
    let folders = problem_folders();
    assert!(folders.len() >= 3, "expected the catalog in problems/");
    let mut failures = Vec::new();
    for dir in &folders {
        failures.extend(layout_problems(dir));
        let binary = assert_cmd::cargo::cargo_bin(conf_binary(dir));
        if let Err(report) = judge_folder(&binary, dir) {
            failures.push(report);
        }
    }
    assert!(
        failures.is_empty(),
        "{} problem(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The case files themselves: every `NAME.out` must be accepted by the
/// special judge under the folder's rule as the answer to its `NAME.in`
/// (`sudoku check --conf judge.conf IN OUT OUT`), so a wrong expected file
/// cannot hide behind a binary that makes the same mistake.
#[test]
fn every_expected_output_is_accepted_by_the_special_judge() {
    let mut failures = Vec::new();
    for dir in problem_folders() {
        for input in case_inputs(&dir) {
            let expected = input.with_extension("out");
            let out = sudoku()
                .arg("check")
                .arg("--conf")
                .arg(dir.join("judge.conf"))
                .arg(&input)
                .arg(&expected)
                .arg(&expected)
                .output()
                .expect("sudoku check runs");
            if !out.status.success() {
                failures.push(format!(
                    "{}: {}{}",
                    expected.display(),
                    String::from_utf8_lossy(&out.stdout).trim(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
