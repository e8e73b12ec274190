//! The local judge: build a source file if given one, run a program on
//! every case of a problem folder the way an online judge does, and say
//! AC, WA, PE, TLE, MLE, OLE or RE per case (CE when the source does not
//! compile).
//!
//! Glossary: a *case* is `NAME.in` (fed on stdin) with `NAME.out` (the
//! jury's answer); a *run* is one execution of the program under the
//! [`Limits`]; an *outcome* is the verdict of one run on one case.
//!
//! The pipeline: [`compile`] (a source file only) → [`run_program`] per
//! case → [`judge_run`]. Reading the folder (`judge.conf`, the cases) is
//! [`crate::judge::problem`]'s. Nothing here prints; `sudoku judge` and `sudoku
//! time` do.
//!
//! How a run is confined (Linux; elsewhere running is an error):
//! - **time**: a wall-clock deadline at the time limit (the process group
//!   is killed there), and `RLIMIT_CPU` (whole seconds, rounded up) as a
//!   backstop; CPU time over the limit is TLE too;
//! - **memory**: `RLIMIT_DATA` (heap and private writable mappings, per
//!   process) at the memory limit, so an allocation past it fails; MLE
//!   when the peak resident size (`wait4`) passed the limit, or the run
//!   ended badly with an allocation failure on stderr or a peak within 10%
//!   of the limit ([`memory_exceeded`]), or ended badly and a rerun with
//!   the limit raised ends well or peaks past the limit, whatever the
//!   program printed ([`failed_for_memory`]);
//! - **output**: stdout is kept up to the output limit and the group is
//!   killed one byte past it (OLE), so the judge holds at most that much;
//!   stderr keeps its first and last [`STDERR_KEEP`] bytes; `RLIMIT_FSIZE`
//!   caps any file the program writes at the same size; no core dumps;
//! - **processes**: the program leads its own process group, and the judge
//!   is a child subreaper (`PR_SET_CHILD_SUBREAPER`), so whatever the
//!   program starts, even in a new session (`setsid`), is reparented to the
//!   judge when its parent dies. When the program has exited, the pipes
//!   are drained for [`DRAIN`] at most (a descendant holding them open is
//!   not waited for), then the group is killed and every process
//!   reparented to the judge that this run started is killed and reaped,
//!   level by level, until none is left (`sys::finish`).

pub mod checker;
pub mod problem;

use checker::{Rule, Verdict};
pub use problem::{Answers, Conf};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

// ------------------------------------------------------------------- limits

/// The memory limit when neither `--memory-limit` nor `judge.conf` gives
/// one: 256 MiB, the usual judge's.
pub const DEFAULT_MEMORY_LIMIT: u64 = 256 << 20;

/// The output limit when neither `--output-limit` nor `judge.conf` gives
/// one: 8 MiB (Kattis' default). The judge holds at most this much of a
/// program's stdout.
pub const DEFAULT_OUTPUT_LIMIT: u64 = 8 << 20;

/// This much of the start and of the end of a program's stderr is kept.
pub const STDERR_KEEP: usize = 4096;

/// How long the pipes are still read once the program has exited, when a
/// process it started keeps them open.
pub const DRAIN: Duration = Duration::from_millis(50);

/// What one run may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// CPU and wall time.
    pub time: Duration,
    /// Bytes of memory per process (`None`: not limited).
    pub memory: Option<u64>,
    /// Bytes of stdout.
    pub output: u64,
}

impl Limits {
    /// The limits `conf` sets, the defaults where it sets none.
    pub fn of(conf: &Conf) -> Limits {
        Limits {
            time: conf
                .time_limit
                .unwrap_or(crate::judge::problem::DEFAULT_TIME_LIMIT),
            memory: Some(conf.memory_limit.unwrap_or(DEFAULT_MEMORY_LIMIT)),
            output: conf.output_limit.unwrap_or(DEFAULT_OUTPUT_LIMIT),
        }
    }

    /// A time limit alone (memory not limited, the default output limit).
    pub fn time_only(time: Duration) -> Limits {
        Limits {
            time,
            memory: None,
            output: DEFAULT_OUTPUT_LIMIT,
        }
    }
}

/// `2 s`, `0.3 s`.
pub fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// `256 MiB` (a limit, in whole MiB when it is one).
pub fn mib(bytes: u64) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
    }
}

