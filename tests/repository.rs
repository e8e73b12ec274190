//! The repository's top level is the design's (README, "Set up and run"):
//! the files git tracks there and the ones present (a test or an example
//! that writes into the root would leave one) are the documented list.

use std::path::Path;

/// The documented top level.
const TOP_LEVEL: [&str; 9] = [
    ".ci",
    ".gitignore",
    "Cargo.lock",
    "Cargo.toml",
    "Makefile",
    "README.md",
    "problems",
    "src",
    "tests",
];

/// Made by building and by git, never part of the design.
const MADE: [&str; 2] = [".git", "target"];

#[test]
fn the_top_level_holds_only_the_documented_entries() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let present: Vec<String> = std::fs::read_dir(root)
        .expect("the repository root is readable")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let stray: Vec<&String> = present
        .iter()
        .filter(|name| !TOP_LEVEL.contains(&name.as_str()) && !MADE.contains(&name.as_str()))
        .collect();
    assert!(
        stray.is_empty(),
        "not in the documented top level: {:?}",
        stray
    );
    for name in TOP_LEVEL {
        assert!(present.iter().any(|p| p == name), "{} is missing", name);
    }
    // What git tracks (when this is a clone with git at hand).
    let tracked = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["ls-files", "-z"])
        .output()
        .ok()
        .filter(|out| out.status.success());
    if let Some(out) = tracked {
        let files = String::from_utf8_lossy(&out.stdout);
        let stray: Vec<&str> = files
            .split('\0')
            .filter(|f| !f.is_empty())
            .map(|f| f.split('/').next().unwrap_or(f))
            .filter(|top| !TOP_LEVEL.contains(top))
            .collect();
        assert!(stray.is_empty(), "git tracks at the top level: {:?}", stray);
    }
}
