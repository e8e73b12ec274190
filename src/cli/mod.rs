//! The command layer: argument parsing (std only), output, and one module
//! per subcommand; `options` parses how inputs are read, `input` reads
//! them, `stream` runs them through a command in order on every core (with
//! `pool`). Only this layer prints.
//!
//! Every subcommand module has `pub const HELP: &str` and
//! `pub fn run(args: Args) -> i32` (the process exit code).

pub mod bench;
pub mod check;
pub mod convert;
pub mod count;
pub mod gen;
pub mod grade;
pub mod input;
pub mod judge;
pub mod options;
pub mod package;
pub mod pdf;
mod pool;
pub mod propagate;
pub mod solve;
pub mod stream;
pub mod stress;
pub mod study;
pub mod time;
pub mod trace;

pub use input::{each_item, other_boxes_hint, Empty, Loaded, Plain, Reading};
pub use options::{from_option, jobs_option, reading_options, to_option};
use std::fmt::Display;
use std::io::{self, Write};
use std::str::FromStr;
pub use stream::{stream, Numbered, Printer, Reply, Work};

/// The top-level help.
pub const HELP: &str = "\
sudoku: Sudoku for online judges

usage: sudoku <command> [options] [FILE...]   (FILE `-` or none: stdin)

solving and formats
  solve      solve every puzzle (any format, auto-detected)
  count      count solutions, capped (default 2)
  convert    rewrite puzzles in another format
judging
  check      special judge: is an answer a valid (or the smallest) completion?
  judge      local judge: run a program on every case of a problem folder
  stress     find the input that breaks a program (random, hard, adversarial)
  time       run a program once per puzzle: median, worst time, peak memory
  bench      the engine's throughput over puzzle files
making puzzles
  gen        generate puzzles with exactly one solution (any size: --box)
  grade      rate puzzles by the human techniques they need
  pdf        print puzzles (and solutions) of any size to a PDF
  package    a problem folder as a contest package (Kattis, DOMjudge)
studying backtracking
  trace      replay a search step by step
  propagate  fill what naked and hidden singles can fill
  study      compare seven backtracking patterns by nodes and time (any size)

