//! Helpers shared by the integration tests (each `tests/*.rs` says
//! `mod common;`): the shared test data, the `sudoku` command, a temp dir,
//! and the board layouts the tests build their inputs with.

// The test binary uses only part of this module in each configuration.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};

pub mod remembered;

#[path = "../../src/testdata.rs"]
mod testdata;
#[allow(unused_imports)] // not every helper reads the shared data
pub use testdata::*;

/// The `sudoku` binary of this build, ready for arguments.
pub fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the sudoku binary is built")
}

/// Runs `sudoku ARGS` on `stdin`; asserts success (showing stderr) and
/// returns stdout.
pub fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = sudoku()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("sudoku runs");
    assert!(
        out.status.success(),
        "sudoku {:?}: {}",
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs `sudoku ARGS` on `stdin`: stdout, stderr and the exit code.
pub fn outcome(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = sudoku()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("sudoku runs");
    (
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
        out.status.code().unwrap_or(-1),
    )
}

/// The JSON document a `--json` command printed; asserts that stdout is
/// one document (showing stdout and stderr otherwise).
pub fn json_doc(out: &std::process::Output) -> String {
    let doc = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        doc.starts_with('{') && doc.ends_with("}\n"),
        "{}{}",
        doc,
        err
    );
    doc
}

/// A fresh, empty directory for one test (named after the `tag`, the
/// process and a count), removed when dropped.
pub struct Dir(PathBuf);

impl Dir {
    pub fn new(tag: &str) -> Dir {
        // The tests of every file share one process under `cargo test`: a
        // count keeps two files' equal tags apart.
        static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "sudoku-kit-{}-{}-{}",
            tag,
            std::process::id(),
            MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temp dir");
        Dir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The folder `problem/` (answers = exact) with case `one`: BOJ 2239's
    /// sample and its answer; returns its path.
    pub fn one_case(&self) -> PathBuf {
        let folder = self.0.join("problem");
        std::fs::create_dir_all(folder.join("test")).expect("temp dir");
        std::fs::write(folder.join("judge.conf"), "answers = exact\n").expect("write");
        std::fs::write(folder.join("test/one.in"), BOJ2239_IN).expect("write");
        std::fs::write(folder.join("test/one.out"), BOJ2239_OUT).expect("write");
        folder
    }

    /// Writes `name` in the directory; returns its path as a string.
    pub fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("write test file");
        path.to_str().expect("UTF-8 temp path").to_string()
    }
}

impl AsRef<Path> for Dir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The cells of `text` (see [`cells`]) as nine rows, cells joined by `sep`.
fn rows_joined(text: &str, sep: &str) -> String {
    cells(text)
        .chunks(9)
        .map(|row| {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            row.join(sep) + "\n"
        })
        .collect()
}

/// `text` (a line or rows) as 9 spaced rows, 0 blank: BOJ 2580's layout.
pub fn spaced(text: &str) -> String {
    rows_joined(text, " ")
}

/// `text` (a line or rows) as 9 rows of digits, 0 blank: BOJ 2239's layout.
pub fn digit_rows(text: &str) -> String {
    rows_joined(text, "")
}

/// The 9 rows of `line` (81 cells, `0` or `.` blank) as JS cell lists
/// (`5, 3, 0, ...`): numbers when `quote` is empty, else one-character
/// strings in that quote with `"."` for a blank (LeetCode 37).
pub fn js_rows(line: &str, quote: &str) -> Vec<String> {
    let cell = |c: u8| match (quote, c) {
        ("", b'.') => "0".to_string(),
        ("", _) => (c as char).to_string(),
        (q, b'0') | (q, b'.') => format!("{}.{}", q, q),
        (q, _) => format!("{}{}{}", q, c as char, q),
    };
    let row = |r: &[u8]| r.iter().map(|&c| cell(c)).collect::<Vec<_>>().join(", ");
    line.as_bytes().chunks(9).map(row).collect()
}

