//! The local judge: build a source file if given one, run a program on
//! every case of a problem folder the way an online judge does, and say
//! AC, WA, PE, TLE, MLE, OLE or RE per case (CE when the source does not
//! compile).
//!
//! Glossary: a *case* is `NAME.in` (fed on stdin) with `NAME.out` (the
//! jury's answer); a *run* is one execution of the program under the
//! [`Limits`]; an *outcome* is the verdict of one run on one case.
//!
//! The pipeline: [`compile()`] (a source file only) → [`run_program`] per
//! case → [`judge_run`]. Reading the folder (`judge.conf`, the cases) is
//! [`crate::judge::problem`]'s. Nothing here prints; `sudoku judge` and `sudoku
//! time` do.
//!
//! How a run is confined (Linux; elsewhere running is an error):
//! - **time**: a wall-clock deadline at the time limit (the process group
//!   is killed there), and `RLIMIT_CPU` (whole seconds, rounded up) as a
//!   backstop; CPU time over the limit is TLE too;
//! - **memory**: `RLIMIT_DATA` (heap and private writable mappings, per
//!   process) at the memory limit, so an allocation past it fails; MLE
//!   when the peak resident size (`wait4`) passed the limit, or the run
//!   ended badly with an allocation failure on stderr or a peak within 10%
//!   of the limit ([`verdict::memory_exceeded`]), or ended badly and a rerun with
//!   the limit raised ends well or peaks past the limit, whatever the
//!   program printed ([`verdict::failed_for_memory`]);
//! - **output**: stdout is kept up to the output limit and the group is
//!   killed one byte past it (OLE), so the judge holds at most that much;
//!   stderr keeps its first and last [`limits::STDERR_KEEP`] bytes; `RLIMIT_FSIZE`
//!   caps any file the program writes at the same size; no core dumps;
//! - **processes**: the program leads its own process group, and the judge
//!   is a child subreaper (`PR_SET_CHILD_SUBREAPER`), so whatever the
//!   program starts, even in a new session (`setsid`), is reparented to the
//!   judge when its parent dies. When the program has exited, the pipes
//!   are drained for [`limits::DRAIN`] at most (a descendant holding them open is
//!   not waited for), then the group is killed and every process
//!   reparented to the judge that this run started is killed and reaped,
//!   level by level, until none is left (`sys::finish`).
//! - **the sandbox** ([`run::sandbox`], on by default where `bwrap`
//!   works): new user, pid, network, IPC and UTS namespaces, the system
//!   read-only, an empty working folder and `/tmp` of its own, nothing of
//!   the caller's files but those its command line names, a process
//!   limit ([`limits::process_limit`]); everything in it dies with its
//!   first process.

//!
//! | module | what it holds |
//! |---|---|
//! | [`problem`] | a problem folder: `judge.conf` and its cases |
//! | [`promise`] | what a statement promises about its inputs (`judge.conf`'s promise keys) |
//! | [`stress`] | stress testing: inputs inside the promise, run and judged, the first failure shrunk |
//! | [`checker`] | the special judge: a contestant's output against the rule |
//! | [`limits`] | time, memory and output limits and their defaults |
//! | [`run`] | running a program confined, in its own process group (its Linux calls in `run/sys.rs`), in the sandbox (`run/sandbox.rs`, what a command names: `run/expose.rs`) |
//! | [`compile`](mod@compile) | building a source file with the folder's compile line |
//! | [`verdict`] | the verdict of one run on one case |

pub mod checker;
pub mod compile;
pub mod limits;
pub mod problem;
pub mod promise;
pub mod run;
pub mod stress;
pub mod verdict;

pub use compile::{compile, Compiled};
pub use limits::Limits;
pub use problem::{Answers, Conf};
pub use run::{run_program, Execution, Stdin};
pub use verdict::{judge_run, Status};

#[cfg(test)]
mod tests;
