//! Paste-ready: each judge file compiles ALONE, the way an online judge builds
//! it (`rustc --edition 2015|2018|2021 Main.rs` in an empty directory), with
//! the current compiler and with Debian's old one (1.63, `/usr/bin/rustc`),
//! without a warning. One loop over `problems/*/judge.conf`: a new judge file
//! is checked as soon as its folder names it. Each check is a type check
//! (`--emit=metadata`, every error and lint, no code generated), in parallel;
//! the one optimised build per file, with its folder's compile line, is the
//! one `tests/problems.rs` judges on the folder's cases. The LeetCode and
//! Codewars files are built and called once with the current compiler and
//! type-checked with the old one.
//!
//! Without `/usr/bin/rustc` the old-compiler part fails under `CI=true` and is
//! skipped with a loud note elsewhere (`apt-get install -y rustc` adds it).

use crate::common;

use common::remembered::{unless_passed, Inputs};
use common::{conf_binary, in_parallel, problem_folders, Dir};
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::Command;

const OLD_RUSTC: &str = "/usr/bin/rustc";
const EDITIONS: [&str; 3] = ["2015", "2018", "2021"];

/// The compilers to try: the current one (`$RUSTC` or `rustc` on PATH) and,
/// when present, the old one. Fails under `CI=true` when the old one is missing.
fn compilers() -> Vec<String> {
    let current = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    if Path::new(OLD_RUSTC).exists() {
        return vec![current, OLD_RUSTC.to_string()];
    }
    let ci = std::env::var("CI").map(|v| v == "true").unwrap_or(false);
    assert!(
        !ci,
        "CI=true but {} (Debian's rustc 1.63) is missing: apt-get install -y rustc",
        OLD_RUSTC
    );
    // Written past the test harness's capture on purpose: this must be seen.
    let _ = writeln!(
        std::io::stderr(),
        "\n*** SKIPPED: {} is missing, so the judge files were NOT compiled with the old \
         compiler (1.63). Install it with `apt-get install -y rustc`. ***\n",
        OLD_RUSTC
    );
    vec![current]
}

fn version(rustc: &str) -> String {
    Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|e| format!("{}: {}", rustc, e))
}

/// The files a judge receives for `src/bin/<name>.rs`: the file itself as
/// `bin/Main.rs`, and for a harness the pasted file it `include!`s
/// (`../leetcode/NAME.rs`, `../codewars/NAME.rs`), at the same relative path.
fn judge_files(name: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = fs::read_to_string(root.join("src/bin").join(format!("{}.rs", name)))
        .unwrap_or_else(|e| panic!("src/bin/{}.rs: {}", name, e));
    let mut files = vec![("bin/Main.rs".to_string(), source.clone())];
    for include in source.split("include!(\"../").skip(1) {
        let path = include.split('"').next().expect("include! path");
        assert!(
            (path.starts_with("leetcode/") || path.starts_with("codewars/"))
                && !path.contains(".."),
            "{}: only a harness may include a file, and only from src/leetcode/ or src/codewars/",
            name
        );
        let text = fs::read_to_string(root.join("src").join(path))
            .unwrap_or_else(|e| panic!("src/{}: {}", path, e));
        files.push((path.to_string(), text));
    }
    files
}

