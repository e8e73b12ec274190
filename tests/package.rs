//! `sudoku package`: every problem folder packs, the package's validators
//! agree with the kit (its reader and its checker), and problemtools'
//! `verifyproblem` accepts the packages of a set of folders covering every
//! answer rule and variant with 0 errors.
//!
//! The validators are C++ (`src/package/*.cpp`), compiled here with `g++`
//! once per test. `verifyproblem` is found in `$VERIFYPROBLEM`, in
//! `target/problemtools-venv/bin/verifyproblem` (where `.ci/run` installs
//! it: `python3 -m venv target/problemtools-venv &&
//! target/problemtools-venv/bin/pip install problemtools`, with the TeX
//! packages `.ci/run` lists) or on `PATH`. Without it those tests say
//! SKIPPED loudly, and fail under `CI=true`. Each runs in its own test
//! function, so cargo runs them side by side; together they take about
//! 100 s of CPU (compiling the Rust submissions at opt-level 3, lualatex
//! twice per statement, the naive submission's seconds), the largest share
//! of this file's time.

use crate::common;

use common::remembered::{self, built, unless_passed, Inputs};
use common::{problem_folders, sudoku, Dir};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use sudoku_kit::judge::checker::{self, Rule, Verdict};
use sudoku_kit::judge::problem::{self, Answers};

/// `g++` builds `src/package/NAME.cpp`, once for its bytes and the
/// compiler's version (`common::remembered`); returns the program.
fn validator(name: &str) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/package/{}.cpp", name));
    let flags = ["-std=gnu++17", "-O1", "-Wall", "-Wextra", "-Werror", "-o"];
    let inputs = Inputs::new(&format!("g++ {:?} {}", flags, name), "")
        .file(&source)
        .output_of("g++", &["--version"]);
    let program = built(inputs, "bin", |program| {
        let out = Command::new("g++")
            .args(flags)
            .arg(program)
            .arg(&source)
            .output()
            .map_err(|e| format!("g++: {}", e))?;
        match out.status.success() {
            true => Ok(()),
            false => Err(format!(
                "g++ {}: {}",
                name,
                String::from_utf8_lossy(&out.stderr)
            )),
        }
    });
    program.unwrap_or_else(|e| panic!("{}", e))
}

