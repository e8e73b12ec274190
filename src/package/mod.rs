//! Contest packages: a problem folder as a package in the Kattis problem
//! format (legacy version, the one Kattis, DOMjudge and problemtools'
//! `verifyproblem` all read), which `sudoku package` writes.
//!
//! What a package holds ([`package`]):
//!
//! | file | from |
//! |---|---|
//! | `problem.yaml` | name and source from README.md, memory and output limits, `validation: default` under `answers = exact`, else `custom` with the output validator's flags |
//! | `.timelimit` | the folder's time limit (DOMjudge reads it; Kattis sets its own from the accepted submissions) |
//! | `problem_statement/problem.tex` | README.md's statement sections in LaTeX ([`statement`]) |
//! | `data/sample`, `data/secret` | the folder's cases and generated ones, each `.ans` the kit's ([`data`]) |
//! | `data/testdata.yaml` | the input validator's flags: what the statement promises ([`promise`]) |
//! | `input_validators/sudoku/`, `output_validators/sudoku/` | standard C++ programs, the same source in every package ([`INPUT_VALIDATOR`], [`OUTPUT_VALIDATOR`]), told the folder's rule by their flags |
//! | `submissions/` | accepted, wrong answer, time limit exceeded ([`submissions`]) |
//!
//! The validators are C++ because Kattis runs output validators in C, C++
//! or Python only; they are the kit's checker and reader re-written small
//! for the layouts the folders use (`tests/package.rs` runs them against
//! the kit's checker on every folder's cases and on wrong answers).

pub mod data;
pub mod promise;
pub mod statement;
pub mod submissions;

use crate::board::variant::Variant;
use crate::format::Format;
use crate::judge::problem::{self, Answers, Conf};
use data::TestCase;
use promise::{BoardLayout, InputChecks};
use std::path::Path;

/// The output validator's source: `validator INPUT ANSWER FEEDBACK_DIR
/// FLAGS < OUTPUT`, exit 42 accepted, 43 rejected.
pub const OUTPUT_VALIDATOR: &str = include_str!("output_validator.cpp");

/// The input validator's source: `validator FLAGS < INPUT`, exit 42 for an
/// input the statement promises.
pub const INPUT_VALIDATOR: &str = include_str!("input_validator.cpp");

/// What to pack besides the folder.
#[derive(Clone, Debug)]
pub struct PackOptions {
    /// How many generated cases go to `data/secret`.
    pub secret: usize,
    /// The seed the generated cases are drawn from.
    pub seed: u64,
    /// The accepted submission's source (a judge file's text), when the
    /// folder has one.
    pub accepted: Option<(String, String)>,
}

/// A package in memory: the files to write, by path inside the package.
#[derive(Clone, Debug)]
pub struct Package {
    /// The problem's short name (the package folder's name on Kattis).
    pub short_name: String,
    /// Every file, `/`-separated paths relative to the package's root.
    pub files: Vec<(String, Vec<u8>)>,
    /// The cases in `data/` (sample, then secret).
    pub cases: Vec<TestCase>,
}

