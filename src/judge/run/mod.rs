//! Running a program the way an online judge does: its own process
//! group, stdin from a file or bytes, stdout and stderr captured within
//! the limits, and what it did ([`Execution`]).

#[cfg(target_os = "linux")]
mod expose;
#[cfg(target_os = "linux")]
pub mod sandbox;
#[cfg(target_os = "linux")]
mod sys;

#[cfg(target_os = "linux")]
pub use sandbox::{sandboxed, set_sandboxing, Sandboxing};

use crate::judge::limits::{Limits, DRAIN, STDERR_KEEP};
use std::fmt;
use std::io;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// How a run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// A signal ended it (9 when the judge killed it).
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
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => return None,
    })
}

/// SIGXCPU: what `RLIMIT_CPU` sends at its soft limit.
pub(crate) const SIGXCPU: i32 = 24;

/// What one run of a program did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Execution {
    /// How it ended.
    pub exit: Exit,
    /// Its stdout, at most the output limit.
    pub stdout: Vec<u8>,
    /// True when it wrote more than the output limit and was killed for it.
    pub output_exceeded: bool,
    /// The first [`STDERR_KEEP`] bytes (or fewer) of its stderr.
    pub stderr_head: Vec<u8>,
    /// The last [`STDERR_KEEP`] bytes (or fewer) of its stderr.
    pub stderr_tail: Vec<u8>,
    /// Wall time from just before the spawn to its exit: process start
    /// included.
    pub wall: Duration,
    /// CPU time (user + system) of the program and the children it waited
    /// for; `None` where not measured.
    pub cpu: Option<Duration>,
    /// True when the judge killed it at the time limit.
    pub timed_out: bool,
    /// Peak resident memory in KB (`ru_maxrss` of `wait4`: the largest of
    /// the program and the children it waited for); `None` where not
    /// measured.
    pub max_rss_kb: Option<u64>,
    /// Processes it left behind that the judge killed after it exited
    /// (in the sandbox, the kernel kills them with its pid namespace, and
    /// they are not counted).
    pub leftovers: usize,
    /// True when it ran in the sandbox ([`sandbox`]).
    pub sandboxed: bool,
}

impl Execution {
    /// The run of something that is not a program at all (a directory, an
    /// empty command line): exit status 126, as a shell says "found but
    /// cannot be executed".
    fn not_a_program(why: String) -> Execution {
        Execution {
            exit: Exit::Code(126),
            stdout: Vec::new(),
            output_exceeded: false,
            stderr_head: why.clone().into_bytes(),
            stderr_tail: why.into_bytes(),
            wall: Duration::ZERO,
            cpu: None,
            timed_out: false,
            max_rss_kb: None,
            leftovers: 0,
            sandboxed: false,
        }
    }
}

/// How `program` is started: an existing file is executed directly (a
/// bare name gets `./` so `PATH` is not searched); anything else is a
/// command line for `sh -c` (`"python3 sol.py"`, `cat`).
pub fn command_for(program: &str) -> Command {
    let path = Path::new(program);
    if path.is_file() {
        let path = if path.components().count() == 1 {
            Path::new(".").join(path)
        } else {
            path.to_path_buf()
        };
        Command::new(path)
    } else {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(program);
        cmd
    }
}

