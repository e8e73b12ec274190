//! Judging a text (OUTPUT, or the jury's ANSWER) answer by answer, in
//! INPUT's order, under the rule:
//!
//! | rule | per puzzle |
//! |---|---|
//! | `any` | a completion; the `no_solution` line when there is none |
//! | `smallest` | the smallest completion; the `no_solution` line when there is none |
//! | `unique` | its one solution; the `no_solution` line for none, the `many_solutions` line for several, the `not_minimal` line for one that is not minimal |
//! | `count` | the number of solutions (or the `no_solution` line for 0), then the board when it is 1 |
//! | `classify` | one line naming its class (`classify`) |
//!
//! Answers follow each other line by line; blank lines between them are
//! skipped (judges print none, one, or more), blank lines before the first
//! or inside a board are not. With a separator line (`---`), that line must
//! stand between two answers, blank lines around it aside; with a header
//! (`Case #{}:`), that line, numbered, must come right before each answer. A [`Judged`] text is read only as far as the
//! answer being judged: the caller hands it one case at a time.

use super::classify;
use super::fault::Fault;
use super::jury::JuryCase;
use super::layout::{show_text, Layout};
use super::lines::Lines;
use super::{why_not_a_solution, Rule, COUNT_CAP};
use crate::board::grid::Grid;
use crate::format::Separator;
use crate::judge::problem::Answers;
use std::io::BufRead;

/// Whose text is judged: the contestant's OUTPUT or the jury's ANSWER.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Side {
    Output,
    Answer,
}

/// A fault, and the puzzle it is about (`None`: the text as a whole, or
/// the one puzzle of a single-case INPUT).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct FaultAt {
    pub puzzle: Option<usize>,
    pub fault: Fault,
}

/// One text being judged, answer by answer.
pub(super) struct Judged<R> {
    pub side: Side,
    lines: Lines<R>,
    layout: Layout,
    /// Answers judged so far.
    given: usize,
    /// True when the last answer judged was a board.
    last_was_board: bool,
}

impl<R: BufRead> Judged<R> {
    /// The text `input`, for `side`, nothing read yet.
    pub(super) fn new(side: Side, input: R) -> Judged<R> {
        Judged {
            side,
            lines: Lines::new(input),
            layout: Layout::default(),
            given: 0,
            last_was_board: false,
        }
    }

    /// Judges the text's next answer as the answer to `case` (named in a
    /// fault when `multi`). An empty text is a fault at the first answer.
    pub(super) fn answer(
        &mut self,
        rule: &Rule,
        case: &mut JuryCase,
        multi: bool,
    ) -> Result<(), FaultAt> {
        let puzzle = multi.then_some(case.number);
        let found = |fault| match fault {
            Fault::Unreadable(_) => FaultAt {
                puzzle: None,
                fault,
            },
            fault => FaultAt { puzzle, fault },
        };
        if self.given > 0 {
            self.lines
                .skip_blank()
                .map_err(|u| found(Fault::Unreadable(u)))?;
            if let Some(separator) = rule.sizing.separator {
                self.separator(separator).map_err(found)?;
            }
        }
        if let Some(header) = &rule.header {
            self.header(header, case.number).map_err(found)?;
        }
        let next = self.lines.peek_bytes();
        match next.map_err(|u| found(Fault::Unreadable(u)))? {
            None if self.given == 0 => {
                return Err(FaultAt {
                    puzzle: None,
                    fault: Fault::Layout("empty output".to_string()),
                })
            }
            None => return Err(found(Fault::Missing(self.given))),
            Some(_) => {}
        }
        self.last_was_board = match rule.answers {
            Answers::Count => self.judge_count(rule, case),
            Answers::Classify => self.judge_class(rule, case),
            _ => self.judge_solution(rule, case),
        }
        .map_err(found)?;
        self.given += 1;
        Ok(())
    }

