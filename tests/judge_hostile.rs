//! `sudoku judge` against hostile programs: each gets its verdict, the
//! judge stays small, and no process a program started outlives its case.
//!
//! Every program is a small `sh` script (or a tiny Rust source the judge
//! builds) in a temp dir, judged on a one-case folder whose answer is
//! BOJ 2239's sample. A script that starts processes writes their pids to
//! a file and gives them a command line with a marker number no other test
//! uses (`sleep 987651`); after the judge has exited, none may be alive.
//! Limits are generous where the program should pass (a loaded machine),
//! short where it must be stopped; nothing here sleeps or times anything.
//!
//! These are the bare runner's defences (`--sandbox off`): the scripts
//! report through files the sandbox would hide from them. The sandbox's
//! own are in `tests/judge_sandbox.rs`.

use crate::common;

use common::{json_doc, sudoku, Dir, BOJ2239_IN, BOJ2239_OUT};
use std::path::PathBuf;

/// This file's use of the shared temp dir (its one-case problem folder is
/// [`Dir::one_case`]): a script beside it, a pid file.
impl Dir {
    /// The command that prints the right answer.
    fn answer(&self) -> String {
        format!("cat '{}'", self.file("answer.txt", BOJ2239_OUT))
    }

    /// The pid file scripts append to.
    fn pids(&self) -> String {
        self.path().join("pids").to_str().unwrap().to_string()
    }

    /// Writes `body` as a script; returns the command line that runs it.
    fn hostile_script(&self, body: &str) -> String {
        format!(
            "sh {}",
            self.file("program.sh", format!("#!/bin/sh\n{}\n", body))
        )
    }
}

/// Runs `sudoku judge --json --sandbox off ARGS... PROGRAM FOLDER`; returns the exit code
/// and the JSON document.
fn judge_json(args: &[&str], program: &str, folder: &PathBuf) -> (Option<i32>, String) {
    let out = sudoku()
        .arg("judge")
        .args(["--json", "--sandbox", "off"])
        .args(args)
        .arg(program)
        .arg(folder)
        .output()
        .expect("sudoku judge runs");
    let doc = json_doc(&out);
    (out.status.code(), doc)
}

/// The value of `"key": ` in `doc` (a string's contents, or up to the
/// next `,` or end of line), its first occurrence from the cases on (the
/// first case's, or the totals').
fn field<'a>(doc: &'a str, key: &str) -> &'a str {
    let pat = format!("\"{}\": ", key);
    let cases = doc.find("\"cases\"").unwrap_or(0);
    let at = doc[cases..]
        .find(&pat)
        .unwrap_or_else(|| panic!("no {} in {}", key, doc));
    let rest = &doc[cases + at + pat.len()..];
    if let Some(text) = rest.strip_prefix('"') {
        // A string: up to the closing quote not preceded by a backslash.
        let bytes = text.as_bytes();
        let end = (0..bytes.len())
            .find(|&i| bytes[i] == b'"' && (i == 0 || bytes[i - 1] != b'\\'))
            .unwrap_or(text.len());
        return &text[..end];
    }
    let end = rest.find([',', '\n', '}']).unwrap_or(rest.len());
    &rest[..end]
}

/// The processes still alive whose command line contains `marker`: those
/// listed in `pid_file` and any other on the system.
fn survivors(pid_file: &str, marker: &str) -> Vec<String> {
    let runs_marker = |pid: &str| {
        std::fs::read(format!("/proc/{}/cmdline", pid))
            .map(|c| String::from_utf8_lossy(&c).contains(marker))
            .unwrap_or(false)
    };
    let listed = std::fs::read_to_string(pid_file).unwrap_or_default();
    let mut alive: Vec<String> = listed
        .split_whitespace()
        .filter(|pid| runs_marker(pid))
        .map(|pid| format!("{} (listed)", pid))
        .collect();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.parse::<u32>().is_ok() && runs_marker(&name) {
            alive.push(name);
        }
    }
    alive
}