/// What a run reads on stdin.
#[derive(Clone, Copy, Debug)]
pub enum Stdin<'a> {
    /// These bytes, through a pipe written from a thread (so a program
    /// that never reads cannot block the judge).
    Bytes(&'a [u8]),
    /// This file, opened as stdin, as judges do: the judge holds none of
    /// it.
    File(&'a Path),
}

/// Runs `program` (see [`command_for`]) with `input` on stdin under
/// `limits`, as [`run_command`] does. A directory or an empty command line
/// is not started: its run is exit status 126 with the reason on stderr.
///
/// Errors: the program could not be started (missing, not executable).
pub fn run_program(program: &str, input: Stdin, limits: &Limits) -> io::Result<Execution> {
    if program.trim().is_empty() {
        return Ok(Execution::not_a_program(
            "the program is an empty command line\n".to_string(),
        ));
    }
    if Path::new(program).is_dir() {
        return Ok(Execution::not_a_program(format!(
            "{} is a directory, not a program\n",
            program
        )));
    }
    run_command(command_for(program), input, limits)
}

/// The environment variable that marks the processes of one run: its value
/// is the run's token, so the judge tells them from another run's (in the
/// same process, e.g. the test harness).
pub const RUN_TOKEN_VAR: &str = "SUDOKU_JUDGE_RUN";

/// Runs `cmd` with `input` on stdin under `limits`, the way a judge does
/// (see the module header for how each limit is enforced), in the
/// sandbox when [`sandboxed`] says so (see [`sandbox`]: `cmd`'s working
/// directory, if it has one, is the sandbox's, writable; otherwise a fresh
/// empty one at the caller's working directory's path):
///
/// - stdout and stderr are read as they come;
/// - the run ends when the program exits (its output is what it wrote by
///   then, plus what the pipes still give within [`DRAIN`]), at the time
///   limit, or one byte past the output limit; then its process group and
///   every process it left behind are killed and reaped;
/// - wall time counts from the spawn (process start included).
///
/// Processes this module did not start that are children of the calling
/// process and started during the run without the run's token in their
/// environment would be taken for leftovers: the `sudoku` command starts
/// none.
///
/// Errors: the program could not be started (missing, not executable),
/// or the input file cannot be opened.
/// Cost: one process plus one or two short-lived threads; in the sandbox,
/// bwrap's setup too (a few ms: `make bench` measures it).
#[cfg(target_os = "linux")]
pub fn run_command(cmd: Command, input: Stdin, limits: &Limits) -> io::Result<Execution> {
    run_confined(cmd, input, limits, sandbox::sandboxed())
}

/// [`run_command`] in the sandbox whatever was chosen (the trial run).
#[cfg(target_os = "linux")]
fn run_sandboxed(cmd: Command, input: Stdin, limits: &Limits) -> io::Result<Execution> {
    run_confined(cmd, input, limits, true)
}

/// A JVM sizes its heap from the machine's memory and would reserve more
/// than a memory limit allows: under one, every run gets
/// `JAVA_TOOL_OPTIONS` sizing it from the limit (`-XX:MaxRAM`), with the
/// serial collector (the fewest threads) and no performance data file in
/// `/tmp`. Options on a command line come after these and win.
#[cfg(target_os = "linux")]
fn java_options(cmd: &mut Command, limits: &Limits) {
    if let Some(bytes) = limits.memory {
        let options = format!(
            "-XX:MaxRAM={}m -XX:+UseSerialGC -XX:-UsePerfData",
            (bytes >> 20).max(16)
        );
        cmd.env("JAVA_TOOL_OPTIONS", options);
    }
}

/// See [`run_command`]; `sandbox` says whether in the sandbox.
#[cfg(target_os = "linux")]
fn run_confined(
    mut cmd: Command,
    input: Stdin,
    limits: &Limits,
    sandbox: bool,
) -> io::Result<Execution> {
    use std::fs::File;
    use std::io::{Read, Write};
    use std::os::unix::io::{AsRawFd, OwnedFd};
    use std::os::unix::net::UnixStream;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::thread;
    use std::time::Instant;

    sys::become_subreaper();
    let token = sys::new_token();
    let rlimits = sys::RLimits::new(limits);
    java_options(&mut cmd, limits);
    cmd.env(RUN_TOKEN_VAR, &token);
    let mut handshake = None;
    if sandbox {
        let (outer, setup) = sandbox::wrap(&cmd, limits)?;
        cmd = outer;
        handshake = Some(setup);
    }
    match input {
        Stdin::Bytes(_) => cmd.stdin(Stdio::piped()),
        Stdin::File(path) => cmd.stdin(File::open(path)?),
    };
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: between fork and exec the closure only calls setrlimit
    // (async-signal-safe) with values computed before the fork.
    unsafe {
        cmd.pre_exec(move || rlimits.apply());
    }
    // The waiter thread rings this bell when the program has exited, so the
    // loop below wakes at once.
    let (bell, mut bell_rx) = UnixStream::pair()?;
    let (mut child, start, since) = sys::spawn(&mut cmd)?;
    let pid = child.id() as i32;
    // The sandbox's first process: bwrap's pid 1, which reaps the program.
    let first = match handshake.as_mut().map(|h| h.release()) {
        None => None,
        Some(Ok(first)) => {
            sys::register(first);
            Some(first)
        }
        Some(Err(e)) => {
            sys::kill_group(pid);
            let _ = child.wait();
            let mut said = String::new();
            if let Some(mut err) = child.stderr.take() {
                let _ = err.read_to_string(&mut said);
            }
            sys::finish(&[pid], &token, since);
            let why = said.lines().next().unwrap_or("").trim().to_string();
            let why = if why.is_empty() { e.to_string() } else { why };
            return Err(io::Error::other(format!(
                "the sandbox did not start: {}",
                why
            )));
        }
    };
    // bwrap writes more on its info descriptor: it stays open to the end.
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        sys::kill_group(pid);
        let _ = child.wait();
        sys::finish(&[pid], &token, since);
        return Err(io::Error::other("the program's pipes were not opened"));
    };
    if let (Stdin::Bytes(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        let bytes = bytes.to_vec();
        // A program that exits without reading makes this write fail:
        // ignored. Once the run's processes are gone, so is the thread.
        thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
    let (wait_tx, wait_rx) = mpsc::channel();
    thread::spawn(move || {
        let mut waited = sys::wait(pid);
        let end = Instant::now();
        // bwrap returns as soon as the program has ended; its pid 1, killed
        // with it, is ours then (we are a subreaper) and holds the
        // program's CPU time and peak memory.
        if let (Some(first), Ok((_, usage))) = (first, &mut waited) {
            if let Ok((_, inner)) = sys::wait(first) {
                usage.cpu += inner.cpu;
                usage.max_rss_kb = usage.max_rss_kb.max(inner.max_rss_kb);
            }
        }
        let _ = wait_tx.send((waited, end));
        let _ = (&bell).write_all(b"!");
    });

    let mut out_pipe = Some(File::from(OwnedFd::from(stdout)));
    let mut err_pipe = Some(File::from(OwnedFd::from(stderr)));
    let output_cap = usize::try_from(limits.output).unwrap_or(usize::MAX);
    let mut stdout = Vec::new();
    let mut errs = HeadTail::default();
    let mut ended = None;
    let (mut timed_out, mut output_exceeded) = (false, false);
    let deadline = start + limits.time;
    let mut buf = vec![0u8; 1 << 16];
    // A signal to the judge (see [`stop_on_signals`]), or poll failing.
    let mut abort = None;
    'run: loop {
        let now = Instant::now();
        let wait = match &ended {
            Some((_, end)) => {
                let drained = out_pipe.is_none() && err_pipe.is_none();
                if drained || now >= *end + DRAIN {
                    break;
                }
                *end + DRAIN - now
            }
            None if timed_out || output_exceeded => Duration::from_millis(100),
            None if now >= deadline => {
                timed_out = true;
                sys::kill_group(pid);
                continue;
            }
            None => deadline - now,
        };
        let mut fds = Vec::with_capacity(4);
        let interrupt = sys::interrupt_fd();
        fds.extend(interrupt.map(sys::PollFd::new));
        if ended.is_none() {
            fds.push(sys::PollFd::new(bell_rx.as_raw_fd()));
        }
        for pipe in [&out_pipe, &err_pipe].into_iter().flatten() {
            fds.push(sys::PollFd::new(pipe.as_raw_fd()));
        }
        if let Err(e) = sys::wait_readable(&mut fds, wait) {
            abort = Some(e);
            break;
        }
        for fd in fds.iter().filter(|fd| fd.ready()).map(|fd| fd.fd) {
            if Some(fd) == interrupt {
                // Left unread: every later run stops at once too.
                let kind = io::ErrorKind::Interrupted;
                abort = Some(io::Error::new(kind, "the judge was interrupted"));
                break 'run;
            }
            if fd == bell_rx.as_raw_fd() {
                let _ = bell_rx.read(&mut [0u8; 1]);
                ended = Some(wait_rx.recv().unwrap_or_else(|_| {
                    let lost = io::Error::other("lost track of the program");
                    (Err(lost), Instant::now())
                }));
                continue;
            }
            let is_out = out_pipe.as_ref().is_some_and(|p| p.as_raw_fd() == fd);
            let pipe = if is_out { &mut out_pipe } else { &mut err_pipe };
            let n = match pipe.as_mut().map(|p| p.read(&mut buf)) {
                Some(Ok(n)) => n,
                Some(Err(e)) if e.kind() == io::ErrorKind::Interrupted => continue,
                _ => 0,
            };
            if n == 0 {
                *pipe = None;
            } else if !is_out {
                errs.push(&buf[..n]);
            } else {
                let room = output_cap - stdout.len();
                stdout.extend_from_slice(&buf[..n.min(room)]);
                if n > room {
                    // One byte past the limit: stop reading, kill.
                    output_exceeded = true;
                    sys::kill_group(pid);
                    *pipe = None;
                }
            }
        }
    }
    // Stray members of the group, then whatever was reparented to us.
    sys::kill_group(pid);
    if let Some(e) = abort {
        if ended.is_none() {
            let _ = wait_rx.recv();
        }
        sys::finish(&[pid, first.unwrap_or(0)], &token, since);
        return Err(e);
    }
    let leftovers = sys::finish(&[pid, first.unwrap_or(0)], &token, since);
    drop(child);
    let Some((waited, end)) = ended else {
        return Err(io::Error::other("lost track of the program"));
    };
    let (exit, usage) = waited?;
    let exit = if sandbox {
        sandbox::program_exit(exit)
    } else {
        exit
    };
    let (stderr_head, stderr_tail) = errs.into_parts();
    Ok(Execution {
        exit,
        stdout,
        output_exceeded,
        stderr_head,
        stderr_tail,
        wall: end.duration_since(start),
        cpu: Some(usage.cpu),
        timed_out,
        max_rss_kb: Some(usage.max_rss_kb),
        leftovers,
        sandboxed: sandbox,
    })
}

/// Makes SIGINT, SIGTERM and SIGHUP to this process stop the run in
/// progress, and every later one, as an error of kind `Interrupted` once
/// its processes are killed (without this, the program, in its own process
/// group, would outlive a judge stopped by Ctrl-C). For commands, not
/// libraries: it replaces those signals' handlers for the whole process.
pub fn stop_on_signals() -> io::Result<()> {
    #[cfg(target_os = "linux")]
    return sys::stop_on_signals();
    #[cfg(not(target_os = "linux"))]
    return Ok(());
}

/// Without Linux's process controls there is no safe way to enforce the
/// limits: always an error.
#[cfg(not(target_os = "linux"))]
pub fn run_command(_cmd: Command, _input: Stdin, _limits: &Limits) -> io::Result<Execution> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "running programs under judge limits needs Linux",
    ))
}

/// Stderr as it is read: its first and its last [`STDERR_KEEP`] bytes.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
#[derive(Default)]
pub(crate) struct HeadTail {
    head: Vec<u8>,
    tail: Vec<u8>,
}

impl HeadTail {
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        let room = STDERR_KEEP - self.head.len();
        self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.tail.extend_from_slice(bytes);
        if self.tail.len() > 2 * STDERR_KEEP {
            self.tail.drain(..self.tail.len() - STDERR_KEEP);
        }
    }

    pub(crate) fn into_parts(mut self) -> (Vec<u8>, Vec<u8>) {
        if self.tail.len() > STDERR_KEEP {
            self.tail.drain(..self.tail.len() - STDERR_KEEP);
        }
        (self.head, self.tail)
    }
}
