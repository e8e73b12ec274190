//! A problem folder: its `judge.conf` (how the folder is judged) and its
//! cases (`test/NAME.in` with `test/NAME.out`).
//!
//! The layout is online-judge-tools' own, so `oj t` works unchanged inside
//! a folder: the statement (`README.md`) and `judge.conf` at the top, the
//! cases in `test/`. A folder without `test/` keeps its cases at the top.
//!
//! `judge.conf` is `key = value` lines; `#` starts a comment (a whole line
//! or after a value) except inside a value in double quotes (`header =
//! "Case #{}:"`); blank lines are ignored. Every key is optional:
//!
//! | key | values | meaning |
//! |---|---|---|
//! | `binary` | a `src/bin` name | the program that solves it (`make judge`, the tests) |
//! | `compile` | a command with `{source}` and `{binary}` | how a judge builds a Rust source file (`sudoku judge FILE.rs`; default `rustc --edition 2018 -O {source} -o {binary}`) |
//! | `compile_c`, `compile_cpp`, `compile_java`, `compile_python` | a command with `{source}` (and `{binary}` for C and C++) | the same for `.c`, `.cpp`/`.cc`/`.cxx`, `.java` (class `Main`), `.py` sources ([`Language::default_compile`]) |
//! | `answers` | `exact`, `any`, `smallest`, `unique`, `count`, `classify` | the rule answers are judged by ([`Answers`]) |
//! | `cases` | `auto`, `one`, `count`, `end`, `eof`, `size` | how INPUT frames its puzzles ([`Cases`]) |
//! | `box` | `RxC`, e.g. `3x2` | the boxes of every board (default: from each board's cells) |
//! | `symbols` | `digits`, `letters` | the symbols of every board above 9×9 (default: detected) |
//! | `blank` | one character, e.g. `?` | one more character INPUT writes for a blank cell, besides `0` and `.` |
//! | `separator` | a line, e.g. `---` | the line between two boards of INPUT and between two answers |
//! | `x`, `regions`, `cages` | `yes`/`no`; a layout on one line | the variant rules every board is played by ([`crate::board::variant`]) |
//! | `from` | a readable format, e.g. `walls`, `killer` | the format INPUT's boards are written in (default: `format`'s, else detected; `walls` and `killer`, which are never detected, carry each board's regions or cages, and take no `x`, `regions` or `cages` beside them) |
//! | `header` | a line, e.g. `Case #{}:` | the line before each answer, `{}` standing for the puzzle's number |
//! | `format` | `spaced`, `digits`, `js`, `line`, `euler` | the format answers are written in (default: the input's) |
//! | `no_solution` | a line, e.g. `Find another job` | what is printed for a puzzle with no solution |
//! | `many_solutions` | a line, e.g. `Non-unique` | what is printed for a puzzle with several (`unique`, `classify`) |
//! | `one_solution` | a line, e.g. `Case {}: Unique.` | (`classify`) what is printed for a puzzle with one |
//! | `illegal` | a line, e.g. `Case {}: Illegal.` | (`classify`) what is printed for a puzzle whose givens clash |
//! | `not_minimal` | a line, e.g. `Not Minimal` | (`unique`, `classify`) what is printed for a puzzle with one solution that keeps it without one of its givens |
//! | `time_limit` | seconds, e.g. `1`, `0.5` | CPU and wall time per case |
//! | `memory_limit` | MiB, e.g. `256` | memory per case |
//! | `output_limit` | MiB, e.g. `64` | stdout per case |
//! | `input` | `boards`, `moves`, `dominoes`, `none` | (the statement's promise, read by `sudoku stress`) what an input is |
//! | `solutions` | words among `none`, `one`, `several` | (promise) how many solutions a board may have |
//! | `clashes` | `yes`, `no` | (promise) whether givens may repeat a value in a unit |
//! | `boards` | `N` or `MIN..MAX` | (promise) how many boards one input holds |
//! | `sizes` | board sizes, e.g. `9` or `4 9 16` | (promise) the sizes N of N×N boards |
//! | `blanks` | `N` or `MIN..MAX` | (promise) how many blanks a board has |
//! | `solved_by` | `singles`, `last_digit` | (promise) the logic that finishes every board |
//!
//! The seven promise keys are [`crate::judge::promise`]'s; one left out is
//! derived from the rule ([`Conf::promise`]).
//!
//! An unknown key, a repeated key, a line without `=` or a bad value is an
//! error naming its line.

