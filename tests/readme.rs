//! Every example of the README, and of the documents under `problems/`
//! (`problems/*.md`), runs as printed, from the repository root, with the
//! kit's programs on `PATH` (as after `make install`).
//!
//! An example is a fenced block whose first line starts with `$ `: each
//! `$ ` line is a command (a line ending in `\` goes on on the next), and
//! the lines after it, up to the next command, are what it prints, stdout
//! and stderr together as a terminal shows them. The two streams are read
//! apart, and what is shown must be the two woven together, each in its
//! order: so an example that sends one stream away (`2>/dev/null`) shows
//! only the other, and a line shown where the command prints nothing on
//! that stream fails. A line `...` stands for any number of lines
//! (indented or not), of either stream.
//! - ```` ```console ```` blocks must match exactly;
//! - ```` ```text ```` blocks are transcripts with measurements (times,
//!   memory): they match once every number is read as `#` and runs of
//!   spaces as one.
//!
//! A command that calls `oj` runs only where online-judge-tools is
//! installed (`OJ`, as in `tests/oj.rs`); without it, a loud SKIPPED, and a
//! failure under `CI=true`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of an example and what the document shows it printing.
struct Example {
    /// The document's line of the `$ `.
    line: usize,
    command: String,
    shown: Vec<String>,
    /// True in a `text` block: numbers are not compared.
    measured: bool,
}

/// The examples of `readme`, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    // Inside a fence: its info string and whether the block is an example
    // (`None` until its first line is seen).
    let mut block: Option<(String, Option<bool>)> = None;
    let mut continued = false;
    for (i, line) in readme.lines().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some((info.trim().to_string(), None)),
            };
            continued = false;
            continue;
        }
        let Some((info, example)) = block.as_mut() else {
            continue;
        };
        let is_example = *example
            .get_or_insert_with(|| (info == "console" || info == "text") && line.starts_with("$ "));
        if !is_example {
            continue;
        }
        let last = out.last_mut();
        match (line.strip_prefix("$ "), last) {
            (_, Some(last)) if continued => {
                last.command.push('\n');
                last.command.push_str(line);
                continued = line.ends_with('\\');
            }
            (Some(command), _) => {
                out.push(Example {
                    line: i + 1,
                    command: command.to_string(),
                    shown: Vec::new(),
                    measured: info == "text",
                });
                continued = command.ends_with('\\');
            }
            (None, Some(last)) => last.shown.push(line.to_string()),
            (None, None) => {}
        }
    }
    out
}

/// A line as compared: in a measured block, every number `#` and every
/// run of spaces one space.
fn compared(line: &str, measured: bool) -> String {
    let line = line.trim_end();
    if !measured {
        return line.to_string();
    }
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch.is_ascii_digit() {
            while chars
                .peek()
                .is_some_and(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            {
                chars.next();
            }
            out.push('#');
        } else if ch == ' ' {
            while chars.peek() == Some(&' ') {
                chars.next();
            }
            out.push(' ');
        } else {
            out.push(ch);
        }
    }
    out
}

/// True when `shown` is the lines of `out` and `err` woven together, each
/// stream's lines in their order, a `...` line matching any run of lines
/// of either stream.
fn matches(shown: &[String], out: &[String], err: &[String]) -> bool {
    let (s, o, e) = (shown.len(), out.len(), err.len());
    let at = |i: usize, j: usize, k: usize| (i * (o + 1) + j) * (e + 1) + k;
    // can[at(i, j, k)]: shown[i..] matches out[j..] woven with err[k..].
    let mut can = vec![false; (s + 1) * (o + 1) * (e + 1)];
    for i in (0..=s).rev() {
        for j in (0..=o).rev() {
            for k in (0..=e).rev() {
                can[at(i, j, k)] = match shown.get(i) {
                    None => j == o && k == e,
                    Some(line) if line.trim() == "..." => {
                        can[at(i + 1, j, k)]
                            || (j < o && can[at(i, j + 1, k)])
                            || (k < e && can[at(i, j, k + 1)])
                    }
                    Some(line) => {
                        (j < o && out[j] == *line && can[at(i + 1, j + 1, k)])
                            || (k < e && err[k] == *line && can[at(i + 1, j, k + 1)])
                    }
                };
            }
        }
    }
    can[at(0, 0, 0)]
}