// ------------------------------------------------------------ running a program

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
const SIGXCPU: i32 = 24;

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
    /// Processes it left behind that the judge killed after it exited.
    pub leftovers: usize,
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
/// (see the module header for how each limit is enforced):
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
/// Cost: one process plus one or two short-lived threads.
#[cfg(target_os = "linux")]
pub fn run_command(mut cmd: Command, input: Stdin, limits: &Limits) -> io::Result<Execution> {
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
    match input {
        Stdin::Bytes(_) => cmd.stdin(Stdio::piped()),
        Stdin::File(path) => cmd.stdin(File::open(path)?),
    };
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .env(RUN_TOKEN_VAR, &token);
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
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        sys::kill_group(pid);
        let _ = child.wait();
        sys::finish(pid, &token, since);
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
        let waited = sys::wait(pid);
        let _ = wait_tx.send((waited, Instant::now()));
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
        sys::finish(pid, &token, since);
        return Err(e);
    }
    let leftovers = sys::finish(pid, &token, since);
    drop(child);
    let Some((waited, end)) = ended else {
        return Err(io::Error::other("lost track of the program"));
    };
    let (exit, usage) = waited?;
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
struct HeadTail {
    head: Vec<u8>,
    tail: Vec<u8>,
}

impl HeadTail {
    fn push(&mut self, bytes: &[u8]) {
        let room = STDERR_KEEP - self.head.len();
        self.head.extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.tail.extend_from_slice(bytes);
        if self.tail.len() > 2 * STDERR_KEEP {
            self.tail.drain(..self.tail.len() - STDERR_KEEP);
        }
    }

    fn into_parts(mut self) -> (Vec<u8>, Vec<u8>) {
        if self.tail.len() > STDERR_KEEP {
            self.tail.drain(..self.tail.len() - STDERR_KEEP);
        }
        (self.head, self.tail)
    }
}

/// The system calls std does not offer: resource limits, waiting with
/// resource usage, `poll`, killing a process group, becoming a child
/// subreaper, and finding the processes a run left behind in `/proc`.
#[cfg(target_os = "linux")]
mod sys {
    use super::{Exit, Limits, RUN_TOKEN_VAR};
    use std::io;
    use std::os::raw::{c_int, c_long, c_short, c_uint, c_ulong};
    use std::process::{Child, Command};
    use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
    use std::sync::{Mutex, MutexGuard, Once};
    use std::time::{Duration, Instant};

    /// `struct rusage`: two `struct timeval` (two `long`s each), then 14
    /// `long`s, the first of which is `ru_maxrss` in kilobytes.
    #[repr(C)]
    struct RUsage {
        utime: [c_long; 2],
        stime: [c_long; 2],
        maxrss: c_long,
        rest: [c_long; 13],
    }

    /// `struct rlimit` (`rlim_t` is an `unsigned long` on Linux).
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct RLimit {
        cur: c_ulong,
        max: c_ulong,
    }

    /// `struct pollfd`.
    #[repr(C)]
    pub struct PollFd {
        pub fd: c_int,
        events: c_short,
        revents: c_short,
    }

    extern "C" {
        fn kill(pid: c_int, sig: c_int) -> c_int;
        fn wait4(pid: c_int, status: *mut c_int, options: c_int, rusage: *mut RUsage) -> c_int;
        fn waitid(idtype: c_int, id: c_uint, info: *mut [u64; 16], options: c_int) -> c_int;
        fn poll(fds: *mut PollFd, nfds: c_ulong, timeout: c_int) -> c_int;
        fn getrlimit(resource: c_int, rlim: *mut RLimit) -> c_int;
        fn setrlimit(resource: c_int, rlim: *const RLimit) -> c_int;
        fn prctl(option: c_int, ...) -> c_int;
        #[cfg(target_env = "gnu")]
        fn malloc_trim(pad: usize) -> c_int;
        fn signal(signum: c_int, handler: extern "C" fn(c_int)) -> usize;
        fn write(fd: c_int, buf: *const u8, count: usize) -> isize;
    }

    const SIGHUP: c_int = 1;
    const SIGINT: c_int = 2;
    const SIGKILL: c_int = 9;
    const SIGTERM: c_int = 15;
    const ECHILD: i32 = 10;
    const POLLIN: c_short = 0x1;
    const POLLERR: c_short = 0x8;
    const POLLHUP: c_short = 0x10;
    // The same numbers on every Linux architecture.
    const RLIMIT_CPU: c_int = 0;
    const RLIMIT_FSIZE: c_int = 1;
    const RLIMIT_DATA: c_int = 2;
    const RLIMIT_CORE: c_int = 4;
    const PR_SET_CHILD_SUBREAPER: c_int = 36;

    impl PollFd {
        /// Waits for `fd` to be readable (or closed).
        pub fn new(fd: c_int) -> PollFd {
            PollFd {
                fd,
                events: POLLIN,
                revents: 0,
            }
        }

