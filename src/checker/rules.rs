//! Judging a text (OUTPUT, or the jury's ANSWER) puzzle by puzzle, in
//! INPUT's order, under the rule:
//!
//! | rule | per puzzle |
//! |---|---|
//! | `any` | a completion; the `no_solution` line when there is none |
//! | `smallest` | the smallest completion; the `no_solution` line when there is none |
//! | `unique` | its one solution; the `no_solution` line for none, the `many_solutions` line for several |
//! | `count` | the number of solutions (or the `no_solution` line for 0), then the board when it is 1 |
//!
//! Answers follow each other line by line; blank lines between them are
//! skipped (judges print none, one, or more), blank lines before the first
//! or inside a board are not.

use super::jury::{Case, Jury};
use super::layout::{read_board, show_text, Lines};
use super::{why_not_a_solution, Rule, COUNT_CAP};
use crate::board::Board;
use crate::problem::Answers;

/// Whose text is judged: the contestant's OUTPUT or the jury's ANSWER.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Side {
    Output,
    Answer,
}

/// Why a text is not accepted, before it is phrased for its [`Side`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Fault {
    /// Not laid out as the rule says (a presentation error in OUTPUT).
    Layout(String),
    /// Laid out right, but the wrong answer.
    Wrong(String),
    /// A board that is not a completion of its puzzle.
    NotSolution(String),
    /// A completion that is not the smallest: the first cell that differs,
    /// its digit, and the smallest completion's.
    NotSmallest(usize, u8, u8),
    /// The checker cannot decide (a judge failure on either side).
    Unjudgeable(String),
}

/// A fault, and the puzzle it is about (`None`: the text as a whole, or
/// the one puzzle of a single-case INPUT).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Found {
    pub puzzle: Option<usize>,
    pub fault: Fault,
}

/// Judges `text` as the answers to every puzzle of `jury`, in order: the
/// first fault found, or `Ok`. Text after the last answer is a layout
/// fault; so is a missing answer.
pub(super) fn judge_all(rule: &Rule, jury: &mut Jury, text: &str, side: Side) -> Result<(), Found> {
    let mut lines = Lines::new(text);
    let whole = |fault| Found {
        puzzle: None,
        fault,
    };
    if lines.is_empty() && !jury.cases.is_empty() {
        return Err(whole(Fault::Layout("empty output".to_string())));
    }
    let total = jury.cases.len();
    let mut last_was_board = false;
    for (k, case) in jury.cases.iter_mut().enumerate() {
        let puzzle = jury.multi.then_some(case.number);
        if k > 0 {
            lines.skip_blank();
        }
        let found = |fault| Found { puzzle, fault };
        if lines.peek().is_none() {
            let missing = format!("no answer ({} of {} given)", k, total);
            return Err(found(Fault::Layout(missing)));
        }
        last_was_board = match rule.answers {
            Answers::Count => judge_count(rule, case, &mut lines, side),
            _ => judge_solution(rule, case, &mut lines),
        }
        .map_err(found)?;
    }
    lines.skip_blank();
    if let Some(extra) = lines.peek() {
        let after = match (jury.multi, last_was_board) {
            (true, _) => "the last answer",
            (false, true) => "the board",
            (false, false) => "the answer",
        };
        return Err(whole(Fault::Layout(format!(
            "stray text on line {} after {}: {}",
            lines.number(),
            after,
            show_text(extra)
        ))));
    }
    Ok(())
}

/// What the answer to one puzzle must be under `any`, `smallest` or
/// `unique`: a board, or a line, with why.
enum Expect<'r> {
    Board(&'static str),
    Line(&'r str, String),
}

/// The expected answer to `case`. Reading INPUT made sure that a rule
/// without the line a puzzle needs is a judge failure there.
fn expected<'r>(rule: &'r Rule, case: &mut Case) -> Result<Expect<'r>, Fault> {
    let solutions = match rule.answers {
        Answers::Unique => case.solutions_up_to(2),
        answers => usize::from(case.solvable(answers)),
    };
    let (line, why) = match solutions {
        0 => (
            &rule.no_solution,
            match case.puzzle.first_clash() {
                Some(clash) => format!("its givens clash: {}", clash),
                None => "the puzzle has no solution".to_string(),
            },
        ),
        1 if rule.answers == Answers::Unique => {
            return Ok(Expect::Board("the puzzle has one solution"))
        }
        _ if rule.answers == Answers::Unique => (
            &rule.many_solutions,
            "the puzzle has several solutions".to_string(),
        ),
        _ => return Ok(Expect::Board("the puzzle has a solution")),
    };
    match line {
        Some(line) => Ok(Expect::Line(line, why)),
        None => Err(Fault::Unjudgeable(why)),
    }
}

/// The rule's line that `line` is, if any (`no_solution`, and under
/// `unique` `many_solutions`).
fn is_rule_line(rule: &Rule, line: &str) -> bool {
    let many = rule
        .many_solutions
        .as_deref()
        .filter(|_| rule.answers == Answers::Unique);
    rule.no_solution.as_deref() == Some(line) || many == Some(line)
}

