//! The lines of a text being judged (OUTPUT, or the jury's ANSWER), read
//! from any [`BufRead`] as they are needed, with a cursor.
//!
//! A line is what lies between two LFs, with the CR of a CRLF (or of a
//! last line's end) and then the spaces and tabs at its end dropped; a CR
//! anywhere else is a stray character ([`Unreadable::StrayReturn`]), the
//! input rule of the README's "One input rule". Blank lines at the very end of the text are no lines
//! at all (so a missing final newline and a blank tail are the same). To
//! know whether a blank line is one of those, the reader looks past blank
//! lines to the next other line: memory is that one line, at most
//! [`MAX_LINE`](crate::format::MAX_LINE) bytes, whatever the length of the text.
//!
//! A line over [`MAX_LINE`](crate::format::MAX_LINE) bytes, a line that is not UTF-8 (when asked
//! for as text) or an I/O error stops the reading: every later call says
//! why ([`Unreadable`]).

use crate::format::{RawError, RawLines};
use std::io::BufRead;

/// Why a text could not be read on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unreadable {
    /// Not UTF-8: the offset of the first invalid byte in the whole text.
    NotUtf8(u64),
    /// This 1-based line is longer than [`MAX_LINE`](crate::format::MAX_LINE) bytes.
    TooLong(usize),
    /// Reading failed at this 1-based line.
    Io(usize, String),
    /// A CR that does not end a line, at this 1-based line and byte column.
    StrayReturn(usize, usize),
}

/// A line read ahead: its bytes (trailing whitespace dropped) and the
/// offset of its first byte in the text.
struct Ahead {
    bytes: Vec<u8>,
    offset: u64,
}

/// The lines of one text, read on demand.
pub(super) struct Lines<R> {
    raw: RawLines<R>,
    /// Lines taken with [`Lines::advance`].
    taken: usize,
    /// Blank lines read ahead and not yet taken, before `next`.
    blank: usize,
    /// The first line that is not blank after them; `None` at the end.
    next: Option<Ahead>,
    /// True when `blank` and `next` hold what comes next.
    filled: bool,
    /// Lines read from `input`.
    read: usize,
    failure: Option<Unreadable>,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `input`, none read yet.
    pub(super) fn new(input: R) -> Lines<R> {
        Lines {
            raw: RawLines::new(input),
            taken: 0,
            blank: 0,
            next: None,
            filled: false,
            read: 0,
            failure: None,
        }
    }

    /// The next line's bytes without taking it; `None` when only blank
    /// lines (or nothing) are left.
    pub(super) fn peek_bytes(&mut self) -> Result<Option<&[u8]>, Unreadable> {
        self.fill()?;
        Ok(match &self.next {
            Some(_) if self.blank > 0 => Some(&[]),
            Some(next) => Some(&next.bytes),
            None => None,
        })
    }

    /// The next line as text, without taking it; `None` when only blank
    /// lines (or nothing) are left.
    pub(super) fn peek(&mut self) -> Result<Option<&str>, Unreadable> {
        self.fill()?;
        match &self.next {
            Some(_) if self.blank > 0 => Ok(Some("")),
            Some(next) => match std::str::from_utf8(&next.bytes) {
                Ok(text) => Ok(Some(text)),
                Err(e) => {
                    let at = next.offset + e.valid_up_to() as u64;
                    self.failure = Some(Unreadable::NotUtf8(at));
                    Err(Unreadable::NotUtf8(at))
                }
            },
            None => Ok(None),
        }
    }

    /// Takes the next line (after a peek that found one).
    pub(super) fn advance(&mut self) {
        if self.blank > 0 {
            self.blank -= 1;
        } else {
            self.filled = false;
        }
        self.taken += 1;
    }

    /// The 1-based number of the next line.
    pub(super) fn number(&self) -> usize {
        self.taken + 1
    }

    /// Lines taken so far: at the end, the number of the last line.
    pub(super) fn taken(&self) -> usize {
        self.taken
    }

    /// Skips blank lines (between answers).
    pub(super) fn skip_blank(&mut self) -> Result<(), Unreadable> {
        while self.peek_bytes()? == Some(&[]) {
            self.advance();
        }
        Ok(())
    }