`sudoku help <command>` (or `sudoku <command> --help`) tells more;
`sudoku --version` prints the version (and the commit and its date when
built from a git repository). Formats: line, spaced, digits, js,
euler, pretty (output only), walls (HDU 4069's jigsaw cells), killer
(CodinGame's killer rows and sums).
";

/// Runs subcommand `name` with its arguments; returns the exit code.
pub fn dispatch(name: &str, words: Vec<String>) -> i32 {
    type Command = (&'static str, &'static str, fn(Args) -> i32);
    let commands: &[Command] = &[
        ("solve", solve::HELP, solve::run),
        ("count", count::HELP, count::run),
        ("convert", convert::HELP, convert::run),
        ("check", check::HELP, check::run),
        ("judge", judge::HELP, judge::run),
        ("stress", stress::HELP, stress::run),
        ("time", time::HELP, time::run),
        ("bench", bench::HELP, bench::run),
        ("gen", gen::HELP, gen::run),
        ("grade", grade::HELP, grade::run),
        ("pdf", pdf::HELP, pdf::run),
        ("package", package::HELP, package::run),
        ("trace", trace::HELP, trace::run),
        ("propagate", propagate::HELP, propagate::run),
        ("study", study::HELP, study::run),
    ];
    if name == "-V" || name == "--version" {
        // The commit and its date when built from a repository (build.rs).
        match option_env!("SUDOKU_COMMIT") {
            Some(commit) => println!("sudoku {} ({})", env!("CARGO_PKG_VERSION"), commit),
            None => println!("sudoku {}", env!("CARGO_PKG_VERSION")),
        }
        return 0;
    }
    if name == "-h" || name == "--help" || name == "help" {
        // `sudoku help solve` is `sudoku solve --help`.
        return match words.as_slice() {
            [] => {
                print!("{}", HELP);
                0
            }
            [topic] => match commands.iter().find(|(cmd, _, _)| cmd == topic) {
                Some((_, help, _)) => {
                    print!("{}", help);
                    0
                }
                None => {
                    eprintln!(
                        "sudoku help: unknown command `{}` (see sudoku --help)",
                        topic
                    );
                    2
                }
            },
            _ => {
                eprintln!("sudoku help: expected one command name (see sudoku --help)");
                2
            }
        };
    }
    for &(cmd, help, run) in commands {
        if cmd == name {
            let args = Args::new(cmd, words);
            if args.wants_help() {
                print!("{}", help);
                return 0;
            }
            // A lane path forced for the engine must exist here: refused
            // before any work rather than ignored.
            if let Err(e) = sudoku_kit::solve::nine::LanePath::from_env() {
                eprintln!("sudoku {}: {}", cmd, e);
                return 2;
            }
            return run(args);
        }
    }
    eprintln!("sudoku: unknown command `{}` (see sudoku --help)", name);
    2
}

/// A value's parse error in people's words: Rust's texts for numbers
/// (`invalid digit found in string`) become `not a whole number` and the
/// like; every other text is already plain.
fn plain(error: &str) -> String {
    let said = match error {
        "invalid digit found in string" => "not a whole number",
        "cannot parse integer from empty string" => "empty, expected a whole number",
        "number too large to fit in target type" => "too large",
        "number too small to fit in target type" => "too small",
        "invalid float literal" => "not a number",
        "cannot parse float from empty string" => "empty, expected a number",
        _ => error,
    };
    said.to_string()
}

/// Reports a usage error for `cmd` on stderr; returns exit code 2.
pub fn usage_error(cmd: &str, message: impl Display) -> i32 {
    eprintln!("sudoku {}: {} (see sudoku {} --help)", cmd, message, cmd);
    2
}

/// The words after the subcommand, consumed as the subcommand asks for its
/// options. Options may come before or after the positional arguments;
/// `--name value` and `--name=value` both work; `--` ends the options and
/// `-` alone is a positional (stdin).
pub struct Args {
    cmd: &'static str,
    words: Vec<Option<String>>,
}

/// A usage mistake, already phrased for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

impl Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Args {
    /// The arguments of subcommand `cmd`.
    pub fn new(cmd: &'static str, words: Vec<String>) -> Args {
        Args {
            cmd,
            words: words.into_iter().map(Some).collect(),
        }
    }

    /// The subcommand's name, for messages.
    pub fn command(&self) -> &'static str {
        self.cmd
    }

    /// Index where options end (`--`), or the number of words.
    fn options_end(&self) -> usize {
        self.words
            .iter()
            .position(|w| w.as_deref() == Some("--"))
            .unwrap_or(self.words.len())
    }

    fn wants_help(&self) -> bool {
        self.words[..self.options_end()]
            .iter()
            .any(|w| matches!(w.as_deref(), Some("-h") | Some("--help")))
    }

    fn matches(word: &str, long: &str, short: Option<char>) -> bool {
        word == long
            || short.is_some_and(|s| word.len() == 2 && word.starts_with('-') && word.ends_with(s))
    }

    /// True when the flag `long` (e.g. `"--smallest"`) or its short form is
    /// present; removes every occurrence.
    pub fn flag(&mut self, long: &str, short: Option<char>) -> bool {
        let end = self.options_end();
        let mut found = false;
        for w in self.words[..end].iter_mut() {
            if w.as_deref().is_some_and(|s| Args::matches(s, long, short)) {
                *w = None;
                found = true;
            }
        }
        found
    }

    /// The value of option `long` (`--to line`, `--to=line`, `-n 5`,
    /// `-n5`); the last one wins. An option given without a value is an
    /// error.
    pub fn value(&mut self, long: &str, short: Option<char>) -> Result<Option<String>, UsageError> {
        let end = self.options_end();
        let mut value = None;
        let mut i = 0;
        while i < end {
            let word = match &self.words[i] {
                Some(w) => w.clone(),
                None => {
                    i += 1;
                    continue;
                }
            };
            let attached = short
                .and_then(|s| word.strip_prefix('-')?.strip_prefix(s))
                .filter(|v| !v.is_empty() && !v.starts_with('=') && !word.starts_with("--"));
            if let Some(v) = word
                .strip_prefix(long)
                .and_then(|rest| rest.strip_prefix('='))
                .or(attached)
            {
                value = Some(v.to_string());
                self.words[i] = None;
            } else if Args::matches(&word, long, short) {
                self.words[i] = None;
                match self.words.get_mut(i + 1).filter(|_| i + 1 < end) {
                    Some(next @ Some(_)) => {
                        value = next.take();
                        i += 1;
                    }
                    _ => return Err(UsageError(format!("{} needs a value", long))),
                }
            }
            i += 1;
        }
        Ok(value)
    }

    /// The value of option `long` parsed as `T`, with an error that names
    /// the option and the bad value.
    pub fn parsed<T>(&mut self, long: &str, short: Option<char>) -> Result<Option<T>, UsageError>
    where
        T: FromStr,
        T::Err: Display,
    {
        match self.value(long, short)? {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|e: T::Err| {
                UsageError(format!("{} {}: {}", long, v, plain(&e.to_string())))
            }),
        }
    }

    /// The positional arguments left once every option was asked for; an
    /// unknown option is an error.
    pub fn positionals(self) -> Result<Vec<String>, UsageError> {
        let end = self.options_end();
        let mut out = Vec::new();
        for (i, w) in self.words.into_iter().enumerate() {
            let w = match w {
                Some(w) => w,
                None => continue,
            };
            if i < end && w.len() > 1 && w.starts_with('-') {
                return Err(UsageError(format!("unknown option {}", w)));
            }
            if i != end {
                out.push(w);
            }
        }
        Ok(out)
    }
}

