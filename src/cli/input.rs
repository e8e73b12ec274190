//! The commands' inputs: opening them and reading their puzzles in
//! order (the options that say how live in `options`, the streaming
//! through every core in `stream`).
//!
//! Every reading command follows the same rules:
//! - FILE `-`, or no FILE, is stdin; files are read one after the other,
//!   each with its own format and framing, puzzles numbered over all.
//! - A file that cannot be opened, or a directory: one line on stderr,
//!   exit 2, nothing read. An input that cannot be read further (an I/O
//!   error, bytes that are not UTF-8, a line over 1 MiB): one line naming
//!   the input and the line, exit 2; what came before it was answered, and
//!   nothing after it is read.
//! - A bad puzzle: one line on stderr naming the input, the puzzle, the
//!   line and column; the puzzles after it are still answered; exit 1.
//! - Memory does not grow with the input: a reader holds one board, and at
//!   most a window of batches is in flight between the threads.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::sync::Arc;
use sudoku_kit::board::Variant;
use sudoku_kit::format::{self, Cases, Format, ParseError, Puzzle, Reader, Sizing, Style};
use sudoku_kit::solve::any;
use sudoku_kit::{Board, Grid};

/// The size of each input's read buffer.
const BUFFER: usize = 1 << 16;

/// One input, opened: its name for messages and its bytes.
pub struct Input {
    /// The path as given, or `stdin`.
    pub name: Arc<str>,
    reader: Box<dyn BufRead + Send>,
}

/// What the fast path left of an input: the rest of its bytes (some
/// taken already, put back in front), where they start, and the puzzles
/// read before them; see [`Reader::resume`].
type Rest = (Box<dyn BufRead + Send>, usize, u64, Option<usize>);

/// Opens every path (`-`, or no path at all, is stdin) before anything is
/// read. A file that cannot be opened, or a directory, is an error naming
/// it.
pub fn open_inputs(paths: &[String]) -> Result<Vec<Input>, String> {
    let stdin_only = ["-".to_string()];
    let paths = if paths.is_empty() {
        &stdin_only[..]
    } else {
        paths
    };
    let mut inputs = Vec::new();
    for path in paths {
        let input = if path == "-" {
            Input {
                name: Arc::from("stdin"),
                reader: Box::new(BufReader::with_capacity(BUFFER, io::stdin())),
            }
        } else {
            let file =
                File::open(path).map_err(|e| format!("{}: {}", path, format::io_message(&e)))?;
            let is_dir = file.metadata().map(|m| m.is_dir()).unwrap_or(false);
            if is_dir {
                return Err(format!("{}: is a directory", path));
            }
            Input {
                name: Arc::from(path.as_str()),
                reader: Box::new(BufReader::with_capacity(BUFFER, file)),
            }
        };
        inputs.push(input);
    }
    Ok(inputs)
}

/// How the puzzles of every input are read: `--from`, `--cases`, `--box`,
/// `--symbols` and the variant rules (`--x`, `--regions`, `--cages`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The format forced by `--from`, else detected per input.
    pub from: Option<Format>,
    /// The framing forced by `--cases`, else read from each input.
    pub cases: Cases,
    /// The shape and symbols forced by `--box` and `--symbols`, else read
    /// from each board.
    pub sizing: Sizing,
    /// The variant rules every board is played by (`None`: classic).
    pub variant: Option<Arc<Variant>>,
}

impl Reading {
    /// Format forced to `from`, framing and size detected.
    pub fn from(from: Option<Format>) -> Reading {
        Reading {
            from,
            cases: Cases::Auto,
            sizing: Sizing::default(),
            variant: None,
        }
    }