    /// After the last answer: any text left is a layout fault.
    pub(super) fn finish(&mut self, multi: bool) -> Result<(), FaultAt> {
        let whole = |fault| FaultAt {
            puzzle: None,
            fault,
        };
        self.lines
            .skip_blank()
            .map_err(|u| whole(Fault::Unreadable(u)))?;
        let number = self.lines.number();
        let extra = match self.lines.peek() {
            Ok(Some(extra)) => extra,
            Ok(None) => return Ok(()),
            Err(u) => return Err(whole(Fault::Unreadable(u))),
        };
        let after = match (multi, self.last_was_board) {
            (true, _) => "the last answer",
            (false, true) => "the board",
            (false, false) => "the answer",
        };
        Err(whole(Fault::Layout(format!(
            "stray text on line {} after {}: {}",
            number,
            after,
            show_text(extra)
        ))))
    }

    /// The separator line that must stand between two answers (blank
    /// lines around it are skipped); a missing one is a layout fault, and
    /// the end of the text is left for the missing answer to report.
    fn separator(&mut self, separator: Separator) -> Result<(), Fault> {
        let number = self.lines.number();
        let line = match self.lines.peek().map_err(Fault::Unreadable)? {
            None => return Ok(()),
            Some(line) => line,
        };
        if !separator.matches(line) {
            return Err(Fault::Layout(format!(
                "line {}: expected the separator `{}` between two answers, got {}",
                number,
                separator,
                show_text(line)
            )));
        }
        self.lines.advance();
        self.lines.skip_blank().map_err(Fault::Unreadable)
    }

    /// The header line before answer `number` (`header` with `{}` as the
    /// number); a missing or another line is a layout fault, and the end of
    /// the text is left for the missing answer to report.
    fn header(&mut self, header: &str, number: usize) -> Result<(), Fault> {
        let want = header.replace("{}", &number.to_string());
        let at = self.lines.number();
        match self.lines.peek().map_err(Fault::Unreadable)? {
            None => Ok(()),
            Some(line) if line.trim_end() == want => {
                self.lines.advance();
                Ok(())
            }
            Some(line) => Err(Fault::Layout(format!(
                "line {}: expected `{}`, got {}",
                at,
                want,
                show_text(line)
            ))),
        }
    }

    /// The next line as text (`""` when none is left).
    fn peek_line(&mut self) -> Result<String, Fault> {
        let line = self.lines.peek().map_err(Fault::Unreadable)?;
        Ok(line.unwrap_or("").to_string())
    }

    /// One answer under `any`, `smallest` or `unique`: a board or a rule's
    /// line. Returns true when it was a board.
    fn judge_solution(&mut self, rule: &Rule, case: &mut JuryCase) -> Result<bool, Fault> {
        let line = self.peek_line()?;
        match expected(rule, case)? {
            Expect::Line(want, _) if want == line => {
                self.lines.advance();
                Ok(false)
            }
            Expect::Line(want, why) => {
                let got = if is_rule_line(rule, &line) {
                    format!("`{}`", line)
                } else {
                    match self
                        .layout
                        .read_board(&mut self.lines, &case.style, &case.puzzle)
                    {
                        Ok(_) => "a board".to_string(),
                        Err(Fault::Unreadable(u)) => return Err(Fault::Unreadable(u)),
                        Err(_) => show_text(&line),
                    }
                };
                Err(Fault::Wrong(format!(
                    "expected `{}` ({}), got {}",
                    want, why, got
                )))
            }
            Expect::Board(why) if is_rule_line(rule, &line) => Err(Fault::Wrong(format!(
                "expected a board ({}), got `{}`",
                why, line
            ))),
            Expect::Board(_) => {
                let board = self
                    .layout
                    .read_board(&mut self.lines, &case.style, &case.puzzle)?;
                judge_board(rule.answers, case, &board)?;
                Ok(true)
            }
        }
    }

