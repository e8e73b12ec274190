//! The special judge: is a contestant's output an accepted answer to a
//! Sudoku case?
//!
//! Glossary: INPUT is the case (one puzzle, any format); OUTPUT is what the
//! contestant printed; ANSWER is the jury's reference solution (optional).
//! A *template* is the input's format rendered for a full board: the
//! output must have its shape, cell for cell.
//!
//! The pipeline, all in [`check`]: read the jury's side (INPUT, ANSWER) →
//! read OUTPUT's layout against the template (PE) → judge its cells (WA).
//!
//! What is tolerated in OUTPUT, and nothing else: a CR before each LF,
//! spaces and tabs at the end of a line, blank lines after the board, and a
//! missing final newline. A leading space, a blank line before or inside
//! the board, a tab for a space, another format than the input's (spaced
//! for digits, `'` for `"` in js cells), or any text after the board is a
//! presentation error.

use crate::board::{cell_name, Board};
use crate::format::{self, Format, Style};
use crate::solver;
use std::fmt;

/// At most this many bytes of OUTPUT are read; a longer output is a
/// presentation error ("output too long"). A board takes under 300.
pub const OUTPUT_CAP: usize = 1 << 20;

/// The checker's answer about one output.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// A right answer in the right layout.
    Accepted,
    /// In the right layout, but the board is not an accepted answer: a
    /// given changed, a blank left, a repeated digit, or (with `smallest`)
    /// not the smallest completion.
    WrongAnswer(String),
    /// Not in the input's format: wrong count of lines or cells, stray
    /// text, not text at all, too long, empty.
    PresentationError(String),
    /// The case is broken, not the output: INPUT malformed, clashing or
    /// unsolvable, or ANSWER not a solution of INPUT.
    JudgeFailure(String),
}

impl Verdict {
    /// The testlib / online-judge-tools exit code: 0 accepted, 1 wrong
    /// answer, 2 presentation error, 3 judge failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Accepted => 0,
            Verdict::WrongAnswer(_) => 1,
            Verdict::PresentationError(_) => 2,
            Verdict::JudgeFailure(_) => 3,
        }
    }

    /// The reason, for every verdict but `Accepted`.
    pub fn reason(&self) -> Option<&str> {
        match self {
            Verdict::Accepted => None,
            Verdict::WrongAnswer(s) | Verdict::PresentationError(s) | Verdict::JudgeFailure(s) => {
                Some(s)
            }
        }
    }
}

impl fmt::Display for Verdict {
    /// One line: `accepted`, `wrong answer: r2c4 is left blank`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::WrongAnswer(s) => write!(f, "wrong answer: {}", s),
            Verdict::PresentationError(s) => write!(f, "presentation error: {}", s),
            Verdict::JudgeFailure(s) => write!(f, "judge failure: {}", s),
        }
    }
}

/// Judges `output` against the case `input` (one puzzle, its format
/// detected) and the optional jury `answer` (format detected too). The
/// output must be written in `output_format`, or when `None` in the
/// input's own style (same format, same js quote, same euler label):
///
/// 1. judge failure when INPUT is not one well-formed, clash-free,
///    solvable puzzle, or ANSWER is not a solution of it (with `smallest`:
///    not the smallest one, compared with [`solver::smallest_solution`]);
/// 2. presentation error when OUTPUT is longer than [`OUTPUT_CAP`], not
///    UTF-8 (naming the byte offset), empty, or not laid out in the
///    input's format (see the module header for what is tolerated);
/// 3. wrong answer when a given changed, a blank is left, a digit repeats
///    in a unit, or with `smallest` a cell differs from the smallest
///    completion (which equals ANSWER's board when ANSWER is given);
/// 4. otherwise accepted: any valid completion, or the smallest.
///
/// Cost: one solve of INPUT (the smallest completion with `smallest`) plus
/// linear work in the output, which is never read past [`OUTPUT_CAP`].
pub fn check(
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
    smallest: bool,
    output_format: Option<Format>,
) -> Verdict {
    let jury = match read_jury(input, answer, smallest, output_format) {
        Ok(jury) => jury,
        Err(reason) => return Verdict::JudgeFailure(reason),
    };
    let board = match read_output(output, &jury.style) {
        Ok(board) => board,
        Err(reason) => return Verdict::PresentationError(reason),
    };
    if let Some(reason) = why_not_a_solution(&jury.puzzle, &board) {
        return Verdict::WrongAnswer(reason);
    }
    if let Some(best) = &jury.smallest {
        if let Some(i) = (0..81).find(|&i| board.0[i] != best.0[i]) {
            return Verdict::WrongAnswer(format!(
                "not the smallest completion: {} is {}, the smallest completion has {}",
                cell_name(i),
                board.0[i],
                best.0[i]
            ));
        }
    }
    Verdict::Accepted
}