use crate::board::shape::Shape;
use crate::board::variant::{self, Variant};
use crate::format::{io_message, read_small_text, Cases, Format, Sizing};
use crate::judge::compile::Language;
use crate::judge::limits::{
    Limits, DEFAULT_MEMORY_LIMIT, DEFAULT_OUTPUT_LIMIT, DEFAULT_TIME_LIMIT,
};
use crate::judge::promise::{self, shape_of, Class, InputKind, Promise};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

// ---------------------------------------------------------------- judge.conf

/// The rule a problem judges answers by (`answers =` in `judge.conf`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answers {
    /// The output must equal `NAME.out`, whitespace tolerated as a judge
    /// does (spaces at line ends, CRLF, a missing final newline).
    Exact,
    /// Per puzzle, any valid completion (POJ 2676, BOJ 2580), or the
    /// `no_solution` line where there is none.
    Any,
    /// Per puzzle, the lexicographically smallest completion, rows first
    /// (BOJ 2239, UVa 989), or the `no_solution` line.
    Smallest,
    /// Per puzzle, its one solution; the `no_solution` line when it has
    /// none and the `many_solutions` line when it has several (Kattis
    /// sudokunique); with a `not_minimal` line, that line instead of the
    /// solution when the puzzle is not minimal (HDU 3909).
    Unique,
    /// Per puzzle, the number of its solutions on a line, then the solved
    /// board when that number is 1 (SPOJ SUDOGOB).
    Count,
    /// Per puzzle, one line saying what it is, no board: the `illegal`
    /// line when its givens clash, else the `no_solution`, `one_solution`
    /// or `many_solutions` line (UVa 10957), and with a `not_minimal` line
    /// that one for a puzzle with one solution that is not minimal; `{}`
    /// in them stands for the puzzle's number.
    Classify,
}

impl Answers {
    /// Every rule, in the order `judge.conf`'s errors list them.
    pub const ALL: [Answers; 6] = [
        Answers::Exact,
        Answers::Any,
        Answers::Smallest,
        Answers::Unique,
        Answers::Count,
        Answers::Classify,
    ];

    /// The word used in `judge.conf`: `exact`, `any`, `smallest`, ...
    pub fn name(self) -> &'static str {
        match self {
            Answers::Exact => "exact",
            Answers::Any => "any",
            Answers::Smallest => "smallest",
            Answers::Unique => "unique",
            Answers::Count => "count",
            Answers::Classify => "classify",
        }
    }
}

impl std::str::FromStr for Answers {
    type Err = String;

    fn from_str(text: &str) -> Result<Answers, String> {
        Answers::ALL
            .iter()
            .copied()
            .find(|a| a.name() == text)
            .ok_or_else(|| {
                format!(
                    "answers `{}`: expected exact, any, smallest, unique, count or classify",
                    text
                )
            })
    }
}

