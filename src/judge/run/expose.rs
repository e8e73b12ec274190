//! What a sandboxed command sees besides the system folders: the files and
//! folders its command line names, and the toolchain of each tool it calls
//! from outside the system folders (rustup's `rustc`, pyenv's `python3`).
//!
//! A command line is read word by word (split at blanks and shell
//! operators, quotes dropped): a word naming an existing file or folder
//! (from the command's working directory) is shown read-only at its own
//! path; a bare word found on `PATH` outside the system folders is a tool:
//! `rustc` and `python3` show the toolchain they resolve to (asked once per
//! process: `rustc --print sysroot`, Python's `sys.base_prefix`), any other
//! its one file. Never shown: `/`, the caller's working directory, `$HOME`,
//! or a folder holding one of them (a file or folder inside them that the
//! command names is).

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The system folders every sandbox shows read-only (those that exist; a
/// symbolic link such as `/bin -> usr/bin` stays one).
pub(super) const SYSTEM: [&str; 8] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// What the sandbox shows of `/etc`: the dynamic linker's cache, the
/// `alternatives` links (`java`, `javac`), the time zone, and the JDK's
/// configuration (`/etc/java-*`). Not `passwd`, `hosts` or the rest.
pub(super) fn etc_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = [
        "/etc/ld.so.cache",
        "/etc/ld.so.conf",
        "/etc/ld.so.conf.d",
        "/etc/alternatives",
        "/etc/localtime",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    if let Ok(entries) = std::fs::read_dir("/etc") {
        let mut java: Vec<PathBuf> = entries
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("java"))
            .map(|e| e.path())
            .collect();
        java.sort();
        paths.extend(java);
    }
    paths.retain(|p| p.exists());
    paths
}

/// True when `path` is a system folder or inside one.
pub(super) fn in_system(path: &Path) -> bool {
    SYSTEM.iter().any(|s| path.starts_with(s))
        || path.starts_with("/proc")
        || path.starts_with("/dev")
        || path.starts_with("/sys")
}

/// What a command names.
#[derive(Default, Debug)]
pub(super) struct Exposed {
    /// Host paths shown read-only at the same path, ancestors first.
    pub paths: Vec<PathBuf>,
    /// Folders put first on `PATH` inside (a toolchain's `bin`).
    pub bins: Vec<PathBuf>,
}

/// `path` made absolute from `base`, `.` and `..` resolved by name.
pub(super) fn absolute(base: &Path, path: &Path) -> PathBuf {
    let mut out = if path.is_absolute() {
        PathBuf::from("/")
    } else {
        base.to_path_buf()
    };
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(name) => out.push(name),
            _ => {}
        }
    }
    out
}

/// The words of a shell command line, roughly: split at blanks and at
/// `;|&<>()`, quotes and backslashes dropped.
fn words(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || ";|&<>()`".contains(c))
        .map(|w| w.chars().filter(|c| !"'\"\\".contains(*c)).collect())
        .filter(|w: &String| !w.is_empty())
        .collect()
}

/// The words `cmd` runs: the command line of `sh -c LINE`, else the
/// program and its arguments.
fn command_words(cmd: &Command) -> Vec<String> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let args: Vec<String> = cmd
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if program == "sh" && args.first().map(String::as_str) == Some("-c") && args.len() >= 2 {
        let mut all = words(&args[1]);
        all.extend(args[2..].iter().cloned());
        all
    } else {
        std::iter::once(program).chain(args).collect()
    }
}

/// What `cmd` (run from `cwd`) names that the sandbox must show. `home`
/// and `cwd` (and the folders above them) are never shown.
pub(super) fn exposed(cmd: &Command, cwd: &Path, home: Option<&Path>) -> Exposed {
    let forbidden = |p: &Path| {
        p == Path::new("/")
            || cwd.starts_with(p)
            || home.is_some_and(|h| h.starts_with(p))
            || in_system(p)
    };
    let mut found = Exposed::default();
    for word in command_words(cmd) {
        let path = absolute(cwd, Path::new(&word));
        if word.contains('/') || path.exists() {
            if path.exists() && !forbidden(&path) {
                found.paths.push(path);
            }
            continue;
        }
        let Some(tool) = on_path(&word) else { continue };
        if in_system(&tool) {
            continue;
        }
        match toolchain(&word, &tool) {
            Some(root) if !forbidden(&root) => {
                found.bins.push(root.join("bin"));
                found.paths.push(root);
            }
            Some(_) => {}
            None if !forbidden(&tool) => found.paths.push(tool),
            None => {}
        }
    }
    found.paths.sort();
    found.paths.dedup();
    // A path inside another shown path is shown with it.
    let all = found.paths.clone();
    found
        .paths
        .retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
    found.paths.sort_by_key(|p| p.components().count());
    found.bins.dedup();
    found
}