        /// True when a read will not block: data, end of file or an error.
        pub fn ready(&self) -> bool {
            self.revents & (POLLIN | POLLHUP | POLLERR) != 0
        }
    }

    /// Waits up to `wait` (rounded up to a millisecond) for one of `fds` to
    /// be ready; an interrupted wait is a wait that found nothing.
    pub fn wait_readable(fds: &mut [PollFd], wait: Duration) -> io::Result<()> {
        let ms = wait.as_nanos().div_ceil(1_000_000).min(i32::MAX as u128) as c_int;
        // SAFETY: the pointer and length describe a live slice of PollFd,
        // the layout poll(2) reads and writes.
        let got = unsafe { poll(fds.as_mut_ptr(), fds.len() as c_ulong, ms) };
        if got < 0 {
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(err);
            }
        }
        Ok(())
    }

    /// The limits set in the program's process before exec.
    #[derive(Clone, Copy)]
    pub struct RLimits {
        cpu: RLimit,
        fsize: RLimit,
        data: Option<RLimit>,
    }

    /// `cur` and `max` for `resource`, lowered to the hard limit we
    /// already have (raising it would fail).
    fn capped(resource: c_int, cur: u64, max: u64) -> RLimit {
        let mut old = RLimit {
            cur: c_ulong::MAX,
            max: c_ulong::MAX,
        };
        // SAFETY: the pointer is to a live RLimit, the layout the call
        // writes.
        unsafe {
            getrlimit(resource, &mut old);
        }
        let to_c = |v: u64| c_ulong::try_from(v).unwrap_or(c_ulong::MAX);
        let max = to_c(max).min(old.max);
        RLimit {
            cur: to_c(cur).min(max),
            max,
        }
    }

    impl RLimits {
        /// CPU: the time limit rounded up to whole seconds (the hard limit,
        /// SIGKILL, a second later); file size: the output limit; data:
        /// the memory limit.
        pub fn new(limits: &Limits) -> RLimits {
            let t = limits.time;
            let secs = (t.as_secs() + u64::from(t.subsec_nanos() > 0)).max(1);
            RLimits {
                cpu: capped(RLIMIT_CPU, secs, secs + 1),
                fsize: capped(RLIMIT_FSIZE, limits.output, limits.output),
                data: limits.memory.map(|m| capped(RLIMIT_DATA, m, m)),
            }
        }

        /// Sets the limits in the calling process (the child, before exec),
        /// and no core dumps.
        pub fn apply(&self) -> io::Result<()> {
            let no_core = RLimit { cur: 0, max: 0 };
            let mut all = vec![
                (RLIMIT_CPU, self.cpu),
                (RLIMIT_FSIZE, self.fsize),
                (RLIMIT_CORE, no_core),
            ];
            all.extend(self.data.map(|d| (RLIMIT_DATA, d)));
            for (resource, limit) in all {
                // SAFETY: the pointer is to a live RLimit.
                if unsafe { setrlimit(resource, &limit) } != 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        }
    }

    /// The socket a signal handler writes to (its write end; -1 until
    /// [`stop_on_signals`]) and the end runs wait on.
    static INTERRUPT_TX: AtomicI32 = AtomicI32::new(-1);
    static INTERRUPT_RX: AtomicI32 = AtomicI32::new(-1);

    extern "C" fn on_signal(_sig: c_int) {
        let fd = INTERRUPT_TX.load(Ordering::Relaxed);
        if fd >= 0 {
            // SAFETY: write(2) is async-signal-safe; one byte from a static.
            unsafe {
                write(fd, b"!".as_ptr(), 1);
            }
        }
    }

    /// See [`super::stop_on_signals`]: the two ends live as long as the
    /// process.
    pub fn stop_on_signals() -> io::Result<()> {
        use std::os::unix::io::IntoRawFd;
        use std::os::unix::net::UnixStream;
        if INTERRUPT_RX.load(Ordering::Relaxed) >= 0 {
            return Ok(());
        }
        let (tx, rx) = UnixStream::pair()?;
        tx.set_nonblocking(true)?;
        INTERRUPT_TX.store(tx.into_raw_fd(), Ordering::Relaxed);
        INTERRUPT_RX.store(rx.into_raw_fd(), Ordering::Relaxed);
        for sig in [SIGHUP, SIGINT, SIGTERM] {
            // SAFETY: the handler only loads an atomic and calls write(2).
            unsafe {
                signal(sig, on_signal);
            }
        }
        Ok(())
    }

    /// The end to poll for a signal, once [`stop_on_signals`] was called.
    pub fn interrupt_fd() -> Option<c_int> {
        let fd = INTERRUPT_RX.load(Ordering::Relaxed);
        (fd >= 0).then_some(fd)
    }

    /// Makes this process the reaper of its orphaned descendants (once).
    pub fn become_subreaper() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            // SAFETY: prctl with this option reads one integer argument.
            unsafe {
                prctl(PR_SET_CHILD_SUBREAPER, 1 as c_ulong);
            }
        });
    }

    /// A token no other run of this process has.
    pub fn new_token() -> String {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        format!(
            "{}.{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        )
    }

    /// The programs of runs in progress (their pids): never taken for
    /// leftovers. Spawning and cleaning up hold the lock, so a cleanup
    /// never sees a program between its spawn and its registration.
    static RUNNING: Mutex<Vec<c_int>> = Mutex::new(Vec::new());

    fn running() -> MutexGuard<'static, Vec<c_int>> {
        RUNNING.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Spawns `cmd` and registers it; returns the child, the instant just
    /// before the spawn and its start time in clock ticks after boot
    /// (`u64::MAX` when unknown).
    pub fn spawn(cmd: &mut Command) -> io::Result<(Child, Instant, u64)> {
        // The child's peak memory counts from the judge's resident size at
        // the fork (exec keeps it): give freed heap back first.
        // SAFETY: malloc_trim only releases free memory of the allocator.
        #[cfg(target_env = "gnu")]
        unsafe {
            malloc_trim(0);
        }
        let mut running = running();
        let start = Instant::now();
        let child = cmd.spawn()?;
        let pid = child.id() as c_int;
        running.push(pid);
        let since = stat(pid).map_or(u64::MAX, |s| s.start);
        Ok((child, start, since))
    }

    /// Sends SIGKILL to every process of group `pgid` (our child's pid: it
    /// leads its own group). A group that is already gone is not an error.
    pub fn kill_group(pgid: c_int) {
        if pgid > 1 {
            // SAFETY: kill(2) takes plain integers and touches no memory of
            // ours; the negative pid addresses only the group our child leads.
            unsafe {
                kill(-pgid, SIGKILL);
            }
        }
    }

    /// What `wait4` measured of a run.
    pub struct Usage {
        pub cpu: Duration,
        pub max_rss_kb: u64,
    }

    /// Waits for child `pid` to end (reaping it); returns how it ended,
    /// its CPU time and its peak resident memory.
    pub fn wait(pid: c_int) -> io::Result<(Exit, Usage)> {
        let mut status = 0;
        let mut usage = RUsage {
            utime: [0; 2],
            stime: [0; 2],
            maxrss: 0,
            rest: [0; 13],
        };
        loop {
            // SAFETY: both pointers are to live locals of the exact layout
            // the kernel writes (see RUsage).
            let got = unsafe { wait4(pid, &mut status, 0, &mut usage) };
            if got == pid {
                break;
            }
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(err);
            }
        }
        let time = |tv: [c_long; 2]| {
            Duration::from_secs(tv[0].max(0) as u64) + Duration::from_micros(tv[1].max(0) as u64)
        };
        let usage = Usage {
            cpu: time(usage.utime) + time(usage.stime),
            max_rss_kb: usage.maxrss.max(0) as u64,
        };
        Ok((decode(status), usage))
    }

    /// Decodes a wait status: the low 7 bits are the signal (0 = exited),
    /// bits 8..16 the exit status.
    fn decode(status: c_int) -> Exit {
        let sig = status & 0x7f;
        if sig == 0 {
            Exit::Code((status >> 8) & 0xff)
        } else {
            Exit::Signal(sig)
        }
    }

    /// What `/proc/PID/stat` says of a process.
    struct Stat {
        pid: c_int,
        parent: c_int,
        /// Clock ticks after boot.
        start: u64,
        /// Dead, waiting to be reaped.
        zombie: bool,
    }

    /// Process `pid`'s [`Stat`].
    fn stat(pid: c_int) -> Option<Stat> {
        use std::io::Read;
        let mut buf = [0u8; 1024];
        let mut file = std::fs::File::open(format!("/proc/{}/stat", pid)).ok()?;
        let n = file.read(&mut buf).ok()?;
        let text = std::str::from_utf8(&buf[..n]).ok()?;
        // After the command name in parentheses: state, ppid, ... and
        // starttime, the 20th field from there.
        let mut fields = text[text.rfind(')')? + 1..].split_whitespace();
        let zombie = fields.next()? == "Z";
        let parent = fields.next()?.parse().ok()?;
        let start = fields.nth(17)?.parse().ok()?;
        Some(Stat {
            pid,
            parent,
            start,
            zombie,
        })
    }

    /// The run token in process `pid`'s environment, if it shows one.
    fn token_of(pid: c_int) -> Option<Vec<u8>> {
        let environ = std::fs::read(format!("/proc/{}/environ", pid)).ok()?;
        let key = format!("{}=", RUN_TOKEN_VAR);
        environ
            .split(|&b| b == 0)
            .find_map(|var| var.strip_prefix(key.as_bytes()))
            .map(<[u8]>::to_vec)
    }

    /// Our children: every process whose parent is this process.
    fn children() -> Vec<Stat> {
        let me = std::process::id() as c_int;
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<c_int>().ok())
            .filter_map(stat)
            .filter(|s| s.parent == me)
            .collect()
    }

    /// True unless this process has no child at all (a quick check that
    /// spares the `/proc` scan: with no child, nothing was left behind).
    fn has_children() -> bool {
        const P_ALL: c_int = 0;
        const WNOHANG: c_int = 1;
        const WEXITED: c_int = 4;
        const WNOWAIT: c_int = 0x0100_0000;
        let mut info = [0u64; 16];
        // SAFETY: `info` is a live buffer of siginfo_t's 128 bytes; WNOWAIT
        // leaves any child as it is.
        let got = unsafe { waitid(P_ALL, 0, &mut info, WEXITED | WNOHANG | WNOWAIT) };
        got == 0 || io::Error::last_os_error().raw_os_error() != Some(ECHILD)
    }

    /// Waits for process `pid`, which was sent SIGKILL, to be gone.
    fn reap(pid: c_int) {
        let mut status = 0;
        loop {
            // SAFETY: the pointer is to a live local; no rusage is asked.
            let got = unsafe { wait4(pid, &mut status, 0, std::ptr::null_mut()) };
            if got >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return;
            }
        }
    }

    /// Ends run `pid` (already reaped): unregisters it, then kills and
    /// reaps every child of ours this run left behind (its token in the
    /// environment; or none shown, e.g. a zombie, and started since the
    /// run), round after round, since killing one reparents its own
    /// children to us. Returns how many were still alive.
    pub fn finish(pid: c_int, token: &str, since: u64) -> usize {
        let mut running = running();
        if let Some(i) = running.iter().position(|&p| p == pid) {
            running.swap_remove(i);
        }
        let mut count = 0;
        // Each round goes one generation down; a bound against a process
        // that forks faster than we kill.
        for _ in 0..1000 {
            if !has_children() {
                break;
            }
            let ours: Vec<Stat> = children()
                .into_iter()
                .filter(|child| {
                    !running.contains(&child.pid)
                        && match token_of(child.pid) {
                            Some(t) => t == token.as_bytes(),
                            None => child.start >= since,
                        }
                })
                .collect();
            if ours.is_empty() {
                break;
            }
            for child in &ours {
                // SAFETY: plain integers; `child` is our own child, not
                // yet reaped, so the pid cannot have been reused.
                unsafe {
                    kill(child.pid, SIGKILL);
                }
            }
            for child in &ours {
                reap(child.pid);
            }
            count += ours.iter().filter(|child| !child.zombie).count();
        }
        count
    }
}

