//! The special judge: is a contestant's output an accepted answer to a
//! Sudoku case, under the problem's rule?
//!
//! Glossary: INPUT is the case (one puzzle or many, any format); OUTPUT
//! is what the contestant printed; ANSWER is the jury's reference file
//! (optional); the [`Rule`] is `judge.conf`'s `answers`, `cases`,
//! `format`, `no_solution` and `many_solutions`.
//!
//! The pipeline, all in [`check_stream`] ([`check`] on texts in memory):
//! INPUT, ANSWER and OUTPUT are read in step, case by case. For each
//! puzzle of INPUT in turn: frame it and compute what the rule needs of it
//! (`jury`), a fault being a judge failure → judge ANSWER's answer to it
//! under the rule, a fault being a judge failure → judge OUTPUT's answer
//! (`rules`, reading lines with `lines` and boards with `layout`, and the
//! line a puzzle's class asks for with `classify`; why an answer fails is
//! a `fault`). The
//! first fault is the verdict, naming its puzzle when INPUT is
//! multi-case; then text after the last answer (ANSWER's, then OUTPUT's).
//! `exact` compares OUTPUT with ANSWER instead (`exact`).
//!
//! Memory does not grow with the texts: one puzzle of INPUT (two at the
//! start, to tell one puzzle from several), one answer of each text, one
//! line of at most 1 MiB ([`crate::format::MAX_LINE`]) each. So a verdict
//! on a bad answer comes as soon as that answer is read, without reading
//! further; a fault further on (a malformed puzzle, a stray byte) is not
//! seen then. Only a missing answer reads the rest of INPUT, to say how
//! many there were.
//!
//! Boards of every size, 4×4 to 25×25 (boxes R×C): INPUT is read by the
//! kit's reader at any size (its shape and symbols from each board, or
//! from [`Rule::sizing`]), and an answer must be a board of its puzzle's
//! shape written as the reader would write it back: the same format and
//! the same symbols (digits, digits and letters, letters; numbers in
//! `spaced` above 9×9), as `layout` reads it. Values in messages are
//! written the same way (`r1c3 is a given A, the output has H`). A 9×9
//! board goes through the 9×9 board's clash scan and the 9×9 engine
//! (through [`crate::solve::any`]), so its messages and speed stay.
//!
//! What is tolerated in OUTPUT, and nothing else: a CR before each LF,
//! spaces and tabs at the end of a line, blank lines after the last
//! answer, a missing final newline, and blank lines between the answers
//! of a multi-case output (judges print none, one or more). A leading
//! space, a blank line before the first answer or inside a board, a tab
//! for a space, another format than the input's (spaced for digits, `'`
//! for `"` in js cells), any text after the last answer, or a line over
//! 1 MiB is a presentation error; so is a missing answer (`puzzle 4: no
//! answer (3 of 5 given)`).

mod classify;
mod exact;
mod fault;
mod jury;
mod layout;
mod lines;
mod rules;
mod symbols;

pub use exact::compare_exact;

use crate::board::grid::Grid;
use crate::board::variant::{Break, Variant};
pub use crate::format::Cases;
use crate::format::{Format, Sizing};
pub use crate::judge::problem::Answers;
use crate::judge::problem::Conf;
use fault::Fault;
use jury::Jury;
use lines::Unreadable;
use rules::{FaultAt, Judged, Side};
use std::fmt;
use std::io::BufRead;
use std::sync::Arc;
use symbols::Symbols;

/// Under `answers = count`, the checker confirms a number of solutions N
/// by counting to N + 1, and counts no further than this (about a second
/// of counting in a release build). A puzzle with more solutions can only
/// be compared with ANSWER's number.
pub const COUNT_CAP: usize = 1_000_000;

