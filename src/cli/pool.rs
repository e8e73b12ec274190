//! An ordered map on every core: items fed one by one are worked on by
//! `jobs` threads in batches, and their outcomes are delivered, in the
//! order the items were fed, on one thread. std threads and channels only.
//!
//! ```text
//!  feeding thread ──batches──▶ workers (jobs) ──outcomes──▶ delivering thread
//!        ▲                                                    │
//!        └────────────── credits: at most WINDOW batches ◀────┘
//! ```
//!
//! Memory stays bounded: the feeder takes a credit for each batch it
//! sends and the deliverer gives it back once the batch is delivered, so
//! at most `window` batches are in flight. Output appears while the input
//! is open: the feeder sends its partial batch before a read that may block
//! ([`Feed::wait_hook`]), and the deliverer flushes whenever it waits.
//! With one job there are no threads: each item is worked on and delivered
//! as it is fed, and the wait hook flushes.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use sudoku_kit::format::WaitHook;

/// What receives the outcomes, in order.
pub trait Deliver<O> {
    /// Takes the next outcome; false stops the whole run (nothing more is
    /// fed or delivered).
    fn deliver(&mut self, outcome: O) -> bool;

    /// Called when the deliverer is about to wait (flush output here).
    fn idle(&mut self);
}

/// The number of jobs to use when `-j` is not given: every core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The feeding side: [`Feed::push`] items, handing them to deliverer `D`.
pub struct Feed<'w, I, O, D> {
    work: &'w (dyn Fn(I) -> O + Sync),
    state: Rc<RefCell<State<I, D>>>,
    stop: Arc<AtomicBool>,
}

enum State<I, D> {
    /// One job: work and deliver at once.
    Inline(D),
    /// Several: batch for the workers.
    Threads(Batches<I>),
    /// Taken back by [`run`] at the end.
    Done,
}

struct Batches<I> {
    items: Vec<I>,
    cap: usize,
    next_id: usize,
    jobs: Sender<(usize, Vec<I>)>,
    credits: SyncSender<()>,
}

impl<I> Batches<I> {
    /// Sends the current batch (when not empty); false when the run was
    /// stopped.
    fn send(&mut self) -> bool {
        if self.items.is_empty() {
            return true;
        }
        let items = std::mem::replace(&mut self.items, Vec::with_capacity(self.cap));
        if self.credits.send(()).is_err() || self.jobs.send((self.next_id, items)).is_err() {
            return false;
        }
        self.next_id += 1;
        true
    }
}

