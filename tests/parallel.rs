//! The README's GNU parallel recipes ("Past one machine"), run locally
//! (`-S :`, the sshlogin of this machine): a file split into blocks of
//! lines, each solved or counted by its own `sudoku` process, gives with
//! `--keep-order` the bytes one process gives; and shards of `sudoku gen`
//! by puzzle number (`--first`) give one run's puzzles byte for byte.
//!
//! Without GNU parallel the tests print a loud SKIPPED; with `CI=true` they
//! fail instead (`.ci/run` installs it).

use crate::common;

use common::{sudoku, Dir, WIKI};
use std::process::Command;

/// True when GNU parallel is at hand; false after saying SKIPPED.
fn have_parallel() -> bool {
    let found = Command::new("parallel")
        .args(["--will-cite", "--version"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("GNU parallel is not installed (CI=true): .ci/run installs it");
        }
        eprintln!("\n*** SKIPPED: the GNU parallel recipes need GNU parallel (apt-get install parallel) ***\n");
    }
    found
}

/// The `sudoku` binary of this build, as a path parallel's shell can run.
fn sudoku_path() -> String {
    let path = assert_cmd::cargo::cargo_bin("sudoku");
    path.to_str().expect("UTF-8 path").to_string()
}

/// `parallel --will-cite ARGS` with `stdin` from the file `input` (if
/// any); asserts success and a quiet stderr (no citation notice), returns
/// stdout.
fn run_parallel(args: &[&str], input: Option<&str>) -> String {
    let mut cmd = Command::new("parallel");
    cmd.arg("--will-cite").args(args);
    if let Some(path) = input {
        cmd.stdin(std::fs::File::open(path).expect("input file"));
    }
    let out = cmd.output().expect("parallel runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "parallel {:?}: {}", args, err);
    assert_eq!(err, "", "parallel {:?} said something on stderr", args);
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// `sudoku ARGS` in one process: its stdout.
fn one_process(args: &[&str]) -> String {
    let out = sudoku().args(args).output().expect("sudoku runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// 400 different puzzles, one a line: the Wikipedia puzzle with its
/// digits relabelled.
fn many_puzzles() -> String {
    let mut text = String::new();
    for k in 0..400u32 {
        // A shift of the nine digits, then a swap picked by k.
        let (shift, a, b) = (k % 9, (k / 9) % 9, (k / 81) % 9);
        let line: String = WIKI
            .chars()
            .map(|ch| match ch.to_digit(10) {
                Some(d) => {
                    let mut e = (d - 1 + shift) % 9;
                    if e == a {
                        e = b;
                    } else if e == b {
                        e = a;
                    }
                    char::from_digit(e + 1, 10).unwrap()
                }
                None => ch,
            })
            .collect();
        text.push_str(&line);
        text.push('\n');
    }
    text
}

#[test]
fn blocks_of_a_file_solved_in_parallel_give_one_process_bytes() {
    if !have_parallel() {
        return;
    }
    let dir = Dir::new("pipe");
    let input = dir.file("puzzles.txt", many_puzzles());
    let s = sudoku_path();
    for cmd in ["solve", "count"] {
        let want = one_process(&[cmd, &input]);
        assert_eq!(want.lines().count(), 400);
        // Blocks of about 4 kB (some 50 lines each), several jobs at once.
        let solve = format!("{} {} -j 1", s, cmd);
        let got = run_parallel(
            &[
                "--pipe",
                "--keep-order",
                "--block",
                "4k",
                "-j",
                "4",
                "-S",
                ":",
                &solve,
            ],
            Some(&input),
        );
        assert_eq!(got, want, "{} in blocks", cmd);
        // --pipepart reads the file itself, in the same blocks.
        let got = run_parallel(
            &[
                "--pipepart",
                "-a",
                &input,
                "--keep-order",
                "--block",
                "4k",
                "-S",
                ":",
                &solve,
            ],
            None,
        );
        assert_eq!(got, want, "{} with --pipepart", cmd);
    }
}

#[test]
fn gen_shards_run_in_parallel_give_one_run_bytes() {
    if !have_parallel() {
        return;
    }
    let want = one_process(&["gen", "-n", "12", "--seed", "7"]);
    let gen = format!("{} gen -n 3 --seed 7 -j 1 --first {{}}", sudoku_path());
    let got = run_parallel(
        &[
            "--keep-order",
            "-j",
            "4",
            "-S",
            ":",
            &gen,
            ":::",
            "1",
            "4",
            "7",
            "10",
        ],
        None,
    );
    assert_eq!(got, want);
    assert_eq!(got.lines().count(), 12);
}
