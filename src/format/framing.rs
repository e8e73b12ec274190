//! How an input frames its boards, and the [`Reader`] that puts the
//! source, the framing and one format's reader together.
//!
//! The rules (a count line, an `end` line, one board, to the end) are in
//! the module notes of [`format`](super); [`Cases`] names them. The
//! framing decides where boards may start and how many there must be; the
//! format's reader reads each board.

use super::detect::{count_of, detect_line, is_end};
use super::js::Js;
use super::source::{Next, Source, WaitHook};
use super::{digits, euler, killer, line, spaced, walls};
use super::{BoardRead, Format, ParseError, Puzzle, Sizing};
use std::io::BufRead;

/// How an input frames its puzzles (`cases =` in `judge.conf`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cases {
    /// Read from the input: a first line holding one number T is a count
    /// (T puzzles follow), a line `end` closes the input, and otherwise
    /// puzzles run to the end of the input.
    Auto,
    /// Exactly one puzzle (BOJ 2580, BOJ 2239, LeetCode 37).
    One,
    /// A first line T, then T puzzles (POJ 2676, SPOJ SUDOGOB, SPOJ SUDOKU).
    Count,
    /// Puzzles until a line `end` (POJ 3074); the end of input also closes.
    End,
    /// Puzzles to the end of the input, multi-line boards separated by
    /// blank lines (Kattis sudokunique, POJ 3076).
    Eof,
    /// Puzzles to the end of the input, each after a line holding its box
    /// size n: an n²×n² board with n×n boxes follows (UVa 989).
    Size,
}

impl Cases {
    /// Every framing, in the order `judge.conf`'s errors list them.
    pub const ALL: [Cases; 6] = [
        Cases::Auto,
        Cases::One,
        Cases::Count,
        Cases::End,
        Cases::Eof,
        Cases::Size,
    ];

    /// The word used in `judge.conf`: `auto`, `one`, `count`, `end`, `eof`.
    pub fn name(self) -> &'static str {
        match self {
            Cases::Auto => "auto",
            Cases::One => "one",
            Cases::Count => "count",
            Cases::End => "end",
            Cases::Eof => "eof",
            Cases::Size => "size",
        }
    }
}

impl std::str::FromStr for Cases {
    type Err = String;

    fn from_str(text: &str) -> Result<Cases, String> {
        Cases::ALL
            .iter()
            .copied()
            .find(|c| c.name() == text)
            .ok_or_else(|| {
                format!(
                    "cases `{}`: expected auto, one, count, end, eof or size",
                    text
                )
            })
    }
}

/// The puzzles of one input, read as a stream: an iterator of one
/// `Result` per puzzle, in order, that holds one board at a time.
///
/// `Reader::new(input, forced, cases)`: `forced` skips format detection,
/// `cases` the framing detection ([`Cases::Auto`] reads both from the
/// input). Nothing is read before the first call to `next`.
pub struct Reader<R> {
    src: Source<R>,
    forced: Option<Format>,
    cases: Cases,
    sizing: Sizing,
    started: bool,
    format: Option<Format>,
    js: Js,
    /// The count T and its line, when the input starts with one.
    count: Option<(usize, usize)>,
    /// The line of the `end` that closed the input.
    ended: Option<usize>,
    /// The error of a missing count, not yet handed out.
    no_count: Option<ParseError>,
    /// Puzzles read so far (bad ones too).
    number: usize,
    done: bool,
    unreadable: bool,
}

impl<R: BufRead> Reader<R> {
    /// The puzzles of `input`, in `forced` format (else detected) and
    /// framed as `cases` says.
    pub fn new(input: R, forced: Option<Format>, cases: Cases) -> Reader<R> {
        Reader {
            src: Source::new(input),
            forced,
            cases,
            sizing: Sizing::default(),
            started: false,
            format: forced,
            js: Js::new(),
            count: None,
            ended: None,
            no_count: None,
            number: 0,
            done: false,
            unreadable: false,
        }
    }

