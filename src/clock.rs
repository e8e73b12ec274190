//! CPU clocks for benchmarks: the time this process, or this thread, has
//! spent on a CPU, so that figures taken on a shared machine still mean
//! something (the wall clock also counts the time other processes had the
//! core).
//!
//! Read with `clock_gettime` on 64-bit Linux (the one system wired up:
//! its `struct timespec` is two 64-bit integers); `None` elsewhere, where
//! callers fall back to wall-clock time and say so.

/// Seconds of CPU time this process has used, all threads together
/// (`CLOCK_PROCESS_CPUTIME_ID`).
pub fn process_cpu() -> Option<f64> {
    cpu_seconds(CLOCK_PROCESS_CPUTIME_ID)
}

/// Seconds of CPU time the calling thread has used
/// (`CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu() -> Option<f64> {
    cpu_seconds(CLOCK_THREAD_CPUTIME_ID)
}

const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn cpu_seconds(clock: i32) -> Option<f64> {
    /// `struct timespec` on 64-bit Linux.
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a live, writable timespec of the layout the C
    // library expects on this target.
    let ok = unsafe { clock_gettime(clock, &mut t) } == 0;
    ok.then_some(t.sec as f64 + t.nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn cpu_seconds(_clock: i32) -> Option<f64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hint::black_box;

    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    #[test]
    fn both_clocks_run_while_working() {
        for clock in [process_cpu, thread_cpu] {
            let start = clock().unwrap();
            let mut x = 0u64;
            while clock().unwrap() == start {
                x = black_box(x.wrapping_add(1));
            }
            assert!(clock().unwrap() > start);
        }
    }

    #[test]
    fn a_thread_clock_counts_less_than_its_process() {
        let (process, thread) = (process_cpu(), thread_cpu());
        if let (Some(p), Some(t)) = (process, thread) {
            assert!(t <= p + 1e-3, "thread {} > process {}", t, p);
        }
    }
}