/// Reports an input that cannot be opened or read; returns exit code 2.
pub fn unreadable(cmd: &str, error: &str) -> i32 {
    eprintln!("sudoku {}: {}", cmd, error);
    2
}

/// Writes `text` to `path` (`-`: stdout) in one piece, for the commands
/// that write a file (`trace --html`, `study --svg`); on failure one line
/// on stderr and exit status 2.
pub fn write_file(cmd: &str, path: &str, text: &str) -> Result<(), i32> {
    let written = if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|_| out.flush())
    } else {
        std::fs::write(path, text)
    };
    written.map_err(|e| {
        let why = sudoku_kit::format::io_message(&e);
        eprintln!("sudoku {}: {}: cannot write: {}", cmd, path, why);
        2
    })
}

/// Buffered stdout that ends the process quietly when the reader goes away
/// (`sudoku gen | head`).
pub struct Out {
    inner: io::BufWriter<io::Stdout>,
}

impl Default for Out {
    fn default() -> Self {
        Out::new()
    }
}

impl Out {
    /// Stdout, buffered.
    pub fn new() -> Out {
        Out {
            inner: io::BufWriter::with_capacity(1 << 16, io::stdout()),
        }
    }

    /// Writes `text`; exits with status 0 on a closed pipe, 1 on any other error.
    pub fn put(&mut self, text: &str) {
        if let Err(e) = self.inner.write_all(text.as_bytes()) {
            Out::fail(e);
        }
    }

    /// Writes raw bytes (PDF).
    pub fn put_bytes(&mut self, bytes: &[u8]) {
        if let Err(e) = self.inner.write_all(bytes) {
            Out::fail(e);
        }
    }

    /// Flushes what is buffered (before a slow step, or at the end).
    pub fn flush(&mut self) {
        if let Err(e) = self.inner.flush() {
            Out::fail(e);
        }
    }

    fn fail(e: io::Error) -> ! {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!(
            "sudoku: cannot write output: {}",
            sudoku_kit::format::io_message(&e)
        );
        std::process::exit(1);
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Args {
        Args::new("test", words.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn options_anywhere_and_both_value_forms() {
        let mut a = args(&["x.txt", "--to", "line", "-n=3", "--smallest", "-"]);
        assert!(a.flag("--smallest", None));
        assert_eq!(a.value("--to", None).unwrap().as_deref(), Some("line"));
        assert_eq!(a.parsed::<u32>("--count", Some('n')).unwrap(), None);
        let mut b = args(&["--to=js", "--limit", "5"]);
        assert_eq!(b.value("--to", None).unwrap().as_deref(), Some("js"));
        assert_eq!(b.parsed::<usize>("--limit", None).unwrap(), Some(5));
        assert!(b.positionals().unwrap().is_empty());
    }

    #[test]
    fn short_options_and_positionals() {
        let mut a = args(&["-n", "7", "a", "--", "-b"]);
        assert_eq!(a.parsed::<u32>("--count", Some('n')).unwrap(), Some(7));
        assert_eq!(a.positionals().unwrap(), vec!["a", "-b"]);
    }

    #[test]
    fn a_short_option_may_hold_its_value() {
        let mut a = args(&["-j4", "x", "-o-"]);
        assert_eq!(a.parsed::<usize>("--jobs", Some('j')).unwrap(), Some(4));
        assert_eq!(
            a.value("--output", Some('o')).unwrap().as_deref(),
            Some("-")
        );
        assert_eq!(a.positionals().unwrap(), vec!["x"]);
        let mut b = args(&["--jobs2"]);
        assert_eq!(b.parsed::<usize>("--jobs", Some('j')).unwrap(), None);
    }

    #[test]
    fn mistakes_are_usage_errors() {
        let mut a = args(&["--to"]);
        assert_eq!(a.value("--to", None).unwrap_err().0, "--to needs a value");
        let mut b = args(&["--limit", "many"]);
        let err = b.parsed::<usize>("--limit", None).unwrap_err().0;
        assert!(err.starts_with("--limit many: "), "{}", err);
        assert_eq!(
            args(&["--frobnicate"]).positionals().unwrap_err().0,
            "unknown option --frobnicate"
        );
        assert!(args(&["--help"]).wants_help());
        assert!(!args(&["--", "--help"]).wants_help());
    }
}
