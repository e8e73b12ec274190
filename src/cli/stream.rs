//! Streaming: every puzzle of the inputs through a command's work on
//! every core, printed in input order by the command's [`Printer`].

use super::input::{open_inputs, read_all, Empty, Item, Loaded, Plain, Reading, Report};
use super::pool::{self, Deliver, Feed};
use super::Out;

/// How a command prints what its work made of each puzzle; runs on one
/// thread, in input order.
pub trait Printer<T>: Send + 'static {
    /// Prints one answer; false when it failed (and said why on stderr).
    fn answer(&mut self, out: &mut Out, puzzle: Loaded, result: T) -> bool;

    /// Prints the answer of a puzzle read by the fast path (see [`Work`]);
    /// by default as [`Printer::answer`] does.
    fn answer_plain(&mut self, out: &mut Out, puzzle: &Plain, result: T) -> bool {
        self.answer(out, puzzle.loaded(), result)
    }

    /// A puzzle that could not be read was reported (for numbering).
    fn skipped(&mut self, _out: &mut Out) {}

    /// After the last puzzle.
    fn finish(&mut self, _out: &mut Out) {}
}

/// What the work of [`Numbered`] made of one puzzle.
pub enum Reply {
    /// The text to print.
    Ok(String),
    /// A text to print that still makes the exit status 1 (`several
    /// solutions (not graded)`); stderr names the puzzle with the same text,
    /// so that an exit status of 1 always comes with its reason there.
    NotOk(String),
    /// Why there is no text, for stderr: exit status 1.
    Error(String),
}

/// The printer of `grade` and `propagate`: one text per puzzle, numbered
/// (`head(N)` before it) only when the inputs hold more than one puzzle,
/// `gap` between two texts. The first text waits until a second puzzle,
/// good or bad, or the end says which.
pub struct Numbered {
    cmd: &'static str,
    head: fn(usize) -> String,
    gap: &'static str,
    /// The first puzzle's number and text, while it waits.
    held: Option<(usize, String)>,
    /// Puzzles seen, bad ones included.
    seen: usize,
    /// Texts printed.
    printed: usize,
}

impl Numbered {
    /// A printer for command `cmd` that has seen nothing yet.
    pub fn new(cmd: &'static str, head: fn(usize) -> String, gap: &'static str) -> Numbered {
        Numbered {
            cmd,
            head,
            gap,
            held: None,
            seen: 0,
            printed: 0,
        }
    }

    /// Counts puzzle `number`, whose output is `text` (none for a puzzle
    /// reported on stderr), and prints what can be printed now.
    fn add(&mut self, out: &mut Out, number: usize, text: Option<String>) {
        self.seen += 1;
        if self.seen == 2 {
            if let Some((n, held)) = self.held.take() {
                self.print(out, Some(n), &held);
            }
        }
        match text {
            Some(text) if self.seen == 1 => self.held = Some((number, text)),
            Some(text) => self.print(out, Some(number), &text),
            None => {}
        }
    }

    fn print(&mut self, out: &mut Out, number: Option<usize>, text: &str) {
        if self.printed > 0 {
            out.put(self.gap);
        }
        if let Some(n) = number {
            out.put(&(self.head)(n));
        }
        out.put(text);
        self.printed += 1;
    }
}

impl Printer<Reply> for Numbered {
    fn answer(&mut self, out: &mut Out, puzzle: Loaded, verdict: Reply) -> bool {
        let (text, ok) = match verdict {
            Reply::Ok(text) => (Some(text), true),
            Reply::NotOk(text) => {
                out.flush();
                eprintln!("{}", puzzle.message(self.cmd, text.trim_end()));
                (Some(text), false)
            }
            Reply::Error(why) => {
                out.flush();
                eprintln!("{}", puzzle.message(self.cmd, why));
                (None, false)
            }
        };
        self.add(out, puzzle.number, text);
        ok
    }

    fn skipped(&mut self, out: &mut Out) {
        self.add(out, 0, None);
    }

    fn finish(&mut self, out: &mut Out) {
        if let Some((_, text)) = self.held.take() {
            self.print(out, None, &text);
        }
    }
}