// -------------------------------------------------------- building a source

/// The compile line when `judge.conf` gives none: what Rust judges run.
pub const DEFAULT_COMPILE: &str = "rustc --edition 2018 -O {source} -o {binary}";

/// How long a compile may take (wall and CPU).
pub const COMPILE_TIME_LIMIT: Duration = Duration::from_secs(60);

/// What the source file is called where it is compiled, as a judge names
/// it, and the program it becomes.
const SOURCE_NAME: &str = "Main.rs";
const BINARY_NAME: &str = "Main";

/// True when `program` names a source file to build before judging: an
/// existing file ending in `.rs`.
pub fn is_source(program: &str) -> bool {
    let path = Path::new(program);
    path.extension().is_some_and(|e| e == "rs") && path.is_file()
}

/// A program built from a source file, in a temporary directory that is
/// removed when this is dropped.
#[derive(Debug)]
pub struct Build {
    /// The temporary directory.
    dir: PathBuf,
    /// The program to run.
    pub binary: PathBuf,
    /// The compile line as run (`rustc --edition 2018 -O Main.rs -o Main`).
    pub command: String,
    /// How long the compile took.
    pub time: Duration,
}

impl Drop for Build {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// What [`compile`] made of a source.
#[derive(Debug)]
pub enum Compiled {
    /// It built.
    Built(Build),
    /// CE.
    Failed {
        /// The compile line as run.
        command: String,
        /// How long the compile took.
        time: Duration,
        /// The compiler's first error lines, or why the build failed.
        reason: String,
    },
}

/// Builds `source` alone, the way a judge does: copies it as `Main.rs`
/// into `bin/` of a fresh temporary directory (and, for a LeetCode harness,
/// each file it `include!`s by a relative path, at the same relative path,
/// so `../leetcode/NAME.rs` comes along), then runs `line` (`{source}` and
/// `{binary}` replaced by `Main.rs` and `Main`) with `sh -c` there, under
/// [`COMPILE_TIME_LIMIT`].
///
/// Errors: the source cannot be read or the directory made; the compile
/// command cannot be started.
pub fn compile(source: &Path, line: &str) -> io::Result<Compiled> {
    let text = std::fs::read(source)?;
    let dir = temp_build_dir()?;
    let bin = dir.join("bin");
    let mut build = Build {
        binary: bin.join(BINARY_NAME),
        command: line
            .replace("{source}", SOURCE_NAME)
            .replace("{binary}", BINARY_NAME),
        time: Duration::ZERO,
        dir,
    };
    std::fs::create_dir(&bin)?;
    std::fs::write(bin.join(SOURCE_NAME), &text)?;
    let from = source.parent().unwrap_or(Path::new("."));
    for path in included_paths(&String::from_utf8_lossy(&text)) {
        // Only a path that stays inside the build directory; anything else
        // is left for the compiler to report.
        if let Some(inside) = inside(&build.dir, &bin, &path) {
            if let Ok(bytes) = std::fs::read(from.join(&path)) {
                if let Some(parent) = inside.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&inside, bytes)?;
            }
        }
    }
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(&build.command).current_dir(&bin);
    let limits = Limits {
        time: COMPILE_TIME_LIMIT,
        memory: None,
        output: 256 << 20,
    };
    let run = run_command(cmd, Stdin::Bytes(b""), &limits)?;
    build.time = run.wall;
    let reason = if run.timed_out || run.cpu.is_some_and(|cpu| cpu > COMPILE_TIME_LIMIT) {
        format!(
            "the compile took longer than {}",
            seconds(COMPILE_TIME_LIMIT)
        )
    } else if run.exit != Exit::Code(0) {
        let errors = first_errors(&run.stderr_head, 8);
        if errors.is_empty() {
            format!("`{}`: {}, nothing on stderr", build.command, run.exit)
        } else {
            errors
        }
    } else if !build.binary.is_file() {
        format!("`{}` made no {}", build.command, BINARY_NAME)
    } else {
        return Ok(Compiled::Built(build));
    };
    Ok(Compiled::Failed {
        command: build.command.clone(),
        time: build.time,
        reason,
    })
}

