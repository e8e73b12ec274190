//! The sandbox around every run and every compile: bubblewrap (`bwrap`),
//! where it works, chosen once per process ([`set_sandboxing`]).
//!
//! Each run gets new user, pid, network (no interface but its own
//! loopback), IPC, UTS and cgroup namespaces; a root of its own, read-only:
//! the system folders (`/usr`, `/bin`, `/lib*`, `/sbin`, `/opt`), of `/etc`
//! only the linker's cache, the `alternatives` links, the time zone and the
//! JDK's configuration, its own `/proc` and a minimal `/dev`; a private
//! `/tmp` and `/dev/shm` (64 MiB each, or the output limit if larger); as
//! its working directory a fresh empty folder at the caller's working
//! directory's path (or the command's own working directory, writable, for
//! a compile), holding nothing but the files its command line names,
//! read-only (`run/expose.rs`). Nothing of the problem folder, the
//! caller's working directory or `$HOME`. No capabilities, a new session
//! (no terminal to type into), and it dies with the judge
//! (`--die-with-parent`): when its first process ends, the kernel kills
//! every process left in its pid namespace.
//!
//! The process limit: `RLIMIT_NPROC` counts a user's processes and threads
//! in each user namespace, and the kernel does not enforce it for root
//! (uid 0 outside) at all. So the sandbox's user namespace gets its uid and
//! gid maps from the judge (`--userns-block-fd`): under root, uid 0 for
//! bwrap's own setup (it may need to read a toolchain under `/root`) and
//! 65534 (`nobody`) that the program runs as (`setpriv`), without
//! capabilities, where the limit holds; under any other user, that user
//! as root of the namespace, without capabilities. The judge sets the
//! limit on the sandbox's first process once its namespace exists, so it
//! counts that namespace's processes only ([`process_limit`]).

use super::expose;
use super::sys;
use crate::judge::limits::{process_limit, Limits};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::io::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Whether runs are sandboxed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sandboxing {
    /// Where `bwrap` works (a trial run says so), else bare.
    Auto,
    /// Always: judging stops where `bwrap` does not work.
    On,
    /// Never: every run with the caller's rights, in its folder.
    Off,
}

impl Sandboxing {
    /// `auto`, `on` or `off`.
    pub fn parse(text: &str) -> Option<Sandboxing> {
        match text {
            "auto" => Some(Sandboxing::Auto),
            "on" => Some(Sandboxing::On),
            "off" => Some(Sandboxing::Off),
            _ => None,
        }
    }
}

/// The choice of this process: 0 auto (the default), 1 on, 2 off.
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// The uid and gid a program runs as when the judge is root.
const NOBODY: u32 = 65534;

/// The size of each private `tmpfs` (working directory, `/tmp`,
/// `/dev/shm`) when the output limit is smaller.
const SCRATCH_BYTES: u64 = 64 << 20;

/// How long bwrap may take to create its namespaces.
const SETUP_WAIT: Duration = Duration::from_secs(10);

/// Chooses how every later run of this process is confined. `Auto` and
/// `On` try `bwrap` once ([`check`]): `Ok(None)` when runs will be
/// sandboxed (or `Off`); `Ok(Some(warning))` when `Auto` falls back to
/// bare runs (the warning says why); `Err(why)` when `On` cannot be kept.
pub fn set_sandboxing(mode: Sandboxing) -> Result<Option<String>, String> {
    let code = match mode {
        Sandboxing::Auto => 0,
        Sandboxing::On => 1,
        Sandboxing::Off => 2,
    };
    CHOSEN.store(code, Ordering::Relaxed);
    match (mode, check()) {
        (Sandboxing::Off, _) | (_, Ok(())) => Ok(None),
        (Sandboxing::Auto, Err(why)) => Ok(Some(format!(
            "no sandbox ({}): programs run with your rights, in your folder",
            why
        ))),
        (Sandboxing::On, Err(why)) => Err(format!("--sandbox on: {}", why)),
    }
}

/// True when runs are sandboxed now: `On`, or `Auto` where `bwrap` works.
pub fn sandboxed() -> bool {
    match CHOSEN.load(Ordering::Relaxed) {
        2 => false,
        1 => true,
        _ => check().is_ok(),
    }
}

