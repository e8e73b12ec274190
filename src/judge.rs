//! The local judge: run a program on every case of a problem folder the way
//! an online judge would, and say AC, WA, PE, TLE or RE per case.
//!
//! Glossary: a *case* is `NAME.in` (fed on stdin) with `NAME.out` (the
//! jury's answer); a *run* is one execution of the program under a time
//! limit; an *outcome* is the verdict of one run on one case.
//!
//! The pipeline: [`parse_conf`] → [`find_cases`] → [`run_program`] per case
//! → [`judge_run`]. Nothing here prints; `sudoku judge` and `sudoku time`
//! do.

use crate::checker::{self, Rule, Verdict};
pub use crate::problem::{Answers, Conf};
use std::fmt;
use std::io::{self, Read};
use std::path::Path;
use std::time::Duration;

// ------------------------------------------------------------ running a program

/// At most this much of a program's stdout is kept; more is an error
/// ("output too long"). One more byte than [`checker::OUTPUT_CAP`], so the
/// checker can tell.
pub const STDOUT_KEEP: usize = checker::OUTPUT_CAP + 1;

/// This much of the end of a program's stderr is kept.
pub const STDERR_KEEP: usize = 4096;

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// A signal ended it (9 when it was killed at the time limit).
    Signal(i32),
}

impl fmt::Display for Exit {
    /// `exit status 3`, `killed by signal 11 (SIGSEGV)`, `exit status 139
    /// (128 + SIGSEGV: ...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            // A shell reports a child killed by signal n as 128 + n.
            Exit::Code(c) if c > 128 && signal_name(c - 128).is_some() => write!(
                f,
                "exit status {} (128 + {}: a shell's way to say the program was killed)",
                c,
                signal_name(c - 128).unwrap_or("")
            ),
            Exit::Code(c) => write!(f, "exit status {}", c),
            Exit::Signal(s) => match signal_name(s) {
                Some(name) => write!(f, "killed by signal {} ({})", s, name),
                None => write!(f, "killed by signal {}", s),
            },
        }
    }
}

/// The usual name of Linux signal `sig`, for messages.
pub fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => return None,
    })
}

/// What one run of a program did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Its stdout, at most [`STDOUT_KEEP`] bytes.
    pub stdout: Vec<u8>,
    /// True when it wrote more than [`STDOUT_KEEP`] bytes (the rest was
    /// read and dropped).
    pub stdout_truncated: bool,
    /// The last [`STDERR_KEEP`] bytes (or fewer) of its stderr.
    pub stderr_tail: Vec<u8>,
    /// Wall time from just before the spawn to its exit: process start
    /// included.
    pub wall: Duration,
    /// True when the judge killed it at the time limit.
    pub timed_out: bool,
    /// Peak resident memory in KB (`ru_maxrss` of `wait4`, the process
    /// and the children it waited for); `None` where not measured (not
    /// Linux on a 64-bit target).
    pub max_rss_kb: Option<u64>,
}

/// How `program` is started: an existing file is executed directly (a
/// bare name gets `./` so `PATH` is not searched); anything else is a
/// command line for `sh -c` (`"python3 sol.py"`, `cat`).
pub fn command_for(program: &str) -> std::process::Command {
    let path = Path::new(program);
    if path.is_file() {
        let path = if path.components().count() == 1 {
            Path::new(".").join(path)
        } else {
            path.to_path_buf()
        };
        std::process::Command::new(path)
    } else {
        let mut cmd = std::process::Command::new("sh");
        cmd.arg("-c").arg(program);
        cmd
    }
}