/// A new empty directory under the system's temp dir, for one build.
fn temp_build_dir() -> io::Result<PathBuf> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sudoku-judge-build-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// The relative paths in `include!("...")` of a Rust source.
fn included_paths(source: &str) -> Vec<String> {
    source
        .split("include!(")
        .skip(1)
        .filter_map(|rest| {
            let rest = rest.trim_start().strip_prefix('"')?;
            Some(rest[..rest.find('"')?].to_string())
        })
        .filter(|p| Path::new(p).is_relative())
        .collect()
}

/// Where relative `path` from directory `from` lands, when that is inside
/// `root` (resolved by name: `..` goes up one level).
fn inside(root: &Path, from: &Path, path: &str) -> Option<PathBuf> {
    use std::path::Component;
    let mut at = from.to_path_buf();
    for part in Path::new(path).components() {
        match part {
            Component::Normal(name) => at.push(name),
            Component::ParentDir if at != root => {
                at.pop();
            }
            Component::CurDir => {}
            _ => return None,
        }
    }
    (at.starts_with(root) && at != root).then_some(at)
}

/// The compiler's first error lines: from the first line starting with
/// `error`, at most `lines` non-empty lines (from the start when no line
/// does); lossy UTF-8.
pub fn first_errors(stderr: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(stderr);
    let all = nonblank_lines(&text);
    let from = all.iter().position(|l| l.starts_with("error")).unwrap_or(0);
    all[from..]
        .iter()
        .take(lines)
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

// ------------------------------------------------------------- judging a run

/// The verdict of one run on one case.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Status {
    /// AC: accepted.
    Accepted,
    /// WA, with what differs (exact: the first differing line).
    WrongAnswer(String),
    /// PE: right content, wrong layout (or an unreadable output).
    PresentationError(String),
    /// TLE: killed at the time limit, or used more CPU or wall time.
    TimeLimit(String),
    /// MLE: past the memory limit, or failed for want of memory.
    MemoryLimit(String),
    /// OLE: more output than the output limit.
    OutputLimit(String),
    /// RE: a non-zero exit status or a signal, with the end of stderr.
    RuntimeError(String),
    /// JF: the case itself is broken (bad input, an answer that does not
    /// solve it); not the program's fault.
    JudgeFailure(String),
}