/// Whether the sandbox works here: `bwrap` on `PATH` (and `setpriv`
/// under root), and a trial run of `true` in it that exits 0. Tried once
/// per process.
pub fn check() -> Result<(), String> {
    static TRIED: OnceLock<Result<(), String>> = OnceLock::new();
    TRIED.get_or_init(trial).clone()
}

/// See [`check`].
fn trial() -> Result<(), String> {
    if bwrap().is_none() {
        return Err("bwrap not found on PATH: install bubblewrap".to_string());
    }
    if sys::ids().0 == 0 && expose::on_path("setpriv").is_none() {
        return Err("setpriv (util-linux) not found on PATH".to_string());
    }
    let limits = Limits::time_only(SETUP_WAIT);
    let cmd = Command::new("true");
    match super::run_sandboxed(cmd, super::Stdin::Bytes(b""), &limits) {
        Ok(run) if run.exit == super::Exit::Code(0) => Ok(()),
        Ok(run) => {
            let said = String::from_utf8_lossy(&run.stderr_head);
            let line = said.lines().next().unwrap_or("").trim();
            Err(if line.is_empty() {
                format!("bwrap does not work here: {}", run.exit)
            } else {
                format!("bwrap does not work here: {}", line)
            })
        }
        Err(e) => Err(format!(
            "bwrap does not start: {}",
            crate::format::io_message(&e)
        )),
    }
}

/// Where `bwrap` is.
fn bwrap() -> Option<PathBuf> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND.get_or_init(|| expose::on_path("bwrap")).clone()
}

/// Makes `dir` writable for the program of a sandboxed run that works in
/// it (a compile's build folder): under root, the program runs as
/// `nobody`, so the folder is given to it. Elsewhere nothing to do.
pub fn make_writable(dir: &Path) -> io::Result<()> {
    if sys::ids().0 == 0 && sandboxed() {
        std::os::unix::fs::chown(dir, Some(NOBODY), Some(NOBODY))?;
    }
    Ok(())
}

/// The error a bare spawn of `program` (run from `cwd`) would give, if
/// any: inside the sandbox bwrap would only say it on stderr.
fn startable(program: &std::ffi::OsStr, cwd: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let path = Path::new(program);
    if path.components().count() == 1 {
        return match expose::on_path(&program.to_string_lossy()) {
            Some(_) => Ok(()),
            None => Err(io::Error::from(io::ErrorKind::NotFound)),
        };
    }
    let meta = std::fs::metadata(expose::absolute(cwd, path))?;
    if meta.is_dir() || meta.permissions().mode() & 0o111 == 0 {
        return Err(io::Error::from(io::ErrorKind::PermissionDenied));
    }
    Ok(())
}

/// Adds `--dir` (mode 0755) for each folder above `path` the sandbox does
/// not have yet (`made`): bwrap would copy the host's modes, and a folder
/// such as `/root` (0700) would stop the program on its way in.
fn parents(path: &Path, made: &mut Vec<PathBuf>, args: &mut Vec<OsString>) {
    let mut ancestors: Vec<&Path> = path.ancestors().skip(1).collect();
    ancestors.reverse();
    for dir in ancestors {
        if !made.iter().any(|m| m == dir) && !expose::in_system(dir) {
            args.extend(["--perms", "0755", "--dir"].map(OsString::from));
            args.push(dir.into());
            made.push(dir.to_path_buf());
        }
    }
}

/// The judge's side of a sandbox's setup (see [`Handshake::release`]).
pub(super) struct Handshake {
    /// Where bwrap writes the pid of the sandbox's first process.
    info: UnixStream,
    /// What bwrap waits on before it sets the sandbox up.
    go: UnixStream,
    /// bwrap's ends of the two: closed here once it is started.
    theirs: Option<(OwnedFd, OwnedFd)>,
}

