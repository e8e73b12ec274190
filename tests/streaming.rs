//! The commands read their input as a stream: an answer comes out while
//! the input is still open (the process is fed one puzzle, answers it,
//! and only then is its stdin closed), in input order, whatever `-j` is.

mod common;

use common::{digit_rows, WIKI, WIKI_SOLVED};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long to wait for an answer before calling the test failed (a
/// guard against hanging, not a timing assertion).
const PATIENCE: Duration = Duration::from_secs(120);

/// `sudoku ARGS` with piped stdin and stdout; its stdout lines arrive on
/// the receiver as they are written.
fn spawn(args: &[&str]) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudoku starts");
    let stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
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