/// A problem folder's `judge.conf`: how its cases are judged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Conf {
    /// `binary =`: the `src/bin` program that solves the problem (used by
    /// `make judge` and the tests; `sudoku judge` is always given PROGRAM).
    pub binary: Option<String>,
    /// `compile =` (Rust), `compile_c =`, `compile_cpp =`, `compile_java =`,
    /// `compile_python =`: the command that builds a source file of that
    /// language, with `{source}` and `{binary}` standing for the two
    /// paths, e.g. `rustc --edition 2018 -O {source} -o {binary}`.
    pub compile: Vec<(Language, String)>,
    /// `answers =`: the rule answers are judged by (default `exact`).
    pub answers: Answers,
    /// `cases =`: how INPUT frames its puzzles (default `auto`).
    pub cases: Cases,
    /// `box =` and `symbols =`: the shape and symbols of every board,
    /// instead of reading them from each one.
    pub sizing: Sizing,
    /// `x = yes`, `regions = LAYOUT`, `cages = LAYOUT`: the variant rules
    /// every board is played by (syntax in [`crate::board::variant`];
    /// a layout is one line, its words separated by commas or spaces).
    pub variant: Option<Arc<Variant>>,
    /// `from =`: the format INPUT's boards are written in, instead of
    /// detecting it (`walls` and `killer` are never detected); without
    /// the key, `format`'s when that is given.
    pub from: Option<Format>,
    /// `format =`: the format answers must be written in, for every rule
    /// but `exact`; when absent, each input's own format.
    pub format: Option<Format>,
    /// `no_solution =`: the line printed for a puzzle with no solution
    /// (`Find another job`, `NO SOLUTION`); when absent, such a puzzle is
    /// a broken case.
    pub no_solution: Option<String>,
    /// `many_solutions =`: the line printed for a puzzle with several
    /// solutions under `answers = unique` (`Non-unique`).
    pub many_solutions: Option<String>,
    /// `one_solution =`: the line for a puzzle with exactly one solution
    /// under `answers = classify` (`Case {}: Unique.`).
    pub one_solution: Option<String>,
    /// `illegal =`: the line for a puzzle whose givens clash under
    /// `answers = classify` (`Case {}: Illegal.`); without it, such a
    /// puzzle gets the `no_solution` line.
    pub illegal: Option<String>,
    /// `not_minimal =`: under `unique` and `classify`, the line for a
    /// puzzle with one solution that is not minimal (a given can go and
    /// the solution stays the only one; HDU 3909's `Not Minimal`); without
    /// it, minimality is not asked.
    pub not_minimal: Option<String>,
    /// `header =`: the line before each answer, `{}` standing for the
    /// puzzle's 1-based number (`Case #{}:`, `Scenario #{}:`).
    pub header: Option<String>,
    /// `time_limit =`: CPU and wall seconds per case (default:
    /// [`DEFAULT_TIME_LIMIT`]).
    pub time_limit: Option<Duration>,
    /// `memory_limit =`: bytes of memory per case (given in MiB).
    pub memory_limit: Option<u64>,
    /// `output_limit =`: bytes of stdout per case (given in MiB).
    pub output_limit: Option<u64>,
    /// `input`, `solutions`, `clashes`, `boards`, `sizes`, `blanks`,
    /// `solved_by`: what the statement promises about inputs, as given
    /// ([`Conf::promise`] settles the rest).
    pub promise: promise::Keys,
}

impl Conf {
    /// The limits this folder sets, the defaults where it sets none.
    pub fn limits(&self) -> Limits {
        Limits {
            time: self.time_limit.unwrap_or(DEFAULT_TIME_LIMIT),
            memory: Some(self.memory_limit.unwrap_or(DEFAULT_MEMORY_LIMIT)),
            output: self.output_limit.unwrap_or(DEFAULT_OUTPUT_LIMIT),
        }
    }

    /// What the statement promises about inputs: the promise keys given,
    /// each one left out derived from
    /// the rule (`answers`, the answer lines, `cases`, `box`). Derived:
    /// `solutions` from the rule (any and smallest: one or several, and
    /// none with a `no_solution` line; unique: one, with none and several
    /// when their lines exist; count, classify and exact: all three);
    /// `clashes` yes under count, classify (with an `illegal` or
    /// `no_solution` line) and exact, else no; `boards` 1 under `cases =
    /// one` or `auto`, else 1..10; `sizes` the `box` key's, else 9.
    pub fn promise(&self) -> Promise {
        let (keys, conf) = (&self.promise, self);
        let has = |line: &Option<String>| line.is_some();
        let derived: Vec<Class> = match conf.answers {
            Answers::Any | Answers::Smallest => {
                let mut c = vec![Class::One, Class::Several];
                if has(&conf.no_solution) {
                    c.push(Class::NoSolution);
                }
                c
            }
            Answers::Unique => {
                let mut c = vec![Class::One];
                if has(&conf.many_solutions) {
                    c.push(Class::Several);
                }
                if has(&conf.no_solution) {
                    c.push(Class::NoSolution);
                }
                c
            }
            _ => vec![Class::One, Class::Several, Class::NoSolution],
        };
        let clashes = keys.clashes.unwrap_or(match conf.answers {
            Answers::Count | Answers::Exact => true,
            Answers::Classify => has(&conf.illegal) || has(&conf.no_solution),
            _ => false,
        });
        let mut classes = keys.solutions.clone().unwrap_or(derived);
        if clashes {
            classes.push(Class::Clash);
        }
        let boards = keys.boards.unwrap_or(match conf.cases {
            crate::format::Cases::One | crate::format::Cases::Auto => (1, 1),
            _ => (1, 10),
        });
        let shapes = match (&keys.sizes, conf.sizing.shape) {
            (Some(sizes), forced) => sizes
                .iter()
                .filter_map(|&n| forced.filter(|s| s.size() == n).or_else(|| shape_of(n)))
                .collect(),
            (None, Some(shape)) => vec![shape],
            (None, None) => vec![Shape::CLASSIC],
        };
        Promise {
            input: keys.input.unwrap_or(InputKind::Boards),
            classes,
            boards,
            shapes,
            blanks: keys.blanks,
            solved_by: keys.solved_by,
        }
    }

