//! The system calls std does not offer, declared `extern "C"` against the
//! C library (std only): resource limits, waiting with resource usage
//! (`wait4` and its peak memory), `poll`, killing a process group,
//! becoming a child subreaper, and finding the processes a run left
//! behind in `/proc`.

use super::{Exit, RUN_TOKEN_VAR};
use crate::judge::limits::Limits;
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
    fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    fn prlimit(pid: c_int, resource: c_int, new: *const RLimit, old: *mut RLimit) -> c_int;
    fn getuid() -> c_uint;
    fn getgid() -> c_uint;
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
const RLIMIT_NPROC: c_int = 6;
const F_SETFD: c_int = 2;
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

/// Registers `pid`, a process of a run in progress that the run reaps
/// itself (the sandbox's first process): never taken for a leftover
/// until [`finish`] unregisters it.
pub fn register(pid: c_int) {
    running().push(pid);
}

/// The real user and group ids of this process.
pub fn ids() -> (u32, u32) {
    // SAFETY: neither call takes an argument or can fail.
    unsafe { (getuid(), getgid()) }
}

/// Lets descriptor `fd` pass through `exec` (clears its close-on-exec
/// flag); for the child between fork and exec (async-signal-safe).
pub fn inheritable(fd: c_int) -> io::Result<()> {
    // SAFETY: fcntl(F_SETFD) on a descriptor number touches no memory.
    if unsafe { fcntl(fd, F_SETFD, 0 as c_int) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Sets the process limit (`RLIMIT_NPROC`, soft and hard) of process
/// `pid`: how many processes and threads its user may have where it is
/// counted (in a user namespace of its own: in that namespace).
pub fn limit_processes(pid: c_int, count: u64) -> io::Result<()> {
    let limit = RLimit {
        cur: count as c_ulong,
        max: count as c_ulong,
    };
    // SAFETY: the pointer is to a live RLimit; no old value is asked.
    if unsafe { prlimit(pid, RLIMIT_NPROC, &limit, std::ptr::null_mut()) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
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

/// Ends run `pids` (its program and any process it reaps itself,
/// already reaped or not ours): unregisters them, then kills and reaps
/// every child of ours this run left behind (its token in the
/// environment; or none shown, e.g. a zombie, and started since the
/// run), round after round, since killing one reparents its own
/// children to us. Returns how many were still alive.
pub fn finish(pids: &[c_int], token: &str, since: u64) -> usize {
    let mut running = running();
    for pid in pids {
        if let Some(i) = running.iter().position(|p| p == pid) {
            running.swap_remove(i);
        }
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