/// A `let board = [...];` literal of `rows` (one row's cells each), one
/// row a line.
pub fn js_board(rows: &[&str]) -> String {
    let body: Vec<String> = rows.iter().map(|r| format!("  [{}]", r)).collect();
    format!("let board = [\n{},\n];\n", body.join(",\n"))
}

/// `work` applied to every item on as many threads as the machine has
/// cores (each item is mostly a child process to wait for), results in the
/// items' order: the slow loops over every folder or judge file run in
/// parallel instead of one after the other.
pub fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let result = work(item);
                results.lock().unwrap()[i] = Some(result);
            });
        }
    });
    let results = results.into_inner().unwrap();
    results
        .into_iter()
        .map(|r| r.expect("every item done"))
        .collect()
}

/// A Python tool the tests drive (`oj`, `verifyproblem`): the path in
/// `$VAR`, else `target/VENV/bin/NAME` (where `.ci/run` installs it), else
/// NAME on `PATH`. Missing: a failure under `CI=true`, elsewhere a loud
/// SKIPPED note saying what was not run and `how` to install it, and `None`.
pub fn python_tool_or_skip(
    var: &str,
    venv: &str,
    name: &str,
    what: &str,
    how: &str,
) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(var).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let in_venv = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(venv)
        .join("bin")
        .join(name);
    if in_venv.is_file() {
        return Some(in_venv);
    }
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    });
    if on_path.is_some() {
        return on_path;
    }
    let ci = std::env::var("CI").map(|v| v == "true").unwrap_or(false);
    assert!(
        !ci,
        "CI=true but `{}` is missing: .ci/run installs it ({})",
        name, how
    );
    // Written past the test harness's capture on purpose: this must be seen.
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "\n*** SKIPPED: `{}` is missing, so {} NOT run. Install it with `{}` (or set {}=/path/to/{}). ***\n",
        name, what, how, var, name
    );
    None
}

/// The repository's `problems/` folder.
pub fn problems_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("problems")
}

/// Every problem folder (`problems/*/` with a `judge.conf`), sorted.
pub fn problem_folders() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(problems_dir())
        .expect("problems/ is readable")
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|dir| dir.join("judge.conf").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The `NAME.in` files of a problem folder (in `test/`), sorted.
pub fn case_inputs(dir: &Path) -> Vec<PathBuf> {
    let test = dir.join("test");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&test)
        .unwrap_or_else(|e| panic!("{}: {}", test.display(), e))
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
}

/// The value of `key` in a folder's `judge.conf` (`key = value` lines, `#`
/// comments), read with the library's own parser.
pub fn conf_binary(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("judge.conf")).expect("readable judge.conf");
    let conf = sudoku_kit::judge::problem::parse_conf(&text)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e));
    conf.binary
        .unwrap_or_else(|| panic!("{}: judge.conf names no binary", dir.display()))
}

