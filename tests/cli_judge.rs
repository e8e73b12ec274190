//! `sudoku judge`: a local judge on problem folders made in temp dirs, with
//! small shell programs (correct, wrong, slow, crashing, badly laid out),
//! Rust sources it builds (CE, AC), and with the real `boj2239` on
//! `problems/boj2239`. Hostile programs are in `judge_hostile.rs`.

use crate::common;

use common::{sudoku, Dir, BOJ2239_IN, BOJ2239_OUT, EMPTY_DIGITS, NOT_SMALLEST, SMALLEST};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// This file's use of the shared temp dir: a problem folder inside it, and
/// shell scripts beside that folder.
impl Dir {
    /// The problem folder, made on first use.
    fn problem(&self) -> PathBuf {
        let path = self.path().join("problem");
        std::fs::create_dir_all(&path).unwrap();
        path
    }

    /// Writes a file of the problem folder.
    fn case_file(&self, name: &str, text: &str) -> &Dir {
        std::fs::write(self.problem().join(name), text).unwrap();
        self
    }

    /// Writes a shell script beside the problem folder; returns the
    /// command line that runs it (`sh /tmp/.../name`), so the test does not
    /// depend on the script being executable.
    fn script(&self, name: &str, body: &str) -> String {
        format!("sh {}", self.file(name, format!("#!/bin/sh\n{}\n", body)))
    }
}

/// The correct program for any folder: prints the `.out` of the case whose
/// `.in` equals its stdin. The cases are copied into the script (as
/// here-documents): in the sandbox a program sees no problem folder.
fn oracle(dir: &Dir) -> String {
    dir.script("oracle.sh", &oracle_body(dir))
}

/// The script of [`oracle`].
fn oracle_body(dir: &Dir) -> String {
    let mut ins: Vec<PathBuf> = std::fs::read_dir(dir.problem())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    ins.sort();
    let mut body = String::from("input=$(cat)\n");
    for (i, input) in ins.iter().enumerate() {
        let answer = input.with_extension("out");
        let (Ok(text), Ok(out)) = (
            std::fs::read_to_string(input),
            std::fs::read_to_string(&answer),
        ) else {
            continue;
        };
        body.push_str(&format!(
            "if [ \"$input\" = \"$(cat <<'IN{i}'\n{}\nIN{i}\n)\" ]; then\ncat <<'OUT{i}'\n{}\nOUT{i}\nexit 0\nfi\n",
            text.trim_end_matches('\n'),
            out.trim_end_matches('\n'),
            i = i
        ));
    }
    body.push_str("exit 9");
    body
}

/// A folder with the BOJ 2239 sample and the all-blank grid, judged
/// `answers` way.
fn two_cases(test: &str, answers: &str) -> Dir {
    let dir = Dir::new(test);
    dir.case_file("sample-1.in", BOJ2239_IN)
        .case_file("sample-1.out", BOJ2239_OUT)
        .case_file("all-zero.in", EMPTY_DIGITS)
        .case_file("all-zero.out", SMALLEST)
        .case_file(
            "judge.conf",
            &format!(
                "# test folder\nbinary = boj2239\nanswers = {}\ntime_limit = 5\n",
                answers
            ),
        );
    dir
}

fn judge(program: &str, folder: &Path) -> assert_cmd::assert::Assert {
    sudoku()
        .env_remove("NO_COLOR")
        .args(["judge", program, folder.to_str().unwrap()])
        .assert()
}

/// The verdict column of case `name` in the judge's output.
fn verdict_of(stdout: &str, name: &str) -> String {
    stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap_or("(no row)")
        .to_string()
}

fn stdout_of(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&assert.get_output().stdout).into_owned()
}

#[test]
fn judge_correct_program_passes_every_case_with_exit_0() {
    for answers in ["exact", "any", "smallest"] {
        let dir = two_cases(&format!("correct-{}", answers), answers);
        let assert = judge(&oracle(&dir), &dir.problem()).code(0);
        let out = stdout_of(&assert);
        assert_eq!(verdict_of(&out, "all-zero"), "AC", "{}", out);
        assert_eq!(verdict_of(&out, "sample-1"), "AC", "{}", out);
        assert!(out.ends_with("2/2 passed\n"), "{}", out);
        assert!(
            out.starts_with(&format!(
                "{}: 2 cases, answers = {}, time limit 5 s, memory limit 256 MiB, \
                 output limit 8 MiB\n",
                dir.problem().display(),
                answers
            )),
            "{}",
            out
        );
        assert!(out.ends_with("verdict: AC\n2/2 passed\n"), "{}", out);
        // Not a terminal: no color codes.
        assert!(!out.contains('\x1b'), "{}", out);
    }
}

