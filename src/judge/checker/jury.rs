//! The jury's side: INPUT framed into puzzles as the rule's `cases` says
//! (by the kit's own [`Reader`], the one `sudoku solve` reads judge inputs
//! with), read one at a time, each with the truth the rule needs
//! (solvable, its smallest completion, its number of solutions, whether it
//! is minimal), computed once and kept for ANSWER and OUTPUT.

use super::symbols::Symbols;
use super::Rule;
use crate::board::grid::Grid;
use crate::format::Cases;
use crate::format::{ParseError, Puzzle, Reader, Style};
use crate::judge::problem::Answers;
use crate::solve::any;
use std::collections::VecDeque;
use std::io::BufRead;

/// One puzzle of INPUT and what is known of its solutions.
pub(super) struct JuryCase {
    /// 1-based number of the puzzle in INPUT.
    pub number: usize,
    pub puzzle: Grid,
    /// The style its answer must be written in.
    pub style: Style,
    /// How values are written in its answers (and in messages about it).
    pub symbols: Symbols,
    /// `min(solutions, counted_to)`, exact when below `counted_to`.
    counted: usize,
    counted_to: usize,
    /// The smallest completion, once asked for (`Some(None)`: none).
    smallest: Option<Option<Grid>>,
    /// A given that can go, once asked for (`Some(None)`: none can).
    removable: Option<Option<usize>>,
    /// The number of solutions ANSWER gives, kept when it lies beyond
    /// [`super::COUNT_CAP`], where the checker cannot confirm it.
    pub jury_count: Option<usize>,
}