    /// The compile line for a source in `language`: this folder's, or
    /// the judges' usual one.
    pub fn compile_line(&self, language: Language) -> &str {
        self.compile
            .iter()
            .find(|(lang, _)| *lang == language)
            .map_or(language.default_compile(), |(_, line)| line.as_str())
    }
}

impl Default for Conf {
    /// What a folder without `judge.conf` gets: exact comparison, framing
    /// read from the input, the default limits, formats detected.
    fn default() -> Conf {
        Conf {
            binary: None,
            compile: Vec::new(),
            answers: Answers::Exact,
            cases: Cases::Auto,
            sizing: Sizing::default(),
            variant: None,
            from: None,
            format: None,
            no_solution: None,
            many_solutions: None,
            one_solution: None,
            illegal: None,
            not_minimal: None,
            header: None,
            time_limit: None,
            memory_limit: None,
            output_limit: None,
            promise: promise::Keys::default(),
        }
    }
}

/// The keys `judge.conf` knows, in the order its errors list them.
pub const KEYS: [&str; 33] = [
    "binary",
    "compile",
    "compile_c",
    "compile_cpp",
    "compile_java",
    "compile_python",
    "answers",
    "cases",
    "box",
    "symbols",
    "blank",
    "separator",
    "x",
    "regions",
    "cages",
    "from",
    "format",
    "no_solution",
    "many_solutions",
    "one_solution",
    "illegal",
    "not_minimal",
    "header",
    "time_limit",
    "memory_limit",
    "output_limit",
    "input",
    "solutions",
    "clashes",
    "boards",
    "sizes",
    "blanks",
    "solved_by",
];

/// A mistake in `judge.conf`, with its 1-based line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConfError {
    /// 1-based line of `judge.conf`.
    pub line: usize,
    /// What is wrong, e.g. ``answers `some`: expected exact, any, ...``.
    pub message: String,
}

impl fmt::Display for ConfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "judge.conf line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ConfError {}

/// The `judge.conf` that governs folder `dir`: its own, or for a `test`
/// folder without one, its parent's (`problems/NAME/test`, where `oj t`
/// runs).
pub fn conf_path(dir: &Path) -> Option<PathBuf> {
    let own = dir.join("judge.conf");
    if own.is_file() {
        return Some(own);
    }
    let parent = dir.parent()?.join("judge.conf");
    (dir.file_name()? == "test" && parent.is_file()).then_some(parent)
}

/// Reads and parses the `judge.conf` at `path`: at most 1 MiB of UTF-8
/// text. The error names the file and, for a bad key, the line:
/// `problems/x/judge.conf: line 3: answers `some`: expected …`.
pub fn read_conf(path: &Path) -> Result<Conf, String> {
    let name = path.display();
    let text = read_small_text(path).map_err(|e| format!("{}: {}", name, e))?;
    parse_conf(&text).map_err(|e| format!("{}: line {}: {}", name, e.line, e.message))
}

/// Parses a `judge.conf` (see the module header for its keys).
pub fn parse_conf(text: &str) -> Result<Conf, ConfError> {
    let mut conf = Conf::default();
    let mut seen: Vec<String> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        // The messages quote the line's key and value: control characters escaped.
        let err = |message: String| ConfError {
            line: n + 1,
            message: crate::board::symbol::shown_up_to(&message, usize::MAX),
        };
        let (key, value) = split_line(raw).map_err(err)?;
        if key.is_empty() {
            continue;
        }
        if value.is_empty() {
            return Err(err(format!("`{}` has no value", key)));
        }
        if seen.iter().any(|k| k == key) {
            return Err(err(format!("`{}` is set twice", key)));
        }
        set(&mut conf, key, value).map_err(err)?;
        seen.push(key.to_string());
        if matches!(key, "boards" | "sizes" | "cases" | "box") {
            promise_fits(&conf).map_err(err)?;
        }
        if let (Some(own), Some(_)) = (conf.from.and_then(Format::own_rules), &conf.variant) {
            return Err(err(format!(
                "from {}: each board gives its own {}; x, regions and cages do not combine \
                 with it",
                conf.from.map_or("", Format::name),
                own
            )));
        }
    }
    // A judge's input is in one format: without `from`, INPUT is read in
    // the answers' (`format`), and detected only when neither is named.
    if conf.from.is_none() {
        conf.from = conf.format.filter(|f| *f != Format::Pretty);
    }
    Ok(conf)
}