    /// `puzzle` played by the variant rules, if any; the error says when
    /// the rules' layouts are for another size.
    fn play(&self, mut puzzle: Puzzle) -> Result<Puzzle, ParseError> {
        if let Some(variant) = &self.variant {
            let shape = puzzle.grid.shape();
            let n = shape.size();
            let grid = std::mem::replace(&mut puzzle.grid, Grid::empty(shape));
            puzzle.grid = grid.with_variant(variant.clone()).map_err(|_| ParseError {
                puzzle: puzzle.number,
                line: puzzle.line,
                column: 0,
                message: format!(
                    "a {}x{} board with {}x{} boxes; the variant layouts given are for another size",
                    n,
                    n,
                    shape.box_rows(),
                    shape.box_cols()
                ),
            })?;
        }
        Ok(puzzle)
    }

    /// The reader of `input` this way.
    pub fn reader<R: BufRead>(&self, input: R) -> Reader<R> {
        Reader::new(input, self.from, self.cases).with_sizing(self.sizing)
    }

    /// True when a plain 9×9 line ([`format::plain_board`]) is read as
    /// the reader would read it: line format detected or forced, no
    /// count or one-board framing, no `--box`, `--symbols`, `--blank`,
    /// `--separator` or variant rule.
    fn reads_plain_lines(&self) -> bool {
        matches!(self.from, None | Some(Format::Line))
            && matches!(self.cases, Cases::Auto | Cases::Eof | Cases::End)
            && self.sizing == Sizing::default()
            && self.variant.is_none()
    }
}

/// A puzzle read by the fast path: a plain 9×9 line, its board as it
/// is, with what a [`Loaded`] would say of it.
pub struct Plain {
    /// The board, as written (givens may clash).
    pub board: Board,
    /// 1-based over all inputs.
    pub number: usize,
    /// 1-based in its input.
    pub in_input: usize,
    /// Its line.
    pub line: usize,
    /// The input's name.
    pub name: Arc<str>,
}

impl Plain {
    /// The same puzzle as the general reader hands it on: a `line` board
    /// in digits.
    pub fn loaded(&self) -> Loaded {
        Loaded {
            number: self.number,
            name: self.name.clone(),
            puzzle: Puzzle {
                grid: Grid::from_board(&self.board),
                style: Style::new(Format::Line),
                number: self.in_input,
                line: self.line,
            },
        }
    }
}

/// One readable puzzle with its number over all inputs.
pub struct Loaded {
    /// 1-based over all inputs (malformed puzzles count too).
    pub number: usize,
    /// The input's name, for messages (`stdin` or the path).
    pub name: Arc<str>,
    /// The puzzle.
    pub puzzle: Puzzle,
}

impl Loaded {
    /// The 9×9 board of the puzzle, for the commands that read 9×9 boards
    /// only; else what to say.
    pub fn classic(&self) -> Result<Board, String> {
        self.puzzle.board().ok_or_else(|| {
            let n = self.puzzle.grid.size();
            format!("a {}x{} board: this command reads 9x9 boards only", n, n)
        })
    }

    /// `sudoku CMD: NAME: puzzle N, line L: what` (N numbered in its input).
    pub fn message(&self, cmd: &str, what: impl std::fmt::Display) -> String {
        format!(
            "sudoku {}: {}: puzzle {}, line {}: {}",
            cmd, self.name, self.puzzle.number, self.puzzle.line, what
        )
    }
}

/// What the reading hands on, in input order.
pub enum Item {
    /// A puzzle that could be read (its givens may clash).
    Puzzle(Loaded),
    /// A plain 9×9 line, read by the fast path (only when asked for).
    Plain(Plain),
    /// A line for stderr instead.
    Report(Report),
}

/// A line for stderr, phrased, and what it does to the exit status.
pub enum Report {
    /// A puzzle that could not be read (counts as a puzzle): exit 1.
    BadPuzzle(String),
    /// An input without a puzzle, or framed wrong: exit 1.
    BadInput(String),
    /// An input that could not be read to its end: exit 2.
    Unreadable(String),
}

