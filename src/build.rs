//! Gives `sudoku --version` the commit it was built from: when the crate
//! sits in a git repository and `git` runs, `SUDOKU_COMMIT` is set to the
//! commit's short hash and its date (`a92ca22 2026-12-07`); else it stays
//! unset and the version is the plain one. The script reruns only when
//! HEAD moves (a commit, a checkout), so builds stay incremental.

use std::path::Path;
use std::process::Command;

/// `git ARGS` in the crate's folder, trimmed; `None` when git fails.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    let Some(commit) = git(&["log", "-1", "--format=%h %cs"]) else {
        return;
    };
    println!("cargo:rustc-env=SUDOKU_COMMIT={}", commit);
    // HEAD, the branch it names and the packed refs: what a commit moves.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--path-format=absolute", "--git-path", &name]) {
            if Path::new(&path).exists() {
                println!("cargo:rerun-if-changed={}", path);
            }
        }
    }
}
