//! Which line a puzzle's answer must be, where the rule answers with lines:
//! `classify`'s class of each puzzle, and the `not_minimal` line that
//! `unique` and `classify` put in place of a puzzle's one solution when
//! that puzzle is not minimal (HDU 3909).
//!
//! | the puzzle | `classify` | `unique` |
//! |---|---|---|
//! | its givens clash | `illegal` (else `no_solution`) | `no_solution` |
//! | no solution | `no_solution` | `no_solution` |
//! | one solution, a given can go (with `not_minimal`) | `not_minimal` | `not_minimal` |
//! | one solution | `one_solution` | the board |
//! | several | `many_solutions` | `many_solutions` |
//!
//! A puzzle with one solution is minimal when taking any one of its givens
//! away leaves several; it is asked only when the rule has a `not_minimal`
//! line, and costs a count to 2 per given (once per puzzle).

use super::fault::Fault;
use super::jury::JuryCase;
use super::Rule;

/// Under `classify`, the line `case`'s answer must be (`{}` standing for
/// its number) and why. A class the rule has no line for cannot be judged.
pub(super) fn expected_line(rule: &Rule, case: &mut JuryCase) -> Result<(String, String), Fault> {
    let (line, why) = match case.symbols.first_clash(&case.puzzle) {
        Some(clash) => (
            rule.illegal.as_ref().or(rule.no_solution.as_ref()),
            format!("its givens clash: {}", clash),
        ),
        None => match case.solutions_up_to(2) {
            0 => (
                rule.no_solution.as_ref(),
                "the puzzle has no solution".to_string(),
            ),
            1 => match not_minimal(rule, case) {
                Some((line, why)) => (Some(line), why),
                None => (
                    rule.one_solution.as_ref(),
                    "the puzzle has one solution".to_string(),
                ),
            },
            _ => (
                rule.many_solutions.as_ref(),
                "the puzzle has several solutions".to_string(),
            ),
        },
    };
    match line {
        Some(line) => Ok((numbered(line, case.number), why)),
        None => Err(Fault::Unjudgeable(format!(
            "{}, and the rule has no line for it",
            why
        ))),
    }
}

/// Every line of the rule under `classify` for puzzle `number`: an answer
/// that is one of them names another class (a wrong answer), any other
/// text is not in the answers' layout.
pub(super) fn class_lines(rule: &Rule, number: usize) -> Vec<String> {
    [
        &rule.illegal,
        &rule.no_solution,
        &rule.one_solution,
        &rule.not_minimal,
        &rule.many_solutions,
    ]
    .iter()
    .filter_map(|line| line.as_ref().map(|l| numbered(l, number)))
    .collect()
}

/// For a puzzle with one solution: when the rule has a `not_minimal` line
/// and a given of `case` can go (the puzzle keeps its one solution without
/// it), that line and why; `None` when the rule does not ask, or the
/// puzzle is minimal.
pub(super) fn not_minimal<'r>(rule: &'r Rule, case: &mut JuryCase) -> Option<(&'r String, String)> {
    let line = rule.not_minimal.as_ref()?;
    let given = case.removable_given()?;
    let cell = case.puzzle.shape().cell_name(given);
    let value = case.symbols.value(case.puzzle.get(given));
    let why = format!(
        "the puzzle has one solution and keeps it without its given {} at {}: it is not minimal",
        value, cell
    );
    Some((line, why))
}

/// `line` with `{}` standing for the puzzle's `number`.
fn numbered(line: &str, number: usize) -> String {
    line.replace("{}", &number.to_string())
}

#[cfg(test)]
mod tests {
    use crate::judge::checker::{check, Answers, Cases, Rule, Verdict};
    use crate::testdata::WIKI_SOLVED;

