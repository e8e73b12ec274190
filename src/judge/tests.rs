use super::compile::*;
use super::limits::*;
use super::run::*;
use super::verdict::*;
use super::*;
use crate::format::Format;
use crate::judge::checker::Rule;
use crate::testdata::{EMPTY_DIGITS, SMALLEST};
use std::path::Path;
use std::time::Duration;

#[test]
fn stderr_excerpt_keeps_the_last_lines() {
    assert_eq!(stderr_excerpt(b"a\n\nb\nc\nd\n", 3), "b | c | d");
    assert_eq!(stderr_excerpt(b"", 3), "");
    let long = vec![b'x'; 1000];
    assert_eq!(stderr_excerpt(&long, 3).chars().count(), 303);
}

#[test]
fn exits_read_like_a_judge() {
    assert_eq!(Exit::Code(3).to_string(), "exit status 3");
    assert_eq!(
        Exit::Signal(11).to_string(),
        "killed by signal 11 (SIGSEGV)"
    );
    assert_eq!(Exit::Signal(40).to_string(), "killed by signal 40");
    assert_eq!(
        Exit::Code(139).to_string(),
        "exit status 139 (128 + SIGSEGV: a shell's way to say the program was killed)"
    );
    assert_eq!(Exit::Code(200).to_string(), "exit status 200");
}

#[test]
fn limits_come_from_the_conf_or_the_defaults_and_read_in_units() {
    let conf = crate::judge::problem::parse_conf("time_limit = 0.5\nmemory_limit = 64\n").unwrap();
    let limits = conf.limits();
    assert_eq!(limits.time, Duration::from_millis(500));
    assert_eq!(limits.memory, Some(64 << 20));
    assert_eq!(limits.output, DEFAULT_OUTPUT_LIMIT);
    let default = Conf::default().limits();
    assert_eq!(default.time, crate::judge::limits::DEFAULT_TIME_LIMIT);
    assert_eq!(default.memory, Some(DEFAULT_MEMORY_LIMIT));
    assert_eq!(seconds(Duration::from_millis(300)), "0.3 s");
    assert_eq!(seconds(Duration::from_secs(2)), "2 s");
    assert_eq!(mib(256 << 20), "256 MiB");
    assert_eq!(mib(3 << 19), "1.5 MiB");
    assert_eq!(mb(2150), "2.1 MB");
}

#[test]
fn stderr_keeps_its_head_and_its_tail() {
    let mut errs = HeadTail::default();
    for i in 0..10_000u32 {
        errs.push(format!("line {}\n", i).as_bytes());
    }
    let (head, tail) = errs.into_parts();
    assert!(head.starts_with(b"line 0\nline 1\n"));
    assert_eq!(head.len(), STDERR_KEEP);
    assert!(tail.ends_with(b"line 9998\nline 9999\n"));
    assert_eq!(tail.len(), STDERR_KEEP);
}

#[test]
fn compile_errors_start_at_the_first_error_line() {
    let stderr = b"warning: unused variable: `x`\n --> Main.rs:2:9\n\n\
        error[E0425]: cannot find value `y` in this scope\n --> Main.rs:3:5\n  |\n\
        3 |     y\n  |     ^ not found in this scope\n\nerror: aborting due to 1 previous error\n";
    assert_eq!(
        first_errors(stderr, 3),
        "error[E0425]: cannot find value `y` in this scope\n --> Main.rs:3:5\n  |"
    );
    assert_eq!(
        first_errors(b"ld: cannot find -lfoo\n", 3),
        "ld: cannot find -lfoo"
    );
    assert_eq!(first_errors(b"", 3), "");
}

#[test]
fn includes_are_copied_only_from_inside_the_build_directory() {
    let source = "fn main() {}\ninclude!(\"../leetcode/p37.rs\");\n\
        include!( \"/etc/passwd\" );\ninclude!(concat!(\"a\", \"b\"));\n";
    assert_eq!(included_paths(source), ["../leetcode/p37.rs"]);
    let root = Path::new("/tmp/build");
    let bin = root.join("bin");
    assert_eq!(
        inside(root, &bin, "../leetcode/p37.rs"),
        Some(root.join("leetcode/p37.rs"))
    );
    assert_eq!(inside(root, &bin, "util.rs"), Some(bin.join("util.rs")));
    assert_eq!(inside(root, &bin, "../../etc/passwd"), None);
    assert_eq!(inside(root, &bin, "../x/../../y"), None);
    assert_eq!(inside(root, &bin, ".."), None);
}

