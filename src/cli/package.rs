//! `sudoku package`: a problem folder as a Kattis-format contest package
//! ([`sudoku_kit::package`]), written to a new folder.

use super::{usage_error, Args, UsageError};
use std::path::{Path, PathBuf};
use sudoku_kit::format::io_message;
use sudoku_kit::judge::problem;
use sudoku_kit::package::{self, PackOptions};

/// Help for `sudoku package`.
pub const HELP: &str = "\
sudoku package: a problem folder as a contest package (Kattis format)

usage: sudoku package PROBLEM_DIR OUT_DIR [--secret N] [--seed S]
                      [--accepted FILE]

Writes OUT_DIR/NAME/, NAME being the folder's name in lowercase letters and
digits (boj2580, codewarshard), a package in the Kattis problem format
(legacy version) that Kattis, DOMjudge and problemtools' verifyproblem read:
  problem.yaml     name and source from README.md, memory and output limits;
                   `validation: default` under answers = exact, else
                   `custom` with the output validator's flags (the rule)
  .timelimit       the folder's time limit, for DOMjudge (Kattis sets its
                   own: 5 times the slowest accepted run, rounded up)
  problem_statement/problem.tex
                   README.md's `## Task` and `## Which answer` in LaTeX
  data/sample, data/secret
                   the folder's sample-* cases, then the others and N
                   generated ones, every .ans the kit's answer
  data/testdata.yaml
                   the input validator's flags: what the statement promises
                   (solvable, unique, no clashing givens, the boards'
                   layout), derived from judge.conf's rule
  input_validators/sudoku/validate.cpp, output_validators/sudoku/validate.cpp
                   standard C++ (Kattis runs output validators in C, C++ or
                   Python only); the output validator judges the rule as
                   `sudoku check` does (no output validator under exact)
  submissions/accepted/FILE          the folder's judge file
  submissions/wrong_answer/echo.rs   prints its input back
  submissions/time_limit_exceeded/naive.rs
                   the judge file after a textbook backtracker on the first
                   board (only where the data holds the anti-brute-force
                   case: 9x9 boards the kit writes)

Generated cases (one board each, written as the folder's first case
writes boards) cycle through: the anti-brute-force puzzle (about 69
million nodes for a row-major backtracker), a board with several solutions
and one without where the rule has an answer for them, puzzles made
against the fewest-candidates and dancing-links patterns (9x9), and
generated unique puzzles. Each answer is checked by the kit's checker
before it is written. Folders whose boards the kit does not write (exact
rules with their own formats, walls, killer, js, euler, 16x16 in letters)
get no generated cases, and their input validator checks the text only
(printable ASCII, line ends, size).