    /// Reads every board with the shape and convention `sizing` forces
    /// (`--box`, `--symbols`) instead of reading them from each board.
    pub fn with_sizing(mut self, sizing: Sizing) -> Reader<R> {
        self.sizing = sizing;
        self.src.read_blank_as_dot(sizing.blank);
        self.src.read_as_blank_line(sizing.separator);
        self
    }

    /// Reads `input` as the rest of an input whose first lines were read
    /// another way (the command layer's fast path for plain 9×9 lines,
    /// [`super::plain_board`]): its lines are numbered from `line`, its
    /// bytes from `offset`. With `puzzles = Some(k)`, k puzzles were read
    /// before: the framing and format are settled (no count, `line`
    /// boards, as a first plain line makes them); with `None`, only blank
    /// and comment lines were, and the reader starts as on a fresh input.
    pub fn resume(mut self, line: usize, offset: u64, puzzles: Option<usize>) -> Reader<R> {
        self.src.start_at(line, offset);
        if let Some(k) = puzzles {
            self.started = true;
            self.format = Some(Format::Line);
            self.number = k;
        }
        self
    }

    /// Runs `hook` before every read of the input that may block (to
    /// flush output there, so answers appear while the input is open).
    pub fn on_wait(&mut self, hook: WaitHook) {
        self.src.on_wait(hook);
    }

    /// The format being read: the forced one, or the one detected once the
    /// first puzzle was asked for ([`puzzles`](super::puzzles) detects at
    /// once); `None` for an input without a board.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The count T of boards the input announced on its first line, if it
    /// did.
    pub fn announced(&self) -> Option<usize> {
        self.count.map(|(t, _)| t)
    }

    /// The line of the `end` that closed the input, once read.
    pub fn ended_at(&self) -> Option<usize> {
        self.ended
    }

    /// True when the input could not be read to its end (an I/O error,
    /// bytes that are not UTF-8, a line over 1 MiB); the last item was the
    /// error saying so.
    pub fn is_unreadable(&self) -> bool {
        self.unreadable
    }

    /// Reads the count line (when the framing has one) and detects the
    /// format from the first board's first line. A count that
    /// `Cases::Count` requires and does not find is the first item.
    pub(crate) fn start(&mut self) {
        if !self.started {
            self.started = true;
            self.no_count = self.frame();
        }
    }

    /// What [`Reader::start`] does; returns the error of a missing count.
    fn frame(&mut self) -> Option<ParseError> {
        if !self.src.skip_blank() {
            return None;
        }
        if matches!(self.cases, Cases::Auto | Cases::Count) {
            let first = self.src.next_line()?;
            match count_of(&first.text) {
                Some(t) if self.cases == Cases::Count || self.count_follows(&first.text) => {
                    self.count = Some((t, first.number));
                    self.src.recycle(first);
                }
                Some(_) => self.src.unread(first),
                None if self.cases == Cases::Count => {
                    let line = first.number;
                    let message = format!(
                        "expected the number of boards on the first line, found `{}`",
                        super::cells::shown(first.text.trim())
                    );
                    return Some(ParseError::at(line, 0, message));
                }
                None => self.src.unread(first),
            }
        }
        if self.forced.is_none() && self.src.skip_blank() {
            // Under `size`, the format is that of the board after the
            // first box size line.
            let size_line = match self.cases {
                Cases::Size => self.src.next_line().filter(|_| self.src.skip_blank()),
                _ => None,
            };
            let ends = self.closes_with_end();
            self.format = self
                .src
                .peek()
                .filter(|line| !(ends && is_end(&line.text)))
                .map(|line| detect_line(&line.text, self.sizing.shape));
            if let Some(line) = size_line {
                self.src.unread(line);
            }
        }
        None
    }

    /// True when the auto framing reads `first`, a whole number, as a count:
    /// more lines follow it, and the next one is not a row of the same
    /// length (the first row of a small board, such as `1234` of a 4×4
    /// `digits` board, is no count).
    fn count_follows(&mut self, first: &str) -> bool {
        if !self.src.skip_blank() {
            return false;
        }
        let width = first.trim().len();
        match self.src.peek() {
            Some(next) => {
                let next = next.text.trim();
                next.chars().count() != width || next.contains(char::is_whitespace)
            }
            None => false,
        }
    }