/// The promise's `boards` and `sizes` against the framing and the box:
/// `cases = one` reads one board, `box = RxC` fixes every board's size.
fn promise_fits(conf: &Conf) -> Result<(), String> {
    let keys = &conf.promise;
    if let (Some((lo, hi)), crate::format::Cases::One) = (keys.boards, conf.cases) {
        if hi > 1 {
            return Err(format!(
                "boards `{}..{}`: cases = one reads exactly 1 board",
                lo, hi
            ));
        }
    }
    if let (Some(sizes), Some(shape)) = (&keys.sizes, conf.sizing.shape) {
        if let Some(n) = sizes.iter().find(|&&n| n != shape.size()) {
            return Err(format!(
                "sizes `{}`: box = {} makes every board {}x{}",
                n,
                shape,
                shape.size(),
                shape.size()
            ));
        }
    }
    Ok(())
}

/// `yes` or `no` for `key`.
fn yes_no(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(format!("{} `{}`: expected yes or no", key, value)),
    }
}

/// One line of `judge.conf` as `(key, value)`; `("", "")` for a blank or
/// comment line. A value in double quotes may hold `#` (`"Case #{}:"`) and
/// ends at the next `"`; else a `#` starts a comment.
fn split_line(raw: &str) -> Result<(&str, &str), String> {
    let uncommented = raw.split('#').next().unwrap_or("").trim();
    if uncommented.is_empty() {
        return Ok(("", ""));
    }
    let (key, rest) = match raw.split_once('=') {
        Some((k, v)) if !k.contains('#') => (k.trim(), v.trim_start()),
        _ => return Err(format!("expected `key = value`, got `{}`", uncommented)),
    };
    let quoted = match rest.strip_prefix('"') {
        Some(quoted) => quoted,
        None => return Ok((key, rest.split('#').next().unwrap_or("").trim())),
    };
    let end = match quoted.find('"') {
        Some(end) => end,
        None => return Err(format!("`{}`: the quoted value has no closing \"", key)),
    };
    let after = quoted[end + 1..].trim();
    if !after.is_empty() && !after.starts_with('#') {
        return Err(format!(
            "`{}`: text after the quoted value: `{}`",
            key, after
        ));
    }
    Ok((key, &quoted[..end]))
}