/// A run that exited with `exit`, printed `stdout` and peaked at
/// `rss_kb`, quickly.
fn ran(exit: Exit, stdout: &[u8], rss_kb: u64) -> Execution {
    Execution {
        exit,
        stdout: stdout.to_vec(),
        output_exceeded: false,
        stderr_head: Vec::new(),
        stderr_tail: Vec::new(),
        wall: Duration::from_millis(1),
        cpu: Some(Duration::from_millis(1)),
        timed_out: false,
        max_rss_kb: Some(rss_kb),
        leftovers: 0,
        sandboxed: false,
    }
}

const LIMITS: Limits = Limits {
    time: Duration::from_secs(20),
    memory: Some(64 << 20),
    output: 1 << 20,
};

#[test]
fn memory_verdicts_need_a_peak_past_the_limit_or_a_failure_for_memory() {
    let mle =
        |run: &Execution| judge_run(&Rule::new(Answers::Exact), b"", Some(b"1\n"), run, &LIMITS);
    // Past the limit: MLE even when it exited well.
    let over = ran(Exit::Code(0), b"1\n", 70_000);
    assert_eq!(
        mle(&over),
        Status::MemoryLimit("peak memory 68.4 MB over the limit of 64 MiB".into())
    );
    // Near the limit and killed: MLE; far below: RE.
    assert_eq!(mle(&ran(Exit::Signal(11), b"", 62_000)).code(), "MLE");
    assert_eq!(mle(&ran(Exit::Signal(11), b"", 2_000)).code(), "RE");
    assert_eq!(mle(&ran(Exit::Code(0), b"1\n", 62_000)), Status::Accepted);
    // An allocation the limit refused, whatever the peak.
    let mut refused = ran(Exit::Signal(6), b"", 2_000);
    refused.stderr_tail = b"memory allocation of 4294967296 bytes failed\n".to_vec();
    assert_eq!(
        mle(&refused),
        Status::MemoryLimit(
            "an allocation failed under the memory limit of 64 MiB (killed by signal 6 \
             (SIGABRT); peak 2.0 MB): memory allocation of 4294967296 bytes failed"
                .into()
        )
    );
    // No memory limit: never MLE.
    assert_eq!(memory_exceeded(&over, None), None);
}

#[test]
fn verdicts_are_decided_output_then_time_then_memory_then_exit() {
    let judge =
        |run: &Execution| judge_run(&Rule::new(Answers::Exact), b"", Some(b"1\n"), run, &LIMITS);
    let mut run = ran(Exit::Signal(9), b"", 70_000);
    run.output_exceeded = true;
    run.timed_out = true;
    assert_eq!(
        judge(&run),
        Status::OutputLimit("more than 1 MiB on stdout".into())
    );
    run.output_exceeded = false;
    assert_eq!(
        judge(&run),
        Status::TimeLimit("killed at the time limit of 20 s".into())
    );
    run.timed_out = false;
    run.cpu = Some(Duration::from_secs(21));
    assert_eq!(
        judge(&run),
        Status::TimeLimit("21.000 s of CPU time, over the time limit of 20 s".into())
    );
    run.cpu = Some(Duration::ZERO);
    assert_eq!(judge(&run).code(), "MLE");
    assert_eq!(judge(&ran(Exit::Signal(24), b"", 1)).code(), "TLE");
    assert_eq!(judge(&ran(Exit::Signal(25), b"", 1)).code(), "OLE");
    assert_eq!(
        judge(&ran(Exit::Code(2), b"1\n", 1)),
        Status::RuntimeError("exit status 2, nothing on stderr".into())
    );
    assert_eq!(judge(&ran(Exit::Code(0), b"1\n", 1)), Status::Accepted);
}