/// The checker's answer about one output.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// A right answer in the right layout.
    Accepted,
    /// In the right layout, but not an accepted answer: a given changed,
    /// a blank left, a repeated digit, not the smallest completion, a
    /// wrong classification or count.
    WrongAnswer(String),
    /// Not laid out as the rule says: wrong count of lines or cells, stray
    /// text, a missing answer, not text at all, too long, empty.
    PresentationError(String),
    /// The case is broken, not the output: INPUT malformed, or with a
    /// puzzle the rule has no answer for (clashing or unsolvable without a
    /// `no_solution` line), or ANSWER disagreeing with INPUT.
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

/// How a problem's answers are judged: the part of `judge.conf` the
/// checker reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rule {
    /// What an answer must be (`exact`, `any`, `smallest`, `unique`,
    /// `count`, `classify`).
    pub answers: Answers,
    /// How INPUT frames its puzzles.
    pub cases: Cases,
    /// The format INPUT's boards are written in (`None`: detected).
    pub from: Option<Format>,
    /// The format answers must be written in; `None`: each puzzle's own
    /// (same format, same js quote, same euler label).
    pub format: Option<Format>,
    /// The line answering a puzzle with no solution (clashing givens
    /// included); `None`: such a puzzle is a broken case (`count` answers
    /// it with 0).
    pub no_solution: Option<String>,
    /// The line answering a puzzle with several solutions under `unique`;
    /// `None`: such a puzzle is a broken case.
    pub many_solutions: Option<String>,
    /// The box shape and the symbols of INPUT's boards when they are not
    /// to be read from the boards (`--box`, `--symbols`), an extra blank
    /// character (`--blank`), and the separator line between boards and
    /// between answers (`--separator`).
    pub sizing: Sizing,
    /// A line before each answer, `{}` standing for the puzzle's number
    /// (`Case #{}:`, HDU 5547); `None`: no line.
    pub header: Option<String>,
    /// Under `classify`: the line for a puzzle with one solution, and the
    /// one for clashing givens (`None`: the `no_solution` line).
    pub one_solution: Option<String>,
    pub illegal: Option<String>,
    /// Under `unique` and `classify`: the line for a puzzle with one
    /// solution that is not minimal (`None`: minimality is not asked).
    pub not_minimal: Option<String>,
    /// The variant rules every board is played by (`None`: classic).
    pub variant: Option<Arc<Variant>>,
}

impl Rule {
    /// The rule `answers`, INPUT framed as it says (`auto`), answers in
    /// each puzzle's format, no answer lines.
    pub fn new(answers: Answers) -> Rule {
        Rule {
            answers,
            cases: Cases::Auto,
            from: None,
            format: None,
            no_solution: None,
            many_solutions: None,
            sizing: Sizing::default(),
            header: None,
            one_solution: None,
            illegal: None,
            not_minimal: None,
            variant: None,
        }
    }

    /// The rule a problem folder's `judge.conf` sets.
    pub fn from_conf(conf: &Conf) -> Rule {
        Rule {
            answers: conf.answers,
            cases: conf.cases,
            from: conf.from,
            format: conf.format,
            no_solution: conf.no_solution.clone(),
            many_solutions: conf.many_solutions.clone(),
            sizing: conf.sizing,
            header: conf.header.clone(),
            one_solution: conf.one_solution.clone(),
            illegal: conf.illegal.clone(),
            not_minimal: conf.not_minimal.clone(),
            variant: conf.variant.clone(),
        }
    }
}

