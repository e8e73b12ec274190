//! Difficulty levels from the human techniques a puzzle needs.
//!
//! The grader solves the way a careful person does: at every step it
//! applies the *simplest* technique of [`crate::logic::techniques`] that
//! makes progress (singles first), so the same puzzle always gets the same
//! steps and the same level. When no technique applies it guesses (the solution's
//! digit in a cell with fewest candidates) and goes on.
//!
//! | level | techniques allowed |
//! |---|---|
//! | `simple` | naked singles only |
//! | `easy` | also hidden singles |
//! | `intermediate` | also pointing pairs/triples, box/line reduction, naked and hidden pairs |
//! | `expert` | anything beyond: x-wing, or a guess |
//!
//! Cost: O(steps · 81 · 9) after one `count_solutions(_, 2)`; well under a
//! millisecond for most puzzles.

use crate::board::{Board, Clash};
use crate::logic::candidates::Candidates;
use crate::logic::step::{Step, Technique};
use crate::logic::techniques;
use crate::solve::nine;
use std::fmt;
use std::str::FromStr;

/// A difficulty level, easiest first (the derived order compares them).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// Naked singles alone solve it.
    Simple,
    /// Naked and hidden singles solve it.
    Easy,
    /// Singles, locked candidates and pairs solve it.
    Intermediate,
    /// It needs more: x-wing or guessing.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [
        Level::Simple,
        Level::Easy,
        Level::Intermediate,
        Level::Expert,
    ];

    /// `simple`, `easy`, `intermediate` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Easy => "easy",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }

    /// The level a technique belongs to.
    pub fn of(technique: Technique) -> Level {
        match technique {
            Technique::NakedSingle => Level::Simple,
            Technique::HiddenSingle => Level::Easy,
            Technique::Pointing
            | Technique::BoxLine
            | Technique::NakedPair
            | Technique::HiddenPair => Level::Intermediate,
            Technique::XWing | Technique::Guess => Level::Expert,
        }
    }

    /// The deductions allowed at this level, simplest first (never `Guess`).
    pub fn techniques(self) -> Vec<Technique> {
        Technique::ALL
            .iter()
            .copied()
            .filter(|&t| t != Technique::Guess && Level::of(t) <= self)
            .collect()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    /// Parses a level name; the error lists the accepted names.
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .iter()
            .copied()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown difficulty `{}` (expected simple, easy, intermediate or expert)",
                    s
                )
            })
    }
}

/// The grade of a puzzle with exactly one solution.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The hardest level among the techniques used.
    pub level: Level,
    /// How many times each technique was applied, indexed by
    /// [`Technique::index`].
    pub counts: [usize; 8],
    /// Every step, in order; applied to the puzzle they fill it completely.
    pub steps: Vec<Step>,
    /// The solution.
    pub solution: Board,
}

impl Grade {
    /// How many times `technique` was applied.
    pub fn count(&self, technique: Technique) -> usize {
        self.counts[technique.index()]
    }
}

impl fmt::Display for Grade {
    /// The level, two spaces, then `name=count` for each technique used,
    /// simplest first, one space apart: `easy  naked_single=31 hidden_single=19`.
    /// A puzzle with no blank is `simple` alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.level.name())?;
        let mut sep = "  ";
        for t in Technique::ALL {
            let n = self.count(t);
            if n > 0 {
                write!(f, "{}{}={}", sep, t.name(), n)?;
                sep = " ";
            }
        }
        Ok(())
    }
}

/// Why a puzzle was not graded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GradeError {
    /// Two givens repeat a digit.
    Clash(Clash),
    /// No completion exists.
    NoSolution,
    /// Two or more completions exist, so logic alone cannot decide it.
    SeveralSolutions,
}

impl fmt::Display for GradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeError::Clash(c) => write!(f, "{}", c),
            GradeError::NoSolution => f.write_str("no solution"),
            GradeError::SeveralSolutions => f.write_str("several solutions"),
        }
    }
}

/// Grades `puzzle`: checks it has exactly one solution
/// (`count_solutions(_, 2)`), then solves it simplest technique first,
/// guessing when stuck. Deterministic.
pub fn grade(puzzle: &Board) -> Result<Grade, GradeError> {
    if let Some(clash) = puzzle.first_clash() {
        return Err(GradeError::Clash(clash));
    }
    match nine::count_solutions(puzzle, 2) {
        0 => return Err(GradeError::NoSolution),
        1 => {}
        _ => return Err(GradeError::SeveralSolutions),
    }
    let solution = nine::solve(puzzle).ok_or(GradeError::NoSolution)?;
    let mut grid = Candidates::new(puzzle).map_err(GradeError::Clash)?;
    let techniques = Level::Expert.techniques();
    let mut counts = [0; 8];
    let mut steps = Vec::new();
    let mut level = Level::Simple;
    while !grid.is_solved() {
        let step = match techniques::next_step(&grid, &techniques) {
            Some(step) => step,
            None => match techniques::guess(&grid, &solution) {
                Some(step) => step,
                None => break,
            },
        };
        grid.apply(&step);
        counts[step.technique.index()] += 1;
        level = level.max(Level::of(step.technique));
        steps.push(step);
    }
    Ok(Grade {
        level,
        counts,
        steps,
        solution,
    })
}

