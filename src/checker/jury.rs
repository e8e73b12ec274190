//! The jury's side: INPUT framed into puzzles as the rule's `cases` says,
//! each with the truth the rule needs (solvable, its smallest completion,
//! its number of solutions), computed once and kept for ANSWER and OUTPUT.

use super::{utf8, Rule};
use crate::board::Board;
use crate::format::{self, ParseError, Puzzle, Style};
use crate::problem::{Answers, Cases};
use crate::solver;

/// One puzzle of INPUT and what is known of its solutions.
pub(super) struct Case {
    /// 1-based number of the puzzle in INPUT.
    pub number: usize,
    pub puzzle: Board,
    /// The style its answer must be written in.
    pub style: Style,
    /// `min(solutions, counted_to)`, exact when below `counted_to`.
    counted: usize,
    counted_to: usize,
    /// The smallest completion, once asked for (`Some(None)`: none).
    smallest: Option<Option<Board>>,
    /// The number of solutions ANSWER gives, kept when it lies beyond
    /// [`super::COUNT_CAP`], where the checker cannot confirm it.
    pub jury_count: Option<usize>,
}

impl Case {
    pub(super) fn new(number: usize, puzzle: Board, style: Style) -> Case {
        Case {
            number,
            puzzle,
            style,
            counted: 0,
            counted_to: 0,
            smallest: None,
            jury_count: None,
        }
    }

    /// `min(number of solutions, limit)`; 0 for clashing givens. Counts
    /// only as far as no earlier call did.
    pub fn solutions_up_to(&mut self, limit: usize) -> usize {
        let exact = self.counted < self.counted_to;
        if exact || limit <= self.counted_to {
            return self.counted.min(limit);
        }
        self.counted = solver::count_solutions(&self.puzzle, limit);
        self.counted_to = limit;
        self.counted
    }

    /// The lexicographically smallest completion, `None` when there is none.
    pub fn smallest(&mut self) -> Option<Board> {
        if self.smallest.is_none() {
            let best = solver::smallest_solution(&self.puzzle);
            if best.is_none() {
                (self.counted, self.counted_to) = (0, usize::MAX);
            }
            self.smallest = Some(best);
        }
        self.smallest.flatten()
    }

    /// True when the puzzle has a solution (for `smallest`, the smallest
    /// one is searched right away: it is needed anyway).
    pub fn solvable(&mut self, answers: Answers) -> bool {
        if answers == Answers::Smallest {
            self.smallest().is_some()
        } else {
            self.solutions_up_to(1) == 1
        }
    }
}

/// INPUT as the checker needs it.
pub(super) struct Jury {
    pub cases: Vec<Case>,
    /// True when INPUT is multi-case (a count line, an `end` line, several
    /// puzzles, or a multi-case framing): verdicts then name the puzzle.
    pub multi: bool,
}

/// Reads INPUT under `rule`: framed into puzzles, each well-formed, and,
/// unless the rule has an answer for it, clash-free, solvable and (for
/// `unique` without a `many_solutions` line) unique. The error is the
/// judge failure's reason.
pub(super) fn read(input: &[u8], rule: &Rule) -> Result<Jury, String> {
    let text = utf8(input)
        .map_err(|at| format!("INPUT is not UTF-8 text (invalid byte at offset {})", at))?;
    let framed = framed_puzzles(text, rule.cases);
    let found = framed.puzzles.len();
    if found == 0 && framed.announced != Some(0) {
        return Err("INPUT holds no puzzle".to_string());
    }
    if rule.cases == Cases::One && found > 1 {
        return Err(format!("INPUT holds {} puzzles; a case holds one", found));
    }
    let multi = found > 1
        || framed.announced.is_some()
        || framed.ended
        || matches!(
            rule.cases,
            Cases::Count | Cases::End | Cases::Eof | Cases::Size
        );
    let mut cases = Vec::with_capacity(found);
    for parsed in framed.puzzles {
        let p = parsed.map_err(|e| format!("INPUT: {}", e))?;
        let style = match rule.format {
            Some(f) if f != p.style.format => Style::new(f),
            _ => p.style.clone(),
        };
        let board = p.board().ok_or_else(|| {
            format!(
                "INPUT: puzzle {}: {}: the checker judges 9x9 boards",
                p.number,
                p.grid.shape().describe()
            )
        })?;
        let mut case = Case::new(p.number, board, style);
        // `count` answers every puzzle, and a `no_solution` line answers
        // the clashing and the unsolvable ones.
        if rule.answers == Answers::Count || rule.no_solution.is_some() {
            cases.push(case);
            continue;
        }
        let who = match multi {
            true => format!("INPUT: puzzle {}", case.number),
            false => "INPUT".to_string(),
        };
        if let Some(clash) = case.puzzle.first_clash() {
            return Err(format!("{}: {}", who, clash));
        }
        if !case.solvable(rule.answers) {
            return Err(format!("{} has no solution", who));
        }
        if rule.answers == Answers::Unique
            && rule.many_solutions.is_none()
            && case.solutions_up_to(2) > 1
        {
            return Err(format!(
                "{} has several solutions, and the rule has no many_solutions line",
                who
            ));
        }
        cases.push(case);
    }
    Ok(Jury { cases, multi })
}