#[test]
fn hostile_sleeping_forever_is_tle_and_the_sleeper_is_gone() {
    let dir = Dir::new("sleeps");
    let folder = dir.one_case();
    let program = dir.hostile_script(&format!("echo $$ >> {}\nexec sleep 987659", dir.pids()));
    let (code, doc) = judge_json(&["--time-limit", "1"], &program, &folder);
    assert_eq!(code, Some(1), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "TLE", "{}", doc);
    assert_eq!(field(&doc, "reason"), "killed at the time limit of 1 s");
    assert!(!std::fs::read_to_string(dir.pids()).unwrap().is_empty());
    assert_eq!(survivors(&dir.pids(), "987659"), Vec::<String>::new());
}

#[test]
fn hostile_printing_forever_is_ole_and_the_judge_stays_small() {
    let dir = Dir::new("prints");
    let folder = dir.one_case();
    // The default output limit (8 MiB); `yes` would print gigabytes in the
    // 30 s it is allowed.
    let (code, doc) = judge_json(&["--time-limit", "30"], "yes sudoku", &folder);
    assert_eq!(code, Some(1), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "OLE", "{}", doc);
    assert_eq!(field(&doc, "reason"), "more than 8 MiB on stdout");
    let peak_kb: u64 = field(&doc, "judge_peak_kb").parse().unwrap();
    // What it kept (8 MiB) and its own few MB, with room to spare; never
    // the gigabytes it was sent.
    assert!(peak_kb < 32 * 1024, "the judge peaked at {} KB", peak_kb);
    // A smaller limit: stopped there too.
    let (_, doc) = judge_json(&["--output-limit", "1"], "yes sudoku", &folder);
    assert_eq!(field(&doc, "reason"), "more than 1 MiB on stdout");
}

#[test]
fn hostile_child_left_running_in_the_group_does_not_spoil_an_answer() {
    let dir = Dir::new("group-child");
    let folder = dir.one_case();
    // The child keeps stdout open after the program exits.
    let program = dir.hostile_script(&format!(
        "sleep 987658 &\necho $! >> {}\n{}",
        dir.pids(),
        dir.answer()
    ));
    let (code, doc) = judge_json(&["--time-limit", "30"], &program, &folder);
    assert_eq!(code, Some(0), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "AC", "{}", doc);
    assert_eq!(survivors(&dir.pids(), "987658"), Vec::<String>::new());
}

#[test]
fn hostile_child_in_a_new_session_does_not_spoil_an_answer_or_survive() {
    let dir = Dir::new("setsid-child");
    let folder = dir.one_case();
    // The escape: out of the process group, holding the pipes.
    let program = dir.hostile_script(&format!(
        "setsid sleep 987657 &\necho $! >> {}\nexec {}",
        dir.pids(),
        dir.answer()
    ));
    let (code, doc) = judge_json(&["--time-limit", "30"], &program, &folder);
    assert_eq!(code, Some(0), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "AC", "{}", doc);
    assert_eq!(field(&doc, "leftovers"), "1", "{}", doc);
    assert_eq!(survivors(&dir.pids(), "987657"), Vec::<String>::new());
}

#[test]
fn hostile_daemons_that_keep_starting_sessions_are_all_killed() {
    let dir = Dir::new("spawner");
    let folder = dir.one_case();
    // A detached loop (double fork) starting a new session every 20 ms.
    let program = dir.hostile_script(&format!(
        "(while :; do setsid sleep 987656 & echo $! >> {}; sleep 0.02; done) &\n\
         {}\nsleep 0.2",
        dir.pids(),
        dir.answer()
    ));
    let (code, doc) = judge_json(&["--time-limit", "30"], &program, &folder);
    assert_eq!(code, Some(0), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "AC", "{}", doc);
    assert_eq!(survivors(&dir.pids(), "987656"), Vec::<String>::new());
}

#[test]
fn hostile_killing_itself_is_re_with_the_signal_name() {
    let dir = Dir::new("signal");
    let folder = dir.one_case();
    let (code, doc) = judge_json(&[], "kill -ABRT $$", &folder);
    assert_eq!(code, Some(1), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "RE", "{}", doc);
    assert_eq!(
        field(&doc, "reason"),
        "killed by signal 6 (SIGABRT), nothing on stderr"
    );
}

