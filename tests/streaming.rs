//! The commands read their input as a stream: an answer comes out while
//! the input is still open (the process is fed one puzzle, answers it,
//! and only then is its stdin closed), in input order, whatever `-j` is;
//! and memory does not grow with the input (the peak resident size read
//! from `/proc` while the process still runs).

use crate::common;

use common::{digit_rows, Dir, WIKI, WIKI_SOLVED};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long to wait for an answer before calling the test failed (a
/// guard against hanging, not a timing assertion).
const PATIENCE: Duration = Duration::from_secs(120);

/// `sudoku ARGS` with piped stdin and stdout; its stdout lines arrive on
/// the receiver as they are written.
fn spawn<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (Child, ChildStdin, Receiver<String>) {
    spawn_reading(args, false)
}

/// `sudoku check ARGS`: its verdict is on stderr (testlib's way), whose
/// lines arrive on the receiver.
fn spawn_check<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (Child, ChildStdin, Receiver<String>) {
    spawn_reading(args, true)
}

/// `sudoku ARGS`; the lines of stdout (or of stderr) arrive on the
/// receiver as they are written.
fn spawn_reading<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    stderr: bool,
) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudoku starts");
    let stdin = child.stdin.take().expect("piped stdin");
    let read: Box<dyn std::io::Read + Send> = match stderr {
        true => Box::new(child.stderr.take().expect("piped stderr")),
        false => Box::new(child.stdout.take().expect("piped stdout")),
    };
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(read).lines() {
            match line {
                Ok(line) => {
                    if tx.send(line).is_err() {
                        return;
                    }
                }
                Err(_) => return,
            }
        }
    });
    (child, stdin, rx)
}

/// The next line the process writes, failing the test if none comes.
fn next_line(child: &mut Child, lines: &Receiver<String>) -> String {
    match lines.recv_timeout(PATIENCE) {
        Ok(line) => line,
        Err(e) => {
            let _ = child.kill();
            panic!("no answer while the input is open: {}", e);
        }
    }
}

fn feed(stdin: &mut ChildStdin, text: &str) {
    stdin.write_all(text.as_bytes()).expect("write to sudoku");
    stdin.flush().expect("flush to sudoku");
}

/// Feeds `puzzle` twice, each time reading `answer` back before going on,
/// then closes stdin; the process must end well with nothing more.
fn answers_before_the_input_ends(args: &[&str], puzzle: &str, answer: &[&str]) {
    let (mut child, mut stdin, lines) = spawn(args);
    for _ in 0..2 {
        feed(&mut stdin, puzzle);
        for expected in answer {
            assert_eq!(&next_line(&mut child, &lines), expected, "{:?}", args);
        }
    }
    drop(stdin);
    let status = child.wait().expect("sudoku ends");
    assert!(status.success(), "{:?}: {}", args, status);
    assert!(lines.recv_timeout(PATIENCE).is_err(), "nothing more");
}

#[test]
fn solve_answers_each_line_puzzle_while_stdin_is_open() {
    for jobs in ["1", "2"] {
        answers_before_the_input_ends(
            &["solve", "-j", jobs],
            &format!("{}\n", WIKI),
            &[WIKI_SOLVED],
        );
    }
}

#[test]
fn count_answers_each_line_puzzle_while_stdin_is_open() {
    for jobs in ["1", "2"] {
        answers_before_the_input_ends(&["count", "-j", jobs], &format!("{}\n", WIKI), &["1"]);
    }
}

#[test]
fn solve_answers_a_digit_board_once_its_ninth_row_arrives() {
    let rows = digit_rows(WIKI);
    let solved = digit_rows(WIKI_SOLVED);
    let (mut child, mut stdin, lines) = spawn(&["solve", "-j", "2"]);
    // The rows one write at a time, with a blank line inside the board.
    for (k, row) in rows.lines().enumerate() {
        feed(&mut stdin, &format!("{}\n", row));
        if k == 3 {
            feed(&mut stdin, "\n");
        }
    }
    for expected in solved.lines() {
        assert_eq!(next_line(&mut child, &lines), expected);
    }
    feed(&mut stdin, &format!("\n{}", rows));
    assert_eq!(next_line(&mut child, &lines), "");
    for expected in solved.lines() {
        assert_eq!(next_line(&mut child, &lines), expected);
    }
    drop(stdin);
    assert!(child.wait().expect("sudoku ends").success());
}

#[test]
fn poj3074_input_is_answered_and_end_ends_the_run_with_stdin_still_open() {
    let (mut child, mut stdin, lines) = spawn(&["solve", "--cases", "end"]);
    feed(&mut stdin, &format!("{}\n", WIKI));
    assert_eq!(next_line(&mut child, &lines), WIKI_SOLVED);
    feed(&mut stdin, "end\n");
    // Nothing after `end` is read: the process ends and closes its stdout
    // while its stdin is still open.
    let closed = lines.recv_timeout(PATIENCE);
    if closed != Err(mpsc::RecvTimeoutError::Disconnected) {
        let _ = child.kill();
        panic!("sudoku went on after `end`: {:?}", closed);
    }
    assert!(child.wait().expect("sudoku ends").success());
    drop(stdin);
}

