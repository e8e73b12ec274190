//! The pictures of README.md and problems/STUDY.md are the kit's own
//! output: each command of `problems/pictures/commands.txt`, run again from
//! the repository root with its file sent elsewhere, writes exactly the
//! committed bytes, and each picture is shown by one of the two documents.

use crate::common;

use common::{sudoku, Dir};
use std::path::Path;

#[test]
fn every_committed_picture_is_what_its_command_writes_now() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let commands = std::fs::read_to_string(root.join("problems/pictures/commands.txt")).unwrap();
    let docs = std::fs::read_to_string(root.join("README.md")).unwrap()
        + &std::fs::read_to_string(root.join("problems/STUDY.md")).unwrap();
    let dir = Dir::new("pictures");
    let mut checked = 0;
    for line in commands
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
        assert_eq!(words.remove(0), "sudoku", "{}", line);
        let at = words.iter().position(|w| w == "--svg").expect("--svg OUT") + 1;
        let committed = words[at].clone();
        let fresh = dir.path().join(format!("{}.svg", checked));
        words[at] = fresh.to_str().unwrap().to_string();
        sudoku().current_dir(root).args(&words).assert().success();
        let want = std::fs::read(root.join(&committed))
            .unwrap_or_else(|_| panic!("{} is committed", committed));
        assert!(
            std::fs::read(&fresh).unwrap() == want,
            "{} differs from what `{}` writes now (make pictures)",
            committed,
            line
        );
        common::assert_well_formed(&String::from_utf8(want).unwrap());
        let name = Path::new(&committed).file_name().unwrap().to_str().unwrap();
        assert!(
            docs.contains(name),
            "{} is shown by neither README.md nor problems/STUDY.md",
            name
        );
        checked += 1;
    }
    assert!(checked >= 2);
}