    /// One answer under `count`: a line with the number of solutions (or
    /// the `no_solution` line), then the board when the number is 1.
    /// Returns true when a board was read.
    fn judge_count(&mut self, rule: &Rule, case: &mut JuryCase) -> Result<bool, Fault> {
        let line = self.peek_line()?;
        let no_solution = rule.no_solution.as_deref();
        let claim = if no_solution == Some(line.as_str()) {
            0
        } else if !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()) {
            line.parse().unwrap_or(usize::MAX)
        } else {
            let or_line = no_solution.map_or(String::new(), |l| format!(" or `{}`", l));
            let got = match line.as_str() {
                "" => "a blank line".to_string(),
                _ => show_text(&line),
            };
            return Err(Fault::Layout(format!(
                "line {}: expected the number of solutions{}, got {}",
                self.lines.number(),
                or_line,
                got
            )));
        };
        self.lines.advance();
        confirm_count(case, claim, &line, self.side, COUNT_CAP)?;
        if let Some(want) = no_solution.filter(|&l| claim == 0 && l != line) {
            return Err(Fault::Wrong(format!(
                "expected `{}` (the puzzle has no solution), got {}",
                want,
                show_text(&line)
            )));
        }
        if claim != 1 {
            return Ok(false);
        }
        let board = self
            .layout
            .read_board(&mut self.lines, &case.style, &case.puzzle)?;
        judge_board(Answers::Any, case, &board)?;
        Ok(true)
    }
}

impl<R: BufRead> Judged<R> {
    /// One answer under `classify`: the line of the puzzle's class
    /// ([`classify::expected_line`]). Another class's line is a wrong
    /// answer, any other line a layout fault. Returns false (no board is
    /// read).
    fn judge_class(&mut self, rule: &Rule, case: &mut JuryCase) -> Result<bool, Fault> {
        let line = self.peek_line()?;
        let (want, why) = classify::expected_line(rule, case)?;
        if line.trim_end() == want {
            self.lines.advance();
            return Ok(false);
        }
        let message = format!("expected `{}` ({}), got {}", want, why, show_text(&line));
        if classify::class_lines(rule, case.number).contains(&line.trim_end().to_string()) {
            Err(Fault::Wrong(message))
        } else {
            Err(Fault::Layout(format!(
                "line {}: {}",
                self.lines.number(),
                message
            )))
        }
    }
}