// ------------------------------------------------------------ the jury's side

/// The case as the checker needs it.
struct Jury {
    puzzle: Board,
    style: Style,
    /// The smallest completion, when `smallest` was asked.
    smallest: Option<Board>,
}

/// The first invalid byte of `bytes` as UTF-8, or the text.
fn utf8(bytes: &[u8]) -> Result<&str, usize> {
    std::str::from_utf8(bytes).map_err(|e| e.valid_up_to())
}

/// Parses `text` as exactly one puzzle; `what` names it in errors.
fn one_puzzle(what: &str, text: &str) -> Result<format::Puzzle, String> {
    let mut all = format::puzzles(text, None);
    let first = match all.next() {
        None => return Err(format!("{} holds no puzzle", what)),
        Some(Err(e)) => return Err(format!("{}: {}", what, e)),
        Some(Ok(p)) => p,
    };
    let more = all.count();
    if more > 0 {
        return Err(format!(
            "{} holds {} puzzles; a case holds one",
            what,
            more + 1
        ));
    }
    Ok(first)
}

fn read_jury(
    input: &[u8],
    answer: Option<&[u8]>,
    smallest: bool,
    output_format: Option<Format>,
) -> Result<Jury, String> {
    let text = utf8(input)
        .map_err(|at| format!("INPUT is not UTF-8 text (invalid byte at offset {})", at))?;
    let parsed = one_puzzle("INPUT", text)?;
    let puzzle = parsed.board;
    if let Some(clash) = puzzle.first_clash() {
        return Err(format!("INPUT: {}", clash));
    }
    let best = if smallest {
        solver::smallest_solution(&puzzle)
    } else {
        solver::solve(&puzzle)
    };
    let best = best.ok_or_else(|| "INPUT has no solution".to_string())?;
    if let Some(answer) = answer {
        let text = utf8(answer)
            .map_err(|at| format!("ANSWER is not UTF-8 text (invalid byte at offset {})", at))?;
        let board = one_puzzle("ANSWER", text)?.board;
        if let Some(why) = why_not_a_solution(&puzzle, &board) {
            return Err(format!("ANSWER does not solve INPUT: {}", why));
        }
        if smallest {
            if let Some(i) = (0..81).find(|&i| board.0[i] != best.0[i]) {
                return Err(format!(
                    "ANSWER is not the smallest completion: {} is {}, the smallest has {}",
                    cell_name(i),
                    board.0[i],
                    best.0[i]
                ));
            }
        }
    }
    let style = match output_format {
        Some(f) if f != parsed.style.format => Style::new(f),
        _ => parsed.style,
    };
    Ok(Jury {
        puzzle,
        style,
        smallest: smallest.then_some(best),
    })
}

/// Why `board` is not a completion of `puzzle`, naming the first problem:
/// a changed given, a blank, or a repeated digit (`None` when it is one).
pub fn why_not_a_solution(puzzle: &Board, board: &Board) -> Option<String> {
    for i in 0..81 {
        let (p, b) = (puzzle.0[i], board.0[i]);
        if p != 0 && b != p {
            return Some(if b == 0 {
                format!(
                    "{} is a given {}, the output leaves it blank",
                    cell_name(i),
                    p
                )
            } else {
                format!("{} is a given {}, the output has {}", cell_name(i), p, b)
            });
        }
    }
    if let Some(i) = (0..81).find(|&i| board.0[i] == 0) {
        return Some(format!("{} is left blank", cell_name(i)));
    }
    board.first_clash().map(|c| c.to_string())
}

// ---------------------------------------------------------- the output's side

/// One character of a template line: a fixed character, or a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Fixed(char),
    /// The cell index 0..81 and the character the format writes for blank.
    Cell(usize, char),
}

