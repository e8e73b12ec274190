//! `sudoku bench --lanes` and `SUDOKU_LANES`: the engine's lane path forced
//! for measuring, named beside the figures, and refused with one line when
//! unknown or missing on this processor; every path gives the same answers;
//! `--isomorphs M` times every puzzle in M random forms on a line of its own.

use crate::common;

use common::{problems_dir, sudoku, ESCARGOT};

const NAMES: [&str; 4] = ["avx512", "avx2", "avx", "portable"];

#[test]
fn bench_names_the_lane_path_it_ran_on_or_refuses_a_missing_one() {
    let mut ran = Vec::new();
    for name in NAMES {
        let out = sudoku()
            .args(["bench", "--repeat", "1", "--lanes", name, "-"])
            .write_stdin(ESCARGOT)
            .output()
            .expect("sudoku runs");
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        if out.status.success() {
            let last = stdout.lines().last().unwrap_or("");
            assert!(
                last.starts_with(&format!("engine lanes: {}; processor: ", name)),
                "{}",
                stdout
            );
            ran.push(name);
        } else {
            assert_eq!(out.status.code(), Some(2));
            assert_eq!(stdout, "");
            assert_eq!(stderr.lines().count(), 1, "one line on stderr: {}", stderr);
            assert!(
                stderr.contains(&format!("--lanes {}: this processor cannot run", name)),
                "{}",
                stderr
            );
        }
    }
    // The portable lanes run everywhere.
    assert!(ran.contains(&"portable"), "{:?}", ran);
}

#[test]
fn an_unknown_lane_path_is_a_usage_error_on_one_line() {
    sudoku()
        .args(["bench", "--lanes", "sse9", "-"])
        .write_stdin(ESCARGOT)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "sudoku bench: --lanes sse9: unknown lane path `sse9` (avx512, avx2, avx or portable) \
             (see sudoku bench --help)\n",
        );
    sudoku()
        .args(["solve", "-"])
        .env("SUDOKU_LANES", "sse9")
        .write_stdin(ESCARGOT)
        .assert()
        .code(2)
        .stdout("")
        .stderr("sudoku solve: SUDOKU_LANES=sse9: unknown lane path `sse9` (avx512, avx2, avx or portable)\n");
}

#[test]
fn every_lane_path_this_processor_runs_solves_and_counts_alike() {
    let input = std::fs::read_to_string(problems_dir().join("poj3074/test/forum-hardest.in"))
        .expect("the shipped forum-hardest case");
    let run = |cmd: &str, lanes: &str| {
        let out = sudoku()
            .args([cmd, "-j", "1", "-"])
            .env("SUDOKU_LANES", lanes)
            .write_stdin(input.clone())
            .output()
            .expect("sudoku runs");
        (out.status.code(), out.stdout, out.stderr)
    };
    for cmd in ["solve", "count"] {
        let expected = run(cmd, "portable");
        assert_eq!(
            expected.0,
            Some(0),
            "{}",
            String::from_utf8_lossy(&expected.2)
        );
        // One answer per puzzle: the 20 of the case (its `end` line is not one).
        assert_eq!(String::from_utf8_lossy(&expected.1).lines().count(), 20);
        for name in NAMES {
            let got = run(cmd, name);
            if got.0 == Some(2) {
                let err = String::from_utf8_lossy(&got.2);
                assert!(err.contains("this processor cannot run"), "{}", err);
                assert!(got.1.is_empty());
            } else {
                assert_eq!(got, expected, "{} on the {} lanes", cmd, name);
            }
        }
    }
}

#[test]
fn isomorphs_get_a_line_of_their_own_with_every_puzzle_in_m_forms() {
    let case = "problems/poj3074/test/forum-hardest.in";
    let run = |seed: &str| {
        let out = sudoku()
            .current_dir(problems_dir().parent().expect("the repository root"))
            .args([
                "bench",
                "--repeat",
                "1",
                "--isomorphs",
                "3",
                "--seed",
                seed,
                case,
            ])
            .output()
            .expect("sudoku runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let stdout = run("1");
    let lines: Vec<Vec<&str>> = stdout
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    // The header, the file's line, its isomorphs' line: 20 puzzles each in
    // 3 forms, every one solved (an isomorph has as many solutions).
    assert_eq!(lines[1][..3], [case, "20", "20"], "{}", stdout);
    let forms = format!("{}~3", case);
    assert_eq!(lines[2][..3], [forms.as_str(), "60", "60"], "{}", stdout);
    assert_eq!(lines[3][0], "median", "{}", stdout);
    // Another seed, other forms of the same puzzles: the same counts.
    let other = run("2");
    assert_eq!(
        other
            .lines()
            .nth(2)
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>()),
        Some(vec![forms.as_str(), "60", "60"])
    );
}

#[test]
fn zero_isomorphs_is_a_usage_error_on_one_line() {
    sudoku()
        .args(["bench", "--isomorphs", "0", "-"])
        .write_stdin(ESCARGOT)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "sudoku bench: --isomorphs 0: give at least one form per puzzle, or leave the option \
             out (see sudoku bench --help)\n",
        );
}