/// Type-checks `src/bin/<name>.rs` alone with every compiler (and its
/// version) and edition (`--emit=metadata`: the compiler's every check and
/// lint, no code generated); every failure found, one entry each. A check
/// of the same files with the same compiler passed before is not repeated
/// (`common::remembered`). The optimised build that runs on the folder is
/// `tests/problems.rs`'s, made once.
fn check_paste_ready(name: &str, compilers: &[(String, String)]) -> Vec<String> {
    let files = judge_files(name);
    for banned in ["use sudoku_kit", "extern crate", "\nmod ", "#[path"] {
        if files.iter().any(|(_, text)| text.contains(banned)) {
            return vec![format!(
                "{}: a paste-ready file must not contain `{}`",
                name,
                banned.trim()
            )];
        }
    }
    let mut failures = Vec::new();
    for (c, (rustc, version)) in compilers.iter().enumerate() {
        for edition in EDITIONS {
            let what = format!(
                "{} with {} ({}), --edition {}",
                name, rustc, version, edition
            );
            let mut inputs = Inputs::new(&what, include_str!("paste_ready.rs"));
            for (path, text) in &files {
                inputs = inputs.bytes(path.as_bytes()).bytes(text.as_bytes());
            }
            let checked = unless_passed(inputs, || {
                let build_dir = Dir::new(&format!("{}-{}-{}", name, c, edition));
                for (path, text) in &files {
                    let path = build_dir.path().join(path);
                    fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
                    fs::write(path, text).expect("write the judge file");
                }
                let check = Command::new(rustc)
                    .args(["--edition", edition, "--emit=metadata", "Main.rs"])
                    .args(["-o", "main.rmeta"])
                    .current_dir(build_dir.path().join("bin"))
                    .output();
                match check {
                    Err(e) => Err(format!("{}: cannot run the compiler: {}", what, e)),
                    Ok(b) if !b.status.success() => Err(format!(
                        "{}: does not compile:\n{}",
                        what,
                        String::from_utf8_lossy(&b.stderr)
                    )),
                    Ok(b) if !b.stderr.is_empty() => Err(format!(
                        "{}: compiler warnings:\n{}",
                        what,
                        String::from_utf8_lossy(&b.stderr)
                    )),
                    Ok(_) => Ok(()),
                }
            });
            failures.extend(checked.err());
        }
    }
    failures
}

