//! Every command's help page follows one template, and its examples run as
//! printed from the repository root:
//!
//! ```text
//! sudoku NAME: what it does        (the first line)
//!
//! usage: sudoku NAME ...
//! ... what it reads and prints ...
//! options                           (a section listing -h, --help)
//! exit status                       (a section: code and meaning)
//! examples                          (commands that run from the root)
//! ```

use crate::common;

use common::{in_parallel, sudoku};
use std::path::Path;
use std::process::Command;

const COMMANDS: [&str; 15] = [
    "solve",
    "count",
    "convert",
    "check",
    "judge",
    "stress",
    "time",
    "bench",
    "gen",
    "grade",
    "pdf",
    "package",
    "trace",
    "propagate",
    "study",
];

/// The help page of `name`, as `sudoku help NAME` prints it.
fn help(name: &str) -> String {
    let out = sudoku().args(["help", name]).output().unwrap();
    assert!(out.status.success(), "sudoku help {}", name);
    String::from_utf8(out.stdout).unwrap()
}

/// The lines of section `title` (the lines after a line `title`, up to a
/// blank line).
fn section<'a>(page: &'a str, title: &str) -> Vec<&'a str> {
    page.lines()
        .skip_while(|l| *l != title)
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

#[test]
fn every_help_page_follows_the_template() {
    let mut faults = Vec::new();
    for name in COMMANDS {
        let page = help(name);
        let lines: Vec<&str> = page.lines().collect();
        let mut fault = |what: &str| faults.push(format!("sudoku {}: {}", name, what));
        if !lines[0].starts_with(&format!("sudoku {}: ", name)) {
            fault("the first line is not `sudoku NAME: what it does`");
        }
        if lines.get(1) != Some(&"") || !lines[2].starts_with(&format!("usage: sudoku {}", name)) {
            fault("a blank line and `usage: sudoku NAME` do not follow");
        }
        if !lines
            .iter()
            .any(|l| l.trim_start().starts_with("-h, --help"))
        {
            fault("no `-h, --help` among the options");
        }
        if section(&page, "exit status").is_empty() {
            fault("no `exit status` section");
        }
        if section(&page, "examples").is_empty() {
            fault("no `examples` section");
        }
        if page.lines().any(|l| l.trim_end() != l) {
            fault("a line ends in spaces");
        }
        if page.lines().any(|l| l.chars().count() > 80) {
            fault("a line is wider than 80 columns");
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_help_example_runs_from_the_repository_root() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let programs = Path::new(env!("CARGO_BIN_EXE_sudoku")).parent().unwrap();
    let mut path = vec![programs.to_path_buf()];
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let path = std::env::join_paths(path).unwrap();
    // Every example of every page, run in parallel.
    let examples: Vec<(&str, String)> = COMMANDS
        .iter()
        .flat_map(|&name| {
            // A line ending in `\` goes on on the next.
            let joined = section(&help(name), "examples")
                .join("\n")
                .replace("\\\n", " ");
            let commands: Vec<String> = joined.lines().map(|l| l.trim().to_string()).collect();
            commands.into_iter().map(move |c| (name, c))
        })
        .collect();
    let faults: Vec<String> = in_parallel(&examples, |(name, command)| {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {} > /dev/null", command))
            .current_dir(root)
            .env("PATH", &path)
            .output()
            .unwrap();
        // 0, or 1 for an example that shows a verdict or a failure.
        (!matches!(out.status.code(), Some(0 | 1))).then(|| {
            format!(
                "sudoku {}: `{}` exits {:?}: {}",
                name,
                command,
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).trim()
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn help_name_and_the_option_print_the_same_page() {
    for name in COMMANDS {
        let option = sudoku().args([name, "--help"]).output().unwrap();
        assert_eq!(String::from_utf8(option.stdout).unwrap(), help(name));
    }
    sudoku()
        .args(["help", "nosuch"])
        .assert()
        .code(2)
        .stderr("sudoku help: unknown command `nosuch` (see sudoku --help)\n");
    let version = sudoku().arg("--version").output().unwrap();
    let text = String::from_utf8(version.stdout).unwrap();
    // Built from a repository, the version names the commit and its date.
    let commit = std::process::Command::new("git")
        .arg("-C")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .args(["log", "-1", "--format=%h %cs"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8(out.stdout).unwrap().trim().to_string());
    let expected = match commit {
        Some(commit) => format!("sudoku {} ({})\n", env!("CARGO_PKG_VERSION"), commit),
        None => format!("sudoku {}\n", env!("CARGO_PKG_VERSION")),
    };
    assert_eq!(text, expected);
}