options
  --secret N       generated cases (default 10; 0: the folder's own only)
  --seed S         seed of the generated cases (default 1): the same seed
                   gives the same package
  --accepted FILE  the accepted submission (default: src/bin/BINARY.rs two
                   folders above PROBLEM_DIR, BINARY from judge.conf)
  -h, --help       this help

Load the package: zip the folder's contents (`cd OUT_DIR/NAME && zip -r
../NAME.zip .`) and import the zip in DOMjudge (jury > problems > import);
for Kattis, hand the folder (or its git repository) to Kattis. Check it
first with `verifyproblem OUT_DIR/NAME`.

exit status
  0  package written
  1  the folder cannot be packed (no judge.conf, no cases, a case without
     .out, a rule the validators do not read)
  2  usage error, or OUT_DIR/NAME exists and is not empty, or a file
     cannot be written

examples
  sudoku package problems/boj2580 \"$(mktemp -d)\" --secret 2 --seed 7
";

/// Runs `sudoku package`; returns the exit code.
pub fn run(args: Args) -> i32 {
    let cmd = args.command();
    let (dir, out, secret, seed, accepted) = match options(args) {
        Ok(o) => o,
        Err(e) => return usage_error(cmd, e),
    };
    let dir = Path::new(&dir);
    let accepted = match accepted_source(dir, accepted.as_deref()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("sudoku {}: {}", cmd, e);
            return 2;
        }
    };
    let options = PackOptions {
        secret,
        seed,
        accepted,
    };
    let pack = match package::package(dir, &options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("sudoku {}: {}", cmd, e);
            return 1;
        }
    };
    let root = Path::new(&out).join(&pack.short_name);
    if std::fs::read_dir(&root).is_ok_and(|mut d| d.next().is_some()) {
        eprintln!(
            "sudoku {}: {} exists and is not empty; remove it or choose another OUT_DIR",
            cmd,
            root.display()
        );
        return 2;
    }
    for (path, bytes) in &pack.files {
        let file = root.join(path);
        let written = file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|_| std::fs::write(&file, bytes));
        if let Err(e) = written {
            eprintln!(
                "sudoku {}: {}: cannot write: {}",
                cmd,
                file.display(),
                io_message(&e)
            );
            return 2;
        }
    }
    let count = |group: &str| pack.cases.iter().filter(|c| c.group == group).count();
    let generated = pack
        .cases
        .iter()
        .filter(|c| c.name.starts_with("generated-"))
        .count();
    let submissions: Vec<&str> = pack
        .files
        .iter()
        .filter_map(|(p, _)| p.strip_prefix("submissions/"))
        .collect();
    println!(
        "{}: {} sample, {} secret ({} generated) cases; submissions: {}",
        root.display(),
        count("sample"),
        count("secret"),
        generated,
        submissions.join(", ")
    );
    0
}

type Parsed = (String, String, usize, u64, Option<String>);

fn options(mut args: Args) -> Result<Parsed, UsageError> {
    let secret = args.parsed::<usize>("--secret", None)?.unwrap_or(10);
    let seed = args.parsed::<u64>("--seed", None)?.unwrap_or(1);
    let accepted = args.value("--accepted", None)?;
    if secret > 1000 {
        return Err(UsageError("--secret must be at most 1000".to_string()));
    }
    let words = args.positionals()?;
    match words.as_slice() {
        [dir, out] => Ok((dir.clone(), out.clone(), secret, seed, accepted)),
        _ => Err(UsageError("expected PROBLEM_DIR and OUT_DIR".to_string())),
    }
}

/// The text of the Rust source `path` with every `include!("FILE");`
/// line replaced by FILE's text (relative to `path`'s folder; the catalog
/// files of Codewars and LeetCode include their kata's code), so the
/// submission is one file.
fn with_includes(path: &Path, depth: usize) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {}", path.display(), io_message(&e)))?;
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let included = line
            .trim()
            .strip_prefix("include!(\"")
            .and_then(|rest| rest.strip_suffix("\");"));
        match included {
            Some(file) if depth < 4 => {
                let inner = path.parent().unwrap_or(Path::new(".")).join(file);
                out.push_str(&with_includes(&inner, depth + 1)?);
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// The accepted submission: `--accepted FILE`, or the folder's judge file
/// found two folders up; `None` when the folder names none that exists.
fn accepted_source(dir: &Path, given: Option<&str>) -> Result<Option<(String, String)>, String> {
    let path = match given {
        Some(file) => PathBuf::from(file),
        None => {
            let conf = match problem::conf_path(dir).map(|p| problem::read_conf(&p)) {
                Some(Ok(conf)) => conf,
                _ => return Ok(None),
            };
            let Some(binary) = conf.binary else {
                return Ok(None);
            };
            let file = dir.join("../../src/bin").join(format!("{}.rs", binary));
            if !file.is_file() {
                return Ok(None);
            }
            file
        }
    };
    let text = with_includes(&path, 0)?;
    let name = path.file_name().map_or("accepted.rs".to_string(), |n| {
        n.to_string_lossy().to_string()
    });
    Ok(Some((name, text)))
}
