//! The limits of one run: time, memory and output, with the defaults a
//! judge uses when `judge.conf` gives none, and how they are written.

use std::time::Duration;

/// The time limit when neither `--time-limit` nor `judge.conf` gives one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// The memory limit when neither `--memory-limit` nor `judge.conf` gives
/// one: 256 MiB, the usual judge's.
pub const DEFAULT_MEMORY_LIMIT: u64 = 256 << 20;

/// The output limit when neither `--output-limit` nor `judge.conf` gives
/// one: 8 MiB (Kattis' default). The judge holds at most this much of a
/// program's stdout.
pub const DEFAULT_OUTPUT_LIMIT: u64 = 8 << 20;

/// This much of the start and of the end of a program's stderr is kept.
pub const STDERR_KEEP: usize = 4096;

/// How long the pipes are still read once the program has exited, when a
/// process it started keeps them open.
pub const DRAIN: Duration = Duration::from_millis(50);

/// How many processes and threads a sandboxed run may have at once (its
/// process limit, `RLIMIT_NPROC` in its own user namespace): four per
/// core, at least 64 (a JVM starts about 20 threads, more on many cores)
/// and at most 512.
pub fn process_limit() -> u64 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    (4 * cores).clamp(64, 512)
}

/// What one run may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// CPU and wall time.
    pub time: Duration,
    /// Bytes of memory per process (`None`: not limited).
    pub memory: Option<u64>,
    /// Bytes of stdout.
    pub output: u64,
}

impl Limits {
    /// A time limit alone (memory not limited, the default output limit).
    pub fn time_only(time: Duration) -> Limits {
        Limits {
            time,
            memory: None,
            output: DEFAULT_OUTPUT_LIMIT,
        }
    }
}

/// `2 s`, `0.3 s`.
pub fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// `256 MiB` (a limit, in whole MiB when it is one).
pub fn mib(bytes: u64) -> String {
    if bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
    }
}