// ------------------------------------------------------------------ framing
//
// ------------------------------------------------------------- the framing

/// INPUT's puzzles, with what framed them.
struct Framed {
    puzzles: Vec<Result<Puzzle, ParseError>>,
    /// T, when a first line announced T puzzles.
    announced: Option<usize>,
    /// True when a line `end` closed the puzzles.
    ended: bool,
}

/// Frames `text` as `cases` says, with the kit's own reader (the one
/// `sudoku solve` reads judge inputs with): a count line, an `end` line,
/// boards to the end, or one board. A count that does not match the boards
/// comes back as an error among the puzzles, naming its line.
fn framed_puzzles(text: &str, cases: Cases) -> Framed {
    let mut reader = format::puzzles_framed(text, None, cases);
    let puzzles: Vec<_> = reader.by_ref().collect();
    Framed {
        puzzles,
        announced: reader.announced(),
        ended: reader.ended_at().is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{BOJ2239_IN, EMPTY_DIGITS, WIKI};

    fn rule(answers: Answers, cases: Cases) -> Rule {
        Rule {
            cases,
            ..Rule::new(answers)
        }
    }

    /// The puzzle count and the multi-case flag, or the judge failure.
    fn framing(input: &str, cases: Cases) -> Result<(usize, bool), String> {
        read(input.as_bytes(), &rule(Answers::Any, cases)).map(|j| (j.cases.len(), j.multi))
    }

    #[test]
    fn a_count_line_announces_the_puzzles_and_must_match() {
        let two = format!("2\n{}\n{}", EMPTY_DIGITS, BOJ2239_IN);
        assert_eq!(framing(&two, Cases::Count), Ok((2, true)));
        assert_eq!(framing(&two, Cases::Auto), Ok((2, true)));
        let one = format!("1\n{}", EMPTY_DIGITS);
        assert_eq!(framing(&one, Cases::Auto), Ok((1, true)));
        assert_eq!(framing(EMPTY_DIGITS, Cases::Auto), Ok((1, false)));
        let short = format!("3\n{}\n{}", EMPTY_DIGITS, BOJ2239_IN);
        assert_eq!(
            framing(&short, Cases::Count),
            Err(
                "INPUT: line 1: the count on this line says 3 boards, but the input ends after \
                 2 boards"
                    .into()
            )
        );
        assert_eq!(
            framing(EMPTY_DIGITS, Cases::Count),
            Err(
                "INPUT: line 1: expected the number of boards on the first line, found `000000000`"
                    .into()
            )
        );
        assert_eq!(framing("0\n", Cases::Count), Ok((0, true)));
    }

    #[test]
    fn a_blanked_count_line_keeps_inputs_line_numbers() {
        let bad = format!(
            "2\n{}\n{}",
            EMPTY_DIGITS,
            BOJ2239_IN.replacen("002109400", "00210940x", 1)
        );
        assert_eq!(
            framing(&bad, Cases::Count),
            Err("INPUT: puzzle 2, line 13, column 9: 'x' is not a digit 0-9 or '.'".into())
        );
    }

    #[test]
    fn an_end_line_closes_the_input_and_the_end_of_input_does_too() {
        let ended = format!("{}\n{}\nend\nthis is not read\n", WIKI, WIKI);
        assert_eq!(framing(&ended, Cases::End), Ok((2, true)));
        assert_eq!(framing(&ended, Cases::Auto), Ok((2, true)));
        assert!(framing(&ended, Cases::Eof).is_err());
        let open = format!("{}\n{}\n", WIKI, WIKI);
        assert_eq!(framing(&open, Cases::End), Ok((2, true)));
        assert_eq!(framing(&format!("{}\n", WIKI), Cases::End), Ok((1, true)));
        assert_eq!(
            framing("end\n", Cases::End),
            Err("INPUT holds no puzzle".into())
        );
    }

    #[test]
    fn one_holds_exactly_one_puzzle_and_eof_reads_them_all() {
        let two = format!("{}\n{}\n", WIKI, WIKI);
        assert_eq!(
            framing(&two, Cases::One),
            Err("INPUT holds 2 puzzles; a case holds one".into())
        );
        assert_eq!(framing(&two, Cases::Eof), Ok((2, true)));
        assert_eq!(framing(WIKI, Cases::Eof), Ok((1, true)));
        assert_eq!(framing(WIKI, Cases::One), Ok((1, false)));
    }

    #[test]
    fn truths_are_counted_once_and_only_as_far_as_asked() {
        let mut case = Case::new(1, Board::EMPTY, Style::new(format::Format::Line));
        assert_eq!(case.solutions_up_to(3), 3);
        assert_eq!(case.solutions_up_to(2), 2);
        assert_eq!(case.solutions_up_to(5), 5);
        assert!(case.solvable(Answers::Smallest));
        let mut dead = Case::new(1, Board([1; 81]), Style::new(format::Format::Line));
        assert!(!dead.solvable(Answers::Smallest));
        assert_eq!(dead.solutions_up_to(10), 0);
    }
}