/// Judges `program` on every case of problem folder `dir` with the kit's
/// own local judge, `sudoku judge` (so the folder's `judge.conf` rule
/// decides), under a generous time limit (debug builds, a loaded machine):
/// `Ok(cases)` when every case passes, else the judge's report.
pub fn judge_folder(program: &Path, dir: &Path) -> Result<usize, String> {
    let cases = case_inputs(dir).len();
    let out = sudoku()
        .env("NO_COLOR", "1")
        .args(["judge", "--time-limit", "60"])
        .arg(program)
        .arg(dir)
        .output()
        .expect("sudoku judge runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let all = format!("{}/{} passed", cases, cases);
    if out.status.success() && cases > 0 && stdout.contains(&all) {
        Ok(cases)
    } else {
        Err(format!(
            "{} on {}: exit {:?}, expected `{}`\n{}{}",
            program.display(),
            dir.display(),
            out.status.code(),
            all,
            stdout,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

// ------------------------------------------------------- judge files as black boxes

/// Runs the program `bin` of this build (a judge file) on `input`.
pub fn run_bin(bin: &str, input: impl Into<Vec<u8>>) -> std::process::Output {
    Command::cargo_bin(bin)
        .unwrap_or_else(|e| panic!("binary {}: {}", bin, e))
        .write_stdin(input.into())
        .output()
        .expect("the binary runs")
}

/// Good input: `bin` exits 0 with nothing on stderr; returns its stdout.
pub fn bin_output(bin: &str, input: impl Into<Vec<u8>>) -> String {
    let out = run_bin(bin, input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && err.is_empty(),
        "{}: exit {:?}, stderr {:?}",
        bin,
        out.status.code(),
        err
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Good input: `bin` exits 0, nothing on stderr, exactly `expected` on stdout.
pub fn bin_answers(bin: &str, input: impl Into<Vec<u8>>, expected: &str) {
    assert_eq!(bin_output(bin, input), expected, "{}", bin);
}

/// Bad input: `bin` exits 1, writes nothing on stdout and exactly `BIN: line`
/// on stderr.
pub fn refuses_with(bin: &str, input: impl Into<Vec<u8>>, line: &str) {
    let out = run_bin(bin, input);
    assert_eq!(out.status.code(), Some(1), "{}: exit code", bin);
    assert!(out.stdout.is_empty(), "{}: stdout must stay empty", bin);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("{}: {}\n", bin, line)
    );
}

/// Bad input: `bin` exits 1 with nothing on stdout and exactly one line on
/// stderr, `BIN: ...`, that holds every needle (what and where).
pub fn bin_refuses(bin: &str, input: impl Into<Vec<u8>>, needles: &[&str]) {
    let out = run_bin(bin, input);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}: exit code; stderr {:?}",
        bin,
        err
    );
    assert!(
        out.stdout.is_empty(),
        "{}: stdout must stay empty: {:?}",
        bin,
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        err.ends_with('\n') && err.lines().count() == 1 && err.starts_with(&format!("{}: ", bin)),
        "{}: one line on stderr naming the program: {:?}",
        bin,
        err
    );
    for needle in needles {
        assert!(
            err.contains(needle),
            "{}: {:?} should mention {:?}",
            bin,
            err,
            needle
        );
    }
}

/// Runs `sudoku pdf ARGS -o -` on `stdin`; returns the PDF (asserting
/// success and the file's frame: header first, `%%EOF` last).
pub fn pdf(args: &[&str], stdin: &str) -> Vec<u8> {
    let out = sudoku()
        .arg("pdf")
        .args(args)
        .args(["-o", "-"])
        .write_stdin(stdin)
        .output()
        .expect("sudoku runs");
    assert!(
        out.status.success(),
        "sudoku pdf {:?}: {}",
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"%PDF-1.4\n"));
    assert!(out.stdout.ends_with(b"%%EOF\n"));
    out.stdout
}

/// Checks that an HTML or SVG file is well formed: every element opened is
/// closed in order (HTML's void elements and `<x/>` close themselves; the
/// text of `<script>` and `<style>` is skipped), and that it is
/// self-contained: no `http` but SVG's namespace, no `src=`, no `href=`.
pub fn assert_well_formed(text: &str) {
    const VOID: [&str; 4] = ["meta", "input", "br", "img"];
    let outside = text.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!outside.contains("http"), "a network address");
    assert!(!outside.contains("src="), "an external source");
    assert!(!outside.contains("href="), "a link");
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("a tag ends");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue;
        }
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if let Some(closing) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(closing.trim()),
                "</{}>",
                closing
            );
        } else if !tag.ends_with('/') && !VOID.contains(&name.as_str()) {
            if name == "script" || name == "style" {
                let close = format!("</{}>", name);
                let end = rest.find(&close).expect("closed");
                rest = &rest[end + close.len()..];
                continue;
            }
            open.push(name);
        }
    }
    assert!(open.is_empty(), "left open: {:?}", open);
}

/// `sudoku ARGS` with stdin `input` fails with exit `code`, one stderr
/// line containing every part, and nothing on stdout.
pub fn sudoku_refuses(args: &[&str], input: &str, code: i32, parts: &[&str]) {
    let assert = sudoku()
        .args(args)
        .write_stdin(input)
        .assert()
        .code(code)
        .stdout("");
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{}", err);
    for part in parts {
        assert!(err.contains(part), "{:?} not in {}", part, err);
    }
}