/// The package of the problem folder `dir`. Errors name the file: no
/// `judge.conf`, a bad one, no cases, a case without `.out`, a rule the
/// validators do not read.
pub fn package(dir: &Path, options: &PackOptions) -> Result<Package, String> {
    let conf_path =
        problem::conf_path(dir).ok_or_else(|| format!("{}: no judge.conf", dir.display()))?;
    let conf = problem::read_conf(&conf_path)?;
    let readme_path = dir.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap_or_default();
    let folder = dir
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().to_string()))
        .unwrap_or_else(|| "problem".to_string());
    let short_name: String = folder
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();

    let mut cases = Vec::new();
    for case in problem::find_cases(dir)? {
        let input = std::fs::read(&case.input).map_err(|e| {
            format!(
                "{}: {}",
                case.input.display(),
                crate::format::io_message(&e)
            )
        })?;
        let answer_path = case
            .answer
            .ok_or_else(|| format!("{}: no .out beside it", case.input.display()))?;
        let answer = std::fs::read(&answer_path).map_err(|e| {
            format!(
                "{}: {}",
                answer_path.display(),
                crate::format::io_message(&e)
            )
        })?;
        let group = if case.name.starts_with("sample") {
            "sample"
        } else {
            "secret"
        };
        cases.push(TestCase {
            group,
            name: case.name.clone(),
            input,
            answer,
        });
    }
    let first = String::from_utf8_lossy(&cases[0].input).to_string();
    let promise = promise::promise(&conf);
    let layout = promise::layout(&conf, &first);
    let cells = layout.as_ref().is_some_and(|l| l.is_cells(&conf));
    if let Some(layout) = &layout {
        cases.extend(data::generated(
            &conf,
            &promise,
            layout,
            options.secret,
            options.seed,
        )?);
    }
    if !cases.iter().any(|c| c.group == "sample") {
        if let Some(first) = cases.first_mut() {
            first.group = "sample";
        }
    }
    if !cases.iter().any(|c| c.group == "secret") {
        // A package needs secret data: the samples again.
        let again: Vec<TestCase> = cases
            .iter()
            .map(|c| TestCase {
                group: "secret",
                ..c.clone()
            })
            .collect();
        cases.extend(again);
    }

    let title = statement::title(&readme, &folder);
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |path: &str, bytes: Vec<u8>| files.push((path.to_string(), bytes));
    let output_flags = output_flags(&conf, layout.as_ref())?;
    add(
        "problem.yaml",
        problem_yaml(&conf, &title, &readme, &folder, &output_flags).into_bytes(),
    );
    let limits = conf.limits();
    add(
        ".timelimit",
        format!("{}\n", seconds(limits.time.as_secs_f64())).into_bytes(),
    );
    add(
        "problem_statement/problem.tex",
        statement::latex(&readme, &title).into_bytes(),
    );
    let input_flags = input_flags(&conf, &promise, layout.as_ref(), cells);
    add(
        "data/testdata.yaml",
        format!("input_validator_flags: {}\n", yaml_quote(&input_flags)).into_bytes(),
    );
    for case in &cases {
        add(
            &format!("data/{}/{}.in", case.group, case.name),
            case.input.clone(),
        );
        add(
            &format!("data/{}/{}.ans", case.group, case.name),
            case.answer.clone(),
        );
    }
    add(
        "input_validators/sudoku/validate.cpp",
        INPUT_VALIDATOR.as_bytes().to_vec(),
    );
    if output_flags.is_some() {
        add(
            "output_validators/sudoku/validate.cpp",
            OUTPUT_VALIDATOR.as_bytes().to_vec(),
        );
    }
    add(
        "submissions/wrong_answer/echo.rs",
        submissions::ECHO.as_bytes().to_vec(),
    );
    if let Some((name, source)) = &options.accepted {
        add(
            &format!("submissions/accepted/{}", name),
            source.as_bytes().to_vec(),
        );
        let hard = cases.iter().any(|c| c.name.ends_with("anti-brute-force"));
        let nine = layout
            .as_ref()
            .is_some_and(|l| l.shape.size() == 9 && conf.variant.is_none());
        if cells && hard && nine {
            let skip = matches!(
                conf.cases,
                crate::format::Cases::Count | crate::format::Cases::Size
            );
            let spaced = layout
                .as_ref()
                .is_some_and(|l| l.style.format == Format::Spaced);
            if let Some(naive) = submissions::naive(source, skip, spaced) {
                add(
                    "submissions/time_limit_exceeded/naive.rs",
                    naive.into_bytes(),
                );
            }
        }
    }
    Ok(Package {
        short_name,
        files,
        cases,
    })
}