/// Reads `r` to the end, keeping the first `keep` bytes; returns them and
/// whether more came (those are read and dropped, so the writer never
/// blocks on a full pipe).
fn read_head<R: Read>(mut r: R, keep: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut more = false;
    let mut buf = [0u8; 1 << 16];
    loop {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                let room = keep - kept.len();
                kept.extend_from_slice(&buf[..n.min(room)]);
                more |= n > room;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    (kept, more)
}

/// Reads `r` to the end, keeping the last `keep` bytes.
fn read_tail<R: Read>(mut r: R, keep: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buf = [0u8; 1 << 16];
    loop {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                kept.extend_from_slice(&buf[..n]);
                if kept.len() > 2 * keep {
                    kept.drain(..kept.len() - keep);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    if kept.len() > keep {
        kept.drain(..kept.len() - keep);
    }
    kept
}

/// Runs `program` (see [`command_for`]) with `input` on stdin and a wall
/// time limit of `limit`, the way a judge does:
///
/// - the program gets its own process group; at the limit the whole group
///   (children included) is killed with SIGKILL, and the group is killed
///   again once the program exits, so no stray child outlives the run;
/// - stdin is written from a thread, so a program that never reads it
///   cannot block the judge; stdout is kept up to [`STDOUT_KEEP`] bytes
///   and stderr's last [`STDERR_KEEP`] bytes, both drained to the end;
/// - wall time counts from the spawn (process start included).
///
/// Errors: the program could not be started (missing, not executable).
/// Cost: one process plus four short-lived threads.
#[cfg(unix)]
pub fn run_program(program: &str, input: &[u8], limit: Duration) -> io::Result<Run> {
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::thread;
    use std::time::Instant;

    let mut cmd = command_for(program);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pid = child.id() as i32;

    let (Some(mut stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        sys::kill_group(pid);
        return Err(io::Error::other("the program's pipes were not opened"));
    };
    let input = input.to_vec();
    // A program that exits without reading makes this write fail: ignored.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (out_tx, out_rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = out_tx.send(read_head(stdout, STDOUT_KEEP));
    });
    let (err_tx, err_rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = err_tx.send(read_tail(stderr, STDERR_KEEP));
    });
    let (wait_tx, wait_rx) = mpsc::channel();
    thread::spawn(move || {
        let waited = sys::wait(pid);
        let _ = wait_tx.send((waited, Instant::now()));
    });

    let mut timed_out = false;
    let (waited, end) = match wait_rx.recv_timeout(limit) {
        Ok(w) => w,
        Err(_) => {
            timed_out = true;
            sys::kill_group(pid);
            wait_rx
                .recv()
                .map_err(|_| io::Error::other("lost track of the program"))?
        }
    };
    // Stray children of a program that exited would keep the pipes open.
    sys::kill_group(pid);
    let (status, max_rss_kb) = waited?;
    // The pipes close once every process of the group is gone; a child that
    // escaped the group (setsid) and keeps them open is not waited for.
    let grace = Duration::from_secs(1);
    let (stdout, stdout_truncated) = out_rx.recv_timeout(grace).unwrap_or_default();
    let stderr_tail = err_rx.recv_timeout(grace).unwrap_or_default();
    drop(child);
    Ok(Run {
        exit: status,
        stdout,
        stdout_truncated,
        stderr_tail,
        wall: end.duration_since(start),
        timed_out,
        max_rss_kb,
    })
}

/// Without Unix process groups there is no safe way to enforce the time
/// limit: always an error.
#[cfg(not(unix))]
pub fn run_program(_program: &str, _input: &[u8], _limit: Duration) -> io::Result<Run> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "running programs under a time limit needs a Unix system",
    ))
}

/// The three system calls std does not offer: waiting with resource usage,
/// and killing a process group.
#[cfg(unix)]
mod sys {
    use super::Exit;
    use std::io;

    /// `struct rusage` of Linux on 64-bit targets (x86_64, aarch64, ...):
    /// two `struct timeval` (two 64-bit fields each), then 14 `long`s, the
    /// first of which is `ru_maxrss` in kilobytes.
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    #[repr(C)]
    struct RUsage {
        utime: [i64; 2],
        stime: [i64; 2],
        maxrss: i64,
        rest: [i64; 13],
    }

    extern "C" {
        fn kill(pid: i32, sig: i32) -> i32;
        #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
        fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut RUsage) -> i32;
        #[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
        fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    }

    const SIGKILL: i32 = 9;

    /// Sends SIGKILL to every process of group `pgid` (our child's pid: it
    /// leads its own group). A group that is already gone is not an error.
    pub fn kill_group(pgid: i32) {
        if pgid > 1 {
            // SAFETY: kill(2) takes plain integers and touches no memory of
            // ours; the negative pid addresses only the group our child leads.
            unsafe {
                kill(-pgid, SIGKILL);
            }
        }
    }

    /// Waits for child `pid` to end (reaping it); returns how it ended and
    /// its peak resident memory in KB where measured.
    pub fn wait(pid: i32) -> io::Result<(Exit, Option<u64>)> {
        let mut status = 0i32;
        loop {
            #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
            let (got, rss) = {
                let mut usage = RUsage {
                    utime: [0; 2],
                    stime: [0; 2],
                    maxrss: 0,
                    rest: [0; 13],
                };
                // SAFETY: both pointers are to live locals of the exact
                // layout the kernel writes (see RUsage); wait4 writes
                // nothing else.
                let got = unsafe { wait4(pid, &mut status, 0, &mut usage) };
                (got, Some(usage.maxrss.max(0) as u64))
            };
            #[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
            let (got, rss) = {
                // SAFETY: the pointer is to a live local i32.
                let got = unsafe { waitpid(pid, &mut status, 0) };
                (got, None)
            };
            if got == pid {
                return Ok((decode(status), rss));
            }
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(err);
            }
        }
    }

    /// Decodes a wait status: the low 7 bits are the signal (0 = exited),
    /// bits 8..16 the exit status.
    fn decode(status: i32) -> Exit {
        let sig = status & 0x7f;
        if sig == 0 {
            Exit::Code((status >> 8) & 0xff)
        } else {
            Exit::Signal(sig)
        }
    }
}