#[test]
fn every_judge_file_compiles_alone_with_every_compiler_and_edition() {
    let names: Vec<String> = problem_folders().iter().map(|d| conf_binary(d)).collect();
    let compilers: Vec<(String, String)> = compilers()
        .into_iter()
        .map(|rustc| {
            let v = version(&rustc);
            (rustc, v)
        })
        .collect();
    let failures: Vec<String> = in_parallel(&names, |name| check_paste_ready(name, &compilers))
        .into_iter()
        .flatten()
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// How LeetCode's runner calls each file of `src/leetcode/`: the body of a
/// `main` that exercises the pasted method (and fails if it misbehaves).
const LEETCODE_CALLS: [(&str, &str); 2] = [
    (
        "solve_sudoku.rs",
        "let mut board = vec![vec!['.'; 9]; 9];\n    Solution::solve_sudoku(&mut board);\n    \
         assert!(board.iter().flatten().all(|c| ('1'..='9').contains(c)));",
    ),
    (
        "is_valid_sudoku.rs",
        "let mut board = vec![vec!['.'; 9]; 9];\n    \
         assert!(Solution::is_valid_sudoku(board.clone()));\n    \
         board[0][0] = '5';\n    board[8][0] = '5';\n    \
         assert!(!Solution::is_valid_sudoku(board));",
    ),
];

/// Every `src/leetcode/*.rs` compiles the way LeetCode builds a submission:
/// `struct Solution;` in front of the pasted text, a `main` that calls the
/// method, edition 2021, with every compiler and without a warning; and the
/// program runs. The pasted code itself (comments aside) declares no
/// `struct Solution` (LeetCode supplies it) and no `main`.
#[test]
fn every_leetcode_file_compiles_as_leetcode_pastes_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/leetcode");
    let names = rust_files(&dir);
    assert!(!names.is_empty(), "no file in src/leetcode/");
    let mut failures = Vec::new();
    for name in &names {
        let text = fs::read_to_string(dir.join(name)).expect("readable file");
        let code: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        let code = format!("\n{}", code.join("\n")); // the text without its comment lines
        let call = match LEETCODE_CALLS.iter().find(|(file, _)| file == name) {
            Some((_, call)) => call,
            None => {
                failures.push(format!("{}: no entry in LEETCODE_CALLS", name));
                continue;
            }
        };
        for banned in [
            "struct Solution",
            "fn main",
            "use sudoku_kit",
            "extern crate",
            "\nmod ",
        ] {
            if code.contains(banned) {
                failures.push(format!(
                    "{}: the pasted text must not contain `{}`",
                    name,
                    banned.trim()
                ));
            }
        }
        for (c, rustc) in compilers().iter().enumerate() {
            let build_dir = Dir::new(&format!("leetcode-{}-{}", name, c));
            let source = format!(
                "struct Solution;\n\n{}\nfn main() {{\n    {}\n}}\n",
                text, call
            );
            fs::write(build_dir.path().join("main.rs"), source).expect("write the submission");
            build_and_call(rustc, c == 0, name, &build_dir, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// How a kata's tests call each file of `src/codewars/`: the body of a `main` that
/// exercises the pasted function (and fails if it misbehaves).
const CODEWARS_CALLS: [(&str, &str); 3] = [
    (
        "sudoku.rs",
        "let mut puzzle = [[0u8; 9]; 9];\n    puzzle[0][0] = 5;\n    sudoku(&mut puzzle);\n    \
         assert!(puzzle.iter().flatten().all(|&d| (1..=9).contains(&d)));\n    \
         assert_eq!(puzzle[0][0], 5);",
    ),
    (
        "sudoku_solver.rs",
        "let mut grid = vec![vec![0u8; 9]; 9];\n    \
         assert_eq!(sudoku_solver(&grid), Err(SudokuError::MultipleSolutions));\n    \
         grid.pop();\n    \
         assert_eq!(sudoku_solver(&grid), Err(SudokuError::InvalidGrid));",
    ),
    (
        "valid_solution.rs",
        "let mut grid = [[0u8; 9]; 9];\n    \
         for (i, cell) in grid.iter_mut().flatten().enumerate() {\n        \
         *cell = ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8;\n    }\n    \
         assert!(valid_solution(&grid));\n    grid[0][0] = 0;\n    \
         assert!(!valid_solution(&grid));",
    ),
];

/// Every `src/codewars/*.rs` compiles the way a kata builds a submission: the pasted
/// text, then the tests that call it (here a `main`), edition 2021, with every compiler
/// and without a warning; and the program runs. The pasted code itself (comments aside)
/// has no `main` and no module of the kit.
#[test]
fn every_codewars_file_compiles_as_a_kata_pastes_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/codewars");
    let names = rust_files(&dir);
    assert_eq!(
        names.len(),
        CODEWARS_CALLS.len(),
        "one call per file of src/codewars/"
    );
    let mut failures = Vec::new();
    for name in &names {
        let text = fs::read_to_string(dir.join(name)).expect("readable file");
        let code: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect();
        let code = format!("\n{}", code.join("\n"));
        let call = match CODEWARS_CALLS.iter().find(|(file, _)| file == name) {
            Some((_, call)) => call,
            None => {
                failures.push(format!("{}: no entry in CODEWARS_CALLS", name));
                continue;
            }
        };
        for banned in ["fn main", "use sudoku_kit", "extern crate", "\nmod "] {
            if code.contains(banned) {
                failures.push(format!(
                    "{}: the pasted text must not contain `{}`",
                    name,
                    banned.trim()
                ));
            }
        }
        for (c, rustc) in compilers().iter().enumerate() {
            let build_dir = Dir::new(&format!("codewars-{}-{}", name, c));
            let source = format!("{}\nfn main() {{\n    {}\n}}\n", text, call);
            fs::write(build_dir.path().join("main.rs"), source).expect("write the submission");
            build_and_call(rustc, c == 0, name, &build_dir, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Compiles `main.rs` in `build_dir` with `rustc` (edition 2021, as both sites run their
/// Rust): built with `-O` and run when `run`, else type-checked only. A failure to compile
/// cleanly or a failing call is pushed on `failures`, naming the file `name` and the compiler.
fn build_and_call(rustc: &str, run: bool, name: &str, build_dir: &Dir, failures: &mut Vec<String>) {
    let what = format!(
        "{} with {} ({}), --edition 2021",
        name,
        rustc,
        version(rustc)
    );
    let emit = if run { "-O" } else { "--emit=metadata" };
    let build = Command::new(rustc)
        .args(["--edition", "2021", emit, "main.rs", "-o", "main"])
        .current_dir(build_dir.path())
        .output();
    match build {
        Err(e) => failures.push(format!("{}: cannot run the compiler: {}", what, e)),
        Ok(b) if !b.status.success() || !b.stderr.is_empty() => failures.push(format!(
            "{}: does not compile cleanly:\n{}",
            what,
            String::from_utf8_lossy(&b.stderr)
        )),
        Ok(_) if !run => {}
        Ok(_) => match Command::new(build_dir.path().join("main")).output() {
            Ok(run) if run.status.success() => {}
            Ok(run) => failures.push(format!(
                "{}: the call fails:\n{}",
                what,
                String::from_utf8_lossy(&run.stderr)
            )),
            Err(e) => failures.push(format!("{}: cannot run: {}", what, e)),
        },
    }
}

/// The names of the `.rs` files in `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} is not readable: {}", dir.display(), e))
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".rs"))
        .collect();
    names.sort();
    names
}
