//! The input as numbered lines, read from any [`BufRead`] one line at a
//! time: one UTF-8 byte-order mark at the start is skipped, `\n` and a `\r`
//! before it (or a `\r` ending the last line) are taken off, a `\r`
//! anywhere else is an error, and each line is checked as UTF-8: the
//! README's "One input rule".
//!
//! Memory: one line (at most [`MAX_LINE`] bytes) plus the lines a reader
//! asked to look ahead at. An I/O error, bytes that are not UTF-8 or a line
//! over the limit end the input; [`Source::take_failure`] then says why,
//! with the line.
//!
//! Before a read that may block (the reader's buffer is used up, so the
//! next read goes to the file, pipe or terminal), the wait hook runs: the
//! command layer flushes what it has written there, so answers appear
//! while the input is still open.

use super::{ParseError, Separator};
use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind};

/// The longest line read, in bytes (1 MiB). A longer line makes the input
/// unreadable: no puzzle format needs one, and it keeps memory bounded.
pub const MAX_LINE: usize = 1 << 20;

/// Called before a read that may block (see the module notes).
pub type WaitHook = Box<dyn FnMut()>;

/// The kit's one line reader: the bytes of a text cut at each `\n`, each
/// line without its `\n` and without a `\r` just before it (or ending the
/// text), at most [`MAX_LINE`] bytes. The two readers built on it add
/// their rules: [`Source`] (puzzles: UTF-8, the byte-order mark, a stray
/// `\r`) and the special judge's lines (outputs: trailing whitespace, the
/// blank tail).
pub(crate) struct RawLines<R> {
    input: R,
    /// Bytes taken from `input` so far.
    offset: u64,
    /// The last buffer `input` gave was used up: the next read may block.
    drained: bool,
    on_wait: Option<WaitHook>,
}

/// Why [`RawLines::read`] stopped.
pub(crate) enum RawError {
    /// The line is longer than [`MAX_LINE`] bytes.
    TooLong,
    /// The input failed.
    Io(std::io::Error),
}

impl<R: BufRead> RawLines<R> {
    pub fn new(input: R) -> RawLines<R> {
        RawLines {
            input,
            offset: 0,
            drained: true,
            on_wait: None,
        }
    }

    /// Bytes taken from the input so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Runs `hook` before every read that may block.
    pub fn on_wait(&mut self, hook: WaitHook) {
        self.on_wait = Some(hook);
    }