/// Where `name` is found on the caller's `PATH`.
pub(super) fn on_path(name: &str) -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The toolchain folder of tool `name` at `path`, for the tools that need
/// more than their own file: `rustc` (its sysroot: rustup's toolchain),
/// `python3` and `python` (the installation's prefix). Asked once per
/// process; `None` for any other tool or when the answer is not a folder.
fn toolchain(name: &str, path: &Path) -> Option<PathBuf> {
    static KNOWN: Mutex<Option<HashMap<PathBuf, Option<PathBuf>>>> = Mutex::new(None);
    let args: &[&str] = match name {
        "rustc" => &["--print", "sysroot"],
        "python3" | "python" => &["-c", "import sys; print(sys.base_prefix)"],
        _ => return None,
    };
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let known = known.get_or_insert_with(HashMap::new);
    if let Some(root) = known.get(path) {
        return root.clone();
    }
    // Another run's token: the runner, which kills the children it does
    // not know, leaves this one alone.
    let root = Command::new(path)
        .args(args)
        .env(super::RUN_TOKEN_VAR, "toolchain-probe")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
        .filter(|root| root.is_absolute() && root.join("bin").is_dir());
    known.insert(path.to_path_buf(), root.clone());
    root
}

/// The `PATH` inside: the toolchains' `bin` folders, then the caller's.
pub(super) fn inner_path(bins: &[PathBuf]) -> std::ffi::OsString {
    let caller = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    let mut all: Vec<PathBuf> = bins.to_vec();
    all.extend(std::env::split_paths(&caller));
    std::env::join_paths(all).unwrap_or(caller)
}

/// True when `a` is `b` as a string (for the word lists in tests).
#[cfg(test)]
fn same(a: &[String], b: &[&str]) -> bool {
    a.iter().map(String::as_str).eq(b.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_are_read_word_by_word_without_quotes() {
        let w = words("exec java -cp '/tmp/a b/bin' Main; cat x|sort >out");
        assert!(same(
            &w,
            &["exec", "java", "-cp", "/tmp/a", "b/bin", "Main", "cat", "x", "sort", "out"]
        ));
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg("python3 \"sol.py\"");
        assert!(same(&command_words(&cmd), &["python3", "sol.py"]));
        let mut cmd = Command::new("./a.out");
        cmd.arg("x");
        assert!(same(&command_words(&cmd), &["./a.out", "x"]));
    }

    #[test]
    fn paths_are_made_absolute_by_name() {
        let base = Path::new("/work/x");
        assert_eq!(absolute(base, Path::new("a/../b")), Path::new("/work/x/b"));
        assert_eq!(absolute(base, Path::new("../y")), Path::new("/work/y"));
        assert_eq!(absolute(base, Path::new("/etc/./z")), Path::new("/etc/z"));
        assert_eq!(absolute(base, Path::new(".")), Path::new("/work/x"));
    }

    #[test]
    fn the_working_folder_home_and_the_root_are_never_shown() {
        let dir = std::env::temp_dir().join(format!("sudoku-expose-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/sol.py"), "print(1)\n").unwrap();
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg("cat sub/sol.py . .. / sub");
        let shown = exposed(&cmd, &dir, Some(Path::new("/nonexistent-home")));
        // `sub` holds `sub/sol.py`: shown once, as the folder.
        assert_eq!(shown.paths, vec![dir.join("sub")]);
        // A file named inside $HOME is shown (alone); $HOME itself not.
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg("cat sub/sol.py sub");
        let shown = exposed(&cmd, &dir, Some(&dir.join("sub")));
        assert_eq!(shown.paths, vec![dir.join("sub/sol.py")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn system_files_are_not_bound_again() {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg("cat /usr/share /etc/passwd");
        let shown = exposed(&cmd, Path::new("/nonexistent"), None);
        // /usr is shown anyway; /etc/passwd only because it was named.
        assert_eq!(shown.paths, vec![PathBuf::from("/etc/passwd")]);
    }
}