/// The input's format as a template: rendering a board of all 1s and one
/// of all 2s, the characters that differ are the cells; the rest is fixed
/// text. One entry per line. `None` if the format's cells are not one
/// character wide (no format of the kit is like that).
fn template(style: &Style) -> Option<Vec<Vec<Slot>>> {
    let ones: Vec<char> = format::render(&Board([1; 81]), style).chars().collect();
    let twos: Vec<char> = format::render(&Board([2; 81]), style).chars().collect();
    let blank: Vec<char> = format::render(&Board::EMPTY, style).chars().collect();
    if ones.len() != twos.len() {
        return None;
    }
    let mut lines = vec![Vec::new()];
    let mut cell = 0;
    for (k, (&a, &b)) in ones.iter().zip(twos.iter()).enumerate() {
        if a == '\n' {
            lines.push(Vec::new());
        } else if a != b {
            let blank_char = if blank.len() == ones.len() {
                blank[k]
            } else {
                '0'
            };
            lines.last_mut()?.push(Slot::Cell(cell, blank_char));
            cell += 1;
        } else {
            lines.last_mut()?.push(Slot::Fixed(a));
        }
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    (cell == 81).then_some(lines)
}

/// The output's lines as the layout check sees them: split at LF, with
/// trailing spaces, tabs and CRs of each line dropped, and blank lines at
/// the very end dropped.
fn output_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.trim_end_matches([' ', '\t', '\r']))
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// A character for a message: `'x'`, `'"'`, `"'"`, `'\t'`, `'\u{0}'`.
fn show(c: char) -> String {
    if c == '\'' {
        "\"'\"".to_string()
    } else if c.is_control() || (c.is_whitespace() && c != ' ') {
        format!("'{}'", c.escape_debug())
    } else {
        format!("'{}'", c)
    }
}

/// A line for a message, quoted and cut at 40 characters.
fn show_text(s: &str) -> String {
    let short: String = s.chars().take(40).collect();
    let more = if s.chars().count() > 40 { "..." } else { "" };
    format!("\"{}{}\"", short.escape_debug(), more)
}

/// Reads the board out of `output`, which must be laid out in `style`'s
/// format; the error is the presentation error's reason.
fn read_output(output: &[u8], style: &Style) -> Result<Board, String> {
    if output.len() > OUTPUT_CAP {
        return Err(format!("output too long (more than {} bytes)", OUTPUT_CAP));
    }
    let text = utf8(output)
        .map_err(|at| format!("output is not text: invalid UTF-8 at byte offset {}", at))?;
    let lines = output_lines(text);
    if lines.is_empty() {
        return Err("empty output".to_string());
    }
    let template = template(style).ok_or_else(|| {
        format!(
            "the {} format cannot be checked cell by cell",
            style.format.name()
        )
    })?;
    let fmt_name = style.format.name();
    let mut board = Board::EMPTY;
    for (n, want) in template.iter().enumerate() {
        let line = match lines.get(n) {
            Some(l) => *l,
            None => {
                return Err(format!(
                    "the output ends after line {}; the {} format has {} lines",
                    lines.len(),
                    fmt_name,
                    template.len()
                ))
            }
        };
        read_line(line, want, &mut board).map_err(|e| {
            format!(
                "line {}{} (the answer must be in the {} format)",
                n + 1,
                e,
                fmt_name
            )
        })?;
    }
    if let Some(extra) = lines.get(template.len()) {
        return Err(format!(
            "stray text on line {} after the board: {}",
            template.len() + 1,
            show_text(extra)
        ));
    }
    Ok(board)
}