    /// HDU 3909's rule: sizes framed by a line n, the three lines.
    fn hdu3909(answers: Answers) -> Rule {
        Rule {
            cases: Cases::Size,
            no_solution: Some("No Solution".into()),
            many_solutions: Some("Multiple Solutions".into()),
            not_minimal: Some("Not Minimal".into()),
            ..Rule::new(answers)
        }
    }

    /// Four 4x4 puzzles: minimal (four givens, each needed), not minimal (a
    /// fifth given the others force), several solutions, clashing givens.
    const INPUT: &str = "2\n...1\n.4..\n..2.\n3...\n\
                         2\n...1\n.4..\n..2.\n3..4\n\
                         2\n...1\n....\n..2.\n3...\n\
                         2\n1..1\n....\n....\n....\n";

    const SOLVED: &str = "2341\n1432\n4123\n3214\n";

    fn judged(rule: &Rule, output: &str) -> Verdict {
        check(rule, INPUT.as_bytes(), output.as_bytes(), None)
    }

    #[test]
    fn unique_puts_the_not_minimal_line_in_place_of_a_board() {
        let rule = hdu3909(Answers::Unique);
        let good = format!("{}Not Minimal\nMultiple Solutions\nNo Solution\n", SOLVED);
        assert_eq!(judged(&rule, &good), Verdict::Accepted);
        let board = format!("{}{}Multiple Solutions\nNo Solution\n", SOLVED, SOLVED);
        assert_eq!(
            judged(&rule, &board),
            Verdict::WrongAnswer(
                "puzzle 2: expected `Not Minimal` (the puzzle has one solution and keeps it \
                 without its given 4 at r4c4: it is not minimal), got a board"
                    .into()
            )
        );
        let classified = "Not Minimal\nNot Minimal\nMultiple Solutions\nNo Solution\n";
        assert_eq!(
            judged(&rule, classified),
            Verdict::WrongAnswer(
                "puzzle 1: expected a board (the puzzle has one solution and is minimal), got \
                 `Not Minimal`"
                    .into()
            )
        );
        // Without the line, minimality is not asked: a unique puzzle is answered by its board.
        let plain = Rule {
            not_minimal: None,
            ..rule
        };
        let boards = format!("{}{}Multiple Solutions\nNo Solution\n", SOLVED, SOLVED);
        assert_eq!(judged(&plain, &boards), Verdict::Accepted);
    }

    #[test]
    fn classify_names_a_not_minimal_puzzle_with_its_line() {
        let rule = Rule {
            one_solution: Some("Minimal {}".into()),
            illegal: Some("Clash {}".into()),
            ..hdu3909(Answers::Classify)
        };
        let good = "Minimal 1\nNot Minimal\nMultiple Solutions\nClash 4\n";
        assert_eq!(judged(&rule, good), Verdict::Accepted);
        let wrong = good.replace("Not Minimal", "Minimal 2");
        assert_eq!(
            judged(&rule, &wrong),
            Verdict::WrongAnswer(
                "puzzle 2: expected `Not Minimal` (the puzzle has one solution and keeps it \
                 without its given 4 at r4c4: it is not minimal), got \"Minimal 2\""
                    .into()
            )
        );
        let stray = good.replace("Not Minimal", "Not minimal");
        assert_eq!(judged(&rule, &stray).exit_code(), 2);
    }

    #[test]
    fn a_full_grid_is_not_minimal_and_asking_costs_nothing_without_the_line() {
        // A full 9x9 grid has one solution, and keeps it without any one given.
        let rule = Rule {
            cases: Cases::Eof,
            one_solution: Some("Unique".into()),
            ..hdu3909(Answers::Classify)
        };
        let input = format!("{}\n", WIKI_SOLVED);
        let v = check(&rule, input.as_bytes(), b"Not Minimal\n", None);
        assert_eq!(v, Verdict::Accepted);
        let plain = Rule {
            not_minimal: None,
            ..rule
        };
        let v = check(&plain, input.as_bytes(), b"Unique\n", None);
        assert_eq!(v, Verdict::Accepted);
    }
}
