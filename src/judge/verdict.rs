//! Judging a run: the verdict (AC, WA, PE, TLE, MLE, OLE, RE, JF) from
//! what the program did and what the special judge says of its output.

use crate::judge::checker::{self, Rule, Verdict};
use crate::judge::compile::nonblank_lines;
use crate::judge::limits::{mib, seconds, Limits};
use crate::judge::run::{run_program, Execution, Exit, Stdin, SIGXCPU};
use std::io;

/// The verdict of one run on one case.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Status {
    /// AC: accepted.
    Accepted,
    /// WA, with what differs (exact: the first differing line).
    WrongAnswer(String),
    /// PE: right content, wrong layout (or an unreadable output).
    PresentationError(String),
    /// TLE: killed at the time limit, or used more CPU or wall time.
    TimeLimit(String),
    /// MLE: past the memory limit, or failed for want of memory.
    MemoryLimit(String),
    /// OLE: more output than the output limit.
    OutputLimit(String),
    /// RE: a non-zero exit status or a signal, with the end of stderr.
    RuntimeError(String),
    /// JF: the case itself is broken (bad input, an answer that does not
    /// solve it); not the program's fault.
    JudgeFailure(String),
}

impl Status {
    /// The short code shown in a row: `AC`, `WA`, `PE`, `TLE`, `MLE`,
    /// `OLE`, `RE`, `JF`.
    pub fn code(&self) -> &'static str {
        match self {
            Status::Accepted => "AC",
            Status::WrongAnswer(_) => "WA",
            Status::PresentationError(_) => "PE",
            Status::TimeLimit(_) => "TLE",
            Status::MemoryLimit(_) => "MLE",
            Status::OutputLimit(_) => "OLE",
            Status::RuntimeError(_) => "RE",
            Status::JudgeFailure(_) => "JF",
        }
    }

    /// The explanation, if the verdict has one.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Status::WrongAnswer(s)
            | Status::PresentationError(s)
            | Status::TimeLimit(s)
            | Status::MemoryLimit(s)
            | Status::OutputLimit(s)
            | Status::RuntimeError(s)
            | Status::JudgeFailure(s) => Some(s),
            Status::Accepted => None,
        }
    }

    /// The outcome of a checker verdict.
    pub fn from_verdict(v: Verdict) -> Status {
        match v {
            Verdict::Accepted => Status::Accepted,
            Verdict::WrongAnswer(s) => Status::WrongAnswer(s),
            Verdict::PresentationError(s) => Status::PresentationError(s),
            Verdict::JudgeFailure(s) => Status::JudgeFailure(s),
        }
    }
}

/// The last `lines` non-empty lines of a program's stderr, joined with
/// ` | `, at most 300 characters (the end kept); lossy UTF-8.
pub fn stderr_excerpt(tail: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(tail);
    let kept = nonblank_lines(&text);
    let joined = kept[kept.len().saturating_sub(lines)..].join(" | ");
    let chars: Vec<char> = joined.chars().collect();
    if chars.len() > 300 {
        let tail: String = chars[chars.len() - 300..].iter().collect();
        format!("...{}", tail)
    } else {
        joined
    }
}

/// What runtimes print when an allocation fails: Rust (`memory allocation
/// of N bytes failed`), C++ (`std::bad_alloc`), Python, Java, Go, the C
/// library's ENOMEM message, shells and awk.
const ALLOCATION_FAILURES: [&str; 8] = [
    "memory allocation of ",
    "bad_alloc",
    "MemoryError",
    "OutOfMemoryError",
    "out of memory",
    "Out of memory",
    "Cannot allocate memory",
    "memory exhausted",
];