#[test]
fn judge_rows_give_name_verdict_and_milliseconds_in_natural_order() {
    let dir = two_cases("rows", "exact");
    dir.case_file("sample-10.in", BOJ2239_IN)
        .case_file("sample-10.out", BOJ2239_OUT)
        .case_file("sample-2.in", BOJ2239_IN)
        .case_file("sample-2.out", BOJ2239_OUT);
    let out = stdout_of(&judge(&oracle(&dir), &dir.problem()).code(0));
    let names: Vec<&str> = out
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        [
            "all-zero",
            "sample-1",
            "sample-2",
            "sample-10",
            "verdict:",
            "4/4"
        ]
    );
    for row in out.lines().skip(1).take(4) {
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words.len(), 7, "{}", row);
        assert!(words[2].parse::<u64>().is_ok(), "{}", row);
        assert_eq!(words[3], "ms");
        assert!(words[4].parse::<f64>().is_ok_and(|mb| mb > 0.0), "{}", row);
        assert_eq!(words[5], "MB");
        assert!(["sandboxed", "bare"].contains(&words[6]), "{}", row);
    }
}

#[test]
fn judge_wrong_program_gets_wa_with_the_first_differing_line() {
    let dir = two_cases("wrong", "exact");
    // Echoes the puzzle back: row 1 differs first.
    let assert = judge(&dir.script("echo.sh", "cat"), &dir.problem()).code(1);
    let out = stdout_of(&assert);
    assert_eq!(verdict_of(&out, "sample-1"), "WA", "{}", out);
    assert!(
        out.contains("    line 1: expected \"143628579\", got \"103000509\"\n"),
        "{}",
        out
    );
    assert!(out.ends_with("0/2 passed\n"), "{}", out);
}

#[test]
fn judge_any_accepts_another_completion_and_smallest_rejects_it() {
    let dir = Dir::new("any-smallest");
    dir.case_file("blank.in", EMPTY_DIGITS)
        .case_file("blank.out", SMALLEST);
    let other = dir.script(
        "other.sh",
        &format!(
            "cat >/dev/null\nprintf '{}'",
            NOT_SMALLEST.replace('\n', "\\n")
        ),
    );
    dir.case_file("judge.conf", "answers = any\n");
    let out = stdout_of(&judge(&other, &dir.problem()).code(0));
    assert_eq!(verdict_of(&out, "blank"), "AC", "{}", out);
    dir.case_file("judge.conf", "answers = smallest\n");
    let out = stdout_of(&judge(&other, &dir.problem()).code(1));
    assert_eq!(verdict_of(&out, "blank"), "WA", "{}", out);
    assert!(
        out.contains("    not the smallest completion: r1c1 is 2, the smallest completion has 1\n"),
        "{}",
        out
    );
}

#[test]
fn judge_slow_program_gets_tle() {
    let dir = two_cases("slow", "exact");
    let out = stdout_of(
        &sudoku()
            .args([
                "judge",
                "--time-limit",
                "0.3",
                "sleep 30",
                dir.problem().to_str().unwrap(),
            ])
            .assert()
            .code(1),
    );
    assert_eq!(verdict_of(&out, "sample-1"), "TLE", "{}", out);
    assert_eq!(verdict_of(&out, "all-zero"), "TLE", "{}", out);
    assert!(out.contains("time limit 0.3 s"), "{}", out);
    assert!(
        out.contains("    killed at the time limit of 0.3 s\n"),
        "{}",
        out
    );
}

#[test]
fn judge_crashing_program_gets_re_with_status_and_stderr() {
    let dir = two_cases("crash", "any");
    let crash = dir.script(
        "crash.sh",
        "echo 'thread main panicked at src/main.rs:3' >&2\nexit 101",
    );
    let out = stdout_of(&judge(&crash, &dir.problem()).code(1));
    assert_eq!(verdict_of(&out, "sample-1"), "RE", "{}", out);
    assert!(
        out.contains("    exit status 101; stderr: thread main panicked at src/main.rs:3\n"),
        "{}",
        out
    );
    // A signal: `sh -c` kills itself, so the judge sees the signal.
    let out = stdout_of(&judge("kill -SEGV $$", &dir.problem()).code(1));
    assert_eq!(verdict_of(&out, "all-zero"), "RE", "{}", out);
    assert!(out.contains("killed by signal 11 (SIGSEGV)"), "{}", out);
}