// ------------------------------------------------------------- judging a run

/// The verdict of one run on one case.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// AC: accepted.
    Accepted,
    /// WA, with what differs (exact: the first differing line).
    WrongAnswer(String),
    /// PE: right content, wrong layout (or an unreadable output).
    PresentationError(String),
    /// TLE: killed at the time limit, or ran past it.
    TimeLimit,
    /// RE: a non-zero exit status or a signal, with the end of stderr.
    RuntimeError(String),
    /// JF: the case itself is broken (bad input, an answer that does not
    /// solve it); not the program's fault.
    JudgeFailure(String),
}

impl Outcome {
    /// The short code shown in a row: `AC`, `WA`, `PE`, `TLE`, `RE`, `JF`.
    pub fn code(&self) -> &'static str {
        match self {
            Outcome::Accepted => "AC",
            Outcome::WrongAnswer(_) => "WA",
            Outcome::PresentationError(_) => "PE",
            Outcome::TimeLimit => "TLE",
            Outcome::RuntimeError(_) => "RE",
            Outcome::JudgeFailure(_) => "JF",
        }
    }

    /// The explanation, if the verdict has one.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Outcome::WrongAnswer(s)
            | Outcome::PresentationError(s)
            | Outcome::RuntimeError(s)
            | Outcome::JudgeFailure(s) => Some(s),
            Outcome::Accepted | Outcome::TimeLimit => None,
        }
    }

    /// The outcome of a checker verdict.
    pub fn from_verdict(v: Verdict) -> Outcome {
        match v {
            Verdict::Accepted => Outcome::Accepted,
            Verdict::WrongAnswer(s) => Outcome::WrongAnswer(s),
            Verdict::PresentationError(s) => Outcome::PresentationError(s),
            Verdict::JudgeFailure(s) => Outcome::JudgeFailure(s),
        }
    }
}

/// The last `lines` non-empty lines of a program's stderr, joined with
/// ` | `, at most 300 characters (the end kept); lossy UTF-8.
pub fn stderr_excerpt(tail: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(tail);
    let kept: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let joined = kept[kept.len().saturating_sub(lines)..].join(" | ");
    let chars: Vec<char> = joined.chars().collect();
    if chars.len() > 300 {
        let tail: String = chars[chars.len() - 300..].iter().collect();
        format!("...{}", tail)
    } else {
        joined
    }
}