/// `2.1 MB` (a measured size).
pub(crate) fn mb(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

/// Why `run` is MLE under a memory limit of `limit` bytes, if it is: its
/// peak resident memory passed the limit; or it ended badly (a non-zero
/// exit or a signal) and either its stderr shows an allocation failure (an
/// allocation the limit refused) or its peak was within 10% of the limit.
pub fn memory_exceeded(run: &Execution, limit: Option<u64>) -> Option<String> {
    let limit = limit?;
    let peak_kb = run.max_rss_kb.unwrap_or(0);
    let peak = mb(peak_kb);
    if peak_kb * 1024 > limit {
        return Some(format!(
            "peak memory {} over the limit of {}",
            peak,
            mib(limit)
        ));
    }
    if run.exit == Exit::Code(0) {
        return None;
    }
    let stderr = [&run.stderr_head[..], &run.stderr_tail[..]].concat();
    let text = String::from_utf8_lossy(&stderr);
    if let Some(line) = text
        .lines()
        .find(|l| ALLOCATION_FAILURES.iter().any(|p| l.contains(p)))
    {
        return Some(format!(
            "an allocation failed under the memory limit of {} ({}; peak {}): {}",
            mib(limit),
            run.exit,
            peak,
            stderr_excerpt(line.as_bytes(), 1)
        ));
    }
    (peak_kb * 1024 >= limit / 10 * 9).then(|| {
        format!(
            "{} at a peak of {}, near the memory limit of {}",
            run.exit,
            peak,
            mib(limit)
        )
    })
}

/// How far a rerun raises the memory limit to tell a failure for want of
/// memory from any other ([`failed_for_memory`]): 16 times the limit, at
/// least 4 GiB.
const RERUN_MEMORY_FACTOR: u64 = 16;
const RERUN_MEMORY_FLOOR: u64 = 4 << 30;

/// Why a run that ended badly (RE) under a memory limit failed for want
/// of memory, if it did, however the program showed it: a `malloc` that
/// returned NULL and a silent exit, an allocator's abort, a crash on a
/// failed `mmap`. The limit (`RLIMIT_DATA`) makes an allocation fail
/// without a trace the judge can see, so the case is run once more with
/// the limit raised (`RERUN_MEMORY_FACTOR` times, at least
/// `RERUN_MEMORY_FLOOR`): when that run ends well, or its peak passes
/// the limit, the first one failed for the memory the limit refused
/// (MLE). A run that fails again the same way stays RE. Costs one more
/// run, for failed runs only.
pub fn failed_for_memory(
    program: &str,
    input: Stdin,
    limits: &Limits,
) -> io::Result<Option<String>> {
    let Some(limit) = limits.memory else {
        return Ok(None);
    };
    let raised = limit
        .saturating_mul(RERUN_MEMORY_FACTOR)
        .max(RERUN_MEMORY_FLOOR);
    let again = run_program(
        program,
        input,
        &Limits {
            memory: Some(raised),
            ..*limits
        },
    )?;
    let peak_kb = again.max_rss_kb.unwrap_or(0);
    let ended_well = again.exit == Exit::Code(0) && !again.timed_out && !again.output_exceeded;
    let why = if peak_kb * 1024 > limit {
        format!("peaked at {}", mb(peak_kb))
    } else if ended_well {
        "ran to its end".to_string()
    } else {
        return refused_when_traced(program, input, limits);
    };
    Ok(Some(format!(
        "an allocation failed under the memory limit of {}: with {} the same case {}",
        mib(limit),
        mib(raised),
        why
    )))
}

/// The tracer that shows the judge an allocation the kernel refused.
const TRACER: &str = "strace";

/// Why a run failed for want of memory, seen by tracing it, when raising
/// the limit did not tell (an allocation larger than the raised limit
/// fails again): the case runs once more under `strace`, which prints the
/// memory calls (`mmap`, `mremap`, `brk`) the kernel refused. A refused
/// call (`= -1 ENOMEM`) under the memory limit is an allocation the limit
/// refused, however large. `None` when `strace` is not installed (the run
/// stays RE) or no memory call failed. Costs one more run, for failed runs
/// the raised limit did not explain only.
fn refused_when_traced(program: &str, input: Stdin, limits: &Limits) -> io::Result<Option<String>> {
    let Some(limit) = limits.memory else {
        return Ok(None);
    };
    let installed = std::process::Command::new(TRACER)
        .arg("-V")
        .output()
        .is_ok_and(|out| out.status.success());
    if !installed {
        return Ok(None);
    }
    // A program file is quoted for the shell; a command line goes as it is.
    let target = if std::path::Path::new(program).is_file() {
        format!("'{}'", program.replace('\'', "'\\''"))
    } else {
        program.to_string()
    };
    let traced = format!(
        "{} -f -qq -e trace=mmap,mremap,brk -e status=failed -- {}",
        TRACER, target
    );
    let run = run_program(&traced, input, limits)?;
    let stderr = [&run.stderr_head[..], &run.stderr_tail[..]].concat();
    let text = String::from_utf8_lossy(&stderr);
    let refused = text.lines().find(|l| {
        l.contains("= -1 ENOMEM") && ["mmap", "mremap", "brk"].iter().any(|c| l.contains(c))
    });
    Ok(refused.map(|line| {
        // `mmap(NULL, 4294971392, ...) = -1 ENOMEM`: the call and its size.
        let call: String = line
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '[')
            .chars()
            .take(40)
            .collect();
        format!(
            "an allocation failed under the memory limit of {}: the kernel refused `{}...`",
            mib(limit),
            call
        )
    }))
}

/// Judges `run` of a program on one case, first matching rule first:
/// OLE when it was stopped past the output limit (or a file write passed
/// it: SIGXFSZ); TLE when it was killed at the time limit or used more
/// wall or CPU time; MLE ([`memory_exceeded`]); RE on a non-zero exit or a
/// signal; otherwise the checker judges its output under `rule`
/// ([`checker::check`]), with `expected` as the jury's ANSWER when given
/// (`exact` without `expected` is a judge failure).
pub fn judge_run(
    rule: &Rule,
    input: &[u8],
    expected: Option<&[u8]>,
    run: &Execution,
    limits: &Limits,
) -> Status {
    if run.output_exceeded {
        return Status::OutputLimit(format!("more than {} on stdout", mib(limits.output)));
    }
    if run.exit == Exit::Signal(25) {
        return Status::OutputLimit(format!(
            "a file written past the output limit of {} (SIGXFSZ)",
            mib(limits.output)
        ));
    }
    if run.timed_out {
        return Status::TimeLimit(format!(
            "killed at the time limit of {}",
            seconds(limits.time)
        ));
    }
    let cpu = run.cpu.unwrap_or_default();
    if cpu > limits.time || run.exit == Exit::Signal(SIGXCPU) {
        return Status::TimeLimit(format!(
            "{:.3} s of CPU time, over the time limit of {}",
            cpu.as_secs_f64(),
            seconds(limits.time)
        ));
    }
    if run.wall > limits.time {
        return Status::TimeLimit(format!(
            "{} ms of wall time, over the time limit of {}",
            run.wall.as_millis(),
            seconds(limits.time)
        ));
    }
    if let Some(why) = memory_exceeded(run, limits.memory) {
        return Status::MemoryLimit(why);
    }
    if run.exit != Exit::Code(0) {
        let err = stderr_excerpt(&run.stderr_tail, 3);
        return Status::RuntimeError(if err.is_empty() {
            format!("{}, nothing on stderr", run.exit)
        } else {
            format!("{}; stderr: {}", run.exit, err)
        });
    }
    Status::from_verdict(checker::check(rule, input, &run.stdout, expected))
}