    /// True when a line `end` closes the input under this framing.
    fn closes_with_end(&self) -> bool {
        matches!(self.cases, Cases::Auto | Cases::End)
    }

    /// What comes next, as the format's reader sees it.
    fn seek(&mut self) -> Result<Next, ParseError> {
        if self.format == Some(Format::Js) {
            return self.js.seek(&mut self.src);
        }
        if !self.src.skip_blank() {
            return Ok(Next::Eof);
        }
        Ok(match self.src.peek() {
            Some(line) if is_end(&line.text) => Next::EndLine(line.number),
            Some(line) => Next::Board(line.number),
            None => Next::Eof,
        })
    }

    /// Under [`Cases::Size`], the box size line before a board: the
    /// board's sizing (n×n boxes), or the error at that line.
    fn box_size(&mut self) -> Result<Sizing, ParseError> {
        let line = match self.src.next_line() {
            Some(line) => line,
            None => return Err(ParseError::at(0, 0, "no board found")),
        };
        let at = line.number;
        let text = line.text.trim().to_string();
        self.src.recycle(line);
        let n = match text.parse::<usize>() {
            Ok(n) if (1..=5).contains(&n) && text.len() == 1 => n,
            _ => {
                let message = format!(
                    "expected the box size n (1 to 5) before a board, found `{}`",
                    super::cells::shown(&text)
                );
                return Err(ParseError::at(at, 0, message));
            }
        };
        if !self.src.skip_blank() {
            let message = format!("the input ends after the box size {}", n);
            return Err(ParseError::at(at, 0, message));
        }
        Ok(Sizing {
            shape: crate::board::shape::Shape::new(n, n).ok(),
            ..self.sizing
        })
    }

    /// One board, by the format's reader.
    fn read_board(&mut self, at: usize) -> BoardRead {
        let sizing = match self.cases {
            Cases::Size => self.box_size()?,
            _ => self.sizing,
        };
        match self.format {
            Some(Format::Line) => line::read(&mut self.src, sizing),
            Some(Format::Spaced) => spaced::read(&mut self.src, sizing),
            Some(Format::Digits) => digits::read(&mut self.src, sizing),
            Some(Format::Euler) => euler::read(&mut self.src),
            Some(Format::Js) => self.js.read(&mut self.src, sizing),
            Some(Format::Walls) => walls::read(&mut self.src, sizing),
            Some(Format::Killer) => killer::read(&mut self.src, sizing),
            Some(Format::Pretty) | None => {
                self.done = true;
                Err(ParseError::at(
                    at,
                    0,
                    "pretty is an output format; it cannot be read back",
                ))
            }
        }
    }

    /// The next puzzle or error; `None` at the end of the input.
    fn next_item(&mut self) -> Option<Result<Puzzle, ParseError>> {
        let next = match self.seek() {
            Ok(next) => next,
            Err(e) => {
                // Only a comment that is never closed stops a reader.
                self.done = true;
                self.number += 1;
                return Some(Err(ParseError {
                    puzzle: self.number,
                    ..e
                }));
            }
        };
        let at = match next {
            Next::Eof => return self.at_eof(),
            Next::EndLine(line) if self.closes_with_end() => {
                // Nothing after `end` is read, as a judge's program would
                // not read it.
                self.ended = Some(line);
                return self.at_eof();
            }
            Next::EndLine(line) | Next::Board(line) => line,
        };
        if let Some(problem) = self.past_the_last_board(at) {
            self.done = true;
            return Some(Err(problem));
        }
        self.number += 1;
        let number = self.number;
        Some(match self.read_board(at) {
            Ok((grid, style, line)) => Ok(Puzzle {
                grid,
                style,
                number,
                line,
            }),
            Err(e) => Err(ParseError {
                puzzle: number,
                ..e
            }),
        })
    }