/// When "no puzzle found" is said.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Empty {
    /// For each input without a puzzle: `sudoku CMD: NAME: no puzzle found`.
    PerInput,
    /// Once, when no input holds any: `sudoku CMD: no puzzle found in A, B`.
    Overall,
    /// Never: the command says it its own way.
    Quiet,
}

/// Reads every input in turn, handing each puzzle or report to `push`,
/// in order. `hook` makes each reader's wait hook (see
/// [`Reader::on_wait`]). Stops early when `stopped` says so, or after an
/// input that could not be read. With `plain`, plain 9×9 lines are handed
/// on as [`Item::Plain`] by the fast path (see [`read_plain`]) wherever
/// the reader would read them the same.
#[allow(clippy::too_many_arguments)]
pub fn read_all(
    cmd: &str,
    inputs: Vec<Input>,
    reading: Reading,
    empty: Empty,
    plain: bool,
    push: &mut dyn FnMut(Item),
    hook: &dyn Fn() -> Option<format::WaitHook>,
    stopped: &dyn Fn() -> bool,
) {
    let names: Vec<Arc<str>> = inputs.iter().map(|i| i.name.clone()).collect();
    let mut number = 0;
    let plain = plain && reading.reads_plain_lines();
    for input in inputs {
        let mut found = false;
        // The reader of the input, or of what the fast path left of it
        // (`None`: nothing).
        let mut reader = if plain {
            let before = number;
            let rest = read_plain(input.reader, &input.name, &mut number, push, hook, stopped);
            found = number > before;
            match rest {
                Some((rest, line, offset, puzzles)) => {
                    Some(reading.reader(rest).resume(line, offset, puzzles))
                }
                None if stopped() => return,
                None => None,
            }
        } else {
            Some(reading.reader(input.reader))
        };
        if let (Some(reader), Some(hook)) = (reader.as_mut(), hook()) {
            reader.on_wait(hook);
        }
        while let Some(reader) = reader.as_mut() {
            if stopped() {
                return;
            }
            let result = match reader.next() {
                Some(result) => result,
                None => break,
            };
            match result.and_then(|p| reading.play(p)) {
                Ok(puzzle) => {
                    found = true;
                    number += 1;
                    push(Item::Puzzle(Loaded {
                        number,
                        name: input.name.clone(),
                        puzzle,
                    }));
                }
                Err(e) => {
                    let line = format!("sudoku {}: {}: {}", cmd, input.name, e);
                    if reader.is_unreadable() {
                        push(Item::Report(Report::Unreadable(line)));
                        return;
                    }
                    found = true;
                    if e.puzzle > 0 {
                        number += 1;
                        push(Item::Report(Report::BadPuzzle(line)));
                    } else {
                        push(Item::Report(Report::BadInput(line)));
                    }
                }
            }
        }
        if !found && empty == Empty::PerInput {
            let line = format!("sudoku {}: {}: no puzzle found", cmd, input.name);
            push(Item::Report(Report::BadInput(line)));
        }
    }
    if number == 0 && empty == Empty::Overall {
        let names: Vec<&str> = names.iter().map(|n| &**n).collect();
        let line = format!("sudoku {}: no puzzle found in {}", cmd, names.join(", "));
        push(Item::Report(Report::BadInput(line)));
    }
}

/// Longest line the fast path takes whole (a plain line and its comment).
const PLAIN_LINE: usize = 4096;

