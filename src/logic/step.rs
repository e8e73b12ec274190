//! What a technique is and what one application of it did: [`Technique`]
//! (simplest first, the grading order) and [`Step`] (a placement or a set
//! of eliminations), with the sentence a learner reads for each step
//! (`Step`'s `Display`, what `sudoku grade --explain` prints).
//!
//! Also here: [`Candidates::apply`], which writes a step into a grid, so
//! that the grid's file ([`crate::logic::candidates`]) needs nothing from
//! this one.
//!
//! Digit masks in a step are the candidates' masks: bit `d - 1` for digit
//! `d`.

use crate::board::shape::Shape;
use crate::logic::candidates::{digits_of, Candidates};
use std::fmt;

/// A technique, simplest first (the derived order is the grading order).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Technique {
    /// A cell with one candidate.
    NakedSingle,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// A box's candidates for a digit all in one row or column.
    Pointing,
    /// A row's or column's candidates for a digit all in one box.
    BoxLine,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// A digit with the same two places in two rows (or columns).
    XWing,
    /// No technique applies: the solution's digit is placed.
    Guess,
}

impl Technique {
    /// Every technique, simplest first.
    pub const ALL: [Technique; 8] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::BoxLine,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::XWing,
        Technique::Guess,
    ];

    /// The name used in counts: `naked_single`, `hidden_single`,
    /// `pointing`, `box_line`, `naked_pair`, `hidden_pair`, `x_wing`, `guess`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::Pointing => "pointing",
            Technique::BoxLine => "box_line",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::XWing => "x_wing",
            Technique::Guess => "guess",
        }
    }

    /// Position in [`Technique::ALL`] (for count arrays).
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One application of a technique.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// What was applied.
    pub technique: Technique,
    /// The cell filled and its digit (singles and guesses).
    pub place: Option<(usize, u8)>,
    /// The candidates removed, `(cell, digit)`, by digit then cell.
    pub remove: Vec<(usize, u8)>,
    /// The digits of the pattern (the placed digit, the pair, ...), as a
    /// candidate mask (bit `d - 1` = digit `d`); for a guess, the cell's
    /// candidates.
    pub digits: u16,
    /// The cells of the pattern, ascending.
    pub cells: Vec<usize>,
    /// The units involved, in the order the explanation names them
    /// (hidden single: the unit; pointing: box then line; box/line: line
    /// then box; pairs: the unit; x-wing: the two base lines, then the two
    /// cover lines). Empty for naked singles and guesses.
    pub units: Vec<usize>,
}