/// Sets one key of `conf`; the error is the message of a [`ConfError`].
fn set(conf: &mut Conf, key: &str, value: &str) -> Result<(), String> {
    match key {
        "binary" => {
            let name = value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !name {
                return Err(format!(
                    "binary `{}`: expected a program name (letters, digits, _ and -)",
                    value
                ));
            }
            conf.binary = Some(value.to_string());
        }
        key if key.starts_with("compile") => {
            let language = Language::ALL
                .into_iter()
                .find(|lang| lang.conf_key() == key)
                .ok_or_else(|| unknown_key(key))?;
            // Java and Python name no binary: the class and the script are
            // what runs.
            let needs_binary = !matches!(language, Language::Java | Language::Python);
            if !value.contains("{source}") || (needs_binary && !value.contains("{binary}")) {
                let wanted = match needs_binary {
                    true => "{source} and {binary}",
                    false => "{source}",
                };
                return Err(format!(
                    "{} `{}`: expected a command naming {}",
                    key, value, wanted
                ));
            }
            conf.compile.retain(|(lang, _)| *lang != language);
            conf.compile.push((language, value.to_string()));
        }
        "answers" => conf.answers = value.parse()?,
        "from" => {
            let from: Format = value.parse().map_err(|e| format!("from: {}", e))?;
            if from == Format::Pretty {
                return Err("from `pretty`: pretty is output only".to_string());
            }
            conf.from = Some(from);
        }
        "cases" => conf.cases = value.parse()?,
        "format" => {
            let format: Format = value.parse().map_err(|_| {
                format!(
                    "format `{}`: expected spaced, digits, js, line, euler, pretty, walls or killer",
                    value
                )
            })?;
            conf.format = Some(format);
        }
        "box" => {
            let shape: Shape = value
                .parse()
                .map_err(|e: crate::board::shape::BoxParseError| {
                    e.to_string().replacen("--box", "box", 1)
                })?;
            conf.sizing.shape = Some(shape);
        }
        "symbols" => conf.sizing.symbols = Some(value.parse()?),
        "x" | "regions" | "cages" => {
            let variant = conf.variant.as_deref().cloned().unwrap_or_default();
            let layout = |what: &str| {
                variant::layout_shape(value, conf.sizing.shape)
                    .map_err(|e| format!("{}: the layout's cell marks: {}", what, e))
            };
            let variant = match key {
                "x" => variant.with_diagonals(yes_no(key, value)?),
                "regions" => variant
                    .with_regions(layout(key)?, value)
                    .map_err(|e| format!("regions: {}", e))?,
                _ => variant
                    .with_cages(layout(key)?, value)
                    .map_err(|e| format!("cages: {}", e))?,
            };
            conf.variant = (!variant.is_classic()).then(|| Arc::new(variant));
        }
        "blank" => {
            let blank = crate::format::blank_char(value).map_err(|e| format!("blank {}", e))?;
            conf.sizing.blank = Some(blank);
        }
        "separator" => {
            let separator = value.parse().map_err(|e| format!("separator {}", e))?;
            conf.sizing.separator = Some(separator);
        }
        "no_solution" => conf.no_solution = Some(value.to_string()),
        "many_solutions" => conf.many_solutions = Some(value.to_string()),
        "one_solution" => conf.one_solution = Some(value.to_string()),
        "illegal" => conf.illegal = Some(value.to_string()),
        "not_minimal" => conf.not_minimal = Some(value.to_string()),
        "header" => {
            if value.matches("{}").count() != 1 {
                return Err(format!(
                    "header `{}`: a line before each answer with {{}} for its number",
                    value
                ));
            }
            conf.header = Some(value.to_string());
        }
        "time_limit" => {
            conf.time_limit = Some(parse_seconds(value).map_err(|m| format!("time_limit {}", m))?)
        }
        "memory_limit" => conf.memory_limit = Some(parse_mib("memory_limit", value)?),
        "output_limit" => conf.output_limit = Some(parse_mib("output_limit", value)?),
        _ if conf.promise.set(key, value)? => {}
        _ => return Err(unknown_key(key)),
    }
    Ok(())
}

/// The message for a key `judge.conf` does not know.
fn unknown_key(key: &str) -> String {
    format!("unknown key `{}` (known: {})", key, KEYS.join(", "))
}

/// Parses a time limit in seconds (`1`, `0.3`, `2.5`): a finite number
/// greater than 0 and at most one day. The error reads `` `x`: ... ``.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{}`: expected a number of seconds", text))?;
    if !(secs > 0.0 && secs <= 86_400.0) {
        return Err(format!(
            "`{}`: expected more than 0 and at most 86400 seconds",
            text
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Parses a size in MiB (a whole number from 1 to 1,048,576) into bytes;
/// the error names `key`.
pub fn parse_mib(key: &str, text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(mib) if (1..=1 << 20).contains(&mib) => Ok(mib << 20),
        _ => Err(format!(
            "{} `{}`: expected a whole number of MiB from 1 to 1048576",
            key, text
        )),
    }
}

// --------------------------------------------------------------------- cases

/// One case of a problem folder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Case {
    /// The file name without `.in` (`sample-1`).
    pub name: String,
    /// `NAME.in`.
    pub input: PathBuf,
    /// `NAME.out`, when the folder has it.
    pub answer: Option<PathBuf>,
}

/// Where a problem folder keeps its cases: `dir/test/` when it exists (the
/// layout online-judge-tools expects: `oj t` reads `test/` by default), else
/// `dir` itself.
pub fn cases_dir(dir: &Path) -> PathBuf {
    let test = dir.join("test");
    if test.is_dir() {
        test
    } else {
        dir.to_path_buf()
    }
}

/// The cases of problem folder `dir` (in [`cases_dir`]): every `*.in`
/// file, with its `.out` when present, in natural order (`sample-2` before
/// `sample-10`). Errors: the folder cannot be read, or holds no `.in` file.
pub fn find_cases(dir: &Path) -> Result<Vec<Case>, String> {
    let dir = &cases_dir(dir);
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: {}", dir.display(), io_message(&e)))?;
    let mut cases = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {}", dir.display(), io_message(&e)))?;
        let path = entry.path();
        if !path.is_file() || path.extension().and_then(|e| e.to_str()) != Some("in") {
            continue;
        }
        let name = match path.file_stem().and_then(|s| s.to_str()) {
            Some(s) => s.to_string(),
            None => continue,
        };
        let out = path.with_extension("out");
        cases.push(Case {
            name,
            answer: out.is_file().then_some(out),
            input: path,
        });
    }
    if cases.is_empty() {
        return Err(format!("{}: no cases (no *.in file)", dir.display()));
    }
    cases.sort_by(|a, b| natural_cmp(&a.name, &b.name));
    Ok(cases)
}