/// `sudoku package DIR OUT --secret N --seed 1`; returns the package.
fn pack(dir: &Path, out: &Path, secret: usize) -> PathBuf {
    let run = sudoku()
        .arg("package")
        .arg(dir)
        .arg(out)
        .args(["--secret", &secret.to_string(), "--seed", "1"])
        .output()
        .expect("sudoku package runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "sudoku package {}: {}",
        dir.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let root = stdout.split(':').next().expect("a line naming the package");
    PathBuf::from(root)
}

/// The value of `key: 'value'` in a YAML file the packager wrote.
fn yaml_value(path: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(path).expect("readable YAML");
    text.lines().find_map(|l| {
        let value = l.strip_prefix(&format!("{}: ", key))?;
        Some(value.trim_matches('\'').replace("''", "'"))
    })
}

/// The flags of a validator (`validator_flags` or `input_validator_flags`).
fn flags(path: &Path, key: &str) -> Vec<String> {
    yaml_value(path, key)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Every `data/GROUP/NAME.in` of a package with its `.ans`.
fn data(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut cases = Vec::new();
    for group in ["sample", "secret"] {
        let dir = root.join("data").join(group);
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let answer = input.with_extension("ans");
            assert!(answer.is_file(), "{}: no .ans", input.display());
            cases.push((input, answer));
        }
    }
    cases
}

/// Runs the input validator on `input`: true when it says 42.
fn input_valid(program: &Path, flags: &[String], input: &[u8]) -> bool {
    let mut child = Command::new(program)
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the input validator runs");
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait().expect("waits").code() == Some(42)
}

/// Runs the output validator: true when it accepts `output`.
fn output_accepted(
    program: &Path,
    flags: &[String],
    input: &Path,
    answer: &Path,
    output: &[u8],
    feedback: &Path,
) -> bool {
    let mut child = Command::new(program)
        .arg(input)
        .arg(answer)
        .arg(feedback)
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the output validator runs");
    let _ = child.stdin.take().expect("stdin").write_all(output);
    match child.wait().expect("waits").code() {
        Some(42) => true,
        Some(43) => false,
        other => panic!(
            "the output validator exits {:?} on {}",
            other,
            input.display()
        ),
    }
}

/// The folders with index `part` modulo `parts` (to share the work out
/// among test functions, which cargo runs side by side).
fn share(part: usize, parts: usize) -> Vec<PathBuf> {
    problem_folders()
        .into_iter()
        .enumerate()
        .filter(|(k, _)| k % parts == part)
        .map(|(_, d)| d)
        .collect()
}

// ------------------------------------------------- every folder packs

/// The inputs of a check `what` of the folder `dir` with a validator
/// `program`: the folder, its judge file (packed as the accepted
/// submission), this build and the validator. A folder checked
/// before with the same inputs is not checked again (`common::remembered`).
fn folder_check(what: &str, dir: &Path, program: &Path) -> Inputs {
    let name = format!("{} {}", what, dir.display());
    let binary = problem::read_conf(&dir.join("judge.conf"))
        .ok()
        .and_then(|c| c.binary)
        .unwrap_or_default();
    let judge_file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/bin")
        .join(format!("{}.rs", binary));
    Inputs::new(&name, include_str!("package.rs"))
        .tree(dir)
        .file(&judge_file)
        .bytes(remembered::this_build())
        .file(program)
}

/// Packs every folder of `share(part, 3)` and checks the package's layout,
/// and that the input validator accepts every input it holds.
fn folders_pack(part: usize) {
    let work = Dir::new(&format!("pack{}", part));
    let program = validator("input_validator");
    let mut faults = Vec::new();
    for dir in share(part, 3) {
        let inputs = folder_check("packs", &dir, &program);
        if remembered::passed(&inputs) {
            continue;
        }
        let before = faults.len();
        let root = pack(&dir, work.path(), 2);
        for file in [
            "problem.yaml",
            ".timelimit",
            "problem_statement/problem.tex",
            "data/testdata.yaml",
        ] {
            assert!(root.join(file).is_file(), "{}: no {}", root.display(), file);
        }
        let yaml = root.join("problem.yaml");
        assert!(
            yaml_value(&yaml, "name").is_some_and(|n| !n.is_empty()),
            "{}: no name",
            yaml.display()
        );
        let conf = problem::read_conf(&dir.join("judge.conf")).expect("judge.conf");
        let validation = yaml_value(&yaml, "validation").expect("validation");
        let default = conf.answers == Answers::Exact;
        assert_eq!(
            validation,
            if default { "default" } else { "custom" },
            "{}",
            yaml.display()
        );
        assert_eq!(
            root.join("output_validators/sudoku/validate.cpp").is_file(),
            !default
        );
        let accepted = root
            .join("submissions/accepted")
            .join(format!("{}.rs", conf.binary.expect("binary")));
        assert!(
            accepted.is_file(),
            "{}: no accepted submission",
            root.display()
        );
        assert!(root.join("submissions/wrong_answer/echo.rs").is_file());
        let tex = std::fs::read_to_string(root.join("problem_statement/problem.tex")).expect("tex");
        assert!(tex.starts_with("\\problemname{"), "{}", root.display());
        let cases = data(&root);
        assert!(cases
            .iter()
            .any(|(i, _)| i.parent().is_some_and(|p| p.ends_with("sample"))));
        let input_flags = flags(&root.join("data/testdata.yaml"), "input_validator_flags");
        for (input, _) in &cases {
            let text = std::fs::read(input).expect("input");
            if !input_valid(&program, &input_flags, &text) {
                faults.push(format!(
                    "{}: the input validator rejects it ({:?})",
                    input.display(),
                    input_flags
                ));
            }
        }
        if faults.len() == before {
            remembered::remember(&inputs);
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_folder_packs_part_1() {
    folders_pack(0);
}

#[test]
fn every_folder_packs_part_2() {
    folders_pack(1);
}

#[test]
fn every_folder_packs_part_3() {
    folders_pack(2);
}

#[test]
fn a_package_is_refused_over_a_folder_that_is_not_empty() {
    let work = Dir::new("twice");
    let dir = common::problems_dir().join("boj2580");
    pack(&dir, work.path(), 0);
    sudoku()
        .arg("package")
        .arg(&dir)
        .arg(work.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("exists and is not empty"));
}

#[test]
fn a_folder_without_judge_conf_is_an_error_on_one_line() {
    let work = Dir::new("noconf");
    let out = sudoku()
        .arg("package")
        .arg(work.path())
        .arg(work.path().join("out"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no judge.conf") && stderr.lines().count() == 1,
        "{}",
        stderr
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn the_input_validator_holds_the_promise() {
    let work = Dir::new("promise");
    let program = validator("input_validator");
    let problems = common::problems_dir();
    let any = pack(&problems.join("boj2580"), work.path(), 0);
    let any_flags = flags(&any.join("data/testdata.yaml"), "input_validator_flags");
    let good = std::fs::read(any.join("data/sample/sample-1.in")).expect("sample");
    assert!(input_valid(&program, &any_flags, &good));
    let text = String::from_utf8(good.clone()).expect("text");
    // A clash (two 3s in row 1), a board without solution, a cell too many.
    let clash = text.replacen("0 3", "3 3", 1);
    assert!(!input_valid(&program, &any_flags, clash.as_bytes()));
    assert!(!input_valid(
        &program,
        &any_flags,
        format!("{} 1\n", text.trim_end()).as_bytes()
    ));
    assert!(!input_valid(&program, &any_flags, b""));
    assert!(!input_valid(&program, &any_flags, b"\x00\x01"));
    // Under sudokunique's rule a board may clash or have no solution.
    let unique = pack(&problems.join("sudokunique"), work.path(), 0);
    let unique_flags = flags(&unique.join("data/testdata.yaml"), "input_validator_flags");
    assert!(input_valid(&program, &unique_flags, clash.as_bytes()));
}

// ------------------------------------- the output validator and the kit

/// Outputs to try besides the jury's answer: the kit's tolerances (CRLF,
/// spaces at line ends, no final newline, blank lines at the end) and
/// faults (a value changed, two swapped, a line missing, a blank line
/// at the top or inside, stray text, empty).
fn variations(answer: &str) -> Vec<String> {
    let lines: Vec<&str> = answer.lines().collect();
    let mut out = vec![
        answer.to_string(),
        answer.replace('\n', " \r\n"),
        answer.trim_end().to_string(),
        format!("{}\n\n\n", answer),
        format!("\n{}", answer),
        format!("{}stray\n", answer),
        lines[..lines.len().saturating_sub(1)].join("\n") + "\n",
        String::new(),
    ];
    if lines.len() > 1 {
        let mut blank = lines.clone();
        blank.insert(1, "");
        out.push(blank.join("\n") + "\n");
    }
    // The first digit 1-8 of the text one more; the first two different
    // digits swapped.
    if let Some(at) = answer.find(|c: char| ('1'..='8').contains(&c)) {
        let mut bytes = answer.as_bytes().to_vec();
        bytes[at] += 1;
        out.push(String::from_utf8(bytes).expect("ASCII"));
        if let Some(other) = answer[at + 1..]
            .find(|c: char| c.is_ascii_digit() && c != answer.as_bytes()[at] as char)
        {
            let mut bytes = answer.as_bytes().to_vec();
            bytes.swap(at, at + 1 + other);
            out.push(String::from_utf8(bytes).expect("ASCII"));
        }
    }
    out
}

/// The cases of a folder's package the output validator is compared on
/// (the samples, then the generated cases, then the folder's own): the
/// test's time goes into the debug checker's solving.
const CASES_PER_FOLDER: usize = 5;

/// True for a case whose checking costs the debug build's checker much
/// (hard puzzles, many boards): it adds nothing on layout, which is what
/// the validators differ in.
fn expensive(input: &Path, text: &[u8]) -> bool {
    let name = input
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().to_string());
    text.len() > 1500
        || [
            "hard",
            "anti",
            "against",
            "slowest",
            "escargot",
            "forum",
            "17-givens",
            "seventeen",
            "16x16",
        ]
        .iter()
        .any(|w| name.contains(w))
}

/// For every folder of `share(part, 3)` that a custom validator judges:
/// on [`CASES_PER_FOLDER`] cases of its package (not [`expensive`]), the output
/// validator accepts exactly what the kit's checker accepts, over
/// [`variations`] of the answer.
fn validator_agrees(part: usize) {
    let work = Dir::new(&format!("agree{}", part));
    let program = validator("output_validator");
    let feedback = work.path().join("feedback");
    std::fs::create_dir_all(&feedback).expect("feedback dir");
    let mut faults = Vec::new();
    let mut tried = 0;
    for dir in share(part, 3) {
        let conf = problem::read_conf(&dir.join("judge.conf")).expect("judge.conf");
        if conf.answers == Answers::Exact {
            continue;
        }
        let inputs = folder_check("agrees", &dir, &program);
        if remembered::passed(&inputs) {
            continue;
        }
        let before = faults.len();
        let rule = Rule::from_conf(&conf);
        let root = pack(&dir, work.path(), 3);
        let output_flags = flags(&root.join("problem.yaml"), "validator_flags");
        let mut judged = 0;
        let mut cases = data(&root);
        // The samples, then the generated cases, then the folder's own.
        cases.sort_by_key(|(input, _)| {
            let name = input
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().to_string());
            let sample = input.parent().is_some_and(|p| p.ends_with("sample"));
            (!sample, !name.starts_with("generated-"), name)
        });
        for (input, answer) in cases {
            let input_text = std::fs::read(&input).expect("input");
            if expensive(&input, &input_text) || judged == CASES_PER_FOLDER {
                continue;
            }
            judged += 1;
            let answer_text = std::fs::read_to_string(&answer).expect("answer");
            for output in variations(&answer_text) {
                let kit = checker::check(
                    &rule,
                    &input_text,
                    output.as_bytes(),
                    Some(answer_text.as_bytes()),
                );
                if let Verdict::JudgeFailure(why) = &kit {
                    faults.push(format!(
                        "{}: the kit's checker fails: {}",
                        input.display(),
                        why
                    ));
                    continue;
                }
                let ours = output_accepted(
                    &program,
                    &output_flags,
                    &input,
                    &answer,
                    output.as_bytes(),
                    &feedback,
                );
                tried += 1;
                if ours != (kit == Verdict::Accepted) {
                    faults.push(format!(
                        "{}: the kit says {}, the validator {}, on output {:?}",
                        input.display(),
                        kit,
                        if ours { "accepts" } else { "rejects" },
                        output.chars().take(200).collect::<String>()
                    ));
                }
            }
        }
        if faults.len() == before {
            remembered::remember(&inputs);
        }
    }
    assert!(
        faults.is_empty(),
        "{} of {} outputs:\n{}",
        faults.len(),
        tried,
        faults.join("\n")
    );
}

#[test]
fn the_output_validator_agrees_with_the_kit_part_1() {
    validator_agrees(0);
}

#[test]
fn the_output_validator_agrees_with_the_kit_part_2() {
    validator_agrees(1);
}

#[test]
fn the_output_validator_agrees_with_the_kit_part_3() {
    validator_agrees(2);
}

// ------------------------------------------------------- verifyproblem

/// `verifyproblem`, or a loud note (a failure under `CI=true`) and `None`.
fn verifyproblem_or_skip() -> Option<PathBuf> {
    common::python_tool_or_skip(
        "VERIFYPROBLEM",
        "problemtools-venv",
        "verifyproblem",
        "the packages were",
        "python3 -m venv target/problemtools-venv && target/problemtools-venv/bin/pip \
         install problemtools, and the TeX packages .ci/run lists",
    )
}

/// Packs `problems/NAME` with two generated cases and runs
/// `verifyproblem` on it: its last line must say 0 errors. With `full`
/// false, the time-limit-exceeded submission and the statement are left
/// out (`-s`, `-p`): they cost compiles, lualatex and seconds of running
/// per package, and boj2580's full run shows both behaving.
fn verified(name: &str, full: bool) {
    let Some(verifyproblem) = verifyproblem_or_skip() else {
        return;
    };
    let work = Dir::new(&format!("verify-{}", name));
    let root = pack(&common::problems_dir().join(name), work.path(), 2);
    // The same package verified before by the same tools is not verified
    // again (`common::remembered`): the package holds every byte it reads.
    let inputs = Inputs::new(
        &format!("verifyproblem {} full={}", name, full),
        include_str!("package.rs"),
    )
    .output_of(&verifyproblem.display().to_string(), &["--version"])
    .tree(&root)
    .output_of("g++", &["--version"])
    .output_of("rustc", &["--version"]);
    let verified = unless_passed(inputs, || {
        let mut command = Command::new(&verifyproblem);
        if !full {
            // The statement is rendered (lualatex, twice) in the full run only.
            command.args(["-s", "accepted|wrong_answer"]);
            command.args(["-p", "config", "data", "validators", "submissions", "--"]);
        }
        let out = command.arg(&root).output().expect("verifyproblem runs");
        let report = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let last = report
            .lines()
            .rev()
            .find(|l| l.contains(" tested: "))
            .unwrap_or("");
        match last.contains("tested: 0 errors") {
            true => Ok(()),
            false => Err(format!("verifyproblem {}: {}\n{}", name, last, report)),
        }
    });
    if let Err(report) = verified {
        panic!("{}", report);
    }
}

#[test]
fn verifyproblem_accepts_boj2580_any() {
    verified("boj2580", true);
}

#[test]
fn verifyproblem_accepts_boj2239_smallest() {
    verified("boj2239", false);
}

#[test]
fn verifyproblem_accepts_sudokunique_unique() {
    verified("sudokunique", false);
}

#[test]
fn verifyproblem_accepts_sudogob_count() {
    verified("sudogob", false);
}

#[test]
fn verifyproblem_accepts_uva10957_classify() {
    verified("uva10957", false);
}

#[test]
fn verifyproblem_accepts_leetcode36_exact() {
    verified("leetcode36", false);
}

#[test]
fn verifyproblem_accepts_codechef_j1_x() {
    verified("codechef_j1", false);
}

#[test]
fn verifyproblem_accepts_hdu4069_walls() {
    verified("hdu4069", false);
}

#[test]
fn verifyproblem_accepts_codingame_killer_cages() {
    verified("codingame_killer", false);
}