    /// The error for a board that starts at line `at` where the framing
    /// allows none: past the count, or a second one of one.
    fn past_the_last_board(&self, at: usize) -> Option<ParseError> {
        let next = self.number + 1;
        if let Some((t, line)) = self.count.filter(|&(t, _)| self.number >= t) {
            let message = format!(
                "one board more than the count on line {} says ({})",
                line, t
            );
            return Some(ParseError {
                puzzle: next,
                ..ParseError::at(at, 0, message)
            });
        }
        if self.cases == Cases::One && self.number >= 1 {
            return Some(ParseError {
                puzzle: next,
                ..ParseError::at(at, 0, "more than one board")
            });
        }
        None
    }

    /// At the end of the input: fewer boards than the count is an error.
    fn at_eof(&mut self) -> Option<Result<Puzzle, ParseError>> {
        self.done = true;
        let (t, line) = self.count.filter(|&(t, _)| self.number < t)?;
        let message = format!(
            "the count on this line says {}, but the input ends after {}",
            super::cells::count(t, "board"),
            super::cells::count(self.number, "board")
        );
        Some(Err(ParseError::at(line, 0, message)))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.start();
        let item = match self.no_count.take() {
            Some(e) => {
                self.done = true;
                Some(Err(e))
            }
            None => self.next_item(),
        };
        if let Some(failure) = self.src.take_failure() {
            // What was being read when the input failed is dropped.
            self.done = true;
            self.unreadable = true;
            return Some(Err(failure));
        }
        if item.is_none() {
            self.done = true;
        }
        item
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{parse_all, puzzles, puzzles_framed, Cases, Format};

    /// The puzzles of `text` framed as the commands frame it.
    fn auto(text: &str) -> super::Reader<&[u8]> {
        puzzles_framed(text, None, Cases::Auto)
    }
    use super::Reader;
    use crate::testdata::{WIKI, WIKI_SOLVED};

    fn framed(text: &str, cases: Cases) -> Vec<String> {
        puzzles_framed(text, None, cases)
            .map(|r| match r {
                Ok(p) => format!("ok {} line {}", p.number, p.line),
                Err(e) => e.to_string(),
            })
            .collect()
    }

    #[test]
    fn poj2676_count_then_digit_boards() {
        let (a, b) = (board(WIKI), board(WIKI_SOLVED));
        let text = format!("2\n{}{}", a.to_digit_rows(), b.to_digit_rows());
        let mut all = auto(&text);
        assert_eq!(all.format(), Some(Format::Digits));
        assert_eq!(all.announced(), Some(2));
        assert_eq!(all.next().unwrap().unwrap().board().unwrap(), a);
        let second = all.next().unwrap().unwrap();
        assert_eq!(
            (second.board().unwrap(), second.number, second.line),
            (b, 2, 11)
        );
        assert!(all.next().is_none());
    }

    #[test]
    fn sudogob_count_then_spaced_boards_with_blank_lines() {
        let a = board(WIKI).to_spaced();
        let text = format!("3\n{}\n{}\n{}", a, a, a.replace('\n', " \n"));
        assert_eq!(
            framed(&text, Cases::Auto),
            ["ok 1 line 2", "ok 2 line 12", "ok 3 line 22"]
        );
    }

    #[test]
    fn fewer_or_more_boards_than_the_count_name_the_line() {
        let a = board(WIKI).to_line();
        assert_eq!(
            framed(&format!("3\n{}{}", a, a), Cases::Auto),
            [
                "ok 1 line 2",
                "ok 2 line 3",
                "line 1: the count on this line says 3 boards, but the input ends after 2 boards"
            ]
        );
        assert_eq!(
            framed(&format!("1\n{}\n{}{}", a, a, a), Cases::Auto),
            [
                "ok 1 line 2",
                "puzzle 2, line 4: one board more than the count on line 1 says (1)"
            ]
        );
    }

    #[test]
    fn a_lone_number_alone_is_a_board_and_forced_count_requires_one() {
        assert_eq!(
            framed("7\n", Cases::Auto),
            ["puzzle 1, line 1: row 1 has 1 cell, expected 9"]
        );
        assert_eq!(
            framed("7\n", Cases::Count),
            ["line 1: the count on this line says 7 boards, but the input ends after 0 boards"]
        );
        assert_eq!(
            framed(&board(WIKI).to_line(), Cases::Count),
            ["line 1: expected the number of boards on the first line, found `53..7....6..…`"]
        );
        assert!(framed("0\n", Cases::Count).is_empty());
    }

    #[test]
    fn poj3074_lines_until_end() {
        let text = format!("{}\n{}\nend\n", WIKI, WIKI_SOLVED);
        assert_eq!(framed(&text, Cases::Auto), ["ok 1 line 1", "ok 2 line 2"]);
        let mut reader = auto(&text);
        assert_eq!((reader.by_ref().count(), reader.ended_at()), (2, Some(3)));
        assert_eq!(framed(&text, Cases::End), ["ok 1 line 1", "ok 2 line 2"]);
        assert_eq!(framed(&format!("{}\n", WIKI), Cases::End), ["ok 1 line 1"]);
        // Nothing after `end` is read.
        assert_eq!(
            framed(&format!("{}\nend\n\n{}\nx\n", WIKI, WIKI), Cases::Auto),
            ["ok 1 line 1"]
        );
        let count_then_end = format!("2\n{}\nend\n{}\n", WIKI, WIKI);
        assert_eq!(
            framed(&count_then_end, Cases::Auto),
            [
                "ok 1 line 2",
                "line 1: the count on this line says 2 boards, but the input ends after 1 board"
            ]
        );
        assert_eq!(auto("end\n").count(), 0);
        // `puzzles` and `parse_all` read boards to the end: no framing.
        assert_eq!(puzzles(&text, None).count(), 3);
        assert_eq!(parse_all("end\n", None).len(), 1);
        // Without an `end` framing, `end` is a bad board.
        assert_eq!(
            framed(&text, Cases::Eof)[2],
            "puzzle 3, line 3, column 1: 'e' is not a digit 0-9 or '.'"
        );
    }

    #[test]
    fn kattis_boards_to_the_end_and_one_board() {
        let a = board(WIKI).to_spaced();
        let text = format!("{}\n{}", a, a);
        assert_eq!(framed(&text, Cases::Eof), ["ok 1 line 1", "ok 2 line 11"]);
        assert_eq!(
            framed(&text, Cases::One),
            ["ok 1 line 1", "puzzle 2, line 11: more than one board"]
        );
        // A count is no count when the framing says so.
        let counted = format!("1\n{}", a);
        assert_eq!(
            framed(&counted, Cases::Eof)[0],
            "puzzle 1, line 1: row 1 has 1 cell, expected 9"
        );
    }

    #[test]
    fn an_end_line_closes_every_format() {
        let b = board(WIKI);
        for text in [
            b.to_spaced(),
            b.to_digit_rows(),
            b.to_js(None),
            b.to_euler("Grid 1"),
        ] {
            let closed = format!("{}end\n", text);
            let all: Vec<_> = auto(&closed).collect();
            assert_eq!(all.len(), 1, "{}", closed);
            assert!(all[0].is_ok(), "{}", closed);
        }
    }

    #[test]
    fn a_reader_streams_from_any_bufread() {
        let text = format!("{}\n{}\n", WIKI, WIKI_SOLVED);
        let reader = Reader::new(std::io::Cursor::new(text.into_bytes()), None, Cases::Auto);
        assert_eq!(reader.format(), None);
        let boards: Vec<_> = reader.map(|r| r.unwrap().board().unwrap()).collect();
        assert_eq!(boards, [board(WIKI), board(WIKI_SOLVED)]);
        let bad = Reader::new(&b"ok\xff\n"[..], None, Cases::Auto);
        let all: Vec<_> = bad.collect();
        assert_eq!(
            all[0].clone().unwrap_err().to_string(),
            "line 1: not UTF-8 text (byte 3 is invalid)"
        );
    }
}