/// The folder of the kit's programs as cargo built them for the tests.
fn programs() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_sudoku"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The folder of `oj`, if online-judge-tools is at hand.
fn oj_folder() -> Option<PathBuf> {
    let oj = std::env::var_os("OJ").map(PathBuf::from)?;
    oj.is_file().then(|| oj.parent().unwrap().to_path_buf())
}

/// The documents whose examples run: the README, then `problems/*.md`.
fn documents(root: &Path) -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root.join("problems"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("problems/{}", name))
        .collect();
    docs.sort();
    docs.insert(0, "README.md".to_string());
    docs
}

#[test]
fn every_readme_example_runs_as_printed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for doc in documents(root) {
        let text = std::fs::read_to_string(root.join(&doc)).unwrap();
        let found = examples(&text);
        if doc == "README.md" {
            assert!(found.len() >= 10, "only {} examples found", found.len());
        }
        all.extend(found.into_iter().map(|example| (doc.clone(), example)));
    }
    let mut path = vec![programs()];
    let oj = oj_folder();
    path.extend(oj.clone());
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let path = std::env::join_paths(path).unwrap();
    let mut failures = Vec::new();
    let mut skipped = 0;
    for (doc, example) in &all {
        if example.command.contains("oj t") && oj.is_none() {
            skipped += 1;
            continue;
        }
        let out = Command::new("bash")
            .arg("-c")
            .arg(&example.command)
            .current_dir(root)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let lines = |bytes: &[u8]| -> Vec<String> {
            String::from_utf8_lossy(bytes)
                .lines()
                .map(|l| compared(l, example.measured))
                .collect()
        };
        let (stdout, stderr) = (lines(&out.stdout), lines(&out.stderr));
        let shown: Vec<String> = example
            .shown
            .iter()
            .map(|l| match l.trim() {
                "..." => "...".to_string(),
                _ => compared(l, example.measured),
            })
            .collect();
        if !matches(&shown, &stdout, &stderr) {
            failures.push(format!(
                "{}:{}: $ {}\n--- shown\n{}\n--- printed on stdout\n{}\n--- on stderr\n{}",
                doc,
                example.line,
                example.command,
                example.shown.join("\n"),
                String::from_utf8_lossy(&out.stdout).trim_end(),
                String::from_utf8_lossy(&out.stderr).trim_end()
            ));
        }
    }
    if skipped > 0 {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "online-judge-tools is not installed: CI must set OJ (.ci/run)"
        );
        eprintln!(
            "\n*** SKIPPED: {} README examples call oj; set OJ to run them ***\n",
            skipped
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn examples_are_found_and_compared_as_documented() {
    let readme = "text\n```console\n$ echo a \\\n  b\na b\n$ true\n```\n\
                  ```text\n$ echo 12 ms\n# ms\n```\n```text\nnot an example\n$ no\n```\n";
    let all = examples(readme);
    assert_eq!(all.len(), 3);
    assert_eq!(all[0].command, "echo a \\\n  b");
    assert_eq!(all[0].shown, ["a b"]);
    assert!(all[1].shown.is_empty());
    assert!(all[2].measured);
    assert_eq!(compared("x   12.5 ms  3 MB", true), "x # ms # MB");
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    let none: Vec<String> = Vec::new();
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd"), &none));
    assert!(matches(&lines("a\n..."), &lines("a"), &none));
    assert!(!matches(&lines("a\nd"), &lines("a\nb\nd"), &none));
    // The streams woven, each in its order; a line on the wrong one fails.
    assert!(matches(&lines("a\nx\nb"), &lines("a\nb"), &lines("x")));
    assert!(matches(&lines("x\n...\nb"), &lines("a\nb"), &lines("x")));
    assert!(!matches(&lines("b\na\nx"), &lines("a\nb"), &lines("x")));
    assert!(!matches(&lines("x"), &none, &none));
}