impl<I: 'static, O, D: Deliver<O> + 'static> Feed<'_, I, O, D> {
    /// Feeds one item.
    pub fn push(&self, item: I) {
        let mut state = self.state.borrow_mut();
        match &mut *state {
            State::Inline(deliver) => {
                if !self.stopped() && !deliver.deliver((self.work)(item)) {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
            State::Threads(batches) => {
                batches.items.push(item);
                if batches.items.len() >= batches.cap && !batches.send() {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
            State::Done => {}
        }
    }

    /// True once the deliverer stopped the run: feed nothing more.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A hook for [`sudoku_kit::format::Reader::on_wait`]: before the input
    /// may block, what was fed is sent on (and with one job, output is
    /// flushed).
    pub fn wait_hook(&self) -> WaitHook {
        let state = self.state.clone();
        let stop = self.stop.clone();
        Box::new(move || match &mut *state.borrow_mut() {
            State::Inline(deliver) => deliver.idle(),
            State::Threads(batches) => {
                if !batches.send() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            State::Done => {}
        })
    }
}

/// Runs `feed`, which pushes items; `work` maps each on `jobs` threads
/// (batches of `batch` items); `deliver` gets every outcome in order, then
/// is handed back.
pub fn run<I, O, D>(
    jobs: usize,
    batch: usize,
    work: &(dyn Fn(I) -> O + Sync),
    deliver: D,
    feed: impl FnOnce(&Feed<'_, I, O, D>),
) -> D
where
    I: Send + 'static,
    O: Send + 'static,
    D: Deliver<O> + Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    if jobs <= 1 {
        let state = Rc::new(RefCell::new(State::Inline(deliver)));
        let f = Feed {
            work,
            state: state.clone(),
            stop,
        };
        feed(&f);
        return match std::mem::replace(&mut *state.borrow_mut(), State::Done) {
            State::Inline(mut deliver) => {
                deliver.idle();
                deliver
            }
            _ => unreachable!("only `run` takes the inline state"),
        };
    }
    let window = 4 * jobs + 2;
    let (job_tx, job_rx) = mpsc::channel::<(usize, Vec<I>)>();
    let job_rx = Mutex::new(job_rx);
    let (out_tx, out_rx) = mpsc::channel::<(usize, Vec<O>)>();
    let (credit_tx, credit_rx) = mpsc::sync_channel::<()>(window);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let out_tx = out_tx.clone();
            let (job_rx, stop) = (&job_rx, &stop);
            scope.spawn(move || worker(job_rx, out_tx, work, stop));
        }
        drop(out_tx);
        let delivering = {
            let stop = stop.clone();
            scope.spawn(move || deliver_in_order(deliver, out_rx, credit_rx, &stop))
        };
        let state = Rc::new(RefCell::new(State::Threads(Batches {
            items: Vec::with_capacity(batch),
            cap: batch.max(1),
            next_id: 0,
            jobs: job_tx,
            credits: credit_tx,
        })));
        let f = Feed {
            work,
            state: state.clone(),
            stop: stop.clone(),
        };
        feed(&f);
        if let State::Threads(batches) = &mut *state.borrow_mut() {
            batches.send();
        }
        // Dropping the senders lets the workers, then the deliverer, end.
        *state.borrow_mut() = State::Done;
        match delivering.join() {
            Ok(deliver) => deliver,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

fn worker<I, O>(
    jobs: &Mutex<Receiver<(usize, Vec<I>)>>,
    out: Sender<(usize, Vec<O>)>,
    work: &(dyn Fn(I) -> O + Sync),
    stop: &AtomicBool,
) {
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let (id, items) = match job {
            Ok(job) => job,
            Err(_) => return,
        };
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let outcomes: Vec<O> = items.into_iter().map(work).collect();
        if out.send((id, outcomes)).is_err() {
            return;
        }
    }
}

/// Delivers the batches in order; flushes (`idle`) before each wait.
fn deliver_in_order<O, D: Deliver<O>>(
    mut deliver: D,
    out: Receiver<(usize, Vec<O>)>,
    credits: Receiver<()>,
    stop: &AtomicBool,
) -> D {
    let mut pending: BTreeMap<usize, Vec<O>> = BTreeMap::new();
    let mut next = 0;
    loop {
        let (id, outcomes) = match out.try_recv() {
            Ok(batch) => batch,
            Err(TryRecvError::Empty) => {
                deliver.idle();
                match out.recv() {
                    Ok(batch) => batch,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        pending.insert(id, outcomes);
        while let Some(outcomes) = pending.remove(&next) {
            for outcome in outcomes {
                if !deliver.deliver(outcome) {
                    // Dropping the credits and the outcomes ends the feeder
                    // and the workers.
                    stop.store(true, Ordering::Relaxed);
                    deliver.idle();
                    return deliver;
                }
            }
            next += 1;
            let _ = credits.recv();
        }
    }
    deliver.idle();
    deliver
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects outcomes; stops after `stop_at` of them.
    struct Collect {
        got: Vec<u64>,
        stop_at: usize,
        idles: usize,
    }

    impl Deliver<u64> for Collect {
        fn deliver(&mut self, outcome: u64) -> bool {
            self.got.push(outcome);
            self.got.len() < self.stop_at
        }

        fn idle(&mut self) {
            self.idles += 1;
        }
    }

    fn squares(jobs: usize, n: u64, stop_at: usize) -> Vec<u64> {
        let work = |x: u64| {
            // Uneven work, so that batches finish out of order.
            let mut h = x;
            for _ in 0..(x % 7) * 1000 {
                h = h.wrapping_mul(6364136223846793005).wrapping_add(1);
            }
            std::hint::black_box(h);
            x * x
        };
        let collect = Collect {
            got: Vec::new(),
            stop_at,
            idles: 0,
        };
        let done = run(jobs, 3, &work, collect, |feed| {
            for x in 0..n {
                if feed.stopped() {
                    break;
                }
                feed.push(x);
                if x % 10 == 0 {
                    (feed.wait_hook())();
                }
            }
        });
        assert!(done.idles >= 1);
        done.got
    }

    #[test]
    fn outcomes_come_in_feeding_order_whatever_the_jobs() {
        let expected: Vec<u64> = (0..500).map(|x| x * x).collect();
        for jobs in [1, 2, 4] {
            assert_eq!(squares(jobs, 500, usize::MAX), expected, "jobs {}", jobs);
        }
    }

    #[test]
    fn a_deliverer_that_stops_ends_the_run_early() {
        for jobs in [1, 2, 4] {
            let got = squares(jobs, 100_000, 25);
            assert_eq!(got, (0..25).map(|x| x * x).collect::<Vec<_>>());
        }
    }
}