/// What the answer to one puzzle must be under `any`, `smallest` or
/// `unique`: a board, or a line, with why.
enum Expect<'r> {
    Board(&'static str),
    Line(&'r str, String),
}

/// The expected answer to `case`. Reading INPUT made sure that a rule
/// without the line a puzzle needs is a judge failure there.
fn expected<'r>(rule: &'r Rule, case: &mut JuryCase) -> Result<Expect<'r>, Fault> {
    let solutions = match rule.answers {
        Answers::Unique => case.solutions_up_to(2),
        answers => usize::from(case.solvable(answers)),
    };
    let (line, why) = match solutions {
        0 => (
            &rule.no_solution,
            match case.symbols.first_clash(&case.puzzle) {
                Some(clash) => format!("its givens clash: {}", clash),
                None => "the puzzle has no solution".to_string(),
            },
        ),
        1 if rule.answers == Answers::Unique => {
            return Ok(match classify::not_minimal(rule, case) {
                Some((line, why)) => Expect::Line(line, why),
                None if rule.not_minimal.is_some() => {
                    Expect::Board("the puzzle has one solution and is minimal")
                }
                None => Expect::Board("the puzzle has one solution"),
            });
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
/// `unique` `many_solutions` and `not_minimal`).
fn is_rule_line(rule: &Rule, line: &str) -> bool {
    let unique = |l: &Option<String>| {
        l.as_deref()
            .filter(|_| rule.answers == Answers::Unique)
            .is_some_and(|l| l == line)
    };
    rule.no_solution.as_deref() == Some(line)
        || unique(&rule.many_solutions)
        || unique(&rule.not_minimal)
}

/// A board answer to `case`: a completion, and under `smallest` the
/// smallest one.
fn judge_board(answers: Answers, case: &mut JuryCase, board: &Grid) -> Result<(), Fault> {
    if let Some(why) = why_not_a_solution(&case.puzzle, board, case.symbols) {
        return Err(Fault::NotSolution(why));
    }
    if answers == Answers::Smallest {
        let symbols = case.symbols;
        if let Some(best) = case.smallest() {
            let cells = board.cells().iter().zip(best.cells());
            if let Some((i, (&got, &want))) = cells.enumerate().find(|(_, (a, b))| a != b) {
                return Err(Fault::NotSmallest(
                    board.shape().cell_name(i),
                    symbols.value(got),
                    symbols.value(want),
                ));
            }
        }
    }
    Ok(())
}

/// `1 solution`, `2 solutions`.
fn solutions(n: usize) -> String {
    format!("{} solution{}", n, if n == 1 { "" } else { "s" })
}

/// Checks that `case` has exactly `claim` solutions (written as `got`) by
/// counting to `claim + 1`, at most to `cap + 1` ([`COUNT_CAP`]). Beyond
/// the cap the checker cannot confirm a number: ANSWER's is kept and
/// trusted, and OUTPUT's must equal it (without ANSWER that is a judge
/// failure).
fn confirm_count(
    case: &mut JuryCase,
    claim: usize,
    got: &str,
    side: Side,
    cap: usize,
) -> Result<(), Fault> {
    let limit = claim.saturating_add(1).min(cap + 1);
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
    if claim <= cap {
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
            solutions(cap),
            jury,
            got
        ))),
        (Side::Output, None) => Err(Fault::Unjudgeable(format!(
            "the puzzle has more than {} (the checker's cap), and there is no ANSWER to confirm {}",
            solutions(cap),
            got
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Style;
    use crate::judge::checker::{check, Cases, Verdict};
    use crate::testdata::{
        BOJ2239_IN, BOJ2239_OUT, BOJ2580_IN, BOJ2580_OUT, CLASH, EMPTY_DIGITS, NOT_SMALLEST,
        SMALLEST, TWO_SOLUTIONS, UNSOLVABLE, WIKI, WIKI_SOLVED,
    };

    fn rule(answers: Answers, cases: Cases) -> Rule {
        Rule {
            cases,
            ..Rule::new(answers)
        }
    }

    /// Kattis sudokunique's lines.
    fn kattis() -> Rule {
        Rule {
            no_solution: Some("Find another job".into()),
            many_solutions: Some("Non-unique".into()),
            ..rule(Answers::Unique, Cases::Eof)
        }
    }

    fn judged(rule: &Rule, input: &str, output: &str) -> Verdict {
        check(rule, input.as_bytes(), output.as_bytes(), None)
    }

    #[test]
    fn any_judges_each_puzzle_of_a_counted_input_in_order() {
        let input = format!("2\n{}\n{}", EMPTY_DIGITS, BOJ2239_IN);
        let any = rule(Answers::Any, Cases::Count);
        let two = format!("{}{}", NOT_SMALLEST, BOJ2239_OUT);
        assert_eq!(judged(&any, &input, &two), Verdict::Accepted);
        let two = format!("{}{}", SMALLEST, BOJ2239_OUT);
        assert_eq!(judged(&any, &input, &two), Verdict::Accepted);
        let wrong = format!("{}{}", SMALLEST, BOJ2239_OUT.replacen("143", "134", 1));
        assert_eq!(
            judged(&any, &input, &wrong),
            Verdict::WrongAnswer("puzzle 2: r1c3 is a given 3, the output has 4".into())
        );
    }

    #[test]
    fn a_missing_answer_and_extra_output_are_presentation_errors() {
        let input = format!("3\n{}\n{}\n{}", EMPTY_DIGITS, BOJ2239_IN, EMPTY_DIGITS);
        let any = rule(Answers::Any, Cases::Auto);
        let short = format!("{}\n{}", SMALLEST, BOJ2239_OUT);
        assert_eq!(
            judged(&any, &input, &short),
            Verdict::PresentationError("puzzle 3: no answer (2 of 3 given)".into())
        );
        let long = format!("{}{}{}\n{}", SMALLEST, BOJ2239_OUT, SMALLEST, SMALLEST);
        assert_eq!(
            judged(&any, &input, &long),
            Verdict::PresentationError(
                "stray text on line 29 after the last answer: \"123456789\"".into()
            )
        );
        assert_eq!(
            judged(&any, &input, "\n\n"),
            Verdict::PresentationError("empty output".into())
        );
    }

    #[test]
    fn blank_lines_between_answers_are_tolerated_but_not_before_the_first() {
        let input = format!("{}\n{}", WIKI, WIKI);
        let unique = rule(Answers::Unique, Cases::Eof);
        let spread = format!("{}\n\n\n{} \r\n\n", WIKI_SOLVED, WIKI_SOLVED);
        assert_eq!(judged(&unique, &input, &spread), Verdict::Accepted);
        let packed = format!("{}\n{}", WIKI_SOLVED, WIKI_SOLVED);
        assert_eq!(judged(&unique, &input, &packed), Verdict::Accepted);
        let leading = format!("\n{}", packed);
        assert_eq!(
            judged(&unique, &input, &leading),
            Verdict::PresentationError(
                "puzzle 1: line 1 is blank (the answer must be in the line format)".into()
            )
        );
        // Inside a board, a blank line is still a presentation error.
        let spaced = format!("{}\n{}", BOJ2580_IN, BOJ2580_IN);
        let gap = format!("{}\n{}", BOJ2580_OUT, BOJ2580_OUT.replacen('\n', "\n\n", 1));
        assert_eq!(
            judged(&unique, &spaced, &gap),
            Verdict::PresentationError(
                "puzzle 2: line 12 is blank (the answer must be in the spaced format)".into()
            )
        );
    }

    #[test]
    fn smallest_takes_the_no_solution_line_for_unsolvable_and_clashing_puzzles() {
        let smallest = Rule {
            no_solution: Some("NO SOLUTION".into()),
            ..rule(Answers::Smallest, Cases::Eof)
        };
        let clash = "11.......\n".to_string() + &".........\n".repeat(8);
        let unsolvable: String = UNSOLVABLE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
            .collect();
        let input = format!("{}\n\n{}\n{}", EMPTY_DIGITS, clash, unsolvable);
        let good = format!("{}\nNO SOLUTION\n\nNO SOLUTION\n", SMALLEST);
        assert_eq!(judged(&smallest, &input, &good), Verdict::Accepted);
        let other = format!("{}\nNO SOLUTION\nNO SOLUTION\n", NOT_SMALLEST);
        assert_eq!(
            judged(&smallest, &input, &other),
            Verdict::WrongAnswer(
                "puzzle 1: not the smallest completion: r1c1 is 2, the smallest completion has 1"
                    .into()
            )
        );
        let missed = "NO SOLUTION\nNO SOLUTION\nNO SOLUTION\n";
        assert_eq!(
            judged(&smallest, &input, missed),
            Verdict::WrongAnswer(
                "puzzle 1: expected a board (the puzzle has a solution), got `NO SOLUTION`".into()
            )
        );
        let solved = format!("{}\n{}\nNO SOLUTION\n", SMALLEST, SMALLEST);
        assert_eq!(
            judged(&smallest, &input, &solved),
            Verdict::WrongAnswer(
                "puzzle 2: expected `NO SOLUTION` (its givens clash: digit 1 repeats in row 1 \
                 (r1c1 and r1c2)), got a board"
                    .into()
            )
        );
    }

    #[test]
    fn unique_classifies_each_puzzle() {
        let input = format!("{}\n{}\n{}", BOJ2580_IN, TWO_SOLUTIONS, CLASH);
        let good = format!("{}\nNon-unique\n\nFind another job\n", BOJ2580_OUT);
        assert_eq!(judged(&kattis(), &input, &good), Verdict::Accepted);
        let swapped = format!("{}\nFind another job\n\nNon-unique\n", BOJ2580_OUT);
        assert_eq!(
            judged(&kattis(), &input, &swapped),
            Verdict::WrongAnswer(
                "puzzle 2: expected `Non-unique` (the puzzle has several solutions), \
                 got `Find another job`"
                    .into()
            )
        );
        // A valid completion of a puzzle with several is still wrong.
        let solved = format!("{}\n{}\nFind another job\n", BOJ2580_OUT, BOJ2580_OUT);
        assert_eq!(
            judged(&kattis(), &input, &solved),
            Verdict::WrongAnswer(
                "puzzle 2: expected `Non-unique` (the puzzle has several solutions), got a board"
                    .into()
            )
        );
        let typo = format!("{}\nNon-Unique\nFind another job\n", BOJ2580_OUT);
        assert_eq!(
            judged(&kattis(), &input, &typo),
            Verdict::WrongAnswer(
                "puzzle 2: expected `Non-unique` (the puzzle has several solutions), \
                 got \"Non-Unique\""
                    .into()
            )
        );
        let classified = "Non-unique\nNon-unique\nFind another job\n";
        assert_eq!(
            judged(&kattis(), &input, classified),
            Verdict::WrongAnswer(
                "puzzle 1: expected a board (the puzzle has one solution), got `Non-unique`".into()
            )
        );
    }

    #[test]
    fn unique_without_its_lines_makes_such_puzzles_broken_cases() {
        let poj3074 = rule(Answers::Unique, Cases::End);
        let input = format!(
            "{}\n{}\nend\n",
            WIKI,
            TWO_SOLUTIONS.split_whitespace().collect::<String>()
        );
        assert_eq!(
            judged(&poj3074, &input, WIKI_SOLVED),
            Verdict::JudgeFailure(
                "INPUT: puzzle 2 has several solutions, and the rule has no many_solutions line"
                    .into()
            )
        );
        let input = format!("{}\n{}\nend\n", WIKI, UNSOLVABLE);
        assert_eq!(
            judged(&poj3074, &input, WIKI_SOLVED),
            Verdict::JudgeFailure("INPUT: puzzle 2 has no solution".into())
        );
    }

    #[test]
    fn count_gives_the_number_then_the_board_for_one() {
        let sudogob = rule(Answers::Count, Cases::Count);
        let input = format!("3\n{}\n{}\n{}", BOJ2580_IN, CLASH, TWO_SOLUTIONS);
        let good = format!("1\n{}0\n2\n", BOJ2580_OUT);
        assert_eq!(judged(&sudogob, &input, &good), Verdict::Accepted);
        let too_many = format!("1\n{}0\n3\n", BOJ2580_OUT);
        assert_eq!(
            judged(&sudogob, &input, &too_many),
            Verdict::WrongAnswer("puzzle 3: the puzzle has 2 solutions, got \"3\"".into())
        );
        let too_few = format!("1\n{}0\n1\n{}", BOJ2580_OUT, BOJ2580_OUT);
        assert_eq!(
            judged(&sudogob, &input, &too_few),
            Verdict::WrongAnswer("puzzle 3: the puzzle has more than 1 solution, got \"1\"".into())
        );
        let no_board = "1\n0\n2\n";
        assert_eq!(
            judged(&sudogob, &input, no_board),
            Verdict::PresentationError(
                "puzzle 1: line 2 has 1 cells, expected 9: \"0\" (the answer must be in the \
                 spaced format)"
                    .into()
            )
        );
        let words = format!("1\n{}none\n2\n", BOJ2580_OUT);
        assert_eq!(
            judged(&sudogob, &input, &words),
            Verdict::PresentationError(
                "puzzle 2: line 11: expected the number of solutions, got \"none\"".into()
            )
        );
        let blank = BOJ2580_OUT.replacen("1 3 5", "0 3 5", 1);
        let unsolved = format!("1\n{}0\n2\n", blank);
        assert_eq!(
            judged(&sudogob, &input, &unsolved),
            Verdict::WrongAnswer("puzzle 1: r1c1 is left blank".into())
        );
    }

    #[test]
    fn count_confirms_numbers_up_to_its_cap_and_then_trusts_the_answer() {
        let case = || {
            JuryCase::new(
                1,
                Grid::from_board(&crate::Board::EMPTY),
                Style::new(crate::format::Format::Digits),
            )
        };
        let mut empty = case();
        assert_eq!(
            confirm_count(&mut empty, 10, "10", Side::Output, 100),
            Err(Fault::Wrong(
                "the puzzle has more than 10 solutions, got \"10\"".into()
            ))
        );
        let mut empty = case();
        let unconfirmed = confirm_count(&mut empty, 500, "500", Side::Output, 100);
        assert_eq!(
            unconfirmed,
            Err(Fault::Unjudgeable(
                "the puzzle has more than 100 solutions (the checker's cap), and there is no \
                 ANSWER to confirm \"500\""
                    .into()
            ))
        );
        assert_eq!(
            confirm_count(&mut empty, 500, "500", Side::Answer, 100),
            Ok(())
        );
        assert_eq!(
            confirm_count(&mut empty, 500, "500", Side::Output, 100),
            Ok(())
        );
        assert_eq!(
            confirm_count(&mut empty, 501, "501", Side::Output, 100),
            Err(Fault::Wrong(
                "the puzzle has more than 100 solutions (the checker's cap), ANSWER says 500, \
                 got \"501\""
                    .into()
            ))
        );
        // A number beyond the cap for a puzzle with few solutions is wrong.
        let mut few = JuryCase::new(
            1,
            Grid::from_board(&crate::Board(crate::testdata::cells(TWO_SOLUTIONS))),
            Style::new(crate::format::Format::Spaced),
        );
        assert_eq!(
            confirm_count(&mut few, 10_000, "10000", Side::Output, 100),
            Err(Fault::Wrong(
                "the puzzle has 2 solutions, got \"10000\"".into()
            ))
        );
    }

    #[test]
    fn an_answer_that_disagrees_with_the_truth_is_a_judge_failure() {
        let input = format!("{}\n{}\n{}", BOJ2580_IN, TWO_SOLUTIONS, CLASH);
        let good = format!("{}\nNon-unique\n\nFind another job\n", BOJ2580_OUT);
        let wrong = format!("{}\nFind another job\n\nFind another job\n", BOJ2580_OUT);
        let v = check(
            &kattis(),
            input.as_bytes(),
            good.as_bytes(),
            Some(wrong.as_bytes()),
        );
        assert_eq!(
            v,
            Verdict::JudgeFailure(
                "ANSWER disagrees with INPUT: puzzle 2: expected `Non-unique` (the puzzle has \
                 several solutions), got `Find another job`"
                    .into()
            )
        );
        let sudogob = rule(Answers::Count, Cases::Count);
        let input = format!("2\n{}\n{}", CLASH, TWO_SOLUTIONS);
        let v = check(&sudogob, input.as_bytes(), b"0\n2\n", Some(b"0\n3\n"));
        assert_eq!(
            v,
            Verdict::JudgeFailure(
                "ANSWER disagrees with INPUT: puzzle 2: the puzzle has 2 solutions, got \"3\""
                    .into()
            )
        );
        let any = rule(Answers::Any, Cases::Count);
        let input = format!("2\n{}\n{}", EMPTY_DIGITS, BOJ2239_IN);
        let answer = format!("{}{}", SMALLEST, EMPTY_DIGITS);
        let v = check(
            &any,
            input.as_bytes(),
            answer.as_bytes(),
            Some(answer.as_bytes()),
        );
        assert_eq!(
            v,
            Verdict::JudgeFailure(
                "ANSWER does not solve INPUT: puzzle 2: r1c1 is a given 1, the output leaves it \
                 blank"
                    .into()
            )
        );
        let v = check(
            &any,
            input.as_bytes(),
            answer.as_bytes(),
            Some(SMALLEST.as_bytes()),
        );
        assert_eq!(
            v,
            Verdict::JudgeFailure("ANSWER: puzzle 2: no answer (1 of 2 given)".into())
        );
    }
}