#[test]
fn judge_badly_laid_out_output_gets_pe() {
    // exact: the right digits with a space in front of each line.
    let dir = two_cases("pe-exact", "exact");
    let spaced = format!("{} | sed 's/^/ /'", oracle(&dir));
    let out = stdout_of(&judge(&spaced, &dir.problem()).code(1));
    assert_eq!(verdict_of(&out, "sample-1"), "PE", "{}", out);
    assert!(
        out.contains(
            "    whitespace differs: line 1: expected \"143628579\", got \" 143628579\"\n"
        ),
        "{}",
        out
    );
    // any: digits with spaces between them, for a digits input.
    let dir = two_cases("pe-any", "any");
    let spread = format!("{} | sed 's/./& /g; s/ $//'", oracle(&dir));
    let out = stdout_of(&judge(&spread, &dir.problem()).code(1));
    assert_eq!(verdict_of(&out, "all-zero"), "PE", "{}", out);
    assert!(
        out.contains("(the answer must be in the digits format)"),
        "{}",
        out
    );
}

#[test]
fn judge_runs_an_executable_path_directly() {
    use std::os::unix::fs::PermissionsExt;
    let dir = two_cases("path", "exact");
    let path = dir.path().join("solve");
    let body = format!("#!/bin/sh\n{}\n", oracle_body(&dir));
    std::fs::write(&path, body).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    // Another test's fork can briefly hold the new file open for writing
    // (ETXTBSY): try again then.
    for attempt in 0..5 {
        let got = sudoku()
            .args([
                "judge",
                path.to_str().unwrap(),
                dir.problem().to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&got.stderr);
        if err.contains("Text file busy") && attempt < 4 {
            continue;
        }
        assert_eq!(got.status.code(), Some(0), "{}", err);
        assert!(String::from_utf8_lossy(&got.stdout).ends_with("2/2 passed\n"));
        break;
    }
}

#[test]
fn judge_missing_folder_or_program_is_an_error_with_exit_2() {
    let dir = Dir::new("missing");
    let missing = dir.path().join("no-such-problem");
    judge("cat", &missing).code(2).stdout("").stderr(format!(
        "sudoku judge: {}: no such folder\n",
        missing.display()
    ));
    judge("./no/such/program", &dir.problem())
        .code(2)
        .stderr("sudoku judge: ./no/such/program: no such program\n");
}

#[test]
fn judge_a_folder_an_empty_name_or_an_unknown_command_as_program_is_a_usage_error() {
    let dir = Dir::new("unrunnable");
    let problem = dir.problem();
    let folder = dir.path().to_str().unwrap().to_string();
    judge(&folder, &problem).code(2).stdout("").stderr(format!(
        "sudoku judge: {}: a folder, not a program\n",
        folder
    ));
    for empty in ["", "  "] {
        judge(empty, &problem)
            .code(2)
            .stdout("")
            .stderr("sudoku judge: PROGRAM is empty: name a program or a source file\n");
    }
    judge("nosuchprog-sudoku-kit --flag", &problem)
        .code(2)
        .stdout("")
        .stderr("sudoku judge: nosuchprog-sudoku-kit: no such program\n");
}

#[test]
fn judge_folder_without_cases_is_an_error() {
    let dir = Dir::new("no-cases");
    dir.case_file("judge.conf", "answers = any\n");
    judge("cat", &dir.problem())
        .code(2)
        .stderr(predicate::str::ends_with("no cases (no *.in file)\n"));
}

#[test]
fn judge_bad_conf_is_an_error_naming_the_line() {
    let dir = two_cases("bad-conf", "exact");
    dir.case_file("judge.conf", "answers = any\n\ntimelimit = 1\n");
    judge("cat", &dir.problem()).code(2).stderr(format!(
        "sudoku judge: {}: line 3: unknown key `timelimit` (known: binary, compile, compile_c, \
         compile_cpp, compile_java, compile_python, answers, cases, box, symbols, blank, \
         separator, x, regions, cages, from, format, no_solution, many_solutions, one_solution, \
         illegal, not_minimal, header, time_limit, memory_limit, output_limit, input, solutions, \
         clashes, boards, sizes, blanks, solved_by)\n",
        dir.problem().join("judge.conf").display()
    ));
    dir.case_file("judge.conf", "answers = exact\ntime_limit = soon\n");
    judge("cat", &dir.problem())
        .code(2)
        .stderr(predicate::str::contains(
            "line 2: time_limit `soon`: expected a number of seconds",
        ));
}

#[test]
fn judge_without_conf_compares_exactly_and_says_so() {
    let dir = Dir::new("no-conf");
    dir.case_file("a.in", BOJ2239_IN)
        .case_file("a.out", BOJ2239_OUT);
    // `cat` echoes the puzzle: WA whatever the load, so only the header
    // (the default limit) and the note are looked at.
    let assert = judge("cat", &dir.problem())
        .code(1)
        .stderr(predicate::str::contains(
            "has no judge.conf; comparing exactly",
        ));
    assert!(stdout_of(&assert).contains("answers = exact, time limit 2 s"));
    sudoku()
        .args([
            "judge",
            "-t",
            "30",
            &oracle(&dir),
            dir.problem().to_str().unwrap(),
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with("1/1 passed\n"));
    // exact needs every .out.
    dir.case_file("b.in", BOJ2239_IN);
    judge(&oracle(&dir), &dir.problem())
        .code(2)
        .stderr(predicate::str::contains("case b has no b.out"));
}

#[test]
fn judge_bad_time_limit_is_a_usage_error() {
    let dir = two_cases("bad-limit", "exact");
    sudoku()
        .args([
            "judge",
            "--time-limit",
            "0",
            "cat",
            dir.problem().to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--time-limit `0`"));
    sudoku().args(["judge", "cat"]).assert().code(2);
}

#[test]
fn judge_boj2239_passes_its_problem_folder() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/boj2239");
    assert!(
        folder.join("judge.conf").is_file(),
        "{} with its judge.conf must exist",
        folder.display()
    );
    let binary = assert_cmd::cargo::cargo_bin("boj2239");
    assert!(binary.is_file(), "{} was not built", binary.display());
    let assert = judge(binary.to_str().unwrap(), &folder).code(0);
    let out = stdout_of(&assert);
    let cases = std::fs::read_dir(folder.join("test"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "in")
        })
        .count();
    assert!(cases >= 4, "{}", out);
    assert!(
        out.ends_with(&format!("{}/{} passed\n", cases, cases)),
        "{}",
        out
    );
}

#[test]
fn judge_takes_the_test_folder_with_its_parents_conf() {
    // The oj layout: judge.conf at the top, the cases in test/.
    let dir = Dir::new("oj-layout");
    let top = dir.path().join("top");
    std::fs::create_dir_all(top.join("test")).unwrap();
    std::fs::write(top.join("judge.conf"), "answers = any\ntime_limit = 30\n").unwrap();
    std::fs::write(top.join("test/blank.in"), EMPTY_DIGITS).unwrap();
    let other = dir.file("other.txt", NOT_SMALLEST);
    for folder in [top.clone(), top.join("test")] {
        let assert = judge(&format!("cat '{}'", other), &folder)
            .code(0)
            .stderr("");
        let out = stdout_of(&assert);
        assert!(
            out.starts_with(&format!(
                "{}: 1 case, answers = any, time limit 30 s",
                folder.display()
            )),
            "{}",
            out
        );
        assert!(out.ends_with("1/1 passed\n"), "{}", out);
    }
}

/// A folder with one exact case: BOJ 2239's sample.
fn sample_folder(dir: &Dir, conf: &str) -> PathBuf {
    dir.case_file("sample-1.in", BOJ2239_IN)
        .case_file("sample-1.out", BOJ2239_OUT)
        .case_file("judge.conf", conf);
    dir.problem()
}

#[test]
fn judge_builds_a_source_alone_with_what_it_includes_and_judges_it() {
    // A LeetCode-style harness: src/bin/NAME.rs include!s ../leetcode/NAME.rs.
    let dir = Dir::new("source");
    let folder = sample_folder(&dir, "answers = exact\ntime_limit = 30\n");
    std::fs::create_dir_all(dir.path().join("src/bin")).unwrap();
    std::fs::create_dir_all(dir.path().join("src/leetcode")).unwrap();
    dir.file(
        "src/leetcode/answer.rs",
        format!("const ANSWER: &str = {:?};\n", BOJ2239_OUT),
    );
    let source = dir.file(
        "src/bin/answer.rs",
        "use std::io::Read;\ninclude!(\"../leetcode/answer.rs\");\nfn main() {\n    \
         let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    \
         print!(\"{}\", ANSWER);\n}\n",
    );
    let assert = judge(&source, &folder).code(0);
    let out = stdout_of(&assert);
    let compile = out.lines().nth(1).unwrap_or("");
    assert!(compile.starts_with("compile: OK in "), "{}", out);
    assert!(
        compile.ends_with(" ms (rustc --edition 2018 -O Main.rs -o Main)"),
        "{}",
        out
    );
    assert_eq!(verdict_of(&out, "sample-1"), "AC", "{}", out);
    assert!(out.ends_with("verdict: AC\n1/1 passed\n"), "{}", out);
    // The folder's compile line is the one used.
    dir.case_file(
        "judge.conf",
        "answers = exact\ntime_limit = 30\ncompile = rustc --edition 2015 {source} -o {binary}\n",
    );
    let out = stdout_of(&judge(&source, &folder).code(0));
    assert!(
        out.contains("(rustc --edition 2015 Main.rs -o Main)\n"),
        "{}",
        out
    );
}

#[test]
fn judge_source_that_does_not_compile_is_ce_with_the_first_error_lines() {
    let dir = Dir::new("ce");
    let folder = sample_folder(&dir, "answers = exact\n");
    let source = dir.file(
        "broken.rs",
        "fn main() {\n    println!(\"{}\", nothing);\n}\n",
    );
    let out = stdout_of(&judge(&source, &folder).code(1));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("compile: CE in "), "{}", out);
    assert!(
        lines[1].ends_with(" ms (rustc --edition 2018 -O Main.rs -o Main)"),
        "{}",
        out
    );
    assert!(
        lines[2].starts_with("    error[E0425]: cannot find value `nothing`"),
        "{}",
        out
    );
    // The compiler's messages name the user's file, not the build copy.
    assert!(out.contains(&format!("    --> {}:2:", source)), "{}", out);
    assert!(out.ends_with("verdict: CE\n0/1 passed\n"), "{}", out);
    // No case ran.
    assert_eq!(verdict_of(&out, "sample-1"), "(no row)", "{}", out);
    let json = stdout_of(
        &sudoku()
            .args(["judge", "--json", &source, folder.to_str().unwrap()])
            .assert()
            .code(1),
    );
    assert!(
        json.contains(
            "\"compile\": {\"command\": \"rustc --edition 2018 -O Main.rs -o Main\", \
             \"verdict\": \"CE\", \"time_ms\": "
        ),
        "{}",
        json
    );
    assert!(
        json.contains(", \"reason\": \"error[E0425]: cannot find value `nothing` in this scope\\n"),
        "{}",
        json
    );
    assert!(json.contains("\"cases\": [],\n"), "{}", json);
    assert!(json.contains("\"verdict\": \"CE\",\n  \"passed\": 0,\n  \"total\": 1,\n"));
}

#[test]
fn judge_json_is_one_document_with_every_case_and_the_totals() {
    let dir = two_cases("json", "exact");
    let json = stdout_of(
        &sudoku()
            .args(["judge", "--json", "cat", dir.problem().to_str().unwrap()])
            .assert()
            .code(1),
    );
    assert!(json.starts_with("{\n  \"problem\": \""), "{}", json);
    assert!(
        json.contains(
            "  \"program\": \"cat\",\n  \"answers\": \"exact\",\n  \"limits\": {\"time_ms\": 5000, \
             \"memory_kb\": 262144, \"output_kb\": 8192},\n  \"compile\": null,\n  \"cases\": [\n    \
             {\"name\": \"all-zero\", \"verdict\": \"WA\", \"time_ms\": "
        ),
        "{}",
        json
    );
    assert!(
        json.contains("\"reason\": \"line 1: expected \\\"143628579\\\", got \\\"103000509\\\"\""),
        "{}",
        json
    );
    assert!(
        json.contains("  ],\n  \"verdict\": \"WA\",\n  \"passed\": 0,\n  \"total\": 2,\n"),
        "{}",
        json
    );
    assert!(json.ends_with("}\n"), "{}", json);
    // Exactly one row per case, no table.
    assert_eq!(json.matches("{\"name\": ").count(), 2, "{}", json);
    assert!(!json.contains("passed\n"), "{}", json);
}

#[test]
fn judge_unreadable_case_file_is_one_error_line() {
    let dir = two_cases("unreadable", "exact");
    // A .in that is a file but cannot be read (reading it fails even as root).
    std::os::unix::fs::symlink("/proc/self/mem", dir.problem().join("broken.in")).unwrap();
    dir.case_file("broken.out", "x\n");
    let assert = judge(&oracle(&dir), &dir.problem()).code(2).stdout("");
    let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        err.starts_with(&format!(
            "sudoku judge: {}: ",
            dir.problem().join("broken.in").display()
        )),
        "{}",
        err
    );
    assert_eq!(err.lines().count(), 1, "{}", err);
}