#[cfg(target_os = "linux")]
#[test]
fn a_run_captures_stdout_stderr_the_exit_and_the_usage() {
    let run = run_program(
        "cat; echo oops >&2; exit 3",
        Stdin::Bytes(b"hello\n"),
        &LIMITS,
    )
    .unwrap();
    assert_eq!(run.stdout, b"hello\n");
    assert_eq!(run.stderr_tail, b"oops\n");
    assert_eq!(run.stderr_head, b"oops\n");
    assert_eq!(run.exit, Exit::Code(3));
    assert!(!run.timed_out);
    assert!(run.max_rss_kb.is_some_and(|kb| kb > 0));
    assert!(run.cpu.is_some());
    let outcome = judge_run(
        &Rule::new(Answers::Exact),
        b"",
        Some(b"hello\n"),
        &run,
        &LIMITS,
    );
    assert_eq!(
        outcome,
        Status::RuntimeError("exit status 3; stderr: oops".into())
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_signal_is_a_runtime_error() {
    let run = run_program("kill -SEGV $$", Stdin::Bytes(b""), &LIMITS).unwrap();
    assert_eq!(run.exit, Exit::Signal(11));
    let outcome = judge_run(&Rule::new(Answers::Exact), b"", Some(b""), &run, &LIMITS);
    assert_eq!(
        outcome,
        Status::RuntimeError("killed by signal 11 (SIGSEGV), nothing on stderr".into())
    );
}

#[cfg(target_os = "linux")]
#[test]
fn the_time_limit_kills_the_whole_group() {
    // The child of the shell holds stdout open: only killing the group
    // lets the run end.
    let limits = Limits {
        time: Duration::from_millis(300),
        ..LIMITS
    };
    let run = run_program("sleep 30 | cat; echo never", Stdin::Bytes(b""), &limits).unwrap();
    assert!(run.timed_out);
    assert_eq!(run.stdout, b"");
    let outcome = judge_run(
        &Rule::new(Answers::Exact),
        b"",
        Some(b"never\n"),
        &run,
        &limits,
    );
    assert_eq!(
        outcome,
        Status::TimeLimit("killed at the time limit of 0.3 s".into())
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_that_never_reads_stdin_does_not_block() {
    let big = vec![b'1'; 4 << 20];
    let run = run_program("echo done", Stdin::Bytes(&big), &LIMITS).unwrap();
    assert_eq!(run.stdout, b"done\n");
    assert_eq!(run.exit, Exit::Code(0));
}

#[cfg(target_os = "linux")]
#[test]
fn output_up_to_the_limit_is_kept_and_one_byte_more_is_ole() {
    let exactly = format!("head -c {} /dev/zero", LIMITS.output);
    let run = run_program(&exactly, Stdin::Bytes(b""), &LIMITS).unwrap();
    assert!(!run.output_exceeded);
    assert_eq!(run.stdout.len() as u64, LIMITS.output);
    let forever = run_program("yes", Stdin::Bytes(b""), &LIMITS).unwrap();
    assert!(forever.output_exceeded);
    assert_eq!(
        forever.stdout.len() as u64,
        LIMITS.output,
        "kept up to the limit"
    );
    let outcome = judge_run(
        &Rule::new(Answers::Exact),
        b"",
        Some(b"y\n"),
        &forever,
        &LIMITS,
    );
    assert_eq!(outcome.code(), "OLE");
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_is_not_executable_cannot_start_and_a_directory_is_re_126() {
    let dir = std::env::temp_dir().join(format!("sudoku-kit-judge-x-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("not-executable");
    std::fs::write(&path, "#!/bin/sh\necho hi\n").unwrap();
    // Not executable: the spawn fails.
    assert!(run_program(path.to_str().unwrap(), Stdin::Bytes(b""), &LIMITS).is_err());
    for program in [dir.to_str().unwrap(), "", "  "] {
        let run = run_program(program, Stdin::Bytes(b""), &LIMITS).unwrap();
        assert_eq!(run.exit, Exit::Code(126), "{:?}", program);
        let outcome = judge_run(&Rule::new(Answers::Exact), b"", Some(b""), &run, &LIMITS);
        assert!(
            outcome
                .detail()
                .unwrap()
                .starts_with("exit status 126; stderr: "),
            "{:?}",
            outcome
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn any_and_smallest_ask_the_checker() {
    let input = EMPTY_DIGITS.as_bytes();
    let run = ran(Exit::Code(0), SMALLEST.as_bytes(), 1);
    for answers in [Answers::Any, Answers::Smallest] {
        assert_eq!(
            judge_run(&Rule::new(answers), input, None, &run, &LIMITS),
            Status::Accepted
        );
    }
    let spaced = Rule {
        format: Some(Format::Spaced),
        ..Rule::new(Answers::Any)
    };
    let outcome = judge_run(&spaced, input, None, &run, &LIMITS);
    assert_eq!(outcome.code(), "PE");
    let outcome = judge_run(&Rule::new(Answers::Exact), input, None, &run, &LIMITS);
    assert_eq!(outcome.code(), "JF");
}

// ----------------------------------------------- the statement's promise

use crate::board::shape::Shape;
use crate::judge::problem::parse_conf;
use crate::judge::promise::{shape_of, Class, InputKind, Logic};

fn promise_of(text: &str) -> promise::Promise {
    let conf = parse_conf(text).unwrap();
    conf.promise()
}

#[test]
fn keys_parse_and_settle_the_promise() {
    let p = promise_of(
        "answers = unique\ncases = count\nsolutions = one none\nclashes = yes\n\
         boards = 1..100\nsizes = 4 9\nblanks = 5\nsolved_by = singles\n",
    );
    assert_eq!(
        p.classes,
        [Class::One, Class::NoSolution, Class::Clash].to_vec()
    );
    assert_eq!(p.boards, (1, 100));
    assert_eq!(p.shapes, [shape_of(4).unwrap(), Shape::CLASSIC].to_vec());
    assert_eq!(p.blanks, Some((5, 5)));
    assert_eq!(p.solved_by, Some(Logic::Singles));
    assert_eq!(p.input, InputKind::Boards);
    assert_eq!(promise_of("input = moves\n").input, InputKind::Moves);
}

#[test]
fn left_out_keys_come_from_the_rule() {
    let boj2580 = promise_of("answers = any\n");
    assert_eq!(boj2580.classes, [Class::One, Class::Several].to_vec());
    assert_eq!(boj2580.boards, (1, 1));
    assert_eq!(boj2580.shapes, [Shape::CLASSIC].to_vec());
    let unique = promise_of("answers = unique\ncases = eof\nno_solution = x\nbox = 2x2\n");
    assert_eq!(unique.classes, [Class::One, Class::NoSolution].to_vec());
    assert_eq!(unique.boards, (1, 10));
    assert_eq!(unique.shapes, [Shape::new(2, 2).unwrap()].to_vec());
    let classify = promise_of("answers = classify\nillegal = bad\n");
    assert!(classify.allows_class(Class::Clash));
}

#[test]
fn bad_values_name_their_line() {
    let err = |text: &str| parse_conf(text).unwrap_err().to_string();
    assert_eq!(
        err("answers = any\nsolutions = two\n"),
        "judge.conf line 2: solutions `two`: expected words among none, one, several"
    );
    assert_eq!(
        err("boards = 0..3\n"),
        "judge.conf line 1: boards `0..3`: an input holds at least 1 board"
    );
    assert_eq!(
        err("boards = 5..3\n"),
        "judge.conf line 1: boards `5..3`: expected N or MIN..MAX, from 0 to 10000"
    );
    assert!(err("sizes = 7\n").starts_with("judge.conf line 1: sizes `7`: `7` is not"));
    assert!(err("clashes = maybe\n").starts_with("judge.conf line 1: clashes `maybe`"));
    assert!(err("input = pictures\n").starts_with("judge.conf line 1: input `pictures`"));
    assert!(err("solved_by = guessing\n").starts_with("judge.conf line 1: solved_by"));
    assert!(err("blanks = many\n").starts_with("judge.conf line 1: blanks `many`"));
    assert_eq!(
        err("cases = one\nboards = 1..3\n"),
        "judge.conf line 2: boards `1..3`: cases = one reads exactly 1 board"
    );
    assert_eq!(
        err("box = 2x2\nsizes = 9\n"),
        "judge.conf line 2: sizes `9`: box = 2x2 makes every board 4x4"
    );
}
