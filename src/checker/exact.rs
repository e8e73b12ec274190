//! The `exact` rule: OUTPUT against the jury's ANSWER, line by line, with
//! the whitespace tolerance of most judges. The one implementation of it:
//! `sudoku check --answers exact` and `sudoku judge` both come here.

use super::{Verdict, OUTPUT_CAP};

/// Judges `output` against `answer` by [`compare_exact`]; without an
/// ANSWER there is nothing to compare with (a judge failure), and an
/// output over [`OUTPUT_CAP`] is a presentation error.
pub(super) fn check(output: &[u8], answer: Option<&[u8]>) -> Verdict {
    let expected = match answer {
        Some(a) => a,
        None => {
            return Verdict::JudgeFailure(
                "no ANSWER to compare with (answers = exact needs the jury's NAME.out)".to_string(),
            )
        }
    };
    if output.len() > OUTPUT_CAP {
        return Verdict::PresentationError(format!(
            "output too long (more than {} bytes)",
            OUTPUT_CAP
        ));
    }
    compare_exact(expected, output)
}

/// Splits `text` into lines for comparison: CRLF → LF, trailing spaces,
/// tabs and CRs of each line dropped, and blank lines at the very end
/// dropped (so a missing final newline is fine).
fn normalized_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| {
            let end = l
                .iter()
                .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
                .map_or(0, |p| p + 1);
            &l[..end]
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
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
/// got "986754213"`. Cost: linear in both texts.
pub fn compare_exact(expected: &[u8], got: &[u8]) -> Verdict {
    let (want, have) = (normalized_lines(expected), normalized_lines(got));
    if want == have {
        return Verdict::Accepted;
    }
    let line = want
        .iter()
        .zip(have.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(have.len()));
    let detail = match (want.get(line), have.get(line)) {
        (Some(w), Some(h)) => format!(
            "line {}: expected {}, got {}",
            line + 1,
            show_line(w),
            show_line(h)
        ),
        (Some(w), None) => format!(
            "line {}: expected {}, got the end of the output",
            line + 1,
            show_line(w)
        ),
        (None, Some(h)) => format!(
            "line {}: expected the end of the output, got {}",
            line + 1,
            show_line(h)
        ),
        (None, None) => "outputs differ".to_string(),
    };
    let tokens = |t: &[u8]| -> Vec<Vec<u8>> {
        t.split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .map(<[u8]>::to_vec)
            .collect()
    };
    if tokens(expected) == tokens(got) {
        Verdict::PresentationError(format!("whitespace differs: {}", detail))
    } else {
        Verdict::WrongAnswer(detail)
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
    fn exact_needs_an_answer_and_caps_the_output() {
        assert_eq!(check(b"1\n", None).exit_code(), 3);
        let huge = vec![b'1'; OUTPUT_CAP + 1];
        assert_eq!(
            check(&huge, Some(b"1\n")),
            Verdict::PresentationError("output too long (more than 1048576 bytes)".into())
        );
        assert_eq!(check(b"1\r\n", Some(b"1\n")), Verdict::Accepted);
    }
}