/// Judges `run` of a program on one case: TLE when it was killed at (or
/// ran past) `limit`; RE on a non-zero exit or a signal; PE when its
/// output was cut at [`STDOUT_KEEP`] bytes; otherwise the checker judges
/// it under `rule` ([`checker::check`]), with `expected` as the jury's
/// ANSWER when given (`exact` without `expected` is a judge failure).
pub fn judge_run(
    rule: &Rule,
    input: &[u8],
    expected: Option<&[u8]>,
    run: &Run,
    limit: Duration,
) -> Outcome {
    if run.timed_out || run.wall > limit {
        return Outcome::TimeLimit;
    }
    if run.exit != Exit::Code(0) {
        let err = stderr_excerpt(&run.stderr_tail, 3);
        return Outcome::RuntimeError(if err.is_empty() {
            format!("{}, nothing on stderr", run.exit)
        } else {
            format!("{}; stderr: {}", run.exit, err)
        });
    }
    if run.stdout_truncated {
        return Outcome::PresentationError(format!(
            "output too long (more than {} bytes)",
            checker::OUTPUT_CAP
        ));
    }
    Outcome::from_verdict(checker::check(rule, input, &run.stdout, expected))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::testdata::{EMPTY_DIGITS, SMALLEST};
    use std::path::PathBuf;

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

    /// A fresh empty directory under the system's temp dir.
    fn temp_dir(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sudoku-kit-judge-{}-{}", tag, std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const LIMIT: Duration = Duration::from_secs(20);

    #[cfg(unix)]
    #[test]
    fn a_run_captures_stdout_stderr_and_the_exit() {
        let run = run_program("cat; echo oops >&2; exit 3", b"hello\n", LIMIT).unwrap();
        assert_eq!(run.stdout, b"hello\n");
        assert_eq!(run.stderr_tail, b"oops\n");
        assert_eq!(run.exit, Exit::Code(3));
        assert!(!run.timed_out);
        #[cfg(target_os = "linux")]
        assert!(run.max_rss_kb.is_some_and(|kb| kb > 0));
        let outcome = judge_run(
            &Rule::new(Answers::Exact),
            b"",
            Some(b"hello\n"),
            &run,
            LIMIT,
        );
        assert_eq!(
            outcome,
            Outcome::RuntimeError("exit status 3; stderr: oops".into())
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_signal_is_a_runtime_error() {
        let run = run_program("kill -SEGV $$", b"", LIMIT).unwrap();
        assert_eq!(run.exit, Exit::Signal(11));
        let outcome = judge_run(&Rule::new(Answers::Exact), b"", Some(b""), &run, LIMIT);
        assert_eq!(
            outcome,
            Outcome::RuntimeError("killed by signal 11 (SIGSEGV), nothing on stderr".into())
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_time_limit_kills_the_whole_group() {
        // The child of the shell holds stdout open: only killing the group
        // lets the run end.
        let limit = Duration::from_millis(300);
        let run = run_program("sleep 30 | cat; echo never", b"", limit).unwrap();
        assert!(run.timed_out);
        assert_eq!(run.stdout, b"");
        let outcome = judge_run(
            &Rule::new(Answers::Exact),
            b"",
            Some(b"never\n"),
            &run,
            limit,
        );
        assert_eq!(outcome, Outcome::TimeLimit);
    }

    #[cfg(unix)]
    #[test]
    fn a_program_that_never_reads_stdin_does_not_block() {
        let big = vec![b'1'; 4 << 20];
        let run = run_program("echo done", &big, LIMIT).unwrap();
        assert_eq!(run.stdout, b"done\n");
        assert_eq!(run.exit, Exit::Code(0));
    }

    #[cfg(unix)]
    #[test]
    fn too_much_output_is_cut_and_a_presentation_error() {
        let run = run_program("head -c 3000000 /dev/zero | tr '\\0' 7", b"", LIMIT).unwrap();
        assert!(run.stdout_truncated);
        assert_eq!(run.stdout.len(), STDOUT_KEEP);
        let outcome = judge_run(&Rule::new(Answers::Exact), b"", Some(b"7\n"), &run, LIMIT);
        assert_eq!(outcome.code(), "PE");
    }

    #[cfg(unix)]
    #[test]
    fn a_file_that_is_not_executable_cannot_start() {
        let dir = temp_dir("missing");
        let path = dir.join("not-executable");
        std::fs::write(&path, "#!/bin/sh\necho hi\n").unwrap();
        // Not executable: the spawn fails.
        assert!(run_program(path.to_str().unwrap(), b"", LIMIT).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn any_and_smallest_ask_the_checker() {
        let input = EMPTY_DIGITS.as_bytes();
        let smallest = SMALLEST.as_bytes();
        let run = Run {
            exit: Exit::Code(0),
            stdout: smallest.to_vec(),
            stdout_truncated: false,
            stderr_tail: Vec::new(),
            wall: Duration::from_millis(1),
            timed_out: false,
            max_rss_kb: None,
        };
        for answers in [Answers::Any, Answers::Smallest] {
            assert_eq!(
                judge_run(&Rule::new(answers), input, None, &run, LIMIT),
                Outcome::Accepted
            );
        }
        let spaced = Rule {
            format: Some(Format::Spaced),
            ..Rule::new(Answers::Any)
        };
        let outcome = judge_run(&spaced, input, None, &run, LIMIT);
        assert_eq!(outcome.code(), "PE");
        let outcome = judge_run(&Rule::new(Answers::Exact), input, None, &run, LIMIT);
        assert_eq!(outcome.code(), "JF");
    }
}
