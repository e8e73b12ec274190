//! The judge's output: a table of one row per case as cases end (colored
//! on a terminal), or one JSON document at the end.

use super::super::Out;
use super::Problem;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;
use sudoku_kit::judge::{self, Conf, Execution, Limits, Status};

/// ANSI color of a verdict code.
pub(super) fn color_of(code: &str) -> &'static str {
    match code {
        "AC" => "\x1b[32m",
        "TLE" | "MLE" | "OLE" => "\x1b[33m",
        "RE" => "\x1b[35m",
        _ => "\x1b[31m",
    }
}

/// True when rows may be colored: stdout is a terminal and `NO_COLOR` is
/// not set (to anything, even empty).
pub(super) fn use_color() -> bool {
    color_wanted(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR").is_some(),
    )
}

/// The color rule, apart from the environment: only on a terminal, never
/// with `NO_COLOR`.
fn color_wanted(terminal: bool, no_color: bool) -> bool {
    terminal && !no_color
}

/// The result of one case: its verdict and what its run measured (not
/// what it printed: the judge keeps one output at a time).
pub(super) struct CaseResult {
    name: String,
    outcome: Status,
    wall: Duration,
    cpu: Option<Duration>,
    max_rss_kb: Option<u64>,
    leftovers: usize,
    sandboxed: bool,
}

/// How a row says whether its run was sandboxed.
pub(super) fn confinement(sandboxed: bool) -> &'static str {
    if sandboxed {
        "sandboxed"
    } else {
        "bare"
    }
}

impl CaseResult {
    pub(super) fn new(name: &str, outcome: Status, run: &Execution) -> CaseResult {
        CaseResult {
            name: name.to_string(),
            outcome,
            wall: run.wall,
            cpu: run.cpu,
            max_rss_kb: run.max_rss_kb,
            leftovers: run.leftovers,
            sandboxed: run.sandboxed,
        }
    }
}

/// What happened to a source file before the cases.
pub(super) struct CompileReport {
    pub(super) command: String,
    pub(super) time: Duration,
    /// CE: the compiler's first error lines.
    pub(super) error: Option<String>,
}

/// The judge's output as it goes: a table (rows printed as cases end), or
/// one JSON document at the end.
pub(super) struct Scoreboard<'a> {
    pub(super) out: Out,
    json: bool,
    color: bool,
    dir: &'a Path,
    conf: &'a Conf,
    limits: &'a Limits,
    total: usize,
    width: usize,
    compile: Option<CompileReport>,
    results: Vec<CaseResult>,
}