#[test]
fn hostile_allocating_gigabytes_is_mle() {
    let dir = Dir::new("hog");
    let folder = dir.one_case();
    // At once: the allocation is refused outright.
    let at_once = dir.file(
        "at_once.rs",
        "fn main() {\n    let v = vec![7u8; 4 << 30];\n    println!(\"{}\", v[v.len() - 1]);\n}\n",
    );
    // Bit by bit: memory in use grows until the limit stops it.
    let bit_by_bit = dir.file(
        "bit_by_bit.rs",
        "fn main() {\n    let mut chunks = Vec::new();\n    loop {\n        \
         chunks.push(vec![1u8; 1 << 20]);\n        if chunks.len() > 1 << 14 {\n            \
         break;\n        }\n    }\n    println!(\"{}\", chunks.len());\n}\n",
    );
    for source in [&at_once, &bit_by_bit] {
        let args = ["--memory-limit", "64", "--time-limit", "30"];
        let (code, doc) = judge_json(&args, source, &folder);
        assert_eq!(code, Some(1), "{}", doc);
        assert_eq!(field(&doc, "verdict"), "MLE", "{}: {}", source, doc);
        assert!(field(&doc, "reason").contains("limit of 64 MiB"), "{}", doc);
    }
}

#[test]
fn hostile_100_mb_on_stderr_keeps_the_tail_and_the_verdict_follows_stdout() {
    let dir = Dir::new("stderr");
    let folder = dir.one_case();
    let noisy = "yes 'noise on stderr' | head -c 100000000 >&2";
    let right = dir.hostile_script(&format!("{}\n{}", noisy, dir.answer()));
    let (code, doc) = judge_json(&["--time-limit", "60"], &right, &folder);
    assert_eq!(code, Some(0), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "AC", "{}", doc);
    let peak_kb: u64 = field(&doc, "judge_peak_kb").parse().unwrap();
    assert!(peak_kb < 32 * 1024, "the judge peaked at {} KB", peak_kb);
    // Failing after the noise: the reason quotes the end of stderr.
    let failing = dir.hostile_script(&format!("{}\necho 'the last words' >&2\nexit 3", noisy));
    let (_, doc) = judge_json(&["--time-limit", "60"], &failing, &folder);
    assert_eq!(field(&doc, "verdict"), "RE", "{}", doc);
    assert_eq!(
        field(&doc, "reason"),
        "exit status 3; stderr: noise on stderr | noise on stderr | the last words"
    );
}

#[test]
fn hostile_never_reading_a_large_input_is_judged_by_its_output() {
    let dir = Dir::new("no-read");
    let folder = dir.one_case();
    // 16 MiB of input nobody reads: far more than a pipe holds.
    let big: String = BOJ2239_IN.repeat((16 << 20) / BOJ2239_IN.len());
    std::fs::write(folder.join("test/one.in"), big).unwrap();
    let (code, doc) = judge_json(&["--time-limit", "30"], &dir.answer(), &folder);
    assert_eq!(code, Some(0), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "AC", "{}", doc);
    let (code, doc) = judge_json(&["--time-limit", "30"], "echo 42", &folder);
    assert_eq!(code, Some(1), "{}", doc);
    assert_eq!(field(&doc, "verdict"), "WA", "{}", doc);
}

#[test]
fn hostile_programs_die_with_a_judge_stopped_by_ctrl_c() {
    let dir = Dir::new("interrupt");
    let folder = dir.one_case();
    // The program reports its pids through a FIFO: reading it waits until
    // they exist, without sleeping here.
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let program = dir.hostile_script(&format!(
        "setsid sleep 987655 &\necho $$ $! > {}\nexec sleep 987655",
        fifo.display()
    ));
    let judge = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["judge", "--sandbox", "off", "--time-limit", "600", &program])
        .arg(&folder)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sudoku judge starts");
    let pids = std::fs::read_to_string(&fifo).expect("the program writes its pids");
    std::fs::write(dir.pids(), &pids).unwrap();
    let sent = std::process::Command::new("kill")
        .args(["-INT", &judge.id().to_string()])
        .status();
    assert!(sent.is_ok_and(|s| s.success()), "kill -INT");
    let out = judge.wait_with_output().expect("the judge ends");
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sudoku judge: interrupted; the program and everything it started were killed\n"
    );
    assert_eq!(survivors(&dir.pids(), "987655"), Vec::<String>::new());
}