/// Cell names one space apart: `r1c1 r3c8`.
fn cells_text(cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| Shape::CLASSIC.cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The digits of a mask, slash-separated: `1/5`.
fn digits_text(mask: u16) -> String {
    digits_of(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Eliminations grouped by digit: `remove 7 from r3c1 r3c8, 9 from r3c1`.
fn removals_text(remove: &[(usize, u8)]) -> String {
    let mut parts = Vec::new();
    for d in 1..=9u8 {
        let cells: Vec<usize> = remove.iter().filter(|r| r.1 == d).map(|r| r.0).collect();
        if !cells.is_empty() {
            parts.push(format!("{} from {}", d, cells_text(&cells)));
        }
    }
    format!("remove {}", parts.join(", "))
}

impl Step {
    /// The name of the `k`-th unit of the pattern (`?` when the step was
    /// built without it).
    fn unit(&self, k: usize) -> String {
        self.units
            .get(k)
            .filter(|&&u| u < 27)
            .map_or_else(|| "?".to_string(), |&u| Shape::CLASSIC.unit_name(u))
    }
}

impl fmt::Display for Step {
    /// One line for a learner, e.g. `r3c5 = 7 (hidden single in box 2)` or
    /// `remove 7 from r3c1 r3c8 (pointing pair: in box 2, 7 lies only in row 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = digits_text(self.digits);
        match self.technique {
            Technique::NakedSingle => {
                let (i, d) = self.place.unwrap_or((0, 0));
                write!(f, "{} = {} (naked single)", Shape::CLASSIC.cell_name(i), d)
            }
            Technique::HiddenSingle => {
                let (i, d) = self.place.unwrap_or((0, 0));
                write!(
                    f,
                    "{} = {} (hidden single in {})",
                    Shape::CLASSIC.cell_name(i),
                    d,
                    self.unit(0)
                )
            }
            Technique::Guess => {
                let (i, d) = self.place.unwrap_or((0, 0));
                write!(
                    f,
                    "{} = {} (guess among {}: no technique applies; the digit is the solution's)",
                    Shape::CLASSIC.cell_name(i),
                    d,
                    digits
                )
            }
            Technique::Pointing => {
                let kind = if self.cells.len() == 2 {
                    "pair"
                } else {
                    "triple"
                };
                write!(
                    f,
                    "{} (pointing {}: in {}, {} lies only in {})",
                    removals_text(&self.remove),
                    kind,
                    self.unit(0),
                    digits,
                    self.unit(1)
                )
            }
            Technique::BoxLine => write!(
                f,
                "{} (box/line reduction: in {}, {} lies only in {})",
                removals_text(&self.remove),
                self.unit(0),
                digits,
                self.unit(1)
            ),
            Technique::NakedPair => write!(
                f,
                "{} (naked pair {} at {} in {})",
                removals_text(&self.remove),
                digits,
                cells_text(&self.cells),
                self.unit(0)
            ),
            Technique::HiddenPair => write!(
                f,
                "{} (hidden pair {} at {} in {})",
                removals_text(&self.remove),
                digits,
                cells_text(&self.cells),
                self.unit(0)
            ),
            Technique::XWing => write!(
                f,
                "{} (x-wing on {}: {} and {}, {} and {})",
                removals_text(&self.remove),
                digits,
                self.unit(0),
                self.unit(1),
                self.unit(2),
                self.unit(3)
            ),
        }
    }
}

impl Candidates {
    /// Applies a step: its placement, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        if let Some((i, d)) = step.place {
            self.place(i, d);
        }
        for &(i, d) in step.remove.iter() {
            self.eliminate(i, d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::candidates::bit_of;

    #[test]
    fn technique_names_follow_the_grading_order() {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(
            names,
            [
                "naked_single",
                "hidden_single",
                "pointing",
                "box_line",
                "naked_pair",
                "hidden_pair",
                "x_wing",
                "guess"
            ]
        );
        assert!(Technique::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Technique::XWing.index(), 6);
    }

    #[test]
    fn a_guess_names_the_candidates_and_apply_places_it() {
        let step = Step {
            technique: Technique::Guess,
            place: Some((10, 5)),
            remove: Vec::new(),
            digits: bit_of(1) | bit_of(5),
            cells: vec![10],
            units: Vec::new(),
        };
        assert_eq!(
            step.to_string(),
            "r2c2 = 5 (guess among 1/5: no technique applies; the digit is the solution's)"
        );
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        g.apply(&step);
        assert_eq!(g.cell(10), 5);
        assert!(!g.has(11, 5) && g.has(11, 1));
    }

    #[test]
    fn removals_are_grouped_by_digit() {
        let step = Step {
            technique: Technique::NakedPair,
            place: None,
            remove: vec![(2, 1), (5, 1), (2, 2)],
            digits: bit_of(1) | bit_of(2),
            cells: vec![0, 1],
            units: vec![0],
        };
        assert_eq!(
            step.to_string(),
            "remove 1 from r1c3 r1c6, 2 from r1c3 (naked pair 1/2 at r1c1 r1c2 in row 1)"
        );
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        g.apply(&step);
        assert!(!g.has(2, 1) && !g.has(2, 2) && !g.has(5, 1) && g.has(5, 2));
    }
}