/// One answer under `any`, `smallest` or `unique`: a board or a rule's
/// line. Returns true when it was a board.
fn judge_solution(rule: &Rule, case: &mut Case, lines: &mut Lines) -> Result<bool, Fault> {
    let line = lines.peek().unwrap_or("");
    match expected(rule, case)? {
        Expect::Line(want, _) if want == line => {
            lines.advance();
            Ok(false)
        }
        Expect::Line(want, why) => {
            let got = if is_rule_line(rule, line) {
                format!("`{}`", line)
            } else if read_board(lines, &case.style).is_ok() {
                "a board".to_string()
            } else {
                show_text(line)
            };
            Err(Fault::Wrong(format!(
                "expected `{}` ({}), got {}",
                want, why, got
            )))
        }
        Expect::Board(why) if is_rule_line(rule, line) => Err(Fault::Wrong(format!(
            "expected a board ({}), got `{}`",
            why, line
        ))),
        Expect::Board(_) => {
            let board = read_board(lines, &case.style).map_err(Fault::Layout)?;
            judge_board(rule.answers, case, &board)?;
            Ok(true)
        }
    }
}

/// A board answer to `case`: a completion, and under `smallest` the
/// smallest one.
fn judge_board(answers: Answers, case: &mut Case, board: &Board) -> Result<(), Fault> {
    if let Some(why) = why_not_a_solution(&case.puzzle, board) {
        return Err(Fault::NotSolution(why));
    }
    if answers == Answers::Smallest {
        if let Some(best) = case.smallest() {
            if let Some(i) = (0..81).find(|&i| board.0[i] != best.0[i]) {
                return Err(Fault::NotSmallest(i, board.0[i], best.0[i]));
            }
        }
    }
    Ok(())
}

/// One answer under `count`: a line with the number of solutions (or the
/// `no_solution` line), then the board when the number is 1. Returns true
/// when a board was read.
fn judge_count(rule: &Rule, case: &mut Case, lines: &mut Lines, side: Side) -> Result<bool, Fault> {
    let line = lines.peek().unwrap_or("");
    let no_solution = rule.no_solution.as_deref();
    let claim = if no_solution == Some(line) {
        0
    } else if !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()) {
        line.parse().unwrap_or(usize::MAX)
    } else {
        let or_line = no_solution.map_or(String::new(), |l| format!(" or `{}`", l));
        let got = match line {
            "" => "a blank line".to_string(),
            _ => show_text(line),
        };
        return Err(Fault::Layout(format!(
            "line {}: expected the number of solutions{}, got {}",
            lines.number(),
            or_line,
            got
        )));
    };
    lines.advance();
    confirm_count(case, claim, line, side)?;
    if let Some(want) = no_solution.filter(|&l| claim == 0 && l != line) {
        return Err(Fault::Wrong(format!(
            "expected `{}` (the puzzle has no solution), got {}",
            want,
            show_text(line)
        )));
    }
    if claim != 1 {
        return Ok(false);
    }
    let board = read_board(lines, &case.style).map_err(Fault::Layout)?;
    judge_board(Answers::Any, case, &board)?;
    Ok(true)
}

/// `1 solution`, `2 solutions`.
fn solutions(n: usize) -> String {
    format!("{} solution{}", n, if n == 1 { "" } else { "s" })
}

/// Checks that `case` has exactly `claim` solutions (written as `got`) by
/// counting to `claim + 1`, at most to [`COUNT_CAP`] + 1. Beyond the cap
/// the checker cannot confirm a number: ANSWER's is kept and trusted, and
/// OUTPUT's must equal it (without ANSWER that is a judge failure).
fn confirm_count(case: &mut Case, claim: usize, got: &str, side: Side) -> Result<(), Fault> {
    let limit = claim.saturating_add(1).min(COUNT_CAP + 1);
    let n = case.solutions_up_to(limit);
    let got = show_text(got);
    if n < limit && n == claim {
        return Ok(());
    }
    if n < limit {
        return Err(Fault::Wrong(format!(
            "the puzzle has {}, got {}",
            solutions(n),
            got
        )));
    }
    if claim <= COUNT_CAP {
        return Err(Fault::Wrong(format!(
            "the puzzle has more than {}, got {}",
            solutions(claim),
            got
        )));
    }
    match (side, case.jury_count) {
        (Side::Answer, _) => {
            case.jury_count = Some(claim);
            Ok(())
        }
        (Side::Output, Some(jury)) if jury == claim => Ok(()),
        (Side::Output, Some(jury)) => Err(Fault::Wrong(format!(
            "the puzzle has more than {} (the checker's cap), ANSWER says {}, got {}",
            solutions(COUNT_CAP),
            jury,
            got
        ))),
        (Side::Output, None) => Err(Fault::Unjudgeable(format!(
            "the puzzle has more than {} (the checker's cap), and there is no ANSWER to confirm {}",
            solutions(COUNT_CAP),
            got
        ))),
    }
}