/// `cmd` in the sandbox, under `limits` (the size of its private folders).
/// Its working directory (`cmd`'s own, else the caller's) and what its
/// command line names are read before it starts.
pub(super) fn wrap(cmd: &Command, limits: &Limits) -> io::Result<(Command, Handshake)> {
    let bwrap = bwrap().ok_or_else(|| io::Error::other("bwrap not found on PATH"))?;
    let caller_cwd = std::env::current_dir()?;
    let own_dir = cmd
        .get_current_dir()
        .map(|d| expose::absolute(&caller_cwd, d));
    let cwd = own_dir.clone().unwrap_or_else(|| caller_cwd.clone());
    startable(cmd.get_program(), &cwd)?;
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let shown = expose::exposed(cmd, &cwd, home.as_deref());
    let (info, info_theirs) = UnixStream::pair()?;
    let (go, go_theirs) = UnixStream::pair()?;
    let (info_fd, go_fd) = (info_theirs.as_raw_fd(), go_theirs.as_raw_fd());
    let root = sys::ids().0 == 0;
    let size = SCRATCH_BYTES.max(limits.output).to_string();

    let mut args: Vec<OsString> = Vec::new();
    let mut add = |words: &[&str]| args.extend(words.iter().map(OsString::from));
    add(&[
        "--unshare-all",
        "--unshare-user",
        "--die-with-parent",
        "--new-session",
    ]);
    add(&["--info-fd", &info_fd.to_string()]);
    add(&["--userns-block-fd", &go_fd.to_string()]);
    add(&["--cap-drop", "ALL", "--hostname", "sandbox"]);
    if root {
        add(&["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]);
    }
    let mut made: Vec<PathBuf> = vec![PathBuf::from("/")];
    for dir in expose::SYSTEM {
        let path = Path::new(dir);
        match std::fs::read_link(path) {
            Ok(target) => add(&["--symlink", &target.to_string_lossy(), dir]),
            Err(_) if path.is_dir() => add(&["--ro-bind", dir, dir]),
            Err(_) => continue,
        }
        made.push(path.to_path_buf());
    }
    for path in expose::etc_paths() {
        parents(&path, &mut made, &mut args);
        args.push("--ro-bind".into());
        args.push(path.clone().into());
        args.push(path.into());
    }
    let mut add = |words: &[&str]| args.extend(words.iter().map(OsString::from));
    add(&["--proc", "/proc", "--dev", "/dev"]);
    add(&["--perms", "1777", "--size", &size, "--tmpfs", "/dev/shm"]);
    add(&["--perms", "1777", "--size", &size, "--tmpfs", "/tmp"]);
    made.extend(["/proc", "/dev", "/tmp"].map(PathBuf::from));
    parents(&cwd, &mut made, &mut args);
    match &own_dir {
        Some(dir) => {
            args.push("--bind".into());
            args.push(dir.into());
            args.push(dir.into());
        }
        None if !expose::in_system(&cwd) && cwd != Path::new("/") => {
            args.extend(["--perms", "0777", "--size", &size, "--tmpfs"].map(OsString::from));
            args.push(cwd.clone().into());
        }
        None => {}
    }
    made.push(cwd.clone());
    for path in &shown.paths {
        if own_dir.is_some() && path.starts_with(&cwd) {
            continue;
        }
        parents(path, &mut made, &mut args);
        args.push("--ro-bind".into());
        args.push(path.into());
        args.push(path.into());
    }
    args.extend(["--remount-ro", "/", "--remount-ro", "/dev", "--chdir"].map(OsString::from));
    args.push(cwd.clone().into());
    args.push("--".into());
    if root {
        let (u, g) = (format!("--reuid={}", NOBODY), format!("--regid={}", NOBODY));
        args.extend(
            ["setpriv", &u, &g, "--clear-groups", "--inh-caps=-all", "--"].map(OsString::from),
        );
    }
    args.push(cmd.get_program().into());
    args.extend(cmd.get_args().map(OsString::from));

    let mut outer = Command::new(bwrap);
    outer.args(args).env_clear();
    for key in ["LANG", "LC_ALL", "LC_CTYPE", "TZ", "TERM"] {
        if let Some(value) = std::env::var_os(key) {
            outer.env(key, value);
        }
    }
    outer.env("PATH", expose::inner_path(&shown.bins));
    outer.env("HOME", &cwd);
    for (key, value) in cmd.get_envs() {
        match value {
            Some(value) => outer.env(key, value),
            None => outer.env_remove(key),
        };
    }
    // SAFETY: between fork and exec the closure only calls fcntl
    // (async-signal-safe) on two descriptor numbers.
    unsafe {
        outer.pre_exec(move || {
            sys::inheritable(info_fd)?;
            sys::inheritable(go_fd)
        });
    }
    let handshake = Handshake {
        info,
        go,
        theirs: Some((OwnedFd::from(info_theirs), OwnedFd::from(go_theirs))),
    };
    Ok((outer, handshake))
}

impl Handshake {
    /// Once bwrap is started: reads the pid of the sandbox's first
    /// process, writes its user namespace's uid and gid maps, sets its
    /// process limit, and lets it go on. Returns that pid; an error when
    /// bwrap ended first (its stderr says why).
    pub(super) fn release(&mut self) -> io::Result<i32> {
        self.theirs = None;
        let pid = self.first_pid()?;
        let (uid, gid) = sys::ids();
        let proc_dir = PathBuf::from(format!("/proc/{}", pid));
        let (uid_map, gid_map) = if uid == 0 {
            let map = format!("0 0 1\n{} {} 1\n", NOBODY, NOBODY);
            (map.clone(), map)
        } else {
            std::fs::write(proc_dir.join("setgroups"), "deny\n")?;
            (format!("0 {} 1\n", uid), format!("0 {} 1\n", gid))
        };
        std::fs::write(proc_dir.join("uid_map"), uid_map)?;
        std::fs::write(proc_dir.join("gid_map"), gid_map)?;
        sys::limit_processes(pid, process_limit())?;
        self.go.write_all(b"1")?;
        Ok(pid)
    }

    /// The `"child-pid"` bwrap writes on its info descriptor.
    fn first_pid(&mut self) -> io::Result<i32> {
        let deadline = Instant::now() + SETUP_WAIT;
        let mut text = Vec::new();
        let mut buf = [0u8; 512];
        loop {
            if let Some(pid) = child_pid(&text) {
                return Ok(pid);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(io::Error::other("bwrap did not start the sandbox"));
            }
            let mut fds = [sys::PollFd::new(self.info.as_raw_fd())];
            sys::wait_readable(&mut fds, deadline - now)?;
            if !fds[0].ready() {
                continue;
            }
            match self.info.read(&mut buf) {
                Ok(0) => return Err(io::Error::other("bwrap ended before the sandbox started")),
                Ok(n) => text.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// The number after `"child-pid":` once it is complete.
fn child_pid(text: &[u8]) -> Option<i32> {
    let text = std::str::from_utf8(text).ok()?;
    let rest = &text[text.find("\"child-pid\":")? + 12..];
    let rest = rest.trim_start();
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}

/// A sandboxed run's exit status as the program's: bwrap reports a
/// program killed by signal n as status 128 + n.
pub(super) fn program_exit(exit: super::Exit) -> super::Exit {
    match exit {
        super::Exit::Code(c) if (129..=192).contains(&c) => super::Exit::Signal(c - 128),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_pid_is_read_once_complete() {
        assert_eq!(child_pid(b"{\n    \"child-pid\": 1234,\n"), Some(1234));
        assert_eq!(child_pid(b"{\n    \"child-pid\": 12"), None);
        assert_eq!(child_pid(b"{"), None);
    }

    #[test]
    fn signals_come_back_from_bwraps_status() {
        use super::super::Exit;
        assert_eq!(program_exit(Exit::Code(139)), Exit::Signal(11));
        assert_eq!(program_exit(Exit::Code(3)), Exit::Code(3));
        assert_eq!(program_exit(Exit::Signal(9)), Exit::Signal(9));
    }

    #[test]
    fn modes_are_read_by_name() {
        assert_eq!(Sandboxing::parse("auto"), Some(Sandboxing::Auto));
        assert_eq!(Sandboxing::parse("on"), Some(Sandboxing::On));
        assert_eq!(Sandboxing::parse("off"), Some(Sandboxing::Off));
        assert_eq!(Sandboxing::parse("yes"), None);
    }
}
