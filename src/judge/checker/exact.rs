//! The `exact` rule: OUTPUT against the jury's ANSWER, line by line, with
//! the whitespace tolerance of most judges. The one implementation of it:
//! `sudoku check --answers exact` and `sudoku judge` both come here.
//!
//! Both texts are read in step, one line each at a time (and, past the
//! first difference, one line each to compare their words): memory does
//! not grow with them.

use super::lines::{Lines, Unreadable};
use super::rules::Side;
use super::{unreadable, Verdict};
use std::io::BufRead;

/// Judges `output` against `answer` by [`compare_exact`]; without an
/// ANSWER there is nothing to compare with (a judge failure).
pub(super) fn check<O: BufRead, A: BufRead>(output: O, answer: Option<A>) -> Verdict {
    match answer {
        Some(answer) => compare(answer, output),
        None => Verdict::JudgeFailure(
            "no ANSWER to compare with (answers = exact needs the jury's NAME.out)".to_string(),
        ),
    }
}

/// A line for a message: quoted, escaped, at most 60 characters.
fn show_line(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let short: String = text.chars().take(60).collect();
    let more = if text.chars().count() > 60 { "..." } else { "" };
    format!("\"{}{}\"", short.escape_debug(), more)
}

/// Exact comparison, as most judges do it: the output is accepted when its
/// lines equal `expected`'s after CRLF → LF, with trailing spaces and tabs
/// at line ends, blank lines at the very end and a missing final newline
/// tolerated. Any other whitespace difference (a leading space, a blank
/// line inside, two spaces for one) is a presentation error when the
/// whitespace-separated tokens are still equal; otherwise a wrong answer.
/// Both name the first differing line: `line 3: expected "986754231",
/// got "986754213"`. A line over 1 MiB is a presentation error in `got`
/// and a judge failure in `expected`. Cost: linear in both texts.
pub fn compare_exact(expected: &[u8], got: &[u8]) -> Verdict {
    compare(expected, got)
}

/// [`compare_exact`] on two streams.
fn compare<A: BufRead, O: BufRead>(expected: A, got: O) -> Verdict {
    let (mut want, mut have) = (Lines::new(expected), Lines::new(got));
    let detail = loop {
        let line = have.number();
        let w = match want.peek_bytes() {
            Ok(w) => w,
            Err(u) => return unreadable(Side::Answer, u),
        };
        let h = match have.peek_bytes() {
            Ok(h) => h,
            Err(u) => return unreadable(Side::Output, u),
        };
        match (w, h) {
            (None, None) => return Verdict::Accepted,
            (Some(w), Some(h)) if w == h => {}
            (Some(w), Some(h)) => {
                break format!(
                    "line {}: expected {}, got {}",
                    line,
                    show_line(w),
                    show_line(h)
                )
            }
            (Some(w), None) => {
                break format!(
                    "line {}: expected {}, got the end of the output",
                    line,
                    show_line(w)
                )
            }
            (None, Some(h)) => {
                break format!(
                    "line {}: expected the end of the output, got {}",
                    line,
                    show_line(h)
                )
            }
        }
        want.advance();
        have.advance();
    };
    // The lines before agree, and so do their words: compare the rest.
    let (mut want, mut have) = (Words::new(want), Words::new(have));
    loop {
        let w = match want.next() {
            Ok(w) => w,
            Err(u) => return unreadable(Side::Answer, u),
        };
        let h = match have.next() {
            Ok(h) => h,
            Err(u) => return unreadable(Side::Output, u),
        };
        match (w, h) {
            (None, None) => {
                return Verdict::PresentationError(format!("whitespace differs: {}", detail))
            }
            (Some(w), Some(h)) if w == h => {}
            _ => return Verdict::WrongAnswer(detail),
        }
    }
}

/// The whitespace-separated words of the lines left in a text.
struct Words<R> {
    lines: Lines<R>,
    /// The line being split, and where its next word may start.
    line: Vec<u8>,
    at: usize,
}

impl<R: BufRead> Words<R> {
    fn new(lines: Lines<R>) -> Words<R> {
        Words {
            lines,
            line: Vec::new(),
            at: 0,
        }
    }

    /// The next word; `None` at the end of the text.
    fn next(&mut self) -> Result<Option<&[u8]>, Unreadable> {
        loop {
            let rest = &self.line[self.at..];
            if let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
                let len = rest[start..]
                    .iter()
                    .position(|b| b.is_ascii_whitespace())
                    .unwrap_or(rest.len() - start);
                let begin = self.at + start;
                self.at = begin + len;
                return Ok(Some(&self.line[begin..begin + len]));
            }
            match self.lines.peek_bytes()? {
                None => return Ok(None),
                Some(line) => {
                    self.line.clear();
                    self.line.extend_from_slice(line);
                    self.at = 0;
                }
            }
            self.lines.advance();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_comparison_tolerates_only_line_end_whitespace() {
        let want = b"143\n572\n";
        for got in [
            &b"143\n572\n"[..],
            b"143\r\n572\r\n",
            b"143  \n572",
            b"143\n572\n\n\n",
        ] {
            assert_eq!(compare_exact(want, got), Verdict::Accepted, "{:?}", got);
        }
        assert_eq!(
            compare_exact(want, b" 143\n572\n"),
            Verdict::PresentationError(
                "whitespace differs: line 1: expected \"143\", got \" 143\"".into()
            )
        );
        assert_eq!(
            compare_exact(want, b"\n143\n572\n").exit_code(),
            2,
            "a blank line before"
        );
        assert_eq!(
            compare_exact(want, b"143\n527\n"),
            Verdict::WrongAnswer("line 2: expected \"572\", got \"527\"".into())
        );
        assert_eq!(
            compare_exact(want, b"143\n"),
            Verdict::WrongAnswer("line 2: expected \"572\", got the end of the output".into())
        );
        assert_eq!(
            compare_exact(want, b"143\n572\n9\n"),
            Verdict::WrongAnswer("line 3: expected the end of the output, got \"9\"".into())
        );
    }

    #[test]
    fn exact_needs_an_answer_and_caps_a_line() {
        let (one, crlf): (&[u8], &[u8]) = (b"1\n", b"1\r\n");
        assert_eq!(check(one, None::<&[u8]>).exit_code(), 3);
        let huge = vec![b'1'; crate::format::MAX_LINE + 1];
        assert_eq!(
            check(&huge[..], Some(one)),
            Verdict::PresentationError("line 1 is longer than 1 MiB".into())
        );
        assert_eq!(
            check(one, Some(&huge[..])),
            Verdict::JudgeFailure("ANSWER: line 1 is longer than 1 MiB".into())
        );
        assert_eq!(check(crlf, Some(one)), Verdict::Accepted);
    }

    #[test]
    fn words_are_compared_past_the_first_difference_only() {
        // Line 2 differs; the words agree once lines are joined.
        let want = b"1\n2 3\n4\n";
        assert_eq!(
            compare_exact(want, b"1\n2\n3 4\n"),
            Verdict::PresentationError(
                "whitespace differs: line 2: expected \"2 3\", got \"2\"".into()
            )
        );
        assert_eq!(
            compare_exact(want, b"1\n2\n3 5\n"),
            Verdict::WrongAnswer("line 2: expected \"2 3\", got \"2\"".into())
        );
        assert_eq!(
            compare_exact(want, b"1\n2\n3\n4 5\n").exit_code(),
            1,
            "an extra word"
        );
    }
}