/// Reads one line against its template line into `board`; the error
/// continues `line N`: `, column 4: expected ' ', got ','`.
fn read_line(line: &str, want: &[Slot], board: &mut Board) -> Result<(), String> {
    let got: Vec<char> = line.chars().collect();
    let cell_like = |c: &char| c.is_ascii_digit() || *c == '.';
    let want_cells = want
        .iter()
        .filter(|s| match s {
            Slot::Cell(..) => true,
            Slot::Fixed(c) => cell_like(c),
        })
        .count();
    let got_cells = got.iter().filter(|c| cell_like(c)).count();
    if got.is_empty() {
        return Err(" is blank".to_string());
    }
    if got_cells != want_cells {
        return Err(format!(
            " has {} cells, expected {}: {}",
            got_cells,
            want_cells,
            show_text(line)
        ));
    }
    for (k, slot) in want.iter().enumerate() {
        let column = k + 1;
        let c = match got.get(k) {
            Some(&c) => c,
            None => {
                let expected = match slot {
                    Slot::Fixed(f) => show(*f),
                    Slot::Cell(..) => "a digit".to_string(),
                };
                return Err(format!(
                    " ends at column {}, expected {} next",
                    column - 1,
                    expected
                ));
            }
        };
        match *slot {
            Slot::Fixed(f) if c != f => {
                return Err(format!(
                    ", column {}: expected {}, got {}",
                    column,
                    show(f),
                    show(c)
                ))
            }
            Slot::Fixed(_) => {}
            Slot::Cell(i, blank) => {
                board.0[i] = match c {
                    '1'..='9' => c as u8 - b'0',
                    _ if c == blank || c == '0' => 0,
                    _ => {
                        return Err(format!(
                            ", column {}: expected a digit 1-9 for {}, got {}",
                            column,
                            cell_name(i),
                            show(c)
                        ))
                    }
                }
            }
        }
    }
    if got.len() > want.len() {
        return Err(format!(
            ", column {}: expected the end of the line, got {}",
            want.len() + 1,
            show(got[want.len()])
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{BOJ2580_IN, BOJ2580_OUT, EMPTY_DIGITS, NOT_SMALLEST, SMALLEST};

    fn check_str(input: &str, output: &str) -> Verdict {
        check(input.as_bytes(), output.as_bytes(), None, false, None)
    }

    fn reason(v: &Verdict) -> &str {
        v.reason().unwrap_or("")
    }

    #[test]
    fn accepts_the_samples_answer() {
        assert_eq!(check_str(BOJ2580_IN, BOJ2580_OUT), Verdict::Accepted);
        assert_eq!(Verdict::Accepted.exit_code(), 0);
    }

    #[test]
    fn tolerates_crlf_trailing_spaces_missing_newline_and_trailing_blank_lines() {
        let crlf = BOJ2580_OUT.replace('\n', " \t\r\n");
        assert_eq!(check_str(BOJ2580_IN, &crlf), Verdict::Accepted);
        let no_newline = BOJ2580_OUT.trim_end();
        assert_eq!(check_str(BOJ2580_IN, no_newline), Verdict::Accepted);
        let blank_after = format!("{}\n\n  \n", BOJ2580_OUT);
        assert_eq!(check_str(BOJ2580_IN, &blank_after), Verdict::Accepted);
    }

    #[test]
    fn digits_for_spaced_input_is_a_presentation_error() {
        let digits = BOJ2580_OUT.replace(' ', "");
        let v = check_str(BOJ2580_IN, &digits);
        assert_eq!(v.exit_code(), 2, "{}", v);
        assert_eq!(
            reason(&v),
            "line 1, column 2: expected ' ', got '3' (the answer must be in the spaced format)"
        );
    }

    #[test]
    fn missing_and_extra_lines_are_presentation_errors() {
        let eight: String = BOJ2580_OUT
            .lines()
            .take(8)
            .map(|l| format!("{}\n", l))
            .collect();
        let v = check_str(BOJ2580_IN, &eight);
        assert_eq!(v.exit_code(), 2);
        assert!(reason(&v).contains("ends after line 8"), "{}", v);
        let ten = format!("{}1 2 3\n", BOJ2580_OUT);
        let v = check_str(BOJ2580_IN, &ten);
        assert_eq!(
            reason(&v),
            "stray text on line 10 after the board: \"1 2 3\""
        );
    }

    #[test]
    fn a_short_row_a_leading_space_and_a_blank_line_inside_are_presentation_errors() {
        let short = BOJ2580_OUT.replacen("1 3 5 4 6 9 2 7 8", "1 3 5 4 6 9 2 7", 1);
        let v = check_str(BOJ2580_IN, &short);
        assert!(
            reason(&v).starts_with("line 1 has 8 cells, expected 9"),
            "{}",
            v
        );
        let leading = format!(" {}", BOJ2580_OUT);
        let v = check_str(BOJ2580_IN, &leading);
        assert!(
            reason(&v).starts_with("line 1, column 1: expected a digit 1-9 for r1c1, got ' '"),
            "{}",
            v
        );
        let gap = BOJ2580_OUT.replacen('\n', "\n\n", 1);
        let v = check_str(BOJ2580_IN, &gap);
        assert!(reason(&v).starts_with("line 2 is blank"), "{}", v);
        let two_spaces = BOJ2580_OUT.replacen(' ', "  ", 1);
        assert_eq!(check_str(BOJ2580_IN, &two_spaces).exit_code(), 2);
    }

    #[test]
    fn hostile_outputs_are_presentation_errors() {
        let v = check_str(BOJ2580_IN, "");
        assert_eq!(v, Verdict::PresentationError("empty output".into()));
        assert_eq!(check_str(BOJ2580_IN, "\n \n").exit_code(), 2);
        let mut garbage = BOJ2580_OUT.as_bytes()[..10].to_vec();
        garbage.extend_from_slice(&[0xff, 0xfe, 0x00]);
        let v = check(BOJ2580_IN.as_bytes(), &garbage, None, false, None);
        assert_eq!(
            reason(&v),
            "output is not text: invalid UTF-8 at byte offset 10"
        );
        let huge = vec![b'7'; OUTPUT_CAP + 1];
        let v = check(BOJ2580_IN.as_bytes(), &huge, None, false, None);
        assert_eq!(reason(&v), "output too long (more than 1048576 bytes)");
        let thousand = format!("{}{}", BOJ2580_OUT, "5\n".repeat(1000));
        let v = check_str(BOJ2580_IN, &thousand);
        assert_eq!(reason(&v), "stray text on line 10 after the board: \"5\"");
        let nul = BOJ2580_OUT.replacen('1', "\0", 1);
        assert_eq!(check_str(BOJ2580_IN, &nul).exit_code(), 2);
    }

    #[test]
    fn a_changed_given_is_a_wrong_answer_naming_the_cell() {
        let changed = BOJ2580_OUT.replacen("1 3 5", "1 5 3", 1);
        let v = check_str(BOJ2580_IN, &changed);
        assert_eq!(v.exit_code(), 1);
        assert_eq!(reason(&v), "r1c2 is a given 3, the output has 5");
        let blanked = BOJ2580_OUT.replacen("1 3 5", "1 0 5", 1);
        assert_eq!(
            reason(&check_str(BOJ2580_IN, &blanked)),
            "r1c2 is a given 3, the output leaves it blank"
        );
    }

    #[test]
    fn a_blank_left_is_a_wrong_answer() {
        let blank = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
        let v = check_str(BOJ2580_IN, &blank);
        assert_eq!(v, Verdict::WrongAnswer("r1c1 is left blank".into()));
    }

    #[test]
    fn a_repeated_digit_is_a_wrong_answer_naming_digit_and_cells() {
        // r1c1 is blank in the input: 3 there repeats the given r1c2.
        let repeat = BOJ2580_OUT.replacen("1 3 5", "3 3 5", 1);
        let v = check_str(BOJ2580_IN, &repeat);
        assert_eq!(
            v,
            Verdict::WrongAnswer("digit 3 repeats in row 1 (r1c1 and r1c2)".into())
        );
    }

    #[test]
    fn smallest_accepts_only_the_smallest_completion() {
        let other = NOT_SMALLEST;
        assert_eq!(check_str(EMPTY_DIGITS, other), Verdict::Accepted);
        let v = check(EMPTY_DIGITS.as_bytes(), other.as_bytes(), None, true, None);
        assert_eq!(
            reason(&v),
            "not the smallest completion: r1c1 is 2, the smallest completion has 1"
        );
        assert_eq!(v.exit_code(), 1);
        let ok = check(
            EMPTY_DIGITS.as_bytes(),
            SMALLEST.as_bytes(),
            None,
            true,
            None,
        );
        assert_eq!(ok, Verdict::Accepted);
    }

    #[test]
    fn smallest_with_an_answer_must_equal_it() {
        let (inp, best) = (EMPTY_DIGITS.as_bytes(), SMALLEST.as_bytes());
        assert_eq!(check(inp, best, Some(best), true, None), Verdict::Accepted);
        let other = NOT_SMALLEST;
        let v = check(inp, other.as_bytes(), Some(best), true, None);
        assert_eq!(v.exit_code(), 1);
        // Without --smallest, the answer is only the jury's reference.
        assert_eq!(
            check(inp, other.as_bytes(), Some(best), false, None),
            Verdict::Accepted
        );
    }

    #[test]
    fn a_broken_input_is_a_judge_failure() {
        let v = check_str("1 2 3\n", BOJ2580_OUT);
        assert_eq!(v.exit_code(), 3);
        assert!(reason(&v).starts_with("INPUT: "), "{}", v);
        let clash = BOJ2580_IN.replacen("0 3 5", "3 3 5", 1);
        let v = check_str(&clash, BOJ2580_OUT);
        assert_eq!(
            reason(&v),
            "INPUT: digit 3 repeats in row 1 (r1c1 and r1c2)"
        );
        // Row 1 needs 9 at r1c9, which column 9 already has: no solution.
        let stuck = "12345678.\n........9\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n";
        assert_eq!(
            check_str(stuck, SMALLEST),
            Verdict::JudgeFailure("INPUT has no solution".into())
        );
        assert_eq!(
            check_str("", SMALLEST),
            Verdict::JudgeFailure("INPUT holds no puzzle".into())
        );
        let two = format!("{}\n{}", EMPTY_DIGITS, EMPTY_DIGITS);
        assert_eq!(
            reason(&check_str(&two, SMALLEST)),
            "INPUT holds 2 puzzles; a case holds one"
        );
        let v = check(&[0xff], SMALLEST.as_bytes(), None, false, None);
        assert_eq!(v.exit_code(), 3);
    }

    #[test]
    fn an_answer_that_does_not_solve_the_input_is_a_judge_failure() {
        let wrong = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
        let v = check(
            BOJ2580_IN.as_bytes(),
            BOJ2580_OUT.as_bytes(),
            Some(wrong.as_bytes()),
            false,
            None,
        );
        assert_eq!(
            v,
            Verdict::JudgeFailure("ANSWER does not solve INPUT: r1c1 is left blank".into())
        );
        let other = NOT_SMALLEST;
        let v = check(
            EMPTY_DIGITS.as_bytes(),
            SMALLEST.as_bytes(),
            Some(other.as_bytes()),
            true,
            None,
        );
        assert_eq!(
            reason(&v),
            "ANSWER is not the smallest completion: r1c1 is 2, the smallest has 1"
        );
    }

    #[test]
    fn js_output_keeps_the_inputs_quotes() {
        let input = "[[\".\",\"3\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],\n\
            [\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],\
            [\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],\
            [\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],\
            [\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],[\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"]]";
        let solved = format::parse_all(input, None)[0].as_ref().unwrap().board;
        let solution = solver::solve(&solved).unwrap();
        let good = solution.to_js(Some('"'));
        assert_eq!(check_str(input, &good), Verdict::Accepted);
        let single = solution.to_js(Some('\''));
        let v = check_str(input, &single);
        assert_eq!(v.exit_code(), 2);
        assert!(
            reason(&v).starts_with("line 2, column 4: expected '\"', got \"'\""),
            "{}",
            v
        );
        let numbers = solution.to_js(None);
        assert_eq!(check_str(input, &numbers).exit_code(), 2);
        // A "." cell is the js blank: a wrong answer, not a layout error.
        let dotted = format!("[\n  [\".\"{}", &good[8..]);
        assert_eq!(
            check_str(input, &dotted),
            Verdict::WrongAnswer("r1c1 is left blank".into())
        );
    }

    #[test]
    fn euler_output_needs_its_label_and_a_forced_format_wins() {
        let input = format!("Grid 07\n{}", EMPTY_DIGITS);
        let good = format!("Grid 07\n{}", SMALLEST);
        assert_eq!(check_str(&input, &good), Verdict::Accepted);
        let v = check_str(&input, SMALLEST);
        assert_eq!(v.exit_code(), 2, "{}", v);
        // An input in line format, answers required in digit rows.
        let line = format!("{}\n", ".".repeat(81));
        let v = check(
            line.as_bytes(),
            SMALLEST.as_bytes(),
            None,
            true,
            Some(Format::Digits),
        );
        assert_eq!(v, Verdict::Accepted);
        assert_eq!(check_str(&line, SMALLEST).exit_code(), 2);
    }

    #[test]
    fn verdicts_print_as_one_line_and_map_to_testlib_exit_codes() {
        let all = [
            (Verdict::Accepted, 0, "accepted"),
            (Verdict::WrongAnswer("x".into()), 1, "wrong answer: x"),
            (
                Verdict::PresentationError("x".into()),
                2,
                "presentation error: x",
            ),
            (Verdict::JudgeFailure("x".into()), 3, "judge failure: x"),
        ];
        for (v, code, text) in all {
            assert_eq!(v.exit_code(), code);
            assert_eq!(v.to_string(), text);
        }
    }
}