/// What a command does with each puzzle, on any thread: a function of
/// the [`Loaded`] puzzle (every closure `Fn(&Loaded) -> T` is one), and,
/// for the commands that read plain 9×9 lines by the fast path (`solve`,
/// `count`), the same answer straight from the board.
pub trait Work<T>: Sync {
    /// The answer for `puzzle`.
    fn loaded(&self, puzzle: &Loaded) -> T;

    /// The answer for a plain 9×9 line, as [`Work::loaded`] would give it
    /// for `puzzle.loaded()`; `None` to have it given so (the rare case:
    /// an error to phrase, an output format of its own).
    fn plain(&self, _puzzle: &Plain) -> Option<T> {
        None
    }

    /// True when plain 9×9 lines are read by the fast path and handed to
    /// [`Work::plain`].
    fn reads_plain(&self) -> bool {
        false
    }
}

impl<T, F: Fn(&Loaded) -> T + Sync> Work<T> for F {
    fn loaded(&self, puzzle: &Loaded) -> T {
        self(puzzle)
    }
}

/// What a worker hands the printer.
pub enum Delivery<T> {
    /// A readable puzzle and what the work made of it.
    Done(Loaded, T),
    /// A plain 9×9 line and its answer from [`Work::plain`].
    Plain(Plain, T),
    /// A line for stderr.
    Report(Report),
}

/// The deliverer of [`stream`]: a printer and stdout, and the exit status.
struct Printing<P> {
    printer: P,
    out: Out,
    failed: bool,
    unreadable: bool,
}

impl<T, P: Printer<T>> Deliver<Delivery<T>> for Printing<P> {
    fn deliver(&mut self, outcome: Delivery<T>) -> bool {
        match outcome {
            Delivery::Done(puzzle, result) => {
                if !self.printer.answer(&mut self.out, puzzle, result) {
                    self.failed = true;
                }
            }
            Delivery::Plain(puzzle, result) => {
                if !self.printer.answer_plain(&mut self.out, &puzzle, result) {
                    self.failed = true;
                }
            }
            Delivery::Report(report) => {
                // Stdout first, so a terminal shows both in order.
                self.out.flush();
                match report {
                    Report::BadPuzzle(line) => {
                        eprintln!("{}", line);
                        self.failed = true;
                        self.printer.skipped(&mut self.out);
                    }
                    Report::BadInput(line) => {
                        eprintln!("{}", line);
                        self.failed = true;
                    }
                    Report::Unreadable(line) => {
                        eprintln!("{}", line);
                        self.unreadable = true;
                    }
                }
            }
        }
        true
    }

    fn idle(&mut self) {
        self.out.flush();
    }
}

/// Streams every puzzle of `paths` through `work` on `jobs` threads and
/// prints the results with `printer`, in input order (see the module
/// notes). `batch`: puzzles per batch handed to a thread. Returns the exit
/// status: 0 all went well, 1 some puzzle or input failed, 2 a file could
/// not be opened or read.
#[allow(clippy::too_many_arguments)]
pub fn stream<T, P>(
    cmd: &'static str,
    paths: &[String],
    reading: Reading,
    empty: Empty,
    jobs: usize,
    batch: usize,
    work: impl Work<T>,
    printer: P,
) -> i32
where
    T: Send + 'static,
    P: Printer<T>,
{
    let inputs = match open_inputs(paths) {
        Ok(inputs) => inputs,
        Err(e) => return super::unreadable(cmd, &e),
    };
    let printing = Printing {
        printer,
        out: Out::new(),
        failed: false,
        unreadable: false,
    };
    let plain = work.reads_plain();
    let work = |item: Item| match item {
        Item::Puzzle(p) => {
            let result = work.loaded(&p);
            Delivery::Done(p, result)
        }
        Item::Plain(p) => match work.plain(&p) {
            Some(result) => Delivery::Plain(p, result),
            None => {
                let p = p.loaded();
                let result = work.loaded(&p);
                Delivery::Done(p, result)
            }
        },
        Item::Report(r) => Delivery::Report(r),
    };
    let mut done = pool::run(jobs, batch, &work, printing, |feed: &Feed<'_, _, _, _>| {
        read_all(
            cmd,
            inputs,
            reading,
            empty,
            plain,
            &mut |item| feed.push(item),
            &|| Some(feed.wait_hook()),
            &|| feed.stopped(),
        );
    });
    done.printer.finish(&mut done.out);
    done.out.flush();
    if done.unreadable {
        2
    } else {
        i32::from(done.failed)
    }
}