#[test]
fn answers_keep_input_order_across_many_puzzles_and_bad_ones() {
    // Enough puzzles for several batches on several threads.
    let mut input = String::new();
    let mut expected = String::new();
    for k in 0..3000 {
        if k % 997 == 5 {
            input.push_str("not a puzzle\n");
        } else {
            input.push_str(&format!("{}\n", WIKI));
            expected.push_str(&format!("{}\n", WIKI_SOLVED));
        }
    }
    for jobs in ["1", "3"] {
        let out = common::sudoku()
            .args(["solve", "-j", jobs])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
        let err = String::from_utf8(out.stderr).unwrap();
        let named: Vec<&str> = err
            .lines()
            .map(|l| l.split(',').next().unwrap_or(""))
            .collect();
        assert_eq!(
            named,
            [
                "sudoku solve: stdin: puzzle 6",
                "sudoku solve: stdin: puzzle 1003",
                "sudoku solve: stdin: puzzle 2000",
                "sudoku solve: stdin: puzzle 2997"
            ]
        );
    }
}

// ------------------------------------------------------------ sudoku check

/// The peak resident size of a running process, in KB (`VmHWM`).
fn peak_kb(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .expect("the process is still running");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmHWM line")
}

/// Checks `cases` copies of WIKI_SOLVED (as puzzles without blanks, so
/// that the debug build's solver is quick) with their answers written to
/// stdin; returns the peak resident size in KB once every answer but
/// the last pipe-full is read, before stdin is closed.
fn check_peak_kb(dir: &Dir, cases: usize) -> u64 {
    let line = format!("{}\n", WIKI_SOLVED);
    let input = dir.path().join(format!("{}.in", cases));
    let mut file = BufWriter::new(std::fs::File::create(&input).expect("INPUT file"));
    for _ in 0..cases {
        file.write_all(line.as_bytes()).expect("write INPUT");
    }
    file.flush().expect("write INPUT");
    drop(file);
    let input = input.to_str().expect("UTF-8 path");
    let (mut child, stdin, lines) = spawn_check(&["check", input, "-"]);
    let mut stdin = BufWriter::new(stdin);
    for _ in 0..cases {
        stdin.write_all(line.as_bytes()).expect("write OUTPUT");
    }
    stdin.flush().expect("write OUTPUT");
    // What is left unread is at most the pipe and the read buffer.
    let peak = peak_kb(&child);
    drop(stdin);
    assert_eq!(next_line(&mut child, &lines), "accepted");
    assert!(child.wait().expect("sudoku ends").success());
    peak
}

#[test]
fn check_memory_does_not_grow_with_a_quarter_million_cases() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let dir = Dir::new("check-memory");
    let small = check_peak_kb(&dir, 2_000);
    // 20 MB of INPUT and 20 MB of OUTPUT, more than either cap of the
    // checker that read its files whole.
    let large = check_peak_kb(&dir, 250_000);
    assert!(
        large < small + 4 * 1024,
        "peak {} KB for 250000 cases, {} KB for 2000",
        large,
        small
    );
    assert!(large < 32 * 1024, "peak {} KB", large);
}

/// WIKI's solution with its r1c3 (a blank of WIKI) made 5, which r1c1
/// already has.
fn wrong_wiki() -> String {
    format!("535{}", &WIKI_SOLVED[3..])
}

#[test]
fn check_gives_its_verdict_while_input_and_output_are_still_open() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let dir = Dir::new("check-open");
    let fifo = dir.path().join("input.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(
        made.as_ref().is_ok_and(|s| s.success()),
        "mkfifo: {:?}",
        made
    );
    let (mut child, mut output, lines) = spawn_check(&[
        std::ffi::OsStr::new("check"),
        fifo.as_os_str(),
        std::ffi::OsStr::new("-"),
    ]);
    // Opening the pipe waits for sudoku to open it for reading.
    let mut input = std::fs::OpenOptions::new()
        .write(true)
        .open(&fifo)
        .expect("open INPUT pipe");
    let puzzle = format!("{}\n", WIKI);
    // Two puzzles (the first verdict must know INPUT holds several), one
    // right answer; then a third puzzle and a wrong second answer.
    input
        .write_all(puzzle.repeat(2).as_bytes())
        .expect("write INPUT");
    input.flush().expect("flush INPUT");
    feed(&mut output, &format!("{}\n", WIKI_SOLVED));
    input.write_all(puzzle.as_bytes()).expect("write INPUT");
    input.flush().expect("flush INPUT");
    feed(&mut output, &format!("{}\n", wrong_wiki()));
    assert_eq!(
        next_line(&mut child, &lines),
        "wrong answer: puzzle 2: digit 5 repeats in row 1 (r1c1 and r1c3)"
    );
    let status = child.wait().expect("sudoku ends");
    assert_eq!(status.code(), Some(1));
    drop((input, output));
}

#[test]
fn check_with_an_answer_file_judges_case_by_case_while_output_is_open() {
    let dir = Dir::new("check-answer");
    let input = dir.file("case.in", format!("{}\n", WIKI).repeat(3));
    let answer = dir.file("case.out", format!("{}\n", WIKI_SOLVED).repeat(3));
    let (mut child, mut output, lines) =
        spawn_check(&["check", "--answers", "unique", &input, "-", &answer]);
    feed(&mut output, &format!("{}\n{}\n", WIKI_SOLVED, wrong_wiki()));
    assert_eq!(
        next_line(&mut child, &lines),
        "wrong answer: puzzle 2: digit 5 repeats in row 1 (r1c1 and r1c3)"
    );
    assert_eq!(child.wait().expect("sudoku ends").code(), Some(1));
    drop(output);
}