impl Status {
    /// The short code shown in a row: `AC`, `WA`, `PE`, `TLE`, `MLE`,
    /// `OLE`, `RE`, `JF`.
    pub fn code(&self) -> &'static str {
        match self {
            Status::Accepted => "AC",
            Status::WrongAnswer(_) => "WA",
            Status::PresentationError(_) => "PE",
            Status::TimeLimit(_) => "TLE",
            Status::MemoryLimit(_) => "MLE",
            Status::OutputLimit(_) => "OLE",
            Status::RuntimeError(_) => "RE",
            Status::JudgeFailure(_) => "JF",
        }
    }

    /// The explanation, if the verdict has one.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Status::WrongAnswer(s)
            | Status::PresentationError(s)
            | Status::TimeLimit(s)
            | Status::MemoryLimit(s)
            | Status::OutputLimit(s)
            | Status::RuntimeError(s)
            | Status::JudgeFailure(s) => Some(s),
            Status::Accepted => None,
        }
    }

    /// The outcome of a checker verdict.
    pub fn from_verdict(v: Verdict) -> Status {
        match v {
            Verdict::Accepted => Status::Accepted,
            Verdict::WrongAnswer(s) => Status::WrongAnswer(s),
            Verdict::PresentationError(s) => Status::PresentationError(s),
            Verdict::JudgeFailure(s) => Status::JudgeFailure(s),
        }
    }
}