/// Compares names with runs of digits ordered by value: `a2` < `a10`.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (ca, cb) = (chunks(a), chunks(b));
    for (&(da, x), &(db, y)) in ca.iter().zip(cb.iter()) {
        let ord = if da && db {
            let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            x.len().cmp(&y.len()).then_with(|| x.cmp(y))
        } else {
            x.cmp(y)
        };
        if ord != std::cmp::Ordering::Equal {
            return ord;
        }
    }
    ca.len().cmp(&cb.len()).then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conf_reads_every_key_with_comments_and_blank_lines() {
        let conf = parse_conf(
            "# BOJ 2239\nbinary = boj2239\n\nanswers = smallest  # the rule\ntime_limit = 0.5\n\
             format = digits\ncompile = rustc -O {source} -o {binary}\ncases = count\n\
             no_solution = NO SOLUTION\nmany_solutions = Non-unique\nmemory_limit = 256\n\
             output_limit = 64\n",
        )
        .unwrap();
        assert_eq!(
            conf.compile_line(Language::Rust),
            "rustc -O {source} -o {binary}"
        );
        assert_eq!(
            conf.compile_line(Language::Cpp),
            "g++ -O2 -std=c++17 {source} -o {binary}"
        );
        assert_eq!(conf.cases, Cases::Count);
        assert_eq!(conf.no_solution.as_deref(), Some("NO SOLUTION"));
        assert_eq!(conf.many_solutions.as_deref(), Some("Non-unique"));
        assert_eq!(conf.memory_limit, Some(256 << 20));
        assert_eq!(conf.output_limit, Some(64 << 20));
        assert_eq!(conf.binary.as_deref(), Some("boj2239"));
        assert_eq!(conf.answers, Answers::Smallest);
        assert_eq!(conf.time_limit, Some(Duration::from_millis(500)));
        assert_eq!(conf.format, Some(Format::Digits));
        assert_eq!(parse_conf("").unwrap(), Conf::default());
    }

    #[test]
    fn conf_mistakes_name_their_line() {
        let err = |text: &str| parse_conf(text).unwrap_err().to_string();
        assert_eq!(
            err("answers = any\ncolour = red\n"),
            "judge.conf line 2: unknown key `colour` (known: binary, compile, compile_c, \
             compile_cpp, compile_java, compile_python, answers, cases, box, symbols, blank, \
             separator, x, regions, cages, from, format, no_solution, many_solutions, \
             one_solution, illegal, not_minimal, header, time_limit, memory_limit, output_limit, \
             input, solutions, clashes, boards, sizes, blanks, solved_by)"
        );
        // `from`: INPUT's format, any readable one; a format that writes
        // its own regions or cages takes no layout beside it.
        let walls = parse_conf(
            "from = walls
answers = unique
",
        )
        .unwrap();
        assert_eq!(walls.from, Some(Format::Walls));
        assert_eq!(
            err("from = pretty
"),
            "judge.conf line 1: from `pretty`: pretty is output only"
        );
        assert!(err("from = html
")
        .starts_with("judge.conf line 1: from: unknown format `html`"));
        assert_eq!(
            err("x = yes
from = killer
"),
            "judge.conf line 2: from killer: each board gives its own cages; x, regions and \
             cages do not combine with it"
        );
        assert_eq!(
            err("box = 3y2\n"),
            "judge.conf line 1: box `3y2` is not RxC (box rows x box columns, e.g. 3x2)"
        );
        let six = parse_conf("box = 3x2\nsymbols = letters\n").unwrap();
        assert_eq!(six.sizing.shape, Shape::new(3, 2).ok());
        let hdu = parse_conf("blank = ?\n").unwrap();
        assert_eq!(hdu.sizing.blank, Some('?'));
        assert!(err("blank = ??\n").starts_with("judge.conf line 1: blank `??`: expected one"));
        assert!(err("blank = ;\n").starts_with("judge.conf line 1: blank `;`"));
        assert!(err("blank = a\n").starts_with("judge.conf line 1: blank `a`"));
        assert!(err("blank = .\n").starts_with("judge.conf line 1: blank `.`"));
        let hdu = parse_conf("header = \"Case #{}:\"  # HDU 5547\n").unwrap();
        assert_eq!(hdu.header.as_deref(), Some("Case #{}:"));
        assert_eq!(
            err("header = Case #{}:\n"),
            "judge.conf line 1: header `Case`: a line before each answer with {} for its number"
        );
        assert_eq!(
            err("header = \"Case #{}:\n"),
            "judge.conf line 1: `header`: the quoted value has no closing \""
        );
        assert_eq!(
            err("header = \"Case\" x\n"),
            "judge.conf line 1: `header`: text after the quoted value: `x`"
        );
        let hdu = parse_conf("separator = ---\n").unwrap();
        assert_eq!(
            hdu.sizing.separator.map(|s| s.to_string()),
            Some("---".into())
        );
        assert!(err("separator = 123\n").starts_with("judge.conf line 1: separator `123`"));
        assert_eq!(
            err("answers = some\n"),
            "judge.conf line 1: answers `some`: expected exact, any, smallest, unique, count or \
             classify"
        );
        assert_eq!(
            err("cases = two\n"),
            "judge.conf line 1: cases `two`: expected auto, one, count, end, eof or size"
        );
        assert!(err("compile = rustc main.rs\n").contains("{source} and {binary}"));
        assert!(err("memory_limit = 0\n").starts_with("judge.conf line 1: memory_limit `0`"));
        assert!(err("output_limit = 1.5\n").starts_with("judge.conf line 1: output_limit `1.5`"));
        assert_eq!(
            err("\ntime_limit = fast\n"),
            "judge.conf line 2: time_limit `fast`: expected a number of seconds"
        );
        assert_eq!(
            err("time_limit = -1\n"),
            "judge.conf line 1: time_limit `-1`: expected more than 0 and at most 86400 seconds"
        );
        assert_eq!(
            parse_conf("format = pretty\n").unwrap().format,
            Some(Format::Pretty)
        );
        assert!(err("format = png\n").starts_with("judge.conf line 1: format `png`"));
        assert_eq!(
            err("answers = any\nanswers = exact\n"),
            "judge.conf line 2: `answers` is set twice"
        );
        assert_eq!(
            err("answers\n"),
            "judge.conf line 1: expected `key = value`, got `answers`"
        );
        assert_eq!(
            err("binary =\n"),
            "judge.conf line 1: `binary` has no value"
        );
        assert!(err("binary = ../evil\n").starts_with("judge.conf line 1: binary `../evil`"));
    }

    #[test]
    fn seconds_parse_and_reject_nonsense() {
        assert_eq!(parse_seconds("1"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_seconds("0.3"), Ok(Duration::from_millis(300)));
        for bad in ["0", "-2", "NaN", "inf", "1e9", "", "1s"] {
            assert!(parse_seconds(bad).is_err(), "{}", bad);
        }
    }

    #[test]
    fn natural_order_puts_2_before_10() {
        let mut names = vec!["sample-10", "sample-2", "17clue", "sample-1", "all-zero"];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            names,
            ["17clue", "all-zero", "sample-1", "sample-2", "sample-10"]
        );
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sudoku-kit-judge-{}-{}", tag, std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn cases_are_every_in_file_with_its_out_in_natural_order() {
        let dir = temp_dir("cases");
        for name in [
            "b-10.in",
            "b-10.out",
            "b-2.in",
            "a.in",
            "notes.txt",
            "c.out",
        ] {
            std::fs::write(dir.join(name), "x").unwrap();
        }
        let cases = find_cases(&dir).unwrap();
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b-2", "b-10"]);
        assert_eq!(cases[2].answer, Some(dir.join("b-10.out")));
        assert_eq!(cases[1].answer, None);
        let empty = temp_dir("empty");
        assert!(find_cases(&empty)
            .unwrap_err()
            .ends_with("no cases (no *.in file)"));
        assert!(find_cases(&empty.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&empty);
    }
}