/// Judges `output` against the case `input` and the optional jury
/// `answer` under `rule`, all three in memory: [`check_stream`] on them.
pub fn check(rule: &Rule, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> Verdict {
    check_stream(rule, input, output, answer)
}

/// Judges `output` against the case `input` and the optional jury
/// `answer` under `rule`, reading the three in step, case by case (see
/// the module notes); the first fault found is the verdict:
///
/// 1. `exact`: [`compare_exact`] with ANSWER (a judge failure without
///    one); INPUT is not read;
/// 2. judge failure when INPUT is not well-formed under `rule.cases`
///    (not UTF-8 included), or a puzzle of it has no answer under the
///    rule (clashing or unsolvable without a `no_solution` line; several
///    solutions under `unique` without a `many_solutions` line), or when
///    ANSWER's answer to it is not an accepted answer itself (not a
///    solution, not the smallest, a wrong classification or count, badly
///    laid out, not UTF-8);
/// 3. presentation error when OUTPUT's answer is not laid out as the rule
///    and the format say, or missing, when OUTPUT is empty, followed by
///    stray text, not UTF-8 (naming the byte offset), or has a line over
///    1 MiB;
/// 4. wrong answer when a given changed, a blank is left, a digit
///    repeats in a unit, a completion is not the smallest (`smallest`),
///    a line or a number of solutions is not the puzzle's;
/// 5. otherwise accepted.
///
/// An I/O error on a text is a judge failure naming the text and line.
/// Cost: per puzzle one solve (`any`), a smallest-completion search
/// (`smallest`), a count to 2 (`unique`), or a count to N + 1 for a
/// claimed N, at most [`COUNT_CAP`] + 1 (`count`); with a `not_minimal`
/// line, a count to 2 per given of each puzzle with one solution; plus
/// linear work in the texts. Memory: constant (one puzzle, one answer,
/// one line each).
pub fn check_stream<I: BufRead, O: BufRead, A: BufRead>(
    rule: &Rule,
    input: I,
    output: O,
    answer: Option<A>,
) -> Verdict {
    if rule.answers == Answers::Exact {
        return exact::check(output, answer);
    }
    let mut jury = match Jury::open(input, rule) {
        Ok(jury) => jury,
        Err(reason) => return Verdict::JudgeFailure(reason),
    };
    let mut answer = answer.map(|a| Judged::new(Side::Answer, a));
    let mut output = Judged::new(Side::Output, output);
    let multi = jury.multi;
    loop {
        let mut case = match jury.next_case(rule) {
            Ok(Some(case)) => case,
            Ok(None) => break,
            Err(reason) => return Verdict::JudgeFailure(reason),
        };
        if let Some(answer) = answer.as_mut() {
            if let Err(found) = answer.answer(rule, &mut case, multi) {
                return answered(found, Side::Answer, &mut jury, rule);
            }
        }
        if let Err(found) = output.answer(rule, &mut case, multi) {
            return answered(found, Side::Output, &mut jury, rule);
        }
    }
    if let Some(Err(found)) = answer.as_mut().map(|a| a.finish(multi)) {
        return verdict(found, Side::Answer);
    }
    match output.finish(multi) {
        Ok(()) => Verdict::Accepted,
        Err(found) => verdict(found, Side::Output),
    }
}

/// The verdict on a fault in an answer; a missing one is phrased with the
/// number of puzzles INPUT holds (the rest of INPUT is read for it: a
/// fault there is the verdict instead).
fn answered<R: BufRead>(found: FaultAt, side: Side, jury: &mut Jury<R>, rule: &Rule) -> Verdict {
    let given = match found.fault {
        Fault::Missing(given) => given,
        _ => return verdict(found, side),
    };
    let total = match jury.rest(rule) {
        Ok(left) => given + 1 + left,
        Err(reason) => return Verdict::JudgeFailure(reason),
    };
    let fault = Fault::Layout(format!("no answer ({} of {} given)", given, total));
    verdict(FaultAt { fault, ..found }, side)
}

/// A fault phrased for its side: OUTPUT's faults are WA, PE or JF; any
/// fault of ANSWER is a judge failure that says ANSWER.
fn verdict(found: FaultAt, side: Side) -> Verdict {
    let at = found
        .puzzle
        .map_or(String::new(), |n| format!("puzzle {}: ", n));
    match (side, found.fault) {
        (side, Fault::Unreadable(why)) => unreadable(side, why),
        (Side::Output, Fault::Layout(s)) => Verdict::PresentationError(at + &s),
        (Side::Output, Fault::Missing(given)) => {
            Verdict::PresentationError(format!("{}no answer ({} given)", at, given))
        }
        (Side::Output, Fault::Wrong(s) | Fault::NotSolution(s)) => Verdict::WrongAnswer(at + &s),
        (Side::Output, Fault::NotSmallest(cell, got, best)) => Verdict::WrongAnswer(format!(
            "{}not the smallest completion: {} is {}, the smallest completion has {}",
            at, cell, got, best
        )),
        (Side::Output, Fault::Unjudgeable(s)) => Verdict::JudgeFailure(at + &s),
        (Side::Answer, Fault::Layout(s) | Fault::Unjudgeable(s)) => {
            Verdict::JudgeFailure(format!("ANSWER: {}{}", at, s))
        }
        (Side::Answer, Fault::Missing(given)) => {
            Verdict::JudgeFailure(format!("ANSWER: {}no answer ({} given)", at, given))
        }
        (Side::Answer, Fault::Wrong(s)) => {
            Verdict::JudgeFailure(format!("ANSWER disagrees with INPUT: {}{}", at, s))
        }
        (Side::Answer, Fault::NotSolution(s)) => {
            Verdict::JudgeFailure(format!("ANSWER does not solve INPUT: {}{}", at, s))
        }
        (Side::Answer, Fault::NotSmallest(cell, got, best)) => Verdict::JudgeFailure(format!(
            "ANSWER is not the smallest completion: {}{} is {}, the smallest has {}",
            at, cell, got, best
        )),
    }
}

/// A text that cannot be read on: for OUTPUT a presentation error (an
/// I/O error: a judge failure), for ANSWER a judge failure.
fn unreadable(side: Side, why: Unreadable) -> Verdict {
    let name = match side {
        Side::Output => "OUTPUT",
        Side::Answer => "ANSWER",
    };
    match (side, why) {
        (Side::Output, Unreadable::NotUtf8(at)) => Verdict::PresentationError(format!(
            "output is not text: invalid UTF-8 at byte offset {}",
            at
        )),
        (Side::Answer, Unreadable::NotUtf8(at)) => Verdict::JudgeFailure(format!(
            "ANSWER is not UTF-8 text (invalid byte at offset {})",
            at
        )),
        (Side::Output, Unreadable::TooLong(line)) => {
            Verdict::PresentationError(format!("line {} is longer than 1 MiB", line))
        }
        (Side::Answer, Unreadable::TooLong(line)) => {
            Verdict::JudgeFailure(format!("ANSWER: line {} is longer than 1 MiB", line))
        }
        (_, Unreadable::Io(line, e)) => {
            Verdict::JudgeFailure(format!("{}: line {}: {}", name, line, e))
        }
        (Side::Output, Unreadable::StrayReturn(line, column)) => {
            Verdict::PresentationError(format!(
                "line {}, column {}: a carriage return inside a line",
                line, column
            ))
        }
        (Side::Answer, Unreadable::StrayReturn(line, column)) => Verdict::JudgeFailure(format!(
            "ANSWER: line {}, column {}: a carriage return inside a line",
            line, column
        )),
    }
}

/// Why `board` is not a completion of `puzzle` (a board of its shape),
/// naming the first problem: a changed given, a blank, or a repeated
/// value, values written as `symbols` says (`None` when it is one).
fn why_not_a_solution(puzzle: &Grid, board: &Grid, symbols: Symbols) -> Option<String> {
    // The answer is judged by the puzzle's rules (a variant's diagonals,
    // regions and cages).
    let judged = puzzle
        .with_cells(board.cells().to_vec())
        .unwrap_or_else(|_| board.clone());
    let board = &judged;
    let name = |i: usize| puzzle.shape().cell_name(i);
    let cells = puzzle.cells().iter().zip(board.cells());
    for (i, (&p, &b)) in cells.enumerate() {
        if p != 0 && b != p {
            let given = symbols.value(p);
            return Some(if b == 0 {
                format!(
                    "{} is a given {}, the output leaves it blank",
                    name(i),
                    given
                )
            } else {
                let got = symbols.value(b);
                format!("{} is a given {}, the output has {}", name(i), given, got)
            });
        }
    }
    if let Some(i) = board.cells().iter().position(|&v| v == 0) {
        return Some(format!("{} is left blank", name(i)));
    }
    symbols
        .first_clash(board)
        .or_else(|| match board.first_break()? {
            Break::Sum(cage, total) => Some(format!(
                "the values of {} add up to {}",
                cage.name(puzzle.shape()),
                total
            )),
            Break::Repeat(..) => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::solve::nine;
    use crate::testdata::{BOJ2580_IN, BOJ2580_OUT, EMPTY_DIGITS, NOT_SMALLEST, SMALLEST};

    /// The checker as it was before rules: one puzzle per INPUT, any
    /// completion or (`smallest`) the smallest, in `format` or the input's.
    fn one_case(
        input: &[u8],
        output: &[u8],
        answer: Option<&[u8]>,
        smallest: bool,
        format: Option<Format>,
    ) -> Verdict {
        let rule = Rule {
            cases: Cases::One,
            format,
            ..Rule::new(if smallest {
                Answers::Smallest
            } else {
                Answers::Any
            })
        };
        check(&rule, input, output, answer)
    }

    fn check_str(input: &str, output: &str) -> Verdict {
        one_case(input.as_bytes(), output.as_bytes(), None, false, None)
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
        let v = one_case(BOJ2580_IN.as_bytes(), &garbage, None, false, None);
        assert_eq!(
            reason(&v),
            "output is not text: invalid UTF-8 at byte offset 10"
        );
        let huge = vec![b'7'; format::MAX_LINE + 1];
        let v = one_case(BOJ2580_IN.as_bytes(), &huge, None, false, None);
        assert_eq!(reason(&v), "line 1 is longer than 1 MiB");
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
        let v = one_case(EMPTY_DIGITS.as_bytes(), other.as_bytes(), None, true, None);
        assert_eq!(
            reason(&v),
            "not the smallest completion: r1c1 is 2, the smallest completion has 1"
        );
        assert_eq!(v.exit_code(), 1);
        let ok = one_case(
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
        assert_eq!(
            one_case(inp, best, Some(best), true, None),
            Verdict::Accepted
        );
        let other = NOT_SMALLEST;
        let v = one_case(inp, other.as_bytes(), Some(best), true, None);
        assert_eq!(v.exit_code(), 1);
        // Without --smallest, the answer is only the jury's reference.
        assert_eq!(
            one_case(inp, other.as_bytes(), Some(best), false, None),
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
        let v = one_case(&[0xff], SMALLEST.as_bytes(), None, false, None);
        assert_eq!(v.exit_code(), 3);
    }

    #[test]
    fn an_answer_that_does_not_solve_the_input_is_a_judge_failure() {
        let wrong = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
        let v = one_case(
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
        let v = one_case(
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
        let solved = format::parse_all(input, None)[0]
            .as_ref()
            .unwrap()
            .board()
            .unwrap();
        let solution = nine::solve(&solved).unwrap();
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
        let v = one_case(
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

    #[test]
    fn a_rule_takes_judge_confs_keys() {
        let conf = crate::judge::problem::parse_conf(
            "answers = unique\ncases = eof\nformat = spaced\nno_solution = Find another job\n\
             many_solutions = Non-unique\ntime_limit = 1\n",
        )
        .unwrap();
        assert_eq!(
            Rule::from_conf(&conf),
            Rule {
                answers: Answers::Unique,
                cases: Cases::Eof,
                from: Some(Format::Spaced), // `format`'s, when `from` is absent
                format: Some(Format::Spaced),
                no_solution: Some("Find another job".into()),
                many_solutions: Some("Non-unique".into()),
                sizing: Sizing::default(),
                header: None,
                one_solution: None,
                illegal: None,
                not_minimal: None,
                variant: None,
            }
        );
        let default = Rule::from_conf(&Conf::default());
        assert_eq!(default, Rule::new(Answers::Exact));
        // exact reads no INPUT: a broken one does not matter.
        let v = check(&default, b"garbage", b"1 2\n", Some(b"1 2\n"));
        assert_eq!(v, Verdict::Accepted);
    }
}