    /// Reads the next line into `bytes` (cleared first). `Ok(None)` at the
    /// end of the input, else `Ok(Some(newline))`: whether a `\n` ended
    /// the line (false only for a last line without one).
    pub fn read(&mut self, bytes: &mut Vec<u8>) -> Result<Option<bool>, RawError> {
        bytes.clear();
        let mut any = false;
        let mut newline = false;
        loop {
            if self.drained {
                if let Some(hook) = self.on_wait.as_mut() {
                    hook();
                }
            }
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(RawError::Io(e)),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (take, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let end = if found { take - 1 } else { take };
            // One byte over the limit may still be the line's final CR.
            if bytes.len() + end > MAX_LINE + 1 {
                return Err(RawError::TooLong);
            }
            bytes.extend_from_slice(&buf[..end]);
            self.drained = take == buf.len();
            self.input.consume(take);
            self.offset += take as u64;
            if found {
                newline = true;
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        // A CR ends a line only as CRLF (or as a last line's final byte).
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if bytes.len() > MAX_LINE {
            return Err(RawError::TooLong);
        }
        Ok(Some(newline))
    }
}

/// One line of the input.
#[derive(Debug)]
pub(crate) struct Line {
    /// The text, without `\n` and a `\r` before it.
    pub text: String,
    /// 1-based line number.
    pub number: usize,
    /// True when the line ended with `\n` (false only for a last line).
    pub newline: bool,
}

impl Line {
    /// True for a blank line or a `#` comment line.
    pub fn is_skippable(&self) -> bool {
        let t = self.text.trim();
        t.is_empty() || t.starts_with('#')
    }
}

/// What comes next in the input, as a format's reader sees it.
pub(crate) enum Next {
    /// The end of the input.
    Eof,
    /// A line `end`, at this line.
    EndLine(usize),
    /// Something that should be a board, from this line.
    Board(usize),
}

/// Numbered lines from a [`BufRead`].
pub(crate) struct Source<R> {
    raw: RawLines<R>,
    /// Number of the next line read from `input`.
    next_number: usize,
    /// Lines read but not yet taken.
    ahead: VecDeque<Line>,
    /// The end was reached, or the input failed.
    done: bool,
    failure: Option<ParseError>,
    /// A byte buffer kept from line to line.
    spare: Vec<u8>,
    /// An extra blank character ([`super::Sizing::blank`]), read as `.`.
    blank: Option<u8>,
    /// A separator line ([`super::Sizing::separator`]), read as blank.
    separator: Option<Separator>,
}

impl<R: BufRead> Source<R> {
    /// The lines of `input`, from line 1.
    pub fn new(input: R) -> Source<R> {
        Source {
            raw: RawLines::new(input),
            next_number: 1,
            ahead: VecDeque::new(),
            done: false,
            failure: None,
            spare: Vec::new(),
            blank: None,
            separator: None,
        }
    }

    /// Reads every line that is `separator` as a blank line from now on.
    pub fn read_as_blank_line(&mut self, separator: Option<Separator>) {
        self.separator = separator;
    }

    /// Reads `blank` (an ASCII character) as `.` in every line from now
    /// on, so every format's reader takes it for a blank cell; the
    /// character keeps its column, so messages point where they did.
    pub fn read_blank_as_dot(&mut self, blank: Option<char>) {
        self.blank = blank.filter(char::is_ascii).map(|ch| ch as u8);
    }

    /// Runs `hook` before every read that may block.
    pub fn on_wait(&mut self, hook: WaitHook) {
        self.raw.on_wait(hook);
    }

    /// Numbers the input's lines from `line` and its bytes from `offset`:
    /// the input is the rest of one whose first lines were read another
    /// way.
    pub fn start_at(&mut self, line: usize, offset: u64) {
        self.next_number = line;
        self.raw.offset = offset;
    }

    /// The next line, without taking it.
    pub fn peek(&mut self) -> Option<&Line> {
        if self.ahead.is_empty() {
            let line = self.read_line()?;
            self.ahead.push_back(line);
        }
        self.ahead.front()
    }

    /// Takes the next line.
    pub fn next_line(&mut self) -> Option<Line> {
        match self.ahead.pop_front() {
            Some(line) => Some(line),
            None => self.read_line(),
        }
    }

    /// Puts `line` back in front (it was the last one taken).
    pub fn unread(&mut self, line: Line) {
        self.ahead.push_front(line);
    }

    /// Gives a taken line's buffer back, to be reused for the next line.
    pub fn recycle(&mut self, line: Line) {
        if self.spare.capacity() < line.text.capacity() {
            self.spare = line.text.into_bytes();
        }
    }

    /// Takes blank and `#` comment lines; false when no other line is left.
    pub fn skip_blank(&mut self) -> bool {
        while let Some(line) = self.peek() {
            if !line.is_skippable() {
                return true;
            }
            if let Some(line) = self.next_line() {
                self.recycle(line);
            }
        }
        false
    }

    /// Why the input could not be read to its end, once (then `None`).
    pub fn take_failure(&mut self) -> Option<ParseError> {
        self.failure.take()
    }

    fn fail(&mut self, line: usize, message: String) -> Option<Line> {
        self.done = true;
        self.failure = Some(ParseError::at(line, 0, message));
        None
    }

    /// Reads one line from `input`.
    fn read_line(&mut self) -> Option<Line> {
        if self.done {
            return None;
        }
        let number = self.next_number;
        let start = self.raw.offset();
        let mut bytes = std::mem::take(&mut self.spare);
        let newline = match self.raw.read(&mut bytes) {
            Ok(Some(newline)) => newline,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(RawError::TooLong) => {
                return self.fail(number, "line is longer than 1 MiB".to_string())
            }
            Err(RawError::Io(e)) => return self.fail(number, io_message(&e)),
        };
        if let Some(blank) = self.blank {
            // An ASCII byte is never part of a longer UTF-8 character.
            for byte in bytes.iter_mut().filter(|b| **b == blank) {
                *byte = b'.';
            }
        }
        let mut text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let at = start + e.utf8_error().valid_up_to() as u64 + 1;
                return self.fail(number, format!("not UTF-8 text (byte {} is invalid)", at));
            }
        };
        if number == 1 && text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        // The only whitespace of an input is the space, the tab and the line
        // ends: a CR inside a line, a no-break space or a line separator is
        // stray (and no separator of cells).
        let stray = |c: char| c == '\r' || (c.is_whitespace() && c != ' ' && c != '\t');
        if let Some((at, c)) = text.char_indices().find(|&(_, c)| stray(c)) {
            let column = text[..at].chars().count() + 1;
            let message = match c {
                '\r' => "a carriage return inside a line".to_string(),
                _ => format!(
                    "`{}` is a stray character: cells are separated by spaces and tabs",
                    crate::board::symbol::shown_char(c)
                ),
            };
            self.done = true;
            self.failure = Some(ParseError::at(number, column, message));
            return None;
        }
        if self.separator.is_some_and(|s| s.matches(&text)) {
            text.clear();
        }
        self.next_number += 1;
        Some(Line {
            text,
            number,
            newline,
        })
    }
}

/// The most a small text read whole holds: a `judge.conf`, a `--regions`
/// or `--cages` layout file.
pub const SMALL_TEXT: u64 = 1 << 20;

/// Reads the small text file at `path` whole: at most [`SMALL_TEXT`]
/// bytes of UTF-8 (a byte-order mark kept). The error says why as people
/// say it, without the path: `no such file or folder`, `a folder, not a
/// file`, `larger than 1 MiB`, `not UTF-8 text`; `/dev/zero` is refused
/// after 1 MiB.
pub fn read_small_text(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(SMALL_TEXT + 1).read_to_end(&mut bytes))
        .map_err(|e| io_message(&e))?;
    if bytes.len() as u64 > SMALL_TEXT {
        return Err("larger than 1 MiB".to_string());
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// An I/O error as people say it, without Rust's `(os error N)`: `no such
/// file or folder`, `permission denied`, `a folder, not a file`, or the
/// system's own words.
pub fn io_message(e: &std::io::Error) -> String {
    match e.kind() {
        ErrorKind::NotFound => "no such file or folder".to_string(),
        ErrorKind::PermissionDenied => "permission denied".to_string(),
        ErrorKind::IsADirectory => "a folder, not a file".to_string(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error ") {
                Some(at) => text[..at].to_string(),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::io::{BufReader, Read};
    use std::rc::Rc;

    fn lines(bytes: &[u8]) -> (Vec<(usize, String, bool)>, Option<String>) {
        let mut src = Source::new(bytes);
        let mut out = Vec::new();
        while let Some(l) = src.next_line() {
            out.push((l.number, l.text, l.newline));
        }
        (out, src.take_failure().map(|e| e.to_string()))
    }

    #[test]
    fn lines_lose_crlf_and_the_byte_order_mark() {
        let (got, failure) = lines("\u{feff}a\r\nb\n\nc".as_bytes());
        assert_eq!(
            got,
            [
                (1, "a".to_string(), true),
                (2, "b".to_string(), true),
                (3, String::new(), true),
                (4, "c".to_string(), false),
            ]
        );
        assert_eq!(failure, None);
        assert!(lines(b"").0.is_empty());
    }

    #[test]
    fn a_return_ends_a_line_only_before_its_newline_or_at_the_end() {
        let (got, failure) = lines(b"a\r\nb\r");
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], (2, "b".to_string(), false));
        assert_eq!(failure, None);
        let (got, failure) = lines(b"ok\n12\r3\nnever\n");
        assert_eq!(got.len(), 1);
        assert_eq!(
            failure.as_deref(),
            Some("line 2, column 3: a carriage return inside a line")
        );
        assert!(lines(b"a\r\r").1.is_some());
        assert!(lines(b"a\r \n").1.is_some());
    }

    #[test]
    fn a_second_byte_order_mark_is_text() {
        let (got, _) = lines("\u{feff}\u{feff}1".as_bytes());
        assert_eq!(got[0].1, "\u{feff}1");
    }

    #[test]
    fn bytes_that_are_not_utf8_end_the_input_with_line_and_byte() {
        let (got, failure) = lines(b"ok\nab\xffc\nnever\n");
        assert_eq!(got.len(), 1);
        assert_eq!(
            failure.as_deref(),
            Some("line 2: not UTF-8 text (byte 6 is invalid)")
        );
    }

    #[test]
    fn a_line_over_the_limit_ends_the_input() {
        let mut text = vec![b'1'; MAX_LINE];
        text.extend_from_slice(b"\r\nnext\n");
        assert_eq!(lines(&text).0.len(), 2);
        let long = vec![b'1'; MAX_LINE + 1];
        let (got, failure) = lines(&long);
        assert!(got.is_empty());
        assert_eq!(
            failure.as_deref(),
            Some("line 1: line is longer than 1 MiB")
        );
    }

    #[test]
    fn peek_unread_and_skip_blank_keep_the_numbers() {
        let mut src = Source::new("# c\n\n5\nx\n".as_bytes());
        assert!(src.skip_blank());
        assert_eq!(src.peek().map(|l| l.number), Some(3));
        let five = src.next_line().unwrap();
        assert_eq!(src.peek().map(|l| l.text.as_str()), Some("x"));
        src.unread(five);
        assert_eq!(src.next_line().unwrap().text, "5");
        assert_eq!(src.next_line().unwrap().number, 4);
        assert!(!src.skip_blank());
    }

    /// A reader that hands out its text in pieces, counting the reads.
    struct Pieces(Vec<&'static [u8]>, Rc<Cell<usize>>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.1.set(self.1.get() + 1);
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0.remove(0);
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    #[test]
    fn the_wait_hook_runs_before_each_read_of_the_underlying_input() {
        let reads = Rc::new(Cell::new(0));
        let pieces = Pieces(vec![b"a\nb", b"c\nd\n"], reads.clone());
        let mut src = Source::new(BufReader::new(pieces));
        let hooked = Rc::new(Cell::new(0));
        let seen = hooked.clone();
        let count = reads.clone();
        src.on_wait(Box::new(move || {
            // The hook runs before the read it announces.
            assert_eq!(seen.get(), count.get());
            seen.set(seen.get() + 1);
        }));
        assert_eq!(src.next_line().unwrap().text, "a");
        assert_eq!(hooked.get(), 1);
        assert_eq!(src.next_line().unwrap().text, "bc");
        assert_eq!(src.next_line().unwrap().text, "d");
        assert!(src.next_line().is_none());
        assert_eq!((hooked.get(), reads.get()), (3, 3));
    }
}