impl<'a> Scoreboard<'a> {
    pub(super) fn new(problem: &'a Problem, json: bool) -> Scoreboard<'a> {
        let cases = &problem.cases;
        Scoreboard {
            out: Out::new(),
            json,
            color: !json && use_color(),
            dir: &problem.dir,
            conf: &problem.conf,
            limits: &problem.limits,
            total: cases.len(),
            width: cases
                .iter()
                .map(|c| c.name.chars().count())
                .max()
                .unwrap_or(0),
            compile: None,
            results: Vec::new(),
        }
    }

    /// `DIR: 5 cases, answers = exact, time limit 2 s, memory limit 256
    /// MiB, output limit 8 MiB`.
    pub(super) fn header(&mut self) {
        if self.json {
            return;
        }
        let memory = self
            .limits
            .memory
            .map_or("none".to_string(), judge::limits::mib);
        self.out.put(&format!(
            "{}: {} case{}, answers = {}, time limit {}, memory limit {}, output limit {}\n",
            self.dir.display(),
            self.total,
            if self.total == 1 { "" } else { "s" },
            self.conf.answers.name(),
            judge::limits::seconds(self.limits.time),
            memory,
            judge::limits::mib(self.limits.output)
        ));
    }

    /// The verdict code, colored when wanted, padded to 3.
    fn code(&self, code: &str) -> String {
        if self.color {
            format!("{}{:<3}\x1b[0m", color_of(code), code)
        } else {
            format!("{:<3}", code)
        }
    }

    pub(super) fn compiled(&mut self, compile: CompileReport) {
        if !self.json {
            let line = match &compile.error {
                Some(error) => format!(
                    "compile: {} in {} ms ({})\n{}\n",
                    self.code("CE").trim_end(),
                    compile.time.as_millis(),
                    compile.command,
                    indent(error)
                ),
                None => format!(
                    "compile: OK in {} ms ({})\n",
                    compile.time.as_millis(),
                    compile.command
                ),
            };
            self.out.put(&line);
        }
        self.compile = Some(compile);
    }

    pub(super) fn case(&mut self, result: CaseResult) {
        if !self.json {
            let run = &result;
            let memory = run
                .max_rss_kb
                .map_or("-".to_string(), |kb| format!("{:.1}", kb as f64 / 1024.0));
            let mut text = format!(
                "{:<width$}  {}  {:>6} ms  {:>7} MB  {}\n",
                result.name,
                self.code(result.outcome.code()),
                result.wall.as_millis(),
                memory,
                confinement(result.sandboxed),
                width = self.width
            );
            if let Some(detail) = result.outcome.detail() {
                text.push_str(&indent(detail));
                text.push('\n');
            }
            if run.leftovers > 0 {
                text.push_str(&format!(
                    "    note: {} process{} it left behind killed\n",
                    run.leftovers,
                    if run.leftovers == 1 { "" } else { "es" }
                ));
            }
            self.out.put(&text);
        }
        self.results.push(result);
    }

    /// The final verdict: CE, or the first failing case's, or AC.
    fn verdict(&self) -> (String, Option<&str>) {
        if self.compile.as_ref().is_some_and(|c| c.error.is_some()) {
            return ("CE".to_string(), None);
        }
        match self.results.iter().find(|r| r.outcome != Status::Accepted) {
            Some(r) => (r.outcome.code().to_string(), Some(&r.name)),
            None => ("AC".to_string(), None),
        }
    }

    /// Prints the end (the verdict and `N/M passed`, or the JSON
    /// document); returns the exit code.
    pub(super) fn finish(mut self, program: &str) -> i32 {
        let passed = self
            .results
            .iter()
            .filter(|r| r.outcome == Status::Accepted)
            .count();
        let (verdict, first) = self.verdict();
        if self.json {
            let doc = self.json_document(program, &verdict, passed);
            self.out.put(&doc);
        } else {
            let on = first.map_or(String::new(), |name| format!(" on {}", name));
            let verdict = format!("verdict: {}{}\n", self.code(&verdict).trim_end(), on);
            self.out.put(&verdict);
            self.out.put(&format!("{}/{} passed\n", passed, self.total));
        }
        self.out.flush();
        if verdict == "AC" {
            0
        } else {
            1
        }
    }

    fn json_document(&self, program: &str, verdict: &str, passed: usize) -> String {
        let ms = |d: Duration| d.as_millis().to_string();
        let compile = match &self.compile {
            None => "null".to_string(),
            Some(c) => format!(
                "{{\"command\": {}, \"verdict\": {}, \"time_ms\": {}, \"reason\": {}}}",
                json_str(&c.command),
                json_str(if c.error.is_some() { "CE" } else { "OK" }),
                ms(c.time),
                c.error.as_deref().map_or("null".to_string(), json_str)
            ),
        };
        let cases: Vec<String> = self
            .results
            .iter()
            .map(|r| {
                format!(
                    "    {{\"name\": {}, \"verdict\": {}, \"time_ms\": {}, \"cpu_ms\": {}, \
                     \"memory_kb\": {}, \"reason\": {}, \"leftovers\": {}, \"sandboxed\": {}}}",
                    json_str(&r.name),
                    json_str(r.outcome.code()),
                    ms(r.wall),
                    r.cpu.map_or("null".to_string(), ms),
                    json_opt(r.max_rss_kb),
                    r.outcome.detail().map_or("null".to_string(), json_str),
                    r.leftovers,
                    r.sandboxed
                )
            })
            .collect();
        let cases = if cases.is_empty() {
            "[]".to_string()
        } else {
            format!("[\n{}\n  ]", cases.join(",\n"))
        };
        format!(
            "{{\n  \"problem\": {},\n  \"program\": {},\n  \"answers\": {},\n  \
             \"limits\": {{\"time_ms\": {}, \"memory_kb\": {}, \"output_kb\": {}}},\n  \
             \"compile\": {},\n  \"cases\": {},\n  \"verdict\": {},\n  \"passed\": {},\n  \
             \"total\": {},\n  \"judge_peak_kb\": {}\n}}\n",
            json_str(&self.dir.display().to_string()),
            json_str(program),
            json_str(self.conf.answers.name()),
            ms(self.limits.time),
            json_opt(self.limits.memory.map(|b| b / 1024)),
            self.limits.output / 1024,
            compile,
            cases,
            json_str(verdict),
            passed,
            self.total,
            json_opt(own_peak_kb())
        )
    }
}

/// Each line of `text` indented by four spaces.
pub(super) fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {}", l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` as a JSON string literal.
pub(crate) fn json_str(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\r' => s.push_str("\\r"),
            '\t' => s.push_str("\\t"),
            c if (c as u32) < 0x20 => s.push_str(&format!("\\u{:04x}", c as u32)),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// A number, or `null`.
pub(super) fn json_opt(n: Option<u64>) -> String {
    n.map_or("null".to_string(), |n| n.to_string())
}

/// This process's own peak resident memory in KB (`VmHWM` of
/// `/proc/self/status`), where the system tells it.
pub(super) fn own_peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_only_on_a_terminal_and_never_with_no_color() {
        assert!(color_wanted(true, false));
        assert!(!color_wanted(true, true));
        assert!(!color_wanted(false, false));
        assert!(!color_wanted(false, true));
    }

    #[test]
    fn every_verdict_has_a_color() {
        for code in ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RE", "CE", "JF"] {
            assert!(color_of(code).starts_with("\x1b["));
        }
        assert_ne!(color_of("AC"), color_of("WA"));
    }

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(json_str("a\"b\\c\nd\u{1}é"), "\"a\\\"b\\\\c\\nd\\u0001é\"");
        assert_eq!(json_opt(None), "null");
        assert_eq!(json_opt(Some(7)), "7");
        assert_eq!(indent("a\nb"), "    a\n    b");
    }

    #[test]
    fn the_judge_knows_its_own_peak_memory_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(own_peak_kb().is_some_and(|kb| kb > 0));
        }
    }
}
