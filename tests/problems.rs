//! The case files are the source of truth. Every `problems/*/` folder with
//! a `judge.conf` has its `binary`'s source (`src/bin/NAME.rs`), built
//! alone with the folder's compile line as an online judge builds it,
//! judged on every `test/NAME.in` by the kit's local judge, `sudoku judge`,
//! which follows the folder's rule
//! (`answers =`: exact bytes after the usual whitespace tolerance, or the
//! special judge). A new case is two new files; a new problem is a folder.

use crate::common;

use common::remembered::{self, unless_passed, Inputs};
use common::{case_inputs, conf_binary, in_parallel, judge_folder, problem_folders, sudoku};
use std::path::{Path, PathBuf};

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
fn every_problem_folder_passes_its_judge_file_built_as_a_judge_builds_it() {
    let folders = problem_folders();
    assert!(folders.len() >= 3, "expected the catalog in problems/");
    let mut failures = Vec::new();
    for dir in &folders {
        failures.extend(layout_problems(dir));
    }
    // Each judge file built alone from its source with the folder's compile
    // line (`sudoku judge src/bin/NAME.rs DIR`), as the judge builds it,
    // the folders in parallel.
    let sources: Vec<_> = folders
        .iter()
        .map(|dir| Path::new("src/bin").join(format!("{}.rs", conf_binary(dir))))
        .collect();
    let work: Vec<_> = sources.iter().zip(&folders).collect();
    // A folder judged before with the same judge file, cases, judge and
    // compiler is not judged again (`common::remembered`).
    let rustc = remembered::output_of("rustc", &["--version"]);
    let judged = |(source, dir): &(&PathBuf, &PathBuf)| {
        let inputs = Inputs::new(
            &format!("problems {}", dir.display()),
            include_str!("problems.rs"),
        )
        .file(source)
        .tree(dir)
        .bytes(remembered::sudoku_build())
        .bytes(&rustc);
        unless_passed(inputs, || judge_folder(source, dir).map(|_| ()))
    };
    for result in in_parallel(&work, judged) {
        if let Err(report) = result {
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
    let inputs: Vec<_> = problem_folders()
        .into_iter()
        .flat_map(|dir| case_inputs(&dir).into_iter().map(move |i| (dir.clone(), i)))
        .collect();
    let failures: Vec<String> = in_parallel(&inputs, |(dir, input)| {
        let expected = input.with_extension("out");
        let out = sudoku()
            .arg("check")
            .arg("--conf")
            .arg(dir.join("judge.conf"))
            .arg(input)
            .arg(&expected)
            .arg(&expected)
            .output()
            .expect("sudoku check runs");
        (!out.status.success()).then(|| {
            format!(
                "{}: {}{}",
                expected.display(),
                String::from_utf8_lossy(&out.stdout).trim(),
                String::from_utf8_lossy(&out.stderr).trim()
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