/// The fast path of [`read_all`]: hands on `input`'s plain 9×9 lines
/// ([`format::plain_board`]) as [`Item::Plain`], numbered on from
/// `number`, skipping blank and `#` comment lines of plain ASCII, straight
/// from the input's buffer (no copy, no allocation). At the first other
/// line (another size, `end`, a bad cell, a stray carriage return, bytes
/// not ASCII, an input error, a line over [`PLAIN_LINE`] bytes) it stops
/// and returns the rest of the input for the [`Reader`] to read on,
/// that line first, so that every rule and message stays the reader's.
/// `None` when the input was read to its end, or `stopped` said so.
fn read_plain(
    mut input: Box<dyn BufRead + Send>,
    name: &Arc<str>,
    number: &mut usize,
    push: &mut dyn FnMut(Item),
    hook: &dyn Fn() -> Option<format::WaitHook>,
    stopped: &dyn Fn() -> bool,
) -> Option<Rest> {
    let mut wait = hook();
    // The next line's number and first byte, and the puzzles handed on.
    let (mut line, mut offset, mut puzzles) = (1, 0u64, 0);
    // Takes one line (without its newline): true when it was a plain
    // puzzle (handed on) or a line to skip, false when the reader must
    // read it.
    let mut take = |text: &[u8], line: usize, puzzles: &mut usize| {
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        match format::plain_board(text) {
            Some(board) => {
                *number += 1;
                *puzzles += 1;
                push(Item::Plain(Plain {
                    board,
                    number: *number,
                    in_input: *puzzles,
                    line,
                    name: name.clone(),
                }));
                true
            }
            None => is_plain_skip(text),
        }
    };
    // The last buffer was used up: the next read may block.
    let mut drained = true;
    // A line cut by the end of the buffer, completed from the next one.
    let mut carry: Vec<u8> = Vec::new();
    let rest = |input, carry: Vec<u8>, line, offset, puzzles| -> Option<Rest> {
        let seen = (puzzles > 0).then_some(puzzles);
        let input: Box<dyn BufRead + Send> = match carry.is_empty() {
            true => input,
            false => Box::new(BufReader::new(Cursor::new(carry).chain(input))),
        };
        Some((input, line, offset, seen))
    };
    loop {
        if stopped() {
            return None;
        }
        if let (true, Some(wait)) = (drained, wait.as_mut()) {
            wait();
        }
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            // The reader meets the error again and says it.
            Err(_) => return rest(input, carry, line, offset, puzzles),
        };
        if !carry.is_empty() || buf.is_empty() {
            // Complete the cut line from this buffer (the last line may
            // end without a newline).
            let end = buf.iter().position(|&b| b == b'\n');
            let used = end.map_or(buf.len(), |e| e + 1);
            if carry.len() + used > PLAIN_LINE {
                return rest(input, carry, line, offset, puzzles);
            }
            carry.extend_from_slice(&buf[..used]);
            drained = used == buf.len();
            input.consume(used);
            if end.is_none() && used > 0 {
                continue;
            }
            let text = carry.strip_suffix(b"\n").unwrap_or(&carry);
            if !carry.is_empty() && !take(text, line, &mut puzzles) {
                return rest(input, carry, line, offset, puzzles);
            }
            if used == 0 {
                return None;
            }
            line += 1;
            offset += carry.len() as u64;
            carry.clear();
            continue;
        }
        let mut pos = 0;
        while pos < buf.len() {
            let left = &buf[pos..];
            // The common line: 81 cells and a newline.
            let (text, next) = match left.get(81) {
                Some(b'\n') => (&left[..81], 82),
                _ => match left.iter().position(|&b| b == b'\n') {
                    Some(e) => (&left[..e], e + 1),
                    None => break,
                },
            };
            if !take(text, line, &mut puzzles) {
                input.consume(pos);
                return rest(input, carry, line, offset, puzzles);
            }
            line += 1;
            pos += next;
            offset += next as u64;
        }
        if buf.len() - pos > PLAIN_LINE {
            input.consume(pos);
            return rest(input, carry, line, offset, puzzles);
        }
        carry.extend_from_slice(&buf[pos..]);
        let used = buf.len();
        drained = true;
        input.consume(used);
    }
}

/// True for a blank line or a `#` comment line of printable ASCII (and
/// tabs), which the reader skips.
fn is_plain_skip(text: &[u8]) -> bool {
    let plain = text
        .iter()
        .all(|&b| b == b'\t' || (b' '..=b'~').contains(&b));
    let first = text.iter().find(|&&b| b != b' ' && b != b'\t');
    plain && matches!(first, None | Some(b'#'))
}

