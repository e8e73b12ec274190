//! Two givens that repeat a value in a unit: the one clash type of the
//! kit, for boards of every size ([`crate::board::Grid::first_clash`],
//! [`crate::board::Board::first_clash`]).

use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use std::fmt;

/// Two givens that repeat a value in a unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clash {
    /// The board's shape (to name the cells).
    pub shape: Shape,
    /// The earlier cell (row-major) holding the value.
    pub first: usize,
    /// The later cell holding the same value.
    pub second: usize,
    /// The repeated value, 1..=N.
    pub value: u8,
}

impl Clash {
    /// The unit the two cells share: row first, then column, then box.
    pub fn unit(&self) -> usize {
        self.shape
            .shared_unit(self.first, self.second)
            .unwrap_or_default()
    }

    /// The message with the value written in `convention`:
    /// `symbol C repeats in row 1 (r1c1 and r1c5)`. Up to 9×9 in digits it
    /// is the [`fmt::Display`] text, that of the 9×9 board.
    pub fn describe(&self, convention: Convention) -> String {
        if convention == Convention::Digits && self.shape.size() <= 9 {
            return self.to_string();
        }
        format!(
            "symbol {} repeats in {} ({} and {})",
            convention.write(self.value, '.'),
            self.shape.unit_name(self.unit()),
            self.shape.cell_name(self.first),
            self.shape.cell_name(self.second)
        )
    }
}

impl fmt::Display for Clash {
    /// `digit 5 repeats in box 1 (r1c1 and r3c3)` (`value 12 …` above 9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.shape.size() <= 9 {
            "digit"
        } else {
            "value"
        };
        write!(
            f,
            "{} {} repeats in {} ({} and {})",
            kind,
            self.value,
            self.shape.unit_name(self.unit()),
            self.shape.cell_name(self.first),
            self.shape.cell_name(self.second)
        )
    }
}
