//! `sudoku judge --submissions DIR` (or several PROGRAMs): every submission
//! built and judged on every case, one row per submission (verdict,
//! passed/total, worst time, peak memory, the first failing case), or one
//! JSON document.
//!
//! Builds, then cases, run in parallel on every core, each run under the
//! same limits as alone. The time limit is CPU time and wall time, as
//! alone; with no more runs at once than cores, a run has a core to itself,
//! but other work on the machine still shares it: a case that is TLE on
//! wall time alone (its CPU time within the limit) while other runs were
//! going is run again once the rest is done, by itself, and that run
//! counts. So no verdict depends on the parallelism.

use super::scoreboard::{color_of, confinement, indent, json_opt, json_str, use_color};
use super::scoreboard::{own_peak_kb, Scoreboard};
use super::{failed, judge_case, prepare, CaseError, Problem, Ready};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use sudoku_kit::judge::compile::Language;
use sudoku_kit::judge::{Execution, Status};

/// The source files in `dir` (a [`Language`]'s extension), by name.
pub(super) fn sources_in(dir: &Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {}", dir.display(), sudoku_kit::format::io_message(&e)))?;
    let mut found: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && Language::of(p).is_some())
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    found.sort();
    Ok(found)
}

/// `work(0..count)` on up to `jobs` threads; the results in order.
fn in_parallel<T: Send>(count: usize, jobs: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let result = work(i);
                slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|slot| slot.expect("every item was worked on"))
        .collect()
}

/// One case's verdict and what its run measured.
struct Judged {
    outcome: Status,
    wall: Duration,
    max_rss_kb: Option<u64>,
    sandboxed: bool,
}

impl Judged {
    fn new((outcome, run): (Status, Execution)) -> Judged {
        Judged {
            outcome,
            wall: run.wall,
            max_rss_kb: run.max_rss_kb,
            sandboxed: run.sandboxed,
        }
    }
}

/// True when `status` is TLE on wall time alone: the run's CPU time was
/// within `limit` (what other runs at the same time can cause).
fn wall_only(status: &Status, run: &Execution, limit: Duration) -> bool {
    matches!(status, Status::TimeLimit(_))
        && run.cpu.is_some_and(|cpu| cpu <= limit)
        && run.exit != sudoku_kit::judge::run::Exit::Signal(24)
}

/// One submission's row.
struct Row<'a> {
    program: &'a str,
    ready: Ready,
    cases: Vec<Judged>,
}

impl Row<'_> {
    /// The verdict (CE, the first failing case's, or AC) and that case.
    fn verdict<'p>(&self, problem: &'p Problem) -> (&'static str, Option<(&'p str, &Status)>) {
        if self
            .ready
            .compile
            .as_ref()
            .is_some_and(|c| c.error.is_some())
        {
            return ("CE", None);
        }
        let failing = self
            .cases
            .iter()
            .zip(&problem.cases)
            .find(|(j, _)| j.outcome != Status::Accepted);
        match failing {
            Some((j, case)) => (j.outcome.code(), Some((case.name.as_str(), &j.outcome))),
            None => ("AC", None),
        }
    }

    fn passed(&self) -> usize {
        self.cases
            .iter()
            .filter(|j| j.outcome == Status::Accepted)
            .count()
    }

    fn worst(&self) -> Option<Duration> {
        self.cases.iter().map(|j| j.wall).max()
    }

    fn peak_kb(&self) -> Option<u64> {
        self.cases.iter().filter_map(|j| j.max_rss_kb).max()
    }

    fn sandboxed(&self) -> bool {
        if self.cases.is_empty() {
            sudoku_kit::judge::run::sandboxed()
        } else {
            self.cases.iter().all(|j| j.sandboxed)
        }
    }

    /// What a failing row says under it: the compiler's first error, or
    /// the first failing case's reason.
    fn reason(&self, problem: &Problem) -> Option<String> {
        if let Some(error) = self.ready.compile.as_ref().and_then(|c| c.error.clone()) {
            return Some(error);
        }
        let (_, failing) = self.verdict(problem);
        failing.and_then(|(_, status)| status.detail().map(str::to_string))
    }
}