/// The lines of `text` that are not blank, their ends trimmed.
fn nonblank_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect()
}

/// The last `lines` non-empty lines of a program's stderr, joined with
/// ` | `, at most 300 characters (the end kept); lossy UTF-8.
pub fn stderr_excerpt(tail: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(tail);
    let kept = nonblank_lines(&text);
    let joined = kept[kept.len().saturating_sub(lines)..].join(" | ");
    let chars: Vec<char> = joined.chars().collect();
    if chars.len() > 300 {
        let tail: String = chars[chars.len() - 300..].iter().collect();
        format!("...{}", tail)
    } else {
        joined
    }
}

/// What runtimes print when an allocation fails: Rust (`memory allocation
/// of N bytes failed`), C++ (`std::bad_alloc`), Python, Java, Go, the C
/// library's ENOMEM message, shells and awk.
const ALLOCATION_FAILURES: [&str; 8] = [
    "memory allocation of ",
    "bad_alloc",
    "MemoryError",
    "OutOfMemoryError",
    "out of memory",
    "Out of memory",
    "Cannot allocate memory",
    "memory exhausted",
];

/// `2.1 MB` (a measured size).
fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

/// Why `run` is MLE under a memory limit of `limit` bytes, if it is: its
/// peak resident memory passed the limit; or it ended badly (a non-zero
/// exit or a signal) and either its stderr shows an allocation failure (an
/// allocation the limit refused) or its peak was within 10% of the limit.
pub fn memory_exceeded(run: &Execution, limit: Option<u64>) -> Option<String> {
    let limit = limit?;
    let peak_kb = run.max_rss_kb.unwrap_or(0);
    let peak = mb(peak_kb);
    if peak_kb * 1024 > limit {
        return Some(format!(
            "peak memory {} over the limit of {}",
            peak,
            mib(limit)
        ));
    }
    if run.exit == Exit::Code(0) {
        return None;
    }
    let stderr = [&run.stderr_head[..], &run.stderr_tail[..]].concat();
    let text = String::from_utf8_lossy(&stderr);
    if let Some(line) = text
        .lines()
        .find(|l| ALLOCATION_FAILURES.iter().any(|p| l.contains(p)))
    {
        return Some(format!(
            "an allocation failed under the memory limit of {} ({}; peak {}): {}",
            mib(limit),
            run.exit,
            peak,
            stderr_excerpt(line.as_bytes(), 1)
        ));
    }
    (peak_kb * 1024 >= limit / 10 * 9).then(|| {
        format!(
            "{} at a peak of {}, near the memory limit of {}",
            run.exit,
            peak,
            mib(limit)
        )
    })
}

/// How far a rerun raises the memory limit to tell a failure for want of
/// memory from any other ([`failed_for_memory`]): 16 times the limit, at
/// least 4 GiB.
const RERUN_MEMORY_FACTOR: u64 = 16;
const RERUN_MEMORY_FLOOR: u64 = 4 << 30;