/// Seconds without a needless fraction: `1`, `2.419`.
fn seconds(s: f64) -> String {
    let text = format!("{:.3}", s);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A YAML scalar in single quotes.
fn yaml_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// A validator flag `key=value`, a space written `%20` and `%` as `%25`.
fn flag(key: &str, value: &str) -> String {
    format!("{}={}", key, value.replace('%', "%25").replace(' ', "%20"))
}

/// The box flag of a layout: `box=RxC`.
fn box_flag(conf: &Conf, layout: &BoardLayout) -> String {
    let shape = conf.sizing.shape.unwrap_or(layout.shape);
    flag("box", &format!("{}x{}", shape.box_rows(), shape.box_cols()))
}

fn has_diagonals(variant: &Option<std::sync::Arc<Variant>>) -> bool {
    variant.as_ref().is_some_and(|v| v.has_diagonals())
}

/// The output validator's flags for `conf` (`None` under `exact`: the
/// default validator judges). Errors when `any` asks for a layout the
/// validator does not read cell by cell.
pub fn output_flags(conf: &Conf, layout: Option<&BoardLayout>) -> Result<Option<String>, String> {
    if conf.answers == Answers::Exact {
        return Ok(None);
    }
    let layout = layout.ok_or("the first case holds no board the kit reads")?;
    let format = conf.format.unwrap_or(layout.style.format);
    let mut flags = vec![
        flag("answers", conf.answers.name()),
        flag("format", format.name()),
    ];
    if conf.answers == Answers::Any {
        let readable = format == Format::Spaced
            || (layout.shape.size() <= 9 && matches!(format, Format::Digits | Format::Line));
        if !readable || !layout.is_cells(conf) {
            return Err(format!(
                "answers = any: the output validator checks boards of at most 9x9 in digits or line, \
                 or spaced, from plain or Sudoku X inputs; this folder writes {} boards of {}",
                format.name(),
                layout.shape.describe()
            ));
        }
        flags.push(box_flag(conf, layout));
        let input = if layout.style.format == Format::Spaced {
            "spaced"
        } else {
            "chars"
        };
        flags.push(flag("input", input));
        flags.push(flag("cases", conf.cases.name()));
        if has_diagonals(&conf.variant) {
            flags.push(flag("x", "1"));
        }
        if let Some(blank) = conf.sizing.blank {
            flags.push(flag("blank", &blank.to_string()));
        }
    }
    if let Some(header) = &conf.header {
        flags.push(flag("header", header));
    }
    if let Some(separator) = &conf.sizing.separator {
        flags.push(flag("separator", &separator.to_string()));
    }
    let lines = [
        ("no_solution", &conf.no_solution),
        ("many_solutions", &conf.many_solutions),
        ("one_solution", &conf.one_solution),
        ("illegal", &conf.illegal),
        ("not_minimal", &conf.not_minimal),
    ];
    for (key, line) in lines {
        if let Some(line) = line {
            flags.push(flag(key, line));
        }
    }
    Ok(Some(flags.join(" ")))
}

/// The input validator's flags: the layout it reads (`board=text` when it
/// reads the text only) and the promise it checks.
pub fn input_flags(
    conf: &Conf,
    promise: &InputChecks,
    layout: Option<&BoardLayout>,
    cells: bool,
) -> String {
    let mut flags = vec![flag("max_bytes", &(16u64 << 20).to_string())];
    let layout = match layout {
        Some(layout) if cells => layout,
        _ => {
            flags.push(flag("board", "text"));
            return flags.join(" ");
        }
    };
    let spaced = layout.style.format == Format::Spaced;
    flags.push(flag("board", if spaced { "spaced" } else { "chars" }));
    flags.push(flag("size", &layout.shape.size().to_string()));
    flags.push(box_flag(conf, layout));
    flags.push(flag("cases", conf.cases.name()));
    if has_diagonals(&conf.variant) {
        flags.push(flag("x", "1"));
    }
    if let Some(blank) = conf.sizing.blank {
        flags.push(flag("blank", &blank.to_string()));
    }
    if let Some(separator) = &conf.sizing.separator {
        flags.push(flag("separator", &separator.to_string()));
    }
    if !promise.clashes {
        flags.push(flag("clashes", "no"));
    }
    if promise.solvable {
        flags.push(flag("solvable", "yes"));
    }
    if promise.unique {
        flags.push(flag("unique", "yes"));
    }
    if promise.full {
        flags.push(flag("full", "yes"));
    }
    flags.join(" ")
}

/// `problem.yaml` (legacy format).
fn problem_yaml(
    conf: &Conf,
    title: &str,
    readme: &str,
    folder: &str,
    flags: &Option<String>,
) -> String {
    let limits = conf.limits();
    let mib = |bytes: u64| bytes.div_ceil(1 << 20).max(1);
    let source = readme
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .and_then(|h| {
            h.rfind('(')
                .map(|at| h[at + 1..].trim_end_matches(')').to_string())
        })
        .map_or(format!("sudoku-kit problems/{}", folder), |s| {
            format!("{} (sudoku-kit problems/{})", s, folder)
        });
    let mut yaml = format!(
        "name: {}\nsource: {}\nuuid: {}\n",
        yaml_quote(title),
        yaml_quote(&source),
        uuid(folder)
    );
    match flags {
        None => yaml.push_str("validation: default\n"),
        Some(flags) => yaml.push_str(&format!(
            "validation: custom\nvalidator_flags: {}\n",
            yaml_quote(flags)
        )),
    }
    yaml.push_str(&format!(
        "limits:\n  memory: {}\n  output: {}\n",
        limits.memory.map_or(1024, mib),
        mib(limits.output).max(8)
    ));
    yaml
}

/// A UUID made from the folder's name (the same name, the same UUID), in
/// the version-4 layout.
fn uuid(name: &str) -> String {
    let mut rng = crate::rng::Rng::new(name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }));
    let (a, b) = (rng.next_u64(), rng.next_u64());
    let hex = format!("{:016x}{:016x}", a, b);
    format!(
        "{}-{}-4{}-{}{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        ["8", "9", "a", "b"][(b >> 62) as usize],
        &hex[17..20],
        &hex[20..32]
    )
}