#[test]
fn judge_a_silent_failed_allocation_is_mle_and_a_plain_failure_re() {
    let dir = two_cases("silent-allocation", "exact");
    // Asks for 256 MiB under a 64 MiB limit; on failure exits 3, silently.
    let script = dir.file(
        "silent.py",
        "import sys\ntry:\n    block = bytearray(1 << 28)\nexcept MemoryError:\n    sys.exit(3)\n",
    );
    let python = format!("python3 {}", script);
    let out = stdout_of(
        &sudoku()
            .env_remove("NO_COLOR")
            .args(["judge", "--memory-limit", "64", &python])
            .arg(dir.problem())
            .assert()
            .code(1),
    );
    assert_eq!(verdict_of(&out, "sample-1"), "MLE", "{}", out);
    assert!(
        out.contains("an allocation failed under the memory limit of 64 MiB: with 4096 MiB"),
        "{}",
        out
    );
    let plain = stdout_of(&judge("sh -c 'exit 3'", &dir.problem()).code(1));
    assert_eq!(verdict_of(&plain, "sample-1"), "RE", "{}", plain);
}

#[test]
fn judge_bad_memory_or_output_limit_is_a_usage_error() {
    let dir = two_cases("bad-limits", "exact");
    for (option, value) in [
        ("--memory-limit", "0"),
        ("--memory-limit", "lots"),
        ("--output-limit", "1.5"),
    ] {
        sudoku()
            .args([
                "judge",
                option,
                value,
                "cat",
                dir.problem().to_str().unwrap(),
            ])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "sudoku judge: {} `{}`: expected a whole number of MiB",
                option, value
            )));
    }
}

