//! Building a source file before it is judged: the compile line, a
//! private build folder, and the first errors of a failed build.

use crate::judge::limits::{seconds, Limits};
use crate::judge::run::{run_command, Exit, Stdin};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

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
pub(crate) fn included_paths(source: &str) -> Vec<String> {
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
pub(crate) fn inside(root: &Path, from: &Path, path: &str) -> Option<PathBuf> {
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

/// The lines of `text` that are not blank, their ends trimmed.
pub(crate) fn nonblank_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect()
}