/// Reads every puzzle of `paths` in order on this thread, handing each to
/// `each`, which returns false to stop; with `stop_at_report` the first
/// report stops the reading too. Reports are printed on stderr. For the
/// commands that must see every puzzle before writing (`pdf`) or take one
/// (`trace`, `study`). Returns the exit status of the reading alone: 0, 1
/// (a bad puzzle or input) or 2 (an input could not be opened or read).
pub fn each_item(
    cmd: &str,
    paths: &[String],
    reading: Reading,
    empty: Empty,
    stop_at_report: bool,
    each: &mut dyn FnMut(Loaded) -> bool,
) -> i32 {
    let inputs = match open_inputs(paths) {
        Ok(inputs) => inputs,
        Err(e) => return super::unreadable(cmd, &e),
    };
    let mut status = 0;
    let stop = std::cell::Cell::new(false);
    read_all(
        cmd,
        inputs,
        reading,
        empty,
        false,
        &mut |item| {
            let line = match item {
                Item::Plain(p) => {
                    if !each(p.loaded()) {
                        stop.set(true);
                    }
                    return;
                }
                Item::Puzzle(p) => {
                    if !each(p) {
                        stop.set(true);
                    }
                    return;
                }
                Item::Report(Report::BadPuzzle(line) | Report::BadInput(line)) => {
                    status = status.max(1);
                    line
                }
                Item::Report(Report::Unreadable(line)) => {
                    status = 2;
                    line
                }
            };
            eprintln!("{}", line);
            if stop_at_report {
                stop.set(true);
            }
        },
        &|| None,
        &|| stop.get(),
    );
    status
}

/// The one puzzle of the input at `paths` (at most one FILE; none or `-`:
/// stdin), for `study` and `trace`: read in any format, givens checked for
/// clashes. With `pick = Some(k)` the k-th puzzle of several (`--puzzle
/// K`); without it an input of several is an error naming that flag. The
/// other puzzles are counted, not kept. On a problem prints one line on
/// stderr and returns the exit code (2 usage or unreadable input, 1 bad
/// puzzle, no puzzle, more than one, or fewer than `k`).
pub fn only_puzzle(
    cmd: &str,
    paths: &[String],
    reading: Reading,
    pick: Option<usize>,
) -> Result<Loaded, i32> {
    let k = pick.unwrap_or(1);
    let (name, mut kept, found) = read_puzzles(cmd, paths, reading, |n| n == k)?;
    let fail = |message: String| {
        eprintln!("sudoku {}: {}: {}", cmd, name, message);
        1
    };
    if found > 1 && pick.is_none() {
        return Err(fail(format!(
            "{} puzzles found; {} takes one: pick it with --puzzle K (1 to {})",
            found, cmd, found
        )));
    }
    if found < k {
        return Err(fail(format!(
            "--puzzle {}: only {} puzzle{} found",
            k,
            found,
            if found == 1 { "" } else { "s" }
        )));
    }
    Ok(kept.remove(0))
}

/// Every puzzle of the input at `paths` (at most one FILE), each checked
/// like [`only_puzzle`]'s, for `study --svg`.
pub fn all_puzzles(cmd: &str, paths: &[String], reading: Reading) -> Result<Vec<Loaded>, i32> {
    Ok(read_puzzles(cmd, paths, reading, |_| true)?.1)
}