#[test]
fn judge_several_programs_prints_one_row_each_and_the_count_of_ac() {
    let dir = two_cases("several", "exact");
    let right = oracle(&dir);
    let out = sudoku()
        .args(["judge", &right, "echo 42"])
        .arg(dir.problem())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("submission "), "{}", text);
    assert!(
        lines[1].ends_with("verdict  passed  worst ms  peak MB  first failing  runs"),
        "{}",
        text
    );
    let right_row: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(&right_row[2..4], ["AC", "2/2"], "{}", text);
    assert_eq!(right_row[6], "-", "{}", text);
    let wrong = lines[3].strip_prefix("echo 42").unwrap_or("");
    let wrong_row: Vec<&str> = wrong.split_whitespace().collect();
    assert_eq!(&wrong_row[..2], ["WA", "0/2"], "{}", text);
    // The first failing case in natural order, its reason under the row.
    assert_eq!(wrong_row[4], "all-zero", "{}", text);
    assert!(lines[4].starts_with("    line 1: expected"), "{}", text);
    assert_eq!(lines.last(), Some(&"1/2 submissions AC"), "{}", text);
    let out = sudoku()
        .args(["judge", "--json", &right, "echo 42"])
        .arg(dir.problem())
        .output()
        .unwrap();
    let doc = String::from_utf8_lossy(&out.stdout);
    assert!(doc.contains("\"first_failing\": \"all-zero\""), "{}", doc);
    assert!(
        doc.contains("\"accepted\": 1,\n  \"total\": 2,\n"),
        "{}",
        doc
    );
    // A folder with no source file is one error line.
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    sudoku()
        .args(["judge", "--submissions"])
        .arg(&empty)
        .arg(dir.problem())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no source file to judge"));
}
