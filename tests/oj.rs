//! online-judge-tools, for real: `oj t` works unchanged on every problem
//! folder (`problems/*/` with a `judge.conf`), the layout it expects (the
//! cases in `test/`), with the folder's binary:
//!
//! - from inside `problems/NAME/`, `oj t -c BINARY` (oj reads `test/`), with
//!   `--judge-command 'sudoku check --conf judge.conf'` unless the folder's
//!   answers are `exact`, every folder in parallel;
//! - once from the repository root, `-d problems/NAME/test` naming the cases.
//!
//! `oj` is found in `$OJ`, in `target/oj-venv/bin/oj` (where `.ci/run`
//! installs it: `python3 -m venv target/oj-venv && target/oj-venv/bin/pip
//! install online-judge-tools`) or on `PATH`. Without it the test says
//! SKIPPED loudly, and fails under `CI=true`.

use crate::common;

use common::remembered::{self, unless_passed, Inputs};
use common::{conf_binary, in_parallel, problem_folders};
use std::path::{Path, PathBuf};
use std::process::Command;
use sudoku_kit::judge::problem::{self, Answers};

/// `oj`, or a loud note (a failure under `CI=true`) and `None`.
fn oj_or_skip() -> Option<PathBuf> {
    common::python_tool_or_skip(
        "OJ",
        "oj-venv",
        "oj",
        "`oj t` was",
        "python3 -m venv target/oj-venv && target/oj-venv/bin/pip install online-judge-tools",
    )
}

/// The folder's answer rule, read with the library's parser.
fn answers_of(dir: &Path) -> Answers {
    let text = std::fs::read_to_string(dir.join("judge.conf")).expect("readable judge.conf");
    problem::parse_conf(&text)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
        .answers
}

/// Runs `oj t -c PROGRAM ARGS...` in `cwd`, with the special judge for a
/// folder whose answers are not `exact` (`conf` is its judge.conf as seen
/// from `cwd`); `Err` with oj's report unless every case passed.
fn oj_test(
    oj: &Path,
    cwd: &Path,
    program: &Path,
    args: &[&str],
    answers: Answers,
    conf: &str,
) -> Result<(), String> {
    let mut cmd = Command::new(oj);
    cmd.current_dir(cwd)
        .arg("t")
        .arg("-c")
        .arg(program)
        .args(args);
    if answers != Answers::Exact {
        let sudoku = assert_cmd::cargo::cargo_bin("sudoku");
        cmd.arg("--judge-command")
            .arg(format!("'{}' check --conf '{}'", sudoku.display(), conf));
    }
    let out = cmd
        .output()
        .map_err(|e| format!("{}: {}", oj.display(), e))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() && text.contains("[SUCCESS] test success:") {
        Ok(())
    } else {
        Err(format!(
            "oj t in {} ({:?}): exit {:?}\n{}",
            cwd.display(),
            args,
            out.status.code(),
            text
        ))
    }
}

#[test]
fn oj_test_passes_every_problem_folder_unchanged() {
    let Some(oj) = oj_or_skip() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folders = problem_folders();
    assert!(!folders.is_empty(), "no problem folders");
    // A run with the same oj, folder, binary and judge as one that passed
    // before is not repeated (`common::remembered`).
    let version = remembered::output_of(&oj.display().to_string(), &["--version"]);
    let run = |dir: &Path, cwd: &Path, args: &[&str], conf: &str| {
        let binary = assert_cmd::cargo::cargo_bin(conf_binary(dir));
        let what = format!("oj t in {} {:?}", cwd.display(), args);
        let inputs = Inputs::new(&what, include_str!("oj.rs"))
            .bytes(&version)
            .tree(dir)
            .file(&binary)
            .bytes(remembered::sudoku_build());
        unless_passed(inputs, || {
            oj_test(&oj, cwd, &binary, args, answers_of(dir), conf)
        })
    };
    // Inside each folder, as a contestant runs it: oj finds test/ itself;
    // the folders in parallel.
    let mut failures: Vec<String> =
        in_parallel(&folders, |dir| run(dir, dir, &[], "judge.conf").err())
            .into_iter()
            .flatten()
            .collect();
    // From the repository root, `-d` naming the cases (one folder: the
    // option, not the folder, is what this adds).
    let dir = &folders[0];
    let test = dir.join("test");
    let args = ["-d", test.to_str().expect("UTF-8 path")];
    let conf = dir.join("judge.conf");
    let conf = conf.to_str().expect("UTF-8 path");
    failures.extend(run(dir, root, &args, conf).err());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn oj_test_rejects_a_wrong_program() {
    let Some(oj) = oj_or_skip() else {
        return;
    };
    // `cat` echoes the puzzle back: no folder accepts that.
    let dir = &problem_folders()[0];
    let got = oj_test(
        &oj,
        dir,
        Path::new("cat"),
        &[],
        answers_of(dir),
        "judge.conf",
    );
    let err = got.expect_err("oj t accepted `cat`");
    assert!(err.contains("[FAILURE]"), "{}", err);
}