impl JuryCase {
    pub(super) fn new(number: usize, puzzle: Grid, style: Style) -> JuryCase {
        JuryCase {
            number,
            symbols: Symbols::of(&style, puzzle.shape()),
            puzzle,
            style,
            counted: 0,
            counted_to: 0,
            smallest: None,
            removable: None,
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
        self.counted = any::count_solutions(&self.puzzle, limit);
        self.counted_to = limit;
        self.counted
    }

    /// The lexicographically smallest completion, `None` when there is none.
    pub fn smallest(&mut self) -> Option<&Grid> {
        if self.smallest.is_none() {
            let best = any::smallest_solution(&self.puzzle);
            if best.is_none() {
                (self.counted, self.counted_to) = (0, usize::MAX);
            }
            self.smallest = Some(best);
        }
        self.smallest.as_ref().and_then(Option::as_ref)
    }

    /// For a puzzle with one solution: the first given, row-major, without
    /// which the puzzle still has one solution (`Some(cell)`: the puzzle is
    /// not minimal), or `None` when taking any one given away leaves
    /// several (a minimal puzzle). Cost: a count to 2 per given, once.
    pub fn removable_given(&mut self) -> Option<usize> {
        if let Some(known) = self.removable {
            return known;
        }
        let mut without = self.puzzle.clone();
        let mut removable = None;
        for (i, &value) in self.puzzle.cells().iter().enumerate() {
            if value == 0 {
                continue;
            }
            without.set(i, 0);
            if any::count_solutions(&without, 2) == 1 {
                removable = Some(i);
                break;
            }
            without.set(i, value);
        }
        self.removable = Some(removable);
        removable
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

/// INPUT as the checker needs it: its puzzles read one at a time, each
/// checked as the rule needs before it is handed out. Memory: one puzzle,
/// and one more read ahead at the start.
pub(super) struct Jury<R> {
    reader: Reader<R>,
    /// Puzzles read ahead (to tell one puzzle from several), in order.
    ahead: VecDeque<Result<Puzzle, ParseError>>,
    /// True when INPUT is multi-case (a count line, an `end` line, several
    /// puzzles, or a multi-case framing): verdicts then name the puzzle.
    pub multi: bool,
}

impl<R: BufRead> Jury<R> {
    /// Opens INPUT under `rule`: reads its first puzzle, and the second
    /// where that decides whether INPUT is multi-case. The error (no
    /// puzzle at all; several under `cases = one`) is the judge failure's
    /// reason.
    pub(super) fn open(input: R, rule: &Rule) -> Result<Jury<R>, String> {
        let mut reader = Reader::new(input, rule.from, rule.cases).with_sizing(rule.sizing);
        let mut ahead: VecDeque<_> = reader.next().into_iter().collect();
        if ahead.is_empty() && reader.announced() != Some(0) {
            return Err("INPUT holds no puzzle".to_string());
        }
        if !ahead.is_empty() && matches!(rule.cases, Cases::Auto | Cases::One) {
            ahead.extend(reader.next());
        }
        if rule.cases == Cases::One && ahead.len() > 1 {
            // A first board that cannot be read is the fault, not what the
            // reader made of the text after it.
            if let Some(Err(e)) = ahead.front() {
                return Err(format!("INPUT: {}", e));
            }
            let found = ahead.len() + reader.by_ref().count();
            return Err(format!("INPUT holds {} puzzles; a case holds one", found));
        }
        let multi = ahead.len() > 1
            || reader.announced().is_some()
            || reader.ended_at().is_some()
            || matches!(
                rule.cases,
                Cases::Count | Cases::End | Cases::Eof | Cases::Size
            );
        Ok(Jury {
            reader,
            ahead,
            multi,
        })
    }

    /// The next puzzle of INPUT, well-formed and, unless the rule has an
    /// answer for it, clash-free, solvable and (for `unique` without a
    /// `many_solutions` line) unique; `None` after the last. The error is
    /// the judge failure's reason.
    pub(super) fn next_case(&mut self, rule: &Rule) -> Result<Option<JuryCase>, String> {
        let parsed = match self.ahead.pop_front().or_else(|| self.reader.next()) {
            Some(parsed) => parsed,
            None => return Ok(None),
        };
        let mut p = parsed.map_err(|e| format!("INPUT: {}", e))?;
        if let Some(variant) = &rule.variant {
            let n = p.grid.size();
            p.grid = p.grid.with_variant(variant.clone()).map_err(|_| {
                format!(
                    "INPUT: puzzle {}: a {}x{} board; the rule's variant layouts are for another size",
                    p.number, n, n
                )
            })?;
        }
        // A forced format keeps the puzzle's convention (letters stay
        // letters).
        let style = match rule.format {
            Some(f) if f != p.style.format => Style {
                convention: p.style.convention,
                ..Style::new(f)
            },
            _ => p.style,
        };
        let mut case = JuryCase::new(p.number, p.grid, style);
        // `count` and `classify` answer every puzzle (a missing line is
        // found when the answer is judged), and a `no_solution` line
        // answers the clashing and the unsolvable ones.
        if matches!(rule.answers, Answers::Count | Answers::Classify) || rule.no_solution.is_some()
        {
            return Ok(Some(case));
        }
        let who = match self.multi {
            true => format!("INPUT: puzzle {}", case.number),
            false => "INPUT".to_string(),
        };
        if let Some(clash) = case.symbols.first_clash(&case.puzzle) {
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
        Ok(Some(case))
    }

    /// Reads the rest of INPUT as [`Jury::next_case`] does: the number of
    /// puzzles left, or the first judge failure among them.
    pub(super) fn rest(&mut self, rule: &Rule) -> Result<usize, String> {
        let mut left = 0;
        while self.next_case(rule)?.is_some() {
            left += 1;
        }
        Ok(left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::testdata::{BOJ2239_IN, EMPTY_DIGITS, WIKI};

    fn rule(answers: Answers, cases: Cases) -> Rule {
        Rule {
            cases,
            ..Rule::new(answers)
        }
    }

    /// The puzzle count and the multi-case flag, or the judge failure.
    fn framing(input: &str, cases: Cases) -> Result<(usize, bool), String> {
        let rule = rule(Answers::Any, cases);
        let mut jury = Jury::open(input.as_bytes(), &rule)?;
        let puzzles = jury.rest(&rule)?;
        Ok((puzzles, jury.multi))
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
        let empty = Grid::from_board(&crate::Board::EMPTY);
        let mut case = JuryCase::new(1, empty, Style::new(format::Format::Line));
        assert_eq!(case.solutions_up_to(3), 3);
        assert_eq!(case.solutions_up_to(2), 2);
        assert_eq!(case.solutions_up_to(5), 5);
        assert!(case.solvable(Answers::Smallest));
        let ones = Grid::from_board(&crate::Board([1; 81]));
        let mut dead = JuryCase::new(1, ones, Style::new(format::Format::Line));
        assert!(!dead.solvable(Answers::Smallest));
        assert_eq!(dead.solutions_up_to(10), 0);
    }

    #[test]
    fn a_given_that_can_go_is_found_and_a_minimal_puzzle_has_none() {
        let wiki = Grid::from_board(&crate::Board(crate::testdata::cells(WIKI)));
        let mut case = JuryCase::new(1, wiki.clone(), Style::new(format::Format::Line));
        // Wikipedia's puzzle has 30 givens and keeps its solution without r1c1's 5.
        assert_eq!(case.removable_given(), Some(0));
        assert_eq!(case.removable_given(), Some(0)); // kept, not searched again
                                                     // Four givens on 4x4, one solution, and each given needed (checked by brute force).
        let minimal = Grid::new(
            crate::board::shape::Shape::new(2, 2).expect("2x2 boxes"),
            vec![0, 0, 0, 1, 0, 4, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0],
        )
        .expect("a 4x4 grid");
        assert_eq!(any::count_solutions(&minimal, 2), 1);
        let mut case = JuryCase::new(1, minimal, Style::new(format::Format::Digits));
        assert_eq!(case.removable_given(), None);
    }
}
