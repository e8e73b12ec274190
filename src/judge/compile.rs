//! Building a source file before it is judged: the compile line, a
//! private build folder, and the first errors of a failed build.

use crate::judge::limits::{seconds, Limits};
use crate::judge::run::{run_command, Exit, Stdin};
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// A language the local judge builds, chosen by the source file's
/// extension, with the command lines judges use for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Language {
    /// `.rs`: the catalog's language.
    Rust,
    /// `.c`.
    C,
    /// `.cpp`, `.cc`, `.cxx`.
    Cpp,
    /// `.java`: the class is `Main`, as on most judges.
    Java,
    /// `.py`: checked for syntax first (a syntax error is CE), then run.
    Python,
}

impl Language {
    /// Every language, in the order the help lists them.
    pub const ALL: [Language; 5] = [
        Language::Rust,
        Language::C,
        Language::Cpp,
        Language::Java,
        Language::Python,
    ];

    /// The language of a source file, from its extension.
    pub fn of(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?;
        Language::ALL
            .into_iter()
            .find(|lang| lang.extensions().contains(&ext))
    }

    /// The extensions of its source files.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Language::Rust => &["rs"],
            Language::C => &["c"],
            Language::Cpp => &["cpp", "cc", "cxx"],
            Language::Java => &["java"],
            Language::Python => &["py"],
        }
    }

    /// The `judge.conf` key of its compile line.
    pub fn conf_key(self) -> &'static str {
        match self {
            Language::Rust => "compile",
            Language::C => "compile_c",
            Language::Cpp => "compile_cpp",
            Language::Java => "compile_java",
            Language::Python => "compile_python",
        }
    }

    /// The compile line when neither `judge.conf` nor `--compile` gives
    /// one: what judges run. `{source}` is the file, `{binary}` the
    /// program it becomes.
    pub fn default_compile(self) -> &'static str {
        match self {
            Language::Rust => "rustc --edition 2018 -O {source} -o {binary}",
            Language::C => "gcc -O2 -std=c11 {source} -o {binary} -lm",
            Language::Cpp => "g++ -O2 -std=c++17 {source} -o {binary}",
            Language::Java => "javac -encoding UTF-8 {source}",
            Language::Python => "python3 -m py_compile {source}",
        }
    }

    /// The name the source gets in the build folder, as judges name it.
    fn source_name(self) -> &'static str {
        match self {
            Language::Rust => "Main.rs",
            Language::C => "Main.c",
            Language::Cpp => "Main.cpp",
            Language::Java => "Main.java",
            Language::Python => "Main.py",
        }
    }

    /// What the compile line must leave in the build folder.
    fn product(self) -> &'static str {
        match self {
            Language::Java => "Main.class",
            Language::Python => "Main.py",
            _ => "Main",
        }
    }

    /// The program to run, in build folder `dir`: the binary itself, or
    /// the interpreter's command line (`exec`, so that the judge measures
    /// the interpreter, not a shell). The JVM sizes its heap from
    /// `memory` (`MaxRAM`), or it reserves more than the limit allows.
    fn run_line(self, dir: &Path, memory: Option<u64>) -> String {
        let quoted = shell_quote(&dir.to_string_lossy());
        match self {
            Language::Java => {
                let ram = memory.map_or(String::new(), |bytes| {
                    format!(" -XX:MaxRAM={}m", (bytes >> 20).max(16))
                });
                format!("exec java -XX:+UseSerialGC{} -cp {} Main", ram, quoted)
            }
            Language::Python => format!("exec python3 {}/Main.py", quoted),
            _ => dir.join("Main").to_string_lossy().into_owned(),
        }
    }
}

/// `text` in single quotes for `sh`.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// How long a compile may take (wall and CPU).
pub const COMPILE_TIME_LIMIT: Duration = Duration::from_secs(60);

/// True when `program` names a source file to build before judging: an
/// existing file whose extension is one of a [`Language`]'s.
pub fn is_source(program: &str) -> bool {
    let path = Path::new(program);
    Language::of(path).is_some() && path.is_file()
}

/// A program built from a source file, in a temporary directory that is
/// removed when this is dropped.
#[derive(Debug)]
pub struct Build {
    /// The temporary directory.
    dir: PathBuf,
    /// The program to run: the binary, or the interpreter's command line.
    pub program: String,
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

/// Builds `source` in a new temporary directory with compile line `line`
/// (`{source}` and `{binary}` replaced by the names a judge gives them:
/// `Main.rs` and `Main` for Rust), the language read from the file's
/// extension. A Rust file's relative `include!`s are copied beside it.
/// The compiler's messages name `source`, not the copy. A failed compile
/// is `Ok(Compiled::Failed)`; an error is only for what the judge itself
/// could not do (no temp dir, no `sh`). `memory` is the memory limit the
/// program will run under (the JVM needs to know it).
pub fn compile(source: &Path, line: &str, memory: Option<u64>) -> io::Result<Compiled> {
    let language = Language::of(source).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a source file of a known language",
        )
    })?;
    let text = std::fs::read(source)?;
    let dir = temp_build_dir()?;
    let bin = dir.join("bin");
    let source_name = language.source_name();
    let mut build = Build {
        program: language.run_line(&bin, memory),
        command: line
            .replace("{source}", source_name)
            .replace("{binary}", "Main"),
        time: Duration::ZERO,
        dir,
    };
    std::fs::create_dir(&bin)?;
    std::fs::write(bin.join(source_name), &text)?;
    let from = source.parent().unwrap_or(Path::new("."));
    if language == Language::Rust {
        for path in included_paths(&String::from_utf8_lossy(&text)) {
            // Only a path that stays inside the build directory; anything
            // else is left for the compiler to report.
            if let Some(inside) = inside(&build.dir, &bin, &path) {
                if let Ok(bytes) = std::fs::read(from.join(&path)) {
                    if let Some(parent) = inside.parent() {
                        std::fs::create_dir_all(parent)?;
                    }
                    std::fs::write(&inside, bytes)?;
                }
            }
        }
    }
    // In the sandbox the compile sees the build folder alone (its working
    // directory: see `run::run_command`), `include!`d files with it, and
    // must be able to write in `bin`.
    crate::judge::run::sandbox::make_writable(&build.dir)?;
    crate::judge::run::sandbox::make_writable(&bin)?;
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("cd bin && {}", build.command))
        .current_dir(&build.dir);
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
            name_the_source(&errors, source_name, &source.to_string_lossy())
        }
    } else if !bin.join(language.product()).is_file() {
        format!("`{}` made no {}", build.command, language.product())
    } else {
        return Ok(Compiled::Built(build));
    };
    Ok(Compiled::Failed {
        command: build.command.clone(),
        time: build.time,
        reason,
    })
}

/// The compiler's messages with the build copy's name (`Main.rs`) put
/// back to the user's file: `--> Main.rs:2:18` becomes
/// `--> src/sol.rs:2:18`, `File "Main.py", line 3` names `sol.py`.
fn name_the_source(errors: &str, copy: &str, source: &str) -> String {
    errors
        .replace(&format!("{}:", copy), &format!("{}:", source))
        .replace(&format!("\"{}\"", copy), &format!("\"{}\"", source))
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