/// True when the deductions of `level` and below solve `puzzle` completely
/// (which proves it has exactly one solution), i.e. when a puzzle with one
/// solution grades `level` or easier. Always true for [`Level::Expert`] on
/// such a puzzle; for other levels no solver call is made, so this is the
/// cheap test the generator uses. Clashing givens give false.
pub fn solves_within(puzzle: &Board, level: Level) -> bool {
    let mut grid = match Candidates::new(puzzle) {
        Ok(g) => g,
        Err(_) => return false,
    };
    if level == Level::Expert {
        return nine::count_solutions(puzzle, 2) == 1;
    }
    let techniques = level.techniques();
    while !grid.is_solved() {
        match techniques::next_step(&grid, &techniques) {
            Some(step) => grid.apply(&step),
            None => return false,
        }
    }
    // A contradictory puzzle could "fill" through bad deductions only if
    // some cell ran out of candidates, which stops the run above; still,
    // trust nothing: the filled grid must be a valid completion.
    grid.board().solves(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{cells, BRUTE, ESCARGOT, INKALA, SIMPLE};

    #[test]
    fn naked_singles_puzzle_grades_simple() {
        let g = grade(&Board(cells(SIMPLE))).unwrap();
        assert_eq!(g.level, Level::Simple);
        assert_eq!(g.to_string(), "simple  naked_single=3");
    }

    #[test]
    fn brute_force_puzzle_grades_easy() {
        let g = grade(&Board(cells(BRUTE))).unwrap();
        assert_eq!(g.level, Level::Easy);
        assert_eq!(
            g.count(Technique::NakedSingle) + g.count(Technique::HiddenSingle),
            64
        );
        assert_eq!(g.steps[0].technique, Technique::HiddenSingle);
        assert!(solves_within(&Board(cells(BRUTE)), Level::Easy));
        assert!(!solves_within(&Board(cells(BRUTE)), Level::Simple));
    }

    #[test]
    fn escargot_and_inkala_grade_expert() {
        for p in [ESCARGOT, INKALA] {
            let g = grade(&Board(cells(p))).unwrap();
            assert_eq!(g.level, Level::Expert, "{}", p);
            assert!(g.count(Technique::Guess) > 0);
            assert!(!solves_within(&Board(cells(p)), Level::Intermediate));
        }
    }

    #[test]
    fn steps_replay_to_the_solution() {
        for p in [BRUTE, ESCARGOT, INKALA, SIMPLE] {
            let g = grade(&Board(cells(p))).unwrap();
            let mut grid = Candidates::new(&Board(cells(p))).unwrap();
            for s in g.steps.iter() {
                if let Some((i, d)) = s.place {
                    assert_eq!(g.solution.0[i], d, "{}", s);
                }
                for &(i, d) in s.remove.iter() {
                    assert_ne!(g.solution.0[i], d, "{}", s);
                }
                grid.apply(s);
            }
            assert_eq!(grid.board(), g.solution);
        }
    }

    #[test]
    fn unsolvable_and_ambiguous_puzzles_are_not_graded() {
        assert_eq!(grade(&Board::EMPTY), Err(GradeError::SeveralSolutions));
        // r1c1 sees 2..9 in its row and 1 in its column: no candidate.
        let mut broken = Board::EMPTY;
        for c in 1..9 {
            broken.0[c] = c as u8 + 1;
        }
        broken.0[36] = 1;
        assert_eq!(grade(&broken), Err(GradeError::NoSolution));
        let mut clash = Board(cells(SIMPLE));
        clash.0[0] = 3;
        assert!(matches!(grade(&clash), Err(GradeError::Clash(_))));
    }

    #[test]
    fn levels_parse_and_order() {
        assert_eq!("intermediate".parse::<Level>(), Ok(Level::Intermediate));
        assert!("hard"
            .parse::<Level>()
            .unwrap_err()
            .contains("expected simple"));
        assert!(Level::Simple < Level::Expert);
        assert_eq!(
            Level::Easy.techniques(),
            vec![Technique::NakedSingle, Technique::HiddenSingle]
        );
    }
}