    /// Reads past blank lines to the next other line or the end, once per
    /// line taken.
    fn fill(&mut self) -> Result<(), Unreadable> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        if self.filled {
            return Ok(());
        }
        let mut bytes = self.next.take().map(|a| a.bytes).unwrap_or_default();
        loop {
            let offset = self.raw.offset();
            match self.read_line(&mut bytes) {
                Err(failure) => {
                    self.failure = Some(failure.clone());
                    return Err(failure);
                }
                Ok(false) => break,
                Ok(true) if bytes.is_empty() => self.blank += 1,
                Ok(true) => {
                    self.next = Some(Ahead { bytes, offset });
                    break;
                }
            }
        }
        self.filled = true;
        Ok(())
    }

    /// Reads one line into `bytes`: the CR that ends it and then its
    /// trailing spaces and tabs dropped; false at the end of the input.
    fn read_line(&mut self, bytes: &mut Vec<u8>) -> Result<bool, Unreadable> {
        let number = self.read + 1;
        match self.raw.read(bytes) {
            Ok(Some(_)) => {}
            Ok(None) => return Ok(false),
            Err(RawError::TooLong) => return Err(Unreadable::TooLong(number)),
            Err(RawError::Io(e)) => return Err(Unreadable::Io(number, e.to_string())),
        }
        self.read = number;
        if let Some(at) = bytes.iter().position(|&b| b == b'\r') {
            return Err(Unreadable::StrayReturn(number, at + 1));
        }
        let kept = bytes
            .iter()
            .rposition(|&b| !matches!(b, b' ' | b'\t'))
            .map_or(0, |p| p + 1);
        bytes.truncate(kept);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::MAX_LINE;

    /// Every line of `text` as the checker sees it, or the failure.
    fn all(text: &[u8]) -> Result<Vec<String>, Unreadable> {
        let mut lines = Lines::new(text);
        let mut got = Vec::new();
        while let Some(line) = lines.peek()? {
            got.push(line.to_string());
            lines.advance();
        }
        Ok(got)
    }

    #[test]
    fn line_ends_lose_whitespace_and_the_blank_tail_is_no_lines() {
        assert_eq!(
            all(b"a \t\r\n\n b\r\n \n\t\n"),
            Ok(vec!["a".to_string(), String::new(), " b".to_string()])
        );
        assert_eq!(all(b"a"), Ok(vec!["a".to_string()]));
        assert_eq!(all(b"a \t\r"), Ok(vec!["a".to_string()]));
        assert_eq!(all(b"\n \r\n\n"), Ok(vec![]));
        assert_eq!(all(b""), Ok(vec![]));
    }

    #[test]
    fn a_return_that_ends_no_line_is_stray() {
        assert_eq!(all(b"a\r\r"), Err(Unreadable::StrayReturn(1, 2)));
        assert_eq!(
            all(b"ok\nNO SOLUTION\r\t\n"),
            Err(Unreadable::StrayReturn(2, 12))
        );
        assert_eq!(all(b"ok\r \n"), Err(Unreadable::StrayReturn(1, 3)));
        assert_eq!(all(b"1\r2\n"), Err(Unreadable::StrayReturn(1, 2)));
    }

    #[test]
    fn numbers_count_taken_lines_and_skip_blank_takes_blank_ones() {
        let mut lines = Lines::new(&b"1\n\n\n2\n\n"[..]);
        assert_eq!(lines.peek(), Ok(Some("1")));
        lines.advance();
        assert_eq!(lines.number(), 2);
        lines.skip_blank().unwrap();
        assert_eq!(lines.number(), 4);
        assert_eq!(lines.peek(), Ok(Some("2")));
        lines.advance();
        lines.skip_blank().unwrap();
        assert_eq!(lines.peek(), Ok(None));
        assert_eq!(lines.taken(), 4);
    }

    #[test]
    fn bad_bytes_a_long_line_and_io_errors_stop_the_reading() {
        assert_eq!(all(b"ok\nab\xffc\n"), Err(Unreadable::NotUtf8(5)));
        let mut lines = Lines::new(&b"\xff\n"[..]);
        assert_eq!(lines.peek_bytes(), Ok(Some(&b"\xff"[..])));
        let mut long = b"1\n".to_vec();
        long.extend(vec![b'7'; MAX_LINE + 1]);
        assert_eq!(all(&long), Err(Unreadable::TooLong(2)));
        let mut fits = vec![b'7'; MAX_LINE];
        fits.extend_from_slice(b"\n");
        assert_eq!(all(&fits).map(|l| l.len()), Ok(1));
        struct Broken;
        impl std::io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk on fire"))
            }
        }
        let mut lines = Lines::new(std::io::BufReader::new(Broken));
        let failure = Err(Unreadable::Io(1, "disk on fire".into()));
        assert_eq!(lines.peek(), failure);
        assert_eq!(lines.peek(), failure);
    }
}