/// Judges every program on every case of `problem`; prints the table (or
/// the JSON document) and returns the exit code: 0 when every submission
/// is AC, 1 otherwise, 2 (130 when interrupted) when the judge stops.
pub(super) fn judge_all(
    programs: &[String],
    compile_option: Option<&str>,
    problem: &Problem,
    json: bool,
) -> i32 {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let built = in_parallel(programs.len(), jobs, |i| {
        prepare(&programs[i], compile_option, problem)
    });
    let mut rows = Vec::new();
    for (program, ready) in programs.iter().zip(built) {
        match ready {
            Ok(ready) => rows.push(Row {
                program,
                ready,
                cases: Vec::new(),
            }),
            Err(e) => return failed(&format!("cannot build {}", program), &e),
        }
    }
    // Every case of every built submission, in parallel.
    let tasks: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.ready.compile.as_ref().is_none_or(|c| c.error.is_none()))
        .flat_map(|(r, _)| (0..problem.cases.len()).map(move |c| (r, c)))
        .collect();
    let results = in_parallel(tasks.len(), jobs, |t| {
        let (r, c) = tasks[t];
        judge_case(&rows[r].ready.runnable, &problem.cases[c], problem)
    });
    let mut judged = Vec::with_capacity(results.len());
    for (&(r, c), result) in tasks.iter().zip(results) {
        let (status, run) = match result {
            Ok(done) => done,
            Err(CaseError::Run(e)) => {
                return failed(&format!("cannot run `{}`", rows[r].program), &e)
            }
            Err(CaseError::Folder(e)) => {
                eprintln!("sudoku judge: {}", e);
                return 2;
            }
        };
        let again = jobs > 1 && wall_only(&status, &run, problem.limits.time);
        judged.push((r, c, again, (status, run)));
    }
    // Wall-time TLE under parallel load: once more, alone.
    for (r, c, again, done) in judged.iter_mut() {
        if *again {
            match judge_case(&rows[*r].ready.runnable, &problem.cases[*c], problem) {
                Ok(alone) => *done = alone,
                Err(CaseError::Run(e)) => {
                    return failed(&format!("cannot run `{}`", rows[*r].program), &e)
                }
                Err(CaseError::Folder(e)) => {
                    eprintln!("sudoku judge: {}", e);
                    return 2;
                }
            }
        }
    }
    for (r, _, _, done) in judged {
        rows[r].cases.push(Judged::new(done));
    }
    let mut board = Scoreboard::new(problem, json);
    let everyone = rows.iter().all(|row| row.verdict(problem).0 == "AC");
    if json {
        let doc = document(&rows, problem);
        board.out.put(&doc);
    } else {
        board.header();
        let table = table(&rows, problem, use_color());
        board.out.put(&table);
    }
    board.out.flush();
    if everyone {
        0
    } else {
        1
    }
}

/// The table: a header line, one row per submission (its reason indented
/// under a failing one), and the count of AC.
fn table(rows: &[Row], problem: &Problem, color: bool) -> String {
    let width = rows
        .iter()
        .map(|r| r.program.chars().count())
        .chain(std::iter::once("submission".len()))
        .max()
        .unwrap_or(0);
    let case_width = problem
        .cases
        .iter()
        .map(|c| c.name.chars().count())
        .chain(std::iter::once("first failing".len()))
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "{:<width$}  verdict  passed  worst ms  peak MB  {:<case_width$}  runs\n",
        "submission",
        "first failing",
        width = width,
        case_width = case_width
    );
    let total = problem.cases.len();
    for row in rows {
        let (code, failing) = row.verdict(problem);
        let painted = if color {
            format!("{}{:<7}\x1b[0m", color_of(code), code)
        } else {
            format!("{:<7}", code)
        };
        let worst = row
            .worst()
            .map_or("-".to_string(), |d| d.as_millis().to_string());
        let peak = row
            .peak_kb()
            .map_or("-".to_string(), |kb| format!("{:.1}", kb as f64 / 1024.0));
        text.push_str(&format!(
            "{:<width$}  {}  {:>6}  {:>8}  {:>7}  {:<case_width$}  {}\n",
            row.program,
            painted,
            format!("{}/{}", row.passed(), total),
            worst,
            peak,
            failing.map_or("-", |(name, _)| name),
            confinement(row.sandboxed()),
            width = width,
            case_width = case_width
        ));
        if let Some(reason) = row.reason(problem) {
            text.push_str(&indent(&reason));
            text.push('\n');
        }
    }
    let accepted = rows.iter().filter(|r| r.verdict(problem).0 == "AC").count();
    text.push_str(&format!("{}/{} submissions AC\n", accepted, rows.len()));
    text
}

/// The JSON document: the problem and its limits, one object per
/// submission, the counts.
fn document(rows: &[Row], problem: &Problem) -> String {
    let ms = |d: Duration| d.as_millis().to_string();
    let limits = &problem.limits;
    let items: Vec<String> = rows
        .iter()
        .map(|row| {
            let (code, failing) = row.verdict(problem);
            let compile = match &row.ready.compile {
                None => "null".to_string(),
                Some(c) => format!(
                    "{{\"command\": {}, \"verdict\": {}, \"time_ms\": {}}}",
                    json_str(&c.command),
                    json_str(if c.error.is_some() { "CE" } else { "OK" }),
                    ms(c.time)
                ),
            };
            format!(
                "    {{\"program\": {}, \"verdict\": {}, \"passed\": {}, \"total\": {}, \
                 \"worst_ms\": {}, \"peak_kb\": {}, \"first_failing\": {}, \"reason\": {}, \
                 \"compile\": {}, \"sandboxed\": {}}}",
                json_str(row.program),
                json_str(code),
                row.passed(),
                problem.cases.len(),
                row.worst().map_or("null".to_string(), ms),
                json_opt(row.peak_kb()),
                failing.map_or("null".to_string(), |(name, _)| json_str(name)),
                row.reason(problem)
                    .map_or("null".to_string(), |r| json_str(&r)),
                compile,
                row.sandboxed()
            )
        })
        .collect();
    let accepted = rows.iter().filter(|r| r.verdict(problem).0 == "AC").count();
    format!(
        "{{\n  \"problem\": {},\n  \"answers\": {},\n  \
         \"limits\": {{\"time_ms\": {}, \"memory_kb\": {}, \"output_kb\": {}}},\n  \
         \"submissions\": [\n{}\n  ],\n  \"accepted\": {},\n  \"total\": {},\n  \
         \"judge_peak_kb\": {}\n}}\n",
        json_str(&problem.dir.display().to_string()),
        json_str(problem.conf.answers.name()),
        ms(limits.time),
        json_opt(limits.memory.map(|b| b / 1024)),
        limits.output / 1024,
        items.join(",\n"),
        accepted,
        rows.len(),
        json_opt(own_peak_kb())
    )
}