/// Reads the input at `paths`, keeping the puzzles whose 1-based number
/// `keep` accepts: the input's name, those puzzles (read and free of
/// clashes, else one line on stderr and the exit code) and how many
/// puzzles there were.
fn read_puzzles(
    cmd: &str,
    paths: &[String],
    reading: Reading,
    keep: impl Fn(usize) -> bool,
) -> Result<(Arc<str>, Vec<Loaded>, usize), i32> {
    if paths.len() > 1 {
        return Err(super::usage_error(
            cmd,
            format!("takes one FILE, got {}", paths.len()),
        ));
    }
    let input = open_inputs(paths)
        .map_err(|e| super::unreadable(cmd, &e))?
        .into_iter()
        .next()
        .ok_or_else(|| super::usage_error(cmd, "no input"))?;
    let fail = |message: String| {
        eprintln!("sudoku {}: {}: {}", cmd, input.name, message);
        1
    };
    let mut reader = reading.reader(input.reader);
    let (mut found, mut wanted, mut last) = (0, Vec::new(), None);
    for item in reader.by_ref() {
        found += 1;
        if keep(found) {
            wanted.push(item);
        } else {
            last = Some(item);
        }
    }
    if reader.is_unreadable() {
        // The last item is the failure; nothing else is said.
        let failure = match last {
            Some(Err(e)) => e,
            _ => wanted
                .pop()
                .and_then(Result::err)
                .unwrap_or_else(|| ParseError {
                    puzzle: 0,
                    line: 0,
                    column: 0,
                    message: "cannot be read".to_string(),
                }),
        };
        eprintln!("sudoku {}: {}: {}", cmd, input.name, failure);
        return Err(2);
    }
    if found == 0 {
        return Err(fail("no puzzle found".to_string()));
    }
    let mut kept = Vec::with_capacity(wanted.len());
    for item in wanted {
        let puzzle = item
            .and_then(|p| reading.play(p))
            .map_err(|e| fail(e.to_string()))?;
        if let Some(clash) = puzzle.grid.first_clash() {
            return Err(fail(format!(
                "puzzle {}, line {}: givens clash: {}",
                puzzle.number,
                puzzle.line,
                clash.describe(puzzle.style.convention)
            )));
        }
        kept.push(Loaded {
            number: puzzle.number,
            name: input.name.clone(),
            puzzle,
        });
    }
    Ok((input.name, kept, found))
}

/// Every board of each input, kept (81 bytes each, never the text), for
/// `bench`, which times them again and again: the input's name and its
/// boards, one entry per input. The first bad puzzle or input without a
/// puzzle stops the reading with one line on stderr: `Err(exit status)`.
pub fn boards_by_input(
    cmd: &str,
    paths: &[String],
    from: Option<Format>,
) -> Result<Vec<(String, Vec<Board>)>, i32> {
    let mut files: Vec<(Arc<str>, Vec<Board>)> = Vec::new();
    let mut refused = false;
    let status = each_item(
        cmd,
        paths,
        Reading::from(from),
        Empty::PerInput,
        true,
        &mut |loaded| {
            let board = match loaded.classic() {
                Ok(board) => board,
                Err(why) => {
                    eprintln!("{}", loaded.message(cmd, why));
                    refused = true;
                    return false;
                }
            };
            match files.last_mut() {
                Some((name, boards)) if Arc::ptr_eq(name, &loaded.name) => boards.push(board),
                _ => files.push((loaded.name, vec![board])),
            }
            true
        },
    );
    if status != 0 || refused {
        return Err(status.max(1));
    }
    Ok(files
        .into_iter()
        .map(|(name, boards)| (name.to_string(), boards))
        .collect())
}

/// For a board with no solution in the boxes read from its size: the
/// transposed boxes (3x2 for 2x3) when the same cells have a solution in
/// those, phrased as the flag to give. `None` when the boxes were forced
/// with `--box`, are square, or give no solution either.
pub fn other_boxes_hint(grid: &Grid, forced: bool) -> Option<String> {
    let shape = grid.shape();
    if forced || shape.has_square_boxes() {
        return None;
    }
    let other = shape.transposed();
    let turned = Grid::new(other, grid.cells().to_vec()).ok()?;
    (any::count_solutions(&turned, 1) > 0).then(|| {
        format!(
            "with {}x{} boxes; it has one with --box {}x{}",
            shape.box_rows(),
            shape.box_cols(),
            other.box_rows(),
            other.box_cols()
        )
    })
}