/// Why a run that ended badly (RE) under a memory limit failed for want
/// of memory, if it did, however the program showed it: a `malloc` that
/// returned NULL and a silent exit, an allocator's abort, a crash on a
/// failed `mmap`. The limit (`RLIMIT_DATA`) makes an allocation fail
/// without a trace the judge can see, so the case is run once more with
/// the limit raised ([`RERUN_MEMORY_FACTOR`] times, at least
/// [`RERUN_MEMORY_FLOOR`]): when that run ends well, or its peak passes
/// the limit, the first one failed for the memory the limit refused
/// (MLE). A run that fails again the same way stays RE. Costs one more
/// run, for failed runs only.
pub fn failed_for_memory(
    program: &str,
    input: Stdin,
    limits: &Limits,
) -> io::Result<Option<String>> {
    let Some(limit) = limits.memory else {
        return Ok(None);
    };
    let raised = limit
        .saturating_mul(RERUN_MEMORY_FACTOR)
        .max(RERUN_MEMORY_FLOOR);
    let again = run_program(
        program,
        input,
        &Limits {
            memory: Some(raised),
            ..*limits
        },
    )?;
    let peak_kb = again.max_rss_kb.unwrap_or(0);
    let ended_well = again.exit == Exit::Code(0) && !again.timed_out && !again.output_exceeded;
    let why = if peak_kb * 1024 > limit {
        format!("peaked at {}", mb(peak_kb))
    } else if ended_well {
        "ran to its end".to_string()
    } else {
        return Ok(None);
    };
    Ok(Some(format!(
        "an allocation failed under the memory limit of {}: with {} the same case {}",
        mib(limit),
        mib(raised),
        why
    )))
}

/// Judges `run` of a program on one case, first matching rule first:
/// OLE when it was stopped past the output limit (or a file write passed
/// it: SIGXFSZ); TLE when it was killed at the time limit or used more
/// wall or CPU time; MLE ([`memory_exceeded`]); RE on a non-zero exit or a
/// signal; otherwise the checker judges its output under `rule`
/// ([`checker::check`]), with `expected` as the jury's ANSWER when given
/// (`exact` without `expected` is a judge failure).
pub fn judge_run(
    rule: &Rule,
    input: &[u8],
    expected: Option<&[u8]>,
    run: &Execution,
    limits: &Limits,
) -> Status {
    if run.output_exceeded {
        return Status::OutputLimit(format!("more than {} on stdout", mib(limits.output)));
    }
    if run.exit == Exit::Signal(25) {
        return Status::OutputLimit(format!(
            "a file written past the output limit of {} (SIGXFSZ)",
            mib(limits.output)
        ));
    }
    if run.timed_out {
        return Status::TimeLimit(format!(
            "killed at the time limit of {}",
            seconds(limits.time)
        ));
    }
    let cpu = run.cpu.unwrap_or_default();
    if cpu > limits.time || run.exit == Exit::Signal(SIGXCPU) {
        return Status::TimeLimit(format!(
            "{:.3} s of CPU time, over the time limit of {}",
            cpu.as_secs_f64(),
            seconds(limits.time)
        ));
    }
    if run.wall > limits.time {
        return Status::TimeLimit(format!(
            "{} ms of wall time, over the time limit of {}",
            run.wall.as_millis(),
            seconds(limits.time)
        ));
    }
    if let Some(why) = memory_exceeded(run, limits.memory) {
        return Status::MemoryLimit(why);
    }
    if run.exit != Exit::Code(0) {
        let err = stderr_excerpt(&run.stderr_tail, 3);
        return Status::RuntimeError(if err.is_empty() {
            format!("{}, nothing on stderr", run.exit)
        } else {
            format!("{}; stderr: {}", run.exit, err)
        });
    }
    Status::from_verdict(checker::check(rule, input, &run.stdout, expected))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::testdata::{EMPTY_DIGITS, SMALLEST};

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
        let conf =
            crate::judge::problem::parse_conf("time_limit = 0.5\nmemory_limit = 64\n").unwrap();
        let limits = Limits::of(&conf);
        assert_eq!(limits.time, Duration::from_millis(500));
        assert_eq!(limits.memory, Some(64 << 20));
        assert_eq!(limits.output, DEFAULT_OUTPUT_LIMIT);
        let default = Limits::of(&Conf::default());
        assert_eq!(default.time, crate::judge::problem::DEFAULT_TIME_LIMIT);
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
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(20),
        memory: Some(64 << 20),
        output: 1 << 20,
    };

    #[test]
    fn memory_verdicts_need_a_peak_past_the_limit_or_a_failure_for_memory() {
        let mle = |run: &Execution| {
            judge_run(&Rule::new(Answers::Exact), b"", Some(b"1\n"), run, &LIMITS)
        };
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
        let judge = |run: &Execution| {
            judge_run(&Rule::new(Answers::Exact), b"", Some(b"1\n"), run, &LIMITS)
        };
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
}
